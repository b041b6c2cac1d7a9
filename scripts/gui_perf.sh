#!/bin/sh
# The GUI's speed in headless Chromium (issue 12, item 7): the page interactive after loading,
# an engine's info line from its write to the page (tests/engines/ticker.py stamps each line),
# and 20 tabs each analysing Connect Four with its own sente (a move's round trip in each, and the info
# latency of a 21st tab meanwhile). Needs chromium and chromedriver.
# Usage: sh scripts/gui_perf.sh
set -e
cd "$(dirname "$0")/.."
SENTE_REQUIRE_BROWSER=1 cargo test --release --test gui -- --ignored --nocapture measure_gui_speed 2>&1 |
    grep -E '^(page|info|move) '
