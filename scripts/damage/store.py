"""A damaged event store (DIR/event.sqlite) under every reading and writing `event` command.

The template: example 001 with 60 players (seed 2), round 1 played, round 2 published with one
result, a withdrawal. Each case copies it and damages it one way:

- the file's bytes: flipped, a page zeroed, cut short, garbage appended, emptied, deleted,
  replaced by a directory, a stray `-journal` or `-wal` file beside it;
- a value inside whole pages (through sqlite3, as an editor would): a log entry cut, made not
  JSON, not UTF-8 or deleted; a meta key renamed or deleted; the seed made text; the stored
  regulation or roster edited (with or without its SHA-256 updated); a game's players swapped,
  its board changed, deleted or doubled; a result made a word no result is, flipped, deleted or
  added, fouls negative or one more; a withdrawal of a player not in the roster; a table dropped;
  a game, a withdrawal or a log entry naming its stage by the stage's title instead of its id;
- a store from another regulation: the stored regulation replaced by example 000's (SHA-256
  updated), or the regulation file on disk edited (E830).

Then runs one of `status`, `verify`, `pair`, `standings`, `games`, `result FILE`,
`result STAGE ROUND BOARD RESULT`, `correct`, `withdraw`, `export`, `publish -o SITE`.
Oracle: common.oracle, the store (the whole directory) unchanged when refused, no `publish`
site and no new export file when refused; `must_refuse` for damage every command must see (a
log entry or a stored text no longer what was written, a missing table, a game or a result
edited, deleted or added: every command reads the games against the log's `pair` entries and
their results against its `result` and `correct` entries).
"""

from __future__ import annotations

import hashlib
import random
import shutil
import sqlite3
from pathlib import Path

import common

EVERY = "every command"
VERIFY = "verify"


def setup(work: Path) -> tuple[Path, Path]:
    lines = (common.EXAMPLES / "001_nanning/roster.csv").read_text().splitlines()
    roster = work / "roster.csv"
    roster.write_text("\n".join(lines[:61]) + "\n")
    reg = work / "reg.xqr"
    shutil.copy(common.EXAMPLES / "001_nanning/regulation.xqr", reg)
    ev = work / "template"
    ok = lambda *a: _ok(common.run_nolang(list(a)))
    ok("event", "new", str(ev), "--regulation", str(reg), "--roster", str(roster), "--seed", "2")
    ok("event", "pair", str(ev))
    play(ev, work / "r1.csv")
    ok("event", "pair", str(ev))
    ok("event", "result", str(ev), "main", "2", "1", "=")
    ok("event", "withdraw", str(ev), "p060", "--stage", "main", "--after", "2")
    # Two of round 2's waiting games, Black wins: the results file `result` records.
    rows = common.waiting_csv(ev, lambda i: "0-1").splitlines()[:3]
    (work / "r2.csv").write_text("\n".join(rows) + "\n")
    return ev, reg


def _ok(ran: common.Ran) -> None:
    assert ran.rc == 0, (ran.args, ran.err)


def play(ev: Path, path: Path) -> None:
    path.write_text(common.waiting_csv(ev, lambda i: "1-0"))
    _ok(common.run_nolang(["event", "result", str(ev), str(path)]))

def sql(db: Path, *statements: str, params=()) -> None:
    c = sqlite3.connect(db)
    for s in statements:
        c.execute(s, params) if params else c.execute(s)
    c.commit()
    c.close()


def ids(db: Path, sql_: str) -> list[int]:
    """The first column of every row `sql_` selects."""
    c = sqlite3.connect(db)
    out = [i for (i, *_) in c.execute(sql_)]
    c.close()
    return out


def meta(db: Path, key: str) -> str:
    c = sqlite3.connect(db)
    (v,) = c.execute("select value from meta where key = ?", (key,)).fetchone()
    c.close()
    return v


def set_meta(db: Path, key: str, value, sha: bool) -> None:
    sql(db, "update meta set value = ? where key = ?", params=(value, key))
    if sha:
        text = value if isinstance(value, str) else value.decode("utf-8", "replace")
        digest = hashlib.sha256(text.encode()).hexdigest()
        sql(db, "update meta set value = ? where key = ?", params=(digest, key + "_sha256"))


