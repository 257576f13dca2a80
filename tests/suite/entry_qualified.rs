//! Eligibility by an earlier qualification (issue 9 item 4): `pool city { qualifiers
//! "地市州分站赛" top 12 }` admits the top 12 of the qualifying events. A row of the pool gives
//! its place there in the roster's `qualified` column; a row without one, or with a place below
//! the top 12, is refused at its `qualified` cell (R042) in both languages and nothing runs. With
//! `replacement next_in_line` a place below the top 12 enters as a replacement down the event's
//! ranking. A generated roster gives its qualifiers places within the top N.

use crate::common::{
    assert_phrases, one_line, refused, refused_at, runs, simulate_roster as simulate, xqreg_on_ok,
};

const REGULATION: &str = include_str!("regulations/entry_qualified.xqr");

/// Row 3 (c2) gives no place, row 5 (c4) placed 13th; o1 and o2 are in the open pool, which
/// asks for no qualification.
const ROSTER: &str = "id,name,unit,sex,rating,pool,qualified
c1,城一,成都,men,2000,city,1
c2,城二,绵阳,men,2000,city,
c3,城三,德阳,men,2000,city,12
c4,城四,乐山,men,2000,city,13
o1,公一,成都,men,2000,open,
o2,公二,绵阳,men,2000,open,
";

#[test]
fn a_row_of_a_qualifiers_pool_without_its_place_is_refused_at_its_qualified_cell() {
    let err = refused_at(
        REGULATION,
        ROSTER,
        "R042",
        &[(3, "qualified"), (5, "qualified")],
        &[
            "pool `city` (地市州分站赛晋级) admits only qualifiers of 地市州分站赛, and this row gives no qualifying place",
            "pool `city` (地市州分站赛晋级) admits the top 12 of 地市州分站赛, and this player placed 13",
        ],
        &["名额来源 `city` (地市州分站赛晋级) 只接受地市州分站赛前 12 名，该棋手为第 13 名"],
    );
    assert!(!err.contains("row 6") && !err.contains("row 7"), "{err}");
    // Each row with a place in the top 12: the event runs.
    let fixed = ROSTER
        .replace("绵阳,men,2000,city,\n", "绵阳,men,2000,city,2\n")
        .replace("city,13", "city,4");
    runs(REGULATION, &fixed);
}

#[test]
fn with_replacement_next_in_line_a_place_below_the_top_enters() {
    let reg = REGULATION.replace("top 12\n", "top 12\n    replacement next_in_line\n");
    let roster = ROSTER.replace("绵阳,men,2000,city,\n", "绵阳,men,2000,city,2\n");
    let (code, out, err) = simulate(&reg, &roster, "en");
    assert_eq!(code, Some(0), "{out}{err}");
    // A row without a place is still refused.
    let (code, _, err) = simulate(&reg, ROSTER, "en");
    assert_eq!(code, Some(1));
    assert_eq!(one_line(&err).matches("R042").count(), 1, "{err}");
}

#[test]
fn a_bad_qualified_cell_is_refused_where_it_stands() {
    let roster = ROSTER.replace("city,12", "city,0");
    let (code, _, err) = simulate(REGULATION, &roster, "en");
    assert_eq!(code, Some(1));
    let err = one_line(&err);
    assert_phrases(&err, &["E803", "column `qualified`"], &[]);
}

#[test]
fn a_generated_roster_gives_its_qualifiers_places_within_the_top() {
    // A pool of 16 qualifiers of the top 12: places 1..12, then 1.. again (several events).
    let text = REGULATION
        .replace(
            "pool city \"地市州分站赛晋级\"",
            "pool city 16 \"地市州分站赛晋级\"",
        )
        .replace("assume field 8", "assume field 20");
    xqreg_on_ok("simulate", &text, &["--seed", "2"]);
}

/// `replacement next_in_line until 14`: a replacement may come from places 13 and 14, not 15
/// (R042 citing the bound); without `until` the 15th enters.
#[test]
fn replacement_until_bounds_how_far_down_a_replacement_comes_from() {
    let reg = REGULATION.replace(
        "top 12\n",
        "top 12\n    replacement next_in_line until 14\n",
    );
    let roster = ROSTER.replace("绵阳,men,2000,city,\n", "绵阳,men,2000,city,2\n");
    let (code, out, err) = simulate(&reg, &roster, "en");
    assert_eq!(code, Some(0), "13th within the bound: {out}{err}");
    let fifteenth = roster.replace("city,13", "city,15");
    let err = refused(&reg, &fifteenth, "en", "R042", 1);
    assert_phrases(
        &err,
        &[
            "admits the top 12 of 地市州分站赛 and replacements down to place 14 (`replacement next_in_line until 14`), and this player placed 15",
            "row 5, column `qualified`",
        ],
        &[],
    );
    let (_, _, zh) = simulate(&reg, &fifteenth, "zh");
    assert!(one_line(&zh).contains("递补至第 14 名者"), "{zh}");
    let unbounded = REGULATION.replace("top 12\n", "top 12\n    replacement next_in_line\n");
    let (code, out, err) = simulate(&unbounded, &fifteenth, "en");
    assert_eq!(code, Some(0), "without the bound: {out}{err}");
}
