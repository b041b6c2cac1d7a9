#!/usr/bin/env python3
"""Soak test of the referee: a round-robin of fast games between sente and broken engines.

Plays about `--games` games of Connect Four (or `--variant tictactoe`) at fixed depth between
two sente configurations and the deliberately broken engine of tests/engines/faulty.sh in
several modes (crashing, illegal moves, junk output, stalling, flooding, and a correct one),
then reports games per second, terminations and forfeits by reason, whether the record
replays, and whether any engine process outlived the referee (processes are found by an
environment variable the referee's children inherit). With `--interrupt-after N` the
referee gets SIGINT after N finished games instead: it must exit with status 130, leave no
engine behind, and keep every finished game in the record.

Usage: cargo build --release && python3 scripts/soak.py [--games 1000] [--concurrency 2]
       python3 scripts/soak.py --games 1000 --interrupt-after 200
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SENTE = os.path.join(ROOT, "target", "release", "sente")
FAULTY = os.path.join(ROOT, "tests", "engines", "faulty.sh")


def engine_processes(tag):
    """Processes that inherited the referee's SOAK_TAG environment variable: the referee and
    everything it started (engines and their children), and nothing else."""
    found = set()
    marker = f"SOAK_TAG={tag}".encode()
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/environ", "rb") as f:
                if marker not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        found.add((int(pid), cmdline.strip()))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--variant", default="connect4")
    parser.add_argument("--interrupt-after", type=int, default=0)
    args = parser.parse_args()

    tag = f"soak-{os.getpid()}"
    faulty_modes = [("good", 0), ("crash", 3), ("illegal", 2), ("junk", 2), ("silence", 4),
                    ("flood", 3)]
    engines = [
        ["cmd=" + SENTE, "name=full", "depth=4", "option.Hash=4"],
        ["cmd=" + SENTE, "name=minimax", "depth=2", "option.Algorithm=minimax",
         "option.OwnBook=false", "option.Hash=4"],
    ]
    for mode, after in faulty_modes:
        engines.append(["cmd=" + FAULTY, f"name={mode}", f"arg={mode}", f"arg={after}",
                        "depth=1"])
    pairs = len(engines) * (len(engines) - 1) // 2
    per_pair = max(1, round(args.games / pairs))
    record = os.path.join(tempfile.gettempdir(), f"{tag}.txt")
    command = [SENTE, "match", "--variant", args.variant, "--games", str(per_pair),
               "--concurrency", str(args.concurrency), "--openings", "plies=2", "--seed", "3",
               "--out", record]
    for engine in engines:
        command += ["--engine"] + engine
    # Silent engines are only waited for 0.3 s (no clock: the hard limit), flooders 0.3 s.
    command += ["--each", "hard=0.3", "timemargin=50"]

    before = engine_processes(tag)
    start = time.monotonic()
    referee = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                               env=dict(os.environ, SOAK_TAG=tag))
    finished = 0
    lines = []
    for line in referee.stdout:
        lines.append(line)
        if line.startswith("Finished game"):
            finished += 1
            if args.interrupt_after and finished == args.interrupt_after:
                referee.send_signal(signal.SIGINT)
    status = referee.wait()
    elapsed = time.monotonic() - start
    time.sleep(0.2)
    leftovers = engine_processes(tag) - before

    summary = [l for l in lines if not l.startswith("Finished game")]
    print(f"command: {' '.join(command[:12])} ... ({len(engines)} engines, {per_pair} games per pair)")
    print(f"exit status {status}, {finished} games in {elapsed:.1f} s: "
          f"{finished / elapsed:.1f} games/s (2-core machine, concurrency {args.concurrency})")
    for line in summary:
        if line.startswith(("Terminations", "Forfeits", "Match interrupted", "Rank")) \
                or re.match(r"\s+\d+ ", line):
            print(line.rstrip())
    replay = subprocess.run([SENTE, "match", "--replay", record], capture_output=True, text=True)
    replayed = replay.stdout.strip().splitlines()[-1] if replay.stdout.strip() else replay.stderr
    print(f"replay: {replayed} (exit status {replay.returncode})")
    print(f"engine processes left behind: {len(leftovers)}")
    for pid, cmdline in sorted(leftovers):
        print(f"  {pid} {cmdline}")
    expected_status = 130 if args.interrupt_after else 0
    ok = (status == expected_status and not leftovers and replay.returncode == 0
          and f"Replayed {finished} games: {finished} ok" in replayed)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
