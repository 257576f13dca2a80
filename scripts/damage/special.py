"""Inputs that are no regular file, and outputs that cannot be written, through every command
that reads an input file or writes one.

An input slot (a roster, a results or line-up file, a TRF, a regulation, standard input) is
given: a named pipe nobody writes to (it must not hang: read as an empty file), a named pipe a
writer fills with the good file and closes (read whole), a directory, `/dev/null`, `/dev/zero`
(must not be read until memory runs out: refused for its size, E860/E016), a missing file, a
symbolic link to itself. An output (`-o OUT`, `--trf DIR`, `event new DIR`) is put under a
directory that does not exist, on a directory or under a regular file.

Oracle: common.oracle (exit 0 or 1, code, place and help, the store unchanged and no output on a
refusal), except that an input or output the system cannot open (a directory, a missing file, a
loop; `-o` under a missing directory) is the documented I/O error: exit 2 with the path on
stderr, nothing written (docs/diagnostics.md, "Exit codes"). A `/dev/zero` or an empty pipe is
never exit 0 (a file without rows is no roster; `fmt`, which reads layout only, may leave an
empty file as it is). `fmt` of a named pipe filled with a file to rewrite is exit 2 (no regular
file to rewrite), the pipe left a pipe. Runs under a 2 GiB address-space limit.
"""

from __future__ import annotations

import os
import random
import resource
import shutil
import threading
from pathlib import Path

import common

SPECIAL = ["fifo", "fifo_filled", "dir", "null", "zero", "missing", "loop"]
# The kinds the system cannot open as a file: the documented exit 2.
IO_ERROR = {"dir", "missing", "loop"}
OUT_SPECIAL = ["no_dir", "a_dir", "under_file"]


def limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def make_input(kind: str, where: Path, good: bytes) -> tuple[Path, threading.Thread | None]:
    """The input `where` made of kind `kind` (`good`: what a filled pipe carries)."""
    if kind in ("fifo", "fifo_filled"):
        os.mkfifo(where)
        if kind == "fifo":
            return where, None

        # A writer holds the pipe from before the command starts (as `<(cmd)` does), writes the
        # good file a moment later and closes: the command reads it whole, waiting for the end.
        # Every file here is under the pipe's 64 KiB, so the write never waits for a reader.
        fd = os.open(where, os.O_RDWR)

        def writer() -> None:
            threading.Event().wait(0.2)
            os.write(fd, good)
            os.close(fd)

        t = threading.Thread(target=writer, daemon=True)
        return where, t
    if kind == "dir":
        where.mkdir()
        return where, None
    if kind == "null":
        return Path("/dev/null"), None
    if kind == "zero":
        return Path("/dev/zero"), None
    if kind == "missing":
        return where, None
    os.symlink(where.name, where)  # loop
    return where, None


def make_output(kind: str, case: Path, name: str) -> Path:
    if kind == "no_dir":
        return case / "nowhere" / "deeper" / name
    if kind == "a_dir":
        (case / name).mkdir()
        return case / name
    (case / "plainfile").write_text("x")
    return case / "plainfile" / name


def setup(work: Path) -> dict:
    ex1 = common.EXAMPLES / "001_nanning"
    lines = (ex1 / "roster.csv").read_text().splitlines()
    roster = work / "roster60.csv"
    roster.write_text("\n".join(lines[:61]) + "\n")
    ev = work / "ev"
    for a in (["event", "new", str(ev), "--regulation", str(ex1 / "regulation.xqr"), "--roster",
               str(roster), "--seed", "2"], ["event", "pair", str(ev)]):
        ran = common.run_nolang(a)
        assert ran.rc == 0, ran.err
    ex8 = common.EXAMPLES / "008_team_qualifier"
    team = work / "team"
    ran = common.run_nolang(["event", "new", str(team), "--regulation",
                             str(ex8 / "regulation.xqr"), "--roster", str(ex8 / "roster.csv"),
                             "--seed", "1"])
    assert ran.rc == 0, ran.err
    lineup = ("stage,round,team,board,player\n"
              "main,1,北京,1,t1b3\nmain,1,北京,2,t1b1\nmain,1,北京,3,t1b2\nmain,1,北京,4,t1b4\n"
              "main,1,上海,1,t2b2\nmain,1,上海,2,t2b1\nmain,1,上海,3,t2b3\nmain,1,上海,4,t2b4\n")
    return {
        "reg": ex1 / "regulation.xqr", "roster": roster, "ev": ev, "team": team,
        "results": common.waiting_csv(ev, lambda i: "1-0").encode(),
        "lineup": lineup.encode(),
        "trf": (common.ROOT / "tests/fixtures/trf/t01-round-05.trf").read_bytes(),
    }


