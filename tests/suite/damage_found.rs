//! What the damage fuzzers (scripts/damage/) found, each case pinned: a refusal without its
//! place, a store edited outside xqreg that a command printed or acted on, a log entry of the
//! right command but without what that command logs. Every refusal here exits 1 with its code,
//! its place and a help line, and leaves the store as it was.

use std::path::Path;

use crate::common::{withdraw, xqreg, xqreg_ok as ok};
use crate::event_inputs::{refused_with, round_one_published};

/// Round 1 of the Swiss of twelve published, board 1 recorded 1-0, then `sql` run on the store:
/// the event, and the store's bytes after the edit.
fn edited(dir: &Path, sql: &str) -> (String, Vec<u8>) {
    let (ev, store) = round_one_published(dir);
    ok(&["event", "result", &ev, "main", "1", "1", "1-0"]);
    let db = rusqlite::Connection::open(&store).expect("opens");
    db.execute(sql, []).expect(sql);
    drop(db);
    let bytes = std::fs::read(&store).expect("store");
    (ev, bytes)
}

/// The commands that read an event's store, each of which a damaged store must stop.
const EVERY_COMMAND: [&str; 6] = ["games", "standings", "status", "export", "pair", "verify"];

/// `args` refused with `code`, the store left as `before`: what it said.
fn refused_leaving(ev: &str, args: &[&str], code: &str, before: &[u8]) -> String {
    let err = refused_with(&xqreg(args), code);
    assert!(err.contains("help:"), "{args:?}: {err}");
    let store = Path::new(ev).join("event.sqlite");
    assert_eq!(
        std::fs::read(store).expect("store"),
        before,
        "{args:?} changed the store"
    );
    err
}

/// A result given on the command line that is no result says which game it was given for, as
/// every other refusal of `event result` does (it said only "`x` is not a result").
#[test]
fn a_result_argument_that_is_no_result_names_its_game() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let before = std::fs::read(&store).expect("store");
    let err = refused_leaving(
        &ev,
        &["event", "result", &ev, "main", "1", "3", "x"],
        "E837",
        &before,
    );
    assert!(
        err.contains("main round 1 board 3: `x` is not a result"),
        "{err}"
    );
    ok(&["event", "result", &ev, "main", "1", "3", "1-0"]);
    let before = std::fs::read(&store).expect("store");
    let args = [
        "event", "correct", &ev, "main", "1", "3", "2-0", "--reason", "sheet",
    ];
    let err = refused_leaving(&ev, &args, "E837", &before);
    assert!(
        err.contains("main round 1 board 3: `2-0` is not a result"),
        "{err}"
    );
    // A paste of 10 000 characters is quoted by its first 60.
    let long = "x".repeat(10_000);
    let args = ["event", "result", &ev, "main", "1", "4", &long];
    let err = refused_leaving(&ev, &args, "E837", &before);
    assert!(err.len() < 500, "{} bytes said", err.len());
}

/// A stored result that is no result (a byte of it changed outside xqreg) is E836 at its game
/// for every command: `games` printed it as the game's result, and the replay's refusal named
/// no game.
#[test]
fn a_stored_result_that_is_no_result_is_refused_at_its_game_by_every_command() {
    refused_by_each(
        "UPDATE results SET result = 'win'",
        &["games", "standings", "status", "export"],
        "E836",
        &["main round 1 board 1: the store holds an unreadable result `win`"],
    );
}

/// A stored game of a player who is not in the roster is E836: `games` and `export` printed
/// the game with the id of nobody.
#[test]
fn a_stored_game_of_a_player_not_in_the_roster_is_refused() {
    refused_by_each(
        "UPDATE games SET black = 'nobody' WHERE board = 2",
        &["games", "export", "verify"],
        "E836",
        &["main round 1 board 2: the store holds a game of `nobody`"],
    );
}

