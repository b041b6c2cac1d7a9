#!/usr/bin/env python3
"""A UGI engine for measuring the GUI's latency (scripts/gui_perf.sh): after `go` it writes an
`info` line every 10 ms, each carrying the wall-clock time it was written
(`info depth N nodes N string sent <ns since the epoch>`), until `stop`; then `bestmove 0000`.
It plays nothing: only the time stamps matter."""
import sys
import threading
import time

stop = threading.Event()
lock = threading.Lock()


def say(line):
    with lock:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()


def tick():
    n = 0
    while not stop.is_set():
        n += 1
        say(f"info depth {n} nodes {n} string sent {time.time_ns()}")
        time.sleep(0.01)
    say("bestmove 0000")


worker = None
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] in ("ugi", "uci"):
        say("id name ticker")
        say("ugiok" if words[0] == "ugi" else "uciok")
    elif words[0] == "isready":
        say("readyok")
    elif words[0] == "go":
        stop.clear()
        worker = threading.Thread(target=tick)
        worker.start()
    elif words[0] == "stop":
        stop.set()
        if worker:
            worker.join()
            worker = None
    elif words[0] == "quit":
        break
stop.set()
