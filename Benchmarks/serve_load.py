#!/usr/bin/env python3
"""Load check of `layoutc serve` on loopback (BENCHMARKS.md, "layoutc serve under load").

Starts `layoutc-serve` on a copy of layouts/ at a free port on 127.0.0.1, then runs CLIENTS
concurrent clients for SECONDS: each opens the event stream (/events) and keeps it open, and on
a second keep-alive connection asks for frames at random container sizes, one request after the
other. With --rate HZ each client asks at most HZ times a second, as the preview page does while a
slider moves (one request in flight, the next at the next input event, 60 a second on most
displays): request k is due at the client's start plus k/HZ (a random phase per client) and its
latency counts from when it was due, not from when it was sent, so a server that falls behind is
charged for the wait. Without --rate the clients ask back to back (a throughput test: the latency
is then the queue of CLIENTS requests). Reports the requests, failures, latency percentiles of the frames requests and the
server's resident memory before, after a warm-up, after the load and after the clients left.
With --page the frames request is the one the preview page sends at each slider step (`page=1`,
the layout, the size and the safe area), whose answer ends with the page's line. Bounded: a fixed
number of clients, a fixed time, loopback only; it stops by itself.

    python3 Benchmarks/serve_load.py --server .build/release/layoutc-serve --clients 200 --seconds 10
    python3 Benchmarks/serve_load.py --server .build/release/layoutc-serve --clients 4 --rate 60 --page
"""
import argparse
import asyncio
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


async def read_response(reader):
    """One HTTP/1.1 response with Content-Length; returns (status, body)."""
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        if line.lower().startswith("content-length:"):
            length = int(line.split(":", 1)[1])
    body = await reader.readexactly(length) if length else b""
    return status, body


async def event_stream(port, opened, stop):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    await writer.drain()
    data = b""
    while b"event: hello" not in data:
        chunk = await reader.read(4096)
        if not chunk:
            raise ConnectionError("event stream closed")
        data += chunk
    opened.append(1)
    await stop.wait()
    writer.close()


def frames_target(file, width, height, page):
    """The frames request: the command's alone, or as the page asks at each slider step (app.js,
    `framesQuery`: page=1, the layout, the size and the safe area, percent-encoded)."""
    if not page:
        return f"/api/frames?file={file}&width={width}&height={height}"
    layout = file.split(".")[0]
    return f"/api/frames?page=1&file={file}&layout={layout}&width={width}&height={height}&safeArea=0%2C0%2C0%2C0"


async def frames_client(port, file, deadline, latencies, failures, rng, rate=0.0, page=False):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    interval = 1.0 / rate if rate > 0 else 0.0
    due = time.perf_counter() + rng.random() * interval
    while time.monotonic() < deadline:
        width, height = rng.randint(200, 1400), rng.randint(300, 1400)
        request = (f"GET {frames_target(file, width, height, page)} HTTP/1.1\r\n"
                   "Host: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n").encode()
        if interval:
            wait = due - time.perf_counter()
            if wait > 0:
                await asyncio.sleep(wait)
            start = due
            due += interval
        else:
            start = time.perf_counter()
        try:
            writer.write(request)
            await writer.drain()
            status, body = await read_response(reader)
        except Exception as error:  # noqa: BLE001 - any failure counts
            failures.append(repr(error))
            writer.close()
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            continue
        latencies.append(time.perf_counter() - start)
        # The answer: `layoutc frames --format json`'s bytes, then the page's line with page=1
        # (without it, nothing after them).
        if status != 200 or not body.startswith(b'{"layouts": [') or (b'{"page": ' in body) != page:
            failures.append(f"status {status}")
    writer.close()