/// A stored withdrawal from a stage the regulation does not have is the store's damage (E836),
/// not the argument of the next `withdraw` (R011 said "the command's `--stage main`", and
/// `main` is a stage), and `status` does not pass over it.
#[test]
fn a_stored_withdrawal_of_no_stage_is_the_stores_damage_not_the_commands() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    withdraw(&ev, "w05", "main", 1);
    let db = rusqlite::Connection::open(&store).expect("opens");
    db.execute("UPDATE withdrawals SET stage = 'elsewhere'", [])
        .expect("edits");
    drop(db);
    let before = std::fs::read(&store).expect("store");
    let withdraw = [
        "event", "withdraw", &ev, "w06", "--stage", "main", "--after", "1",
    ];
    for args in [&withdraw[..], &["event", "status", &ev]] {
        let err = refused_leaving(&ev, args, "E836", &before);
        assert!(
            err.contains("withdrawal of `w05` from stage `elsewhere`")
                && !err.contains("the command's"),
            "{args:?}: {err}"
        );
    }
}

/// `verify` of a store whose withdrawal is not the log's (the log's `withdraw` entry deleted, or
/// the stored withdrawal moved to another round) names the withdrawal and the side it is on; it
/// said only "the withdrawals in the store differ from the ones the log recorded", no place
/// (store.py, seed 206: "log entry 6 deleted").
#[test]
fn verify_names_the_withdrawal_the_store_and_the_log_disagree_on() {
    for (sql, said) in [
        (
            "DELETE FROM log WHERE command = 'withdraw'",
            "withdrawal of `w05` from stage `main` after round 1: the withdrawals in the store \
             differ from the ones the log recorded (in the store, not in the log)",
        ),
        (
            "UPDATE withdrawals SET after_round = 2",
            "withdrawal of `w05` from stage `main` after round 2: the withdrawals in the store \
             differ from the ones the log recorded (in the store, not in the log)",
        ),
        (
            "DELETE FROM withdrawals",
            "withdrawal of `w05` from stage `main` after round 1: the withdrawals in the store \
             differ from the ones the log recorded (in the log, not in the store)",
        ),
    ] {
        let tmp = tempfile::tempdir().expect("tmp");
        let (ev, store) = round_one_published(tmp.path());
        ok(&[
            "event", "withdraw", &ev, "w05", "--stage", "main", "--after", "1",
        ]);
        let db = rusqlite::Connection::open(&store).expect("opens");
        db.execute(sql, []).expect(sql);
        drop(db);
        let before = std::fs::read(&store).expect("store");
        let err = refused_leaving(&ev, &["event", "verify", &ev], "E836", &before);
        assert!(err.contains(said), "{sql}: {err}");
        let zh = xqreg(&["event", "verify", &ev, "--lang", "zh"]);
        let zh = String::from_utf8_lossy(&zh.stderr);
        assert!(
            zh.starts_with("错误[E836]: `w05` 在阶段 `main`") && zh.contains("帮助："),
            "{sql}: {zh}"
        );
    }
}

/// A log entry of a command xqreg logs, but without what that command logs (a `result` without
/// its results, a `pair` without its games): `verify` passed it as an entry that recorded
/// nothing. Still JSON, so no other command reads it (E850 is for a log that is not JSON).
#[test]
fn verify_refuses_a_log_entry_without_what_its_command_logs() {
    for (sql, key) in [
        (
            "INSERT INTO log (command, changes, at) VALUES ('result', '{}', '0')",
            "`result` entry without its `results`",
        ),
        (
            "UPDATE log SET changes = '[]' WHERE command = 'pair'",
            "`pair` entry without its `batch`",
        ),
        (
            "UPDATE log SET changes = '{\"seed\": 1}' WHERE command = 'new'",
            "`new` entry without its `regulation_sha256`",
        ),
    ] {
        let tmp = tempfile::tempdir().expect("tmp");
        let (ev, before) = edited(tmp.path(), sql);
        let err = refused_leaving(&ev, &["event", "verify", &ev], "E836", &before);
        assert!(err.contains(key), "{sql}: {err}");
    }
}

/// The store's `format` and the regulation file's path are keys every store has (`event new`
/// writes them): one missing, or a format this xqreg does not read, is E850 like any other key.
/// Both were passed over: a store of another format read as this one, and without the path a
/// regulation file edited since went unseen (E830).
#[test]
fn a_store_without_its_format_or_regulation_path_is_damaged() {
    for (sql, said) in [
        (
            "UPDATE meta SET value = '2' WHERE key = 'format'",
            "its format is `2`",
        ),
        (
            "DELETE FROM meta WHERE key = 'format'",
            "it has no `format`",
        ),
        (
            "UPDATE meta SET key = 'regulation_pathx' WHERE key = 'regulation_path'",
            "it has no `regulation_path`",
        ),
    ] {
        refused_by_each(sql, &["status", "pair"], "E850", &["event.sqlite", said]);
    }
}

