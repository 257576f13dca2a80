//! `xqreg event` on the command line (issue 10 items 1, 3, 6): new, pair (human, JSON, CSV),
//! result by board and by file, the refusals (unpublished game, second result, unknown player,
//! changed regulation) that store nothing, status, standings, correct, verify, export; and the
//! SIGKILL test: a command killed at a random moment leaves the state before or after it, and a
//! killed `publish` leaves the old site or the new one.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{event_new, root, withdraw, xqreg, xqreg_ok as ok};

fn refused(args: &[&str], code: &str) {
    let out = xqreg(args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "xqreg {args:?} should be refused"
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(code),
        "xqreg {args:?}: expected {code}, got {err}"
    );
}

/// `event correct`: the first game of round 1 (board 1 of `main`) was 0-1 by the score sheet.
fn correct_first_game(ev: &str) -> String {
    ok(&[
        "event",
        "correct",
        ev,
        "main",
        "1",
        "1",
        "0-1",
        "--reason",
        "score sheet",
    ])
}

/// A new event of example 001 in `dir/event`, with a copy of its regulation in `dir`.
fn start(dir: &Path) -> (String, PathBuf) {
    start_of(dir, "001_nanning", "regulation.xqr")
}

/// A new event of an example in `dir/event`, with a copy of its regulation in `dir`.
fn start_of(dir: &Path, example: &str, file: &str) -> (String, PathBuf) {
    let reg = dir.join("regulation.xqr");
    std::fs::copy(root().join(format!("examples/{example}/{file}")), &reg).expect("copies");
    let ev = dir.join("event").to_string_lossy().into_owned();
    let roster = root().join(format!("examples/{example}/roster.csv"));
    event_new(&ev, &reg, &roster, 5);
    (ev, reg)
}

fn status(ev: &str) -> String {
    ok(&["event", "status", ev])
}

#[test]
fn an_event_round_by_round_on_the_command_line() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, reg) = start(tmp.path());
    let games = pair_json(&ev).as_array().cloned().expect("a list");
    assert_eq!(games.len(), 75, "150 players: 75 boards in round 1");
    // Nothing new to pair before the results are in; the published round never changes.
    assert_eq!(
        ok(&["event", "pair", &ev, "--format", "csv"])
            .lines()
            .count(),
        1
    );
    assert!(status(&ev).contains("waiting for results: 75"));
    let before = status(&ev);
    refused(&["event", "result", &ev, "main", "1", "99", "1-0"], "E831");
    refused(&["event", "result", &ev, "main", "2", "1", "1-0"], "E831");
    ok(&["event", "result", &ev, "main", "1", "1", "1-0"]);
    refused(&["event", "result", &ev, "main", "1", "1", "0-1"], "E832");
    // A results file with an unknown player stores nothing, not even its good rows.
    let bad = tmp.path().join("bad.csv");
    let id = |g: &serde_json::Value, side: &str| g[side]["id"].as_str().unwrap_or("").to_string();
    let good = format!(
        "main,1,{},{},1-0",
        id(&games[1], "red"),
        id(&games[1], "black")
    );
    let bad_row = format!("main,1,nobody,{},1-0", id(&games[2], "black"));
    std::fs::write(
        &bad,
        format!("stage,round,red,black,result\n{good}\n{bad_row}\n"),
    )
    .expect("writes");
    let s1 = status(&ev);
    refused(&["event", "result", &ev, &bad.to_string_lossy()], "E833");
    assert_eq!(status(&ev), s1);
    assert_ne!(s1, before);
    // The rest of round 1 from the CSV `pair` printed, filled in.
    let mut csv = String::from("stage,round,red,black,result\n");
    for g in games.iter().skip(1) {
        let r = if g["board"].as_u64().unwrap_or(0) % 3 == 0 {
            "="
        } else {
            "1-0"
        };
        csv.push_str(&format!(
            "main,1,{},{},{r}\n",
            g["red"]["id"].as_str().unwrap_or(""),
            g["black"]["id"].as_str().unwrap_or("")
        ));
    }
    let file = tmp.path().join("r1.csv");
    std::fs::write(&file, csv).expect("writes");
    ok(&["event", "result", &ev, &file.to_string_lossy()]);
    let corrected = correct_first_game(&ev);
    assert!(
        corrected.contains("standings changed: Swiss"),
        "{corrected}"
    );
    let round2 = ok(&["event", "pair", &ev]);
    assert!(round2.contains("Swiss round 2"), "{round2}");
    let standings = ok(&["event", "standings", &ev, "--format", "json"]);
    assert!(standings.contains("\"points\""), "{standings}");
    assert!(ok(&["event", "verify", &ev]).contains("verified"));
    ok(&["event", "export", &ev]);
    let exported =
        std::fs::read_to_string(Path::new(&ev).join("export/results.csv")).expect("export");
    assert_eq!(exported.lines().count(), 76);
    let log = std::fs::read_to_string(Path::new(&ev).join("export/log.jsonl")).expect("log");
    assert!(log.lines().all(|l| l.contains("\"at\"")));
    // A changed regulation file is refused until `amend` records it.
    let text = std::fs::read_to_string(&reg).expect("reads") + "\n// 补充通知\n";
    std::fs::write(&reg, text).expect("writes");
    refused(&["event", "status", &ev], "E830");
    ok(&["event", "amend", &ev, "--note", "2019-12-06 补充通知"]);
    // With round 2 published, a correction of round 1 keeps it (the test below shows it).
    let flip = ok(&[
        "event", "correct", &ev, "main", "1", "2", "0-1", "--reason", "x",
    ]);
    assert!(
        flip.contains("Swiss round 2 was published already"),
        "{flip}"
    );
    assert!(status(&ev).contains("published: 150 games"));
}

