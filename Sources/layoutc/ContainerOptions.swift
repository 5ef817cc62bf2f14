import ArgumentParser
import LayoutCompiler

/// `--size` and `--safe-area`: the container a layout is laid out in, instead of the layout's
/// own `size` and `safeArea` (`frames`, `preview`).
struct ContainerOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The container size, e.g. 390x844, instead of the layout's 'size'.", valueName: "WxH"),
            transform: ArgumentValues.size)
    var size: Size?

    @Option(name: .customLong("safe-area"), help: ArgumentHelp("Safe-area insets top,leading,bottom,trailing, instead of the layout's 'safeArea'.", valueName: "T,L,B,R"),
            transform: ArgumentValues.insets)
    var safeArea: EdgeInsets?
}
