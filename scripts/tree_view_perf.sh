#!/bin/sh
# The search tree's speed in headless Chromium (issue 14): the time to first draw of a traced
# tree of 59,705 nodes (minimax on tic-tac-toe after a3, depth 8) and of 100,000 nodes (alpha-beta
# on Connect Four's start, depth 9, cut at TraceLimit), from the request and from the tree's last
# message; the longest gap between frames meanwhile; the layout of the whole tree opened and a
# redraw after a scroll. Five measured rounds each, after one to warm up. Needs chromium and
# chromedriver.
# Usage: sh scripts/tree_view_perf.sh
set -e
cd "$(dirname "$0")/.."
SENTE_REQUIRE_BROWSER=1 cargo test --release --test gui -- --ignored --nocapture measure_tree_view 2>&1 |
    grep -E '^tree '
