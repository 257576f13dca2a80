//! The entry's `cap N by_rating` (issue 9 item 4): the N best rated are admitted, in the order a
//! stage's cap uses (no rating last, equal ratings in roster order), and every other row is
//! refused at its `rating` cell (R004) in both languages; with `first_come` the same roster is
//! refused at the first row over the cap only.

use crate::common::{one_line, refused, simulate_roster as simulate};

const REGULATION: &str = r#"regulation "等级分邀请赛" en "Rating Open" {
  dates 2026-09-01 .. 2026-09-02
}

scoring { win 2 draw 1 loss 0 }
time standard "慢棋" en "Standard" { base 40min increment 10s flag loses }

entry {
  cap 4 by_rating
}

stage main "积分编排" en "Swiss" {
  swiss cxa rounds 3
  entrants roster
  time standard
  tiebreak wins, lots
}
"#;

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
    let err = refused(REGULATION, ROSTER, "en", "R004", 2);
    assert!(
        err.contains("6 players for a field of at most 4, the best rated admitted: this row is not among the 4 best rated"),
        "{err}"
    );
    assert!(err.contains("row 3, column `rating`"), "{err}");
    assert!(err.contains("row 6, column `rating`"), "{err}");
    let (_, _, zh) = simulate(REGULATION, ROSTER, "zh");
    assert!(
        one_line(&zh).contains("按等级分录取：此行不在等级分最高的 4 名之内"),
        "{zh}"
    );
    // First come: the fifth row is the first over, whatever its rating.
    let first = REGULATION.replace("by_rating", "first_come");
    let (code, _, err) = simulate(&first, ROSTER, "en");
    let err = one_line(&err);
    assert_eq!(code, Some(1));
    assert_eq!(err.matches("R004").count(), 1, "{err}");
    assert!(err.contains("row 6, column `id`"), "{err}");
    // The four best rated only: the event runs.
    let fixed: String = ROSTER
        .lines()
        .filter(|l| !l.starts_with("a2,") && !l.starts_with("a5,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let (code, out, err) = simulate(REGULATION, &fixed, "en");
    assert_eq!(code, Some(0), "{out}{err}");
}
