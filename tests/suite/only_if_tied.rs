//! `knockout { bracket (final#1 v final#2)  only_if_tied }` in a live event: once the round robin
//! is complete with its first player clear on points, the title playoff is not paired, the event
//! is complete, and the playoff's page says why instead of waiting for a pairing that never comes.

use std::path::Path;

use crate::common::{
    assert_phrases, assert_success, draw_waiting, event_new_output, root, written, xqreg, xqreg_ok,
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

/// The live event of the regulation on four players a, b, c, d in `dir/ev`.
fn four_players(dir: &Path) -> String {
    let roster = written(dir, "roster.csv", "id,name\na,甲\nb,乙\nc,丙\nd,丁\n");
    let ev = dir.join("ev").to_string_lossy().into_owned();
    let regulation = root().join(REGULATION);
    let new = event_new_output(&ev, &regulation, Path::new(&roster), &[]);
    assert_success(&new, "event new: ");
    ev
}

#[test]
fn a_playoff_not_needed_is_not_paired_and_its_page_says_why() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ev = four_players(dir.path());
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

/// `event standings` in both languages, every line without trailing spaces, and the title
/// playoff's rows (after its head, `title` / `冠军加赛`) each its place and player only: a
/// knockout's row has no points, and printed none as a blank column.
fn title_rows_say_place_and_player(ev: &str) -> [String; 2] {
    ["en", "zh"].map(|lang| {
        let text = xqreg_ok(&["event", "standings", ev, "--lang", lang]);
        for line in text.lines() {
            assert_eq!(line, line.trim_end(), "a trailing space in {lang}:\n{text}");
        }
        let title = text
            .lines()
            .position(|l| l.starts_with("title") || l.starts_with("冠军加赛"))
            .unwrap_or_else(|| panic!("the playoff's standings in {text}"));
        let rows: Vec<&str> = text.lines().skip(title + 1).take(2).collect();
        for row in &rows {
            // `1= b 乙`: place, id, name.
            assert_eq!(
                row.split_whitespace().count(),
                3,
                "{row:?} in {lang}:\n{text}"
            );
        }
        text
    })
}

#[test]
fn a_playoff_not_needed_lists_its_places_without_a_blank_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ev = four_players(dir.path());
    for _ in 1..=3 {
        xqreg_ok(&["event", "pair", &ev]);
        let results = a_wins_all(&ev, dir.path());
        xqreg_ok(&["event", "result", &ev, &results]);
    }
    xqreg_ok(&["event", "pair", &ev]);
    let [en, zh] = title_rows_say_place_and_player(&ev);
    assert_phrases(
        &en,
        &["\n    1  a 甲\n", "Not played: the two were not level"],
        &[],
    );
    assert_phrases(&zh, &["\n    1  a 甲\n", "无需加赛"], &[]);
}

/// The event of [`four_players`] with every game drawn: the first two are level, the playoff's
/// game and its rapid game are drawn too, and its armageddon is published and waits.
fn armageddon_waiting(dir: &Path) -> String {
    let ev = four_players(dir);
    for step in 0..5 {
        xqreg_ok(&["event", "pair", &ev]);
        draw_waiting(&ev, dir, &format!("step{step}.csv"));
    }
    xqreg_ok(&["event", "pair", &ev]);
    ev
}

#[test]
fn a_playoff_waiting_lists_its_shared_places_without_a_blank_column() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ev = armageddon_waiting(dir.path());
    let [en, zh] = title_rows_say_place_and_player(&ev);
    assert_phrases(&en, &["title (so far)", "\n    1= "], &[]);
    assert_phrases(&zh, &["\n    1= "], &[]);
}

/// The title match drawn, its rapid game drawn, its armageddon (a `blitz` game) published and
/// waiting: the standings and the site say the match is level and what it waits for. They said
/// `final: b 乙 v d 丁: to be played` (决赛：b 乙 对 d 丁，尚未赛完), as of a match not yet
/// begun, and the site's bracket box showed neither score nor state.
#[test]
fn a_title_match_waiting_for_its_armageddon_says_what_it_waits_for() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ev = armageddon_waiting(dir.path());
    let [en, zh] = title_rows_say_place_and_player(&ev);
    assert_phrases(
        &en,
        &["1–1 ", ", level: playoff blitz to be played"],
        &[": to be played"],
    );
    assert_phrases(&zh, &["1:1 ", "，积分相同，待加赛超快棋"], &["尚未赛完"]);
    let site = dir.path().join("site");
    xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = |lang: &str| {
        std::fs::read_to_string(site.join(lang).join("stage-2.html")).expect("the playoff's page")
    };
    assert_phrases(
        &page("en"),
        &[", level: playoff blitz to be played</li>"],
        &[],
    );
    assert_phrases(&page("zh"), &["，积分相同，待加赛超快棋</li>"], &[]);
}