/// Round 1 of example 001 with every game won by Red but board 1 (`first` there), as a results
/// CSV of the games `pair --format json` printed.
fn round_csv(games: &serde_json::Value, first: &str, rest: &str) -> String {
    let mut csv = String::from("stage,round,red,black,result\n");
    for g in games.as_array().into_iter().flatten() {
        let r = if g["board"] == 1 { first } else { rest };
        csv.push_str(&format!(
            "{},{},{},{},{r}\n",
            g["stage"].as_str().unwrap_or(""),
            g["round"],
            g["red"]["id"].as_str().unwrap_or(""),
            g["black"]["id"].as_str().unwrap_or("")
        ));
    }
    csv
}

/// The games `event pair --format json` published (its `games`; `sits_out` beside them).
fn pair_json(ev: &str) -> serde_json::Value {
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["event", "pair", ev, "--format", "json"])).expect("pair JSON");
    v["games"].clone()
}

/// A player's points in the JSON of `event standings` (its first stage's first group).
pub fn points_of(standings: &str, id: &str) -> Option<i64> {
    let v: serde_json::Value = serde_json::from_str(standings).expect("standings JSON");
    v[0]["groups"][0]["standings"]
        .as_array()?
        .iter()
        .find(|r| r["id"] == id)?["points"]
        .as_i64()
}

