//! A Swiss's `bye` clause runs as the sheet says it (principle 1): `opponent_score` is what a
//! bye counts in the standings' 对手分 where the tie-break does not say (E642 refuses the two
//! disagreeing), and `recipient` is refused in a FIDE Dutch Swiss, whose rules choose the bye
//! (E643).

use std::collections::BTreeMap;

use crate::common::{check_exits, check_of, generated_standings, written};

/// A 5-player CXA Swiss of 3 rounds (a bye every round) with the stage's `bye` clause and chain.
fn swiss(system: &str, bye: &str, chain: &str) -> String {
    format!(
        "regulation \"测试赛\" en \"Test event\" {{\n  dates 2024-05-01 .. 2024-05-03\n  rulebook cxa2011\n}}\nscoring {{ win 2 draw 1 loss 0 }}\ntime standard {{ base 20min increment 20s flag loses }}\nentry {{\n  field 5\n}}\nstage main {{\n  swiss {system} rounds 3\n  time standard\n  avoid same_unit never\n{bye}\n  tiebreak {{ {chain} }}\n  places 1..5\n}}\n"
    )
}

/// Each player's value of the chain's first criterion (对手分 where the chain starts with it) in
/// a simulation of `regulation` (seed 7), as the standings' JSON writes it.
fn opponents_scores(regulation: &str) -> BTreeMap<String, String> {
    let tmp = tempfile::tempdir().expect("tmp");
    let file = written(tmp.path(), "r.xqr", regulation);
    generated_standings(&file, "5", "7", "main")
        .iter()
        .map(|row| {
            let id = row["id"].as_str().expect("id").to_string();
            (id, row["tiebreaks"][0]["value"].to_string())
        })
        .collect()
}

/// `countback opp_reverse` compares 对手分 round by round backwards, and counts a bye round as
/// the chain's 对手分 does: the stage's `bye opponent_score`, or the chain's `opponents_score
/// bye`. Before, it always counted `lowest_in_field`, whatever the stage printed; the stage's
/// value is read, so no W209.
#[test]
fn countback_opp_reverse_counts_a_bye_as_the_stage_says() {
    let default = opponents_scores(&swiss("cxa", "", "countback opp_reverse, lots"));
    for word in ["zero", "own_score"] {
        let stage = swiss(
            "cxa",
            &format!("  bye points 2 opponent_score {word}"),
            "countback opp_reverse, lots",
        );
        let (code, report) = check_of(&stage);
        assert_eq!(code, Some(0), "{report}");
        assert!(!report.contains("W209"), "{report}");
        let got = opponents_scores(&stage);
        assert_ne!(got, default, "`{word}` on the stage counted as the default");
        let on_chain = swiss(
            "cxa",
            "",
            &format!("countback opp_reverse, opponents_score bye {word}, lots"),
        );
        assert_eq!(got, opponents_scores(&on_chain), "`{word}` on the chain");
    }
}

/// `bye opponent_score X` on the stage counts in the standings exactly as the tie-break's
/// `opponents_score bye X` does, and differently from the default (`lowest_in_field`): were the
/// stage's value ignored, `zero` and `own_score` would both give the default's numbers.
#[test]
fn the_stages_bye_opponent_score_runs_in_the_standings() {
    let default = opponents_scores(&swiss(
        "cxa",
        "",
        "opponents_score bye lowest_in_field, lots",
    ));
    for word in ["zero", "own_score"] {
        let stage = swiss(
            "cxa",
            &format!("  bye points 2 opponent_score {word}"),
            "opponents_score, lots",
        );
        check_exits(&stage, 0);
        let on_chain = swiss("cxa", "", &format!("opponents_score bye {word}, lots"));
        let got = opponents_scores(&stage);
        assert_eq!(got, opponents_scores(&on_chain), "`{word}` on the stage");
        assert_ne!(got, default, "`{word}` on the stage counted as the default");
    }
}

/// `check` of [`swiss`]: the exit code, and whether the report names `code`.
fn checked(system: &str, bye: &str, chain: &str, code: &str) -> (Option<i32>, bool) {
    let (exit, report) = check_of(&swiss(system, bye, chain));
    (exit, report.contains(code))
}

/// The stage and the tie-break saying the same value is accepted; saying two is refused.
#[test]
fn two_bye_scores_that_disagree_are_refused() {
    let bye = "  bye points 2 opponent_score zero";
    let same = checked("cxa", bye, "opponents_score bye zero, lots", "E642");
    assert_eq!(same, (Some(0), false));
    let two = checked("cxa", bye, "对手分 bye own_score, lots", "E642");
    assert_eq!(two, (Some(1), true));
    // A misspelt word is E111's, not a second value.
    let misspelt = "  bye points 2 opponent_score nought";
    let e111 = checked("cxa", misspelt, "opponents_score bye zero, lots", "E111");
    assert_eq!(e111, (Some(1), true));
    let e642 = checked("cxa", misspelt, "opponents_score bye zero, lots", "E642");
    assert_eq!(e642, (Some(1), false));
    // Said once, on the stage, with no 对手分 to count it in: a warning.
    let unread = checked("cxa", bye, "wins, lots", "W209");
    assert_eq!(unread, (Some(0), true));
}

/// `recipient` acts in a CXA Swiss and is refused in a Dutch one; `points` is run by both.
#[test]
fn a_bye_recipient_is_refused_where_the_dutch_rules_choose() {
    let chain = "opponents_score bye zero, lots";
    let bye = "  bye points 2 recipient lowest_fewest";
    assert_eq!(checked("cxa", bye, chain, "E643"), (Some(0), false));
    assert_eq!(checked("dutch", bye, chain, "E643"), (Some(1), true));
    let points = "  bye points 1";
    assert_eq!(checked("dutch", points, chain, "E643"), (Some(0), false));
}
