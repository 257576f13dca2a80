#!/usr/bin/env python3
"""Make TRFs of a large Swiss field for measuring `xqreg pair` (the reference engine needs
minutes a round at 1,000 players, so these rounds are paired by xqreg itself and are not a
reference): N players rated from 2700 down, rounds 1..K-1 each paired by `xqreg pair --system
dutch` and given seeded results (the higher-rated player wins 45 %, draws 20 %, loses 35 %),
`OUT/scale-NNNNp-rKK.trf` written before every round K (1/0.5/0 points, `XXR TOTAL`).

usage: scale_trf.py XQREG N K TOTAL OUT      (seed 13100 + N)

Then e.g. `/usr/bin/time -v xqreg pair --system dutch OUT/scale-3000p-r02.trf`.
"""
import random
import subprocess
import sys

xq, n, k, total, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rng = random.Random(13100 + n)
cells = {i: [] for i in range(1, n + 1)}
half_points = {i: 0 for i in range(1, n + 1)}
rating = {i: 2700 - (i * 1500) // n for i in range(1, n + 1)}


def write(path):
    lines = ["012 Scale Test", "092 FIDE_DUTCH_2025"]
    for i in range(1, n + 1):
        head = f"001 {i:>4}      Test{i:04d} Player{i:04d}".ljust(48) + f"{rating[i]:>4}"
        pts = half_points[i]
        head = head.ljust(80) + f"{pts // 2:>2}.{5 if pts % 2 else 0} {i:>4}"
        lines.append((head.ljust(91) + "".join(c + "  " for c in cells[i])).rstrip())
    lines += [f"XXR {total}", "XXC white1"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


for r in range(1, k):
    path = f"{out}/scale-{n}p-r{r:02d}.trf"
    write(path)
    p = subprocess.run([xq, "pair", "--system", "dutch", path], capture_output=True, text=True,
                       check=True)
    for line in p.stdout.splitlines()[1:]:
        white, black = map(int, line.split())
        if black == 0:
            cells[white].append("0000 - U")
            half_points[white] += 2
            continue
        u = rng.random()
        hi, lo = min(white, black), max(white, black)
        got = {hi: 2, lo: 0} if u < 0.45 else {hi: 1, lo: 1} if u < 0.65 else {hi: 0, lo: 2}
        for me, opp, colour in ((white, black, "w"), (black, white, "b")):
            cells[me].append(f"{opp:>4} {colour} {'0=1'[got[me]]}")
            half_points[me] += got[me]
write(f"{out}/scale-{n}p-r{k:02d}.trf")
