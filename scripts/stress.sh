#!/bin/sh
# The session stress test's long run (tests/session_stress.rs): random command sequences for
# every variant through the real binary, with readyok due within the protocol's 50 ms.
#
# Usage: scripts/stress.sh [sequences] [first seed]     (defaults: 20000, 1)
set -e
cd "$(dirname "$0")/.."
SENTE_STRESS_SEQUENCES="${1:-20000}" SENTE_STRESS_SEED="${2:-1}" SENTE_STRESS_READY_MS=50 \
    cargo test --release --test session_stress -- --nocapture
