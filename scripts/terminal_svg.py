#!/usr/bin/env python3
"""Runs a shell command and draws what it printed as a terminal window in SVG.

The README's pictures of `sente match`, the cluster driver and the solver are made this way,
from real runs (see docs/screenshots/README.md for the exact commands):

    python3 scripts/terminal_svg.py --out docs/screenshots/match.svg \
        --head 6 --tail 7 -- sh scripts/example_match.sh

--shown replaces the command line drawn after the prompt (to show `sente` rather than
`target/release/sente`, say; a newline in it starts a continued line); --head/--tail keep the first and last lines of a long output,
with a `...` line between them.
"""

import argparse
import html
import subprocess
import sys

CHAR_WIDTH = 8.4
LINE_HEIGHT = 18
PAD = 14
BAR = 28


def shown_lines(output, head, tail):
    lines = output.rstrip("\n").split("\n")
    if head is not None and tail is not None and len(lines) > head + tail + 1:
        lines = lines[:head] + ["..."] + lines[len(lines) - tail :]
    return lines


def draw(title, lines, width_chars, prompt_lines=1):
    width = int(PAD * 2 + CHAR_WIDTH * width_chars)
    height = BAR + PAD * 2 + LINE_HEIGHT * len(lines)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}">',
        f"<title>{html.escape(title)}</title>",
        f'<rect width="{width}" height="{height}" rx="8" fill="#1e1f24"/>',
        f'<rect width="{width}" height="{BAR}" rx="8" fill="#33353d"/>',
        f'<rect y="{BAR - 8}" width="{width}" height="8" fill="#33353d"/>',
    ]
    for i, colour in enumerate(["#ff5f57", "#febc2e", "#28c840"]):
        out.append(f'<circle cx="{16 + 20 * i}" cy="{BAR / 2}" r="6" fill="{colour}"/>')
    out.append(
        f'<text x="{width / 2}" y="{BAR / 2 + 5}" text-anchor="middle" fill="#c8c8d0" '
        f'font-family="sans-serif" font-size="13">{html.escape(title)}</text>'
    )
    out.append(
        '<g font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="14" '
        'xml:space="preserve" style="white-space: pre">'
    )
    for i, line in enumerate(lines):
        y = BAR + PAD + LINE_HEIGHT * (i + 1) - 4
        colour = "#8ae234" if i < prompt_lines else "#e6e6e6"
        # Leading spaces as no-break spaces: SVG viewers drop ordinary ones.
        indent = len(line) - len(line.lstrip(" "))
        text = "\u00a0" * indent + html.escape(line[indent:])
        out.append(f'<text x="{PAD}" y="{y}" fill="{colour}">{text}</text>')
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="the SVG file to write")
    parser.add_argument("--title", default="sente", help="the window's title")
    parser.add_argument("--shown", help="the command line drawn after the prompt")
    parser.add_argument("--input", help="text written to the command's stdin")
    parser.add_argument("--head", type=int, help="lines kept from the start")
    parser.add_argument("--tail", type=int, help="lines kept from the end")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given (put it after --)")
    run = subprocess.run(
        " ".join(command),
        shell=True,
        input=args.input,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        sys.stderr.write(run.stdout + run.stderr)
        sys.exit(f"terminal_svg: the command exited with {run.returncode}")
    shown = (args.shown or " ".join(command)).split("\n")
    prompt = ["$ " + shown[0]] + ["    " + line for line in shown[1:]]
    lines = prompt + shown_lines(run.stdout + run.stderr, args.head, args.tail)
    width = max(80, max(len(line) for line in lines) + 1)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(draw(args.title, lines, width, len(prompt)))
    print(f"wrote {args.out}: {len(lines)} lines")


if __name__ == "__main__":
    main()
