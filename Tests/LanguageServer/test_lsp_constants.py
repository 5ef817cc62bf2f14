"""End-to-end: constants and imports (docs/format.md §7.5) in `layoutc lsp`, in both syntaxes:
completion after `$` with the values, hover on `$NAME`, go to definition on `$NAME` and on an
import's path, and diagnostics that follow imports (a change to an open tokens file checks the
open documents importing it again)."""
import asyncio
import pathlib
import sys

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from test_lsp import client, open_doc  # noqa: E402,F401


async def settled(client, uri, summary, expected):
    """Waits (up to 20 s) until the last diagnostics published for `uri`, summarised, are
    `expected`. The client keeps the last ones per document, so none is missed between waits."""
    for _ in range(400):
        if uri in client.diagnostics and [summary(d) for d in client.diagnostics[uri]] == expected:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{uri}: {[summary(d) for d in client.diagnostics.get(uri, [])]} != {expected}")


def summary(d):
    return (d.range.start.line, d.range.start.character, d.range.end.character, d.code, d.message)

CASES = {
    "yaml": {
        "tokens_name": "Tokens.layout.yaml",
        "tokens": "constants:\n  gutter: 16\n  insets: [8, 16, 8, 16]\n",
        "card_name": "Card.layout.yaml",
        "card": """import: Tokens.layout.yaml
layout: Card
size: [390, 844]
constants:
  row: 44
root:
  vgroup: card
  padding: $insets
  spacing: $gutter
  children:
    - item: title
      height: $row
    - item: body
""",
        # (line, character) of the `$` of $gutter and $row, of the import's path; the definitions.
        "gutter": (8, 11), "row": (11, 14), "import": (0, 10),
        "gutter_definition": (1, 2, 8), "row_definition": (4, 2, 5),
        # The edit to the tokens file that renames gutter to gutters.
        "rename": types.Range(start=types.Position(line=1, character=2), end=types.Position(line=1, character=8)),
    },
    "text": {
        "tokens_name": "Tokens.layout",
        "tokens": "let gutter = 16\nlet insets = [8, 16, 8, 16]\n",
        "card_name": "Card.layout",
        "card": """import "Tokens.layout"
layout Card (size: 390x844) {
  let row = 44
  vgroup card (padding: $insets, spacing: $gutter) {
    item title .height($row)
    item body
  }
}
""",
        "gutter": (3, 42), "row": (4, 23), "import": (0, 9),
        "gutter_definition": (0, 4, 10), "row_definition": (2, 6, 9),
        "rename": types.Range(start=types.Position(line=0, character=4), end=types.Position(line=0, character=10)),
    },
}


def doc(uri):
    return types.TextDocumentIdentifier(uri=uri)


