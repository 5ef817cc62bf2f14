"""`layoutc lsp` against bytes no client library would send: malformed JSON, a header without a
number, a length that lies, a header line without a colon, a body that is not UTF-8, an input
cut short, an unknown method; it answers with the protocol's errors, resumes at the next
`Content-Length:` header, keeps serving, and exits cleanly on shutdown/exit and when its input
closes."""
import json
import pathlib
import subprocess
import sys

import pytest

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
    request = b'{"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///x/\xc3.layout"}, "position": {"line": 0, "character": 0}}}'
    status, messages = run(frame(body) + frame(request) + message({"jsonrpc": "2.0", "id": 7, "method": "shutdown"})
                           + message({"jsonrpc": "2.0", "method": "exit"}))
    assert status == 0
    # A notification gets no response: the client's log says why the document was not opened;
    # a request gets JSON-RPC's parse error with its id.
    assert [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"] == [
        "layoutc lsp: a textDocument/didOpen notification is not UTF-8 (byte 166 of 174); it was skipped"]
    assert [m["error"] for m in messages if m.get("id") == 6] == [
        {"code": -32700, "message": "the message is not UTF-8 (byte 106 of 159); it was not handled"}]
    assert [m.get("result", "missing") for m in messages if m.get("id") == 7] == [None]


INITIALIZE = message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
BODY = json.dumps({"jsonrpc": "2.0", "id": 5, "method": "workspace/symbol", "params": {"query": ""}}).encode()
LATER = (message({"jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": {"query": ""}})
         + message({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}) + message({"jsonrpc": "2.0", "method": "exit"}))

# Each framing fault, what the client's log says, and the answer to the request in the bad frame
# (JSON-RPC's parse error to its id where the bytes tell it; id null when they do not).
FAULTS = {
    "negative length": (b"Content-Length: -5\r\n\r\n" + BODY,
                        ["layoutc lsp: a negative Content-Length: -5"],
                        (5, "the workspace/symbol request's frame is not valid (a negative Content-Length: -5); it was not handled")),
    "length too long": (b"Content-Length: %d\r\n\r\n" % (len(BODY) + 40) + BODY,
                        ["layoutc lsp: a Content-Length of 122 runs past its message into the next header (after 82 bytes)"],
                        (5, "the workspace/symbol request's frame is not valid (a Content-Length of 122 runs past its message "
                            "into the next header (after 82 bytes)); it was not handled")),
    "length too short": (b"Content-Length: %d\r\n\r\n" % (len(BODY) - 10) + BODY,
                         ['layoutc lsp: bytes that are not a message header were skipped: ery": ""}}Content-Length: 82'],
                         (None, "the message is not a JSON-RPC object: not JSON in UTF-8")),
    "header line without a colon": (b"Content-Length %d\r\n\r\n" % len(BODY) + BODY,
                                    ["layoutc lsp: a header line without a colon: Content-Length 82"],
                                    (5, "the workspace/symbol request's frame is not valid (a header line without a colon: "
                                        "Content-Length 82); it was not handled")),
}


@pytest.mark.parametrize("fault", FAULTS)
def test_a_framing_fault_is_answered_and_later_requests_are_too(fault):
    """Before, every message after the fault was glued to the next header and dropped."""
    data, logs, (bad_id, error) = FAULTS[fault]
    status, messages = run(INITIALIZE + data + LATER)
    assert status == 0
    assert [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"] == logs
    assert [(m["id"], m["error"]["code"], m["error"]["message"]) for m in messages if "error" in m and m["id"] != 2] == [
        (bad_id, -32700, error)]
    by_id = {m["id"]: m for m in messages if m.get("id") is not None}
    assert by_id[2]["error"]["code"] == -32601
    assert by_id[3]["result"] is None


def test_input_ending_inside_a_message_is_logged_and_the_server_exits_cleanly():
    status, messages = run(INITIALIZE + message({"jsonrpc": "2.0", "id": 2, "method": "workspace/symbol", "params": {"query": ""}})
                           + b'Content-Length: 100\r\n\r\n{"jsonrpc"')
    assert status == 0
    assert [m.get("id") for m in messages if "id" in m] == [1, 2]
    assert [m["params"]["message"] for m in messages if m.get("method") == "window/logMessage"] == [
        "layoutc lsp: the input ended 10 bytes into a message of 100 bytes"]


def test_exit_without_shutdown_is_status_1_and_closed_input_ends_it():
    status, _ = run(message({"jsonrpc": "2.0", "method": "exit"}))
    assert status == 1
    status, messages = run(message({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}))
    assert status == 0
    assert messages[0]["id"] == 1
