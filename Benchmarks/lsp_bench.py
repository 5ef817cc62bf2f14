#!/usr/bin/env python3
"""Speed and memory of `layoutc lsp`, measured through its real stdio protocol (BENCHMARKS.md,
"Language server").

Writes a layout of about 2,000 lines (YAML and text form) into a temporary folder with a
`.layoutlint.yml` that keeps 6 device sizes (3 devices, portrait and landscape), starts the
server, opens the file and then:

- diagnostics: 200 edits (one number changed each time, incremental didChange), each timed from
  writing the change to reading the publishDiagnostics of that version (static checks, lint
  rules and the size-dependent checks at the 6 sizes, both directions);
- hover: 200 hovers on node names spread over the file, each timed to its response;
- memory: 10,000 edits, each waited for, the server's resident set (VmRSS) read every 1,000.

Prints p50 / p99 / max in milliseconds and the RSS series. Usage:
  python3 Benchmarks/lsp_bench.py --layoutc .build/release/layoutc [--edits 200] [--memory-edits 10000]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

CONFIG = """devices:
  only: [iphone-se-3, iPhone 16 Pro Max, ipad-mini]
  layoutSize: false
"""


# Lint lays a layout out with each optional node hidden alone (docs/lint.md): runs grow with the
# count of optional nodes, so the layout has a realistic few, one row in OPTIONAL_EVERY.
OPTIONAL_EVERY = 50


def yaml_layout(rows):
    lines = ["layout: Long", "size: [390, 844]", "root:", "  vgroup: main", "  children:"]
    for i in range(rows):
        lines += [f"    - hgroup: row{i}", "      children:", f"        - item: icon{i}", "          width: 44",
                  f"        - item: title{i}", f"        - item: badge{i}", "          width: 30",
                  "          optional: true" if i % OPTIONAL_EVERY == 0 else "        - spacer:"]
    return "\n".join(lines) + "\n"


def text_layout(rows):
    lines = ["layout Long (size: 390x844) {", "  vgroup main {"]
    for i in range(rows):
        lines += [f"    hgroup row{i} {{", f"      item icon{i} .width(44)", f"      item title{i}",
                  f"      item badge{i}" + (" optional" if i % OPTIONAL_EVERY == 0 else "") + " .width(30)", "    }", "    // a row", "    spacer .height(0)", "    // ---"]
    lines += ["  }", "}"]
    return "\n".join(lines) + "\n"


class Client:
    def __init__(self, command):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, obj):
        body = json.dumps(obj).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("the server closed its output")
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("id") == self.next_id:
                return message

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_diagnostics(self, uri, version):
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri \
                    and message["params"].get("version") == version:
                return message["params"]["diagnostics"]

    def cpu_ms(self):
        """The server's user + system CPU time so far (clock ticks of /proc/PID/stat)."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")

    def rss_kb(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return -1


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(values):
    return f"p50 {percentile(values, 50):.1f} ms, p99 {percentile(values, 99):.1f} ms, max {max(values):.1f} ms (n={len(values)})"


def run(layoutc, name, text, number_line, number_text, hover_lines, hover_word, edits, memory_edits):
    folder = tempfile.mkdtemp()
    with open(os.path.join(folder, ".layoutlint.yml"), "w") as config:
        config.write(CONFIG)
    path = os.path.join(folder, name)
    with open(path, "w") as out:
        out.write(text)
    uri = "file://" + path
    client = Client(layoutc)
    client.request("initialize", {"processId": os.getpid(), "rootUri": "file://" + folder, "capabilities": {}})
    client.notify("initialized", {})
    started = time.perf_counter()
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "layout", "version": 1, "text": text}})
    first = client.wait_diagnostics(uri, 1)
    opened = (time.perf_counter() - started) * 1000
    lines = text.count("\n")
    print(f"{name}: {lines} lines, {len(first)} diagnostics on open ({opened:.1f} ms)")
    version = 1

    def edit(i):
        nonlocal version
        version += 1
        line = number_line(i)
        column = number_text(i)
        new = str(44 + (version % 2))
        client.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": line, "character": column}, "end": {"line": line, "character": column + 2}}, "text": new}]})
        return client.wait_diagnostics(uri, version)

    timings = []
    cpu = client.cpu_ms()
    for i in range(edits):
        started = time.perf_counter()
        diagnostics = edit(i)
        timings.append((time.perf_counter() - started) * 1000)
    cpu = (client.cpu_ms() - cpu) / edits
    print(f"  diagnostics after a change: {summary(timings)}; server CPU {cpu:.1f} ms per change; {len(diagnostics)} diagnostics")

    hovers = []
    cpu = client.cpu_ms()
    for i in range(200):
        line = hover_lines(i)
        character = client_text_column(text, line, hover_word(i))
        started = time.perf_counter()
        response = client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})
        hovers.append((time.perf_counter() - started) * 1000)
        assert response.get("result"), response
    cpu = (client.cpu_ms() - cpu) / 200
    print(f"  hover on a node (frames at 6 sizes): {summary(hovers)}; server CPU {cpu:.1f} ms per hover")

    if memory_edits:
        series = [client.rss_kb()]
        for i in range(memory_edits):
            edit(i)
            if (i + 1) % 1000 == 0:
                series.append(client.rss_kb())
        print(f"  resident memory over {memory_edits} edits, every 1000 (MB): " + ", ".join(f"{kb / 1024:.1f}" for kb in series))
    client.request("shutdown", None)
    client.notify("exit", None)
    client.process.wait(timeout=30)


def client_text_column(text, line, word):
    return text.split("\n")[line].index(word)


def load():
    with open("/proc/loadavg") as loadavg:
        return loadavg.read().split()[0]


def main():
    global OPTIONAL_EVERY
    parser = argparse.ArgumentParser()
    parser.add_argument("--layoutc", default=".build/release/layoutc", help="layoutc, run as 'layoutc lsp'")
    parser.add_argument("--server", help="the layoutc-lsp executable, run directly instead")
    parser.add_argument("--edits", type=int, default=200)
    parser.add_argument("--memory-edits", type=int, default=10000)
    parser.add_argument("--optional-every", type=int, default=50, help="one row in N has an optional node")
    arguments = parser.parse_args()
    OPTIONAL_EVERY = arguments.optional_every
    print(f"load average at start: {load()} on {os.cpu_count()} cores")
    command = [arguments.server] if arguments.server else [arguments.layoutc, "lsp"]
    rows = 250
    # YAML: row i's icon width is on line 5 + 8 i + 3, "          width: 44" (column 17).
    run(command, "Long.layout.yaml", yaml_layout(rows),
        number_line=lambda i: 5 + 8 * ((i * 37) % rows) + 3, number_text=lambda i: 17,
        hover_lines=lambda i: 5 + 8 * ((i * 53) % rows) + 2, hover_word=lambda i: "icon",
        edits=arguments.edits, memory_edits=arguments.memory_edits)
    # Text: row i's icon is on line 2 + 8 i + 1, "      item iconN .width(44)".
    text = text_layout(rows)
    lines = text.split("\n")
    run(command, "Long.layout", text,
        number_line=lambda i: 2 + 8 * ((i * 37) % rows) + 1,
        number_text=lambda i: lines[2 + 8 * ((i * 37) % rows) + 1].index("(") + 1,
        hover_lines=lambda i: 2 + 8 * ((i * 53) % rows) + 1, hover_word=lambda i: "icon",
        edits=arguments.edits, memory_edits=0)
    print(f"load average at end: {load()}")


if __name__ == "__main__":
    sys.exit(main())
