"""Outputs and stores nobody may write, run as an unprivileged user (since `damage8`).

The other fuzzers run as root, whom no file mode stops. This one runs every command as `nobody`
(`setpriv --reuid=65534 --regid=65534 --clear-groups`; it must itself run as root to do so) on:

- an output (`-o OUT`, `--trf DIR`, `--save-roster CSV`, `event new DIR`, `event publish -o
  SITE`, the file `fmt` rewrites) in a folder of mode 0555: empty, or holding the output written
  before; or the output itself a file of mode 0444 in a folder nobody may write;
- with `simulate`, one output writable and the other not (`--trf` into a writable folder, `-o`
  into a read-only one, and the other way round);
- an event whose folder is 0555 (the store writable, but no journal can be made beside it), whose
  `event.sqlite` is 0444, or both, or owned by root; a `-journal` left hot beside it by a writer
  killed in its transaction (SQLite must roll it back before anyone reads: with the folder
  read-only it cannot);
- an input nobody may read (mode 0000: a roster, a results file, a regulation, the store).

Oracle: common.oracle for exit 0 and 1; an exit 2 (the documented I/O error) names the path it
could not write or read; a command that had to write what it could not is never exit 0; on a
refusal (1 or 2) the store and every output are as before (byte for byte), and no other output
of the same command was left (a TRF written before the `-o` it could not write); no
`.xqreg-*.tmp`, `.event.sqlite.new` or `.SITE.publishing` is left anywhere in the case. A
command that only reads an event (status, games, standings, verify) whose store is intact but
not writable reads it: exit 0 (a store on a read-only disk, or another user's, is still the
event).
"""

from __future__ import annotations

import os
import random
import shutil
import sqlite3
import subprocess
from pathlib import Path

import common
import store as store_fuzz

NOBODY = 65534
SETPRIV = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--"]
READERS = ("status", "games", "standings", "verify", "pair")
WRITERS = ("result", "result1", "correct", "withdraw")
LEFTOVERS = (".xqreg-", ".event.sqlite.new", ".publishing")


