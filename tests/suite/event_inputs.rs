//! `xqreg event` refuses bad input with a code and its place, and stores nothing: a roster that
//! is not UTF-8 (GBK, UTF-16) is refused at file:line:column with no control byte echoed; a
//! results row with the published colours the other way round (E846), a board that is not the
//! game's (E847), a result the foul limit contradicts (E848).

use std::path::Path;

use crate::common::{assert_success, event_new_output, withdraw, xqreg, xqreg_ok as ok};

/// A Swiss of twelve (w01..w12), five rounds; two fouls in a game lose it.
pub const SWISS: &str = "regulation \"录入测试赛\" {\n  dates 2026-07-20 .. 2026-07-22\n}\n\
scoring { win 2  draw 1  loss 0 }\n\
time standard { base 30min increment 10s flag loses }\n\
entry {\n  field 12\n}\n\
stage main \"主赛\" {\n  swiss cxa rounds 5\n  entrants roster\n  time standard\n  tiebreak { wins, lots }\n}\n\
conduct {\n  fouls_per_game 2 loss\n}\n";

/// The roster of [`SWISS`]: w01..w12 in four units.
pub fn roster12() -> String {
    let mut csv = String::from("id,name,unit,born\n");
    for i in 1..=12 {
        csv.push_str(&format!("w{i:02},棋手{i},U{},1990-01-01\n", i % 4));
    }
    csv
}

/// `event new` of `regulation` and the roster bytes in `dir/event`: the output.
pub fn new_event(dir: &Path, regulation: &str, roster: &[u8]) -> (String, std::process::Output) {
    let reg = dir.join("regulation.xqr");
    let csv = dir.join("roster.csv");
    std::fs::write(&reg, regulation).expect("writes");
    std::fs::write(&csv, roster).expect("writes");
    let ev = dir.join("event").to_string_lossy().into_owned();
    let out = event_new_output(&ev, &reg, &csv, &["--seed", "1"]);
    (ev, out)
}

#[test]
fn a_roster_not_in_utf8_is_refused_at_its_place_without_control_bytes() {
    let tmp = tempfile::tempdir().expect("tmp");
    // 张三 in GBK on line 2, column 5.
    let gbk = b"id,name,unit,born\nw01,\xd5\xc5\xc8\xfd,U,1990-01-01\n";
    let (ev, out) = new_event(tmp.path(), SWISS, gbk);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("E801") && err.contains("roster.csv:2:5"),
        "{err}"
    );
    // Said to be GBK, as Excel saves a Chinese roster, with how to save it as UTF-8.
    assert!(
        err.contains("it reads as GBK")
            && err.contains("CSV UTF-8 (逗号分隔)")
            && err.contains("iconv -f GBK -t UTF-8"),
        "{err}"
    );
    assert!(!Path::new(&ev).exists(), "nothing stored");
    // UTF-16 (with its byte-order mark): named, and its NUL bytes never reach the terminal.
    let mut utf16 = vec![0xFF, 0xFE];
    for u in roster12().encode_utf16() {
        utf16.extend(u.to_le_bytes());
    }
    let (ev, out) = new_event(tmp.path(), SWISS, &utf16);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        !out.stderr.iter().any(|&b| b < 0x20 && b != b'\n'),
        "control bytes echoed: {:?}",
        String::from_utf8_lossy(&out.stderr)
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("UTF-16") && err.contains("roster.csv:1:1"),
        "{err}"
    );
    assert!(err.contains("iconv -f UTF-16 -t UTF-8"), "{err}");
    assert!(!Path::new(&ev).exists(), "nothing stored");
}

/// `event result EV` of a CSV with `rows` under `header`: the output.
fn result_file(dir: &Path, ev: &str, header: &str, rows: &str) -> std::process::Output {
    let file = dir.join("r.csv");
    std::fs::write(&file, format!("{header}\n{rows}\n")).expect("writes");
    xqreg(&["event", "result", ev, &file.to_string_lossy()])
}

pub(crate) fn refused_with(out: &std::process::Output, code: &str) -> String {
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "want {code}: {err}");
    assert!(
        err.contains(&format!("error[{code}]")),
        "want {code}: {err}"
    );
    err
}

