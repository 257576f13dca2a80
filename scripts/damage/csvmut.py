"""Mutations of a CSV file (roster, results, line-ups) and a shadow reader of what xqreg accepts.

A mutation returns `(bytes, label, must_refuse)`: `must_refuse` when the damage changes what the
file means and xqreg has to say so (a rating turned to text, a duplicate id, a column missing).
Byte-level damage (a flipped byte, a cut) may or may not leave a valid file; for those the shadow
reader decides: when xqreg accepts a file (exit 0), every typed cell of it must be a value the
column takes (docs/input-files.md), else xqreg read damage as data.
"""

from __future__ import annotations

import csv
import io
import random
import re
import unicodedata
from datetime import date

SEX = {"m", "men", "man", "male", "男", "男子", "w", "f", "women", "woman", "female", "女", "女子"}
TITLE = {"third_class", "三级棋士", "second_class", "二级棋士", "first_class", "一级棋士",
         "association_master", "棋协大师", "national_master", "国家大师", "master", "大师",
         "象棋大师", "international_master", "国际大师", "grandmaster", "特级大师", "特大",
         "international_grandmaster", "国际特级大师"}
RESULT = {"1-0", "red", "red_wins", "0-1", "black", "black_wins", "=", "draw", "1/2", "½-½",
          "+-", "red_forfeit_win", "-+", "black_forfeit_win", "--", "double_forfeit"}


def whole(lo: int | None = None, hi: int | None = None):
    def ok(v: str) -> bool:
        if not re.fullmatch(r"\+?[0-9]+", v):
            return False
        n = int(v)
        return (lo is None or n >= lo) and (hi is None or n <= hi)
    return ok


def is_date(v: str) -> bool:
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", v)
    if not m:
        return False
    try:
        return date(int(m[1]), int(m[2]), int(m[3])).year >= 1900
    except ValueError:
        return False


ROSTER_TYPES = {
    "sex": lambda v: v.lower() in SEX,
    "title": lambda v: v.lower() in TITLE,
    "rating": whole(0, 9999),
    "born": is_date,
    "order": whole(),
    "grade": whole(1, 9),
    "school_year": whole(1, 12),
    "qualified": whole(1),
}
ROSTER_COLUMNS = ["id", "name", "unit", "federation", "sex", "born", "title", "rating", "pool",
                  "order", "grade", "school_year", "club", "residence", "qualified"]
RESULTS_TYPES = {
    "round": whole(),
    "board": whole(),
    "game": whole(),
    "red_fouls": whole(),
    "black_fouls": whole(),
    "result": lambda v: v.lower() in RESULT,
}
RESULTS_COLUMNS = ["stage", "round", "board", "red", "black", "result", "red_fouls",
                   "black_fouls", "step", "game"]
LINEUPS_TYPES = {"round": whole(), "board": whole(1)}
LINEUPS_COLUMNS = ["stage", "round", "team", "board", "player"]


