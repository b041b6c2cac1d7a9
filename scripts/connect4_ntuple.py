"""Makes the n-tuple network sente adds to its Connect Four evaluation on a board
(`books/connect4-<W>x<H>-ntuple.bin`, e.g. `connect4-9x6-ntuple.bin`; its format in
`src/games/connect4/ntuple.rs`, the boards it is read for in `SHIPPED` there), in three steps:

  positions  self-play games of sente at a small depth, with random moves mixed in, and a
             sample of their positions (16 to 36 stones by default)
  label      each position's value (win, draw or loss for the side to move) by sente's weak
             solver, `sente solve connect4 --weak`, on several cores (`--max-seconds` gives up
             and leaves out a position that takes longer)
  games      (for boards whose weak solver reaches only the end of the game, 12 x 10) instead
             of the two steps above: self-play games of sente, random moves only up to a
             point drawn per game, sente's search alone from there to the end (or to a
             position of `--solve-from` stones, which the weak solver values exactly); each
             position after that point sampled with the game's result for its side to move,
             in `label`'s format (a third word: `game`, or `solver` for a solver's value)
  search     each labelled position's score by sente's own search to a depth, appended (a
             fourth word): `fit --search-weight` takes that share of the target from it;
             stopped, it goes on from where it was when run again with the same `--out`
             and `--depth`
  fit        the network's weights: one per pattern of each window of four cells (each cell
             empty, `x`, `o` or empty and playable), fitted by logistic regression (Adam, L2)
             on top of the hand evaluation to the solver's values, mirror images included;
             the held-out fifth (whole games apart) scored with and without the network;
             `--tuples` tries blocks of 2 x 3 cells beside or instead of the windows

Any board sente plays works, 12 x 10 included (more than 255 windows: the file starts
`sente-ntuple-2`, the count in two bytes). `fit` reads the hand evaluation from sente's Python package (`pip install ./python`) minus the
network it was built with (read from `--shipped`, the same file), so it can refit over an
existing network. Example (9 x 6; the shipped network's 88,531 positions came from two
`positions` runs, seeds 11 and 12, stopped after about 6 minutes, then 32 minutes of weak
solves on 2 cores and 46 s of fitting; its labelled positions are
`books/connect4-9x6-ntuple-values.txt`, from which `fit` remakes it byte for byte):

  python3 scripts/connect4_ntuple.py positions --sente target/release/sente --games 32000 --out pos.txt
  python3 scripts/connect4_ntuple.py label --sente target/release/sente --positions pos.txt --out values.txt
  python3 scripts/connect4_ntuple.py fit --values values.txt --out books/connect4-9x6-ntuple.bin

12 x 10's network (books/README.md; two `games` runs, seeds 21 and 22, stopped after 41
minutes, then 13 minutes of `search` on 2 cores; its labels are
`books/connect4-12x10-ntuple-values.txt`, from which the `fit` command remakes it byte for byte):

  python3 scripts/connect4_ntuple.py games --width 12 --height 10 --sente target/release/sente
      --solve-from 72 --random-early 0.05 --share 0.5 --seed 21 --out games.txt
  python3 scripts/connect4_ntuple.py search --width 12 --height 10 --sente target/release/sente
      --values games.txt --depth 9 --out values.txt
  python3 scripts/connect4_ntuple.py fit --width 12 --height 10 --values values.txt
      --search-weight 0.75 --lam 0.003 --out connect4-12x10-ntuple.bin
"""

import argparse
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

from connect4_wide_vectors import Board
from connect4_wide_vectors import label as column_char
from engine_pipe import EnginePipe, SolverPipe, size_options

MAGIC = b"sente-ntuple-1"
# A file of more than 255 tuples (12 x 10's 300 windows of four): their number in two bytes.
MAGIC_2 = b"sente-ntuple-2"
BOOKS = Path(__file__).parent.parent / "books"


def column_of(ch):
    """The 0-based column of a move character."""
    return int(ch) - 1 if ch.isdigit() else 9 + "abc".index(ch)


