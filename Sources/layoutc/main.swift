import LayoutCompiler; print("hi")
