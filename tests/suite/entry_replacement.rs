//! Replacement down another pool's ranking (issue 9 item 4: 名额放弃后依次递补):
//! `pool rated 4 { rating top 4  replacement from pool reserve }`. The reserve's rows enter only
//! into the places rated's own rows leave empty, the best rated first; every reserve row beyond
//! them is refused at its `pool` cell (R044) in both languages and nothing runs. A generated
//! roster fills rated itself and holds no reserve.

use crate::common::{
    assert_phrases, check_of, one_line, refused, refused_at, runs, simulate_roster as simulate,
    xqreg_on_ok,
};

const REGULATION: &str = include_str!("regulations/entry_replacement.xqr");

/// Rated sends 3 of its 4 (one declined): one place for the reserve, which sends 2; r2 (2350)
/// is the better rated and takes it, r1 (2300, row 5) is refused.
const ROSTER: &str = "id,name,sex,rating,pool
a1,甲,men,2600,rated
a2,乙,men,2550,rated
a3,丙,men,2500,rated
r1,候一,men,2300,reserve
r2,候二,men,2350,reserve
o1,公一,men,2000,open
o2,公二,men,2000,open
";

#[test]
fn reserve_rows_beyond_the_declined_places_are_refused_at_their_pool_cell() {
    refused_at(
        REGULATION,
        ROSTER,
        "R044",
        &[(5, "pool")],
        &["pool `reserve` (候补) fills only the places pool `rated` (等级分前4位) leaves empty (1 of 4), the best rated first; 2 of its players are in the roster and this row is not among the 1 best rated"],
        &["名额来源 `reserve` (候补) 只递补 `rated` (等级分前4位) 空出的名额（4 个中空出 1 个）"],
    );
    // Without r1 the one declined place is r2's: the event runs.
    let fixed = ROSTER.replace("r1,候一,men,2300,reserve\n", "");
    runs(REGULATION, &fixed);
    // Rated full: no place for any reserve.
    let full = ROSTER.replace("r1,候一,men,2300,reserve", "a4,丁,men,2450,rated");
    let (code, _, err) = simulate(REGULATION, &full, "en");
    let err = one_line(&err);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("row 6, column `pool`") && err.contains("R044"),
        "{err}"
    );
}

#[test]
fn a_generated_roster_fills_the_pool_itself_and_the_check_guards_the_reserve() {
    xqreg_on_ok("simulate", REGULATION, &["--seed", "3"]);
    for (from, to, code) in [
        ("pool rated 4 ", "pool rated ", "E634"),
        (
            "replacement from pool reserve",
            "replacement from pool rated",
            "E635",
        ),
        ("pool reserve \"候补\"", "pool reserve 2 \"候补\"", "E635"),
        (
            "replacement from pool reserve",
            "replacement from pool reserves",
            "E105",
        ),
    ] {
        let (status, text) = check_of(&REGULATION.replace(from, to));
        assert_eq!(status, Some(1), "{to}: {text}");
        assert!(text.contains(code), "{to}: {text}");
    }
}

/// `by order`: the reserve fills the empty place in roster order, so r1 (row 5, the lower
/// rated) takes it and r2 (row 6) is refused; by rating it is the other way round.
#[test]
fn a_reserve_ranked_by_order_fills_in_roster_order() {
    let reg = REGULATION.replace(
        "replacement from pool reserve\n",
        "replacement from pool reserve by order\n",
    );
    let err = refused(&reg, ROSTER, "en", "R044", 1);
    assert_phrases(
        &err,
        &["in roster order (`by order`)", "row 6, column `pool`"],
        &[],
    );
    let err = refused(REGULATION, ROSTER, "en", "R044", 1);
    assert!(err.contains("row 5, column `pool`"), "{err}");
}

/// `by place`: a reserve of qualifiers fills the empty place with its best qualifying place:
/// r2 (2nd, lower rated, row 6) takes it and r1 (5th, row 5) is refused; by rating r2 would be.
#[test]
fn a_reserve_ranked_by_place_fills_with_the_best_qualifying_place() {
    let reg = REGULATION
        .replace(
            "replacement from pool reserve\n",
            "replacement from pool reserve by place\n",
        )
        .replace(
            "pool reserve \"候补\" en \"Reserve list\" { rating top 10 }",
            "pool reserve \"候补\" en \"Reserve list\" { qualifiers \"分站赛\" top 10 }",
        );
    let roster = "id,name,sex,rating,pool,qualified
a1,甲,men,2600,rated,
a2,乙,men,2550,rated,
a3,丙,men,2500,rated,
r1,候一,men,2400,reserve,5
r2,候二,men,2350,reserve,2
o1,公一,men,2000,open,
o2,公二,men,2000,open,
";
    let err = refused(&reg, roster, "en", "R044", 1);
    assert_phrases(
        &err,
        &[
            "the best qualifying place first (`by place`)",
            "row 5, column `pool`",
        ],
        &[],
    );
    let by_rating = reg.replace(" by place\n", "\n");
    let err = refused(&by_rating, roster, "en", "R044", 1);
    assert!(err.contains("row 6, column `pool`"), "{err}");
    // `by place` of a reserve without qualifying places is E638.
    let no_places = REGULATION.replace(
        "replacement from pool reserve\n",
        "replacement from pool reserve by place\n",
    );
    let (_, text) = check_of(&no_places);
    assert!(text.contains("E638"), "{text}");
}
