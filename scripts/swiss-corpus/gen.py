#!/usr/bin/env python3
"""Generate a Swiss Dutch reference corpus with bbpPairings' random tournament generator.

For every tournament of the spec (see spec.txt and README.md) this writes a bbpPairings config,
runs `bbpPairings --dutch -g cfg.txt -o full.trf -s SEED`, cuts the whole tournament into
`round-KK.trf` (the tournament before round K: rounds 1..K-1 with recomputed scores, round K's
byes and absences kept, `XXR` and `XXC` added) and asks the engine again for round K's pairing
(`bbpPairings --dutch round-KK.trf -p`), written sorted as `round-KK.pairs` (`x 0` for the bye).

usage: gen.py --bbp PATH/bbpPairings --out DIR [--spec spec.txt] [--only NAME...]
"""
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_spec(path):
    """Lines `name seed players rounds scoring forfeit retired halfbye draw`, '#' comments."""
    out = []
    with open(path) as f:
        for line in f:
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            name, seed, players, rounds, scoring, forfeit, retired, half, draw = line
            out.append(dict(name=name, seed=int(seed), players=int(players), rounds=int(rounds),
                            scoring=scoring, forfeit=forfeit, retired=retired, half=half,
                            draw=draw))
    return out


# win, draw, loss, pairing-allocated bye (a forfeit loss and a zero-point bye score 0 in all).
SCORINGS = {"1": ("1.0", "0.5", "0.0", "1.0"), "2": ("2.0", "1.0", "0.0", "2.0"),
            "3": ("3.0", "1.0", "0.0", "3.0"), "4": ("1.0", "0.5", "0.0", "0.5"),
            "5": ("3.0", "1.0", "0.0", "1.0"), "6": ("3.0", "2.0", "1.0", "3.0")}


def config_text(t):
    win, draw, loss, pab = SCORINGS[t["scoring"]]
    lines = [f"PlayersNumber={t['players']}", f"RoundsNumber={t['rounds']}",
             f"DrawPercentage={t['draw']}", f"PointsForWin={win}", f"PointsForDraw={draw}",
             f"PointsForLoss={loss}", "PointsForZPB=0.0", "PointsForForfeitLoss=0.0",
             f"PointsForPAB={pab}"]
    # A rate of 0 in the spec means "none of these" (the generator's own default is random).
    for key, val in (("ForfeitRate", t["forfeit"]), ("RetiredRate", t["retired"]),
                     ("HalfPointByeRate", t["half"])):
        lines.append(f"{key}={val if val != '0' else '1000000'}")
    return "\n".join(lines) + "\n"


def parse_points_line(line):
    """The 162 line's codes -> points in tenths (reader of bbpPairings' own writer)."""
    pts = {"W": 10, "D": 5, "L": 0, "Z": 0, "P": None}
    body = line[5:]
    i = 0
    while i + 5 <= len(body):
        code, val = body[i], body[i + 1:i + 5]
        pts["Z" if code == "A" else code] = round(float(val) * 10)
        i += 9
    if pts["P"] is None:
        pts["P"] = pts["W"]
    return pts


def cell_points(cell, pts):
    res = cell[7] if len(cell) >= 8 else " "
    return {"1": pts["W"], "+": pts["W"], "W": pts["W"], "=": pts["D"], "D": pts["D"],
            "H": pts["D"], "0": pts["L"], "L": pts["L"], "-": pts["Z"], "Z": pts["Z"],
            "U": pts["P"], "F": pts["W"]}.get(res, 0)


def cut(full_lines, k, rounds):
    """The tournament before round k (1-based) as TRF lines."""
    pts = {"W": 10, "D": 5, "L": 0, "Z": 0, "P": 10}
    for line in full_lines:
        if line.startswith("162"):
            pts = parse_points_line(line)
    out = []
    for line in full_lines:
        if line.startswith("001"):
            # Round r's cell is columns 92+10r..99+10r: opponent (4), colour, result.
            cells = [line[91 + 10 * r:99 + 10 * r].ljust(8) for r in range(k)]
            keep = cells[:k - 1]
            last = cells[k - 1]
            if last.strip().startswith("0000") and last.strip()[-1] in "HZF":
                keep.append(last)
            score = sum(cell_points(c, pts) for c in cells[:k - 1])
            head = line[:80] + f"{score // 10:>2}.{score % 10}" + line[84:91]
            out.append((head + "".join(c + "  " for c in keep)).rstrip())
        elif line.startswith(("XXR", "142")):
            continue
        elif line.strip():
            out.append(line.rstrip())
    return out


def initial_colour(full_lines):
    """`white1` or `black1`: the colour of the first-ranked player who was paired in round 1
    (board 1's S1 player receives the initial colour)."""
    for line in full_lines:
        if line.startswith("001") and line[96:97] in ("w", "b"):
            return "black1" if line[96:97] == "b" else "white1"
    return "white1"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def make(t, bbp, out_dir):
    folder = os.path.join(out_dir, f"{t['name']}-{t['players']:03d}p-{t['rounds']:02d}r")
    os.makedirs(folder, exist_ok=True)
    cfg = os.path.join(folder, "cfg.txt")
    with open(cfg, "w") as f:
        f.write(config_text(t))
    full = os.path.join(folder, "full.trf")
    # Small fields with many rounds can run out of legal pairings; the next seed is tried then
    # (at most 20 times) and the seed used is kept in seed.txt.
    for seed in range(t["seed"], t["seed"] + 20):
        r = run([bbp, "--dutch", "-g", cfg, "-o", full, "-s", str(seed)])
        if r.returncode == 0:
            break
    if r.returncode != 0:
        print(f"{folder}: generator exit {r.returncode}: {r.stderr.strip()}", file=sys.stderr)
        return 0
    with open(os.path.join(folder, "seed.txt"), "w") as f:
        f.write(f"{seed}\n")
    with open(full, newline="") as f:
        lines = f.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")
    colour = initial_colour(lines)
    made = 0
    for k in range(1, t["rounds"] + 1):
        trf = os.path.join(folder, f"round-{k:02d}.trf")
        with open(trf, "w") as f:
            f.write("\n".join(cut(lines, k, t["rounds"]) + [f"XXR {t['rounds']}", f"XXC {colour}"]) + "\n")
        r = run([bbp, "--dutch", trf, "-p"])
        if r.returncode != 0:
            print(f"{trf}: engine exit {r.returncode}: {r.stderr.strip()}", file=sys.stderr)
            os.remove(trf)
            break
        pairs = sorted(" ".join(l.split()) for l in r.stdout.splitlines()[1:] if l.strip())
        with open(os.path.join(folder, f"round-{k:02d}.pairs"), "w") as f:
            f.write("\n".join(pairs) + "\n")
        made += 1
    return made


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bbp", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--spec", default=os.path.join(HERE, "spec.txt"))
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    total = 0
    for t in read_spec(a.spec):
        if a.only and t["name"] not in a.only:
            continue
        n = make(t, a.bbp, a.out)
        total += n
        print(f"{t['name']}: {t['players']} players, {n} rounds", flush=True)
    print(f"{total} rounds")


if __name__ == "__main__":
    main()
