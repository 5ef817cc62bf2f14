-- Headless Neovim's built-in LSP client against `layoutc lsp` (test_neovim.py runs it):
-- open a layout with a planted mistake, wait for its diagnostic, apply the quick fix, save,
-- and wait for the diagnostics to clear. Each step writes a line to $RESULT.
local out = assert(io.open(os.getenv("RESULT"), "w"))
local function say(text) out:write(text .. "\n"); out:flush() end

vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("LAYOUT_FILE")))
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({
  name = "layoutc",
  cmd = { os.getenv("LAYOUTC"), "lsp" },
  root_dir = vim.fn.fnamemodify(os.getenv("LAYOUT_FILE"), ":h"),
})
vim.lsp.buf_attach_client(bufnr, client_id)

if not vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
  say("no diagnostics"); out:close(); vim.cmd("qall!")
end
local d = vim.diagnostic.get(bufnr)[1]
say(string.format("diagnostic %d:%d %s [%s]", d.lnum + 1, d.col + 1, d.message, tostring(d.code)))

local params = {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = { start = { line = d.lnum, character = d.col }, ["end"] = { line = d.end_lnum, character = d.end_col } },
  context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, d.lnum) },
}
local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", params, 30000) or {}
local applied = false
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    if not applied and action.edit then
      say("action " .. action.title)
      vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
      applied = true
    end
  end
end
if not applied then say("no code action") end
vim.cmd("write")
say("line " .. vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1])

if vim.wait(30000, function() return #vim.diagnostic.get(bufnr) == 0 end, 50) then
  say("clean")
else
  say("still " .. vim.diagnostic.get(bufnr)[1].message)
end
out:close()
vim.lsp.stop_client(client_id)
vim.cmd("qall!")