# Each command: (name, what its input slot holds, fn(input, out, case, base) -> (args, store,
# outputs)). `out` is None when the case damages the input.
def commands(b: dict):
    reg, roster = str(b["reg"]), str(b["roster"])

    def copy(src: Path, case: Path) -> Path:
        return Path(shutil.copytree(src, case / "store"))

    return [
        ("simulate --roster", b["roster"].read_bytes(),
         lambda i, o, c: (["simulate", reg, "--roster", i, "-o", o or str(c / "out.json")],
                          None, (o or str(c / "out.json"),))),
        ("simulate --results", b["results"],
         lambda i, o, c: (["simulate", reg, "--roster", roster, "--results", i, "--seed", "2",
                           "-o", o or str(c / "out.json")], None, (o or str(c / "out.json"),))),
        ("simulate --trf", b["roster"].read_bytes(),
         lambda i, o, c: (["simulate", reg, "--roster", i, "--trf", o or str(c / "trf"), "-o",
                           str(c / "sim.txt")], None, (o or str(c / "trf"), str(c / "sim.txt")))),
        ("event new --roster", b["roster"].read_bytes(),
         lambda i, o, c: (["event", "new", o or str(c / "new"), "--regulation", reg,
                           "--roster", i, "--seed", "2"], None, ((o or str(c / "new")) + "/event.sqlite",))),
        ("event new --regulation", b["reg"].read_bytes(),
         lambda i, o, c: (["event", "new", o or str(c / "new"), "--regulation", i,
                           "--roster", roster, "--seed", "2"], None, ((o or str(c / "new")) + "/event.sqlite",))),
        ("event result FILE", b["results"],
         lambda i, o, c: (["event", "result", str(copy(b["ev"], c)), i], c / "store", ())),
        ("event lineup FILE", b["lineup"],
         lambda i, o, c: (["event", "lineup", str(copy(b["team"], c)), i], c / "store", ())),
        ("event enter FILE", b"id,name\nq1,Late One\n",
         lambda i, o, c: (["event", "enter", str(copy(b["ev"], c)), i], c / "store", ())),
        ("simulate -o --trf --save-roster", None,
         lambda i, o, c: (["simulate", reg, "--roster", roster, "--trf", str(c / "trf"),
                           "--save-roster", str(c / "saved.csv"), "-o", o], None,
                          (o, str(c / "trf"), str(c / "saved.csv")))),
        ("event publish -o", None,
         lambda i, o, c: (["event", "publish", str(copy(b["ev"], c)), "-o", o], c / "store", ())),
        ("pair TRF", b["trf"],
         lambda i, o, c: (["pair", "--system", "dutch", i], None, ())),
        ("check", b["reg"].read_bytes(),
         lambda i, o, c: (["check", i], None, ())),
        ("plan -o", b["reg"].read_bytes(),
         lambda i, o, c: (["plan", i, "-o", o or str(c / "plan.json")], None,
                          (o or str(c / "plan.json"),))),
        ("sheet -o", b["reg"].read_bytes(),
         lambda i, o, c: (["sheet", i, "--format", "html", "-o", o or str(c / "s.html")], None,
                          (o or str(c / "s.html"),))),
        ("fmt", b["reg"].read_bytes().replace(b"\n  ", b"\n    ", 3),
         lambda i, o, c: (["fmt", i], None, ())),
    ]


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    b = setup(work)
    table = commands(b)
    for n in range(args.cases):
        case = work / f"case{n}"
        case.mkdir()
        name, good, fn = r.choice(table)
        outputs: tuple = ()
        thread = None
        stdin_from = None
        if good is None or (r.random() < 0.25 and any(
                w in name for w in ("-o", "simulate", "event new"))):
            kind = r.choice(OUT_SPECIAL)
            o = make_output(kind, case, "out")
            if name.startswith("event publish") or name.startswith("simulate --trf") \
                    or name.startswith("event new"):
                o = make_output(kind, case, "site")
            label = f"{name}: output {kind}"
            # The regular input of the command.
            good_path = case / "good.in"
            if good is not None:
                good_path.write_bytes(good)
            cmd, store, outs = fn(str(good_path), str(o), case)
            io_error = True
            may_fail = True
        else:
            kind = r.choice(SPECIAL + (["stdin_zero", "stdin_null"] if name == "check" else []))
            if kind.startswith("stdin_"):
                stdin_from = Path("/dev/zero" if kind == "stdin_zero" else "/dev/null")
                cmd, store, outs = fn("-", None, case)
            else:
                inp, thread = make_input(kind, case / "input.file", good)
                cmd, store, outs = fn(str(inp), None, case)
            label = f"{name}: input {kind}"
            # `fmt` of a filled pipe: its text (laid out otherwise) is no file to rewrite.
            io_error = kind in IO_ERROR or (name == "fmt" and kind == "fifo_filled")
            # A file without end, or without a byte, is no input: never accepted (a filled pipe
            # is the good file).
            may_fail = kind != "fifo_filled"
        before = common.tree_hash(store) if store is not None else None
        outs_before = {str(p): common.tree_hash(Path(p)) for p in outs}
        if thread is not None:
            thread.start()
        ran = limited(cmd, stdin_from)
        if thread is not None:
            thread.join(6)
        if ran.rc == 2 and io_error:
            problems = []
            if not ran.err.strip():
                problems.append("exit 2 and nothing said")
            if store is not None and common.tree_hash(store) != before:
                problems.append("I/O error but the store changed")
            for p in outs:
                if common.tree_hash(Path(p)) != outs_before[p]:
                    problems.append(f"I/O error but {Path(p).name} changed")
        else:
            # `fmt` reads layout only: an empty file is a layout (nothing to write).
            empty = ("null", "fifo", "stdin_null") if not name.startswith("fmt") else ()
            must = (kind in ("zero", "stdin_zero") or kind in empty) and may_fail
            problems = common.oracle(ran, must_refuse=must, places=("input.file", "/dev/",
                                                                    "<stdin>", "-:"),
                                     store=store, store_before=before)
            if ran.rc not in (0, None):
                for p in outs:
                    if common.tree_hash(Path(p)) != outs_before[p]:
                        problems.append(f"refused but {Path(p).name} changed")
        if kind in ("fifo", "fifo_filled") and not (case / "input.file").is_fifo():
            problems.append("the named pipe given was replaced")
        tally.record(label, ran, problems, {})
        common.clean(case)


def limited(cmd: list[str], stdin_from: Path | None) -> common.Ran:
    """Run `xqreg CMD` with its address space capped at 2 GiB, standard input from a file."""
    import subprocess
    env = dict(os.environ, NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    stdin = open(stdin_from, "rb") if stdin_from else subprocess.DEVNULL
    try:
        rc, out, err, took = common.spawn([str(common.binary()), *cmd], env, stdin=stdin,
                                          preexec_fn=limit_memory)
    finally:
        if stdin_from:
            stdin.close()
    if cmd[0] == "check":
        err = err + out  # `check` reports on stdout
    return common.Ran(cmd, rc, out, err, took)


if __name__ == "__main__":
    common.fuzz("special", 300, __doc__, cases)
