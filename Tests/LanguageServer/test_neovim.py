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


DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "editors.md"

# Opens each file given, waits for its first diagnostic, and writes the buffer's file type and
# that diagnostic, then how many language clients run.
PROBE = """
local out = assert(io.open(os.getenv("RESULT"), "w"))
for file in string.gmatch(os.getenv("LAYOUT_FILES"), "[^;]+") do
  vim.cmd("edit " .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
  local d = vim.diagnostic.get(bufnr)[1]
  if d then
    out:write(string.format("%s %d:%d %s [%s]\\n", vim.bo[bufnr].filetype, d.lnum + 1, d.col + 1, d.message, tostring(d.code)))
  else
    out:write(vim.bo[bufnr].filetype .. " no diagnostics\\n")
  end
end
out:write(#vim.lsp.get_active_clients() .. " client(s)\\n")
out:close()
vim.cmd("qall!")
"""


def documented_neovim_config():
    """The first ```lua block of docs/editors.md's Neovim section, as a user copies it."""
    text = DOCS.read_text()
    section = text[text.index("## Neovim"):]
    section = section[:section.index("\n## ", 1)]
    start = section.index("```lua\n") + len("```lua\n")
    return section[start:section.index("```", start)]


def test_the_documented_neovim_config_gets_diagnostics(tmp_path):
    nvim = shutil.which("nvim")
    if nvim is None:
        if os.environ.get("LAYOUTC_REQUIRE_NEOVIM") == "1":
            pytest.fail("nvim is not installed (apt-get install neovim)")
        pytest.skip("nvim is not installed")
    init = tmp_path / "init.lua"
    init.write_text(documented_neovim_config())
    probe = tmp_path / "probe.lua"
    probe.write_text(PROBE)
    text_form = tmp_path / "Card.layout"
    text_form.write_text(LAYOUT)
    yaml_form = tmp_path / "Other.layout.yaml"
    yaml_form.write_text("layout: Other\nsize: [390, 600]\nroot:\n  item: title\n  heigth: 44\n")
    result = tmp_path / "result.txt"
    # As documented: `layoutc` found on the PATH, the user's own init.lua.
    path = os.path.dirname(os.path.abspath(LAYOUTC)) + os.pathsep + os.environ.get("PATH", "")
    env = dict(os.environ, PATH=path, RESULT=str(result), HOME=str(tmp_path),
               LAYOUT_FILES=f"{text_form};{yaml_form}", XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"), XDG_STATE_HOME=str(tmp_path / "state"))
    completed = subprocess.run([nvim, "--headless", "-n", "-u", str(init), "-c", f"luafile {probe}"], env=env, timeout=120,
                               stdin=subprocess.DEVNULL, capture_output=True, cwd=tmp_path)
    assert result.exists(), completed.stderr.decode(errors="replace")
    assert result.read_text().splitlines() == [
        "layout 3:16 unknown modifier '.heigth'; did you mean '.height'? [unknownKey]",
        "yaml 5:3 unknown key 'heigth'; did you mean 'height'? [unknownKey]",
        "1 client(s)",
    ]
