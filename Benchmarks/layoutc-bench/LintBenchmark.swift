import Foundation
import LayoutCompiler

/// The lint section of BENCHMARKS.md: 1,000 generated layout files, each linted statically and
/// at every size of the built-in device matrix (13 devices, portrait and landscape, plus the
/// layout's own size), in memory (no file I/O).
enum LintBenchmark {
    /// A realistic screen of about 40 nodes: a header row, a body of cards and tag flows, an
    /// overlay with pinned buttons. `variant` varies names and sizes; every 10th has a dynamic flow.
    static func file(_ variant: Int) -> String {
        var out = """
            layout: Screen\(variant)
            size: [390, 844]
            safeArea: [47, 0, 34, 0]
            root:
              vgroup: main
              safeArea: true
              padding: \(8 + variant % 8)
              spacing: 8
              children:
                - hgroup: header\(variant)
                  height: 44
                  spacing: 8
                  align: center
                  children:
                    - item: back
                      size: [32, 32]
                    - item: title
                    - item: action
                      size: [\(32 + variant % 20), 32]

            """
        for card in 0..<3 {
            out += """
                    - hgroup: card\(card)
                      height: \(34 + (variant + card) % 8)
                      margin: 4
                      children:
                        - item: thumb\(card)
                          percent: 30
                        - vgroup: text\(card)
                          children:
                            - item: heading\(card)
                              height: 20
                            - item: detail\(card)
                        - item: accessory\(card)
                          width: 24

                """
        }
        out += """
                - flow: tags
                  height: fit
                  spacing: [8, 6]
                  justify: \(variant % 2 == 0)
                  items:
                    - item: chip
                      count: \(4 + variant % 6)
                      size: [\(40 + variant % 20), 28]

            """
        if variant % 10 == 0 {
            out += """
                        - item: extra
                          dynamic: true

                """
        }
        out += """
                - overlay: stage
                  children:
                    - item: backdrop
                    - item: spinner
                      size: [40, 40]
                      center: true
                    - item: close
                      size: [44, 44]
                      top: 8
                      trailing: 8
                      safeArea: true
                    - item: caption
                      leading: 16
                      trailing: 16
                      bottom: 12
                      height: 22

            """
        return out
    }

    static func run() {
        let files = (0..<1_000).map { Array(file($0).utf8) }
        let bytes = files.reduce(0) { $0 + $1.count }
        let inputs = files.map { Linter.Input(bytes: $0) }
        var results: [Linter.FileResult] = []
        let time = seconds(repeating: 5) { results = Linter.lint(inputs) }
        let errors = results.reduce(0) { $0 + $1.errorCount }
        let warnings = results.reduce(0) { $0 + $1.warningCount }
        let sizes = results.reduce(0) { $0 + $1.sizeCount }
        if errors > 0 {
            let first = results.first { $0.errorCount > 0 }?.diagnostics.first
            fatalError("generated lint input has errors: \(String(describing: first))")
        }
        // Static checks alone, for comparison: no devices, no own size.
        let staticOnly = [LintLayer(settings: LintSettings(devices: DeviceSelection(only: [], layoutSize: false)))]
        let staticInputs = files.map { Linter.Input(bytes: $0, layers: staticOnly) }
        let staticTime = seconds(repeating: 5) { _ = Linter.lint(staticInputs) }
        // Left to right only (`devices: {directions: [ltr]}`), the matrix before right to left.
        let ltrOnly = [LintLayer(settings: LintSettings(devices: DeviceSelection(directions: [.leftToRight])))]
        let ltrInputs = files.map { Linter.Input(bytes: $0, layers: ltrOnly) }
        var ltrResults: [Linter.FileResult] = []
        let ltrTime = seconds(repeating: 5) { ltrResults = Linter.lint(ltrInputs) }
        let ltrSizes = ltrResults.reduce(0) { $0 + $1.sizeCount }
        emit("\n## Lint\n")
        emit("1,000 generated files (\(bytes / 1000) KB, about 40 nodes each), in memory, best of 5.\n")
        emit("| what | files/s | ms per file | engine runs | µs per engine run |")
        emit("|---|---:|---:|---:|---:|")
        emit("| static checks and rules only | \(String(format: "%.0f", 1000 / staticTime)) | \(String(format: "%.3f", staticTime)) | 0 | – |")
        emit("| whole device matrix, left to right only (\(DeviceMatrix.all.count) sizes + own size) | \(String(format: "%.0f", 1000 / ltrTime)) | \(String(format: "%.3f", ltrTime)) | \(ltrSizes) | \(String(format: "%.2f", (ltrTime - staticTime) / Double(ltrSizes) * 1e6)) |")
        emit("| whole device matrix, both directions (the default; right to left mirrored, justified flows run again) | \(String(format: "%.0f", 1000 / time)) | \(String(format: "%.3f", time)) | \(sizes) | \(String(format: "%.2f", (time - staticTime) / Double(sizes) * 1e6)) |")
        emit("\n(\(warnings) warnings; no errors.)")
    }
}