/// Issue 10 item 2: `correct` after later rounds were published. The published rounds stand
/// (the replay takes them as published, not paired afresh), the standings change and the output
/// says whose, the next round is paired from the corrected scores, and `verify` still replays
/// every batch from the results recorded before it; a store whose round differs from what the
/// engine paired at the time (a forgery of store and log alike) fails `verify` with R050.
#[test]
fn a_correction_keeps_the_published_rounds() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start(tmp.path());
    let r1 = pair_json(&ev);
    let file = tmp.path().join("r1.csv");
    std::fs::write(&file, round_csv(&r1, "1-0", "1-0")).expect("writes");
    ok(&["event", "result", &ev, &file.to_string_lossy()]);
    let r2 = pair_json(&ev);
    let file = tmp.path().join("r2.csv");
    std::fs::write(&file, round_csv(&r2, "=", "0-1")).expect("writes");
    ok(&["event", "result", &ev, &file.to_string_lossy()]);
    pair_json(&ev);
    let published = ok(&["event", "games", &ev, "--format", "json"]);
    let (red, black) = (
        r1[0]["red"]["id"].as_str().expect("id").to_string(),
        r1[0]["black"]["id"].as_str().expect("id").to_string(),
    );
    let before = ok(&["event", "standings", &ev, "--format", "json"]);
    let out = correct_first_game(&ev);
    assert!(
        out.contains(&format!(
            "Swiss round 1 board 1 ({red} - {black}): 1-0 -> 0-1"
        )),
        "{out}"
    );
    assert!(out.contains("Swiss round 2 was published already and stands as published"));
    assert!(out.contains("Swiss round 3 was published already and stands as published"));
    assert!(out.contains("standings changed: Swiss"), "{out}");
    // Red lost the two points of the win, Black gained them; the output says so.
    let after = ok(&["event", "standings", &ev, "--format", "json"]);
    let (rb, ra) = (points_of(&before, &red), points_of(&after, &red));
    let (bb, ba) = (points_of(&before, &black), points_of(&after, &black));
    assert_eq!((rb.zip(ra)).map(|(b, a)| b - a), Some(2));
    assert_eq!((ba.zip(bb)).map(|(a, b)| a - b), Some(2));
    let red_line = out
        .lines()
        .find(|l| l.trim_start().starts_with(&format!("{red} ")));
    let want = format!(
        "points {} -> {}",
        rb.unwrap_or_default(),
        ra.unwrap_or_default()
    );
    assert!(red_line.is_some_and(|l| l.ends_with(&want)), "{out}");
    // Every published game stands; only board 1's result changed.
    let now = ok(&["event", "games", &ev, "--format", "json"]);
    let strip = |text: &str| {
        let mut v: serde_json::Value = serde_json::from_str(text).expect("games JSON");
        for g in v.as_array_mut().into_iter().flatten() {
            g["result"] = serde_json::Value::Null;
            g["red"]["points"] = serde_json::Value::Null;
            g["black"]["points"] = serde_json::Value::Null;
        }
        v
    };
    assert_eq!(strip(&now), strip(&published));
    // Paired afresh from the corrected round 1, round 2 would differ: the published one stands
    // only because the replay takes it as published.
    assert_ne!(
        pairs(&round_2_from_corrected(&r1)),
        pairs(&r2),
        "the correction would re-pair round 2"
    );
    // Round 3's results in; round 4 is paired from the corrected scores: the points `pair`
    // prints for Red of round 1 board 1 are the corrected ones.
    let r3: serde_json::Value = serde_json::from_str(&ok(&[
        "event",
        "games",
        &ev,
        "--waiting",
        "--format",
        "json",
    ]))
    .expect("JSON");
    let file = tmp.path().join("r3.csv");
    std::fs::write(&file, round_csv(&r3, "1-0", "1-0")).expect("writes");
    ok(&["event", "result", &ev, &file.to_string_lossy()]);
    let r4 = pair_json(&ev);
    assert_eq!(r4[0]["round"], 4);
    let final_points = points_of(&ok(&["event", "standings", &ev, "--format", "json"]), &red);
    let in_r4 = r4
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| [&g["red"], &g["black"]])
        .find(|s| s["id"] == red.as_str())
        .and_then(|s| s["points"].as_i64());
    assert_eq!(in_r4, final_points);
    let verified = ok(&["event", "verify", &ev]);
    assert!(verified.contains("in 4 batches"), "{verified}");
    forge_round_2(&ev);
    refused(&["event", "verify", &ev], "R050");
    let zh = xqreg(&["event", "--lang", "zh", "verify", &ev]);
    let err = String::from_utf8_lossy(&zh.stderr);
    assert!(err.contains("错误[R050]: 第 2 批公布为"), "{err}");
}

/// Each board's (Red, Black) ids of a round's games JSON.
fn pairs(v: &serde_json::Value) -> Vec<(String, String)> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|g| (g["red"]["id"].to_string(), g["black"]["id"].to_string()))
        .collect()
}

/// Round 2 as a fresh event pairs it after round 1 (`r1`) with board 1 won by Black.
fn round_2_from_corrected(r1: &serde_json::Value) -> serde_json::Value {
    let other = tempfile::tempdir().expect("tmp");
    let (ev2, _) = start(other.path());
    pair_json(&ev2);
    let file = other.path().join("r1.csv");
    std::fs::write(&file, round_csv(r1, "0-1", "1-0")).expect("writes");
    ok(&["event", "result", &ev2, &file.to_string_lossy()]);
    pair_json(&ev2)
}

/// A forgery: round 2's boards 1 and 2 exchange their Black players in the store and in the
/// log alike. Store and log agree, but the engine never paired that round from the results
/// recorded before it.
fn forge_round_2(ev: &str) {
    let db = rusqlite::Connection::open(Path::new(ev).join("event.sqlite")).expect("opens");
    let black_of = |board: u32| -> String {
        db.query_row(
            "SELECT black FROM games WHERE stage = 'main' AND round = 2 AND board = ?1",
            [board],
            |r| r.get(0),
        )
        .expect("a game")
    };
    let (b1, b2) = (black_of(1), black_of(2));
    db.execute(
        "UPDATE games SET black = CASE board WHEN 1 THEN ?1 ELSE ?2 END
         WHERE stage = 'main' AND round = 2 AND board IN (1, 2)",
        [&b2, &b1],
    )
    .expect("edits the games");
    crate::common::edit_pair_log(&db, 1, |v| {
        v["published"][0]["black"] = serde_json::json!(b2);
        v["published"][1]["black"] = serde_json::json!(b1);
    });
    drop(db);
}

