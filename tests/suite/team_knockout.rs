//! Team knockouts (团体淘汰赛) as a user meets them: the sheet's sentences for the match and its
//! level-match chain, and a live event run to the end through `xqreg event` (a league, then
//! semi-finals and a final whose level matches wait for the armageddon of their first boards,
//! which the next `pair` publishes).

use std::path::Path;

use crate::common::{assert_phrases, sheet_md_says, xqreg_ok};
use crate::event_teams::{draw_every_waiting_game, record_every_waiting_game};

const REGULATION: &str = "tests/scenarios/team_knockout.xqr";

#[test]
fn the_sheet_says_how_a_team_match_is_won_and_a_level_one_decided() {
    sheet_md_says(
        REGULATION,
        "zh",
        &[
            "按队进行（团体淘汰赛），每场4台",
            "以各台得分之和（局分）多者胜",
            "局分相同时，按下列办法决定胜队：",
            "按台次比较：先比第一台胜负，第一台和棋再比第二台，依次类推",
            "由双方第一台棋手进行一局超快棋",
            "胜者所在队胜出",
        ],
        &["对局胜者名次列前", "每台须分出胜负"],
    );
    sheet_md_says(
        REGULATION,
        "en",
        &[
            "between teams (a team knockout) on 4 boards a match",
            "won on board points",
            "A match level on board points is decided as follows:",
            "by board order: board one's result decides",
            "the two teams' board-one players play one Armageddon game",
            "the winner's team wins",
        ],
        &[
            "The winner of the game places higher.",
            "Every board must be decided",
        ],
    );
}

/// `only_if_tied` in a team knockout compares the two teams' match points (场分), as the runtime
/// does (tests/scenarios/team_knockout_only_if_tied.xqr): the sheet says so, not the players'
/// points of an individual playoff.
#[test]
fn the_sheet_says_a_team_title_match_is_held_only_on_level_match_points() {
    let file = "tests/scenarios/team_knockout_only_if_tied.xqr";
    sheet_md_says(
        file,
        "zh",
        &["仅当两队场分相同时进行；场分不同则按场分排定名次"],
        &["仅当双方积分相同时进行"],
    );
    sheet_md_says(
        file,
        "en",
        &["played only if the two teams are level on match points"],
        &["played only if the two are level on points"],
    );
}

/// A live team title match held only if tied (tests/scenarios/team_knockout_only_if_tied.xqr)
/// that is not needed: team a wins every league match (its players outrate b's, c's, d's), the
/// event is complete without it, and `event standings` gives its places by the league's order
/// and says why, where it said `no standings of `title` yet: none of its results is recorded`.
#[test]
fn a_title_match_not_needed_has_its_standings() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = tmp.path().join("ev").display().to_string();
    let reg = "tests/scenarios/team_knockout_only_if_tied.xqr";
    let csv = roster(tmp.path());
    xqreg_ok(&[
        "event",
        "new",
        &ev,
        "--regulation",
        reg,
        "--roster",
        &csv,
        "--seed",
        "1",
    ]);
    // Team letters in rating order: the team earlier in the alphabet wins each board.
    let by_rating = |red: &str, black: &str| if red < black { "1-0" } else { "0-1" };
    for _ in 0..3 {
        xqreg_ok(&["event", "pair", &ev]);
        record_every_waiting_game(&ev, tmp.path(), by_rating);
    }
    assert!(xqreg_ok(&["event", "status", &ev]).contains("the event is complete"));
    let en = xqreg_ok(&["event", "standings", &ev, "--stage", "title"]);
    assert_phrases(&en, &["1  a ", "2  b ", "Not played"], &["no standings"]);
    let zh = standings_zh(&ev, "title");
    assert_phrases(&zh, &["无需加赛"], &["尚无名次"]);
}

/// `event --lang zh standings EV --stage STAGE`.
fn standings_zh(ev: &str, stage: &str) -> String {
    xqreg_ok(&["event", "--lang", "zh", "standings", ev, "--stage", stage])
}

