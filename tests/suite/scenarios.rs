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
