#!/usr/bin/env python3
"""What a target using the build plugin needs (docs/codegen.md), checked with a scratch package.

Builds one package outside the repository (a target `Cards` with the plugin, a test target
importing it) in four set-ups, each with `swift build` as a user would:

1. layout files and a .swift file, no dependency on LayoutRuntime: the plugin's error says what
   to add to Package.swift (not the compiler's `no such module 'LayoutRuntime'`);
2. a .swift file and no layout file: the plugin warns that it has nothing to do;
3. layout files only (no .swift file): SwiftPM's own warning that the target has no sources (the
   plugin never runs for such a target, so docs/codegen.md says to add one .swift file);
4. layout files, a .swift file and LayoutRuntime: `swift test` passes, using the generated type;
5. imports (docs/format.md §7.5): Card.layout imports a tokens file through a YAML block list
   (`import:` then `- PATH` lines), which imports another inline; editing either tokens file and
   running `swift build` again regenerates Card's code with the new value (the plugin declares
   imported files as inputs, transitively).

Slow (it builds `layoutc` for the plugin on the first run): .ci/run runs it with a scratch path
that persists. Ends with `N passed, N failed`; exit status 1 when any check failed.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

LAYOUT = """layout Card (size: 390x200) {
  vgroup card (padding: 16) {
    item title
  }
}
"""

# Step 5: Card's tokens, two files deep. The values are unusual so that they can be found in the
# generated code.
CARD_WITH_TOKENS = """layout Card (size: 390x200) {
  import "Tokens.layout.yaml"
  vgroup card (padding: $gutter) {
    item title .height($row)
  }
}
"""

TOKENS = """# Tokens.layout.yaml: a block list of imports
import:
  # the base numbers
  - Base.layout.yaml
constants:
  row: 37
"""

BASE = "import: []\nconstants: {gutter: 13}\n"


TEST = """import Foundation
import Testing
@testable import Cards

@Test func generatedCardLaysOut() throws {
    let layout = try CardLayout(size: CGSize(width: 390, height: 200))
    #expect(layout.title == CGRect(x: 16, y: 16, width: 358, height: 168))
}
"""

NEEDS_RUNTIME = ("error: target 'Cards' uses LayoutcBuildPlugin but does not depend on LayoutRuntime, which the "
                 "generated code imports: add .product(name: \"LayoutRuntime\", package: \"layoutc\") to the target's "
                 "dependencies in Package.swift")
NO_LAYOUTS = ("warning: target 'Cards' uses LayoutcBuildPlugin but has no layout file (.layout, .layout.yaml or "
              ".layout.yml) among its sources: add the layout files to its folder, or remove the plugin from the target")
NO_SOURCES = "Source files for target Cards should be located under"


def package_swift(runtime):
    dependencies = '[.product(name: "LayoutRuntime", package: "layoutc")]' if runtime else "[]"
    return f"""// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PluginSetup",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "layoutc", path: {REPOSITORY!r})],
    targets: [
        .target(name: "Cards", dependencies: {dependencies}, plugins: [.plugin(name: "LayoutcBuildPlugin", package: "layoutc")]),
        .testTarget(name: "CardsTests", dependencies: ["Cards"]),
    ]
)
""".replace("'", '"')


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--scratch-path", default=os.path.join(REPOSITORY, ".build-plugin-setup"),
                        help="SwiftPM's build folder (kept between runs so layoutc is built once)")
    args = parser.parse_args()
    # A folder of a fixed name inside a new one: the root package's identity stays the same
    # from run to run, so the scratch path's builds are reused.
    parent = tempfile.mkdtemp(prefix="layoutc-plugin-setup-")
    folder = os.path.join(parent, "PluginSetup")
    os.makedirs(folder)
    passed = failed = 0

    def check(name, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"PASS {name}")
        else:
            failed += 1
            print(f"FAIL {name}: {detail}")

    def swift(*command):
        out = subprocess.run(["swift", *command, "--scratch-path", os.path.abspath(args.scratch_path)],
                             cwd=folder, capture_output=True, text=True, timeout=1800)
        return out.returncode, out.stdout + out.stderr

    try:
        cards = os.path.join(folder, "Sources", "Cards")
        write(os.path.join(folder, "Tests", "CardsTests", "CardsTests.swift"), TEST)
        write(os.path.join(cards, "Card.layout"), LAYOUT)
        write(os.path.join(cards, "Cards.swift"), "// The generated layouts are this module's API.\n")

        write(os.path.join(folder, "Package.swift"), package_swift(runtime=False))
        status, output = swift("build", "--target", "Cards")
        check("no LayoutRuntime dependency: the plugin says what to add", status != 0 and NEEDS_RUNTIME in output, output[-2000:])
        check("no LayoutRuntime dependency: not the compiler's 'no such module'", "no such module 'LayoutRuntime'" not in output, output[-2000:])

        os.rename(os.path.join(cards, "Card.layout"), os.path.join(folder, "Card.layout"))
        write(os.path.join(folder, "Package.swift"), package_swift(runtime=True))
        status, output = swift("build", "--target", "Cards")
        check("no layout file: the plugin warns", status == 0 and NO_LAYOUTS in output, output[-2000:])

        os.rename(os.path.join(folder, "Card.layout"), os.path.join(cards, "Card.layout"))
        os.rename(os.path.join(cards, "Cards.swift"), os.path.join(folder, "Cards.swift"))
        status, output = swift("build", "--target", "Cards")
        check("layout files only: SwiftPM says the target has no sources (docs/codegen.md)", NO_SOURCES in output, output[-2000:])

        os.rename(os.path.join(folder, "Cards.swift"), os.path.join(cards, "Cards.swift"))
        status, output = swift("test")
        check("layout files, a .swift file and LayoutRuntime: swift test passes", status == 0, output[-3000:])

        write(os.path.join(cards, "Card.layout"), CARD_WITH_TOKENS)
        write(os.path.join(cards, "Tokens.layout.yaml"), TOKENS)
        write(os.path.join(cards, "Base.layout.yaml"), BASE)

        def generated_card():
            # The plugin's output folder (its place differs between SwiftPM versions).
            found = [os.path.join(root, "Card.layout.swift") for root, _, files in os.walk(os.path.abspath(args.scratch_path))
                     if "Card.layout.swift" in files]
            if not found:
                return ""
            with open(max(found, key=os.path.getmtime)) as f:
                return f.read()

        status, output = swift("build", "--target", "Cards")
        code = generated_card()
        check("imports: Card builds with its tokens (row 37, gutter 13)", status == 0 and "37.0" in code and "13.0" in code,
              output[-2000:] + code[:1500])
        write(os.path.join(cards, "Tokens.layout.yaml"), TOKENS.replace("row: 37", "row: 53"))
        status, output = swift("build", "--target", "Cards")
        code = generated_card()
        check("imports: editing the imported tokens file regenerates Card (row 53)",
              status == 0 and "53.0" in code and "37.0" not in code, output[-2000:] + code[:1500])
        write(os.path.join(cards, "Base.layout.yaml"), BASE.replace("13", "29"))
        status, output = swift("build", "--target", "Cards")
        code = generated_card()
        check("imports: editing a file the tokens file imports (a block list) regenerates Card (gutter 29)",
              status == 0 and "29.0" in code and "13.0" not in code, output[-2000:] + code[:1500])
    finally:
        shutil.rmtree(parent, ignore_errors=True)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
