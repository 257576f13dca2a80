"""Damaged results CSVs, line-ups CSVs and one-game result arguments.

- `event result EV FILE`: the round-1 results of example 001 (60 players, CXA Swiss), damaged as
  the roster fuzzer damages a roster, plus results, rounds, boards, fouls and players changed;
- `simulate REG --roster R --results FILE -o OUT`: the same files through the simulator;
- `event lineup EV FILE`: a line-up of example 008 (team Swiss, `lineup each_round`), damaged;
- `event result EV FILE` on example 006 (a knockout of two-game mini-matches, round 1
  published): rows with a game number or playoff step changed;
- `event result EV STAGE ROUND BOARD RESULT` and `event correct ... --reason`: the arguments
  damaged one by one (empty, signs, full-width digits, huge numbers, other stages, extra or
  missing arguments);
- `event result EV FILE` (and `EV STAGE ROUND BOARD RESULT`) on example 007 (a Swiss `main`
  then a knockout `top_ko`, round 1 of `main` published): the stage of the rows named by its
  title (Chinese or English: accepted, the title is `main`'s alone), by the other stage (its
  id or title: no game of it is published), in another case; and on example 007 with both
  stages titled `积分编排` / `Swiss`: the shared title is E852, the id accepted;
- since `damage8`, a game's row again with its result spelt another way (`1-0` and `red`) or its
  Red player in capitals: one game twice, refused.

Oracle: common.oracle; the store unchanged on a refusal; no `-o` file on a refusal; the shadow
reader on every accepted file. Clap's own refusal of a typed argument (`error: invalid value`,
exit 2, nothing read) is counted apart as usage and is not a failure.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import common
import csvmut as m

RES_REQUIRED = ["stage", "round", "red", "black", "result"]
LINEUP_REQUIRED = ["stage", "round", "team", "board", "player"]
BAD = {
    "result": ["2-0", "1:0", "win", "0.5", "½", "1-1", "+", "", "1 - 0", "=="],
    "round": ["0", "-1", "two", "1.0", "99999999999", "12", "", "4294967297", "-4294967295",
              "18446744073709551617", "-0", "１", "٢", "0x1", "1e0", "01\u200b"],
    "board": ["0", "-3", "x", "999", "1.5", "4294967297", "65537", "18446744073709551617",
              "-4294967295", "３"],
    "red_fouls": ["-1", "many", "1.5", "4294967296", "18446744073709551616"],
    "black_fouls": ["-1", "x", "4294967297"],
    "game": ["0", "-1", "x", "3"],
    "stage": ["", "mian", "MAIN", "主"],
    "step": ["rapid", "x"],
    "red": ["", "nobody", "P001"],
    "black": ["", "nobody"],
}
# A knockout's mini-match: a game number or playoff step that is not the row's.
KO_BAD = dict(BAD, game=["0", "3", "-1", "x", "2.0"], step=["rapid", "blitz", "armageddon",
                                                        "x", "RAPID"])
LINEUP_BAD = {
    "board": ["0", "5", "-1", "x", "1.0"],
    "round": ["0", "x", "99"],
    "team": ["", "南京", "北京队"],
    "player": ["", "t2b1", "nobody", "t1b1"],
    "stage": ["", "groups", "mian"],
}


def filled(ev: Path, work: Path) -> bytes:
    """Round 1's waiting games of `ev`, every result 1-0, draws on even boards."""
    return common.waiting_csv(ev, lambda i: "1-0" if i % 2 else "=").encode()

