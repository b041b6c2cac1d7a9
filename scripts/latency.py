#!/usr/bin/env python3
"""Measures sente's reaction times through its real stdin/stdout pipes.

For each variant: `stop` -> `bestmove` during `go infinite`, `isready` -> `readyok` during a
search, and the wall time of `go movetime 200` (from sending `go` to reading `bestmove`).
Prints median, 95th percentile and maximum in milliseconds.

Usage: cargo build --release && python3 scripts/latency.py [--engine target/release/sente] [--runs 30]
"""

import argparse
import statistics
import time

from engine_pipe import EnginePipe


def summary(name, samples):
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, int(round(0.95 * (len(samples) - 1))))]
    print(
        f"  {name:<34} median {statistics.median(samples):7.2f} ms"
        f"  p95 {p95:7.2f} ms  max {samples[-1]:7.2f} ms  (n={len(samples)})"
    )


def measure(path, variant, runs):
    engine = EnginePipe(path, variant)
    stop_ms, ready_ms, movetime_ms = [], [], []
    for i in range(runs):
        engine.send("position startpos")
        engine.send("go infinite")
        time.sleep(0.05 + 0.01 * (i % 5))
        start = time.perf_counter()
        engine.send("isready")
        engine.read_until("readyok")
        ready_ms.append((time.perf_counter() - start) * 1000)
        time.sleep(0.02)
        start = time.perf_counter()
        engine.send("stop")
        engine.read_until("bestmove")
        stop_ms.append((time.perf_counter() - start) * 1000)
    for _ in range(max(5, runs // 3)):
        engine.send("position startpos")
        start = time.perf_counter()
        engine.send("go movetime 200")
        engine.read_until("bestmove")
        movetime_ms.append((time.perf_counter() - start) * 1000)
    engine.close()
    print(f"{variant}:")
    summary("stop -> bestmove (go infinite)", stop_ms)
    summary("isready -> readyok (searching)", ready_ms)
    summary("go movetime 200 -> bestmove", movetime_ms)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", default="target/release/sente")
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--variants", default="connect4,tictactoe")
    args = parser.parse_args()
    for variant in args.variants.split(","):
        measure(args.engine, variant, args.runs)


if __name__ == "__main__":
    main()
