//! Team tie-breaks, line-ups and the odd team Swiss (issue 9): the sheet says what `board_countback`, `head_to_head`,
//! `opponents_score` and `wins` mean in a team stage, in zh and en. Their runs are the scenario
//! files `tests/scenarios/team_tiebreaks.xqr` and `team_opponents_score.xqr`.

use xqreg::sheet::{self, Format, Lang};

use crate::common::root;

fn sheet_of(file: &str, lang: Lang) -> String {
    let text = std::fs::read_to_string(root().join(file)).expect("the scenario file");
    let parsed = xqreg_grammar::parse(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    sheet::render_file(&parsed.file, lang, Format::Md)
        .expect("renders")
        .text
}

#[test]
fn team_criteria_print_as_team_criteria_in_both_languages() {
    let rr = "tests/scenarios/team_tiebreaks.xqr";
    let zh = sheet_of(rr, Lang::Zh);
    assert!(
        zh.contains("依次比较第一台、第二台……的局分，多者名次列前"),
        "{zh}"
    );
    assert!(zh.contains("胜场多者名次列前"), "{zh}");
    assert!(
        !zh.contains("胜局多者"),
        "wins of a team stage are matches: {zh}"
    );
    let en = sheet_of(rr, Lang::En);
    assert!(
        en.contains("More game points on board 1, then on board 2, and so on"),
        "{en}"
    );
    assert!(en.contains("More matches won"), "{en}");
    let swiss = "tests/scenarios/team_opponents_score.xqr";
    let zh = sheet_of(swiss, Lang::Zh);
    assert!(zh.contains("对手队比赛分之和高者名次列前"), "{zh}");
    let en = sheet_of(swiss, Lang::En);
    assert!(
        en.contains("Higher sum of the opponent teams' match points"),
        "{en}"
    );
}

#[test]
fn line_ups_print_in_both_languages() {
    let fixed = "tests/scenarios/team_lineup_fixed.xqr";
    let zh = sheet_of(fixed, Lang::Zh);
    assert!(
        zh.contains("各队按报名台次顺序，由前2名队员出场，各轮不变"),
        "{zh}"
    );
    let en = sheet_of(fixed, Lang::En);
    assert!(
        en.contains("Each team plays its first 2 players in registered board order"),
        "{en}"
    );
    let each = "tests/scenarios/team_lineup.xqr";
    let zh = sheet_of(each, Lang::Zh);
    assert!(zh.contains("实行临时定台制"), "{zh}");
    assert!(zh.contains("出场名单须于每轮开赛前30分钟提交"), "{zh}");
    let en = sheet_of(each, Lang::En);
    assert!(
        en.contains("Line-ups are handed in 30 minutes before each round"),
        "{en}"
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
