#!/usr/bin/env python3
"""Make accelerated and forbidden-pair variants of corpus rounds and pair them with bbpPairings.

For every `round-KK.trf` of the input corpora (folders as `gen.py` writes them) this writes
variants, each a `NAME.trf` the engine pairs again (`bbpPairings --dutch NAME.trf -p`), its
pairing kept sorted as `NAME.pairs`; a variant the engine refuses or cannot pair is left out.
The variants of round K of tournament T (folder `T/`), for a seeded random choice:

- `baku`:  the system line `192 FIDE_DUTCH_2025_BAKU` (1/0.5/0 and 2/1/0 scoring only). The
  engine's GA is the first ceil(N/2) players where C.04.5.1 says 2*ceil(N/4); for N mod 4 in
  {1, 2} the engine is given, instead of the system line, the `250` records of the handbook's
  rule (file `baku.engine.trf`), and the variant `baku.trf` keeps the system line.
- `xxa`:   JaVaFo `XXA` records: a quarter of the players with virtual points of 0.5 to 2.0
  (in the file's scale) in some of rounds 1..K.
- `r250`:  TRF-2026 `250` records: two ranges of starting ranks with virtual points in a range
  of rounds containing K (and one range of rounds that ends before K, which must not count).
- `xxp`:   `XXP` records forbidding one to three of the boards the engine paired in round K
  (so the pairing must change), one of them as a group of three players.
- `r260`:  `260` records doing the same for rounds containing K, and one for rounds after K.

usage: extras.py --bbp PATH/bbpPairings --out DIR CORPUS... [--seed N] [--max-players N]
"""
import argparse
import os
import random
import subprocess
import sys


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def scale(lines):
    """Points of a win and a draw in tenths (the `162` line, else 1 / 0.5)."""
    win, draw, loss = 10, 5, 0
    for line in lines:
        if line.startswith("162"):
            body = line[5:]
            i = 0
            while i + 5 <= len(body):
                code, val = body[i], body[i + 1:i + 5]
                v = round(float(val) * 10)
                if code == "W":
                    win = v
                elif code == "D":
                    draw = v
                elif code == "L":
                    loss = v
                i += 9
    return win, draw, loss


def pts(v):
    return f"{v // 10:>2}.{v % 10}"


def players_of(lines):
    return sorted(int(l[4:8]) for l in lines if l.startswith("001"))


def rounds_of(lines):
    for l in lines:
        if l.startswith(("XXR", "142")):
            return int(l[3:].strip())
    return None


def baku_250(ids, rounds, win, draw):
    ga = 2 * ((len(ids) + 3) // 4)
    acc = (rounds + 1) // 2
    full = (acc + 1) // 2
    last = ids[ga - 1]
    out = [f"250      {pts(win)} {1:03d} {full:03d} {ids[0]:4d} {last:4d}"]
    if acc > full:
        out.append(f"250      {pts(draw)} {full + 1:03d} {acc:03d} {ids[0]:4d} {last:4d}")
    return out


def pairs_of(path):
    with open(path) as f:
        return [tuple(int(x) for x in l.split()) for l in f if l.strip()]


def variants(lines, k, rng, pairing):
    ids = players_of(lines)
    rounds = rounds_of(lines) or k + 1
    win, draw, loss = scale(lines)
    body = [l for l in lines if not l.startswith(("092", "192"))]
    out = {}
    if loss == 0 and 2 * draw == win:
        baku = body + ["192 FIDE_DUTCH_2025_BAKU"]
        if len(ids) % 4 in (1, 2):
            out["baku"] = (baku, body + baku_250(ids, rounds, win, draw))
        else:
            out["baku"] = (baku, baku)
    xxa = []
    for pid in rng.sample(ids, max(1, len(ids) // 4)):
        vals = [rng.choice([0, 0, draw, win, 2 * win]) for _ in range(k)]
        xxa.append(f"XXA {pid:4d}" + "".join(f" {pts(v)}" for v in vals))
    out["xxa"] = (lines + xxa,) * 2
    a, b = sorted(rng.sample(ids, 2))
    c, d = sorted(rng.sample(ids, 2))
    r250 = [f"250      {pts(win)} {max(1, k - 1):03d} {k:03d} {a:4d} {b:4d}",
            f"250      {pts(draw)} {k:03d} {rounds:03d} {c:4d} {d:4d}"]
    if k > 1:
        r250.append(f"250      {pts(2 * win)} {1:03d} {k - 1:03d} {ids[0]:4d} {ids[-1]:4d}")
    out["r250"] = (lines + r250,) * 2
    boards = [p for p in pairing if p[1] != 0]
    if boards:
        chosen = rng.sample(boards, min(len(boards), rng.choice([1, 2, 3])))
        xxp = [f"XXP {w} {b}" for w, b in chosen]
        if len(chosen) > 1:
            # One of them as a group of three: all three pairs forbidden.
            (w, b), (x, _) = chosen[0], chosen[1]
            xxp[0] = f"XXP {w} {b} {x}"
        out["xxp"] = (lines + xxp,) * 2
        r260 = [f"260 {max(1, k - 1):03d} {k:03d} {w:4d} {b:4d}" for w, b in chosen]
        (w, b) = boards[-1]
        r260.append(f"260 {k + 1:03d} {k + 2:03d} {w:4d} {b:4d}")
        out["r260"] = (lines + r260,) * 2
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bbp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--max-players", type=int, default=10**9)
    ap.add_argument("corpora", nargs="+")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    made = refused = 0
    for corpus in a.corpora:
        for d in sorted(os.listdir(corpus)):
            folder = os.path.join(corpus, d)
            if not os.path.isdir(folder):
                continue
            try:
                n = int(d.split("-")[1].rstrip("p"))
            except (IndexError, ValueError):
                continue
            if n > a.max_players:
                continue
            for f in sorted(os.listdir(folder)):
                if not (f.startswith("round-") and f.endswith(".trf")):
                    continue
                k = int(f[6:8])
                src = os.path.join(folder, f)
                ref = src[:-4] + ".pairs"
                if not os.path.exists(ref):
                    continue
                with open(src) as fh:
                    lines = [l.rstrip("\n") for l in fh if l.strip()]
                dest = os.path.join(a.out, d)
                os.makedirs(dest, exist_ok=True)
                for name, (ours, engine) in variants(lines, k, rng, pairs_of(ref)).items():
                    base = os.path.join(dest, f"round-{k:02d}.{name}")
                    eng = base + ".engine.trf" if ours is not engine else base + ".trf"
                    with open(base + ".trf", "w") as fh:
                        fh.write("\n".join(ours) + "\n")
                    if ours is not engine:
                        with open(eng, "w") as fh:
                            fh.write("\n".join(engine) + "\n")
                    r = run([a.bbp, "--dutch", eng, "-p"])
                    if r.returncode != 0:
                        refused += 1
                        for p in {base + ".trf", eng}:
                            os.remove(p)
                        continue
                    pairs = sorted(" ".join(l.split()) for l in r.stdout.splitlines()[1:]
                                   if l.strip())
                    with open(base + ".pairs", "w") as fh:
                        fh.write("\n".join(pairs) + "\n")
                    made += 1
    print(f"{made} variants paired, {refused} refused or unpairable by the engine")


if __name__ == "__main__":
    main()
