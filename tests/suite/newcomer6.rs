//! What a sixth newcomer found writing regulations from the docs alone and running them live (the
//! files are under `tests/scenarios/newcomer6_*.xqr`, checked and run by regressions.rs; the
//! rosters they were run with under `tests/scenarios/newcomer6/`): each finding shown fixed.

use crate::common::{assert_phrases, xqreg_ok};

const PLAYOFFS: &str = "tests/scenarios/newcomer6_qualifier_playoffs.xqr";

/// Four group playoffs, the last three `same_as` the first (which names the time control and
/// the playoff chain): the sheet headed the rapid control 快棋（A组出线权加赛） and the chain
/// A组出线权加赛：…, as if groups B to D played under other rules, since it listed only the
/// stages that write the clause themselves.
#[test]
fn a_stage_that_copies_a_clause_is_named_where_the_clause_is_printed() {
    let zh = xqreg_ok(&["sheet", PLAYOFFS, "--lang", "zh", "--format", "md"]);
    assert_phrases(
        &zh,
        &[
            "快棋（A组出线权加赛、B组出线权加赛、C组出线权加赛、D组出线权加赛）",
            "A组出线权加赛、B组出线权加赛、C组出线权加赛、D组出线权加赛：对局胜者名次列前",
        ],
        &["快棋（A组出线权加赛）"],
    );
    let en = xqreg_ok(&["sheet", PLAYOFFS, "--lang", "en", "--format", "md"]);
    assert_phrases(
        &en,
        &["Rapid (Group A playoff, Group B playoff, Group C playoff, Group D playoff)"],
        &["Rapid (Group A playoff)"],
    );
}