#[test]
fn a_results_row_that_contradicts_the_published_game_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, out) = new_event(tmp.path(), SWISS, roster12().as_bytes());
    assert_success(&out, "");
    let games: serde_json::Value =
        serde_json::from_str(&ok(&["event", "pair", &ev, "--format", "json"])).expect("JSON");
    let id = |g: &serde_json::Value, side: &str| g[side]["id"].as_str().unwrap_or("").to_string();
    let board2 = games["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["board"] == 2))
        .expect("board 2");
    let (red, black) = (id(board2, "red"), id(board2, "black"));
    let before = ok(&["event", "status", &ev]);
    let head = "stage,round,board,red,black,result,red_fouls,black_fouls";
    for (row, code, says) in [
        // Black's win written as Red's from the wrong side of the board: never turned round.
        (
            format!("main,1,2,{black},{red},1-0,,"),
            "E846",
            vec![
                // At the row's Red cell: line 2, column 10.
                "r.csv:2:10:".to_string(),
                format!("published with {red} as Red and {black} as Black"),
            ],
        ),
        // The right players and colours on another board.
        (
            format!("main,1,5,{red},{black},1-0,,"),
            "E847",
            vec![
                "r.csv:2:8:".to_string(),
                "board 5".to_string(),
                "is board 2".to_string(),
            ],
        ),
        // A Black id the roster does not have: at its cell.
        (
            format!("main,1,2,{red},nobody,1-0,,"),
            "E833",
            vec!["r.csv:2:14:".to_string(), "`nobody`".to_string()],
        ),
        // Five fouls and a win: the conduct's limit of two makes it a loss.
        (
            format!("main,1,2,{red},{black},1-0,5,0"),
            "E848",
            vec!["r.csv:2:18:".to_string(), format!("{red} commits 5 fouls")],
        ),
    ] {
        let err = refused_with(&result_file(tmp.path(), &ev, head, &row), code);
        for phrase in &says {
            assert!(err.contains(phrase.as_str()), "{code}: {phrase:?} in {err}");
        }
    }
    // One game on the command line whose `--red` is neither of its players: E861; its Black
    // (the colours of a Swiss game are nobody's choice): E846.
    for (who, code) in [("nobody", "E861"), (black.as_str(), "E846")] {
        let args = [
            "event", "result", &ev, "main", "1", "2", "1-0", "--red", who,
        ];
        let err = refused_with(&crate::common::xqreg(&args), code);
        assert!(
            code != "E861" || err.contains("`--red nobody` names neither player"),
            "{err}"
        );
    }
    assert_eq!(ok(&["event", "status", &ev]), before, "nothing stored");
    // The same game as published, with its board or without, and a loss with the fouls: stored.
    let out = result_file(
        tmp.path(),
        &ev,
        head,
        &format!("main,1,,{red},{black},0-1,5,0"),
    );
    assert_success(&out, "");
    assert_ne!(ok(&["event", "status", &ev]), before);
}

/// [`SWISS`] started in `dir` with round 1 published: the event and its store file.
pub(crate) fn round_one_published(dir: &Path) -> (String, std::path::PathBuf) {
    let (ev, out) = new_event(dir, SWISS, roster12().as_bytes());
    assert_success(&out, "event new");
    ok(&["event", "pair", &ev]);
    let store = Path::new(&ev).join("event.sqlite");
    (ev, store)
}

#[test]
fn a_file_with_its_header_and_no_row_is_refused_and_nothing_is_logged() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let before = std::fs::read(&store).expect("store");
    for (command, header) in [
        ("result", "stage,round,board,red,black,result"),
        ("enter", "id,name,unit,born"),
        ("lineup", "stage,round,team,board,player"),
    ] {
        let file = tmp.path().join(format!("{command}.csv"));
        std::fs::write(&file, format!("{header}\r\n")).expect("writes");
        let out = xqreg(&["event", command, &ev, &file.to_string_lossy()]);
        let err = refused_with(&out, "E849");
        assert!(err.contains(&format!("{command}.csv:1:1")), "{err}");
        assert!(err.contains("help:"), "{err}");
        assert_eq!(std::fs::read(&store).expect("store"), before, "{command}");
    }
}

