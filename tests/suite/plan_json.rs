//! The plan is plain data: every example's plan written as JSON and read back is the same plan,
//! and runs to byte-identical output (DESIGN.md: a plan saved as JSON runs without the compiler).

use crate::common::{examples, rel};
use xqreg::compile::compile_bytes;
use xqreg::run::{generated_roster, run_plan};
use xqreg_runtime::engine::RecordedResults;
use xqreg_runtime::plan::Plan;

#[test]
fn every_example_plan_round_trips_through_json_and_runs_the_same() {
    for path in examples() {
        let name = rel(&path);
        let bytes = std::fs::read(&path).expect("readable");
        let plan = compile_bytes(&name, &bytes).plan.expect("a plan");
        let json = serde_json::to_string(&plan).expect("serialises");
        let back: Plan = serde_json::from_str(&json).expect("reads back");
        assert_eq!(back, plan, "{name}: plan changed through JSON");
        let roster = generated_roster(&plan, None, 3).expect("a roster");
        let a = run_plan(&plan, &roster, &RecordedResults::default(), 3).expect("runs");
        let b = run_plan(&back, &roster, &RecordedResults::default(), 3).expect("runs");
        assert_eq!(
            serde_json::to_string(&a).expect("json"),
            serde_json::to_string(&b).expect("json"),
            "{name}: the plan read back runs differently"
        );
    }
}
