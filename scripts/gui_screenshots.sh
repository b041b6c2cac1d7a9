#!/bin/sh
# Remakes docs/screenshots/ (the README's pictures of each game) from the browser tests'
# screenshots (target/gui-screenshots/). Needs chromium and chromedriver.
# Usage: sh scripts/gui_screenshots.sh
set -e
cd "$(dirname "$0")/.."
SENTE_REQUIRE_BROWSER=1 cargo test --release --test gui
mkdir -p docs/screenshots
from=target/gui-screenshots
cp "$from/tictactoe.png" docs/screenshots/tictactoe.png
cp "$from/analysis.png" docs/screenshots/connect4-analysis.png
cp "$from/babylon-selected.png" docs/screenshots/babylon.png
cp "$from/rushhour-step.png" docs/screenshots/rushhour.png
cp "$from/babylon-rocks.png" docs/screenshots/rushhour-rocks.png
cp "$from/rushhour-set-51.png" docs/screenshots/rushhour-51.png
cp "$from/tree.png" docs/screenshots/tree.png
cp "$from/watch-paused.png" docs/screenshots/engine-vs-engine.png
cp "$from/search-tree-step-7.png" docs/screenshots/search-tree.png
cp "$from/search-tree-large-stepping.png" docs/screenshots/search-tree-large.png
cp "$from/compare-tictactoe.png" docs/screenshots/compare.png
cp "$from/compare-rushhour.png" docs/screenshots/compare-rushhour.png
cp "$from/result-connect4.png" docs/screenshots/result-banner.png
cp "$from/hint-connect4.png" docs/screenshots/hint.png
cp "$from/side-lines.png" docs/screenshots/side-line.png
cp "$from/layout-narrow.png" docs/screenshots/narrow-420px.png
cp "$from/axe-analysis-dark.png" docs/screenshots/dark.png
cp "$from/proof.png" docs/screenshots/analysis-proof.png
cp "$from/review.png" docs/screenshots/review.png
cp "$from/review-narrow.png" docs/screenshots/review-narrow.png
cp "$from/review-reason-double-threat.png" docs/screenshots/review-reason.png
cp "$from/review-connect4-learn.png" docs/screenshots/learn.png
cp "$from/puzzles.png" docs/screenshots/puzzles.png
cp "$from/puzzles-narrow.png" docs/screenshots/puzzles-narrow.png
ls -l docs/screenshots
