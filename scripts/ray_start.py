"""Starting Ray for sente's cluster scripts (ray_match.py, ray_solve.py, ray_rush_universe.py):
joining a cluster at an address, or starting a local one, quietly, and saying what it has."""

import os
import sys

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")


def start_ray(address, local_cpus):
    """Joins the cluster at `address` (host:port), or starts a local Ray of `local_cpus` CPUs
    when it is None; returns (ray, alive nodes, CPUs). Ray's own messages go to stderr, which
    this makes sys.stdout too (Ray prints from threads of its own): a script keeps its own
    stdout beforehand if it writes results there."""
    host = (address or "").rsplit(":", 1)[0]
    if host in LOOPBACK:
        # Otherwise Ray replaces a loopback address with this machine's network address.
        os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    sys.stdout = sys.stderr
    import ray

    quiet = {"logging_level": "warning", "log_to_driver": False}
    if address:
        ray.init(address=address, **quiet)
    else:
        ray.init(num_cpus=local_cpus, include_dashboard=False, **quiet)
    nodes = [n for n in ray.nodes() if n.get("Alive")]
    cpus = int(ray.cluster_resources().get("CPU", 0))
    return ray, nodes, cpus


def cluster_text(nodes, cpus):
    """`Ray: 2 nodes, 4 CPUs`."""
    return f"Ray: {len(nodes)} node{'s' * (len(nodes) != 1)}, {cpus} CPUs"