#[test]
fn a_damaged_store_is_refused_with_its_code_and_left_as_it_is() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let whole = std::fs::read(&store).expect("store");
    let results = tmp.path().join("r.csv");
    std::fs::write(
        &results,
        "stage,round,red,black,result\nmain,1,w01,w07,1-0\n",
    )
    .expect("w");
    let mut overwritten = whole.clone();
    // Pages after the first overwritten with garbage: a disk or a copy that went wrong.
    for b in overwritten.iter_mut().skip(4096).take(4096) {
        *b = 0x5a;
    }
    for (what, bytes) in [
        ("cut short", whole[..5000].to_vec()),
        // Cut inside its last page or by whole pages at its end: the pages a command reads
        // first may all be there, and SQLite's page check may not read the ones cut.
        (
            "cut by its last bytes",
            whole[..whole.len() - 1000].to_vec(),
        ),
        ("cut by its last page", whole[..whole.len() - 4096].to_vec()),
        // Bytes past its last page: SQLite reads as many pages as its header says, and its
        // check passes; a file cut inside its last page read so too until a command read the
        // page cut (`export` failed half-way, exit 2, where `status` answered).
        (
            "grown by bytes past its last page",
            [&whole[..], &[0x5a; 1000]].concat(),
        ),
        ("not SQLite", b"garbage".to_vec()),
        ("empty", Vec::new()),
        ("overwritten in part", overwritten),
    ] {
        std::fs::write(&store, &bytes).expect("damage");
        for args in [
            vec!["event", "status", &ev],
            vec!["event", "result", &ev, results.to_str().expect("utf-8")],
        ] {
            let out = xqreg(&args);
            let err = refused_with(&out, "E850");
            assert!(
                err.contains("event.sqlite") && err.contains("help:"),
                "{what}: {err}"
            );
            assert_eq!(
                std::fs::read(&store).expect("store"),
                bytes,
                "{what}: store changed"
            );
        }
    }
}

/// `event pair --format json` says who sits each round out beside its games, as the human list
/// does after its boards: the odd field's bye in round 1, a withdrawn player in round 2.
#[test]
fn the_pair_json_names_who_sits_out_and_why() {
    let tmp = tempfile::tempdir().expect("tmp");
    let roster: String = roster12().lines().take(12).collect::<Vec<_>>().join("\n") + "\n";
    let (ev, out) = new_event(
        tmp.path(),
        &SWISS.replace("field 12", "field 11"),
        roster.as_bytes(),
    );
    assert_success(&out, "");
    let pair = || -> serde_json::Value {
        serde_json::from_str(&ok(&["event", "pair", &ev, "--format", "json"])).expect("JSON")
    };
    let round1 = pair();
    let games = round1["games"].as_array().expect("games");
    let out1 = round1["sits_out"].as_array().expect("sits_out");
    assert_eq!((games.len(), out1.len()), (5, 1), "{round1}");
    assert_eq!(out1[0]["reason"], "bye");
    let bye = out1[0]["id"].as_str().expect("id").to_string();
    assert!(games
        .iter()
        .all(|g| g["red"]["id"] != bye && g["black"]["id"] != bye));
    // Every game drawn; then one who played round 1 withdraws after it.
    let waiting = ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
    let drawn: String = waiting
        .lines()
        .enumerate()
        .map(|(k, l)| {
            if k == 0 {
                format!("{l}\n")
            } else {
                l.replacen(",,", ",=,", 1) + "\n"
            }
        })
        .collect();
    let results = tmp.path().join("r1.csv");
    std::fs::write(&results, drawn).expect("writes");
    ok(&["event", "result", &ev, &results.to_string_lossy()]);
    let gone = games[0]["red"]["id"].as_str().expect("id").to_string();
    withdraw(&ev, &gone, "main", 1);
    let round2 = pair();
    let out2 = round2["sits_out"].as_array().expect("sits_out");
    assert!(
        out2.iter()
            .any(|b| b["id"] == gone.as_str() && b["reason"] == "withdrawn" && b["round"] == 2),
        "{round2}"
    );
    assert_eq!(round2["games"].as_array().map(Vec::len), Some(5));
}

