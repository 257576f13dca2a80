//! A stage's cap (issue 9 item 4: 每组限 N 人): `cap 3 first_come` admits the first three of
//! the stage's entrants in roster order, `cap 3 by_rating` the three best rated; every other
//! row of the stage is refused at its row (R040) in both languages, and nothing is simulated.
//! The same roster runs without the caps, so the refusal comes from them.

use crate::common::{refused_at, runs, without_rows};

const REGULATION: &str = include_str!("regulations/stage_caps.xqr");

/// Four juniors (j4 is the fourth in roster order) and four seniors (s2 the lowest rated).
const ROSTER: &str = "id,name,unit,born,rating,order
j1,少一,甲,2013-01-01,1500,1
s1,成一,甲,1990-01-01,2100,2
j2,少二,乙,2013-01-01,1900,3
s2,成二,乙,1990-01-01,1800,4
j3,少三,丙,2014-01-01,1400,5
s3,成三,丙,1990-01-01,2000,6
j4,少四,丁,2014-01-01,2200,7
s4,成四,丁,1990-01-01,1950,8
";

#[test]
fn the_rows_a_cap_leaves_out_are_refused_at_their_rows() {
    // One row per stage. First come: j4 (row 8) is the fourth junior, although the best rated.
    // By rating: s2 (row 5, 1800) is the lowest rated senior, although entered second.
    refused_at(
        REGULATION,
        ROSTER,
        "R040",
        &[(8, "id"), (5, "id")],
        &[
            "stage `junior` admits at most 3 players and 4 of the roster's are its entrants: this row comes after the first 3 in roster order",
            "this row is not among the 3 best rated",
        ],
        &["阶段 `junior` 至多 3 人，名单中有 4 人属于该阶段"],
    );
}

#[test]
fn without_the_caps_or_within_them_the_roster_runs() {
    let without = REGULATION
        .replace("  cap 3 first_come\n", "")
        .replace("  cap 3 by_rating\n", "");
    assert_ne!(without, REGULATION);
    let out = runs(&without, ROSTER);
    assert!(out.contains("Final ranking"), "{out}");
    // The rows the caps leave out removed: the rest runs under the caps.
    runs(REGULATION, &without_rows(ROSTER, &["j4", "s2"]));
}

/// A generated roster (`simulate` without `--roster`) fills each stage only up to its cap, the
/// players its prize table asks for included: the capped juniors get 6, the seniors the rest.
#[test]
fn a_generated_roster_keeps_each_stage_within_its_cap() {
    let capped = REGULATION
        .replace("  cap 3 first_come\n", "  cap 6 first_come\n")
        .replace("  cap 3 by_rating\n", "")
        + "\nprizes junior \"少年组奖励\" en \"Junior awards\" {\n  1..4: certificate\n}\n";
    let bytes = capped.as_bytes();
    let plan = xqreg::compile::compile_bytes("capped.xqr", bytes)
        .plan
        .expect("the regulation compiles");
    for seed in 1..=5 {
        let roster = xqreg::run::generated_roster(&plan, Some(20), seed)
            .unwrap_or_else(|p| panic!("seed {seed}: {p:?}"));
        let outcome = xqreg::run::run_plan(&plan, &roster, &Default::default(), seed)
            .unwrap_or_else(|p| panic!("seed {seed}: {p:?}"));
        let juniors = outcome
            .final_ranking
            .iter()
            .filter(|r| r.section.as_deref() == Some("junior"))
            .count();
        assert_eq!(juniors, 6, "seed {seed}: {:?}", outcome.final_ranking);
        assert_eq!(outcome.final_ranking.len(), 20, "seed {seed}");
    }
}
