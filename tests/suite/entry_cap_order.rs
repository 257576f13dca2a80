//! The entry's `cap N by_rating` (issue 9 item 4): the N best rated are admitted, in the order a
//! stage's cap uses (no rating last, equal ratings in roster order), and every other row is
//! refused at its `rating` cell (R004) in both languages; with `first_come` the same roster is
//! refused at the first row over the cap only.

use crate::common::{one_line, refused_at, runs, simulate_roster as simulate, without_rows};

const REGULATION: &str = include_str!("regulations/entry_cap_order.xqr");

/// Six players for four places: a2 (1800) and a5 (no rating) are below the four best rated;
/// a3 and a4 tie at 2100 and are both in.
const ROSTER: &str = "id,name,sex,rating
a1,甲,men,2300
a2,乙,men,1800
a3,丙,men,2100
a4,丁,men,2100
a5,戊,men,
a6,己,men,2200
";

#[test]
fn by_rating_refuses_every_row_below_the_best_rated() {
    refused_at(
        REGULATION,
        ROSTER,
        "R004",
        &[(3, "rating"), (6, "rating")],
        &["6 players for a field of at most 4, the best rated admitted: this row is not among the 4 best rated"],
        &["按等级分录取：此行不在等级分最高的 4 名之内"],
    );
    // First come: the fifth row is the first over, whatever its rating.
    let first = REGULATION.replace("by_rating", "first_come");
    let (code, _, err) = simulate(&first, ROSTER, "en");
    let err = one_line(&err);
    assert_eq!(code, Some(1));
    assert_eq!(err.matches("R004").count(), 1, "{err}");
    assert!(err.contains("row 6, column `id`"), "{err}");
    // The four best rated only: the event runs.
    runs(REGULATION, &without_rows(ROSTER, &["a2", "a5"]));
}
