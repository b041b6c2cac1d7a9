#!/usr/bin/env python3
"""A Ray cluster of several nodes on this machine, on loopback only: a head and `--nodes - 1`
more nodes, each a raylet of its own limited to `--cpus` CPUs. For tests and measurements of
scripts/ray_match.py; a real cluster is started with `ray start` on each machine.

Prints `address 127.0.0.1:<port>` once every node is up, then keeps the cluster until it
gets SIGTERM or SIGINT, or its stdin closes when that is not a terminal (a test's pipe), and
shuts every Ray process down. Ray's files go under $RAY_TMPDIR (default /tmp) in `ray/`.

    python3 scripts/ray_local.py --nodes 2 --cpus 1 &    # later: kill %1
    python3 scripts/ray_match.py --sente target/release/sente --address 127.0.0.1:<port> ...

The workers run at niceness 0 (Ray's default is 15; RAY_worker_niceness overrides), so that
games under Ray get the CPU share that `sente match` run directly gets.

Ray replaces a loopback node address with the machine's network address unless told that the
cluster stays on this machine (RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0, set here before Ray is
imported; scripts/ray_match.py sets it too when given a loopback address).
"""

import argparse
import os
import signal
import sys
import threading

LOOPBACK = "127.0.0.1"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=2, help="Ray nodes, the head included")
    parser.add_argument("--cpus", type=int, default=1, help="CPUs each node offers")
    parser.add_argument(
        "--object-store-mb", type=int, default=100, help="object store of each node, in MB"
    )
    args = parser.parse_args()
    if args.nodes < 1 or args.cpus < 1:
        parser.error("--nodes and --cpus are at least 1")

    os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    # Ray runs its workers, and so the games, at niceness 15: on a machine shared with other
    # work they would get what CPU is left. Here they run at the priority `sente match` has.
    os.environ.setdefault("RAY_worker_niceness", "0")
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    temp = os.path.join(os.environ.get("RAY_TMPDIR", "/tmp"), "ray")
    os.makedirs(temp, exist_ok=True)
    from ray.cluster_utils import Cluster

    node = {
        "num_cpus": args.cpus,
        "node_ip_address": LOOPBACK,
        "object_store_memory": args.object_store_mb * 1024 * 1024,
    }
    cluster = Cluster(
        initialize_head=True,
        head_node_args={**node, "include_dashboard": False},
    )
    try:
        for _ in range(args.nodes - 1):
            cluster.add_node(**node)
        cluster.wait_for_nodes()
        print(f"address {cluster.address}", flush=True)

        done = threading.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: done.set())

        def wait_for_stdin():
            sys.stdin.read()
            done.set()

        # A terminal's stdin is not read: a background job that reads it is stopped.
        if not sys.stdin.isatty():
            threading.Thread(target=wait_for_stdin, daemon=True).start()
        while not done.wait(0.5):
            pass
    finally:
        cluster.shutdown()
    print("stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
