//! An invitation list by federation (issue 9 item 4): `pool invited { invite CHN 2 VIE 2 MAS 1 }`
//! admits each listed federation up to its number (the pool holds the 5 invited). A row of the
//! pool from a federation not on the list, with no federation, or one more of a federation than
//! invited is refused at its `federation` cell (R043) in both languages, and nothing runs; the
//! open pool beside it takes anyone. A generated roster gives the pool the invited federations.

use crate::common::{refused_at, runs, xqreg_on_ok};

const REGULATION: &str = include_str!("regulations/entry_invite.xqr");

/// Row 4 (c3) is CHN's third, row 6 (t1) from THA, row 7 (x1) with no federation; o1 is CHN
/// in the open pool, which has no list.
const ROSTER: &str = "id,name,federation,sex,rating,pool
c1,中一,CHN,men,2400,invited
c2,中二,CHN,men,2400,invited
c3,中三,CHN,men,2400,invited
v1,越一,VIE,men,2300,invited
t1,泰一,THA,men,2200,invited
x1,无一,,men,2200,invited
o1,公一,CHN,men,2000,open
o2,公二,CHN,men,2000,open
";

#[test]
fn a_row_outside_the_invitation_list_is_refused_at_its_federation_cell() {
    let err = refused_at(
        REGULATION,
        ROSTER,
        "R043",
        &[(4, "federation"), (6, "federation"), (7, "federation")],
        &[
            "pool `invited` (邀请) invites 2 of CHN; this row is player 3 of CHN",
            "takes only invited federations (CHN 2, VIE 2, MAS 1), and THA is not invited",
            "and this row gives no federation",
        ],
        &["名额来源 `invited` (邀请) 邀请 CHN 2 名；此行是 CHN 的第 3 名"],
    );
    assert!(!err.contains("row 8") && !err.contains("row 9"), "{err}");
    // The invited players only: the event runs.
    let fixed = ROSTER
        .replace(
            "c3,中三,CHN,men,2400,invited",
            "c3,中三,MAS,men,2400,invited",
        )
        .replace("t1,泰一,THA", "t1,泰一,VIE")
        .replace("x1,无一,,men,2200,invited", "x1,无一,,men,2200,open");
    runs(REGULATION, &fixed);
}

#[test]
fn the_invitation_list_sizes_the_pool_and_a_generated_roster_keeps_it() {
    let plan = xqreg_on_ok("plan", REGULATION, &[]);
    let v: serde_json::Value = serde_json::from_str(&plan).expect("plan JSON");
    let pool = &v["entry"]["pools"][0];
    assert_eq!(pool["size"], 5, "{pool}");
    assert_eq!(
        pool["invite"]["federations"][0],
        serde_json::json!(["CHN", 2])
    );
    // Every generated player of the pool is invited (else the roster is refused, R020).
    xqreg_on_ok("simulate", REGULATION, &["--seed", "4"]);
}
