//! `xqreg event enter` (issue 10: late entries where the regulation allows them). Example 001's
//! Swiss with `late_entry until round 3 missed half`, started with 60 of its players: two more
//! enter after round 1 is published and are paired in round 2 with the missed round's half-point
//! bye; every refusal (no clause, too late, published round, id already in, damaged row) exits 1
//! and stores nothing; `verify` replays the entry.

use std::path::{Path, PathBuf};

use crate::common::{assert_phrases, event_new, root, xqreg, xqreg_ok as ok};
use crate::event_cli::points_of;

/// Refused with `code` (exit 1), and the event is as it was: the same status and log.
pub(crate) fn refused(ev: &str, args: &[&str], code: &str) -> String {
    let before = (status(ev), ok(&["event", "verify", ev]));
    let out = xqreg(args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "xqreg {args:?} should be refused"
    );
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        err.contains(code),
        "xqreg {args:?}: expected {code}, got {err}"
    );
    assert!(
        err.contains("help") || err.contains("帮助"),
        "a help line: {err}"
    );
    assert_eq!(
        (status(ev), ok(&["event", "verify", ev])),
        before,
        "nothing stored"
    );
    err
}

fn status(ev: &str) -> String {
    ok(&["event", "status", ev])
}

pub(crate) fn roster_lines() -> Vec<String> {
    std::fs::read_to_string(root().join("examples/001_nanning/roster.csv"))
        .expect("roster")
        .lines()
        .map(str::to_string)
        .collect()
}

/// A CSV of the roster's header and its rows `rows` (1-based data rows).
pub(crate) fn rows(dir: &Path, name: &str, rows: std::ops::RangeInclusive<usize>) -> PathBuf {
    let lines = roster_lines();
    let mut text = format!("{}\n", lines[0]);
    for r in rows {
        text.push_str(&lines[r]);
        text.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    path
}

/// Example 001 with 60 players in `dir/event`; `late` adds the clause to its Swiss.
pub(crate) fn start(dir: &Path, late: bool) -> String {
    let text = std::fs::read_to_string(root().join("examples/001_nanning/regulation.xqr"))
        .expect("regulation");
    let text = if late {
        // The stage as the supplement leaves it (the override is the effective stage).
        let with = text.replace(
            "\n    swiss cxa rounds 11\n",
            "\n    swiss cxa rounds 11\n    late_entry until round 3 missed half\n",
        );
        assert_ne!(with, text, "the clause went in");
        with
    } else {
        text
    };
    let reg = dir.join("regulation.xqr");
    std::fs::write(&reg, text).expect("writes");
    let roster = rows(dir, "roster.csv", 1..=60);
    let ev = dir.join("event").to_string_lossy().into_owned();
    event_new(&ev, &reg, &roster, 2);
    ev
}

/// Publish the next round and record every game of it as won by Red.
pub(crate) fn play_round(ev: &str, dir: &Path) {
    ok(&["event", "pair", ev]);
    let csv = ok(&["event", "games", ev, "--waiting", "--format", "csv"]);
    let mut out = String::new();
    for (i, line) in csv.lines().enumerate() {
        let mut f: Vec<&str> = line.split(',').collect();
        if i > 0 {
            f[5] = "1-0";
        }
        out.push_str(&f.join(","));
        out.push('\n');
    }
    let path = dir.join("round.csv");
    std::fs::write(&path, out).expect("writes");
    ok(&["event", "result", ev, &path.to_string_lossy()]);
}

#[test]
fn a_late_entrant_is_paired_from_the_round_of_entry_with_the_missed_round_bye() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = start(tmp.path(), true);
    let late = rows(tmp.path(), "late.csv", 61..=62);
    let late_s = late.to_string_lossy().into_owned();
    // Before round 1 is published nothing is late.
    refused(&ev, &["event", "enter", &ev, &late_s], "E842");
    play_round(&ev, tmp.path());
    let text = ok(&["event", "enter", &ev, &late_s]);
    assert_phrases(
        &text,
        &[
            "2 player(s) enter `Swiss` before round 2",
            "round 1 counts as a half-point bye",
        ],
        &[],
    );
    assert!(status(&ev).contains("late entry: p061 p062 into Swiss before round 2"));
    let round2: serde_json::Value =
        serde_json::from_str(&ok(&["event", "pair", &ev, "--format", "json"])).expect("JSON");
    let boards = round2["games"].as_array().expect("a list");
    assert_eq!(boards.len(), 31, "62 players in round 2: 31 boards");
    for id in ["p061", "p062"] {
        let side = boards
            .iter()
            .find_map(|g| {
                ["red", "black"]
                    .into_iter()
                    .find(|s| g[s]["id"] == id)
                    .map(|s| g[s].clone())
            })
            .unwrap_or_else(|| panic!("{id} is paired in round 2"));
        // The missed round 1 is a half-point bye: a draw's 1 point.
        assert_eq!(side["points"], 1, "{id}: {side}");
    }
    let standings = ok(&["event", "standings", &ev, "--format", "json"]);
    assert_eq!(points_of(&standings, "p061"), Some(1));
    // new, pair, result, enter, pair.
    let verified = ok(&["event", "verify", &ev]);
    assert!(
        verified.starts_with("verified: 5 log entries"),
        "{verified}"
    );
    // The log says what changed; the site says why they sat round 1 out.
    ok(&["event", "export", &ev]);
    let log = std::fs::read_to_string(Path::new(&ev).join("export/log.jsonl")).expect("log");
    let enter = log
        .lines()
        .find(|l| l.contains("\"command\":\"enter\""))
        .expect("an enter entry");
    for want in ["p061", "p062", "\"missed\":\"half\"", "\"round\":2"] {
        assert!(enter.contains(want), "{want} in {enter}");
    }
    let site = tmp.path().join("site");
    ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = std::fs::read_to_string(site.join("en/stage-1.html")).expect("page");
    assert!(page.contains("late entry, plays from round 2"));
    let zh = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("page");
    assert!(zh.contains("补报，第2轮起参赛"));
}