def cpu_seconds(pid):
    """User plus system CPU time of a process so far (/proc/PID/stat, clock ticks)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    times = os.times()
    return times.user + times.system


def percentile(values, p):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered) + 0.5)) - 1))
    return ordered[index]


async def run(port, pid, args):
    rng = random.Random(1)
    # Warm-up: a few requests, so the snapshot cache and worker threads exist.
    warm_latencies, warm_failures = [], []
    await frames_client(port, args.file, time.monotonic() + 1, warm_latencies, warm_failures, rng)
    warm = rss_kib(pid)
    stop = asyncio.Event()
    opened = []
    streams = [asyncio.create_task(event_stream(port, opened, stop)) for _ in range(args.clients)]
    while len(opened) < args.clients:
        await asyncio.sleep(0.05)
        if any(s.done() and s.exception() for s in streams):
            raise RuntimeError("an event stream failed to open")
    latencies, failures = [], []
    deadline = time.monotonic() + args.seconds
    started = time.monotonic()
    server_cpu, own_cpu = cpu_seconds(pid), own_cpu_seconds()
    clients = [asyncio.create_task(frames_client(port, args.file, deadline, latencies, failures, random.Random(i), args.rate, args.page))
               for i in range(args.clients)]
    peak = warm
    while not all(c.done() for c in clients):
        await asyncio.sleep(0.25)
        peak = max(peak, rss_kib(pid))
    elapsed = time.monotonic() - started
    server_cpu, own_cpu = cpu_seconds(pid) - server_cpu, own_cpu_seconds() - own_cpu
    load = os.getloadavg()[0]
    loaded = rss_kib(pid)
    stop.set()
    await asyncio.gather(*streams, return_exceptions=True)
    await asyncio.sleep(1.5)
    left = rss_kib(pid)
    return dict(streams=len(opened), requests=len(latencies), failures=failures, elapsed=elapsed,
                p50=percentile(latencies, 50), p90=percentile(latencies, 90), p99=percentile(latencies, 99),
                max=max(latencies) if latencies else float("nan"), warm=warm, peak=peak, loaded=loaded, left=left,
                server_cpu=server_cpu, own_cpu=own_cpu, load=load)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--server", default=".build/release/layoutc-serve")
    parser.add_argument("--layouts", default="layouts")
    parser.add_argument("--file", default="Tags.layout")
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--rate", type=float, default=0,
                        help="frames requests a second per client, latency from when each was due (0: back to back)")
    parser.add_argument("--rounds", type=int, default=1, help="load rounds one after another (memory across rounds)")
    parser.add_argument("--page", action="store_true",
                        help="ask as the preview page does at each slider step (page=1, layout, safe area)")
    args = parser.parse_args()
    args.clients = max(1, min(args.clients, 1000))
    args.seconds = max(1.0, min(args.seconds, 60.0))
    args.rate = max(0.0, min(args.rate, 10000.0))

    folder = tempfile.mkdtemp(prefix="layoutc-serve-load-")
    shutil.copytree(args.layouts, folder, dirs_exist_ok=True)
    server = subprocess.Popen([os.path.abspath(args.server), folder, "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", line).group(1))
        before = rss_kib(server.pid)
        print(f"server pid {server.pid}, port {port}, RSS at start {before / 1024:.1f} MiB")
        failed = 0
        for round_index in range(args.rounds):
            result = asyncio.run(run(port, server.pid, args))
            failed += len(result["failures"])
            pace = f" at {args.rate:g} a second each" if args.rate else " back to back"
            print(f"round {round_index + 1}: {args.clients} clients{pace}, {result['streams']} event streams open, "
                  f"{result['requests']} frames requests in {result['elapsed']:.1f} s "
                  f"({result['requests'] / result['elapsed']:.0f}/s), {len(result['failures'])} failed")
            print(f"  latency p50 {result['p50'] * 1000:.1f} ms, p90 {result['p90'] * 1000:.1f} ms, "
                  f"p99 {result['p99'] * 1000:.1f} ms, max {result['max'] * 1000:.1f} ms")
            requests = max(result["requests"], 1)
            print(f"  CPU: server {result['server_cpu']:.2f} s ({result['server_cpu'] / requests * 1e3:.3f} ms a request), "
                  f"load generator {result['own_cpu']:.2f} s ({result['own_cpu'] / requests * 1e3:.3f} ms a request) "
                  f"in {result['elapsed']:.1f} s on {os.cpu_count()} cores; load average {result['load']:.2f}")
            print(f"  RSS after warm-up {result['warm'] / 1024:.1f} MiB, peak {result['peak'] / 1024:.1f} MiB, "
                  f"at the end of the load {result['loaded'] / 1024:.1f} MiB, after the clients left {result['left'] / 1024:.1f} MiB")
            if result["failures"]:
                print("  first failures:", result["failures"][:5])
        return 1 if failed else 0
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
