"""What every damage fuzzer shares: running the binary, reading its diagnostics, the oracle.

The oracle (principle 2, "bad input is refused, never turned into output"):

- the exit code is 0 or 1: never 2 on a file's content, never 101 (a panic), never a signal,
  never over the time limit (a hang);
- every exit 1 prints at least one error diagnostic, and every error diagnostic has a code, a
  place and a help line;
- when a command refuses, the event store it was given is byte-for-byte as before and no output
  file it was asked to write exists;
- a case the fuzzer knows is damaged in a way that changes meaning (`must_refuse`) is not
  accepted with exit 0.

Stdlib only (Python 3.11).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TIMEOUT = 10.0


def binary() -> Path:
    """The binary under test: $XQREG_BIN, else the worktree's release build."""
    env = os.environ.get("XQREG_BIN")
    path = Path(env) if env else ROOT / "target" / "release" / "xqreg"
    if not path.exists():
        sys.exit(f"no binary at {path}: run `cargo build --release -p xqreg` or set XQREG_BIN")
    return path


@dataclass
class Ran:
    args: list[str]
    rc: int | None  # None: killed by the time limit
    stdout: bytes
    stderr: bytes
    seconds: float

    @property
    def err(self) -> str:
        return self.stderr.decode("utf-8", "replace")


# A share of the runs speak Chinese (`--lang zh`): the Chinese catalogue must give every
# refusal its code, place and help line too. Seeded by `cli`.
ZH = random.Random(0)
ZH_SHARE = 0.3
ZH_COMMANDS = {"simulate", "event", "pair", "check", "plan", "sheet", "fmt", "test"}


