#!/bin/sh
# A deliberately broken engine for the referee's tests (tests/referee.rs).
#
# It plays legal tic-tac-toe or Connect Four moves (the first free cell, or the most central
# column with room), and from its (AFTER+1)-th move of each game on misbehaves as MODE says:
#   good       never misbehaves        illegal    answers `bestmove zz9`
#   crash      exits                   silence    never answers `go`
#   junk       prints a line that is not the protocol
#   partial    prints half a line, no newline, and hangs
#   noread     stops reading its input and hangs
#   flood      prints `info` lines without end
#   slow       thinks 1.5 s per move   sleepy     thinks 0.2 s per move (legal, on time)
#   nomove     answers `bestmove` without a move
#   longline   prints a 2 MB line     notutf8    prints a line that is not UTF-8
#   handshake-exit  exits before finishing the handshake
#   uci-only   plays correctly but knows only `uci` (complains about `ugi`)
# Usage: faulty.sh MODE [AFTER] [TAG]   (TAG: any word, to find the process in tests)
# Only `position startpos [moves ...]` is understood.
set -f
mode=$1
after=${2:-0}
variant=tictactoe
moves=""
played=0

pick() {
    if [ "$variant" = connect4 ]; then
        for col in 4 3 5 2 6 1 7; do
            n=0
            for m in $moves; do
                [ "$m" = "$col" ] && n=$((n + 1))
            done
            if [ $n -lt 6 ]; then echo "$col"; return; fi
        done
    else
        for cell in a1 b1 c1 a2 b2 c2 a3 b3 c3; do
            case " $moves " in
                *" $cell "*) ;;
                *) echo "$cell"; return ;;
            esac
        done
    fi
}

handshake() {
    echo "id name faulty-$mode"
    echo "option name UCI_Variant type combo default tictactoe var tictactoe var connect4"
    [ "$mode" = handshake-exit ] && exit 3
    echo "$1"
}

while read -r line; do
    set -- $line
    case $1 in
        uci) handshake uciok ;;
        ugi)
            if [ "$mode" = uci-only ]; then
                echo "Unknown command: ugi"
            else
                handshake ugiok
            fi ;;
        isready) echo readyok ;;
        ucinewgame | uginewgame) played=0 ;;
        setoption) [ "$3" = UCI_Variant ] && variant=$5 ;;
        position)
            shift 2
            [ "$1" = moves ] && shift
            moves="$*" ;;
        go)
            if [ "$played" -ge "$after" ]; then
                case $mode in
                    illegal) echo "bestmove zz9"; continue ;;
                    crash) exit 1 ;;
                    silence) continue ;;
                    junk) echo "hello, referee"; continue ;;
                    partial) printf 'bestmo'; exec sleep 600 ;;
                    noread) exec sleep 600 ;;
                    flood) while :; do echo "info string flood"; done ;;
                    slow) sleep 1.5 ;;
                    sleepy) sleep 0.2 ;;
                    nomove) echo "bestmove"; continue ;;
                    longline) head -c 2000000 /dev/zero | tr '\000' x; echo; continue ;;
                    notutf8) printf 'info string \377\376\n'; continue ;;
                esac
            fi
            played=$((played + 1))
            echo "info depth 1 score cp 0"
            echo "bestmove $(pick)" ;;
        quit) exit 0 ;;
    esac
done