/// The roster of the scenario's four teams, as a CSV in `dir`.
fn roster(dir: &Path) -> String {
    let mut text = String::from("id,name,unit,order,rating\n");
    for (t, rating) in [("a", 2400), ("b", 2300), ("c", 2200), ("d", 2100)] {
        for k in 1..=4 {
            text.push_str(&format!("{t}{k},{t}{k},{t},{k},{rating}\n"));
        }
    }
    let path = dir.join("roster.csv");
    std::fs::write(&path, text).expect("writes");
    path.display().to_string()
}

/// `event new` in `dir/ev` on the scenario's regulation and four teams, seed 1; its path.
fn new_event(dir: &Path) -> String {
    let ev = dir.join("ev").display().to_string();
    let csv = roster(dir);
    let args = ["--regulation", REGULATION, "--roster", &csv, "--seed", "1"];
    xqreg_ok(&[&["event", "new", &ev][..], &args[..]].concat());
    ev
}

/// Every game drawn: each knockout match is level 4:4, board order decides nothing, and the
/// armageddon of the first boards, published by the next `pair`, decides (a draw goes to Black).
#[test]
fn a_live_team_knockout_publishes_the_first_boards_armageddon_of_a_level_match() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = new_event(tmp.path());
    let mut published = String::new();
    let mut waiting = None;
    for _ in 0..12 {
        let pair = xqreg_ok(&["event", "pair", &ev]);
        // The first armageddon published: its match is level on board points and waits for it
        // (it said `semi-final 1: c v a: to be played`, as of a match not begun).
        if waiting.is_none() && pair.contains("playoff Armageddon") {
            let en = xqreg_ok(&["event", "standings", &ev, "--stage", "finals"]);
            waiting = Some((en, standings_zh(&ev, "finals")));
        }
        published.push_str(&pair);
        if xqreg_ok(&["event", "status", &ev]).contains("the event is complete") {
            break;
        }
        draw_every_waiting_game(&ev, tmp.path());
    }
    // Each of the four level matches publishes its armageddon, under its match; and no team of
    // the league is said to sit a round out (its matches are labelled by the teams' names).
    assert_eq!(
        published.matches("playoff Armageddon game 1").count(),
        4,
        "{published}"
    );
    assert!(
        published.contains("Finals round 1 match C v A playoff Armageddon"),
        "{published}"
    );
    assert!(!published.contains("bye"), "{published}");
    let standings = xqreg_ok(&["event", "standings", &ev, "--stage", "finals"]);
    assert_phrases(
        &standings,
        &[
            "semi-final 1: ",
            "semi-final 2: ",
            "4–4",
            "level on board points",
            "wins by Armageddon",
        ],
        &["wins on board points", "wins by lots"],
    );
    let zh = standings_zh(&ev, "finals");
    assert!(zh.contains("局分相同"), "{zh}");
    let (en, zh) = waiting.expect("an armageddon published");
    assert_phrases(
        &en,
        &[
            "4–4",
            ", level on board points: playoff Armageddon to be played",
        ],
        &["semi-final 1: c v a: to be played"],
    );
    assert_phrases(&zh, &["4:4", "，局分相同，待第一台加赛超快棋"], &["c 对 a"]);
    assert!(xqreg_ok(&["event", "verify", &ev]).starts_with("verified: "));
    in_chinese_and_on_the_site(&ev, tmp.path());
}

