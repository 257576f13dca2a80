//! Groups a player enters, each open only to a category (issue 9 items 3, 4 and 8: 每人限报一组,
//! 组别条件): `pool low { category low }` refuses a row of pool low whose attributes keep it out
//! of the category (R041, at its `pool` cell, in both languages, nothing simulated), and the same
//! roster runs once the row names a group it qualifies for. A generated roster spreads its
//! players over the groups in turn, each only up to its stages' caps, each player meeting the
//! condition of the group it is put in.

use crate::common::{refused_at, runs, xqreg_on, xqreg_on_ok};

const REGULATION: &str = include_str!("regulations/pool_categories.xqr");

/// Four of each group; row 3 (p2) entered the low group in school year 5, row 7 (w2) the
/// women's group as a man; o4 (row 13) is a pupil in the open group, which has no condition.
const ROSTER: &str = "id,name,unit,sex,born,school_year,pool
p1,小一,实验小学,men,2018-03-01,2,low
p2,小二,育才小学,men,2015-03-01,5,low
p3,小三,实验小学,women,2018-03-01,1,low
p4,小四,育才小学,men,2017-03-01,3,low
w1,女一,棋院,women,1990-03-01,,women
w2,女二,棋院,men,1990-03-01,,women
w3,女三,青少年宫,women,1980-03-01,,women
w4,女四,青少年宫,women,1970-03-01,,women
o1,公一,棋院,men,1985-03-01,,open
o2,公二,棋院,men,1965-03-01,,open
o3,公三,青少年宫,women,1995-03-01,,open
o4,公四,育才小学,men,2015-03-01,5,open
";

#[test]
fn a_row_outside_its_groups_category_is_refused_at_its_pool_cell() {
    let err = refused_at(
        REGULATION,
        ROSTER,
        "R041",
        &[(3, "pool"), (7, "pool")],
        &["pool `low` (小学低年级组) takes only players of category `low` (小学低年级组), and this player is not one"],
        &["名额来源 `low` (小学低年级组) 只接受组别 `low` (小学低年级组) 的棋手"],
    );
    // A pupil in the open group, which has no condition, is no problem.
    assert!(!err.contains("row 13"), "{err}");
    // The same players, each in a group they qualify for: the event runs.
    let fixed = ROSTER
        .replace(
            "育才小学,men,2015-03-01,5,low",
            "育才小学,men,2017-03-01,3,low",
        )
        .replace("w2,女二,棋院,men", "w2,女二,棋院,women");
    runs(REGULATION, &fixed);
}

#[test]
fn a_generated_roster_fills_each_group_up_to_its_cap() {
    let text = xqreg_on_ok("simulate", REGULATION, &["--players", "45", "--seed", "3"]);
    // In turn while there is room: the low and the women's groups (the women's stage copies
    // low's `cap 10` with `same_as`) take 10 each, the open group (cap 30) the other 25; every
    // player meets its group's condition, or the roster would be refused (R020).
    for (stage, n) in [("Primary, years 1-3", 10), ("Women", 10), ("Open", 25)] {
        let line = format!("{stage}: {n} entries are in the row");
        assert!(text.contains(&line), "{line}: {text}");
    }
    // The caps hold 50: the 51st player is refused at a cap, not put over it.
    xqreg_on_ok("simulate", REGULATION, &["--players", "50", "--seed", "3"]);
    let out = xqreg_on("simulate", REGULATION, &["--players", "51", "--seed", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.contains("R040"), "{err}");
}
