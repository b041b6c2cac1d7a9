"""The `sente` command that `pip install ./python` installs: the crate's own command line (the
engine by default; `sente gui`, `sente match`, `sente solve`... as the binary built by cargo),
run in this process."""

from __future__ import annotations

import signal
import sys

from . import _sente


def main() -> None:
    """Runs `sente` with this process's arguments; Ctrl-C ends it as it ends the binary."""
    # Python's own Ctrl-C handler would only set a flag the engine never reads.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    _sente.run_command(["sente", *sys.argv[1:]])


if __name__ == "__main__":
    main()
