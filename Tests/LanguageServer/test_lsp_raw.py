"""`layoutc lsp` against bytes no client library would send: malformed JSON, a header without a
number, an unknown method; it answers with the protocol's errors, keeps serving, and exits
cleanly on shutdown/exit and when its input closes."""
import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from conftest import LAYOUTC  # noqa: E402


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def message(obj) -> bytes:
    return frame(json.dumps(obj).encode())


def read_all(output: bytes):
    messages = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        messages.append(json.loads(rest[:length]))
        output = rest[length:]
    return messages


def run(data: bytes):
    done = subprocess.run([LAYOUTC, "lsp"], input=data, capture_output=True, timeout=60)
    return done.returncode, read_all(done.stdout)


def test_bad_input_gets_errors_and_the_server_goes_on():
    data = (message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
            + frame(b"{not json")
            + b"Content-Length: twelve\r\n\r\n"
            + message({"jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": {"query": ""}})
            + message({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover",
                       "params": {"textDocument": {"uri": "file:///nowhere.layout"}, "position": {"line": 0, "character": 0}}})
            + message({"jsonrpc": "2.0", "id": 4, "method": "shutdown"})
            + message({"jsonrpc": "2.0", "method": "exit"}))
    status, messages = run(data)
    assert status == 0
    by_id = {m.get("id"): m for m in messages if "id" in m and m.get("id") is not None}
    assert "capabilities" in by_id[1]["result"]
    assert [(m["error"]["code"], m["error"]["message"]) for m in messages if m.get("id") is None and "error" in m] == [
        (-32700, "the message is not a JSON-RPC object: not JSON in UTF-8")]
    logs = [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"]
    assert logs == ["layoutc lsp: a Content-Length that is not a number: twelve"]
    assert by_id[2]["error"]["code"] == -32601
    assert by_id[3]["error"]["code"] == -32602
    assert by_id[4]["result"] is None


def test_bytes_that_are_not_utf8_are_reported_and_the_server_goes_on():
    body = b'{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {"uri": "file:///x/A.layout", "languageId": "layout", "version": 1, "text": "layout A \xff\xfe {"}}}'
    status, messages = run(frame(body) + message({"jsonrpc": "2.0", "id": 7, "method": "shutdown"})
                           + message({"jsonrpc": "2.0", "method": "exit"}))
    assert status == 0
    # A notification gets no response: the client's log says why the document was not opened.
    assert [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"] == [
        "the parameters of textDocument/didOpen cannot be read: not JSON in UTF-8"]
    assert [m.get("result", "missing") for m in messages if m.get("id") == 7] == [None]


def test_exit_without_shutdown_is_status_1_and_closed_input_ends_it():
    status, _ = run(message({"jsonrpc": "2.0", "method": "exit"}))
    assert status == 1
    status, messages = run(message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
    assert status == 0
    assert messages[0]["id"] == 1
