//! The site's crosstable counts in the units of the standings beside it: a team's cell is the
//! game points its team scored in the match under the regulation's scoring (a won game 2), a
//! player's cell the points the standings give the game, and a key under the table says so.
//! The cells were chess points (1, ½, `1½`) beside standings of 2-1-0 game points and match
//! points: a match won 1:0 and drawn 1:1 (3 game points to 1) read `1½` and `½`, which no column
//! of the standings held.

use std::path::Path;

use crate::common::{assert_phrases, draw_waiting, event_new, record, written, xqreg_ok};
use crate::declared_teams::{REGULATION, ROSTER};
use crate::withdrawn_forfeits::RR;

/// The page of stage 1 of the site of `ev`, published into `dir/site`, in `lang`.
fn stage_page(ev: &str, dir: &Path, lang: &str) -> String {
    let site = dir.join("site");
    xqreg_ok(&["event", "publish", ev, "-o", &site.display().to_string()]);
    std::fs::read_to_string(site.join(lang).join("stage-1.html")).expect("page")
}

/// The crosstable row of `name`: its cells, the diagonal `×` and empty cells left out.
fn cells(page: &str, name: &str) -> Vec<String> {
    let table = &page[page.find("class=\"cross\"").expect("a crosstable")..];
    let row = table
        .lines()
        .find(|l| l.contains(&format!("<td>{name}</td><td class=\"c\">")))
        .unwrap_or_else(|| panic!("{name}'s row in {table}"));
    row.split("<td class=\"c\">")
        .skip(1)
        .filter_map(|c| c.split("</td>").next())
        .filter(|c| !c.is_empty() && *c != "×")
        .map(str::to_string)
        .collect()
}

#[test]
fn a_team_crosstable_counts_game_points_as_the_standings_do() {
    let tmp = tempfile::tempdir().expect("tmp");
    // Match points 3 for a win, so that a match point is no game point.
    let reg = REGULATION.replace(
        "match { win 2 draw 1 loss 0 }",
        "match { win 3 draw 1 loss 0 }",
    );
    let reg = written(tmp.path(), "teams.xqr", &reg);
    let roster = written(tmp.path(), "roster.csv", ROSTER);
    let ev = tmp.path().join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 3);
    xqreg_ok(&["event", "pair", &ev]);
    // Round 1 (seed 3): Kunshan v Wuzhong, Gusu v SIP. Board 1 won by Red, board 2 drawn, in
    // each match: the first-listed team (Red on board 1) scores 3 game points, the other 1.
    record(
        &ev,
        ("league", 1),
        &[(1, "1-0"), (2, "="), (3, "1-0"), (4, "=")],
    );
    let standings = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_phrases(
        &standings,
        &["gusu Gusu 3  Game pts 3", "sip SIP 0  Game pts 1"],
        &[],
    );
    let en = stage_page(&ev, tmp.path(), "en");
    assert_eq!(cells(&en, "Gusu"), ["3"], "{en}");
    assert_eq!(cells(&en, "SIP"), ["1"], "{en}");
    assert_phrases(
        &en,
        &["team scored in the match (a game won 2, drawn 1, lost 0); Points: match points (a match won 3, drawn 1, lost 0)."],
        &["½"],
    );
    let zh = stage_page(&ev, tmp.path(), "zh");
    assert_eq!(cells(&zh, "姑苏棋友俱乐部"), ["3"], "{zh}");
    assert_phrases(&zh, &["每场胜 3 分"], &["½"]);
}

/// An event of four players (赵一, 钱二, 孙三, 李四) under `regulation` in `dir/ev`, seed 1.
fn singles(dir: &Path, regulation: &str) -> String {
    let reg = written(dir, "singles.xqr", regulation);
    let roster = "id,name,unit\np1,赵一,甲\np2,钱二,乙\np3,孙三,丙\np4,李四,丁\n";
    let roster = written(dir, "roster.csv", roster);
    let ev = dir.join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 1);
    ev
}

