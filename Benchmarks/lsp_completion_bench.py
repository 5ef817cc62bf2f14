#!/usr/bin/env python3
"""Completion after `$` in `layoutc lsp` with many imported constants (BENCHMARKS.md, "Language
server: completion of many constants").

Writes a tokens file of N constants (`constants:` of a YAML layout file, `c0: 0` to
`cN-1: N-1`) and a card that imports it, starts the server, opens the card, waits for its
outline (so the card is compiled, imports read), then times a completion request right after
the `$` of `spacing: $` to its response, and a second one (the analysis kept). Prints the
times, the number of items, `isIncomplete`, and the server's peak resident set (VmHWM). Usage:
  python3 Benchmarks/lsp_completion_bench.py --layoutc .build/debug/layoutc [--constants 100000] [--timeout 300]
"""
import argparse
import json
import pathlib
import select
import subprocess
import tempfile
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layoutc", default=".build/debug/layoutc")
    parser.add_argument("--constants", type=int, default=100000)
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()
    folder = pathlib.Path(tempfile.mkdtemp(prefix="lsp-completion-"))
    (folder / "Tokens.layout.yaml").write_text("constants:\n" + "".join(f"  c{i}: {i}\n" for i in range(args.constants)))
    card = folder / "Card.layout.yaml"
    text = "import: Tokens.layout.yaml\nlayout: Card\nsize: [390, 844]\nroot:\n  vgroup: card\n  spacing: $\n"
    card.write_text(text)
    server = subprocess.Popen([args.layoutc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    pending = bytearray()

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def answer(request_id, deadline):
        """The response to `request_id`, reading (in linear time, a response may be 100s of MB)
        until it is there; None at the deadline or the end of output."""
        nonlocal pending
        while True:
            end = pending.find(b"\r\n\r\n")
            if end >= 0:
                length = int(bytes(pending[:end]).split(b":")[1])
                while len(pending) < end + 4 + length:
                    wait = deadline - time.time()
                    if wait <= 0 or not select.select([server.stdout], [], [], wait)[0]:
                        return None
                    chunk = server.stdout.read1(1 << 20)
                    if not chunk:
                        return None
                    pending += chunk
                message = json.loads(bytes(pending[end + 4:end + 4 + length]))
                del pending[:end + 4 + length]
                if message.get("id") == request_id:
                    return message
                continue
            wait = deadline - time.time()
            if wait <= 0 or not select.select([server.stdout], [], [], wait)[0]:
                return None
            chunk = server.stdout.read1(1 << 20)
            if not chunk:
                return None
            pending += chunk

    def peak_rss_mb():
        for line in pathlib.Path(f"/proc/{server.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
        return 0

    uri = card.as_uri()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    answer(1, time.time() + args.timeout)
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "layout", "version": 1, "text": text}}})
    send({"jsonrpc": "2.0", "id": 2, "method": "textDocument/documentSymbol", "params": {"textDocument": {"uri": uri}}})
    answer(2, time.time() + args.timeout)
    times = []
    for request_id in (3, 4):
        start = time.time()
        send({"jsonrpc": "2.0", "id": request_id, "method": "textDocument/completion",
              "params": {"textDocument": {"uri": uri}, "position": {"line": 5, "character": 12}}})
        response = answer(request_id, start + args.timeout)
        if response is None:
            print(f"{args.constants} constants: no answer in {args.timeout:.0f} s; peak RSS {peak_rss_mb():.0f} MB")
            server.kill()
            return
        times.append(time.time() - start)
    result = response["result"]
    print(f"{args.constants} constants: completion {times[0]:.2f} s, again {times[1]:.2f} s; "
          f"{len(result['items'])} items, isIncomplete {str(result['isIncomplete']).lower()}; peak RSS {peak_rss_mb():.0f} MB")
    send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    answer(9, time.time() + args.timeout)
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait()


if __name__ == "__main__":
    main()