#[test]
fn the_refusals_of_event_enter_store_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    // A regulation without the clause.
    let plain = dir.join("plain");
    std::fs::create_dir_all(&plain).expect("dir");
    let ev0 = start(&plain, false);
    let late = rows(dir, "late.csv", 61..=62);
    let late_s = late.to_string_lossy().into_owned();
    refused(&ev0, &["event", "enter", &ev0, &late_s], "E839");

    let ev = start(dir, true);
    play_round(&ev, dir);
    // Round 1 is published; round 4 is past `until round 3`.
    refused(
        &ev,
        &["event", "enter", &ev, &late_s, "--round", "1"],
        "E844",
    );
    refused(
        &ev,
        &["event", "enter", &ev, &late_s, "--round", "4"],
        "E842",
    );
    // There is no round 0: said so, not "round 0 is published already".
    let zero = refused(
        &ev,
        &["event", "enter", &ev, &late_s, "--round", "0"],
        "E842",
    );
    assert!(zero.contains("no round 0"), "{zero}");
    // An id already in the event, with its row and column; and in Chinese.
    let dup = rows(dir, "dup.csv", 61..=61);
    let mut text = std::fs::read_to_string(&dup).expect("reads");
    text.push_str(&roster_lines()[5]);
    text.push('\n');
    std::fs::write(&dup, text).expect("writes");
    let dup_s = dup.to_string_lossy().into_owned();
    let err = refused(&ev, &["event", "enter", &ev, &dup_s], "E843");
    assert!(err.contains("dup.csv:3:1: the id `p005`"), "{err}");
    let zh = refused(
        &ev,
        &["event", "enter", &ev, &dup_s, "--lang", "zh"],
        "E843",
    );
    assert!(
        zh.contains("错误[E843]") && zh.contains("已在赛事中"),
        "{zh}"
    );
    // A damaged row: no name.
    let bad = dir.join("bad.csv");
    // As many cells as the header has columns (the ones after `order` left blank).
    let header = roster_lines()[0].clone();
    let blank = ",".repeat(header.matches(',').count().saturating_sub(9));
    std::fs::write(
        &bad,
        format!("{header}\np099,,福建,CHN,men,1990-01-01,,1800,,99{blank}\n"),
    )
    .expect("writes");
    let err = refused(
        &ev,
        &["event", "enter", &ev, &bad.to_string_lossy()],
        "E808",
    );
    assert!(err.contains("bad.csv:2:"), "{err}");
    // What is allowed still goes in after all that.
    ok(&["event", "enter", &ev, &late_s]);
    assert!(ok(&["event", "verify", &ev]).contains("verified"));
    // Once entered, the same players cannot enter again.
    refused(&ev, &["event", "enter", &ev, &late_s], "E843");
}

#[test]
fn event_enter_has_help_in_both_languages() {
    let en = ok(&["event", "enter", "--help"]);
    assert!(en.contains("Late entrants"), "{en}");
    let zh = ok(&["event", "enter", "--help", "--lang", "zh"]);
    assert!(zh.contains("补报"), "{zh}");
}
