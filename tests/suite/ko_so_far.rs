//! A knockout match of two regular games with one of them in (a live event's): the standings
//! and the site's bracket give its score so far and how many games are in. They said
//! `round of 32, match 2: a v b: to be played`, as of a match not begun.

use crate::common::{assert_phrases, generated_event, written, xqreg_ok};

const CUP: &str = "examples/006_knockout_cup/regulation.xqr";

#[test]
fn a_match_with_one_of_its_two_games_in_gives_its_score_so_far() {
    let dir = tempfile::tempdir().expect("temp dir");
    let ev = generated_event(dir.path(), CUP, None, 3);
    xqreg_ok(&["event", "pair", &ev]);
    let waiting = xqreg_ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
    let mut lines = waiting.lines();
    let header = lines.next().expect("header");
    // The first waiting game (a match's game 1), won by red; the match's game 2 still waits.
    let mut first: Vec<&str> = lines.next().expect("a waiting game").split(',').collect();
    first[5] = "1-0";
    let (red, black) = (first[3].to_string(), first[4].to_string());
    let file = written(
        dir.path(),
        "one.csv",
        &format!("{header}\n{}\n", first.join(",")),
    );
    xqreg_ok(&["event", "result", &ev, &file]);
    let en = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    let line = en
        .lines()
        .find(|l| l.contains(&format!(" {red} ")) && l.contains("after"))
        .unwrap_or_else(|| panic!("the match of {red} v {black} in:\n{en}"));
    // The match's side a is named first: red's two points stand on red's side.
    let red_first = line.find(&format!(" {red} ")) < line.find(&format!(" {black} "));
    let (score, score_zh) = if red_first {
        (" 2–0 ", " 2:0 ")
    } else {
        (" 0–2 ", " 0:2 ")
    };
    assert_phrases(line, &[score, "after 1 of 2 games: to be played"], &[]);
    let zh = xqreg_ok(&["event", "standings", &ev, "--lang", "zh"]);
    assert_phrases(&zh, &[score_zh, "，共2局已赛1局，尚未赛完"], &[]);
    let site = dir.path().join("site");
    xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = std::fs::read_to_string(site.join("en").join("stage-1.html")).expect("the cup");
    assert_phrases(&page, &["after 1 of 2 games: to be played</li>"], &[]);
}
