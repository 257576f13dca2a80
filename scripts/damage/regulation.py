"""Mutated regulation sources (examples/*/regulation.xqr) through check, plan, sheet and fmt.

Damage: lines deleted, a block of lines deleted, lines doubled, two tokens swapped, a token
replaced by another of the file, a number made huge, zero or negative, random unicode inserted
(zero-width, right-to-left, full-width, emoji, U+FFFD), bytes flipped or made not UTF-8, the file
cut, CRLF, tabs for indentation, a BOM, a CR alone inside a string, braces or parentheses nested
100 to 100 000 deep, a top-level block 1 000 or 10 000 times. Since `damage8`, in 15% of the
cases one look-alike alone outside strings and comments (a space made ideographic, no-break or
em; a brace, parenthesis, colon, comma or `=` made full-width; a line's keyword in full-width
letters; LF, CR LF and CR alone mixed) or a line of 1 to 3.9 MB, judged "the same or refused"
(`check` refuses it, or `plan` prints the plan of the file undamaged); and every `check
--format json` has its places inside the file.

Commands: `simulate FILE --roster|--players N -o OUT` and `event new DIR --regulation FILE`
then `event pair DIR` (the runtime on a damaged regulation that still checks), `test FILE` (the scenario tests: exit 0 or 1, no panic, no hang), `pair --regulation
FILE --stage main` (the stage's pairing parameters) on a TRF fixture, `check --format json` (every error has a code, a line, a column and a help line),
`plan -o OUT`, `sheet --format md|html|pdf -o OUT` (on a refusal OUT is not written), `fmt FILE`
in place (on a refusal the file is byte-for-byte as before; on success a second `fmt --check`
finds nothing to do and `check` gives the same codes as before: formatting never changes what a
file means).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from pathlib import Path

import common

TOKEN = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*|[0-9]+(?:\.[0-9]+)?|\"[^\"\n]*\"|[{}():,=<>]")
DATE = re.compile(rb"\b[0-9]{4}-[0-9]{2}-[0-9]{2}\b")
BAD_DATES = [b"2026-02-30", b"2025-02-29", b"1900-02-29", b"2009-13-01", b"2009-00-10",
             b"2009-04-31", b"2009-01-00", b"2009-01-32", b"2009-02-30"]
UNICODE = ["\u200b", "\u202e", "\ufeff", "\u3000", "\U0001f600", "\ufffd", "ｓｔａｇｅ", "１２",
           "\u0301", "許", "\u2028", "\u00a0", "\t", "\\", "\"", "//", "/*", "{", "}"]


def mutate(r: random.Random, data: bytes):
    lines = data.split(b"\n")
    pick = r.randrange(18)
    if not data:
        return b"stage", "empty file"
    if pick >= 15:
        return shape(r, data, pick)
    # Dates of the text, not of a comment (a comment is not read).
    dates = [d for d in DATE.finditer(data)
             if b"//" not in data[data.rfind(b"\n", 0, d.start()) + 1:d.start()]]
    if pick == 14 and dates:
        # A day no calendar has (a regulation's dates are printed and compared): refused.
        t = r.choice(dates)
        new = r.choice(BAD_DATES)
        return data[:t.start()] + new + data[t.end():], f"bad date {t.group()!r} -> {new!r}"
    if pick == 14:
        pick = 6
    if pick == 0:
        del lines[r.randrange(len(lines))]
        return b"\n".join(lines), "line deleted"
    if pick == 1:
        a = r.randrange(len(lines))
        del lines[a:a + r.randint(2, 12)]
        return b"\n".join(lines), "lines deleted"
    if pick == 2:
        a = r.randrange(len(lines))
        k = r.randint(1, 6)
        lines[a:a] = lines[a:a + k]
        return b"\n".join(lines), "lines doubled"
    toks = list(TOKEN.finditer(data))
    if len(toks) < 2 and 3 <= pick <= 6:
        pick = 9
    if pick == 3:
        x, y = sorted(r.sample(range(len(toks)), 2))
        tx, ty = toks[x], toks[y]
        out = data[:tx.start()] + ty.group() + data[tx.end():ty.start()] + tx.group() + \
            data[ty.end():]
        return out, f"tokens swapped {tx.group()[:12]!r} {ty.group()[:12]!r}"
    if pick in (4, 5):
        t = r.choice(toks)
        new = r.choice(toks).group()
        return data[:t.start()] + new + data[t.end():], f"token {t.group()[:12]!r} -> {new[:12]!r}"
    if pick == 6:
        nums = [t for t in toks if t.group()[:1].isdigit()]
        t = r.choice(nums or toks)
        new = r.choice([b"0", b"-1", b"99999999999999999999", b"4294967296", b"65536", b"1.5",
                        b"0.0000001", b"1e9"])
        return data[:t.start()] + new + data[t.end():], f"number {t.group()[:12]!r} -> {new!r}"
    if pick in (7, 8):
        i = r.randrange(len(data) + 1)
        while i < len(data) and (data[i] & 0xC0) == 0x80:
            i += 1
        s = "".join(r.choice(UNICODE) for _ in range(r.randint(1, 3))).encode()
        return data[:i] + s + data[i:], f"unicode {s[:12]!r}"
    if pick == 9 and data:
        b = bytearray(data)
        for _ in range(r.choice([1, 2, 5])):
            i = r.randrange(len(b))
            b[i] = r.choice([b[i] ^ (1 << r.randrange(8)), 0xff, 0xc0, 0x00])
        return bytes(b), "bytes flipped"
    if pick == 10 and data:
        return data[: r.randrange(len(data))], "cut"
    if pick == 11:
        return data.replace(b"\n", b"\r\n"), "CRLF"
    if pick == 12:
        return re.sub(rb"(?m)^(  )+", lambda m_: b"\t" * (len(m_.group()) // 2), data), "tabs"
    return b"\xef\xbb\xbf" + data, "BOM"


STRING = re.compile(rb'"[^"\n]{2,}"')
BLOCK = re.compile(rb"(?ms)^(playoff|prizes|note|venue|stage) [^\n]*\{\n.*?^\}\n")


def shape(r: random.Random, data: bytes, pick: int):
    """A carriage return alone inside a string (a line end to some readers, not to others),
    braces nested 100 to 100 000 deep, or a top-level block 1 000 to 10 000 times."""
    if pick == 15:
        strings = list(STRING.finditer(data))
        if strings:
            t = r.choice(strings)
            i = r.randrange(t.start() + 1, t.end() - 1)
            return data[:i] + b"\r" + data[i:], "a CR alone inside a string"
    if pick == 16:
        n = r.choice([100, 1000, 10_000, 100_000])
        at = r.choice([len(data), data.find(b"{") + 1])
        nest = r.choice([b"{" * n + b"}" * n, b"(" * n + b")" * n, b"stage x {" * n + b"}" * n])
        return data[:at] + nest + data[at:], f"{n} deep"
    blocks = list(BLOCK.finditer(data))
    if not blocks:
        return data + b"\n" + b"note x\n" * 10_000, "10 000 lines"
    t = r.choice(blocks)
    n = r.choice([1000, 10_000])
    return data + t.group() * n, f"a {t.group(1).decode()} block {n} times"


# Look-alikes of the text outside strings and comments (since `damage8`): a separator space
# made ideographic, no-break or em; a brace, parenthesis, colon, comma or `=` made full-width; a
# keyword in full-width letters; the line ends mixed (LF, CR LF and CR alone, each a line end).
WIDE_SPACE = ["\u3000", "\u00a0", "\u2003", "\u3000\u3000"]
WIDE_PUNCT = {"{": "\uff5b", "}": "\uff5d", "(": "\uff08", ")": "\uff09", ":": "\uff1a",
              ",": "\uff0c", "=": "\uff1d"}
KEYWORD = re.compile(r"[a-z_]{3,}")


def code_spans(line: str) -> list[tuple[int, int]]:
    """The stretches of one line outside strings (`\\` escapes) and a `//` comment."""
    out, start, i, in_string = [], 0, 0, False
    while i < len(line):
        c = line[i]
        if in_string:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_string, start = False, i + 1
        elif c == '"':
            out.append((start, i))
            in_string = True
        elif line.startswith("//", i):
            out.append((start, i))
            return out
        i += 1
    if not in_string:
        out.append((start, len(line)))
    return out


def lookalike(r: random.Random, data: bytes):
    """One of the look-alike damages; None if the text has no place for it."""
    text = data.decode("utf-8")
    lines = text.split("\n")
    how = r.choice(["space", "punct", "keyword", "eol", "eol"])
    if how == "eol":
        ends = [r.choice(["\n", "\r\n", "\r"]) for _ in lines[:-1]]
        out = "".join(l + e for l, e in zip(lines, ends)) + lines[-1]
        return out.encode(), "line ends mixed (LF, CR LF, CR)"
    spots = []
    for n, line in enumerate(lines):
        for a, b in code_spans(line):
            seg = line[a:b]
            if how == "space":
                spots += [(n, a + i, 1) for i in range(1, len(seg) - 1)
                          if seg[i] == " " and seg[i - 1] != " " and seg[i + 1] != " "]
            elif how == "punct":
                spots += [(n, a + i, 1) for i, c in enumerate(seg) if c in WIDE_PUNCT]
            elif a == 0:
                # The first word of a line: a keyword (a later word may be a name).
                m_ = KEYWORD.match(seg, len(seg) - len(seg.lstrip(" ")))
                if m_ and (m_.end() == len(seg) or seg[m_.end()] in " {"):
                    spots.append((n, m_.start(), m_.end() - m_.start()))
    if not spots:
        return None
    n, i, k = r.choice(spots)
    line = lines[n]
    old = line[i:i + k]
    new = {"space": lambda: r.choice(WIDE_SPACE), "punct": lambda: WIDE_PUNCT[old],
           "keyword": lambda: old.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})}[how]()
    lines[n] = line[:i] + new + line[i + k:]
    # Mixed line ends over it in half the cases.
    out = "\n".join(lines)
    if r.random() < 0.5:
        out = out.replace("\n", "\r\n")
    return out.encode(), f"look-alike {old!r} -> {new!r} at line {n + 1}"


def long_line(r: random.Random, data: bytes):
    """A line of 1 to 3.9 MB (under the 4 MiB a regulation holds): a comment, spaces before a
    line's first word, or a note's text."""
    n = r.choice([1_000_000, 2_000_000, 3_900_000])
    how = r.choice(["comment", "indent", "string"])
    if how == "comment":
        return b"//" + b"x" * n + b"\n" + data, f"a comment of {n} bytes"
    if how == "indent":
        lines = data.split(b"\n")
        k = r.randrange(len(lines))
        lines[k] = b" " * n + lines[k]
        return b"\n".join(lines), f"line {k + 1} indented by {n}"
    return data + b'\nnote "' + "长".encode() * (n // 3) + b'"\n', f"a note of {n} bytes"


def places_in_file(data: bytes, diags: list) -> list[str]:
    """Every diagnostic's line and column inside the file: lines end at LF, CR LF or a CR alone,
    columns count characters, the column after a line's last is its end."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
    bad = []
    for d in diags:
        line, col = d.get("line", 0), d.get("column", 0)
        if not 1 <= line <= len(lines):
            bad.append(f"{d.get('code')} at line {line} of a file of {len(lines)} lines")
        elif not 1 <= col <= len(lines[line - 1]) + 1:
            bad.append(f"{d.get('code')} at {line}:{col}, a line of "
                       f"{len(lines[line - 1])} characters")
    return bad


