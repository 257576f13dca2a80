"""Regulations that still check, with extreme text and numbers, through `sheet` to HTML and PDF.

regulation.py damages a regulation until it no longer means anything; this fuzzer keeps it
meaning something (`check` passes: only such a regulation reaches the sheet's typesetting) and
pushes what the sheet has to lay out: names and texts of 2 000 to 100 000 characters without a
space, stacks of combining marks, right-to-left text and overrides, emoji (with joiners, flags,
skin tones), zero-width characters, characters outside the BMP, CJK of every plane, `\\u{...}`
escapes of controls, HTML and PDF syntax (`<script>`, `&amp;`, `%%EOF`, `(`, `\\`); dozens to
thousands of categories, notes, players and prize lines; numbers of twenty digits where the
language takes a number (prizes, fees, subsidies, fields, times).

Each case mutates an example one to four ways and asks `check --format json`: a case that no
longer checks is tried again (up to 8 times; counted as "did not check"), and one in ten (or the
eighth) is run anyway (the sheet must refuse it with a coded diagnostic). A mutation over 4 MB is
drawn again (thousands of notes of 100 000 characters make a regulation of 100 MB, whose PDF takes
minutes: a test of size, not of text). Then `sheet FILE --format html|pdf|md
-o OUT`, with OUT absent or holding a file written before.

Oracle (besides common.oracle): exit 0 writes OUT whole: HTML is UTF-8 with no NUL, a doctype,
every element closed in order (html.parser), no element the input's text injected; PDF starts
`%PDF-`, ends `%%EOF`, its `startxref` points at the cross-reference, and `pdfinfo` (poppler,
when installed) reads it without a syntax error and counts at least one page. Exit 1 leaves OUT
as it was (absent, or the file written before) and no `.xqreg-*.tmp` beside it.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import common

# The largest regulation a case writes (a real one is under 100 kB; thousands of categories or
# notes of long texts go to some MB).
MOST_BYTES = 4_000_000

STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
NUMBER = re.compile(r"(?<![\w.:-])(\d{1,9})(?![\w.:])")

# What a text may be made of (each a piece; a text is a few of them, or one repeated).
PIECES = [
    "a", "许银川", "\u0301" * 40, "e" + "\u0300\u0301\u0302\u0303\u0304" * 30,
    "\u202e", "\u202d", "\u2067", "\u2069", "مرحبا بالعالم", "שלום עולם", "\u200f", "\u200e",
    "\U0001f600", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f1e8\U0001f1f3",
    "\U0001f44d\U0001f3ff", "\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u3000",
    "\U00020000", "\U0002a6d6", "\U000e0001", "\ufffd", "\U0010fffd", "\u0f00\u0f71\u0f7a",
    "क्षि", "ลุ", "ꦲ꧀", "\u2028", "\u2029", "\u0085", "\u00a0",
    "<script>alert(1)</script>", "<xqinj>", "&amp;", "&#0;", "]]>", "<!--", "'", "`",
    "%%EOF", "(", ")", "endstream", "/Type /Page", "\\\\", "\\\"", "\\n", "\\t",
    "\\u{0}", "\\u{7}", "\\u{1b}[31m", "\\u{202e}", "\\u{10ffff}", "\\u{d800}", "\\u{110000}",
    "ｓｔａｇｅ", "１２", "﷽", "𒐫", "Ǆ", "ﬃ",
]


def text(r: random.Random) -> str:
    """A text for a string literal (already in the language's escapes)."""
    how = r.randrange(6)
    if how == 0:
        # One long unbroken word.
        return r.choice(["x", "许", "\U0001f600", "w\u0301", "ش", "W"]) * r.choice(
            [500, 2000, 20000, 100000])
    if how == 1:
        return "".join(r.choice(PIECES) for _ in range(r.randint(1, 6)))
    if how == 2:
        return r.choice(PIECES) * r.choice([2, 50, 500])
    if how == 3:
        return " ".join(r.choice(PIECES) for _ in range(r.choice([20, 300, 3000])))
    if how == 4:
        return ""
    return "".join(r.choice(PIECES) for _ in range(r.randint(30, 200)))


def block(lines: list[str], start: int) -> tuple[int, int]:
    """The lines of the top-level block that starts at `start` (to its closing `}`)."""
    depth = 0
    for i in range(start, len(lines)):
        depth += lines[i].count("{") - lines[i].count("}")
        if depth <= 0 and "{" in "".join(lines[start:i + 1]):
            return start, i + 1
    return start, start + 1


def mutate(r: random.Random, src: str) -> tuple[str, str]:
    pick = r.randrange(10)
    strings = list(STRING.finditer(src))
    if pick <= 3 and strings:
        # Texts replaced: one, or many at once.
        chosen = r.sample(strings, min(len(strings), r.choice([1, 1, 3, 20])))
        out = src
        for m in sorted(chosen, key=lambda m: -m.start()):
            out = out[:m.start(1)] + text(r) + out[m.end(1):]
        return out, f"{len(chosen)} text(s) replaced"
    lines = src.split("\n")
    if pick == 4:
        # Many categories (and pools of them where an entry names pools is not touched).
        n = r.choice([30, 300, 2000])
        name = text(r) if r.random() < 0.5 else "组"
        more = [f'category fz{i} "{name}{i}" en "{name} {i}" {{\n  sex women\n}}\n'
                for i in range(n)]
        return src + "\n" + "".join(more), f"{n} categories"
    if pick == 5:
        n = r.choice([20, 200, 2000])
        body = text(r)
        more = [f'note "注{i}" en "Note {i}" "{body}" en "{body}" in other\n' for i in range(n)]
        return src + "\n" + "".join(more), f"{n} notes"
    if pick == 6:
        # Numbers: huge, zero, many digits.
        nums = list(NUMBER.finditer(src))
        if not nums:
            return src, "no number"
        chosen = r.sample(nums, min(len(nums), r.choice([1, 1, 5])))
        new = r.choice(["99999999999999999999", "4294967295", "4294967296", "18446744073709551615",
                        "9223372036854775807", "0", "000000000001", "999999999"])
        out = src
        for m in sorted(chosen, key=lambda m: -m.start()):
            out = out[:m.start(1)] + new + out[m.end(1):]
        return out, f"{len(chosen)} number(s) -> {new}"
    if pick == 7:
        # A block (stage, category, note, prizes, schedule day...) doubled many times under
        # other names where it has one.
        tops = [i for i, l in enumerate(lines) if re.match(r"^[a-z_]+ ", l) and l.rstrip()
                .endswith("{")]
        if not tops:
            return src, "no block"
        a, b = block(lines, r.choice(tops))
        body = "\n".join(lines[a:b])
        n = r.choice([2, 10, 100])
        copies = []
        for i in range(n):
            copies.append(re.sub(r"^([a-z_]+) ([a-z_][a-z0-9_]*)", lambda m: f"{m.group(1)} "
                                 f"{m.group(2)}_fz{i}", body, count=1))
        return src + "\n" + "\n".join(copies) + "\n", f"block {lines[a][:30]!r} x{n}"
    if pick == 8:
        # Long identifiers: every use of one renamed.
        ids = sorted(set(re.findall(r"\b(?:category|stage|time|pool|player) ([a-z_][a-z0-9_]*)",
                                    src)))
        if not ids:
            return src, "no id"
        old = r.choice(ids)
        new = old + "_" + "x" * r.choice([100, 1000, 20000])
        return re.sub(rf"\b{re.escape(old)}\b", new, src), f"id {old} made long"
    # Prize lines: many.
    at = [i for i, l in enumerate(lines) if re.match(r"^\s+total \d+", l)]
    if not at:
        return src, "no prize table"
    i = r.choice(at)
    amount = r.choice(["1", "999999999999", "18446744073709551615"])
    lines[i:i + 1] = [f"  {k}: {amount}" for k in range(1000, 1000 + r.choice([10, 500]))] + [
        lines[i]]
    return "\n".join(lines), f"prize lines ({amount})"


def checks(path: Path) -> bool:
    ran = common.run_nolang(["check", "--format", "json", str(path)])
    if ran.rc != 0:
        return False
    try:
        return json.loads(ran.stdout).get("errors", 1) == 0
    except ValueError:
        return False


# --- well-formed output --------------------------------------------------------------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.bad: list[str] = []
        self.seen: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.seen.add(tag)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.seen.add(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.bad.append(f"</{tag}> closes <{self.stack[-1] if self.stack else ''}>")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
        else:
            self.stack.pop()


def html_problems(data: bytes) -> list[str]:
    try:
        s = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return [f"HTML not UTF-8: {e}"]
    bad = []
    if "\0" in s:
        bad.append("HTML holds a NUL")
    if not s.lstrip().lower().startswith("<!doctype html>"):
        bad.append("HTML without a doctype")
    p = Tags()
    p.feed(s)
    p.close()
    bad += p.bad[:3]
    if p.stack:
        bad.append(f"HTML elements left open: {p.stack[-5:]}")
    if "xqinj" in p.seen:
        bad.append("HTML: the input's text made an element <xqinj>")
    if "<script>alert(1)" in s:
        bad.append("HTML: the input's <script> written unescaped")
    return bad


def pdf_problems(data: bytes, path: Path) -> list[str]:
    bad = []
    if not data.startswith(b"%PDF-"):
        return ["PDF without its %PDF- header"]
    tail = data[-1024:]
    if b"%%EOF" not in tail:
        bad.append("PDF without %%EOF at its end")
    m = re.search(rb"startxref\s+(\d+)\s+%%EOF\s*$", tail)
    if not m:
        bad.append("PDF without startxref")
    else:
        at = int(m.group(1))
        head = data[at:at + 20]
        if not (head.startswith(b"xref") or re.match(rb"\d+ \d+ obj", head)):
            bad.append(f"PDF startxref {at} points at {head[:12]!r}")
    if shutil.which("pdfinfo"):
        try:
            p = subprocess.run(["pdfinfo", str(path)], capture_output=True, timeout=60)
            err = p.stderr.decode("utf-8", "replace")
            if p.returncode != 0 or "Syntax Error" in err or "Syntax Warning" in err:
                bad.append(f"pdfinfo: rc {p.returncode} {err.strip()[:160]}")
            pages = re.search(rb"Pages:\s+(\d+)", p.stdout)
            if not pages or int(pages.group(1)) < 1:
                bad.append("PDF of no page")
        except subprocess.TimeoutExpired:
            bad.append("pdfinfo over 60 s")
    return bad


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    sources = sorted(common.EXAMPLES.glob("*/regulation.xqr"))
    unchecked = 0
    for n in range(args.cases):
        f = work / "regulation.xqr"
        tries = 0
        while True:
            src = r.choice(sources)
            data, label = src.read_text(), ""
            for _ in range(r.choice([1, 1, 2, 3, 4])):
                data, more = mutate(r, data)
                label = f"{label}; {more}" if label else more
            label = f"{src.parent.name}: {label}"
            if len(data.encode()) > MOST_BYTES:
                # A regulation of 100 MB is a test of the disc, not of the sheet.
                continue
            tries += 1
            f.write_text(data)
            ok = checks(f)
            if ok:
                break
            unchecked += 1
            if r.random() < 0.1 or tries == 8:
                label += " (does not check)"
                break
        fmt = r.choice(["html", "html", "pdf", "pdf", "md"])
        out = work / f"sheet.{fmt}"
        out.unlink(missing_ok=True)
        old = None
        if r.random() < 0.4:
            old = b"the sheet written before\n"
            out.write_bytes(old)
        ran = common.run(["sheet", str(f), "--format", fmt, "-o", str(out)],
                         timeout=60 if fmt == "pdf" else 20)
        problems = common.oracle(ran, places=("regulation.xqr",),
                                 outputs=(out,) if old is None else ())
        if ran.rc == 1 and old is not None and (not out.is_file() or out.read_bytes() != old):
            problems.append("refused but the sheet written before changed")
        if ran.rc == 0 and "(does not check)" in label:
            problems.append("a regulation that does not check made a sheet")
        if ran.rc == 0:
            if not out.is_file():
                problems.append("exit 0 without the sheet")
            else:
                body = out.read_bytes()
                if body == old:
                    problems.append("exit 0 but the sheet is the one written before")
                elif fmt == "html":
                    problems += html_problems(body)
                elif fmt == "pdf":
                    problems += pdf_problems(body, out)
                elif b"\0" in body:
                    problems.append("Markdown holds a NUL")
        left = [p.name for p in work.iterdir() if p.name.startswith(".xqreg-")]
        if left:
            problems.append(f"left temporary files {left}")
            for p in left:
                (work / p).unlink()
        keep = {"regulation.xqr": f.read_bytes()}
        tally.record(f"{fmt} {label}"[:300], ran, problems, keep)
    print(f"(mutations that did not check, tried again: {unchecked})")


if __name__ == "__main__":
    common.fuzz("sheet", 400, __doc__, cases)