/// A value inside a store whose pages are whole (SQLite's check passes) but that no xqreg wrote:
/// a flipped byte makes a player's id no longer UTF-8, a log entry no longer JSON, a list kept
/// as JSON cut short. Each is E850 (exit 1, the store left as it is), never an I/O failure
/// without a code (exit 2), nor a `verify` that passes over the log entry it cannot read.
#[test]
fn a_damaged_value_in_a_whole_store_is_refused_with_its_code() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let whole = std::fs::read(&store).expect("store");
    for (what, sql, command) in [
        (
            "a player's id not UTF-8",
            "UPDATE games SET red = CAST(X'77FF31' AS TEXT) WHERE id = (SELECT min(id) FROM games)",
            "status",
        ),
        (
            "a log entry not JSON",
            "UPDATE log SET changes = '{\"batch\": 1, \"publ' WHERE command = 'pair'",
            "verify",
        ),
        (
            "a list of line-ups cut short",
            "INSERT INTO meta (key, value) VALUES ('lineups', '[{\"stage\":')",
            "standings",
        ),
        (
            "a key of the event's own no longer its name",
            "UPDATE meta SET key = 'regulation_namf' WHERE key = 'regulation_name'",
            "status",
        ),
        (
            "the seed not a number",
            "UPDATE meta SET value = '2x' WHERE key = 'seed'",
            "pair",
        ),
        (
            // A byte changed inside the stored regulation or roster: it still compiles or
            // reads, into another event; its SHA-256 stored beside it no longer matches.
            "the stored regulation changed inside",
            "UPDATE meta SET value = replace(value, 'rounds 5', 'rounds 4') WHERE key = 'regulation'",
            "pair",
        ),
        (
            "the stored roster changed inside",
            "UPDATE meta SET value = replace(value, '棋手1,', '棋手9,') WHERE key = 'roster'",
            "status",
        ),
        (
            // Read as any other word it was one stream of lots: another next round's draw.
            "the lots' word not a word xqreg writes",
            "UPDATE meta SET value = 'per_stagf' WHERE key = 'lots'",
            "pair",
        ),
    ] {
        std::fs::write(&store, &whole).expect("restore");
        let db = rusqlite::Connection::open(&store).expect("opens");
        db.execute(sql, []).expect(what);
        drop(db);
        let damaged = std::fs::read(&store).expect("store");
        let out = xqreg(&["event", command, &ev]);
        let err = refused_with(&out, "E850");
        assert!(
            err.contains("event.sqlite") && err.contains("help:"),
            "{what}: {err}"
        );
        assert_eq!(std::fs::read(&store).expect("store"), damaged, "{what}");
    }
}

/// Round 1 published, then `sql` run on its store as an edit outside xqreg would: the directory
/// (kept while the first value lives) and the event in it.
pub(crate) fn store_edited(sql: &str) -> (tempfile::TempDir, String) {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let db = rusqlite::Connection::open(&store).expect("opens");
    db.execute(sql, []).expect(sql);
    (tmp, ev)
}

/// The event's own refusals of a replay (R050, a published game the replay no longer gives; E836,
/// a stored result that is no result) say what to do, as every refusal does.
#[test]
fn a_published_game_the_replay_no_longer_gives_is_refused_with_a_help_line() {
    // A flipped byte in a stored game's stage: the game is no longer one the engine pairs. The
    // log edited alike, or the game would be refused as one the log did not publish (E836).
    let (_tmp, ev) =
        store_edited("UPDATE games SET stage = 'mamn' WHERE id = (SELECT min(id) FROM games)");
    let db = rusqlite::Connection::open(Path::new(&ev).join("event.sqlite")).expect("opens");
    let log = "UPDATE log SET changes = json_set(changes, '$.published[0].stage', 'mamn') \
               WHERE command = 'pair'";
    db.execute(log, []).expect(log);
    drop(db);
    let err = refused_with(&xqreg(&["event", "status", &ev]), "R050");
    assert!(err.contains("help:"), "{err}");
}

/// A log entry whose command is no command xqreg logs (a flipped byte: `new` read as `n0w`) is
/// E836 in `verify`, never passed over as an entry that changed nothing.
#[test]
fn verify_refuses_a_log_entry_of_no_command_xqreg_logs() {
    let (_tmp, ev) = store_edited("UPDATE log SET command = 'n0w' WHERE command = 'new'");
    let err = refused_with(&xqreg(&["event", "verify", &ev]), "E836");
    assert!(err.contains("n0w") && err.contains("help:"), "{err}");
}

