"""Writes cut short: `kill -9` at a random moment of a command that writes, then what is left.

Principle 2's "nothing half-written" under a kill, not under bad input. Each case starts one
command that writes, sends SIGKILL to it after a random delay (from 0 to a little over the time
the command takes whole, measured first), and looks at what it leaves:

- `sheet FILE --format html|pdf -o OUT` over an OUT written before: OUT is the old file or the
  whole new one (byte for byte what an uncut run writes), never a mix or a cut file;
- `event result DIR FILE`, `event pair DIR`, `event result DIR S R B RES`, `event withdraw`
  on a copy of a template event (example 001, 60 players, round 1 played, round 2 published):
  the store is the event as it was or as the command leaves it (`event games --format csv`
  and `event status` say the one or the other) and `event verify` passes on it;
- `event new DIR`: DIR holds no store (and `event new` can be run again), or the whole event;
- `event publish DIR -o SITE` over a site published before: SITE is the old site or the whole
  new one, and the next publish (uncut) removes the `.SITE.publishing` a kill left and writes
  the whole site.

A temporary file a kill leaves beside OUT (`.xqreg-*.tmp`, which no kill can clean up) is
counted, not a failure: it is never the file asked for. Since `damage5` the next write cleans
up: after a kill that left one, the sheet is written again uncut and no `.xqreg-*.tmp` may be
left; after every event case (once its store was read, or `event new` run again), no
`.event.sqlite.new` (or its journal) may be left.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import time
from pathlib import Path

import common
import store as store_fuzz


def start(args: list[str]) -> subprocess.Popen:
    env = dict(os.environ, NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    return subprocess.Popen([str(common.binary()), *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def killed_after(args: list[str], delay: float) -> tuple[common.Ran, bool]:
    """Run `xqreg ARGS`, SIGKILL after `delay` s; (the run, whether the kill came first)."""
    p = start(args)
    t0 = time.monotonic()
    try:
        out, err = p.communicate(timeout=delay)
        return common.Ran(args, p.returncode, out, err, time.monotonic() - t0), False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return common.Ran(args, p.returncode, out, err, time.monotonic() - t0), True


def timed(args: list[str]) -> tuple[float, common.Ran]:
    t0 = time.monotonic()
    ran = common.run_nolang(args)
    return time.monotonic() - t0, ran


def view(ev: Path) -> tuple[bytes, bytes]:
    g = common.run_nolang(["event", "games", str(ev), "--format", "csv"])
    s = common.run_nolang(["event", "status", str(ev)])
    # The directory named (a refusal names it) is the case's own.
    at = str(ev).encode()
    return (g.stdout + g.stderr).replace(at, b"EV"), (s.stdout + s.stderr).replace(at, b"EV")


def event_commands(work: Path, template: Path):
    """The event commands that write, each a function of the event folder; and the template
    with round 2 complete, which `pair` needs (store.py's template otherwise)."""
    cmds = {
        "result FILE": lambda ev: ["event", "result", str(ev), str(work / "r2.csv")],
        "result one": lambda ev: ["event", "result", str(ev), "main", "2", "3", "1-0"],
        "withdraw": lambda ev: ["event", "withdraw", str(ev), "p010", "--stage", "main",
                                "--after", "2"],
        "pair": lambda ev: ["event", "pair", str(ev)],
    }
    paired = work / "paired"
    shutil.copytree(template, paired)
    rest = work / "rest.csv"
    rest.write_text(common.waiting_csv(paired, lambda i: "1-0"))
    assert common.run_nolang(["event", "result", str(paired), str(rest)]).rc == 0
    return cmds, paired


def measured(cmds: dict, template: Path, paired: Path, work: Path):
    """How long each command takes uncut, and the event's view before and after it."""
    took, before_after = {}, {}
    for name, cmd in cmds.items():
        ev = work / "measure" / "ev"
        shutil.copytree(paired if name == "pair" else template, ev)
        old = view(ev)
        took[name], ran = timed(cmd(ev))
        assert ran.rc == 0, (name, ran.err)
        before_after[name] = (old, view(ev))
        common.clean(work / "measure")
    return took, before_after


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    template, reg = store_fuzz.setup(work)
    sheet_reg = common.EXAMPLES / "004_zhouzhuang/regulation.xqr"
    # What an uncut run writes, and how long it takes.
    whole, took = {}, {}
    for fmt in ("html", "pdf"):
        out = work / f"whole.{fmt}"
        took[f"sheet {fmt}"], ran = timed(["sheet", str(sheet_reg), "--format", fmt, "-o",
                                           str(out)])
        assert ran.rc == 0, ran.err
        whole[fmt] = out.read_bytes()
    event_cmds, paired = event_commands(work, template)
    more, before_after = measured(event_cmds, template, paired, work)
    took.update(more)
    roster = work / "roster.csv"
    took["new"], ran = timed(["event", "new", str(work / "measure-new"), "--regulation",
                              str(reg), "--roster", str(roster), "--seed", "2"])
    assert ran.rc == 0, ran.err
    new_view = view(work / "measure-new")
    # `event publish -o SITE` over a site published before: the whole new site's tree.
    old_site = work / "old-site"
    (old_site / "en").mkdir(parents=True)
    (old_site / "en" / "index.html").write_text("the site published before\n")
    site = work / "measure-site"
    took["publish"], ran = timed(["event", "publish", str(template), "-o", str(site)])
    assert ran.rc == 0, ran.err
    whole_site = common.tree_hash(site)
    temporaries = building_left = building_killed = publishing_killed = 0
    for n in range(args.cases):
        which = r.choice(["sheet html", "sheet pdf", "sheet pdf", "result FILE", "result one",
                          "withdraw", "pair", "new", "publish"])
        delay = r.uniform(0, took[which] * 1.2)
        case = work / f"case{n}"
        case.mkdir()
        problems: list[str] = []
        keep: dict[str, bytes] = {}
        if which.startswith("sheet"):
            fmt = which.split()[1]
            out = case / f"sheet.{fmt}"
            old = b"the sheet written before\n"
            out.write_bytes(old)
            ran, cut = killed_after(["sheet", str(sheet_reg), "--format", fmt, "-o", str(out)],
                                    delay)
            now = out.read_bytes() if out.is_file() else None
            if now not in (old, whole[fmt]):
                problems.append(f"killed {'at' if cut else 'after'} {delay:.3f} s: OUT is "
                                f"neither the old sheet nor the new ({None if now is None else len(now)} bytes)")
            if not cut and ran.rc == 0 and now != whole[fmt]:
                problems.append("exit 0 without the whole sheet")
            left = [p for p in case.iterdir() if p.name.startswith(".xqreg-")]
            temporaries += len(left)
            if left:
                again = common.run_nolang(["sheet", str(sheet_reg), "--format", fmt, "-o",
                                           str(out)])
                after = [p.name for p in case.iterdir() if p.name.startswith(".xqreg-")]
                if again.rc != 0 or after:
                    problems.append(f"the next sheet (exit {again.rc}) left {after}")
        elif which == "publish":
            # The site is the old one or the whole new one; the next publish removes what the
            # kill left (`.site.publishing`, nobody holds it) and writes the whole site.
            out = case / "site"
            shutil.copytree(old_site, out)
            ran, cut = killed_after(["event", "publish", str(template), "-o", str(out)], delay)
            now = common.tree_hash(out)
            if now not in (common.tree_hash(old_site), whole_site):
                problems.append(f"killed {'at' if cut else 'after'} {delay:.3f} s: SITE is "
                                "neither the old site nor the whole new one")
            side = case / ".site.publishing"
            publishing_killed += side.exists()
            again = common.run_nolang(["event", "publish", str(template), "-o", str(out)])
            if again.rc != 0 or side.exists() or common.tree_hash(out) != whole_site:
                problems.append(f"killed at {delay:.3f} s: the next publish (exit {again.rc}) "
                                f"left {side.name if side.exists() else 'no leftover'}, "
                                f"{again.err[:200]!r}")
        elif which == "new":
            ev = case / "ev"
            ran, cut = killed_after(["event", "new", str(ev), "--regulation", str(reg),
                                     "--roster", str(roster), "--seed", "2"], delay)
            db = ev / "event.sqlite"
            building_killed += (ev / ".event.sqlite.new").exists()
            if db.exists():
                if view(ev) != new_view:
                    problems.append(f"killed at {delay:.3f} s: a store that is not the whole "
                                    f"new event: {view(ev)[1][:200]!r}")
                    keep["event.sqlite"] = db.read_bytes() if db.is_file() else b""
            else:
                again = common.run_nolang(["event", "new", str(ev), "--regulation", str(reg),
                                           "--roster", str(roster), "--seed", "2"])
                if again.rc != 0:
                    problems.append(f"killed at {delay:.3f} s: event new cannot be run again: "
                                    f"{again.err[:200]}")
        else:
            base = paired if which == "pair" else template
            ev = shutil.copytree(base, case / "ev")
            ran, cut = killed_after(event_cmds[which](ev), delay)
            now = view(ev)
            old, new = before_after[which]
            if now not in (old, new):
                problems.append(f"killed at {delay:.3f} s: the event is neither as it was nor "
                                f"as the command leaves it: {now[1][:200]!r}")
            v = common.run_nolang(["event", "verify", str(ev)])
            if v.rc != 0:
                problems.append(f"killed at {delay:.3f} s: verify refuses the store: "
                                f"{v.err[:200]}")
            if problems and (ev / "event.sqlite").is_file():
                keep["event.sqlite"] = (ev / "event.sqlite").read_bytes()
        if which not in ("sheet html", "sheet pdf", "publish"):
            # The store was read (or `event new` run again): what a kill left is gone.
            evdir = case / "ev"
            left = [p.name for p in evdir.iterdir() if p.name.startswith(".event.sqlite.")] \
                if evdir.is_dir() else []
            building_left += bool(left)
            if left:
                problems.append(f"killed at {delay:.3f} s: left after the next command: {left}")
        if ran.rc is not None and ran.rc not in (0, -9, 1):
            problems.append(f"exit {ran.rc}: {ran.err[:200]}")
        if "panicked" in ran.err:
            problems.append("panic: " + common.first_line_with(ran.err, "panicked"))
        tally.record(f"{which} killed at {delay:.3f} s", ran, problems, keep)
        common.clean(case)
    print(f"(times uncut: { {k: round(v, 3) for k, v in took.items()} }; temporary files "
          f"left by kills: {temporaries}, each removed by the next sheet; `.event.sqlite.new` "
          f"left by kills: {building_killed}, after the next command: {building_left}; "
          f"`.site.publishing` left by kills: {publishing_killed}, each removed by the next "
          "publish)")


if __name__ == "__main__":
    common.fuzz("interrupt", 200, __doc__, cases)
