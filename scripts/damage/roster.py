"""Damaged roster CSVs through `simulate --roster`, `event new --roster` and `event enter`.

Each case takes an example's roster (or the late entrants of example 001), damages it one way
(csvmut: bytes flipped, cut, BOM, CR/CRLF, GBK/UTF-16, NUL, columns dropped/doubled/added,
headers renamed, rows ragged, a quote left open, huge cells, formulas, values out of range, ids
twice) and runs one of the three commands on it. Oracle: common.oracle, plus the shadow reader
(csvmut.shadow) on every accepted file, plus for `simulate -o OUT --trf DIR` neither OUT nor DIR on a refusal, for
`event new` no store on a refusal, for `event enter` the store unchanged on a refusal.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import common
import csvmut as m

REQUIRED = ["id", "name"]
EXAMPLES = ["000_huaian", "001_nanning", "005_team_league", "006_knockout_cup",
            "010_city_rapid", "004_zhouzhuang"]

BAD_VALUES = {
    "rating": ["abc", "-5", "10000", "2650.5", "2 650", "2650x", "０", "1e3", "99999", "NaN",
               "0x10", "-0", "２６５０", "٢٦٥٠", "4294967296", "18446744073709551617", "2_650",
               "+-5", "inf", "2650\u200b"],
    "born": ["2025-02-30", "0000-01-01", "1975/08/03", "75-08-03", "1899-12-31", "1975-13-01",
             "1975-8-3", "yesterday", "2000-02-30", "19750803", "2026-02-29", "1900-02-29",
             "2026-02-30", "2026-04-31", "1975-00-10", "1975-01-00", "1975-01-32",
             "+1975-01-01", "１９７５-01-01", "1975-01-01T00:00", "1975-01-01 10:00",
             "-1975-01-01", "99999-01-01"],
    "sex": ["x", "unknown", "mf", "男女", "0", "1"],
    "title": ["GM", "grand master", "zzz", "特级", "5"],
    "order": ["-1", "one", "1.5", "99999999999", "4294967296", "18446744073709551616", "-0"],
    "grade": ["0", "10", "x", "-1"],
    "school_year": ["0", "13", "x"],
    "qualified": ["0", "-1", "first", "4294967297", "-4294967295"],
    "id": [""],
    "name": [""],
}
GOOD_VALUES = {
    "rating": ["0", "9999", "+2650", " 2600 "],
    "born": ["1900-01-01", "2000-02-29", "2024-02-29"],
    "sex": ["M", "Female", "女子"],
    "title": ["特大", "Grandmaster", "象棋大师"],
}


def mutate(r: random.Random, data: bytes):
    """One damaged roster."""
    pick = r.random()
    if pick < 0.4:
        return r.choice(m.BYTE_MUTATIONS)(r, data)
    head, rows = m.parse(data)
    rows = [list(x) for x in rows]
    table = m.structural(r, head, rows, REQUIRED) + [
        lambda: dup_id(r, head, rows),
        lambda: bad_value(r, head, rows),
        lambda: bad_value(r, head, rows),
        lambda: good_value(r, head, rows),
    ]
    return r.choice(table)()


def bad_value(r, head, rows):
    col = r.choice(sorted(BAD_VALUES))
    return m.set_cell(r, head, rows, col, BAD_VALUES[col], True)


def good_value(r, head, rows):
    col = r.choice(sorted(GOOD_VALUES))
    return m.set_cell(r, head, rows, col, GOOD_VALUES[col], False)


def dup_id(r, head, rows):
    if len(rows) < 2:
        return m.duplicate_row(r, head, rows)
    k = [h.lower() for h in head].index("id")
    a, b = r.sample(range(len(rows)), 2)
    v = rows[a][k]
    wide = v.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})
    # The same id as a person reads it: in another case, in full-width letters, with spaces
    # around it (not read), of any width, or with a character nobody sees.
    rows[b][k] = r.choice([v, v.upper(), wide, wide.upper(), f" {v}", f"{v}\u3000",
                           f"\u00a0{v.upper()}", v.swapcase(), f"{v}\u200b", f"\u2060{v}",
                           f"{v[:1]}\u200d{v[1:]}", f"\u202e{v}"])
    return m.unparse(head, rows), f"id {v!r} twice", True


def enter_template(work: Path) -> tuple[Path, bytes]:
    """Example 001 with 60 players and late entry, round 1 played; the rows 61-70 to enter."""
    lines = (common.EXAMPLES / "001_nanning/roster.csv").read_text().splitlines()
    reg = (common.EXAMPLES / "001_nanning/regulation.xqr").read_text().replace(
        "\n    swiss cxa rounds 11\n",
        "\n    swiss cxa rounds 11\n    late_entry until round 3 missed half\n")
    (work / "late.xqr").write_text(reg)
    (work / "first.csv").write_text("\n".join(lines[:61]) + "\n")
    ev = work / "template"
    for args in (["event", "new", str(ev), "--regulation", str(work / "late.xqr"), "--roster",
                  str(work / "first.csv"), "--seed", "2"], ["event", "pair", str(ev)]):
        ran = common.run_nolang(args)
        assert ran.rc == 0, ran.err
    (work / "r1.csv").write_text(common.waiting_csv(ev, lambda i: "1-0"))
    ran = common.run_nolang(["event", "result", str(ev), str(work / "r1.csv")])
    assert ran.rc == 0, ran.err
    return ev, ("\n".join([lines[0], *lines[61:71]]) + "\n").encode()


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    """The fuzzer's loop (common.fuzz runs it, cleans `work` and sums up)."""
    ev_template, entrants = enter_template(work)
    for n in range(args.cases):
        target = r.choice(["simulate", "simulate", "new", "enter", "enter"])
        case = work / f"case{n}"
        case.mkdir()
        if target == "enter":
            base, reg, ex = entrants, None, "enter"
        else:
            ex = r.choice(EXAMPLES if target == "simulate" else EXAMPLES[:3])
            base = (common.EXAMPLES / ex / "roster.csv").read_bytes()
            reg = common.EXAMPLES / ex / "regulation.xqr"
        data, label, must = mutate(r, base)
        roster = case / "roster.csv"
        roster.write_bytes(data)
        label = f"{target} {ex}: {label}"
        store = before = None
        outputs: tuple[Path, ...] = ()
        if target == "simulate":
            out, trf = case / "out.json", case / "trf"
            ran = common.run(["simulate", str(reg), "--roster", str(roster), "--seed", "3",
                              "--format", "json", "-o", str(out), "--trf", str(trf)])
            outputs = (out, trf)
        elif target == "new":
            store = case / "ev"
            before = common.tree_hash(store)
            ran = common.run(["event", "new", str(store), "--regulation", str(reg),
                              "--roster", str(roster), "--seed", "3"])
        else:
            store = case / "ev"
            shutil.copytree(ev_template, store)
            before = common.tree_hash(store)
            ran = common.run(["event", "enter", str(store), str(roster)])
        problems = common.oracle(ran, must_refuse=must, places=("roster.csv",),
                                 store=store, store_before=before, outputs=outputs)
        if ran.rc == 0:
            why = m.shadow(data, m.ROSTER_COLUMNS, m.ROSTER_TYPES, REQUIRED, "id")
            if why:
                problems.append(f"accepted: {why}")
        tally.record(label, ran, problems, {"roster.csv": data})
        common.clean(case)

if __name__ == "__main__":
    common.fuzz("roster", 2000, __doc__, cases)
