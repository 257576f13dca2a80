#!/usr/bin/env python3
"""Write spec.txt: the tournaments of the generated corpus, drawn from one master seed so that
the spec itself is reproducible (`make_spec.py --seed 2026 --count 300 > spec.txt`).

`--shape hard` draws the cases where pairings are tight or unusual instead: small fields with
many rounds, dense forfeits, absences and half-point byes, 2/1/0 and 3/1/0 scoring (60 %), and
large fields (300-1000 players) for a few rounds."""
import argparse
import random

ap = argparse.ArgumentParser()
ap.add_argument("--seed", type=int, default=2026)
ap.add_argument("--count", type=int, default=300)
ap.add_argument("--shape", choices=["spread", "hard"], default="spread")
# The scorings to draw from (gen.py's SCORINGS); the default keeps older specs reproducible.
ap.add_argument("--scorings", default="123")
a = ap.parse_args()
rng = random.Random(a.seed)
opts = "" if a.shape == "spread" else f" --shape {a.shape}"
opts += "" if a.scorings == "123" else f" --scorings {a.scorings}"
print(f"# make_spec.py --seed {a.seed} --count {a.count}{opts}")
print("# name seed players rounds scoring forfeit retired halfbye draw")
print("# scoring 1 = 1/0.5/0, 2 = 2/1/0, 3 = 3/1/0, 4 = 1/0.5/0 with a half-point pairing-allocated")
print("# bye, 5 = 3/1/0 with a 1-point pairing-allocated bye, 6 = 3/2/1 (a forfeit or bye loses 0);")
print("# rates are one per N (0 = none); draw in %")


def scoring_of(weights):
    """One scoring code; the weights are for 1, 2 and 3, any other code drawn equally."""
    if a.scorings == "123":
        return rng.choices("123", weights=weights)[0]
    return rng.choice(a.scorings)


def hard():
    """One tournament of the hard shape: (players, rounds, scoring, forfeit, retired, half, draw)."""
    u = rng.random()
    if u < 0.6:
        # Small fields, many rounds: the last rounds run near the end of the legal pairings.
        players = rng.randint(7, 24)
        rounds = rng.randint(max(5, players // 2), min(13, players - 1))
    elif u < 0.85:
        players = rng.randint(25, 120)
        rounds = rng.randint(7, 13)
    else:
        players = rng.randint(300, 1000)
        rounds = rng.randint(3, 5)
    scoring = scoring_of([4, 3, 3])
    forfeit = rng.randint(2, 8)
    retired = rng.randint(2, 8)
    half = rng.randint(1, 6)
    draw = rng.choice([0, 5, 30, 60, 90])
    return players, rounds, scoring, forfeit, retired, half, draw


for i in range(a.count):
    if a.shape == "hard":
        players, rounds, scoring, forfeit, retired, half, draw = hard()
        seed = rng.randint(1, 2**31 - 1)
        print(f"g{i:03d} {seed} {players} {rounds} {scoring} {forfeit} {retired} {half} {draw}")
        continue
    u = rng.random()
    players = (rng.randint(9, 64) if u < 0.75 else rng.randint(65, 200) if u < 0.93
               else rng.randint(201, 500))
    rounds = rng.randint(5, 13)
    scoring = scoring_of([6, 2, 2])
    forfeit = 0 if rng.random() < 0.15 else rng.randint(4, 25)
    retired = 0 if rng.random() < 0.2 else rng.randint(4, 40)
    half = 0 if rng.random() < 0.2 else rng.randint(3, 30)
    draw = rng.randint(10, 50)
    seed = rng.randint(1, 2**31 - 1)
    print(f"g{i:03d} {seed} {players} {rounds} {scoring} {forfeit} {retired} {half} {draw}")
