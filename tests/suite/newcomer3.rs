//! What a third newcomer found writing regulations from docs/language.md alone (the files are
//! under `tests/scenarios/newcomer3_*.xqr`, checked and run by regressions.rs): each finding
//! shown fixed.

use crate::common::xqreg_ok;

const NATIONAL: &str = "tests/scenarios/newcomer3_national.xqr";

/// A preliminary Swiss of 40 whose first eight go on to a final round robin states the places
/// of those who stay (`places 9..40`, which the checker accepts for that reason). The runtime
/// numbered the Swiss's whole standing from 9, gave its first eight places 9-16 as well as the
/// final's 1-8, and refused every run (R013). The final ranking is now the final's eight, then
/// the Swiss's ninth onward, in the Swiss's order.
#[test]
fn a_preliminary_places_only_those_who_stay() {
    for seed in ["1", "3"] {
        let out = xqreg_ok(&["simulate", NATIONAL, "--seed", seed, "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        let ids = |rows: &serde_json::Value| -> Vec<(u64, String)> {
            rows.as_array()
                .expect("rows")
                .iter()
                .map(|r| (r["place"].as_u64().expect("place"), r["id"].to_string()))
                .collect()
        };
        let fin = ids(&v["final_ranking"]);
        assert_eq!(fin.len(), 40, "seed {seed}: everyone placed");
        let prelim = ids(&v["stages"][0]["groups"][0]["standings"]);
        let finalists = ids(&v["stages"][1]["groups"][0]["standings"]);
        // The final's standing is places 1-8, the Swiss's from its ninth on places 9-40.
        assert_eq!(fin[..8], finalists[..], "seed {seed}");
        let stayed: Vec<(u64, String)> = prelim[8..].to_vec();
        assert_eq!(fin[8..], stayed[..], "seed {seed}");
    }
}
