//! What a second newcomer found writing four regulations from docs/language.md alone (the
//! files are under `tests/scenarios/newcomer2_*.xqr`, checked and run by regressions.rs): each
//! finding shown fixed.

use crate::common::{assert_phrases, xqreg_ok};

const YOUTH: &str = "tests/scenarios/newcomer2_youth_swiss.xqr";

/// `simulate --lang zh` printed a gold medal as `gold 奖牌`; the sheet and the published site
/// say 金牌, and so does the simulation report now.
#[test]
fn simulate_names_medals_in_chinese() {
    let zh = xqreg_ok(&[
        "simulate",
        YOUTH,
        "--players",
        "200",
        "--seed",
        "1",
        "--lang",
        "zh",
    ]);
    assert_phrases(
        &zh,
        &["金牌", "银牌", "铜牌"],
        &["gold", "silver", "bronze", "奖牌"],
    );
    let en = xqreg_ok(&["simulate", YOUTH, "--players", "200", "--seed", "1"]);
    assert_phrases(
        &en,
        &["gold medal", "silver medal", "bronze medal"],
        &["奖牌"],
    );
}