/// A store whose tables are not the event's (a flipped byte in a column's name in the schema:
/// SQLite's page check passes) is E850, not SQLite's "no such column" with exit 2.
#[test]
fn a_store_whose_tables_lack_a_column_is_refused_as_damaged() {
    let (_tmp, ev) = store_edited("ALTER TABLE games RENAME COLUMN batch TO batcx");
    let err = refused_with(&xqreg(&["event", "status", &ev]), "E850");
    assert!(
        err.contains("event.sqlite") && err.contains("help:"),
        "{err}"
    );
}

/// `export` reads everything before it writes anything: a store whose log cannot be read (a log
/// entry no longer JSON, E850) leaves no `export/results.csv` beside no log (it wrote the
/// results, then failed on the log).
#[test]
fn an_export_refused_writes_nothing() {
    let (_tmp, ev) =
        store_edited("UPDATE log SET changes = '{\"batch\": 1, \"publ' WHERE command = 'pair'");
    refused_with(&xqreg(&["event", "export", &ev]), "E850");
    let export = std::path::Path::new(&ev).join("export");
    assert!(
        !export.exists(),
        "{:?}",
        std::fs::read_dir(&export).map(|d| d.count())
    );
}

/// A directory without its store: the event may never have been started there, or its store
/// may be lost (deleted, moved, the wrong directory typed). Refused like any missing input, with
/// its code, the file it looked for and both ways out (exit 1, never a bare exit 2), and nothing
/// is created there.
#[test]
fn a_directory_without_a_store_says_to_start_or_put_the_copy_back() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    std::fs::remove_file(&store).expect("lost");
    let typo = tmp.path().join("evnet").to_string_lossy().into_owned();
    for (dir, command) in [(&ev, "status"), (&ev, "pair"), (&typo, "standings")] {
        let err = refused_with(&xqreg(&["event", command, dir]), "E853");
        assert!(
            err.contains("xqreg event new")
                && err.contains("put back the copy of event.sqlite")
                && err.contains(&format!("{dir}/event.sqlite"))
                && err.contains("help:"),
            "{err}"
        );
        assert!(!Path::new(&store).exists(), "{command} created a store");
    }
    assert!(!Path::new(&typo).exists(), "a directory was created");
    let out = xqreg(&["event", "status", &ev, "--lang", "zh"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("错误[E853]") && err.contains("帮助："),
        "{err}"
    );
}

/// A log entry that cannot be read (a page of the log zeroed or a byte flipped inside a whole
/// page: SQLite's page check passes, the text is no longer JSON) is E850 for every command, not
/// only for `verify` and `export`, which read the log: `status` answered, `pair` published and
/// `result` recorded on a store whose history was lost. The store is left as it is.
#[test]
fn a_log_that_cannot_be_read_is_refused_by_every_command() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, store) = round_one_published(tmp.path());
    let results = tmp.path().join("r.csv");
    std::fs::write(
        &results,
        "stage,round,red,black,result\nmain,1,w01,w07,1-0\n",
    )
    .expect("w");
    let site = tmp.path().join("site").to_string_lossy().into_owned();
    let db = rusqlite::Connection::open(&store).expect("opens");
    db.execute(
        "UPDATE log SET changes = CAST(X'7B2262617463680000000000' AS TEXT) WHERE command = 'pair'",
        [],
    )
    .expect("damage");
    drop(db);
    let damaged = std::fs::read(&store).expect("store");
    let results = results.to_string_lossy().into_owned();
    for args in [
        vec!["event", "status", &ev],
        vec!["event", "standings", &ev],
        vec!["event", "games", &ev],
        vec!["event", "pair", &ev],
        vec!["event", "result", &ev, &results],
        vec!["event", "result", &ev, "main", "1", "1", "="],
        vec!["event", "publish", &ev, "-o", &site],
    ] {
        let err = refused_with(&xqreg(&args), "E850");
        assert!(
            err.contains("log") && err.contains("help:"),
            "{args:?}: {err}"
        );
        assert_eq!(std::fs::read(&store).expect("store"), damaged, "{args:?}");
    }
    assert!(!Path::new(&site).exists(), "a site was published");
}