/// The refusals the walk-through above does not reach: a result word that is none (E837), a
/// correction of a game without a result (E834), an unknown player's withdrawal (E833), a
/// second withdrawal (E835), and a store edited outside xqreg (E836). Each stores nothing.
#[test]
fn the_other_event_refusals() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start(tmp.path());
    ok(&["event", "pair", &ev]);
    refused(&["event", "result", &ev, "main", "1", "1", "2-0"], "E837");
    refused(
        &[
            "event", "correct", &ev, "main", "1", "1", "1-0", "--reason", "x",
        ],
        "E834",
    );
    let before = status(&ev);
    refused(
        &[
            "event", "withdraw", &ev, "nobody", "--stage", "main", "--after", "1",
        ],
        "E833",
    );
    let games: serde_json::Value =
        serde_json::from_str(&ok(&["event", "games", &ev, "--format", "json"])).expect("JSON");
    let p = games[0]["red"]["id"].as_str().expect("an id").to_string();
    // A withdrawal from round 1, published with the player on board 1, is refused.
    refused(
        &[
            "event", "withdraw", &ev, &p, "--stage", "main", "--after", "0",
        ],
        "E838",
    );
    // After round 12 of an 11-round Swiss: no such round, refused (R076), never stored.
    refused(
        &[
            "event", "withdraw", &ev, &p, "--stage", "main", "--after", "12",
        ],
        "R076",
    );
    withdraw(&ev, &p, "main", 3);
    // The unknown player's withdrawal stored nothing; this one is stored, and status lists it.
    assert_eq!(
        status(&ev).replace(&format!("withdrawn: {p} after Swiss round 3\n"), ""),
        before
    );
    let once = status(&ev);
    refused(
        &[
            "event", "withdraw", &ev, &p, "--stage", "main", "--after", "4",
        ],
        "E835",
    );
    assert_eq!(status(&ev), once);
    ok(&["event", "result", &ev, "main", "1", "1", "1-0"]);
    assert!(ok(&["event", "verify", &ev]).contains("verified"));
    let db = rusqlite::Connection::open(Path::new(&ev).join("event.sqlite")).expect("opens");
    db.execute("UPDATE results SET result = '0-1'", [])
        .expect("edits");
    drop(db);
    refused(&["event", "verify", &ev], "E836");
}

/// Kill `xqreg event ARGS` with SIGKILL after `delay_us`; whether it had finished.
pub(crate) fn killed(args: &[&str], delay_us: u64) -> bool {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawns");
    std::thread::sleep(std::time::Duration::from_micros(delay_us));
    let _ = child.kill();
    child.wait().map(|s| s.success()).unwrap_or(false)
}

