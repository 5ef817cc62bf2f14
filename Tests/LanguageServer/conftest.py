"""pytest-lsp's client drives `layoutc lsp` (docs/editors.md). LAYOUTC names the binary
(default: .build/debug/layoutc); `layoutc-lsp` must be beside it."""
import os
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
LAYOUTC = os.environ.get("LAYOUTC", str(ROOT / ".build" / "debug" / "layoutc"))
