#!/usr/bin/env python3
"""Pair every round of a generated corpus with `xqreg pair --system dutch` and compare with the
engine's pairing (order-insensitive by line). Prints one line per differing round and a summary;
exit 1 if any round differs.

usage: compare.py --xqreg PATH/xqreg --corpus DIR [--max-players N] [--list FILE]
"""
import argparse
import os
import subprocess
import sys


def lines_of(text, drop_count):
    lines = [" ".join(l.split()) for l in text.splitlines() if l.strip()]
    return set(lines[1:] if drop_count else lines)


def players_in(name):
    try:
        return int(name.split("-")[1].rstrip("p"))
    except (IndexError, ValueError):
        return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--xqreg", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--max-players", type=int, default=10**9)
    ap.add_argument("--list", help="write the differing rounds' paths here")
    a = ap.parse_args()
    total, differ, tournaments = 0, [], 0
    for d in sorted(os.listdir(a.corpus)):
        folder = os.path.join(a.corpus, d)
        if not os.path.isdir(folder) or players_in(d) > a.max_players:
            continue
        rounds = sorted(f for f in os.listdir(folder) if f.startswith("round-") and f.endswith(".trf"))
        if rounds:
            tournaments += 1
        for f in rounds:
            trf = os.path.join(folder, f)
            pairs = trf[:-4] + ".pairs"
            if not os.path.exists(pairs):
                continue
            total += 1
            r = subprocess.run([a.xqreg, "pair", "--system", "dutch", trf], capture_output=True,
                               text=True)
            want = lines_of(open(pairs).read(), False)
            if r.returncode != 0:
                differ.append(trf)
                print(f"{trf}: exit {r.returncode}: {r.stderr.strip()[:300]}", flush=True)
                continue
            got = lines_of(r.stdout, True)
            if got != want:
                differ.append(trf)
                print(f"{trf}: got {sorted(got - want)} expected {sorted(want - got)}", flush=True)
    print(f"{tournaments} tournaments, {total} rounds, {len(differ)} differ")
    if a.list:
        with open(a.list, "w") as f:
            f.write("".join(p + "\n" for p in differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
