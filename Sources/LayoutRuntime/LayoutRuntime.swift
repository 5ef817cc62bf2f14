/// What generated layout code imports: the runtime core (`LayoutRuntimeCore`: placement in
/// `Double`s, errors, insets, flow line breaking, shared with the compiler, no Foundation) and,
/// in this module, its face in CoreGraphics types (`CGRect`, `CGSize`, `CGFloat`), which on Linux
/// exist only in Foundation. Re-exported, so generated code needs `import LayoutRuntime` only.
///
/// (The tests that compile generated code with `swiftc` build both folders as one module named
/// LayoutRuntime, as an app's generated code sees it; the core is then part of it, not imported.)
#if canImport(LayoutRuntimeCore)
@_exported import LayoutRuntimeCore
#endif