/// The same event under `--lang zh` and on its published site: match labels and playoff steps
/// in Chinese (半决赛, 超快棋: the time control's title), and the bracket page says how each
/// level match was decided, the teams by name. Before, Chinese output read `semi-final：a 4:4
/// d，局分相同，a以 armageddon 胜出` and `加赛 armageddon 第 1 局`, and the bracket page said
/// nothing of how a 4:4 match was decided (its boxes named the teams `a`, `d`); the column of
/// each board's match was headed 组 (group).
fn in_chinese_and_on_the_site(ev: &str, dir: &Path) {
    let zh = standings_zh(ev, "finals");
    assert_phrases(
        &zh,
        &[
            "半决赛1：",
            "半决赛2：",
            "决赛：",
            "第3、4名决赛：",
            "局分相同，第一台加赛超快棋，",
        ],
        &["semi-final", "final:", "armageddon", "match for places"],
    );
    let games = xqreg_ok(&["event", "--lang", "zh", "games", ev]);
    assert_phrases(&games, &["加赛 超快棋 第 1 局"], &["armageddon"]);
    let site = dir.join("site");
    let site_arg = site.display().to_string();
    xqreg_ok(&["event", "publish", ev, "--output", &site_arg]);
    let page = |l: &str| std::fs::read_to_string(site.join(l).join("stage-2.html")).expect("page");
    assert_phrases(
        &page("zh"),
        &[
            "半决赛1：丙队 4:4 甲队，局分相同，第一台加赛超快棋，丙队胜出",
            "<small>超快棋</small>",
            "<title>半决赛1</title>",
            // The label shown above its box, as a stand-in names the match (半决赛1胜者).
            "<text class=\"label\" x=\"0\" y=\"-4\">半决赛2</text>",
            "<th>对阵</th>",
        ],
        &["armageddon", "semi-final", "<th>组</th>"],
    );
    assert_phrases(
        &page("en"),
        &["semi-final 1: C 4–4 A, level on board points: C wins by Armageddon"],
        // The declared teams' English names (`en "C"`), not their Chinese ones.
        &["丙队", "甲队"],
    );
}

/// A team knockout takes no line-ups: one handed in for it is refused at its stage cell (R064),
/// saying why, and nothing is stored.
#[test]
fn a_line_up_for_a_team_knockout_is_refused() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = new_event(tmp.path());
    let lineup = tmp.path().join("lineup.csv");
    let rows = "stage,round,team,board,player\nfinals,1,a,1,a2\nfinals,1,a,2,a1\nfinals,1,a,3,a3\nfinals,1,a,4,a4\n";
    std::fs::write(&lineup, rows).expect("writes");
    let out = crate::common::xqreg(&["event", "lineup", &ev, &lineup.display().to_string()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("R064") && err.contains("a team knockout: its teams play their roster order"),
        "{err}"
    );
    assert!(!xqreg_ok(&["event", "status", &ev]).contains("line-ups handed in"));
}

/// A final published and waiting for its result names no winner: its two teams share place 1
/// (`1=`), the two of the match for 3rd place share place 3, until the results are in. The
/// standings ranked the first-listed team of each match above the other (`1  a`, `2  b`), the
/// stand-in winner the engine carries a pending match on with.
#[test]
fn a_pending_final_ranks_no_team_above_the_other() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = new_event(tmp.path());
    // The league (three rounds) and the semi-finals, the team earlier in the alphabet winning
    // each board; then the final and the match for 3rd place are published.
    let by_rating = |red: &str, black: &str| if red < black { "1-0" } else { "0-1" };
    for _ in 0..4 {
        xqreg_ok(&["event", "pair", &ev]);
        record_every_waiting_game(&ev, tmp.path(), by_rating);
    }
    let pair = xqreg_ok(&["event", "pair", &ev]);
    assert!(pair.contains("Finals round 2 match A v B"), "{pair}");
    let en = xqreg_ok(&["event", "standings", &ev, "--stage", "finals"]);
    assert_phrases(
        &en,
        &[
            "1= a A",
            "1= b B",
            "3= c C",
            "3= d D",
            "final: a v b: to be played",
        ],
        &["1  a", "2  b", "2= b"],
    );
    let zh = standings_zh(&ev, "finals");
    assert_phrases(
        &zh,
        &["1= a 甲队", "1= b 乙队", "决赛：a 对 b，尚未赛完"],
        &["2  b"],
    );
    // The results in: a wins the final, c the match for 3rd place.
    record_every_waiting_game(&ev, tmp.path(), by_rating);
    let done = xqreg_ok(&["event", "standings", &ev, "--stage", "finals"]);
    assert_phrases(&done, &["1  a A", "2  b B", "3  c C", "4  d D"], &["1="]);
}