def shadow(data: bytes, columns: list[str], types: dict, required: list[str],
           unique: str | None) -> str | None:
    """Why xqreg should not have accepted `data` (None: it may)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return f"not UTF-8 at byte {e.start}"
    text = text.removeprefix("\ufeff")
    ctrl = [c for c in text if unicodedata.category(c) == "Cc" and c not in "\r\n\t"]
    if ctrl:
        return f"control character {ord(ctrl[0]):#x}"
    rows = list(csv.reader(io.StringIO(text, newline="")))
    rows = [r for r in rows if r and any(c.strip() for c in r)]
    if not rows:
        return "no header"
    head = [h.strip().lower() for h in rows[0]]
    for h in head:
        if h not in columns:
            return f"unknown column {h!r}"
    if len(set(head)) != len(head):
        return "a column twice"
    for r in required:
        if r not in head:
            return f"no column {r}"
    seen = set()
    for n, row in enumerate(rows[1:], 2):
        if len(row) != len(head):
            return f"row {n} has {len(row)} fields, header {len(head)}"
        for h, v in zip(head, row):
            if "\n" in v or "\r" in v:
                return f"row {n}: {h} holds a line break (a quote open across lines)"
            v = v.strip()
            if h in required and not v:
                return f"row {n}: empty required {h}"
            if v and h in types and not types[h](v):
                return f"row {n}: {h} {v!r} is not a value of the column"
            if v and len(v) > 500:
                return f"row {n}: {h} of {len(v)} characters"
            if len(v) > 1 and v[0] in "=@" and not (h == "result" and v == "="):
                return f"row {n}: {h} {v[:20]!r} is a formula"
        if unique:
            key = id_key(row[head.index(unique)].strip())
            if key in seen:
                return f"row {n}: {unique} {key!r} twice"
            seen.add(key)
    return None


def id_key(v):
    """An id as the binary folds it (runtime/src/engine/validate/ids.rs `folded`): without the
    characters nobody sees (format characters), full-width letters and digits as ASCII, lower
    case, in canonical composition (NFC, not NFKC: `p₁` and `①` stay other ids)."""
    v = "".join(
        chr(ord(c) - 0xFEE0) if 0xFF01 <= ord(c) <= 0xFF5E else c
        for c in v
        if unicodedata.category(c) != "Cf"
    )
    return unicodedata.normalize("NFC", v.lower())


# --- mutations -----------------------------------------------------------------------------


def parse(data: bytes) -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    rows = [r for r in rows if r]
    return rows[0], rows[1:]


def unparse(head: list[str], rows: list[list[str]], eol: str = "\n") -> bytes:
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator=eol)
    w.writerow(head)
    w.writerows(rows)
    return out.getvalue().encode("utf-8")


def byte_flip(r: random.Random, data: bytes):
    b = bytearray(data)
    for _ in range(r.choice([1, 1, 1, 2, 3, 8])):
        i = r.randrange(len(b))
        b[i] = r.choice([b[i] ^ (1 << r.randrange(8)), r.randrange(256),
                         ord(r.choice(',"\n\r;= -0123456789abcxyz'))])
    return bytes(b), "byte flip", False


def truncate(r: random.Random, data: bytes):
    return data[: r.randrange(len(data))], "truncate", False


def bom(r: random.Random, data: bytes):
    return b"\xef\xbb\xbf" + data, "BOM", False


def bom_twice(r: random.Random, data: bytes):
    """A byte-order mark twice, or a UTF-16 one before UTF-8 text: the first cell is no name."""
    lead = r.choice([b"\xef\xbb\xbf\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"])
    return lead + data, f"lead {lead!r}", True


def line_ends(r: random.Random, data: bytes):
    eol = r.choice([b"\r\n", b"\r"])
    return data.replace(b"\n", eol), f"line ends {eol!r}", False


def other_encoding(r: random.Random, data: bytes):
    text = data.decode("utf-8")
    enc = r.choice(["gbk", "utf-16", "utf-16-le", "utf-16-be", "big5", "gb18030"])
    try:
        out = text.encode(enc)
    except UnicodeEncodeError:
        out = text.encode(enc, "replace")
    # Only a file with something past ASCII (or UTF-16) is damaged by its encoding.
    return out, f"encoded {enc}", out != data


def nul(r: random.Random, data: bytes):
    i = r.randrange(len(data) + 1)
    return data[:i] + b"\0" + data[i:], "NUL byte", True


def empty(r: random.Random, data: bytes):
    return r.choice([b"", b"\n", b"  \r\n\n", b"\xef\xbb\xbf"]), "empty file", True


def header_only(r: random.Random, data: bytes):
    return data.split(b"\n", 1)[0] + b"\n", "header only", False


def open_quote(r: random.Random, data: bytes):
    lines = data.split(b"\n")
    n = r.randrange(len(lines))
    cells = lines[n].split(b",")
    k = r.randrange(len(cells))
    cells[k] = b'"' + cells[k]
    lines[n] = b",".join(cells)
    return b"\n".join(lines), "quote left open", bool(lines[n].strip())


def text_after_quote(r: random.Random, head, rows):
    row = r.choice(rows)
    k = r.randrange(len(row))
    raw = unparse(head, rows).decode()
    line = ",".join(row)
    bad = ",".join(c if i != k else f'"{c}"x' for i, c in enumerate(row))
    return raw.replace(line, bad, 1).encode(), "text after a closing quote", line in raw


def separator(r: random.Random, data: bytes):
    sep = r.choice([b";", b"\t"])
    out = data.replace(b",", sep)
    if r.random() < 0.3:
        out = b"sep=,\n" + data
    return out, "separator", True


def huge_cell(r: random.Random, head, rows):
    row = r.choice(rows)
    k = r.randrange(len(row))
    row[k] = r.choice(["x", "许", "9"]) * r.choice([501, 5000, 200_000])
    return unparse(head, rows), f"huge cell in {head[k]}", True


def formula(r: random.Random, head, rows):
    row = r.choice(rows)
    k = r.randrange(len(row))
    row[k] = r.choice(["=SUM(A1:A3)", "@A1", '=HYPERLINK("http://x","y")', "=1+1"])
    return unparse(head, rows), f"formula in {head[k]}", True


def drop_column(r: random.Random, head, rows, required):
    k = r.randrange(len(head))
    must = head[k].strip().lower() in required
    del head[k]
    for row in rows:
        del row[k]
    return unparse(head, rows), f"column {k} dropped", must


def duplicate_column(r: random.Random, head, rows):
    k = r.randrange(len(head))
    head.append(head[k].upper() if r.random() < 0.5 else head[k])
    for row in rows:
        row.append(row[k])
    return unparse(head, rows), f"column {head[k]} twice", True


def extra_column(r: random.Random, head, rows):
    name = r.choice(["team", "rateing", "", "备注", "Rating ", "elo", "x" * 70])
    head.append(name)
    for row in rows:
        row.append(r.choice(["", "1", "abc"]))
    return unparse(head, rows), f"extra column {name[:10]!r}", name.strip().lower() not in head[:-1] + [
        "rating"]


def rename_header(r: random.Random, head, rows, required):
    k = r.randrange(len(head))
    old = head[k]
    wide = old.translate({c: c + 0xFEE0 for c in range(0x21, 0x7F)})
    head[k] = r.choice([old.upper(), f" {old} ", old[:-1], old + "s", old.replace("_", " "),
                        wide, old + "\u200b", "\ufeff" + old, old + "\u00a0", old + "\u3000"])
    # Spaces around a name are not read (Unicode white space, as `str.strip` takes it); a BOM
    # before the first is the file's.
    new = head[k].removeprefix("\ufeff") if k == 0 else head[k]
    ok = new.strip().lower() == old.strip().lower()
    return unparse(head, rows), f"header {old!r} -> {head[k]!r}", not ok


def headers_recased(r: random.Random, head, rows):
    """Every header name in another case, or with spaces after it (`Id `, `NAME\t`), as a
    spreadsheet's export may write them: the same columns (names are read in any case, spaces
    around them ignored)."""
    how = r.choice(["upper", "title", "space", "tab", "both"])
    for k, h in enumerate(head):
        h = {"upper": h.upper(), "title": h.title()}.get(how, h)
        if how in ("space", "both"):
            h = h + " " * r.randint(1, 3)
        if how == "tab":
            h = h + "\t"
        head[k] = h.title() + " " if how == "both" else h
    return unparse(head, rows), f"headers {how}", False


def blank_cell(r: random.Random, head, rows, required):
    """A cell of spaces only (ASCII, an ideographic space, a no-break space, a tab): empty. In a
    required column a refusal; elsewhere an empty value."""
    row = r.choice(rows)
    k = r.randrange(len(row))
    old, row[k] = row[k], r.choice(["   ", "\u3000", "\u00a0", " \t ", "\u2003\u2003"])
    must = head[k].strip().lower() in required and bool(old.strip())
    return unparse(head, rows), f"{head[k]} of spaces", must


def ragged_row(r: random.Random, head, rows):
    row = r.choice(rows)
    if r.random() < 0.5 and len(row) > 1:
        row.pop(r.randrange(len(row)))
        what = "a field missing"
    else:
        row.insert(r.randrange(len(row) + 1), r.choice(["", "x", "1"]))
        what = "a field more"
    return unparse(head, rows), f"row with {what}", True


def no_header(r: random.Random, head, rows):
    return unparse(rows[0], rows[1:]), "header line missing", True


def duplicate_row(r: random.Random, head, rows):
    row = r.choice(rows)
    rows.insert(r.randrange(len(rows) + 1), list(row))
    return unparse(head, rows), "row twice", True


def set_cell(r: random.Random, head, rows, column: str, values: list[str], must: bool):
    if column not in [h.strip().lower() for h in head]:
        head.append(column)
        for row in rows:
            row.append("")
    k = [h.strip().lower() for h in head].index(column)
    row = r.choice(rows)
    v = r.choice(values)
    old, row[k] = row[k], v
    # The cell as it was (spaces around a value are not read): nothing damaged.
    return unparse(head, rows), f"{column} = {v[:20]!r}", must and v.strip() != old.strip()


def header_repeated(r: random.Random, head, rows):
    """The header again among the rows (two exports pasted together): its typed cells are no
    values, the shadow reader says so if it is read as a row."""
    rows.insert(r.randrange(1, len(rows) + 1), list(head))
    return unparse(head, rows), "header repeated as a row", False


def file_twice(r: random.Random, head, rows):
    """The whole file after itself, its header too: every row twice, one of them the header."""
    once = unparse(head, rows)
    return once + r.choice([b"", b"\n"]) + once, "file twice", True


def rows_in_one_line(r: random.Random, head, rows):
    """Two rows joined on one line (a lost line break): one row too long."""
    if len(rows) < 2:
        return unparse(head, rows), "rows joined (one row)", False
    k = r.randrange(len(rows) - 1)
    rows[k] = rows[k] + rows.pop(k + 1)
    return unparse(head, rows), "two rows on one line", True


def random_unicode(r: random.Random, head, rows):
    row = r.choice(rows)
    k = r.randrange(len(row))
    pool = ["\u200b", "\u202e", "\ufeff", "\u3000", "\U0001f600", "\u0301", "\ud7ff", "ｐ", "\u00a0",
            "\u2028", "\x85"]
    row[k] = row[k] + "".join(r.choice(pool) for _ in range(r.randint(1, 3)))
    return unparse(head, rows), f"unicode in {head[k]}", False


def structural(r: random.Random, head, rows, required) -> list:
    """The damage of a file's columns, rows and cells every CSV shares, each a thunk giving
    `(bytes, label, must_refuse)`; a fuzzer adds the damage of its own columns."""
    return [
        lambda: huge_cell(r, head, rows),
        lambda: formula(r, head, rows),
        lambda: drop_column(r, head, rows, required),
        lambda: duplicate_column(r, head, rows),
        lambda: extra_column(r, head, rows),
        lambda: rename_header(r, head, rows, required),
        lambda: ragged_row(r, head, rows),
        lambda: no_header(r, head, rows),
        lambda: duplicate_row(r, head, rows),
        lambda: text_after_quote(r, head, rows),
        lambda: random_unicode(r, head, rows),
        lambda: header_repeated(r, head, rows),
        lambda: file_twice(r, head, rows),
        lambda: rows_in_one_line(r, head, rows),
        lambda: headers_recased(r, head, rows),
        lambda: blank_cell(r, head, rows, required),
    ]


def bom_inside(r: random.Random, data: bytes):
    """A byte-order mark where no file starts (since `damage8`): at the start of a line after
    the first (two files pasted together, each with its BOM), or before a cell of a row. In an
    id it is a character nobody sees (folded away); in a typed cell no value: the shadow reader
    decides."""
    lines = data.split(b"\n")
    if len(lines) < 2:
        return data, "BOM inside (one line)", False
    n = r.randrange(1, len(lines))
    if not lines[n].strip():
        n = 1
    if r.random() < 0.5:
        lines[n] = b"\xef\xbb\xbf" + lines[n]
        return b"\n".join(lines), f"BOM at the start of line {n + 1}", False
    cells = lines[n].split(b",")
    k = r.randrange(len(cells))
    cells[k] = b"\xef\xbb\xbf" + cells[k] if r.random() < 0.5 else cells[k] + b"\xef\xbb\xbf"
    lines[n] = b",".join(cells)
    return b"\n".join(lines), f"BOM in cell {k} of line {n + 1}", False


def spreadsheet_unicode(r: random.Random, data: bytes):
    """What a spreadsheet saves as 'Unicode text' (since `damage8`): UTF-16 with its BOM, tabs
    between the cells, CR LF; or UTF-16 with a BOM that says the other byte order."""
    text = data.decode("utf-8").replace(",", "\t").replace("\n", "\r\n")
    how = r.choice(["utf-16", "utf-16-le-bom-be", "utf-16 comma"])
    if how == "utf-16 comma":
        out = data.decode("utf-8").encode("utf-16")
    elif how == "utf-16":
        out = text.encode("utf-16")
    else:
        out = b"\xfe\xff" + text.encode("utf-16-le")
    return out, f"spreadsheet unicode ({how})", True


def long_line(r: random.Random, data: bytes):
    """A line of megabytes (since `damage8`), under the 8 MiB a file holds: the header with
    100 000 to 1 000 000 empty columns more, a row with as many empty fields more, or a cell of
    2 to 7 MB in a row."""
    lines = data.split(b"\n")
    how = r.choice(["header", "row", "cell"])
    n = r.choice([100_000, 1_000_000])
    if how == "header":
        lines[0] = lines[0] + b"," * n
        return b"\n".join(lines), f"header with {n} empty columns more", True
    k = r.randrange(1, len(lines)) if len(lines) > 1 else 0
    if not lines[k].strip():
        k = 1 if len(lines) > 1 else 0
    if how == "row":
        lines[k] = lines[k] + b"," * n
        return b"\n".join(lines), f"line {k + 1} with {n} empty fields more", True
    size = r.choice([2_000_000, 7_000_000])
    cells = lines[k].split(b",")
    j = r.randrange(len(cells))
    cells[j] = b"9" * size
    lines[k] = b",".join(cells)
    return b"\n".join(lines), f"a cell of {size} bytes on line {k + 1}", True


BYTE_MUTATIONS = [byte_flip, byte_flip, byte_flip, truncate, truncate, bom, line_ends,
                  other_encoding, nul, empty, header_only, open_quote, separator, bom_twice,
                  bom_inside, spreadsheet_unicode, long_line]