#[test]
fn sigkill_leaves_the_state_before_or_after() {
    // The 32-player group and knockout event of example 004: pair and result commands are short,
    // so 200 kills run in reasonable time.
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = start_of(tmp.path(), "004_zhouzhuang", "regulation.xqr");
    let ev = std::fs::canonicalize(&ev)
        .expect("abs")
        .to_string_lossy()
        .into_owned();
    let round1 = tmp.path().join("r1.csv");
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut runs, mut finished, mut untouched) = (0, 0, 0);
    let (mut publishes, mut published_whole) = (0, 0);
    while runs < 200 {
        // Alternate pair and result on the event's current state: the state before is the
        // status now, the state after the status once the command has run to the end.
        let before = status(&ev);
        let pairing = before.contains("next: `pair`");
        let args: Vec<String> = if pairing {
            vec!["event".into(), "pair".into(), ev.clone()]
        } else {
            // The published games without a result, all won by Red.
            assert_eq!(pair_json(&ev), serde_json::json!([]));
            let csv_games = games_waiting(&ev, tmp.path());
            std::fs::write(&round1, csv_games).expect("writes");
            vec![
                "event".into(),
                "result".into(),
                ev.clone(),
                round1.to_string_lossy().into_owned(),
            ]
        };
        // The state after: the same command run to its end on a copy of the event.
        let copy = tmp.path().join("copy");
        let _ = std::fs::remove_dir_all(&copy);
        std::fs::create_dir_all(&copy).expect("mkdir");
        std::fs::copy(
            Path::new(&ev).join("event.sqlite"),
            copy.join("event.sqlite"),
        )
        .expect("copies");
        let on_copy: Vec<&str> = args
            .iter()
            .map(|a| {
                if *a == ev {
                    copy.to_str().unwrap_or("")
                } else {
                    a.as_str()
                }
            })
            .collect();
        // How long the command takes decides when to kill it: anywhere from its start to a little
        // after its end (measured only to place the kill; nothing asserts on time).
        #[allow(clippy::disallowed_methods)] // places the kill; no assertion reads a time
        let clock = std::time::Instant::now();
        ok(&on_copy);
        let took = clock.elapsed().as_micros() as u64;
        let expected_after = status(&copy.to_string_lossy());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let done = killed(&args, next() % (took + took / 5 + 1));
        let after = status(&ev);
        assert!(
            after == before || after == expected_after,
            "after a kill the event is neither before nor after:\n{after}"
        );
        if done {
            finished += 1;
        }
        if after == before {
            untouched += 1;
        }
        runs += 1;
        // Every fifth command, a publish of the site killed too.
        if runs % 5 == 0 {
            publishes += 1;
            if publish_killed(&ev, tmp.path(), next()) {
                published_whole += 1;
            }
        }
        if after.contains("the event is complete") {
            // Start over: the kills go on against pair and result, not against a finished event.
            std::fs::remove_dir_all(&ev).expect("removes the event");
            start_of(tmp.path(), "004_zhouzhuang", "regulation.xqr");
        }
    }
    ok(&["event", "verify", &ev]);
    eprintln!(
        "SIGKILL runs: {runs}; finished before the kill: {finished}; state before: {untouched}; \
         publishes killed: {publishes}, of which the new site: {published_whole}"
    );
    assert!(publishes >= 40, "{publishes} publishes killed");
}

/// Every file under `dir` with its bytes, or `None` when there is no `dir`.
fn tree(dir: &Path) -> Option<std::collections::BTreeMap<PathBuf, Vec<u8>>> {
    if !dir.exists() {
        return None;
    }
    let mut out = std::collections::BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("reads the site").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let bytes = std::fs::read(&p).expect("reads a page");
                out.insert(p.strip_prefix(dir).unwrap_or(&p).to_path_buf(), bytes);
            }
        }
    }
    Some(out)
}

/// `event publish EV -o SITE` killed at a moment drawn from `draw`: SITE is afterwards the old
/// site (or none) or the whole new one, and the event answers `status` as before. Whether SITE
/// is the new site.
fn publish_killed(ev: &str, tmp: &Path, draw: u64) -> bool {
    let site = tmp.join("site");
    let old = tree(&site);
    let before = status(ev);
    // The new site: the same publish run to its end into another directory.
    let want_dir = tmp.join("site-want");
    let _ = std::fs::remove_dir_all(&want_dir);
    #[allow(clippy::disallowed_methods)] // places the kill; no assertion reads a time
    let clock = std::time::Instant::now();
    ok(&["event", "publish", ev, "-o", &want_dir.to_string_lossy()]);
    let took = clock.elapsed().as_micros() as u64;
    let want = tree(&want_dir);
    assert!(want.is_some(), "publish wrote no site");
    let site_arg = site.to_string_lossy();
    killed(
        &["event", "publish", ev, "-o", &site_arg],
        draw % (took + took / 5 + 1),
    );
    let now = tree(&site);
    assert!(
        now == old || now == want,
        "after a killed publish, SITE is neither the old site nor the new one ({} files)",
        now.map(|t| t.len()).unwrap_or(0)
    );
    assert_eq!(status(ev), before, "a killed publish changed the event");
    now == want
}

/// The published games without a result as a results CSV (Red wins), from the export.
fn games_waiting(ev: &str, tmp: &Path) -> String {
    let _ = tmp;
    let csv = ok(&["event", "games", ev, "--waiting", "--format", "csv"]);
    // The empty `result` cell (the sixth) of each row becomes a win for Red.
    let mut lines = csv.lines();
    let mut out = lines.next().unwrap_or_default().to_string() + "\n";
    for l in lines {
        let mut cells: Vec<&str> = l.split(',').collect();
        if let Some(c) = cells.get_mut(5) {
            *c = "1-0";
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}
