//! What a twelfth newcomer found writing five regulations from the docs alone (the files are
//! under `tests/fixtures/newcomer12/`: a provincial team championship of two groups, each a
//! team round robin, then a team knockout for places 1-8 with the losers playing on; a women's
//! invitational knockout of two-game matches with rapid, blitz and armageddon playoffs; a
//! 150-player city open, a FIDE Dutch Swiss with late entries, rating-band, women's, under-12
//! and seniors' prizes under one cash prize each; a seniors' championship of three sections by
//! birth date whose chain ends in a shared place; a club league of seven teams over seven
//! weekends at the clubs' venues) and running two of them live: each finding shown fixed.

const TEAM: &str = "tests/fixtures/newcomer12/team.xqr";
const WOMEN: &str = "tests/fixtures/newcomer12/women.xqr";
const OPEN: &str = "tests/fixtures/newcomer12/open.xqr";
const SENIORS: &str = "tests/fixtures/newcomer12/seniors.xqr";
const LEAGUE: &str = "tests/fixtures/newcomer12/league.xqr";

/// Every regulation checks without an error or a warning, in Chinese and in English, runs, and
/// its scenario tests pass.
#[test]
fn each_regulation_checks_clean_runs_and_its_scenarios_pass() {
    crate::common::each_checks_clean_passes_and_runs(&[
        (TEAM, "12"),
        (WOMEN, "16"),
        (OPEN, "150"),
        (SENIORS, "96"),
        (LEAGUE, "7"),
    ]);
}
