#!/usr/bin/env python3
"""Write spec.txt: the tournaments of the generated corpus, drawn from one master seed so that
the spec itself is reproducible (`make_spec.py --seed 2026 --count 300 > spec.txt`)."""
import argparse
import random

ap = argparse.ArgumentParser()
ap.add_argument("--seed", type=int, default=2026)
ap.add_argument("--count", type=int, default=300)
a = ap.parse_args()
rng = random.Random(a.seed)
print(f"# make_spec.py --seed {a.seed} --count {a.count}")
print("# name seed players rounds scoring forfeit retired halfbye draw")
print("# scoring 1 = 1/0.5/0, 2 = 2/1/0, 3 = 3/1/0; rates are one per N (0 = none); draw in %")
for i in range(a.count):
    u = rng.random()
    players = (rng.randint(9, 64) if u < 0.75 else rng.randint(65, 200) if u < 0.93
               else rng.randint(201, 500))
    rounds = rng.randint(5, 13)
    scoring = rng.choices("123", weights=[6, 2, 2])[0]
    forfeit = 0 if rng.random() < 0.15 else rng.randint(4, 25)
    retired = 0 if rng.random() < 0.2 else rng.randint(4, 40)
    half = 0 if rng.random() < 0.2 else rng.randint(3, 30)
    draw = rng.randint(10, 50)
    seed = rng.randint(1, 2**31 - 1)
    print(f"g{i:03d} {seed} {players} {rounds} {scoring} {forfeit} {retired} {half} {draw}")
