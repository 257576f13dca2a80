"""An event store copied while another command writes it (since `damage8`).

A backup taken with `cp` (or a sync tool) while `event result`, `event pair` or `event withdraw`
runs copies the store at any moment of the write: before it, during its commit (SQLite writes
the new pages into `event.sqlite` in place, its journal beside it holding the old ones), or
after. Each case copies a template event (store.py's), starts one command on it, and after a
random delay (from 0 to a little over the time the command takes, most of the cases near its
end, where the commit is) copies the store: `event.sqlite` alone (as `cp DIR/event.sqlite`
does), or the whole folder with whatever journal is in it at that moment (`cp -r DIR`).

Oracle, on the copy: `event games --format csv` and `event status` print the event as it was
before the command or as the command leaves it (what interrupt.py compares), and then `event
verify` passes; or the copy is refused (common.oracle: exit 1 with a code, a place and a help
line; exit 2 naming the store). A copy that reads as an event that never was (half of a commit:
games of one state, log of another) is a failure. The command itself must finish as uncut (the
copy does not disturb it).
"""

from __future__ import annotations

import random
import shutil
import time
from pathlib import Path

import common
import interrupt
import store as store_fuzz


def copy_at(args: list[str], delay: float, ev: Path, dest: Path, whole: bool):
    """Run `xqreg ARGS`; copy the store at `delay` s; the run, and when the copy was made."""
    p = interrupt.start(args)
    t0 = time.monotonic()
    while time.monotonic() - t0 < delay:
        time.sleep(0.0005)
    at = time.monotonic() - t0
    dest.mkdir()
    if whole:
        for f in sorted(ev.iterdir()):
            try:
                shutil.copyfile(f, dest / f.name)
            except (FileNotFoundError, IsADirectoryError):
                pass  # a journal removed as it was listed: not in the copy
    else:
        shutil.copyfile(ev / "event.sqlite", dest / "event.sqlite")
    out, err = p.communicate(timeout=common.TIMEOUT)
    return common.Ran(args, p.returncode, out, err, time.monotonic() - t0), at


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    template, _ = store_fuzz.setup(work)
    cmds, paired = interrupt.event_commands(work, template)
    took, before_after = interrupt.measured(cmds, template, paired, work)
    states = {"before": 0, "after": 0, "refused": 0}
    for n in range(args.cases):
        which = r.choice(sorted(cmds))
        whole = r.random() < 0.5
        # Most copies near the end, where the commit is.
        delay = took[which] * (r.uniform(0.6, 1.15) if r.random() < 0.8 else r.uniform(0, 0.6))
        case = work / f"case{n}"
        case.mkdir()
        ev = shutil.copytree(paired if which == "pair" else template, case / "ev")
        copy = case / "copy" / "ev"
        copy.parent.mkdir()
        ran, at = copy_at(cmds[which](ev), delay, ev, copy, whole)
        problems: list[str] = []
        old, new = before_after[which]
        if ran.rc != 0 or interrupt.view(ev) != new:
            problems.append(f"the command (exit {ran.rc}) did not finish as uncut: "
                            f"{ran.err[:200]}")
        # The copy, read where it lies: views name its folder as EV.
        now = interrupt.view(copy)
        what = f"{which}, {'the folder' if whole else 'the store alone'} copied at {at:.4f} s"
        if now in (old, new):
            v = common.run_nolang(["event", "verify", str(copy)])
            if v.rc != 0:
                problems.append(f"{what}: read as the event but verify refuses it: "
                                f"{v.err[:200]}")
            states["before" if now == old else "after"] += 1
            judged = v
        else:
            judged = common.run(["event", "status", str(copy)])
            if judged.rc == 0:
                g = common.run(["event", "games", str(copy), "--format", "csv"])
                judged = g if g.rc != 0 else judged
            if judged.rc == 0:
                problems.append(f"{what}: read as an event that never was (neither before "
                                "nor after the command)")
            else:
                problems += common.oracle(judged, places=("event.sqlite",))
                if judged.rc == 2 and "event.sqlite" not in judged.err:
                    problems.append(f"{what}: exit 2 without the store")
                states["refused"] += 1
        keep = {}
        if problems:
            keep = {f.name: f.read_bytes() for f in copy.iterdir() if f.is_file()}
        tally.record(what, judged, problems, keep)
        common.clean(case)
    print(f"(times uncut: { {k: round(v, 3) for k, v in took.items()} }; copies read as the "
          f"event before the command: {states['before']}, after it: {states['after']}, "
          f"refused: {states['refused']})")


if __name__ == "__main__":
    common.fuzz("copied", 300, __doc__, cases)
