"""End-to-end: a real LSP client (pytest-lsp, on pygls) drives `layoutc lsp` over stdio through
open, change, hover, completion, formatting, code action, outline and protocol errors."""
import pathlib
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from conftest import LAYOUTC  # noqa: E402

YAML = """layout: Bar
size: [390, 844]
root:
  hgroup: buttons
  align: center
  children:
    - item: a
      widht: 40
    - item: b
"""

TEXT = """layout Bar (size: 390x844) {
vgroup {
 item a    .height(44)
}
}
"""


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[LAYOUTC, "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=types.ClientCapabilities(
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
            )
        ),
        root_uri=tmp_path.as_uri(),
    ))
    yield
    await lsp_client.shutdown_session()


def open_doc(client, uri, text, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="layout", version=version, text=text)))


async def diagnostics_for(client, uri, version):
    """The diagnostics published for `uri` at `version` (waiting for them)."""
    for _ in range(20):
        params = await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if params.uri == uri and params.version == version:
            return params.diagnostics
    raise AssertionError(f"no diagnostics for {uri} version {version}")


@pytest.mark.asyncio
async def test_open_change_and_diagnostics(client: LanguageClient, tmp_path):
    uri = (tmp_path / "Bar.layout.yaml").as_uri()
    open_doc(client, uri, YAML)
    diagnostics = await diagnostics_for(client, uri, 1)
    assert [(d.range.start.line, d.range.start.character, d.range.end.character, d.code, d.message) for d in diagnostics] == [
        (7, 6, 11, "unknownKey", "unknown key 'widht'; did you mean 'width'?")]

    # An incremental change: the key fixed and the width made too large for a phone.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[
            types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(line=7, character=9), end=types.Position(line=7, character=11)), text="th"),
            types.TextDocumentContentChangePartial(range=types.Range(start=types.Position(line=7, character=13), end=types.Position(line=7, character=15)), text="500"),
        ]))
    diagnostics = await diagnostics_for(client, uri, 2)
    assert [d.code for d in diagnostics] == ["outOfSpace"]
    assert diagnostics[0].range.start == types.Position(line=3, character=2)
    assert diagnostics[0].message.startswith(
        "hgroup 'buttons' needs 500 pt but has 375 pt on iPhone SE (3rd generation) portrait (375×667)")


@pytest.mark.asyncio
async def test_code_action_fixes_the_key(client: LanguageClient, tmp_path):
    uri = (tmp_path / "Bar.layout.yaml").as_uri()
    open_doc(client, uri, YAML)
    diagnostics = await diagnostics_for(client, uri, 1)
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostics[0].range,
        context=types.CodeActionContext(diagnostics=diagnostics)))
    assert [a.title for a in actions] == ["Replace with 'width'"]
    edits = actions[0].edit.changes[uri]
    assert [(e.range.start.line, e.range.start.character, e.range.end.character, e.new_text) for e in edits] == [(7, 6, 11, "width")]


@pytest.mark.asyncio
async def test_hover_on_a_node_and_a_key(client: LanguageClient, tmp_path):
    uri = (tmp_path / "Bar.layout.yaml").as_uri()
    open_doc(client, uri, YAML.replace("widht", "width"))
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=6, character=12)))
    assert hover.contents.value.startswith("**item** `a`")
    assert "| iPhone SE (3rd generation) portrait (375×667) | 0 | 0 | 40 | 667 |" in hover.contents.value
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=3)))
    assert "Values: `leading`, `center`, `trailing`" in hover.contents.value


@pytest.mark.asyncio
async def test_completion(client: LanguageClient, tmp_path):
    uri = (tmp_path / "Bar.layout.yaml").as_uri()
    open_doc(client, uri, YAML.replace("align: center", "align: "))
    result = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=4, character=9)))
    assert [item.label for item in result.items] == ["leading", "center", "trailing"]


@pytest.mark.asyncio
async def test_formatting_and_outline(client: LanguageClient, tmp_path):
    uri = (tmp_path / "Bar.layout").as_uri()
    open_doc(client, uri, TEXT)
    edits = await client.text_document_formatting_async(types.DocumentFormattingParams(
        text_document=types.TextDocumentIdentifier(uri=uri), options=types.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert [e.new_text for e in edits] == ["layout Bar (size: 390x844) {\n  vgroup {\n    item a .height(44)\n  }\n}\n"]
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in symbols] == ["Bar"]
    assert [c.name for c in symbols[0].children] == ["vgroup"]
    assert [c.name for c in symbols[0].children[0].children] == ["a"]


@pytest.mark.asyncio
async def test_a_request_for_a_document_never_opened(client: LanguageClient, tmp_path):
    with pytest.raises(Exception) as raised:
        await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=(tmp_path / "None.layout").as_uri()), position=types.Position(line=0, character=0)))
    assert "is not open" in str(raised.value)
    # And it goes on serving.
    uri = (tmp_path / "Bar.layout.yaml").as_uri()
    open_doc(client, uri, YAML)
    assert len(await diagnostics_for(client, uri, 1)) == 1