def positions(args):
    """Self-play games; writes a sample of their positions, one move string a line."""
    rng = random.Random(args.seed)
    w, h = args.width, args.height
    engine = EnginePipe(args.sente, "connect4", size_options(w, h) + [("Hash", 16)])
    seen = set()
    with open(args.out, "w") as out:
        for _ in range(args.games):
            board = Board(w, h)
            while board.legal():
                legal = board.legal()
                n = len(board.moves)
                random_share = args.random_early if n < args.min_stones else args.random_late
                if n < 2 or rng.random() < random_share:
                    col = rng.choice(legal)
                else:
                    engine.set_moves([column_char(m) for m in board.moves])
                    engine.send(f"go depth {rng.randint(args.min_depth, args.max_depth)}")
                    col = column_of(engine.read_until("bestmove")[1])
                board.play(col)
                if board.won:
                    break
                key = board.text()
                stones = len(board.moves)
                share = args.share if stones >= args.min_stones + 2 else args.share / 5
                wanted = args.min_stones <= stones <= args.max_stones and rng.random() < share
                if wanted and key not in seen:
                    seen.add(key)
                    out.write(key + "\n")
    engine.send("quit")


def games(args):
    """Self-play games labelling their own positions: `<moves> <value> <source>` lines,
    `value` for the side to move, `source` `solver` where the weak solver valued the position
    itself (the game's last position, when it reached `--solve-from` stones) and `game` where
    the value is the game's result. Random moves stop at a ply drawn per game in
    [2, `--last-random`], so every labelled position is followed by sente's own play only."""
    rng = random.Random(args.seed)
    w, h = args.width, args.height
    engine = EnginePipe(args.sente, "connect4", size_options(w, h) + [("Hash", 16), ("OwnBook", "false")])
    solver = None
    if args.solve_from:
        solver = SolverPipe(args.sente, args.hash, weak=True, width=w, height=h, max_seconds=args.max_seconds)
    seen = set()
    counts = {"games": 0, "solved": 0, "positions": 0}
    with open(args.out, "w") as out:
        for _ in range(args.games):
            board = Board(w, h)
            last_random = rng.randint(2, args.last_random)
            value, decided_at = 0, None
            while board.legal():
                n = len(board.moves)
                text = [column_char(m) for m in board.moves]
                if solver and n >= args.solve_from:
                    solved_value = solver.score(text)
                    if solved_value is not None:
                        value, decided_at = solved_value, n
                        counts["solved"] += 1
                        break
                if n < last_random and (n < 2 or rng.random() < args.random_early):
                    col = rng.choice(board.legal())
                else:
                    engine.set_moves(text)
                    engine.send(f"go depth {rng.randint(args.min_depth, args.max_depth)}")
                    col = column_of(engine.read_until("bestmove")[1])
                board.play(col)
                if board.won:
                    # The side that just moved won: a loss for the side to move now.
                    value, decided_at = -1, len(board.moves)
                    break
            solved = decided_at is not None and not board.won
            if decided_at is None:
                decided_at = len(board.moves)
            counts["games"] += 1
            # A finished game's last position (four in a row, or a full board) is not labelled.
            last = decided_at if solved else decided_at - 1
            for stones in range(max(last_random, args.min_stones), min(last, args.max_stones) + 1):
                if rng.random() >= args.share:
                    continue
                key = "".join(column_char(m) for m in board.moves[:stones])
                if key in seen:
                    continue
                seen.add(key)
                counts["positions"] += 1
                own = value if (decided_at - stones) % 2 == 0 else -value
                source = "solver" if solved and stones == decided_at else "game"
                out.write(f"{key} {own} {source}\n")
            out.flush()
    engine.send("quit")
    if solver:
        solver.close()
    print("{games} games, {solved} ended by the weak solver, {positions} positions".format(**counts), file=sys.stderr)


def search_chunk(sente, width, height, depth, lines, part):
    """Appends to the file `part` each of the lines with the score of sente's search to `depth`
    after it (points for the side to move; a forced win or loss as +-30000), flushed line by
    line, so that a run stopped midway keeps what it searched."""
    if not lines:
        return
    # A line cut short by a stop is dropped (a search started again searches it again).
    if os.path.exists(part):
        with open(part, "rb+") as out:
            kept = out.read()
            out.truncate(kept.rfind(b"\n") + 1)
    engine = EnginePipe(sente, "connect4", size_options(width, height) + [("Hash", 16), ("OwnBook", "false")])
    with open(part, "a") as out:
        for line in lines:
            moves = line.split()[0]
            engine.set_moves(list(moves))
            info, _, _ = engine.go(f"go depth {depth}")
            kind, value = info[info.index("score") + 1], int(info[info.index("score") + 2])
            points = value if kind == "cp" else (30000 if value > 0 else -30000)
            out.write(f"{line} {points}\n")
            out.flush()
    engine.close()


