//! A Swiss with more rounds than its field can always pair (W405): 12 players in 11 rounds of
//! CXA, on results that leave round 10 with no pairing without a repeat opponent. The checker
//! warns before the event; in the event, round 9's results are recorded and the standings
//! stand, but `event pair` stops at round 10 with R016, whose help gives the way on, and the
//! organiser's amendment that ends the Swiss after round 9 lets the event finish.

use crate::common::{event_new, written, xqreg, xqreg_ok as ok};

const REGULATION: &str = r#"regulation "测试赛" en "Test event" {
  dates 2024-05-01 .. 2024-05-11
  rulebook cxa2011
}
scoring { win 2 draw 1 loss 0 }
time standard { base 20min increment 20s flag loses }
entry {
  field 12
}
stage main {
  swiss cxa rounds 11
  time standard
  avoid same_unit never
  tiebreak { opponents_score, wins, lots }
  places 1..12
}
"#;

/// Twelve players of twelve units, rated 2400 down by 10.
fn roster() -> String {
    let mut text = String::from("id,name,unit,rating\n");
    for (i, unit) in "甲乙丙丁戊己庚辛壬癸子丑".chars().enumerate() {
        text.push_str(&format!(
            "p{:02},选手{},{unit},{}\n",
            i + 1,
            i + 1,
            2400 - 10 * i
        ));
    }
    text
}

/// The waiting games of `round` with results cycling win, draw, loss from Red's side (a fixed
/// pattern, the one found to leave round 10 without a pairing).
fn results(waiting: &str, round: usize) -> String {
    let mut out = String::new();
    for (i, line) in waiting.lines().enumerate() {
        let mut cells: Vec<&str> = line.split(',').collect();
        if i > 0 {
            cells[5] = ["1-0", "=", "0-1"][(round * 7 + i - 1) % 3];
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

#[test]
fn a_field_that_runs_out_of_pairings_is_warned_and_the_event_has_a_way_on() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let reg = written(dir, "regulation.xqr", REGULATION);
    // The checker: 11 rounds for 12 players pass E204 but not the bound of 7.
    let check = xqreg(&["check", "--format", "plain", &reg]);
    let said = String::from_utf8_lossy(&check.stdout);
    assert!(said.contains("W405"), "{said}");
    assert!(said.contains("after 7 rounds"), "{said}");

    let roster = written(dir, "roster.csv", &roster());
    let ev = dir.join("ev").to_string_lossy().into_owned();
    event_new(
        &ev,
        std::path::Path::new(&reg),
        std::path::Path::new(&roster),
        1,
    );
    for round in 1..=9 {
        ok(&["event", "pair", &ev]);
        let waiting = ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
        let file = written(dir, &format!("r{round}.csv"), &results(&waiting, round));
        // Every round's results are recorded, round 9's too, though they leave round 10
        // with no pairing: the standings stand and the event waits at its pairing.
        ok(&["event", "result", &ev, &file]);
    }
    let standings = ok(&["event", "standings", &ev]);
    assert_eq!(standings.matches(" 选手").count(), 12, "{standings}");
    let status = ok(&["event", "status", &ev]);
    assert!(!status.contains("the event is complete"), "{status}");
    assert!(status.contains("R016"), "{status}");
    // `event pair` stops at round 10: R016, with the way on in its help; nothing published.
    let out = xqreg(&["event", "pair", &ev]);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("R016"), "{err}");
    assert!(
        err.contains("stage `main` round 10: no pairing without a repeat opponent"),
        "{err}"
    );
    assert!(!err.contains("round 10: round 10"), "{err}");
    let help = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("`xqreg event amend DIR --note TEXT`"),
        "{help}"
    );
    assert!(help.contains("relax_last_rounds 0"), "{help}");
    let games = ok(&["event", "games", &ev, "--format", "csv"]);
    assert!(!games.lines().any(|l| l.starts_with("main,10,")), "{games}");
    // The way on: the organiser ends the Swiss after round 9, round 9 pairing as published.
    let amended = REGULATION.replace(
        "swiss cxa rounds 11",
        "swiss cxa rounds 9\n  colour_limits { max_consecutive 2  max_difference 2  relax_last_rounds 0 }",
    );
    written(dir, "regulation.xqr", &amended);
    ok(&[
        "event",
        "amend",
        &ev,
        "--note",
        "补充通知：第10轮无法编排，比赛9轮结束",
    ]);
    ok(&["event", "pair", &ev]);
    let status = ok(&["event", "status", &ev]);
    assert!(status.contains("the event is complete"), "{status}");
}
