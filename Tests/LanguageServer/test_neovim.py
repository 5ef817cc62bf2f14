"""Headless Neovim (its built-in LSP client) opens a layout with a planted mistake, gets the
diagnostic at the right line, applies the quick fix, and the file comes out fixed. Skipped
without `nvim` unless LAYOUTC_REQUIRE_NEOVIM=1 (CI installs it and sets that)."""
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from conftest import LAYOUTC  # noqa: E402

LAYOUT = """layout Card (size: 390x600) {
  vgroup main {
    item title .heigth(44)
    item body
  }
}
"""


def test_neovim_gets_the_diagnostic_and_applies_the_quick_fix(tmp_path):
    nvim = shutil.which("nvim")
    if nvim is None:
        if os.environ.get("LAYOUTC_REQUIRE_NEOVIM") == "1":
            pytest.fail("nvim is not installed (apt-get install neovim)")
        pytest.skip("nvim is not installed")
    layout = tmp_path / "Card.layout"
    layout.write_text(LAYOUT)
    result = tmp_path / "result.txt"
    env = dict(os.environ, LAYOUTC=LAYOUTC, LAYOUT_FILE=str(layout), RESULT=str(result), HOME=str(tmp_path))
    script = pathlib.Path(__file__).with_name("neovim_quickfix.lua")
    subprocess.run([nvim, "--headless", "--clean", "-n", "-c", f"luafile {script}"], env=env, timeout=120,
                   stdin=subprocess.DEVNULL, capture_output=True)
    assert result.read_text().splitlines() == [
        "diagnostic 3:16 unknown modifier '.heigth'; did you mean '.height'? [unknownKey]",
        "action Replace with '.height'",
        "line     item title .height(44)",
        "clean",
    ]
    assert layout.read_text() == LAYOUT.replace(".heigth", ".height")