def codes(path: Path) -> tuple[Counter, list[str], common.Ran]:
    """The codes `check` gives `path`, and what is wrong with its JSON diagnostics."""
    ran = common.run(["check", "--format", "json", str(path)])
    bad = []
    found: Counter = Counter()
    if ran.rc not in (0, 1):
        return found, bad, ran
    try:
        v = json.loads(ran.stdout)
    except ValueError as e:
        return found, [f"check --format json printed no JSON: {e}"], ran
    for d in v.get("diagnostics", []):
        found[d.get("code")] += 1
        if d.get("severity") != "error":
            continue
        if not (isinstance(d.get("code"), str) and len(d["code"]) == 4):
            bad.append(f"a diagnostic without a code: {d.get('message', '')[:100]}")
        if not (d.get("line", 0) >= 1 and d.get("column", 0) >= 1):
            bad.append(f"{d.get('code')} without a line and column")
        if not [h for h in d.get("help") or [] if h.strip()]:
            bad.append(f"{d.get('code')} without a help line: {d.get('message', '')[:100]}")
    if ran.rc == 1 and not v.get("errors"):
        bad.append("check exit 1 without an error")
    bad += places_in_file(path.read_bytes(), v.get("diagnostics", []))
    return found, bad, ran


def meaning(plan: bytes):
    """A plan without the places of its clauses (a line, a column, a span): what it says."""
    def strip(v):
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in ("line", "column", "span")}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v
    return strip(json.loads(plan))


