"""Damaged FIDE TRF files through `xqreg pair` (the one command that reads a TRF).

Bases: the tournaments of tests/fixtures/trf (the `t01-*` files that pair) and the TRF that
`simulate --trf` writes for example 001, its `XXR` raised so that a round is left to pair.
Damage: bytes flipped, cut, lines deleted or doubled, a column shifted, a rank, an opponent,
a result letter, a colour or the points changed, GBK/UTF-16 bytes, NUL, CRLF/CR, a BOM, a line of
100 000 characters, records added (`XXA`, `XXP`, `XXR`, `XXC`, `092`, `250`, `260`, `013`) with
good and bad values, `XXR` below the rounds the lines hold, a rating past four digits. Each file is paired by `--system dutch` or `cxa`, in the engine, human or
JSON format. Oracle: common.oracle; `must_refuse` for NUL, another encoding, a repeated rank, an
opponent who is not in the file.
"""

from __future__ import annotations

import random
from pathlib import Path

import common
import csvmut as m

RECORDS = ["XXA 1 2 3", "XXA x", "XXP 1 2", "XXP 1 1", "XXP 1 99999", "XXR 0", "XXR 99999999999",
           "XXR -1", "XXC white1", "XXC black1", "XXC purple", "092 FIDE_DUTCH_2025",
           "092 BAKU", "250 1.0 1", "250 x", "260 1 2", "013 Team 1 2", "XXS W=1 D=0.5",
           "XXS W=x", "012 " + "名" * 40, "XXZ 1", "XXB 1", "300 x"]


def bases(work: Path) -> list[tuple[str, bytes]]:
    out = []
    fx = common.ROOT / "tests/fixtures/trf"
    for p in sorted(fx.glob("t01-*.trf")):
        out.append((p.name, p.read_bytes()))
    trf_dir = work / "trf"
    ran = common.run_nolang(["simulate", str(common.EXAMPLES / "001_nanning/regulation.xqr"),
                      "--roster", str(common.EXAMPLES / "001_nanning/roster.csv"), "--seed", "4",
                      "--trf", str(trf_dir), "-o", str(work / "sim.txt")])
    assert ran.rc == 0, ran.err
    for p in sorted(trf_dir.glob("*.trf")):
        text = p.read_text()
        lines = [l for l in text.splitlines() if not l.startswith("XXR")]
        out.append((p.name, ("\n".join(lines) + "\nXXR 12\n").encode()))
    return out


def player_lines(lines: list[bytes]) -> list[int]:
    return [i for i, l in enumerate(lines) if l.startswith(b"001")]