def damage(r: random.Random, ev: Path, reg: Path):
    """Damage the store in `ev` (or the regulation beside it); (label, who must refuse)."""
    db = ev / "event.sqlite"
    size = db.stat().st_size
    pick = r.randrange(31)
    if pick < 4:
        b = bytearray(db.read_bytes())
        for _ in range(r.choice([1, 1, 4, 32])):
            i = r.randrange(len(b))
            b[i] ^= 1 << r.randrange(8)
        db.write_bytes(bytes(b))
        return "bytes flipped", None
    if pick == 4:
        b = bytearray(db.read_bytes())
        page = 4096
        k = r.randrange(len(b) // page)
        b[k * page:(k + 1) * page] = bytes(page)
        db.write_bytes(bytes(b))
        return f"page {k} zeroed", None if k else EVERY
    if pick == 5:
        cut = r.randrange(size)
        with open(db, "r+b") as f:
            f.truncate(cut)
        return f"cut at {cut}", EVERY if cut < size - 4096 else None
    if pick == 6:
        with open(db, "ab") as f:
            f.write(bytes(r.randrange(256) for _ in range(r.choice([1, 100, 5000]))))
        return "garbage appended", None
    if pick == 7:
        what = r.choice(["empty", "deleted", "directory", "text"])
        if what == "empty":
            db.write_bytes(b"")
        elif what == "deleted":
            db.unlink()
        elif what == "directory":
            db.unlink()
            db.mkdir()
        else:
            db.write_text("id,name\n")
        return f"store {what}", EVERY
    if pick == 8:
        side = ev / r.choice(["event.sqlite-journal", "event.sqlite-wal", "event.sqlite-shm"])
        side.write_bytes(bytes(r.randrange(256) for _ in range(r.choice([0, 28, 512, 4096]))))
        return f"stray {side.name}", None
    if pick in (9, 10):
        i = r.choice(ids(db, "select id from log"))
        how = r.choice(["cut", "not json", "not utf-8", "deleted", "other command", "array"])
        if how == "cut":
            sql(db, "update log set changes = substr(changes, 1, length(changes) / 2) where id = ?",
                params=(i,))
        elif how == "not json":
            sql(db, "update log set changes = 'not json' where id = ?", params=(i,))
        elif how == "not utf-8":
            sql(db, "update log set changes = cast(x'7b22ff22fe7d' as text) where id = ?",
                params=(i,))
        elif how == "deleted":
            sql(db, "delete from log where id = ?", params=(i,))
        elif how == "other command":
            sql(db, "update log set command = 'frobnicate' where id = ?", params=(i,))
        else:
            sql(db, "update log set changes = '[]' where id = ?", params=(i,))
        # Still JSON, or gone: what the entry says is checked by `verify`.
        return f"log entry {i} {how}", EVERY if how in ("cut", "not json", "not utf-8") else VERIFY
    if pick in (11, 12):
        key = r.choice(["format", "regulation", "regulation_sha256", "roster", "roster_sha256",
                        "seed", "lots", "regulation_path"])
        how = r.choice(["renamed", "deleted", "text"])
        if how == "renamed":
            sql(db, "update meta set key = key || 'x' where key = ?", params=(key,))
        elif how == "deleted":
            sql(db, "delete from meta where key = ?", params=(key,))
        else:
            sql(db, "update meta set value = ? where key = ?",
                params=(r.choice(["", "x", "-1", "99999999999999999999999", "1.5"]), key))
        # A store without `lots` is one started before streams of lots per stage (read as one
        # stream, docs/event.md); a `regulation_path` naming no file is a regulation file moved.
        if (key == "lots" and how != "text") or (key == "regulation_path" and how == "text"):
            return f"meta {key} {how}", None
        return f"meta {key} {how}", EVERY
    if pick in (13, 14):
        key = r.choice(["regulation", "roster"])
        text = meta(db, key)
        i = r.randrange(len(text))
        edited = text[:i] + r.choice(["", "9", "x", ",", "\n"]) + text[i + 1:]
        sha = r.random() < 0.5
        if edited == text:
            return "nothing", None
        set_meta(db, key, edited, sha)
        # With the SHA-256 updated the text is whole, but no longer the event's.
        return f"stored {key} edited{' (sha updated)' if sha else ''}", None if sha else EVERY
    if pick == 15:
        other = (common.EXAMPLES / "000_huaian/regulation.xqr").read_text()
        set_meta(db, "regulation", other, True)
        return "stored regulation of example 000", VERIFY
    if pick == 16:
        with open(reg, "a") as f:
            f.write(r.choice(["\n// edited\n", "x", "\n"]))
        return "regulation file edited", "write"
    if pick == 17:
        reg.unlink()
        return "regulation file deleted", None
    if pick in (18, 19):
        g = r.choice(ids(db, "select id from games"))
        how = r.choice(["swapped", "board", "deleted", "player", "round", "stage", "wrapped",
                        "text", "real", "player case"])
        if how == "wrapped":
            # A round or board that a cast to 32 bits (or 64) would read as the one it was.
            col = r.choice(["round", "board", "game_no"])
            add = r.choice([4294967296, 18446744073709551616 // 2, -4294967296])
            sql(db, f"update games set {col} = {col} + ({add}) where id = ?", params=(g,))
            how = f"{col} wrapped {add:+}"
        elif how == "text":
            col = r.choice(["round", "board"])
            # Text SQLite's INTEGER affinity cannot read back as a number (`'3 '` it would).
            tail = r.choice(["a", " 1", ".0.0"])
            sql(db, f"update games set {col} = {col} || ? where id = ?", params=(tail, g))
            how = f"{col} made text"
        elif how == "real":
            col = r.choice(["round", "board"])
            sql(db, f"update games set {col} = {col} + 0.5 where id = ?", params=(g,))
            how = f"{col} made {col}+0.5"
        elif how == "player case":
            sql(db, "update games set red = upper(red) where id = ?", params=(g,))
        elif how == "swapped":
            sql(db, "update games set red = black, black = red where id = ?", params=(g,))
        elif how == "board":
            sql(db, "update games set board = board + 1000 where id = ?", params=(g,))
        elif how == "deleted":
            sql(db, "delete from results where game = ?", params=(g,))
            sql(db, "delete from games where id = ?", params=(g,))
        elif how == "player":
            sql(db, "update games set red = 'nobody' where id = ?", params=(g,))
        elif how == "round":
            sql(db, "update games set round = round + 7 where id = ?", params=(g,))
        else:
            sql(db, "update games set stage = 'elsewhere' where id = ?", params=(g,))
        # Every command compares the store's games with the games the log published.
        return f"game {g} {how}", EVERY
    if pick in (20, 21):
        g = r.choice(ids(db, "select game from results"))
        how = r.choice(["word", "fouls", "deleted", "flipped", "empty", "fouls+1", "added",
                        "fouls wrapped", "case"])
        if how == "fouls wrapped":
            sql(db, "update results set red_fouls = red_fouls + 4294967296 where game = ?",
                params=(g,))
        elif how == "case":
            sql(db, "update results set result = case result when '=' then 'DRAW' else"
                    " upper(result) || ' ' end where game = ?", params=(g,))
        elif how == "fouls+1":
            sql(db, "update results set black_fouls = black_fouls + 1 where game = ?",
                params=(g,))
        elif how == "added":
            sql(db, "insert into results select id, '=', 0, 0 from games"
                    " where id not in (select game from results) limit 1")
        elif how == "word":
            sql(db, "update results set result = 'win' where game = ?", params=(g,))
        elif how == "fouls":
            sql(db, "update results set red_fouls = -3 where game = ?", params=(g,))
        elif how == "deleted":
            sql(db, "delete from results where game = ?", params=(g,))
        elif how == "flipped":
            sql(db, "update results set result = case result when '1-0' then '0-1' else '1-0' end"
                    " where game = ?", params=(g,))
        else:
            sql(db, "update results set result = '' where game = ?", params=(g,))
        # Every command reads the stored results against the log's `result` and `correct`
        # entries (since `damage5`).
        return f"result of game {g} {how}", EVERY
    if pick == 22:
        how = r.choice(["nobody", "stage", "round", "round wrapped"])
        if how == "round wrapped":
            sql(db, "update withdrawals set after_round = after_round + 4294967296")
        elif how == "nobody":
            sql(db, "insert into withdrawals values ('nobody', 'main', 1)")
        elif how == "stage":
            sql(db, "update withdrawals set stage = 'elsewhere'")
        else:
            sql(db, "update withdrawals set after_round = -5")
        return f"withdrawal {how}", EVERY
    if pick == 23:
        t = r.choice(["games", "results", "withdrawals", "log", "meta"])
        sql(db, f"drop table {t}")
        return f"table {t} dropped", EVERY
    if pick == 24:
        (ev / "export").mkdir(exist_ok=True)
        (ev / "export" / "results.csv").write_text("old\n")
        return "an old export beside it", None
    if pick == 25:
        sql(db, "update games set red = 'p001' where id = 1")
        return "a player on two boards", EVERY
    if pick == 26:
        sql(db, "insert into log (command, changes, at) values ('result', '{}', 'x')")
        return "a log entry added", VERIFY
    if pick == 27:
        sql(db, "update log set at = 'yesterday'")
        return "log times made text", None
    if pick == 28:
        c = sqlite3.connect(db)
        c.execute("pragma user_version = 99")
        c.commit()
        c.close()
        return "user_version changed", None
    if pick == 29:
        # The stage named by its title (`积分编排`, `Swiss`), as a results file may name it, where
        # xqreg stores and logs its id: a value xqreg did not write.
        title = r.choice(["积分编排", "Swiss"])
        how = r.choice(["game", "log", "withdrawal"])
        if how == "game":
            g = r.choice(ids(db, "select id from games"))
            sql(db, "update games set stage = ? where id = ?", params=(title, g))
            return f"game {g} of stage {title!r}", EVERY
        if how == "withdrawal":
            sql(db, "update withdrawals set stage = ?", params=(title,))
            return f"withdrawal from stage {title!r}", EVERY
        entries = ids(db, "select id from log where changes like '%\"stage\":\"main\"%'")
        i = r.choice(entries)
        c = sqlite3.connect(db)
        (cmd,) = c.execute("select command from log where id = ?", (i,)).fetchone()
        c.close()
        sql(db, "update log set changes = replace(changes, '\"stage\":\"main\"', ?) where id = ?",
            params=(f'"stage":"{title}"', i))
        # The games are read against the `pair` entries by every command; the rest `verify`
        # replays.
        return f"log entry {i} ({cmd}) of stage {title!r}", EVERY if cmd == "pair" else VERIFY
    return "nothing", None


def event_args(which: str, ev: Path, work: Path, site: Path) -> list[str]:
    """The command `which` on the event `ev` of the template (`setup(work)`), `publish` into
    `site`."""
    s = str(ev)
    return {
        "status": ["event", "status", s],
        "verify": ["event", "verify", s],
        "pair": ["event", "pair", s],
        "standings": ["event", "standings", s],
        "games": ["event", "games", s],
        "result": ["event", "result", s, str(work / "r2.csv")],
        "result1": ["event", "result", s, "main", "2", "3", "1-0"],
        "correct": ["event", "correct", s, "main", "1", "2", "0-1", "--reason", "fuzz"],
        "withdraw": ["event", "withdraw", s, "p010", "--stage", "main", "--after", "3"],
        "export": ["event", "export", s],
        "publish": ["event", "publish", s, "-o", str(site)],
    }[which]


def command(r: random.Random, ev: Path, work: Path, case: Path):
    """One command on `ev`; the files it must not leave when it refuses."""
    which = r.choice(["status", "verify", "pair", "standings", "games", "result", "result1",
                      "correct", "withdraw", "export", "publish"])
    site = case / "site"
    args = event_args(which, ev, work, site)
    if which == "publish" and r.random() < 0.5:
        # A site published before: a refusal leaves it as it was.
        site.mkdir()
        (site / "index.html").write_text("the last site\n")
    return which, args, (site,) if which == "publish" else ()


def cases(args, r: random.Random, tally: common.Tally, work: Path) -> None:
    """The fuzzer's loop (common.fuzz runs it, cleans `work` and sums up)."""
    template, reg0 = setup(work)
    reg_text = reg0.read_bytes()
    for n in range(args.cases):
        case = work / f"case{n}"
        case.mkdir()
        ev = shutil.copytree(template, case / "ev")
        # The store names the regulation file: put it back as it was.
        reg0.write_bytes(reg_text)
        label, who = damage(r, ev, reg0)
        which, cmd, outputs = command(r, ev, work, case)
        before = common.tree_hash(ev)
        ran = common.run(cmd)
        must = who == EVERY or (who == VERIFY and which == "verify") or (
            who == "write" and which in ("pair", "result", "result1", "correct", "withdraw"))
        old_site = [o for o in outputs if (o / "index.html").is_file()]
        problems = common.oracle(ran, must_refuse=must, places=("event.sqlite",),
                                 store=ev, store_before=before,
                                 outputs=() if old_site else outputs)
        for o in old_site:
            if ran.rc == 1 and (not o.is_dir() or sorted(p.name for p in o.iterdir()) != [
                    "index.html"] or (o / "index.html").read_text() != "the last site\n"):
                problems.append("refused but the site published before changed")
        if ran.rc == 1 and which == "export" and (ev / "export").exists() and \
                "an old export" in label and (ev / "export/results.csv").read_text() != "old\n":
            problems.append("refused but the export changed")
        keep = {}
        if problems and (ev / "event.sqlite").is_file():
            keep["event.sqlite"] = (ev / "event.sqlite").read_bytes()
        tally.record(f"{which}: {label}", ran, problems, keep)
        common.clean(case)
    reg0.write_bytes(reg_text)

if __name__ == "__main__":
    common.fuzz("store", 1200, __doc__, cases)
