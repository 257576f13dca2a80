//! Regulations under `tests/scenarios/*.xqr`, each a regression case of its own (the comment at
//! the top of the file says which): every file checks clean (but for the notes a `// notes: N101`
//! line of its header accepts) and every `test` block in it passes, as `xqreg test` runs them. A
//! new case is a new file.

use crate::common::{codes, files_under, rel, root, scenario_outcomes};

#[test]
fn every_regression_scenario_passes() {
    let files = files_under(&root().join("tests/scenarios"), "xqr");
    assert!(!files.is_empty(), "no regulations under tests/scenarios");
    let mut failures = Vec::new();
    for path in &files {
        let name = rel(path);
        let bytes = std::fs::read(path).expect("a listed scenario file is readable");
        let mut found = codes(&xqreg::driver::check_bytes(&name, &bytes));
        // A note the file accepts on purpose (`// notes: N101`: a printed-only part of a clause
        // it tests); only notes, never a warning or an error.
        let text = String::from_utf8_lossy(&bytes);
        for line in text.lines().take_while(|l| l.starts_with("//")) {
            if let Some(list) = line.strip_prefix("// notes:") {
                for code in list.split_whitespace().filter(|c| c.starts_with('N')) {
                    found.remove(code);
                }
            }
        }
        if !found.is_empty() {
            failures.push(format!("{name}: does not check clean: {found:?}"));
        }
        let Some(outcomes) = scenario_outcomes(&name, &bytes, &mut failures) else {
            continue;
        };
        if outcomes.is_empty() {
            failures.push(format!("{name}: no `test` block"));
        }
        for t in outcomes.into_iter().filter(|t| !t.passed) {
            failures.push(crate::common::scenario_failure(&t));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Issue 8: without `places`, the sections of `sections_without_places.xqr` merged into one
/// ranking, and a prize table for the whole event paid its two section winners as if they
/// shared place 1 (800 CNY each of 1000 + 600). The sections are ranked separately, so such a
/// table is refused at run time (R013), naming both sections.
#[test]
fn a_table_over_two_sections_is_refused() {
    let path = root().join("tests/scenarios/sections_without_places.xqr");
    let base = std::fs::read_to_string(path).expect("readable");
    let text = format!("{base}\nprizes \"全场奖\" CNY {{ 1: 1000  2: 600 }}\n");
    let outcomes = xqreg::run::scenario::run_file("overall.xqr", text.as_bytes())
        .unwrap_or_else(|_| panic!("the file checks"));
    let failures: Vec<String> = outcomes
        .into_iter()
        .flat_map(|t| t.failures)
        .map(|f| f.en)
        .collect();
    assert!(
        failures
            .iter()
            .any(|f| f.contains("R013") && f.contains("men, women")),
        "{failures:?}"
    );
}

/// Issue 8: a split that leaves too few players for the rounds after it failed in the pairing
/// of a later round, at the Swiss clause. It is refused before round 1 (R014), at the split
/// clause, saying how many stay for how many rounds.
#[test]
fn a_split_too_large_for_its_field_points_at_the_split_clause() {
    let path = root().join("tests/scenarios/split_without_places.xqr");
    let text = std::fs::read_to_string(path).expect("readable");
    let plan = xqreg::compile::compile_bytes("split.xqr", text.as_bytes())
        .plan
        .expect("a plan");
    // Six players: four leave after round 3, two stay for rounds 4-5.
    let roster = xqreg::run::generated_roster(&plan, Some(6), 1).expect("a roster");
    let problems = xqreg::run::run_plan(
        &plan,
        &roster,
        &xqreg_runtime::engine::RecordedResults::default(),
        1,
    )
    .expect_err("refused");
    let split_line = text
        .lines()
        .position(|l| l.trim_start().starts_with("split after_round"))
        .expect("a split clause") as u32
        + 1;
    assert!(
        problems.iter().any(|p| p.code == "R014"
            && p.message.contains("after the split 2 of 6 players stay")
            && matches!(p.origin, xqreg_runtime::plan::Origin::Clause { line, column: 3, .. } if line == split_line)),
        "{problems:?}"
    );
}

/// A newcomer's finding: a failing `place N ID`, when ID has no place in the final ranking, said
/// so without saying who did finish there. It names them (here a team event, where a player has
/// no place of their own and tb finished first).
#[test]
fn a_place_nobody_expected_says_who_holds_it() {
    let path = root().join("tests/scenarios/team_ids.xqr");
    let base = std::fs::read_to_string(path).expect("readable");
    let text = base.replacen("place 1 tb", "place 1 b1", 1);
    let outcomes = xqreg::run::scenario::run_file("team_ids.xqr", text.as_bytes())
        .unwrap_or_else(|_| panic!("the file checks"));
    let failures: Vec<String> = outcomes
        .into_iter()
        .flat_map(|t| t.failures)
        .flat_map(|f| [f.en, f.zh])
        .collect();
    assert_eq!(
        failures,
        [
            "place 1: expected b1, who has no place in the final ranking (place 1 is tb)",
            "第1名：预期为 b1，但其不在最终名次中（第1名为tb）",
        ],
    );
}
