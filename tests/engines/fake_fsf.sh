#!/bin/sh
# A small engine speaking Fairy-Stockfish's notation, for the referee's tests of the adapter
# (src/client/fsf.rs, tests/referee.rs). Like Fairy-Stockfish it speaks UCI only, names itself
# `Fairy-Stockfish ...`, loads variants from the file given by `VariantPath`, confirms a
# variant with `info string variant <name> files W ranks H ...`, ignores an unknown variant
# without a word, plays drops (`P@d1`) and answers `bestmove (none)` when it has no move.
#
# It plays the most central column with room (Connect Four: a variant with
# `enclosingDrop = top`) or the first free cell (tic-tac-toe); it does not look for lines.
# Usage: fake_fsf.sh [MODE]
#   good        as above
#   novariants  never reads the variants file (every variant of it is unknown)
#   floating    drops one cell above the column's lowest free cell (an illegal move)
set -f
mode=${1:-good}
path=""
files=0
ranks=0
gravity=no
moves=""

# The value of `key = value` in section [$1] of the variants file.
field() {
    sed -n "/^\[$1\]/,/^\[/p" "$path" | sed -n "s/^$2 *= *//p" | head -n 1
}

letter() {
    printf "\\$(printf %o $((97 + $1)))"
}

# Stones already on square $1 (0 or 1), or in file $1 when $2 is "file".
count() {
    n=0
    for m in $moves; do
        sq=${m#P@}
        if [ "$2" = file ]; then
            [ "${sq%%[0-9]*}" = "$1" ] && n=$((n + 1))
        else
            [ "$sq" = "$1" ] && n=$((n + 1))
        fi
    done
    echo $n
}

pick() {
    if [ "$gravity" = yes ]; then
        centre=$(((files - 1) / 2))
        i=0
        while [ $i -lt $((2 * files)) ]; do
            if [ $((i % 2)) -eq 0 ]; then col=$((centre + i / 2)); else col=$((centre - (i + 1) / 2)); fi
            i=$((i + 1))
            [ $col -lt 0 ] || [ $col -ge "$files" ] && continue
            f=$(letter $col)
            h=$(count "$f" file)
            if [ "$h" -lt "$ranks" ]; then
                [ "$mode" = floating ] && h=$((h + 1))
                echo "P@$f$((h + 1))"
                return
            fi
        done
    else
        r=1
        while [ $r -le "$ranks" ]; do
            c=0
            while [ $c -lt "$files" ]; do
                sq="$(letter $c)$r"
                if [ "$(count "$sq")" -eq 0 ]; then echo "P@$sq"; return; fi
                c=$((c + 1))
            done
            r=$((r + 1))
        done
    fi
    echo "(none)"
}

while read -r line; do
    set -- $line
    case $1 in
        uci)
            echo "id name Fairy-Stockfish fake"
            echo "option name UCI_Variant type combo default chess var chess var crazyhouse"
            echo "option name VariantPath type string default <empty>"
            echo "uciok" ;;
        isready) echo readyok ;;
        ucinewgame) moves="" ;;
        setoption)
            if [ "$3" = VariantPath ] && [ "$mode" != novariants ]; then
                path=$5
            elif [ "$3" = UCI_Variant ] && [ -n "$path" ] && grep -q "^\[$5\]" "$path"; then
                files=$(field "$5" maxFile)
                ranks=$(field "$5" maxRank)
                gravity=no
                [ "$(field "$5" enclosingDrop)" = top ] && gravity=yes
                echo "info string variant $5 files $files ranks $ranks pocket 1 template fairy startpos $(field "$5" startFen)"
            fi ;;
        position)
            shift 2
            [ "$1" = moves ] && shift
            moves="$*" ;;
        go)
            if [ "$files" -eq 0 ]; then
                echo "bestmove e2e4"
            else
                echo "info depth 1 score cp 0 pv $(pick)"
                echo "bestmove $(pick)"
            fi ;;
        quit) exit 0 ;;
        *) echo "Unknown command: $line" ;;
    esac
done
