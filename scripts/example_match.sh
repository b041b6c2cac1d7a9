#!/bin/sh
# An example match: sente's full search against plain depth-4 minimax at Connect Four, 10
# games with paired 4-ply openings at 2 s + 0.05 s per game, then the record replayed.
#
# Usage: sh scripts/example_match.sh [games.txt]
set -e
cd "$(dirname "$0")/.."
out=${1:-games.txt}
cargo build --release --quiet
sente=target/release/sente
$sente match --variant connect4 --games 10 --concurrency 2 --openings plies=4 --seed 7 \
    --engine cmd=$sente name=full \
    --engine cmd=$sente name=minimax option.Algorithm=minimax option.OwnBook=false depth=4 \
    --each tc=2+0.05 option.Hash=16 --out "$out"
echo
$sente match --replay "$out" | tail -n 3