def run(args: list[str], *, cwd: Path | None = None, stdin: bytes | None = None,
        timeout: float = TIMEOUT, lang: bool = True) -> Ran:
    """Run `xqreg ARGS` (no colour) with a time limit; a hang is rc None. With `lang`, a share of
    the runs get `--lang zh` (never a setup step's run: those pass `lang=False`)."""
    env = dict(os.environ, NO_COLOR="1", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("FORCE_COLOR", None)
    if lang and args and args[0] in ZH_COMMANDS and ZH.random() < ZH_SHARE:
        args = [*args, "--lang", "zh"]
    return Ran(args, *spawn([str(binary()), *args], env, cwd=cwd, stdin=stdin,
                            timeout=timeout))


def spawn(full: list[str], env: dict, *, cwd: Path | None = None, stdin=None,
          timeout: float = TIMEOUT, preexec_fn=None):
    """Run `full` in its own process group, killed (the group) past `timeout`: (exit code or
    None for a hang, stdout, stderr, seconds). `stdin`: bytes to write, or a file to read."""
    data = stdin if isinstance(stdin, bytes) else None
    start = time.monotonic()
    proc = subprocess.Popen(full, cwd=cwd, env=env,
                            stdin=subprocess.PIPE if data is not None or stdin is None
                            else stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=preexec_fn)
    try:
        out, err = proc.communicate(data, timeout=timeout)
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        rc = None
    return rc, out, err, time.monotonic() - start


def run_nolang(args: list[str]) -> Ran:
    """A run that builds a fuzzer's inputs: in English, always."""
    return run(args, lang=False)


# --- diagnostics ---------------------------------------------------------------------------

# The graphical renderer: a line `E803 csv-bad-value`, then `× message`, `╭─[file:2:5]`, `help:`.
HEAD_A = re.compile(r"^([EWNR]\d{3}) [a-z0-9][a-z0-9-]*$")
# The one-line renderer: `error[E850]: place: message`, then `  help: ...`.
# The same with the code's name (`error[E002 unexpected-token]: ...`, then `┌─ file:3:4`, `= help:`).
HEAD_B = re.compile(r"^(error|warning|note|错误|警告|注)\[([EWNR]\d{3})(?: [a-z0-9-]+)?\]: (.*)$")
# A place: the source frame's `╭─[file:line:col]`, or (a line too long to show) `at file:line:col`.
PLACE_A = re.compile(r"[╭┌]─\[(.+?)(?::(\d+):(\d+))?\]|┌─ \S+:\d+:\d+|\bat \S+:\d+:\d+|位于 \S+:\d+:\d+")


@dataclass
class Diag:
    code: str
    severity: str
    text: str  # every line of it
    place: str | None
    help: bool


def diagnostics(stderr: str) -> list[Diag]:
    """Split standard error into diagnostics (either renderer)."""
    lines = stderr.splitlines()
    heads = [i for i, l in enumerate(lines) if HEAD_A.match(l) or HEAD_B.match(l)]
    out = []
    for n, i in enumerate(heads):
        end = heads[n + 1] if n + 1 < len(heads) else len(lines)
        block = lines[i:end]
        text = "\n".join(block)
        m = HEAD_A.match(block[0])
        if m:
            code = m.group(1)
            severity = "error" if any(l.lstrip().startswith("×") for l in block[1:3]) else (
                "warning" if code[0] == "W" else "note" if code[0] == "N" else "error")
            p = PLACE_A.search(text)
            place = p.group(0) if p else None
        else:
            m = HEAD_B.match(block[0])
            severity, code, msg = m.group(1), m.group(2), m.group(3)
            severity = {"错误": "error", "警告": "warning", "注": "note"}.get(severity, severity)
            p = PLACE_A.search(text)
            place = p.group(0) if p else (msg.split(": ", 1)[0] if ": " in msg else None)
        has_help = any(l.strip().lstrip("= ").startswith(("help:", "帮助")) for l in block)
        out.append(Diag(code, severity, text, place, has_help))
    return out


def tree_hash(path: Path) -> str:
    """SHA-256 over every file under `path` (names and bytes); '-' for nothing there."""
    if not path.exists():
        return "-"
    h = hashlib.sha256()
    files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file())
    for p in files:
        h.update(str(p.relative_to(path) if p != path else p.name).encode())
        h.update(b"\0")
        h.update(p.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def oracle(ran: Ran, *, must_refuse: bool = False, places: tuple[str, ...] = (),
           store: Path | None = None, store_before: str | None = None,
           outputs: tuple[Path, ...] = ()) -> list[str]:
    """What is wrong with one run (empty: nothing).

    `places`: words one of which a one-line diagnostic's place must contain (the input's file
    name, the store's directory, the game the arguments name); a graphical diagnostic's place is
    its `╭─[file:line:col]`. `store`/`store_before`: the store must be unchanged when the
    command refuses. `outputs`: files that must not exist when the command refuses.
    """
    bad = []
    if ran.rc is None:
        return [f"hang: killed after {ran.seconds:.0f} s"]
    if ran.rc < 0:
        return [f"killed by signal {-ran.rc}"]
    if ran.rc == 101 or "panicked" in ran.err:
        return ["panic: " + first_line_with(ran.err, "panicked")]
    if ran.rc not in (0, 1):
        return [f"exit {ran.rc}: " + ran.err.strip().splitlines()[0][:200] if ran.err.strip()
                else f"exit {ran.rc} and nothing said"]
    if ran.rc == 0:
        if must_refuse:
            bad.append("accepted damaged input (exit 0)")
        return bad
    errors = [d for d in diagnostics(ran.err) if d.severity == "error"]
    if not errors:
        bad.append("exit 1 without an error diagnostic: " + ran.err.strip()[:300])
    for d in errors:
        if not has_place(d, places):
            bad.append(f"{d.code} without a place: {d.text.splitlines()[0][:200]}")
        if not d.help:
            bad.append(f"{d.code} without a help line: {d.text.splitlines()[0][:200]}")
    if store is not None and store_before is not None and tree_hash(store) != store_before:
        bad.append(f"refused but the store {store.name} changed")
    for o in outputs:
        if o.exists():
            bad.append(f"refused but wrote {o.name}")
    return bad


# A place in a one-line diagnostic's message: a file (with or without line and column), the
# game it is about (`main round 2 board 3`), or the record of the store (`log entry 4`,
# `withdrawal of `p060``, `late entry of ...`, `line-up of `北京``), or the directory a site is
# written into (`.site.publishing`).
PLACE_B = re.compile(r"[\w.~/-]+\.(csv|trf|xqr|sqlite|publishing)\b|\bround \d+ board \d+\b"
                     r"|第 \d+ 轮第 \d+ 台"
                     r"|^(error|错误)\[E\d+\]: (log entry \d+|withdrawal of `|late entry of "
                     r"|line-up of `|日志第 \d+ 条|补报 |`[^`]*` 在阶段)")


def has_place(d: Diag, places: tuple[str, ...]) -> bool:
    if d.place is not None and d.place.startswith(("╭", "┌", "at ", "位于 ")):
        return True
    first = d.text.splitlines()[0]
    return bool(PLACE_B.search(first)) or any(p in first for p in places)


def first_line_with(text: str, word: str) -> str:
    for l in text.splitlines():
        if word in l:
            return l.strip()[:300]
    return text.strip()[:300]


# --- the loop ------------------------------------------------------------------------------


@dataclass
class Tally:
    name: str
    out: Path
    cases: int = 0
    exits: dict = field(default_factory=dict)
    failures: list = field(default_factory=list)
    kinds: dict = field(default_factory=dict)

    def record(self, label: str, ran: Ran, problems: list[str], keep: dict[str, bytes]) -> None:
        """Count one case; keep its inputs and output under `out` when it failed."""
        self.cases += 1
        key = "hang" if ran.rc is None else str(ran.rc)
        self.exits[key] = self.exits.get(key, 0) + 1
        if not problems:
            return
        n = len(self.failures)
        case = self.out / f"{self.name}-{n:04d}"
        case.mkdir(parents=True, exist_ok=True)
        for name, data in keep.items():
            (case / name).write_bytes(data)
        (case / "args.json").write_text(json.dumps(ran.args, ensure_ascii=False))
        (case / "stderr.txt").write_bytes(ran.stderr)
        (case / "stdout.txt").write_bytes(ran.stdout[:100_000])
        for p in problems:
            kind = normalise(p)
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.failures.append((label, problems, str(case)))
        print(f"FAIL {self.name} [{label}] {problems[0]}  ({case})", flush=True)

    def summary(self) -> int:
        print(f"\n{self.name}: {self.cases} cases, exits {dict(sorted(self.exits.items()))}, "
              f"{len(self.failures)} failed")
        for kind, n in sorted(self.kinds.items(), key=lambda kv: -kv[1]):
            print(f"  {n:5d}  {kind}")
        return 1 if self.failures else 0


def normalise(problem: str) -> str:
    """A failure's kind: its text with file names and numbers taken out."""
    p = re.sub(r"/[^\s:`'\]]+", "PATH", problem)
    p = re.sub(r"\d+", "N", p)
    return p[:160]


def cli(name: str, default_cases: int, doc: str) -> argparse.Namespace:
    global ZH_SHARE
    ap = argparse.ArgumentParser(prog=name, description=doc)
    ap.add_argument("--cases", type=int, default=default_cases, help="how many cases")
    ap.add_argument("--seed", type=int, default=1, help="seed of the mutations")
    ap.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "xqreg-damage",
                    help="where failing cases are kept")
    ap.add_argument("--zh", type=float, default=0.3,
                    help="the share of runs with `--lang zh` (0 to 1)")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    ZH.seed(args.seed)
    ZH_SHARE = args.zh
    binary()
    return args


def workdir() -> Path:
    return Path(tempfile.mkdtemp(prefix="xqreg-damage-"))


def rng(seed: int) -> random.Random:
    return random.Random(seed)


def clean(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


def fuzz(name: str, default_cases: int, doc: str, cases) -> None:
    """Run a fuzzer: its command line, its loop `cases(args, rng, tally, work)` in a scratch
    directory (removed after), the summary; exit 1 if a case failed."""
    args = cli(name, default_cases, doc)
    tally = Tally(name, args.out)
    work = workdir()
    try:
        cases(args, rng(args.seed), tally, work)
    finally:
        clean(work)
    raise SystemExit(tally.summary())


def waiting_csv(ev: Path, result) -> str:
    """`event games EV --waiting --format csv` with the `result` column filled: `result(i)` for
    the i-th game (from 1). The results file of the round that waits."""
    games = run_nolang(["event", "games", str(ev), "--waiting", "--format", "csv"]).stdout
    out = []
    for i, line in enumerate(games.decode().splitlines()):
        f = line.split(",")
        if i > 0:
            f[5] = result(i)
        out.append(",".join(f))
    return "\n".join(out) + "\n"