/// The store edited by `sql`: each of `commands` refused with `code`, saying all of `said`, the
/// store left as it was. Returned for what a caller checks next: the temporary folder (the
/// event lives as long as it), the event and the store's bytes.
fn refused_by_each(
    sql: &str,
    commands: &[&str],
    code: &str,
    said: &[&str],
) -> (tempfile::TempDir, String, Vec<u8>) {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, before) = edited(tmp.path(), sql);
    for command in commands {
        let err = refused_leaving(&ev, &["event", command, &ev], code, &before);
        assert!(
            said.iter().all(|s| err.contains(s)),
            "{sql}: {command}: {err}"
        );
    }
    (tmp, ev, before)
}

/// A cell of pasted text in a typed column (a rating of 200 000 characters) is refused for its
/// length and for its value, and neither message quotes it whole: the value's message printed
/// all 200 000 characters (and a formula's message its whole formula).
#[test]
fn a_huge_cell_is_not_quoted_whole() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = crate::common::written(tmp.path(), "swiss.xqr", crate::event_inputs::SWISS);
    let huge = "9".repeat(200_000);
    for (column, value) in [("born", huge.clone()), ("name", format!("={huge}"))] {
        let roster = crate::event_inputs::roster12()
            .lines()
            .enumerate()
            .map(|(i, l)| match (i, column) {
                (3, "born") => l.replace("1990-01-01", &value),
                (3, _) => l.replace("棋手3", &value),
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n");
        let csv = crate::common::written(tmp.path(), "roster.csv", &roster);
        let out = xqreg(&["simulate", &reg, "--roster", &csv]);
        let err = refused_with_code(&out, "E803");
        assert!(err.len() < 5_000, "{column}: {} bytes said", err.len());
        assert!(err.contains("roster.csv:4:"), "{column}: {err}");
    }
}

/// Exit 1 with a graphical diagnostic of `code` and a help line: what it said.
fn refused_with_code(out: &std::process::Output, code: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "want {code}: {}", err.len());
    assert!(err.contains(code) && err.contains("help:"), "want {code}");
    err
}

/// A game's colours, board, round, stage or group edited in the store, a game deleted or one
/// added, is E836 at that game when any command opens the event: only `verify` compared the
/// store's games with the games the log published, and `games`, `standings`, `export` printed
/// the edited game, `pair` paired from it.
#[test]
fn a_game_edited_in_the_store_is_refused_by_every_command() {
    for (sql, said) in [
        (
            "UPDATE games SET red = black, black = red WHERE board = 2",
            "main round 1 board 2: the published game in the store differs from the one the log published",
        ),
        (
            "UPDATE games SET board = 40 WHERE board = 3",
            "main round 1 board 40: a published game the log never published",
        ),
        (
            "UPDATE games SET round = 7 WHERE board = 3",
            "main round 7 board 3: a published game the log never published",
        ),
        (
            "UPDATE games SET grp = 'A' WHERE board = 4",
            "main round 1 board 4: the published game in the store differs",
        ),
        (
            "DELETE FROM games WHERE board = 5",
            "main round 1 board 5: the log published a game the store does not hold",
        ),
        (
            "INSERT INTO games (batch, stage, round, board, game_no, red, black) \
             SELECT batch, stage, 2, board, game_no, black, red FROM games WHERE board = 6",
            "main round 2 board 6: a published game the log never published",
        ),
    ] {
        let (_tmp, ev, _) = refused_by_each(sql, &EVERY_COMMAND, "E836", &[said]);
        assert!(
            !Path::new(&ev).join("export").exists(),
            "{sql}: export wrote files"
        );
    }
}