def setup(work: Path):
    lines = (common.EXAMPLES / "001_nanning/roster.csv").read_text().splitlines()
    roster = work / "roster60.csv"
    roster.write_text("\n".join(lines[:61]) + "\n")
    reg = common.EXAMPLES / "001_nanning/regulation.xqr"
    ev = work / "swiss"
    for a in (["event", "new", str(ev), "--regulation", str(reg), "--roster", str(roster),
               "--seed", "2"], ["event", "pair", str(ev)]):
        assert common.run_nolang(a).rc == 0
    results = filled(ev, work)
    # A second event with round 1 recorded: for `correct`.
    done = work / "swiss_done"
    shutil.copytree(ev, done)
    (work / "r1.csv").write_bytes(results)
    assert common.run_nolang(["event", "result", str(done), str(work / "r1.csv")]).rc == 0
    team = work / "team"
    ex8 = common.EXAMPLES / "008_team_qualifier"
    assert common.run_nolang(["event", "new", str(team), "--regulation", str(ex8 / "regulation.xqr"),
                       "--roster", str(ex8 / "roster.csv"), "--seed", "1"]).rc == 0
    lineup = ("stage,round,team,board,player\n"
              "main,1,北京,1,t1b3\nmain,1,北京,2,t1b1\nmain,1,北京,3,t1b2\nmain,1,北京,4,t1b4\n"
              "main,1,上海,1,t2b2\nmain,1,上海,2,t2b1\nmain,1,上海,3,t2b3\nmain,1,上海,4,t2b4\n")
    # A knockout of mini-matches (example 006): games 1 and 2 of every match of round 1, the
    # first match drawn twice (a playoff follows), the others won.
    ko = work / "ko"
    ex6 = common.EXAMPLES / "006_knockout_cup"
    assert common.run_nolang(["event", "new", str(ko), "--regulation", str(ex6 / "regulation.xqr"),
                              "--roster", str(ex6 / "roster.csv"), "--seed", "1"]).rc == 0
    assert common.run_nolang(["event", "pair", str(ko)]).rc == 0
    ko_results = common.waiting_csv(ko, lambda i: "=" if i <= 2 else "1-0").encode()
    split = split_events(work)
    return reg, roster, ev, done, results, team, lineup.encode(), ko, ko_results, split


# Example 007's stages: what a stage cell or argument may say, and whether it names `main`
# (the stage whose round 1 is published). With the titles shared (`shared`), a title names no
# one stage (E852).
STAGE_NAMES = {"main": True, "积分编排": True, "Swiss": True, " Swiss ": True, "\u3000main": True,
               "top_ko": False, "前八名淘汰赛": False, "Top-eight knockout": False, "TOP_KO": False,
               "swiss": False, "积分": False, "Swiss\u200b": False, "Swiss Top-eight": False}


def split_events(work: Path) -> dict[str, tuple[Path, bytes]]:
    """Example 007 with round 1 of `main` published, and the same with `top_ko` titled as
    `main` is (`积分编排`, `Swiss`): each with its round-1 results (every game 1-0)."""
    ex7 = common.EXAMPLES / "007_swiss_split"
    text = (ex7 / "regulation.xqr").read_text()
    shared = text.replace('stage top_ko "前八名淘汰赛" en "Top-eight knockout"',
                          'stage top_ko "积分编排" en "Swiss"')
    assert shared != text
    out = {}
    for name, reg in (("split", text), ("shared", shared)):
        f = work / f"{name}.xqr"
        f.write_text(reg)
        ev = work / name
        for a in (["event", "new", str(ev), "--regulation", str(f), "--roster",
                   str(ex7 / "roster.csv"), "--seed", "1"], ["event", "pair", str(ev)]):
            ran = common.run_nolang(a)
            assert ran.rc == 0, ran.err
        out[name] = (ev, common.waiting_csv(ev, lambda i: "1-0").encode())
    return out


def stage_named(r: random.Random, data: bytes, shared: bool):
    """The stage cell of one row (or every row) written another way: `must` unless it still
    names `main` alone."""
    head, rows = m.parse(data)
    k = [h.lower() for h in head].index("stage")
    name = r.choice(sorted(STAGE_NAMES))
    for row in (rows if r.random() < 0.5 else [r.choice(rows)]):
        row[k] = name
    alone = STAGE_NAMES[name] and not (shared and name.strip() in ("积分编排", "Swiss"))
    return m.unparse(head, rows), f"stage written {name!r}", not alone


def mutate_csv(r: random.Random, data: bytes, bad: dict, required: list[str]):
    if r.random() < 0.4:
        return r.choice(m.BYTE_MUTATIONS)(r, data)
    head, rows = m.parse(data)
    rows = [list(x) for x in rows]
    table = m.structural(r, head, rows, required) + [
        lambda: swap_players(r, head, rows),
        lambda: cross_pair(r, head, rows),
        lambda: conflicting_row(r, head, rows),
        lambda: same_game_respelt(r, head, rows),
        lambda: bad_cell(r, head, rows, bad),
        lambda: bad_cell(r, head, rows, bad),
        lambda: bad_cell(r, head, rows, bad),
    ]
    return r.choice(table)()


def bad_cell(r, head, rows, bad):
    col = r.choice(sorted(bad))
    return m.set_cell(r, head, rows, col, bad[col], True)


