//! `knockout { bracket (final#1 v final#2)  only_if_tied }` in a live event: once the round robin
//! is complete with its first player clear on points, the title playoff is not paired, the event
//! is complete, and the playoff's page says why instead of waiting for a pairing that never comes.

use std::path::Path;

use crate::common::{
    assert_phrases, assert_success, event_new_output, root, written, xqreg, xqreg_ok,
};

const REGULATION: &str = "tests/scenarios/only_if_tied.xqr";

/// Every waiting game's result: `a` wins each of its games, the others draw.
fn a_wins_all(ev: &str, dir: &std::path::Path) -> String {
    let waiting = xqreg_ok(&["event", "games", ev, "--waiting", "--format", "csv"]);
    let mut lines = waiting.lines();
    let mut csv = format!("{}\n", lines.next().expect("header"));
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let (red, black) = (cells[3], cells[4]);
        let result = match (red, black) {
            ("a", _) => "1-0",
            (_, "a") => "0-1",
            _ => "=",
        };
        let mut row = cells.clone();
        row[5] = result;
        csv.push_str(&row.join(","));
        csv.push('\n');
    }
    written(dir, "results.csv", &csv)
}

#[test]
fn a_playoff_not_needed_is_not_paired_and_its_page_says_why() {
    let dir = tempfile::tempdir().expect("temp dir");
    let roster = written(
        dir.path(),
        "roster.csv",
        "id,name\na,甲\nb,乙\nc,丙\nd,丁\n",
    );
    let ev = dir.path().join("ev").to_string_lossy().into_owned();
    let regulation = root().join(REGULATION);
    let new = event_new_output(&ev, &regulation, Path::new(&roster), &[]);
    assert_success(&new, "event new: ");
    for round in 1..=3 {
        let paired = xqreg_ok(&["event", "pair", &ev]);
        assert_phrases(&paired, &[&format!("final round {round}")], &["title"]);
        let results = a_wins_all(&ev, dir.path());
        xqreg_ok(&["event", "result", &ev, &results]);
    }
    let last = xqreg(&["event", "pair", &ev, "--lang", "en"]);
    assert!(last.status.success());
    assert_phrases(
        &String::from_utf8_lossy(&last.stderr),
        &["the event is complete"],
        &[],
    );
    let site = dir.path().join("site");
    xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = |lang: &str| {
        std::fs::read_to_string(site.join(lang).join("stage-2.html")).expect("the playoff's page")
    };
    assert_phrases(
        &page("zh"),
        &["双方积分不同，无需加赛，名次按积分排定。"],
        &["尚未公布对阵"],
    );
    assert_phrases(
        &page("en"),
        &["Not played: the two were not level on points"],
        &["No pairing is published yet"],
    );
    let index = std::fs::read_to_string(site.join("zh/index.html")).expect("front page");
    let first = index.find("甲").expect("a on the front page");
    let second = index.find("乙").min(index.find("丙")).min(index.find("丁"));
    assert!(second.is_some_and(|s| first < s), "a is first");
}