/// A `pair` entry whose published games are not games (a board that is text) is refused when
/// the event is opened, and one without them as `verify` says it: the store's games are read
/// against them.
#[test]
fn a_pair_entry_whose_games_cannot_be_read_is_refused_by_every_command() {
    for (sql, said) in [
        (
            "UPDATE log SET changes = json_set(changes, '$.published[0].board', 'x') \
             WHERE command = 'pair'",
            "a `pair` entry whose published games cannot be read",
        ),
        (
            "UPDATE log SET changes = '[]' WHERE command = 'pair'",
            "`pair` entry without its `batch`",
        ),
    ] {
        refused_by_each(sql, &["games", "status"], "E836", &[said]);
    }
}

/// An argument pasted whole (10 000 characters) where an event command takes a stage or a
/// player is quoted by its first 60 characters, as a cell is: E831 (a game of no published
/// stage), E833 (a player not in the roster), E852 (`--stage` of no stage) and R011 (a
/// withdrawal from no stage) printed it whole, some twice.
#[test]
fn a_long_argument_is_quoted_by_its_first_60_characters() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let before = std::fs::read(&store).expect("store");
    let long = "x".repeat(10_000);
    let shown = format!("{}…", "x".repeat(60));
    let result = ["event", "result", &ev, &long, "1", "1", "1-0"];
    let correct = [
        "event", "correct", &ev, &long, "1", "1", "0-1", "--reason", "r",
    ];
    let withdraw = [
        "event", "withdraw", &ev, &long, "--stage", "main", "--after", "1",
    ];
    let from = [
        "event", "withdraw", &ev, "w05", "--stage", &long, "--after", "1",
    ];
    let standings = ["event", "standings", &ev, "--stage", &long];
    for (args, code) in [
        (&result[..], "E831"),
        (&correct[..], "E831"),
        (&withdraw[..], "E833"),
        (&from[..], "R011"),
        (&standings[..], "E852"),
    ] {
        let err = refused_leaving(&ev, args, code, &before);
        assert!(err.len() < 600, "{code}: {} bytes said", err.len());
        assert!(err.contains(&shown), "{code}: {err}");
    }
    // A results file's player id of 400 characters (a cell under the longest cell) too.
    let id = "y".repeat(400);
    let games = crate::common::xqreg_ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
    let mut rows: Vec<String> = games.lines().take(2).map(str::to_string).collect();
    let cells: Vec<&str> = rows[1].split(',').collect();
    let row = [
        &cells[..3],
        &[id.as_str()],
        &cells[4..5],
        &["1-0"],
        &cells[6..],
    ]
    .concat();
    rows[1] = row.join(",");
    let csv = crate::common::written(tmp.path(), "r1.csv", &(rows.join("\n") + "\n"));
    let err = refused_leaving(&ev, &["event", "result", &ev, &csv], "E833", &before);
    assert!(err.len() < 600, "E833: {} bytes said", err.len());
}

/// A `\u{...}` escape of a control character in a text (`\u{0}`, `\u{1B}`) is E015 at the
/// escape, as the character itself is: the regulation checked, and `sheet` wrote the NUL or the
/// terminal escape into the Markdown, HTML and PDF sheet (scripts/damage/sheet.py). `\n`, `\t`
/// and an escaped backslash before `u{0}` are still text.
#[test]
fn an_escape_of_a_control_character_is_refused_like_the_character() {
    let tmp = tempfile::tempdir().expect("tmp");
    let swiss = crate::event_inputs::SWISS;
    for (escape, shown) in [(r"\u{0}", "U+0000"), (r"\u{1b}[31m", "U+001B")] {
        let text = swiss.replace("录入测试赛", &format!("录入{escape}测试赛"));
        let reg = crate::common::written(tmp.path(), "reg.xqr", &text);
        for format in ["md", "html"] {
            let out_file = tmp.path().join(format!("sheet.{format}"));
            let out = out_file.to_string_lossy().into_owned();
            let err = refused_with_code(
                &xqreg(&["sheet", &reg, "--format", format, "-o", &out]),
                "E015",
            );
            assert!(
                err.contains("reg.xqr:1:15") && err.contains(shown),
                "{escape}: {err}"
            );
            assert!(!out_file.exists(), "{escape}: wrote {format}");
        }
    }
    let text = swiss.replace("录入测试赛", r"录入\\u{0}\n\t测试赛");
    let reg = crate::common::written(tmp.path(), "reg.xqr", &text);
    ok(&["check", &reg]);
}