def swap_players(r, head, rows):
    low = [h.lower() for h in head]
    if "red" not in low:
        return m.duplicate_row(r, head, rows)
    a, b = low.index("red"), low.index("black")
    row = r.choice(rows)
    row[a], row[b] = row[b], row[a]
    return m.unparse(head, rows), "colours the other way round", True


def cross_pair(r, head, rows):
    """A result for a game not paired: the red player of one row against the black of another
    (both published, on other boards), the row's board kept."""
    low = [h.lower() for h in head]
    if "red" not in low or len(rows) < 2:
        return m.duplicate_row(r, head, rows)
    a, b = r.sample(range(len(rows)), 2)
    k = low.index("black")
    rows[a][k] = rows[b][k]
    return m.unparse(head, rows), "a pair not paired", True


def conflicting_row(r, head, rows):
    """A game's row again with another result: which one is meant?"""
    low = [h.lower() for h in head]
    if "result" not in low:
        return m.duplicate_row(r, head, rows)
    k = low.index("result")
    row = list(r.choice(rows))
    row[k] = {"1-0": "0-1", "0-1": "=", "=": "1-0"}.get(row[k], "1-0")
    rows.insert(r.randrange(len(rows) + 1), row)
    return m.unparse(head, rows), "a game twice, another result", True


SPELLINGS = {"1-0": ["red", "RED_WINS", "1-0 "], "0-1": ["black", "Black_Wins"],
             "=": ["draw", "1/2", "½-½", "Draw"]}


def same_game_respelt(r, head, rows):
    """A game's row again with the same result spelt another way (`1-0` and `red`), or its
    players in another case (since `damage8`): one game twice, whichever row is meant."""
    low = [h.lower() for h in head]
    if "result" not in low or "red" not in low:
        return m.duplicate_row(r, head, rows)
    k, red = low.index("result"), low.index("red")
    row = list(r.choice(rows))
    if r.random() < 0.5 and row[k] in SPELLINGS:
        row[k] = r.choice(SPELLINGS[row[k]])
    else:
        row[red] = row[red].upper()
    rows.insert(r.randrange(len(rows) + 1), row)
    return m.unparse(head, rows), "a game twice, spelt another way", True


ARG_BAD = ["", "0", "-1", "+1", "１", " 1", "1.0", "99999999999999999999", "main ", "MAIN", "主",
           "x" * 10000, "许银川", "\u202e1", "1-0", "=", "-+", "½-½", "2-0", "red", "999",
           "4294967297", "18446744073709551617", "-0", "0x1", "1e0", "-4294967295"]


def mutate_args(r: random.Random, good: list[str]):
    args = list(good)
    what = r.choice(["replace", "replace", "replace", "drop", "extra"])
    if what == "replace":
        k = r.randrange(len(args))
        args[k] = r.choice(ARG_BAD)
        label = f"argument {k} = {args[k][:12]!r}"
    elif what == "drop":
        k = r.randrange(len(args))
        del args[k]
        label = f"argument {k} dropped"
    else:
        args.insert(r.randrange(len(args) + 1), r.choice(ARG_BAD))
        label = "an argument more"
    # Damaged when the arguments are not four values each of its place takes.
    must = not (len(args) == 4 and all(valid(k, v.strip()) for k, v in enumerate(args)))
    return args, label, must


def valid(k: int, v: str) -> bool:
    """Argument `k` (stage, round, board, result) of a game example 001 published."""
    if k == 0:
        return v == "main"
    if k == 1:
        return v in ("1", "+1")
    if k == 2:
        return v.lstrip("+").isascii() and v.lstrip("+").isdigit() and 1 <= int(v) <= 30
    return v.lower() in m.RESULT


