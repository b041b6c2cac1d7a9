#!/usr/bin/env bash
# The session stress test's long run (tests/session_stress.rs): random command sequences for
# every variant through the real binary, then the slowest `readyok` (timed from its `isready`)
# held to the protocol's 50 ms. The test itself only checks what the engine says and in which
# order; how soon `readyok` comes depends on the machine, so it is measured here, on a quiet
# machine.
#
# Usage: scripts/stress.sh [sequences] [first seed] [bound in ms]     (defaults: 20000, 1, 50)
set -eo pipefail
cd "$(dirname "$0")/.."
bound="${3:-50}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
SENTE_STRESS_SEQUENCES="${1:-20000}" SENTE_STRESS_SEED="${2:-1}" \
    cargo test --release --test session_stress -- --nocapture | tee "$log"
slowest="$(sed -n 's/.* readyok (.*slowest \([0-9.]*\) ms.*/\1/p' "$log")"
if [ -z "$slowest" ]; then
    echo "stress.sh: no 'slowest ... ms' figure in the test's summary" >&2
    exit 1
fi
if awk -v s="$slowest" -v b="$bound" 'BEGIN { exit !(s > b) }'; then
    echo "stress.sh: the slowest readyok took $slowest ms, over $bound ms (its seed and the lines before it are in the summary above)" >&2
    exit 1
fi
echo "stress.sh: the slowest readyok took $slowest ms (bound $bound ms)"