/// `event new` killed at any moment leaves no store, or the whole event: it built the store as
/// `event.sqlite` itself, and a kill before its one transaction ended left a file without tables,
/// refused by every command (E850) and by `event new` again ("holds an event"), so the arbiter
/// had to find and delete it (scripts/damage/interrupt.py, seed 101: 8 of 200 kills).
#[test]
fn an_event_new_killed_midway_leaves_no_store_or_the_whole_event() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = crate::common::written(tmp.path(), "reg.xqr", crate::event_inputs::SWISS);
    let csv = crate::common::written(tmp.path(), "roster.csv", &crate::event_inputs::roster12());
    let new =
        |ev: &str| ["event", "new", ev, "--regulation", &reg, "--roster", &csv].map(String::from);
    let ev = tmp.path().join("whole").to_string_lossy().into_owned();
    // How long it takes places the kills (nothing asserts on time).
    #[allow(clippy::disallowed_methods)] // places the kill; no assertion reads a time
    let clock = std::time::Instant::now();
    ok(&new(&ev).each_ref().map(String::as_str));
    let took = clock.elapsed().as_micros() as u64;
    let whole = ok(&["event", "status", &ev]);
    let (mut none, mut made) = (0, 0);
    for k in 0..60u64 {
        let ev = tmp
            .path()
            .join(format!("ev{k}"))
            .to_string_lossy()
            .into_owned();
        let args = new(&ev);
        crate::event_cli::killed(&args.each_ref().map(String::as_str), took * k / 50);
        if Path::new(&ev).join("event.sqlite").exists() {
            assert_eq!(
                ok(&["event", "status", &ev]),
                whole.replace("whole", &format!("ev{k}"))
            );
            made += 1;
        } else {
            ok(&args.each_ref().map(String::as_str));
            none += 1;
        }
    }
    assert_eq!(none + made, 60);
}

/// A result edited in the store (flipped, its fouls changed, deleted, or one added to a game
/// waiting for its result) is E836 at its game when any command opens the event: the games
/// were read against the log's `pair` entries, their results against nothing, and only
/// `verify` saw the edit while `games`, `standings` and `export` printed the result and `pair`
/// paired from it. A `result` entry whose results cannot be read is refused the same way.
#[test]
fn a_result_edited_in_the_store_is_refused_by_every_command() {
    let differs = "the stored result differs from the one the log recorded";
    for (sql, game) in [
        ("UPDATE results SET result = '0-1'", "main round 1 board 1"),
        ("UPDATE results SET red_fouls = 1", "main round 1 board 1"),
        ("DELETE FROM results", "main round 1 board 1"),
        (
            "INSERT INTO results SELECT id, '=', 0, 0 FROM games WHERE board = 2",
            "main round 1 board 2",
        ),
    ] {
        let said = format!("{game}: {differs}");
        let (_tmp, ev, before) = refused_by_each(sql, &EVERY_COMMAND, "E836", &[&said]);
        let args = ["event", "result", &ev, "main", "1", "3", "1-0"];
        refused_leaving(&ev, &args, "E836", &before);
    }
    let sql = "UPDATE log SET changes = json_set(changes, '$.results[0].board', 'x') \
               WHERE command = 'result'";
    let said = "a `result` entry whose results cannot be read";
    refused_by_each(sql, &["games", "status", "verify"], "E836", &[said]);
}

/// A correction is the result the log recorded last: the store's corrected result loads, and
/// the one it replaced, put back in the store, is refused.
#[test]
fn a_corrected_result_is_the_one_the_log_recorded_last() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    ok(&["event", "result", &ev, "main", "1", "1", "1-0"]);
    let args = [
        "event", "correct", &ev, "main", "1", "1", "0-1", "--reason", "sheet",
    ];
    ok(&args);
    ok(&["event", "games", &ev]);
    ok(&["event", "verify", &ev]);
    let db = rusqlite::Connection::open(&store).expect("opens");
    db.execute("UPDATE results SET result = '1-0'", [])
        .expect("edit");
    drop(db);
    let before = std::fs::read(&store).expect("store");
    let err = refused_leaving(&ev, &["event", "standings", &ev], "E836", &before);
    assert!(
        err.contains("main round 1 board 1: the stored result differs"),
        "{err}"
    );
}