def as_nobody(args: list[str], cwd: Path) -> common.Ran:
    """`xqreg ARGS` as nobody (no colour, a share in Chinese as common.run does)."""
    env = dict(os.environ, NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8", HOME=str(cwd))
    env.pop("FORCE_COLOR", None)
    if args and args[0] in common.ZH_COMMANDS and common.ZH.random() < common.ZH_SHARE:
        args = [*args, "--lang", "zh"]
    rc, out, err, took = common.spawn([*SETPRIV, str(common.binary()), *args], env, cwd=cwd,
                                      stdin=subprocess.DEVNULL)
    if args and args[0] == "check":
        err = err + out
    return common.Ran(args, rc, out, err, took)


def give(path: Path) -> None:
    """Everything under `path` (and it) owned by nobody, as written by nobody."""
    for p in [path, *path.rglob("*")] if path.is_dir() else [path]:
        os.chown(p, NOBODY, NOBODY, follow_symlinks=False)


def setup(work: Path) -> dict:
    """store.py's template event (example 001, 60 players, round 1 played, round 2 published
    with one result, a withdrawal), its regulation, roster and results file of round 2."""
    ev, reg = store_fuzz.setup(work)
    return {"reg": reg, "roster": work / "roster.csv", "ev": ev, "r2": work / "r2.csv"}


def hot_journal(db: Path) -> None:
    """Leave a hot `-journal` beside `db`: a child changes every game in one transaction, spills
    its pages into the file and dies before it commits (as a kill does)."""
    pid = os.fork()
    if pid == 0:
        try:
            c = sqlite3.connect(db, isolation_level=None)
            c.execute("pragma journal_mode=delete")
            c.execute("pragma cache_size=1")
            c.execute("begin immediate")
            c.execute("update games set red = red || '', board = board + 1000")
            c.execute("update log set changes = changes || ' '")
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


OUT_KINDS = ["ro_dir", "ro_dir_old", "ro_file"]
STORE_KINDS = ["dir_ro", "file_ro", "both_ro", "root", "hot_dir_ro", "hot_root", "unreadable"]


def output_case(r: random.Random, b: dict, case: Path):
    """A command writing into a place nobody may write: (label, args, outputs, must_refuse)."""
    kind = r.choice(OUT_KINDS)
    ok_dir = case / "ok"
    ok_dir.mkdir()
    ro = case / "ro"
    ro.mkdir()
    reg, roster = str(b["reg"]), str(b["roster"])
    which = r.choice(["simulate -o", "simulate --trf", "simulate --save-roster", "plan -o",
                      "sheet -o", "event new", "publish -o", "fmt"])
    name = {"simulate --trf": "trf", "event new": "ev", "publish -o": "site"}.get(which, "out")
    out = ro / name
    if kind in ("ro_dir_old", "ro_file"):
        if name in ("trf", "site"):
            out.mkdir()
            (out / "index.html" if name == "site" else out / "main.trf").write_text("old\n")
        elif name == "ev":
            out.mkdir()
        elif which == "fmt":
            out.write_bytes(b["reg"].read_bytes().replace(b"\n  ", b"\n    ", 3))
        else:
            out.write_text("old\n")
    if which == "fmt" and not out.exists():
        out.write_bytes(b["reg"].read_bytes().replace(b"\n  ", b"\n    ", 3))
    give(ro)
    give(ok_dir)
    if kind == "ro_file":
        for p in [out, *out.rglob("*")] if out.is_dir() else [out]:
            p.chmod(0o444 if p.is_file() else 0o555)
    elif out.is_dir():
        # An output folder written before (a TRF folder, an event folder, a site): read-only
        # itself too, else it is a folder nobody may write into (its files nobody's to keep).
        out.chmod(0o555)
    ro.chmod(0o555)
    o = str(out)
    # The writable side of the two-output commands.
    trf_ok, out_ok = str(ok_dir / "trf"), str(ok_dir / "out.txt")
    args = {
        "simulate -o": ["simulate", reg, "--roster", roster, "--seed", "2", "--trf", trf_ok,
                        "-o", o],
        "simulate --trf": ["simulate", reg, "--roster", roster, "--seed", "2", "--trf", o,
                           "-o", out_ok],
        "simulate --save-roster": ["simulate", reg, "--players", "24", "--seed", "2",
                                   "--save-roster", o, "-o", out_ok],
        "plan -o": ["plan", reg, "-o", o],
        "sheet -o": ["sheet", reg, "--format", r.choice(["html", "md"]), "-o", o],
        "event new": ["event", "new", o, "--regulation", reg, "--roster", roster, "--seed",
                      "1"],
        "publish -o": None,
        "fmt": ["fmt", o],
    }[which]
    if which == "publish -o":
        ev = Path(shutil.copytree(b["ev"], case / "ev"))
        give(ev)
        args = ["event", "publish", str(ev), "-o", o]
    # Every command here has something to write where nobody may (`fmt`: a file laid out
    # otherwise): never exit 0.
    return f"{which} into {kind}", args, (ro, ok_dir), True


def store_case(r: random.Random, b: dict, case: Path):
    """A command on an event nobody may write (or read): (label, args, store, reader)."""
    kind = r.choice(STORE_KINDS)
    ev = Path(shutil.copytree(b["ev"], case / "ev"))
    db = ev / "event.sqlite"
    if kind.startswith("hot"):
        hot_journal(db)
    if kind not in ("root", "hot_root"):
        give(ev)
    if kind in ("file_ro", "both_ro"):
        db.chmod(0o444)
    if kind == "unreadable":
        db.chmod(0o000)
    if kind in ("dir_ro", "both_ro", "hot_dir_ro"):
        ev.chmod(0o555)
    which = r.choice(["status", "games", "standings", "verify", "pair", "result", "result1",
                      "correct", "withdraw", "export", "publish"])
    (case / "siteparent").mkdir()
    give(case / "siteparent")
    args = store_fuzz.event_args(which, ev, b["r2"].parent, case / "siteparent" / "site")
    return f"{which} on a store {kind}", args, ev, kind, which


def input_case(r: random.Random, b: dict, case: Path):
    """An input nobody may read: (label, args)."""
    which = r.choice(["roster", "regulation", "results"])
    f = case / "input.file"
    src = {"roster": b["roster"], "regulation": b["reg"], "results": b["r2"]}[which]
    shutil.copy(src, f)
    f.chmod(0o000)
    out = case / "w"
    out.mkdir()
    give(out)
    if which == "roster":
        args = ["simulate", str(b["reg"]), "--roster", str(f), "-o", str(out / "o.txt")]
    elif which == "regulation":
        args = r.choice([["check", str(f)], ["plan", str(f), "-o", str(out / "p.json")],
                         ["event", "new", str(out / "ev"), "--regulation", str(f), "--roster",
                          str(b["roster"])]])
    else:
        ev = Path(shutil.copytree(b["ev"], case / "ev"))
        give(ev)
        args = ["event", "result", str(ev), str(f)]
    return f"{args[0]} {args[1] if args[0] == 'event' else ''} unreadable {which}", args, out


def same_event(b: dict, ev: Path, ran: common.Ran, which: str, kind: str) -> list[str]:
    """After the run: a reader's exit 0 printed what the event says (the template's output),
    and a store with a hot journal is, once rolled back (by the run, or as root now), the event
    as it was: what is read from it is never half a transaction."""
    problems = []
    for p in [ev, *ev.rglob("*")]:
        if p.is_dir():
            p.chmod(0o755)
        elif p.name == "event.sqlite":
            p.chmod(0o644)
    games = ["event", "games", str(ev), "--format", "csv"]
    if kind.startswith("hot"):
        now = common.run(games, lang=False)
        ref_ev = ev.with_name("ref")
        shutil.copytree(b["ev"], ref_ev)
        ref = common.run(["event", "games", str(ref_ev), "--format", "csv"], lang=False)
        common.clean(ref_ev)
        if now.rc != 0 or now.stdout != ref.stdout:
            problems.append("the store rolled back is not the event as it was")
    if which in READERS and ran.rc == 0:
        common.clean(ev)
        shutil.copytree(b["ev"], ev)
        ref = common.run(ran.args, lang=False)
        if ref.stdout != ran.stdout:
            problems.append("printed another event than the store holds (stdout differs)")
    return problems


def leftovers(case: Path) -> list[str]:
    found = []
    for p in case.rglob("*"):
        if p.name.startswith(".xqreg-") or p.name == ".event.sqlite.new" or (
                p.name.endswith(".publishing")):
            found.append(str(p.relative_to(case)))
    return found


def io_named(ran: common.Ran, paths: list[Path]) -> bool:
    """Whether an exit 2 names a path it could not use (one of `paths` or a file under one)."""
    return any(str(p) in ran.err for p in paths)


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    if os.geteuid() != 0:
        raise SystemExit("readonly.py runs as root (it drops to nobody for each command)")
    work.chmod(0o755)
    b = setup(work)
    for n in range(args.cases):
        case = work / f"case{n}"
        case.mkdir()
        case.chmod(0o755)
        pick = r.random()
        problems: list[str] = []
        if pick < 0.45:
            label, cmd, watched, must = output_case(r, b, case)
            before = {str(p): common.tree_hash(p) for p in watched}
            ran = as_nobody(cmd, case)
            problems = judge(ran, must, watched, before, [case / "ro", case / "ok"])
        elif pick < 0.85:
            label, cmd, ev, kind, which = store_case(r, b, case)
            watched = (ev, case / "siteparent")
            before = {str(p): common.tree_hash(p) for p in watched}
            ran = as_nobody(cmd, case)
            # What must refuse: a command that writes the store (or, `export`, the event's
            # folder) where nobody may; any command on a store nobody may read, or whose hot
            # journal nobody may roll back (half a transaction: never read). One nobody may
            # roll back is rolled back (the store changes back to the event), then read.
            dir_ro = kind in ("dir_ro", "both_ro", "root", "hot_dir_ro", "hot_root")
            must = which in WRITERS or kind in ("unreadable", "hot_root") or (
                which == "export" and dir_ro)
            problems = judge(ran, must, watched if not kind.startswith("hot") else
                             (case / "siteparent",), before, [ev, case / "siteparent"])
            if which in READERS and kind in ("dir_ro", "file_ro", "both_ro", "root") \
                    and ran.rc != 0:
                problems.append(f"a store nobody may write, intact, not read (exit {ran.rc}): "
                                + ran.err.strip()[:200])
            problems += same_event(b, ev, ran, which, kind)
        else:
            label, cmd, out = input_case(r, b, case)
            before = {str(out): common.tree_hash(out)}
            ran = as_nobody(cmd, case)
            problems = judge(ran, True, (out,), before, [case / "input.file"])
        problems += [f"left {p}" for p in leftovers(case)]
        tally.record(label, ran, problems, {})
        for p in [case, *case.rglob("*")]:
            if p.is_dir() and not p.is_symlink():
                p.chmod(0o755)
        common.clean(case)


def judge(ran: common.Ran, must: bool, watched, before: dict, paths: list[Path]) -> list[str]:
    if ran.rc == 2:
        problems = []
        if not ran.err.strip():
            problems.append("exit 2 and nothing said")
        elif not io_named(ran, paths):
            problems.append("exit 2 without the path: " + ran.err.strip().splitlines()[0][:200])
    else:
        problems = common.oracle(ran, must_refuse=must, places=("event.sqlite", "input.file",
                                                                "/ro/", "/ev"))
    if ran.rc not in (0, None):
        for p in watched:
            if common.tree_hash(p) != before[str(p)]:
                problems.append(f"refused but {p.name}/ changed")
    return problems


if __name__ == "__main__":
    common.fuzz("readonly", 300, __doc__, cases)