def search_parts(out):
    """The files `search` keeps its lines in until every line is searched: `<out>.part<i>`."""
    path = Path(out)
    return sorted(path.parent.glob(path.name + ".part*"))


def searched(out):
    """The lines the part files of `out` hold, by the values line they were searched for (a
    last line cut short by a stop is left out: it is searched again)."""
    done = {}
    for part in search_parts(out):
        for line in open(part):
            if line.endswith("\n") and " " in line.strip():
                done[line[: line.rstrip("\n").rindex(" ")]] = line.rstrip("\n")
    return done


def search(args):
    """Appends to each line of a values file (`games`' or `label`'s) the score of sente's own
    search to `--depth` (`fit --search-weight` mixes it into the target: labels from deeper
    searches), in `--jobs` processes, each taking every jobs-th line. Each process appends its
    lines to `<out>.part<i>` as it searches them, and a run started again with the same `--out`
    (and `--depth`, which the parts do not record) searches only the lines those files do not
    hold, so that a search of hours can be stopped and resumed; once every line is searched `--out` is written (each process's share in turn,
    as the processes took them) and the part files removed."""
    from concurrent.futures import ProcessPoolExecutor

    lines = [line.rstrip("\n") for line in open(args.values) if line.strip()]
    done = searched(args.out)
    chunks = [lines[i :: args.jobs] for i in range(args.jobs)]
    todo = [[line for line in chunk if line not in done] for chunk in chunks]
    print(f"{len(lines)} lines: {len(lines) - sum(map(len, todo))} searched before, "
          f"{sum(map(len, todo))} to search", file=sys.stderr)
    parts = [f"{args.out}.part{i}" for i in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [(args.sente, args.width, args.height, args.depth, t, part) for t, part in zip(todo, parts)]
        list(pool.map(search_chunk, *zip(*jobs)))
    done = searched(args.out)
    with open(args.out, "w") as out:
        for chunk in chunks:
            out.writelines(done[line] + "\n" for line in chunk)
    for part in search_parts(args.out):
        part.unlink()


def label(args):
    """Weak-solves the positions in `--jobs` processes; writes `<moves> <value>` lines."""
    lines = [line.split()[0] for line in open(args.positions) if line.strip()]
    chunks = [lines[i :: args.jobs] for i in range(args.jobs)]
    with tempfile.TemporaryDirectory() as tmp:
        procs = []
        for i, chunk in enumerate(chunks):
            inp = Path(tmp, f"in{i}")
            inp.write_text("".join(m + "\n" for m in chunk))
            cmd = [args.sente, "solve", "connect4", "--weak", "--keep-table"]
            cmd += ["--width", str(args.width), "--height", str(args.height)]
            cmd += ["--hash", str(args.hash)]
            if args.max_seconds:
                cmd += ["--max-seconds", str(args.max_seconds)]
            with open(inp) as stdin, open(Path(tmp, f"out{i}"), "w") as stdout:
                procs.append(subprocess.Popen(cmd, stdin=stdin, stdout=stdout))
        for p in procs:
            if p.wait() != 0:
                sys.exit(f"sente solve failed with status {p.returncode}")
        given_up = 0
        with open(args.out, "w") as out:
            for i in range(args.jobs):
                for line in open(Path(tmp, f"out{i}")):
                    words = line.split()
                    if words[1] == "unknown":
                        given_up += 1
                    else:
                        out.write(f"{words[0]} {words[1]}\n")
        if given_up:
            print(f"{given_up} positions given up after {args.max_seconds} s, not written", file=sys.stderr)


def windows(width, height, stride):
    """Every window of four cells in a line, as sorted bit numbers of Pons's layout."""
    out = []
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for c in range(width):
            for r in range(height):
                cells = [(c + i * dc, r + i * dr) for i in range(4)]
                if all(0 <= a < width and 0 <= b < height for a, b in cells):
                    out.append(tuple(sorted(a * stride + b for a, b in cells)))
    return out


def rectangles(width, height, stride):
    """Every block of 2 x 3 and 3 x 2 cells, as sorted bit numbers (six-cell tuples, 4,096
    patterns each, tried against the windows of four: `fit --tuples`)."""
    out = []
    for cols, rows in ((2, 3), (3, 2)):
        for c in range(width - cols + 1):
            for r in range(height - rows + 1):
                out.append(tuple(sorted((c + i) * stride + r + j for i in range(cols) for j in range(rows))))
    return out


def planes(np, moves_list, width, height, mirror=False):
    """Per position, the bits of `x | playable` and of `o | playable`, and whether `x` moves."""
    stride = height + 1
    n = len(moves_list)
    lo = np.zeros((n, width * stride), np.uint8)
    hi = np.zeros((n, width * stride), np.uint8)
    x_to_move = np.zeros(n, bool)
    for i, moves in enumerate(moves_list):
        heights = [0] * width
        for j, ch in enumerate(moves):
            c = column_of(ch)
            if mirror:
                c = width - 1 - c
            (lo if j % 2 == 0 else hi)[i, c * stride + heights[c]] = 1
            heights[c] += 1
        for c in range(width):
            if heights[c] < height:
                lo[i, c * stride + heights[c]] = 1
                hi[i, c * stride + heights[c]] = 1
        x_to_move[i] = len(moves) % 2 == 0
    return lo, hi, x_to_move


def indices(np, lo, hi, tuples):
    """Each position's pattern index in each tuple, offset into one flat weight array."""
    idx = np.zeros((lo.shape[0], len(tuples)), np.int64)
    offset = 0
    for t, cells in enumerate(tuples):
        k = len(cells)
        for i, b in enumerate(cells):
            idx[:, t] |= lo[:, b].astype(np.int64) << i
            idx[:, t] |= hi[:, b].astype(np.int64) << (k + i)
        idx[:, t] += offset
        offset += 1 << (2 * k)
    return idx


def read_network(np, path):
    """A network file: (width, height, tempo pair, tuples, weights in points)."""
    data = Path(path).read_bytes()
    assert data.startswith((MAGIC, MAGIC_2)), f"{path} is not an n-tuple file"
    pos = len(MAGIC)
    width, height = data[pos], data[pos + 1]
    if data.startswith(MAGIC_2):
        (count,) = struct.unpack_from("<H", data, pos + 2)
        pos += 4
    else:
        count = data[pos + 2]
        pos += 3
    tempo = struct.unpack_from("<hh", data, pos)
    pos += 4
    tuples = []
    for _ in range(count):
        k = data[pos]
        tuples.append(tuple(data[pos + 1 : pos + 1 + k]))
        pos += 1 + k
    weights = np.frombuffer(data[pos:], "<i2").astype(np.int64)
    return width, height, tempo, tuples, weights


def network_value(np, net, moves_list):
    """The side to move's points a network file adds to the hand evaluation."""
    width, height, tempo, tuples, weights = net
    lo, hi, x_to_move = planes(np, moves_list, width, height)
    vx = weights[indices(np, lo, hi, tuples)].sum(1)
    return np.where(x_to_move, vx + tempo[0], -(vx + tempo[1]))


def fit(args):
    """Fits the weights to the labelled positions and writes the network file."""
    import numpy as np
    import sente

    w, h = args.width, args.height
    rows = [line.split() for line in open(args.values) if line.strip()]
    moves_list = [r[0] for r in rows]
    value = np.array([int(r[1]) for r in rows])
    evaluated = []
    for moves in moves_list:
        state = sente.State("connect4", width=w, height=h)
        for ch in moves:
            state.play(ch)
        evaluated.append(state.evaluate())
    evaluated = np.array(evaluated, float)
    shipped_path = args.shipped or BOOKS / f"connect4-{w}x{h}-ntuple.bin"
    shipped = read_network(np, shipped_path) if Path(shipped_path).exists() else None
    if shipped and (shipped[0], shipped[1]) == (w, h):
        hand = evaluated - network_value(np, shipped, moves_list)
    else:
        hand = evaluated
    # Positions decided at once (a win next, every move losing) are not the network's business.
    quiet = np.abs(evaluated) < 5000
    keep = np.flatnonzero(quiet)
    moves_list = [moves_list[i] for i in keep]
    y = (value[keep] + 1) / 2
    hand = hand[keep] / 100
    # Whole games apart: positions sharing their first 14 moves are in the same fifth.
    held = np.array([zlib.crc32(m[:14].encode()) % 5 == 0 for m in moves_list])
    tuples = {
        "windows": windows(w, h, h + 1),
        "rectangles": rectangles(w, h, h + 1),
        "both": windows(w, h, h + 1) + rectangles(w, h, h + 1),
    }[args.tuples]
    lo, hi, x_to_move = planes(np, moves_list, w, h)
    mlo, mhi, _ = planes(np, moves_list, w, h, mirror=True)
    idx, midx = indices(np, lo, hi, tuples), indices(np, mlo, mhi, tuples)
    sign = np.where(x_to_move, 1.0, -1.0)
    train = ~held
    X = np.concatenate([idx[train], midx[train]])
    hh = np.concatenate([hand[train]] * 2)
    ss = np.concatenate([sign[train]] * 2)
    yy = np.concatenate([y[train]] * 2)
    n_weights = sum(1 << (2 * len(t)) for t in tuples)

    def logits(weights, scale, tempo, X, hh, ss, with_network=True):
        vx = weights[X].sum(1) if with_network else 0
        return scale * hh + ss * vx + np.where(ss > 0, tempo[0], tempo[1])

    def train_model(with_network, lam, steps):
        params = [np.zeros(n_weights), np.array([1.58]), np.zeros(2)]
        m1 = [np.zeros_like(p) for p in params]
        m2 = [np.zeros_like(p) for p in params]
        n = len(yy)
        for it in range(1, steps + 1):
            weights, scale, tempo = params
            p = 1 / (1 + np.exp(-logits(weights, scale[0], tempo, X, hh, ss, with_network)))
            g = (p - yy) / n
            if with_network:
                gw = np.bincount(X.ravel(), np.repeat(g * ss, X.shape[1]), n_weights)
                gw += lam * weights
            else:
                gw = np.zeros(n_weights)
            grads = [gw, np.array([(g * hh).sum()]), np.array([g[ss > 0].sum(), g[ss < 0].sum()])]
            for k, (param, grad) in enumerate(zip(params, grads)):
                m1[k] = 0.9 * m1[k] + 0.1 * grad
                m2[k] = 0.999 * m2[k] + 0.001 * grad * grad
                step = (m1[k] / (1 - 0.9**it)) / (np.sqrt(m2[k] / (1 - 0.999**it)) + 1e-8)
                param -= args.rate * step
        return params

    def held_out(params, with_network):
        weights, scale, tempo = params
        z = logits(weights, scale[0], tempo, idx[held], hand[held], sign[held], with_network)
        p = 1 / (1 + np.exp(-z))
        t = y[held]
        mse = ((p - t) ** 2).mean()
        ce = -(t * np.log(p + 1e-12) + (1 - t) * np.log(1 - p + 1e-12)).mean()
        return mse, ce

    print(f"{len(rows)} positions, {len(keep)} quiet, {held.sum()} held out (whole games)")
    base = train_model(False, 0, args.steps)
    print("hand evaluation alone: held-out squared error %.4f, cross-entropy %.4f" % held_out(base, False))
    if args.search_weight:
        # Labels from deeper searches: the target mixes the value with the search's score (the
        # fourth word, `search`'s), made a probability by the hand evaluation's own fit.
        searched = np.array([float(r[3]) for r in rows])[keep] / 100
        _, scale, tempo = base
        soft = 1 / (1 + np.exp(-(scale[0] * searched + np.where(sign > 0, tempo[0], tempo[1]))))
        target = (1 - args.search_weight) * y + args.search_weight * soft
        yy = np.concatenate([target[train]] * 2)
        print(f"targets: the value and the search's score, weighted {1 - args.search_weight:g} and {args.search_weight:g}")
    params = train_model(True, args.lam, args.steps)
    print("with the network:      held-out squared error %.4f, cross-entropy %.4f" % held_out(params, True))
    weights, scale, tempo = params
    points = np.rint(weights * 100 / scale[0])
    assert np.abs(points).max() < 32000
    with open(args.out, "wb") as out:
        if len(tuples) > 255:
            out.write(MAGIC_2 + bytes([w, h]) + struct.pack("<H", len(tuples)))
        else:
            out.write(MAGIC + bytes([w, h, len(tuples)]))
        out.write(struct.pack("<hh", round(tempo[0] * 100 / scale[0]), round(-tempo[1] * 100 / scale[0])))
        for cells in tuples:
            out.write(bytes([len(cells), *cells]))
        out.write(points.astype("<i2").tobytes())
    print(f"wrote {args.out}: {len(tuples)} windows, largest weight {int(np.abs(points).max())} points")


def self_play_options(p, games, stones, share, depths):
    """The options `positions` and `games` share, with their own defaults."""
    p.add_argument("--sente", required=True)
    p.add_argument("--games", type=int, default=games)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("--min-stones", type=int, default=stones[0])
    p.add_argument("--max-stones", type=int, default=stones[1])
    p.add_argument("--share", type=float, default=share, help="share of the positions kept")
    p.add_argument("--min-depth", type=int, default=depths[0], help="sente's search to a depth drawn in [this, --max-depth]")
    p.add_argument("--max-depth", type=int, default=depths[1])
    p.add_argument("--out", required=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="step", required=True)
    for name in ("positions", "label", "games", "search", "fit"):
        p = sub.add_parser(name)
        p.add_argument("--width", type=int, default=9)
        p.add_argument("--height", type=int, default=6)
    p = sub.choices["positions"]
    self_play_options(p, games=32000, stones=(16, 36), share=0.5, depths=(3, 8))
    p.add_argument("--random-early", type=float, default=0.3, help="random moves before --min-stones")
    p.add_argument("--random-late", type=float, default=0.12, help="random moves after")
    p = sub.choices["label"]
    p.add_argument("--sente", required=True)
    p.add_argument("--positions", required=True)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--hash", type=int, default=2048, help="MB per solver process")
    p.add_argument(
        "--max-seconds",
        type=float,
        help="give up a position after this long (left out of --out; one position of a heavy tail can stall a process for hours)",
    )
    p.add_argument("--out", required=True)
    p = sub.choices["games"]
    self_play_options(p, games=2000, stones=(8, 200), share=0.5, depths=(7, 9))
    p.add_argument("--last-random", type=int, default=60, help="random moves stop at a ply drawn in [2, this]")
    p.add_argument("--random-early", type=float, default=0.05, help="random moves before that ply")
    p.add_argument("--solve-from", type=int, help="weak-solve the game's positions from this many stones on")
    p.add_argument("--hash", type=int, default=256, help="MB for the weak solver")
    p.add_argument("--max-seconds", type=float, default=5, help="the weak solver's limit a position")
    p = sub.choices["search"]
    p.add_argument("--sente", required=True)
    p.add_argument("--values", required=True)
    p.add_argument("--depth", type=int, default=9)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", required=True)
    p = sub.choices["fit"]
    p.add_argument("--values", required=True)
    p.add_argument("--shipped", help="the network the Python package was built with (its value is taken off;"
                   " default books/connect4-<W>x<H>-ntuple.bin when it is there)")
    p.add_argument("--tuples", choices=["windows", "rectangles", "both"], default="windows",
                   help="every window of four cells in a line (the shipped networks), every block of"
                   " 2 x 3 and 3 x 2 cells, or both")
    p.add_argument("--search-weight", type=float, default=0.0,
                   help="the share of the target taken from the search's score (`search`'s fourth word)")
    p.add_argument("--lam", type=float, default=1e-3, help="L2 weight")
    p.add_argument("--rate", type=float, default=0.02, help="Adam's step")
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--out", required=True)
    args = parser.parse_args()
    {"positions": positions, "label": label, "games": games, "search": search, "fit": fit}[args.step](args)


if __name__ == "__main__":
    main()