def mutate(r: random.Random, data: bytes):
    lines = data.split(b"\n")
    players = player_lines(lines)
    pick = r.randrange(20)
    if pick >= 18:
        return declared_rounds_or_rating(r, lines, players)
    if pick >= 16:
        return asymmetric(r, lines, players)
    if pick < 5:
        return r.choice([m.byte_flip, m.byte_flip, m.truncate, m.bom, m.line_ends,
                         m.other_encoding, m.nul, m.empty])(r, data)
    if pick == 5:
        del lines[r.randrange(len(lines))]
        return b"\n".join(lines), "line deleted", False
    if pick == 6:
        i = r.choice(players)
        lines.insert(i, lines[i])
        return b"\n".join(lines), "player line twice", True
    if pick == 7:
        i = r.choice(players)
        at = r.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + r.choice([b" ", b"  ", b"x", b"\t"]) + lines[i][at:]
        return b"\n".join(lines), f"column shifted at {at}", False
    if pick == 8:
        i = r.choice(players)
        l = bytearray(lines[i])
        # The rank (columns 5-8) or an opponent (the first 4 of each 10-column round block).
        spots = [(4, 8)] + [(91 + 10 * k, 95 + 10 * k) for k in range((len(l) - 91) // 10 + 1)]
        a, b = r.choice(spots)
        if b <= len(l):
            l[a:b] = r.choice([b"   0", b"9999", b"  -1", b"  x1", b"    ", b"0000", b"  99"])
        return bytes(l), "rank or opponent changed", False
    if pick == 9:
        i = r.choice(players)
        l = bytearray(lines[i])
        blocks = [96 + 10 * k for k in range((len(l) - 96) // 10 + 1) if 96 + 10 * k < len(l)]
        if blocks:
            at = r.choice(blocks) + r.choice([0, 2])
            if at < len(l):
                l[at] = ord(r.choice("wb-xWBZ+=10HFUDLX?"))
        lines[i] = bytes(l)
        return b"\n".join(lines), "colour or result changed", False
    if pick == 10:
        i = r.choice(players)
        l = bytearray(lines[i])
        if len(l) >= 84:
            l[80:84] = r.choice([b"99.0", b" x.5", b"-1.0", b"    ", b"1.25", b"0.0 "])
        lines[i] = bytes(l)
        return b"\n".join(lines), "points changed", False
    if pick == 11:
        lines.insert(r.randrange(len(lines) + 1), r.choice(RECORDS).encode())
        return b"\n".join(lines), "record added", False
    if pick == 12:
        i = r.choice(players)
        lines[i] = lines[i] + b" " * r.choice([1, 10, 100_000])
        return b"\n".join(lines), "line made long", False
    if pick == 13:
        i = r.choice(players)
        lines[i] = lines[i][: r.randrange(len(lines[i]))]
        return b"\n".join(lines), "player line cut", False
    if pick == 14:
        i = r.choice(players)
        l = lines[i].decode("utf-8", "replace")
        name = "".join(r.choice("许银川王天一ｐ\u200b\u202eé") for _ in range(5))
        l = l[:14] + name + l[14 + len(name):]
        lines[i] = l.encode()
        return b"\n".join(lines), "name of other characters", False
    # A copy of the whole file after itself: every rank twice.
    return data + b"\n" + data, "file twice", True


def played(lines: list[bytes], players: list[int]) -> int:
    """How many rounds the player lines hold (10-column blocks from column 92)."""
    return max(((len(lines[i].rstrip()) - 91 + 9) // 10 for i in players), default=0)


def declared_rounds_or_rating(r: random.Random, lines: list[bytes], players: list[int]):
    """`XXR` below the rounds the lines hold (or as many: no round left), or a rating of five or
    more digits that runs into the columns around it (the rating is columns 49-52)."""
    if r.random() < 0.5:
        n = played(lines, players)
        lines = [l for l in lines if not l.startswith(b"XXR")]
        # Below the rounds a line holds: that round is past the file's end. (As many is no
        # damage where the last block is a bye set for the round to pair.)
        k = r.choice([k for k in (0, 1, n - 1, n - 1) if 0 <= k < n] or [0])
        lines.append(b"XXR %d" % k)
        return b"\n".join(lines), f"XXR {k} with {n} rounds in the lines", k < n
    i = r.choice(players)
    l = bytearray(lines[i])
    if len(l) < 57:
        return b"\n".join(lines), "player line short", False
    rating = r.choice([b"25555", b"125555", b"99999", b"2555.5", b"-2555", b"\xef\xbc\x92555"])
    # Right-aligned to column 52 (the five digits reach column 48, the name's blank), or
    # left-aligned from column 49 (into column 53, the federation's blank).
    if r.random() < 0.5:
        l[52 - len(rating):52] = rating
    else:
        l[48:48 + len(rating)] = rating
    lines[i] = bytes(l)
    return b"\n".join(lines), f"rating {rating!r}", True


def asymmetric(r: random.Random, lines: list[bytes], players: list[int]):
    """A game the two lines tell differently: the opponent's line names another opponent, the same
    colour, the same result (both won), or a rank out of the field's range in a full-width or
    huge number. Each is a round not played as written: refused."""
    by_rank = {}
    for i in players:
        try:
            by_rank[int(lines[i][4:8])] = i
        except ValueError:
            pass
    games = []
    for i in players:
        l = lines[i]
        for k in range((len(l) - 91) // 10 + 1):
            a = 91 + 10 * k
            try:
                opp = int(l[a:a + 4])
            except ValueError:
                continue
            if opp in by_rank and len(l) >= a + 8 and l[a + 5:a + 6] in b"wb" and \
                    l[a + 7:a + 8] in b"10=":
                games.append((i, k, by_rank[opp]))
    if not games:
        return b"\n".join(lines), "no game to tell otherwise", False
    i, k, j = r.choice(games)
    a = 91 + 10 * k
    other = bytearray(lines[j])
    if len(other) < a + 8:
        return b"\n".join(lines), "opponent's line short", False
    what = r.choice(["opponent", "colour", "result", "rank"])
    mine = lines[i]
    if what == "opponent":
        ranks = [n for n in by_rank if n not in (int(mine[4:8]), int(other[4:8]))]
        if not ranks:
            return b"\n".join(lines), "no third player", False
        other[a:a + 4] = b"%4d" % r.choice(ranks)
    elif what == "colour":
        other[a + 5] = mine[a + 5]
    elif what == "result":
        other[a + 7] = mine[a + 7] if mine[a + 7:a + 8] != b"=" else ord("1")
    else:
        other[4:8] = r.choice([b"\xef\xbc\x91".rjust(4), b"9999", b"  -0", b"+  1"])[:4]
    lines[j] = bytes(other)
    return b"\n".join(lines), f"the two sides of a game differ ({what})", True


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    """The fuzzer's loop (common.fuzz runs it, cleans `work` and sums up)."""
    files = bases(work)
    for n in range(args.cases):
        name, base = r.choice(files)
        data, label, must = mutate(r, base)
        f = work / "in.trf"
        f.write_bytes(data)
        system = r.choice(["dutch", "cxa"])
        fmt = r.choice(["engine", "human", "json"])
        ran = common.run(["pair", "--system", system, "--format", fmt, str(f)])
        # `pair` says exit 2 for what is not available (CXA with an XXA/XXP record).
        if ran.rc == 2 and system == "cxa" and ("XXA" in ran.err or "XXP" in ran.err):
            tally.record(f"{name}: {label}", ran, [], {})
            continue
        problems = common.oracle(ran, must_refuse=must, places=("in.trf",))
        tally.record(f"{name} {system} {fmt}: {label}", ran, problems, {"in.trf": data})

if __name__ == "__main__":
    common.fuzz("trf", 1500, __doc__, cases)
