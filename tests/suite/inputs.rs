//! Input is never lost: a result a withdrawal voids is refused (R030), and every game of a run's
//! JSON says whether it was recorded or simulated.

use xqreg::run;
use xqreg_runtime::engine::{RecordedResults, Roster};

use crate::common::root;

/// A round robin of four; p4 withdraws after round 1 and still has a result in round 2.
const WITHDRAWAL: &str = include_str!("inputs_withdrawal.xqr");

#[test]
fn a_result_voided_by_a_withdrawal_is_an_error_naming_both() {
    let outcomes =
        run::scenario::run_file("withdrawal.xqr", WITHDRAWAL.as_bytes()).expect("it compiles");
    let t = outcomes.first().expect("one scenario");
    assert!(!t.passed, "the voided result must not pass silently");
    let p = t
        .problems
        .iter()
        .find(|p| p.code == "R030")
        .expect("an R030 problem");
    assert!(
        p.message.contains("p4 1-0 p3") && p.message.contains("withdrew after main round 1"),
        "{}",
        p.message
    );
    // It points at the recorded result's line in the test block.
    let xqreg_runtime::plan::Origin::Clause { line, .. } = &p.origin else {
        panic!("R030 points at the result: {:?}", p.origin);
    };
    let want = WITHDRAWAL
        .lines()
        .position(|l| l.contains("main 2: p4 - p3"))
        .expect("the result line")
        + 1;
    assert_eq!(*line as usize, want);
}

#[test]
fn every_game_of_a_run_says_where_its_result_comes_from() {
    let dir = root().join("tests/fixtures/roster");
    let bytes = std::fs::read(dir.join("groups.xqr")).expect("groups.xqr");
    let plan = xqreg::compile::compile_bytes("groups.xqr", &bytes)
        .plan
        .expect("it compiles");
    let csv = std::fs::read(dir.join("valid.csv")).expect("valid.csv");
    let roster: Roster = run::csv_input::read_roster("valid.csv", &csv).expect("valid");
    let draw = run::run_plan(&plan, &roster, &RecordedResults::default(), 1).expect("runs");
    let groups = draw.stages.first().expect("the groups stage");
    let g = groups.games.first().expect("a game");
    let results = format!(
        "stage,round,red,black,result\ngroups,{},{},{},1-0\n",
        g.round, g.red, g.black
    );
    let recorded =
        run::csv_input::read_results("r.csv", results.as_bytes()).expect("valid results");
    let outcome = run::run_plan(&plan, &roster, &recorded, 1).expect("runs");
    let json = serde_json::to_value(&outcome).expect("JSON");
    let mut sources = std::collections::BTreeMap::<String, usize>::new();
    for stage in json["stages"].as_array().expect("stages") {
        for game in stage["games"].as_array().expect("games") {
            let s = game["source"].as_str().expect("every game has a source");
            *sources.entry(s.to_string()).or_default() += 1;
        }
    }
    assert_eq!(sources.get("recorded"), Some(&1), "{sources:?}");
    assert!(
        sources.get("simulated").is_some_and(|&n| n > 1),
        "{sources:?}"
    );
}
