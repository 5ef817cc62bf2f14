import ArgumentParser
import LayoutCompiler

/// `--size` and `--safe-area`: the container a layout is laid out in, instead of the layout's
/// own `size` and `safeArea` (`preview`; `frames` declares the same options itself).
struct ContainerOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: sizeHelp, transform: ArgumentValues.size)
    var size: Size?

    @Option(name: .customLong("safe-area"), parsing: .unconditional, help: safeAreaHelp, transform: ArgumentValues.insets)
    var safeArea: EdgeInsets?

    // The helps, shared with `FramesCommand`, which declares these options itself.
    static let sizeHelp = ArgumentHelp("The container size, e.g. 390x844, instead of the layout's 'size'.", valueName: "WxH")
    static let safeAreaHelp = ArgumentHelp("Safe-area insets top,leading,bottom,trailing, instead of the layout's 'safeArea'.", valueName: "T,L,B,R")
}
