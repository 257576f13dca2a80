//! Team tie-breaks, line-ups and the odd team Swiss (issue 9): the sheet says what `board_countback`, `head_to_head`,
//! `opponents_score` and `wins` mean in a team stage, in zh and en. Their runs are the scenario
//! files `tests/scenarios/team_tiebreaks.xqr` and `team_opponents_score.xqr`.

use xqreg::sheet::{self, Format, Lang};

use crate::common::{assert_phrases, root};

fn sheet_of(file: &str, lang: Lang) -> String {
    let text = std::fs::read_to_string(root().join(file)).expect("the scenario file");
    let parsed = xqreg_grammar::parse(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    sheet::render_file(&parsed.file, lang, Format::Md)
        .expect("renders")
        .text
}

/// The sheet of `file` in `lang` says every phrase of `present` and none of `absent`.
fn sheet_says(file: &str, lang: Lang, present: &[&str], absent: &[&str]) {
    assert_phrases(&sheet_of(file, lang), present, absent);
}

#[test]
fn team_criteria_print_as_team_criteria_in_both_languages() {
    let rr = "tests/scenarios/team_tiebreaks.xqr";
    // Wins of a team stage are matches, not games.
    sheet_says(
        rr,
        Lang::Zh,
        &[
            "依次比较第一台、第二台……的局分，多者名次列前",
            "胜场多者名次列前",
        ],
        &["胜局多者"],
    );
    sheet_says(
        rr,
        Lang::En,
        &[
            "More game points on board 1, then on board 2, and so on",
            "More matches won",
        ],
        &[],
    );
    let swiss = "tests/scenarios/team_opponents_score.xqr";
    sheet_says(swiss, Lang::Zh, &["对手队比赛分之和高者名次列前"], &[]);
    sheet_says(
        swiss,
        Lang::En,
        &["Higher sum of the opponent teams' match points"],
        &[],
    );
}

#[test]
fn line_ups_print_in_both_languages() {
    let fixed = "tests/scenarios/team_lineup_fixed.xqr";
    sheet_says(
        fixed,
        Lang::Zh,
        &["各队按报名台次顺序，由前2名队员出场，各轮不变"],
        &[],
    );
    sheet_says(
        fixed,
        Lang::En,
        &["Each team plays its first 2 players in registered board order"],
        &[],
    );
    let each = "tests/scenarios/team_lineup.xqr";
    sheet_says(
        each,
        Lang::Zh,
        &["实行临时定台制", "出场名单须于每轮开赛前30分钟提交"],
        &[],
    );
    sheet_says(
        each,
        Lang::En,
        &["Line-ups are handed in 30 minutes before each round"],
        &[],
    );
}

/// `simulate` on a team Swiss with an odd number of teams: 20 seeds run to completion, each
/// final ranking has the five teams once, every round one team has the bye (no team twice),
/// and a seed gives the same bytes twice.
#[test]
fn simulate_runs_an_odd_team_swiss_for_20_seeds() {
    let file = "tests/scenarios/team_swiss_bye.xqr";
    let mut rankings = std::collections::BTreeSet::new();
    for seed in 1..=20u32 {
        let s = seed.to_string();
        let args = [
            "simulate",
            file,
            "--players",
            "5",
            "--seed",
            &s,
            "--format",
            "json",
        ];
        let out = crate::common::xqreg_ok(&args);
        assert_eq!(out, crate::common::xqreg_ok(&args), "seed {seed} repeats");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        let ranking = v["final_ranking"].as_array().expect("a final ranking");
        assert_eq!(ranking.len(), 5, "seed {seed}: {ranking:?}");
        let byes: Vec<&str> = v["transcript"]
            .as_array()
            .expect("a transcript")
            .iter()
            .filter_map(|t| t["text"].as_str())
            .filter(|t| t.contains(": team ") && t.contains("has the bye"))
            .collect();
        assert_eq!(byes.len(), 3, "seed {seed}: one bye a round: {byes:?}");
        let teams: std::collections::BTreeSet<&str> = byes
            .iter()
            .filter_map(|t| t.split("team ").nth(1)?.split(' ').next())
            .collect();
        assert_eq!(
            teams.len(),
            3,
            "seed {seed}: no team has two byes: {byes:?}"
        );
        rankings.insert(format!("{ranking:?}"));
    }
    assert!(
        rankings.len() > 1,
        "different seeds give different rankings"
    );
}