def usage(ran: common.Ran) -> bool:
    """A usage error, exit 2 before anything is read: clap's refusal of an argument (`error:`),
    or `event result`'s own (a ROUND or BOARD that is no number, not four arguments)."""
    return ran.rc == 2 and (ran.err.startswith(("error:", "错误：")) or "(usage: " in ran.err
                            or "（用法：" in ran.err
                            or "give a results CSV, or STAGE ROUND BOARD RESULT" in ran.err
                            or "给出成绩 CSV" in ran.err)


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    """The fuzzer's loop (common.fuzz runs it, cleans `work` and sums up)."""
    reg, roster, ev, done, results, team, lineup, ko, ko_results, split = setup(work)
    usage_n = 0
    for n in range(args.cases):
        target = r.choice(["result", "result", "simulate", "lineup", "lineup", "args",
                           "args", "knockout", "knockout", "split", "shared"])
        case = work / f"case{n}"
        case.mkdir()
        store = before = None
        outputs: tuple[Path, ...] = ()
        keep: dict[str, bytes] = {}
        data = None
        if target in ("split", "shared"):
            sev, sdata = split[target]
            store = shutil.copytree(sev, case / "ev")
            before = common.tree_hash(store)
            if r.random() < 0.3:
                # One game by its arguments: the stage written as a row would write it.
                name = r.choice(sorted(STAGE_NAMES))
                a = [name, "1", str(r.randint(1, 8)), "1-0"]
                must = not STAGE_NAMES[name] or (target == "shared"
                                                 and name.strip() in ("积分编排", "Swiss"))
                label = f"{target} one game, stage {name!r}"
                ran = common.run(["event", "result", str(store), *a])
                places, shadow = (), None
                keep["args.txt"] = "\n".join(a).encode()
            else:
                if r.random() < 0.7:
                    data, label, must = stage_named(r, sdata, target == "shared")
                else:
                    data, label, must = mutate_csv(r, sdata, BAD, RES_REQUIRED)
                label = f"{target}: {label}"
                f = case / "results.csv"
                f.write_bytes(data)
                keep["results.csv"] = data
                ran = common.run(["event", "result", str(store), str(f)])
                places = ("results.csv",)
                # The shadow reader knows no stage: the stage cell is the binary's to read.
                shadow = (m.RESULTS_COLUMNS, m.RESULTS_TYPES, RES_REQUIRED, None)
        elif target in ("result", "simulate", "knockout"):
            # Example 001's round 1, or the knockout's mini-matches (example 006).
            knockout = target == "knockout"
            data, label, must = mutate_csv(r, ko_results if knockout else results,
                                           KO_BAD if knockout else BAD, RES_REQUIRED)
            f = case / "results.csv"
            f.write_bytes(data)
            keep["results.csv"] = data
            if target != "simulate":
                store = shutil.copytree(ko if knockout else ev, case / "ev")
                before = common.tree_hash(store)
                ran = common.run(["event", "result", str(store), str(f)])
            else:
                out = case / "out.json"
                outputs = (out,)
                # Simulate does not know which games event published: round 1 of seed 2.
                ran = common.run(["simulate", str(reg), "--roster", str(roster), "--results",
                                  str(f), "--seed", "2", "--format", "json", "-o", str(out)])
            places = ("results.csv",)
            shadow = (m.RESULTS_COLUMNS, m.RESULTS_TYPES, RES_REQUIRED, None)
        elif target == "lineup":
            data, label, must = mutate_csv(r, lineup, LINEUP_BAD, LINEUP_REQUIRED)
            f = case / "lineup.csv"
            f.write_bytes(data)
            keep["lineup.csv"] = data
            store = shutil.copytree(team, case / "ev")
            before = common.tree_hash(store)
            ran = common.run(["event", "lineup", str(store), str(f)])
            places = ("lineup.csv",)
            shadow = (m.LINEUPS_COLUMNS, m.LINEUPS_TYPES, LINEUP_REQUIRED, None)
        else:
            correct = r.random() < 0.3
            src = done if correct else ev
            store = shutil.copytree(src, case / "ev")
            before = common.tree_hash(store)
            board = str(r.randint(1, 30))
            good = ["main", "1", board, "0-1" if correct else "1-0"]
            a, label, must = mutate_args(r, good)
            if correct:
                ran = common.run(["event", "correct", str(store), *a, "--reason", "fuzz"])
                label = "correct " + label
            else:
                ran = common.run(["event", "result", str(store), *a])
            places = ()
            shadow = None
            keep["args.txt"] = "\n".join(a).encode()
        if usage(ran):
            usage_n += 1
            problems = []
            if store is not None and common.tree_hash(store) != before:
                problems.append("usage error but the store changed")
        else:
            problems = common.oracle(ran, must_refuse=must, places=places, store=store,
                                     store_before=before, outputs=outputs)
        if ran.rc == 0 and shadow and data is not None:
            why = m.shadow(data, *shadow)
            if why:
                problems.append(f"accepted: {why}")
        tally.record(f"{target}: {label}", ran, problems, keep)
        common.clean(case)
    print(f"(of which {usage_n} refused by the argument parser, exit 2)")

if __name__ == "__main__":
    common.fuzz("results", 1500, __doc__, cases)
