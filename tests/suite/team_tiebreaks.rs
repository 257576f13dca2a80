//! Team tie-breaks and line-ups (issue 9): the sheet says what `board_countback`, `head_to_head`,
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
