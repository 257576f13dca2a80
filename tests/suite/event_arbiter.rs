//! What a chief arbiter (裁判长) met running an event live: a refusal points at the input the
//! arbiter gave (the late-entry CSV's row and column, the withdrawal's argument), never at the
//! regulation's clause the check follows; a correction says why and changes something.

use crate::common::xqreg_ok as ok;
use crate::event_enter::{play_round, refused, roster_lines, start};

/// A late-entry CSV of the roster's header and `rows`, at `dir/name`.
fn late_csv(dir: &std::path::Path, name: &str, rows: &[String]) -> String {
    let mut text = format!("{}\n", roster_lines()[0]);
    for r in rows {
        text.push_str(r);
        text.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writes");
    path.to_string_lossy().into_owned()
}

#[test]
fn a_late_entry_refused_by_the_replay_points_at_its_row() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = start(dir, true);
    play_round(&ev, dir);
    let lines = roster_lines();
    // `P005` is `p005` of the roster typed in capitals: row 3 of case.csv.
    let case = late_csv(
        dir,
        "case.csv",
        &[lines[61].clone(), lines[5].replacen("p005", "P005", 1)],
    );
    let err = refused(&ev, &["event", "enter", &ev, &case], "R002");
    assert!(err.contains("case.csv:3:1"), "{err}");
    assert!(
        !err.contains("[regulation.xqr"),
        "the regulation is not the place: {err}"
    );
    // An unknown pool: row 2 of pool.csv, its `pool` cell.
    let header: Vec<&str> = lines[0].split(',').collect();
    let pool = header
        .iter()
        .position(|c| *c == "pool")
        .expect("a pool column");
    let mut cells: Vec<String> = lines[62].split(',').map(str::to_string).collect();
    cells[pool] = "nosuch".into();
    let bad = late_csv(dir, "pool.csv", &[cells.join(",")]);
    let err = refused(&ev, &["event", "enter", &ev, &bad], "R001");
    assert!(err.contains("pool.csv:2:"), "{err}");
    assert!(err.contains("row 2, column `pool`"), "{err}");
    let zh = refused(&ev, &["event", "enter", &ev, &bad, "--lang", "zh"], "R001");
    assert!(zh.contains("第 2 行，`pool` 列"), "{zh}");
}

#[test]
fn a_withdrawal_refused_by_the_replay_names_the_argument() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = start(dir, false);
    let args = |stage: &str, after: &str| -> Vec<String> {
        [
            "event", "withdraw", &ev, "p001", "--stage", stage, "--after", after,
        ]
        .map(str::to_string)
        .to_vec()
    };
    let run = |a: Vec<String>, code: &str, lang: &str| {
        let mut a = a;
        a.extend(["--lang".to_string(), lang.to_string()]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        refused(&ev, &a, code)
    };
    let err = run(args("main", "20"), "R076", "en");
    assert!(err.contains("`--after 20`"), "{err}");
    assert!(!err.contains("regulation.xqr"), "{err}");
    let zh = run(args("main", "20"), "R076", "zh");
    assert!(zh.contains("`--after 20`") && zh.contains("帮助"), "{zh}");
    let err = run(args("nosuch", "1"), "R011", "en");
    assert!(err.contains("`--stage nosuch`"), "{err}");
    assert!(!err.contains("regulation.xqr"), "{err}");
}

#[test]
fn a_correction_needs_a_reason_and_a_different_result() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = start(dir, false);
    play_round(&ev, dir);
    // Every game of round 1 was recorded 1-0.
    let with = |result: &'static str, reason: &'static str| {
        vec![
            "event",
            "correct",
            ev.as_str(),
            "main",
            "1",
            "1",
            result,
            "--reason",
            reason,
        ]
    };
    let err = refused(&ev, &with("0-1", ""), "E851");
    assert!(err.contains("--reason"), "{err}");
    refused(&ev, &with("0-1", "  "), "E851");
    let err = refused(&ev, &with("1-0", "score sheet"), "E851");
    assert!(err.contains("1-0"), "{err}");
    ok(&with("0-1", "score sheet signed 0-1"));
}