def same_or_refused(r: random.Random, src: Path, work: Path):
    """A look-alike (or a long line) alone: `check` refuses it (a code, a help line, a place
    inside the file), or the file means what it meant (`plan` prints the same plan)."""
    data = src.read_bytes()
    damaged = lookalike(r, data) if r.random() < 0.8 else long_line(r, data)
    if damaged is None:
        damaged = long_line(r, data)
    new, label = damaged
    f = work / "regulation.xqr"
    f.write_bytes(new)
    _, problems, ran = codes(f)
    if ran.rc not in (0, 1):
        problems = common.oracle(ran, places=("regulation.xqr",))
    if ran.rc == 0:
        out = work / "plan.json"
        plans = []
        for text in (new, data):
            f.write_bytes(text)
            out.unlink(missing_ok=True)
            p = common.run(["plan", str(f), "-o", str(out)], lang=False)
            plans.append(meaning(out.read_bytes()) if p.rc == 0 and out.exists() else p.err)
        if plans[0] != plans[1]:
            problems.append("accepted, but its plan is not the plan of the file undamaged")
    return f"same or refused {src.parent.name}: {label}", ran, problems, {"regulation.xqr": new}


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    """The fuzzer's loop (common.fuzz runs it, cleans `work` and sums up)."""
    sources = sorted(common.EXAMPLES.glob("*/regulation.xqr"))
    for n in range(args.cases):
        src = r.choice(sources)
        data, label = src.read_bytes(), ""
        if r.random() < 0.15:
            tally.record(*same_or_refused(r, src, work))
            continue
        # One mutation, or two to four stacked.
        for _ in range(r.choice([1, 1, 1, 2, 3, 4])):
            data, more = mutate(r, data) if data else (data, "")
            label = f"{label}; {more}" if label else more
        label = f"{src.parent.name}: {label}"
        f = work / "regulation.xqr"
        f.write_bytes(data)
        which = r.choice(["check", "check", "plan", "sheet", "fmt", "fmt", "test", "pair",
                          "simulate", "simulate", "new"])
        problems: list[str] = []
        if which == "check":
            _, bad, ran = codes(f)
            problems = common.oracle(ran, places=("regulation.xqr",)) if ran.rc not in (
                0, 1) else bad
            if ran.rc == 0 and label.count(";") == 0 and ": bad date" in label:
                problems.append("a date no calendar has was accepted")
        elif which == "plan":
            out = work / "plan.json"
            out.unlink(missing_ok=True)
            ran = common.run(["plan", str(f), "-o", str(out)])
            problems = common.oracle(ran, places=("regulation.xqr",), outputs=(out,))
        elif which == "sheet":
            # PDF needs a CJK font (E840 without one): only when XQREG_FONT names one.
            fmt = r.choice(["md", "md", "html", "pdf" if os.environ.get("XQREG_FONT") else "md"])
            out = work / f"sheet.{fmt}"
            out.unlink(missing_ok=True)
            ran = common.run(["sheet", str(f), "--format", fmt, "-o", str(out)],
                             timeout=30 if fmt == "pdf" else common.TIMEOUT)
            problems = common.oracle(ran, places=("regulation.xqr",), outputs=(out,))
        elif which == "simulate":
            # The runtime on a regulation that still checks: its own roster, or one generated.
            out = work / "sim.json"
            out.unlink(missing_ok=True)
            roster = src.parent / "roster.csv"
            given = ["--roster", str(roster)] if r.random() < 0.6 else [
                "--players", str(r.choice([0, 1, 2, 3, 7, 16, 33, 150]))]
            ran = common.run(["simulate", str(f), *given, "--seed", str(r.randrange(100)),
                              "--format", "json", "-o", str(out)])
            problems = common.oracle(ran, places=("regulation.xqr", "roster.csv"),
                                     outputs=(out,))
        elif which == "new":
            ev = work / "ev"
            common.clean(ev)
            ran = common.run(["event", "new", str(ev), "--regulation", str(f), "--roster",
                              str(src.parent / "roster.csv"), "--seed", "1"])
            problems = common.oracle(ran, places=("regulation.xqr", "roster.csv"),
                                     outputs=(ev / "event.sqlite",))
            if ran.rc == 0:
                # The event runs: pair its first round.
                ran = common.run(["event", "pair", str(ev)])
                problems += common.oracle(ran, places=("regulation.xqr", "event.sqlite"))
            common.clean(ev)
        elif which == "test":
            # A scenario that fails is exit 1 with its failed expectations (no code): only
            # the exit code, a panic and a hang are judged here.
            ran = common.run(["test", str(f)])
            problems = common.oracle(ran, places=("regulation.xqr",))
            if ran.rc == 1:
                problems = [p for p in problems if "without" not in p]
        elif which == "pair":
            # The stage's pairing parameters from the damaged regulation (E812 for a stage
            # of another system, exit 2 for a stage it does not have).
            trf = common.ROOT / "tests/fixtures/trf/t01-round-05.trf"
            ran = common.run(["pair", "--system", r.choice(["dutch", "cxa"]), "--regulation",
                              str(f), "--stage", "main", str(trf)])
            if ran.rc == 2 and "has no stage" in ran.err:
                ran.rc = 0
            problems = common.oracle(ran, places=("regulation.xqr", "t01-round-05.trf"))
        else:
            before, _, _ = codes(f)
            ran = common.run(["fmt", str(f)])
            problems = common.oracle(ran, places=("regulation.xqr",))
            if ran.rc == 1 and f.read_bytes() != data:
                problems.append("fmt refused but changed the file")
            if ran.rc == 0:
                again = common.run(["fmt", "--check", str(f)])
                if again.rc != 0:
                    problems.append("fmt is not idempotent: a second fmt --check differs")
                after, _, _ = codes(f)
                if after != before:
                    problems.append(f"fmt changed the codes: {dict(before)} -> {dict(after)}")
        tally.record(f"{which} {label}", ran, problems, {"regulation.xqr": data})

if __name__ == "__main__":
    common.fuzz("regulation", 1500, __doc__, cases)