#[test]
fn a_players_crosstable_counts_the_points_of_the_standings() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = singles(tmp.path(), RR);
    xqreg_ok(&["event", "pair", &ev]);
    record(&ev, ("main", 1), &[(1, "1-0"), (2, "=")]);
    let en = stage_page(&ev, tmp.path(), "en");
    // The winner's cell is a win's 2 points (its Points), a draw's 1; no chess point.
    let all: Vec<String> = ["赵一", "钱二", "孙三", "李四"]
        .iter()
        .flat_map(|n| cells(&en, n))
        .collect();
    let mut sorted = all.clone();
    sorted.sort();
    assert_eq!(sorted, ["0", "1", "1", "2"], "{en}");
    assert_phrases(
        &en,
        &["player scored in the game (a win 2, a draw 1, a loss 0), as Points counts them."],
        &["½"],
    );
}

/// A double round robin's two games of a pair stand apart in their cell (`1 1`, two draws): in
/// points of the scoring, `11` would read as eleven.
#[test]
fn a_double_round_robins_two_games_stand_apart() {
    let tmp = tempfile::tempdir().expect("tmp");
    let double = RR.replace("round_robin single", "round_robin double");
    let ev = singles(tmp.path(), &double);
    for round in 1..=6 {
        xqreg_ok(&["event", "pair", &ev]);
        record(&ev, ("main", round), &[(1, "="), (2, "=")]);
    }
    let en = stage_page(&ev, tmp.path(), "en");
    assert_eq!(cells(&en, "赵一"), ["1 1", "1 1", "1 1"], "{en}");
}

/// A team stage whose boards must be decided (`playoff`: 每台须分出胜负) scores a board as its
/// winner's win and its loser's loss (docs/language.md "Every board decided"); its crosstable
/// counts it so. The cell added up every game of the board, the drawn game and the playoff's
/// (a drawn armageddon too): 4 game points a board beside standings that counted 2.
#[test]
fn a_decided_boards_cell_counts_the_board_as_the_standings_do() {
    let tmp = tempfile::tempdir().expect("tmp");
    // Every game drawn: each board goes to the armageddon's Black (a draw goes to Black).
    let reg = REGULATION
        .replace(
            "flag loses }\n",
            "flag loses }\ntime armageddon \"超快棋\" en \"Armageddon\" { red 6min black 5min draw_goes_to black flag loses }\n",
        )
        .replace(
            "  tiebreak game_points",
            "  playoff { armageddon armageddon colours swap }\n  tiebreak game_points",
        );
    let reg = written(tmp.path(), "teams.xqr", &reg);
    let roster = written(tmp.path(), "roster.csv", ROSTER);
    let ev = tmp.path().join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 3);
    // Each round's boards, then their armageddons, paired and drawn.
    for step in 0..6 {
        xqreg_ok(&["event", "pair", &ev]);
        draw_waiting(&ev, tmp.path(), &format!("step{step}.csv"));
    }
    let waiting = xqreg_ok(&["event", "games", &ev, "--waiting", "--format", "csv"]);
    assert_eq!(waiting.lines().count(), 1, "{waiting}");
    let standings = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    let en = stage_page(&ev, tmp.path(), "en");
    for team in ["Gusu", "Wuzhong", "Kunshan", "SIP"] {
        let game_points: i64 = standings
            .lines()
            .find(|l| l.contains(&format!(" {team} ")))
            .and_then(|l| l.split("Game pts ").nth(1))
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("{team}'s game points in {standings}"));
        let cells: i64 = cells(&en, team)
            .iter()
            .map(|c| c.parse::<i64>().expect("a number"))
            .sum();
        assert_eq!(cells, game_points, "{team}: {standings}\n{en}");
    }
    // Two boards a match, each a win (2) and a loss (0): 2 game points a team a match.
    assert_phrases(&standings, &["Game pts 6"], &["Game pts 12"]);
}
