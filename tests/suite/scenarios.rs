//! Every example's scenario tests (`test` blocks), run through the library as `xqreg test` runs
//! them: each must pass, and each example carries at least three.

use crate::common::{examples, rel, scenario_outcomes};

#[test]
fn every_example_scenario_passes() {
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in examples() {
        let name = rel(&path);
        let bytes = std::fs::read(&path).expect("an example is readable");
        let Some(outcomes) = scenario_outcomes(&name, &bytes, &mut failures) else {
            continue;
        };
        if outcomes.len() < 3 {
            failures.push(format!(
                "{name}: {} scenario tests, at least 3 wanted",
                outcomes.len()
            ));
        }
        for t in outcomes {
            ran += 1;
            if !t.passed {
                failures.push(crate::common::scenario_failure(&t));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Ten files (000, 001, 002 both, 003 both, 004, 005, 006, 007), at least 3 each.
    assert!(ran >= 30, "only {ran} scenario tests ran");
}

/// A `group_place` of a player who stands in another group names that group and the player's
/// place there (it said only "not in the standings of groups").
#[test]
fn a_group_place_in_the_wrong_group_names_the_right_one() {
    let path = crate::common::root().join("tests/scenarios/newcomer2_two_stage_open.xqr");
    let text = std::fs::read_to_string(path).expect("the two-stage open");
    let wrong = text.replace("group_place groups.A 6 r24", "group_place groups.B 6 r24");
    assert_ne!(
        wrong, text,
        "the scenario still expects r24 sixth in group A"
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let file = crate::common::written(dir.path(), "open.xqr", &wrong);
    let en = crate::common::xqreg(&["test", "--lang", "en", &file]);
    let out = String::from_utf8_lossy(&en.stdout);
    assert_eq!(en.status.code(), Some(1), "{out}");
    crate::common::assert_phrases(
        &out,
        &["r24 is not in the standings of groups.B: r24 is in group A, place 6"],
        &[],
    );
    let zh = crate::common::xqreg(&["test", "--lang", "zh", &file]);
    let out = String::from_utf8_lossy(&zh.stdout);
    crate::common::assert_phrases(
        &out,
        &["r24 不在 groups.B 的名次表中：r24 在 A 组，第6名"],
        &[],
    );
}
