#!/usr/bin/env python3
"""`layoutc serve` keeps serving when file descriptors run out (issue 20).

Starts `layoutc serve` under `ulimit -n 256` (soft and hard: the server cannot raise it), then
exhausts its descriptors the way a careless or hostile client would: 300 connections that send
one byte of a request head and wait (slowloris) and 200 event-stream subscribers, more than
the 256 descriptors can hold. While they are open, a normal request must be answered (200);
the server must still run; a half-sent head must be timed out (408, or closed to make room);
the event streams it could not hold must be refused with 503, not dropped silently. Once every
connection is closed, a normal request is answered again. Then, started under a soft limit
below the hard one, the server must have raised its soft limit to the hard one (Linux, from
/proc).

Ends with the line `N passed, N failed`; the exit status is 1 when any check failed.
"""
import argparse
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time

LAYOUT = "layout Card (size: 390x600) {\n  vgroup screen {\n    item title .height(44)\n    item body\n  }\n}\n"

passed = 0
failed = 0


def check(condition, what):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAIL: {what}")


def start(layoutc, folder, ulimit):
    """`layoutc serve FOLDER` under `ulimit ULIMIT`; returns the process and its port."""
    server = subprocess.Popen(["bash", "-c", f'ulimit {ulimit} && exec "$0" serve "$1" --port 0', layoutc, folder],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        server.kill()
        raise SystemExit(f"layoutc serve did not start: {line!r} {server.stderr.read()!r}")
    return server, int(match.group(1))


def stop(server):
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def get(port, target, timeout=10.0):
    """One request on a new connection: (status, body), or (None, reason)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
            connection.sendall(f"GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while True:
                chunk = connection.recv(65536)
                if not chunk:
                    break
                data += chunk
    except OSError as error:
        return None, str(error)
    head, _, body = data.partition(b"\r\n\r\n")
    status = re.match(rb"HTTP/1\.1 (\d+)", head)
    return (int(status.group(1)) if status else None), body.decode(errors="replace")


def first_reply(connection, timeout):
    """The status of the first response on an open connection, 'closed' or 'silent'."""
    connection.settimeout(timeout)
    try:
        data = connection.recv(4096)
    except socket.timeout:
        return "silent"
    except OSError:
        return "closed"
    if not data:
        return "closed"
    status = re.match(rb"HTTP/1\.1 (\d+)", data)
    return int(status.group(1)) if status else "other"


def exhaust(port, half_sent, streams):
    """Opens `half_sent` connections that send one byte and `streams` event-stream subscribers."""
    opened = []
    for index in range(half_sent + streams):
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError:
            continue
        try:
            if index % 5 in (1, 3) and streams > 0:
                streams -= 1
                connection.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                opened.append(("stream", connection))
            else:
                connection.sendall(b"G")
                opened.append(("half", connection))
        except OSError:
            opened.append(("refused", connection))
    return opened


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--layoutc", required=True)
    arguments = parser.parse_args()
    layoutc = os.path.abspath(arguments.layoutc)
    # This client holds 500 sockets at once.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))

    with tempfile.TemporaryDirectory() as folder:
        with open(os.path.join(folder, "Card.layout"), "w") as file:
            file.write(LAYOUT)

        server, port = start(layoutc, folder, "-n 256")
        try:
            status, body = get(port, "/api/files")
            check(status == 200 and "Card.layout" in body, f"answered before the exhaustion ({status})")
            began = time.monotonic()
            opened = exhaust(port, half_sent=300, streams=200)
            print(f"(opened {len(opened)} connections in {time.monotonic() - began:.2f} s)")
            time.sleep(0.5)
            started = time.monotonic()
            status, body = get(port, "/api/files")
            elapsed = time.monotonic() - started
            check(status == 200 and "Card.layout" in body,
                  f"a normal request is answered while 300 half-sent heads and 200 streams are open ({status}, {elapsed:.2f} s{'' if status else ', ' + body})")
            status, _ = get(port, "/api/frames?file=Card.layout&width=300&height=500")
            check(status == 200, f"and a frames request too ({status})")
            check(server.poll() is None, "the server still runs")
            # The streams: those held answer 200 (their events follow), the rest 503; none hangs.
            replies = [first_reply(connection, 3) for kind, connection in opened if kind == "stream"]
            held = replies.count(200)
            refused = replies.count(503) + replies.count("closed")
            check(held > 0 and held + refused == len(replies), f"event streams: {held} held, {refused} refused or closed, of {len(replies)}")
            # Every half-sent head is timed out (408) or closed to make room, within the timeout.
            halves = [connection for kind, connection in opened if kind == "half"]
            deadline = time.monotonic() + 8
            outcomes = [first_reply(connection, max(0.1, deadline - time.monotonic())) for connection in halves]
            check(all(outcome in (408, "closed") for outcome in outcomes) and 408 in outcomes,
                  f"half-sent heads: {outcomes.count(408)} timed out (408), {outcomes.count('closed')} closed, "
                  f"{len(outcomes) - outcomes.count(408) - outcomes.count('closed')} otherwise")
            status, _ = get(port, "/api/files")
            check(status == 200, f"answered while the streams are still open ({status})")
            for _, connection in opened:
                connection.close()
            time.sleep(0.5)
            status, body = get(port, "/api/files")
            check(status == 200 and "Card.layout" in body, f"answered once the connections closed ({status})")
            check(server.poll() is None, "the server still runs after all that")
        finally:
            stop(server)

        # The soft limit is raised to the hard one.
        if os.path.exists("/proc/self/limits"):
            hard_limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
            server, port = start(layoutc, folder, "-S -n 100")
            try:
                with open(f"/proc/{server.pid}/limits") as file:
                    line = next(line for line in file if line.startswith("Max open files"))
                numbers = line.split()[3:5]
                expected = "unlimited" if hard_limit == resource.RLIM_INFINITY else str(hard_limit)
                check(numbers == [expected, expected], f"the soft limit is raised to the hard one: {numbers}")
            finally:
                stop(server)

    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