@pytest.mark.asyncio
@pytest.mark.parametrize("syntax", ["yaml", "text"])
async def test_constants_and_imports(client: LanguageClient, tmp_path, syntax):
    case = CASES[syntax]
    tokens = tmp_path / case["tokens_name"]
    tokens.write_text(case["tokens"])
    card = (tmp_path / case["card_name"]).as_uri()
    open_doc(client, card, case["card"])
    await settled(client, card, summary, [])

    # Completion after `$gu`: every visible constant, its value in the detail, replacing `$gu`.
    line, dollar = case["gutter"]
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(card), position=types.Position(line=line, character=dollar + 3)))
    assert [(i.label, i.detail) for i in result.items] == [("$gutter", "16"), ("$insets", "[8, 16, 8, 16]"), ("$row", "44")]
    edit = result.items[0].text_edit
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character, edit.new_text) == (line, dollar, dollar + 3, "$gutter")

    # Hover on $gutter: its value and the file that defines it.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=doc(card), position=types.Position(line=line, character=dollar + 2)))
    assert hover.contents.value == f"**constant** `$gutter` = `16`\n\nDefined in `{case['tokens_name']}`, line {case['gutter_definition'][0] + 1} (imported)."

    # Go to definition: $gutter in the tokens file, $row in this one, the import's path to its file.
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(card), position=types.Position(line=line, character=dollar + 1)))
    define_line, start, end = case["gutter_definition"]
    assert [(d.uri, d.range.start.line, d.range.start.character, d.range.end.character) for d in found] == [(tokens.as_uri(), define_line, start, end)]
    row_line, row_dollar = case["row"]
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(card), position=types.Position(line=row_line, character=row_dollar + 2)))
    define_line, start, end = case["row_definition"]
    assert [(d.uri, d.range.start.line, d.range.start.character, d.range.end.character) for d in found] == [(card, define_line, start, end)]
    found = await client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(card), position=types.Position(line=case["import"][0], character=case["import"][1])))
    assert [(d.uri, d.range.start.line, d.range.start.character) for d in found] == [(tokens.as_uri(), 0, 0)]

    # The tokens file opened and edited (not saved): gutter renamed to gutters. The card is checked
    # again at its own version, and its reference is now an error with the closest name.
    open_doc(client, tokens.as_uri(), case["tokens"])
    await settled(client, tokens.as_uri(), summary, [])
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=tokens.as_uri(), version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=case["rename"], text="gutters")]))
    await settled(client, card, summary, [(line, dollar, dollar + 7, "invalidValue", "no constant 'gutter' is visible here; did you mean '$gutters'?")])
    # Closing the tokens file: the card reads it from disk again, where gutter is still defined.
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=doc(tokens.as_uri())))
    await settled(client, card, summary, [])


@pytest.mark.asyncio
async def test_completion_of_many_imported_constants_is_capped(client: LanguageClient, tmp_path):
    """20,000 imported constants: 1,000 items after `$` (the first by name), the list marked
    incomplete, the letters typed choosing the items (docs/editors.md); before, all 20,000 were sent."""
    count = 20000
    (tmp_path / "Tokens.layout").write_text("".join(f"let c{i} = 8\n" for i in range(count)))
    card = (tmp_path / "Card.layout").as_uri()
    text = 'import "Tokens.layout"\nlayout Card (size: 390x844) {\n  vgroup card (spacing: $c1999) {\n    item a\n    item b\n  }\n}\n'
    open_doc(client, card, text)
    await settled(client, card, summary, [])
    dollar = text.splitlines()[2].index("$")
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(card), position=types.Position(line=2, character=dollar + 1)))
    assert result.is_incomplete
    assert [i.label for i in result.items] == ["$" + name for name in sorted(f"c{i}" for i in range(count))[:1000]]
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=doc(card), position=types.Position(line=2, character=dollar + 5)))
    assert result.is_incomplete
    # c199, c1990 to c1999, c19900 to c19999: sorted as strings.
    assert [i.label for i in result.items] == ["$" + name for name in sorted(f"c{i}" for i in range(count) if f"c{i}".startswith("c199"))]
    assert len(result.items) == 111


@pytest.mark.asyncio
async def test_an_import_outside_the_documents_folder_is_refused(client: LanguageClient, tmp_path):
    """Issue 44 item 2: the language server reads imports only inside the document's folder
    (docs/format.md §7.5); a file elsewhere is not read, and nothing of it reaches a message."""
    (tmp_path / "outside").mkdir()
    (tmp_path / "project").mkdir()
    (tmp_path / "outside" / "token.layout.yaml").write_text("ghp_SECRET\n")
    text = "import: ../outside/token.layout.yaml\n---\nlayout: Page\nsize: [100, 100]\nroot:\n  item: a\n"
    page = tmp_path / "project" / "Page.layout.yaml"
    page.write_text(text)
    open_doc(client, page.as_uri(), text)
    project = pathlib.Path(tmp_path / "project").resolve()
    await settled(client, page.as_uri(), summary, [(0, 8, 9, "invalidValue",
        f"cannot import '../outside/token.layout.yaml': it lies outside the project ('{project}'), and imports read "
        "only files inside it; to allow another folder, give it with --import-root FOLDER")])
