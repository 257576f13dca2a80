//! Entry quotas (issue 9 item 4): `quota per unit 3 men 2 women 1 except category champion`.
//! A roster row over its unit's quota, in all or of its sex, is refused at that row (R032) in
//! both languages; the same roster runs without the clause, and the category's players are not
//! counted; a generated roster keeps every quota, per unit and per federation.

use std::collections::BTreeMap;

use crate::common::{assert_phrases, simulate_roster as simulate};

const REGULATION: &str = include_str!("regulations/entry_quota.xqr");

/// 广东 enters 3 men (one too many) and then a third player in all; 杭州 enters its two
/// champions and 2 men and a woman besides, within the quota only if the champions are not
/// counted.
const ROSTER: &str = "id,name,unit,federation,sex,born,title,rating,pool,order
c1,王天一,杭州,CHN,men,1989-01-01,,2600,holders,1
c2,唐丹,杭州,CHN,women,1990-01-01,,2400,holders,2
a1,甲一,广东,CHN,men,1990-01-01,,2000,open,3
a2,甲二,广东,CHN,men,1990-01-01,,2000,open,4
a3,甲三,广东,CHN,men,1990-01-01,,2000,open,5
a4,甲四,广东,CHN,women,1990-01-01,,2000,open,6
b1,乙一,杭州,CHN,men,1990-01-01,,2000,open,7
b2,乙二,杭州,CHN,men,1990-01-01,,2000,open,8
b3,乙三,杭州,CHN,women,1990-01-01,,2000,open,9
d1,丙一,北京,CHN,men,1990-01-01,,2000,open,10
";

#[test]
fn a_row_over_its_units_quota_is_refused_at_the_row() {
    let (code, out, err) = simulate(REGULATION, ROSTER, "en");
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.is_empty(), "nothing simulated: {out}");
    // a3 is 广东's third man; a4 its fourth player (a1-a3 counted in all).
    assert_phrases(
        &err,
        &[
            "unit `广东` may enter at most 2 men: this row is one too many",
            "row 6, column `sex`",
            "unit `广东` may enter at most 3 players",
            "row 7, column `unit`",
        ],
        &[],
    );
    assert_eq!(err.matches("R032").count(), 2, "only 广东's rows: {err}");
    let (code, _, zh) = simulate(REGULATION, ROSTER, "zh");
    assert_eq!(code, Some(1));
    assert!(
        zh.contains("单位 `广东` 男子限报 2 人：此行超出一人"),
        "{zh}"
    );
}

#[test]
fn without_the_quota_the_roster_runs_and_the_exception_is_what_admits_the_champions() {
    let without = REGULATION.replace(
        "  quota per unit 3 men 2 women 1 except category champion\n",
        "",
    );
    assert_ne!(without, REGULATION);
    let (code, out, err) = simulate(&without, ROSTER, "en");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Final ranking"), "{out}");

    // Without `except`, 杭州's two champions count: b2 is its fourth player in all, on top of
    // 广东's rows.
    let counted = REGULATION.replace(" except category champion", "");
    let (code, _, err) = simulate(&counted, ROSTER, "en");
    assert_eq!(code, Some(1));
    assert_phrases(
        &err,
        &[
            "unit `杭州` may enter at most 3 players",
            "row 9, column `unit`",
        ],
        &[],
    );
}

#[test]
fn a_generated_roster_keeps_the_quotas() {
    for (quota, by_federation) in [
        ("quota per unit 3 men 2 women 1", false),
        ("quota per federation 4 men 3", true),
    ] {
        let text = REGULATION
            .replace(
                "quota per unit 3 men 2 women 1 except category champion",
                quota,
            )
            .replace("cap 40", "cap 60");
        let plan = xqreg::compile::compile_bytes("quota.xqr", text.as_bytes())
            .plan
            .expect("compiles");
        assert_eq!(plan.entry.quotas.len(), 1, "{quota}: in the plan");
        for seed in 1..=5 {
            let roster = xqreg::run::generated_roster(&plan, None, seed).expect("generated");
            assert_eq!(roster.players.len(), 60);
            let mut count: BTreeMap<(String, String), u32> = BTreeMap::new();
            for p in &roster.players {
                let key = if by_federation {
                    p.federation.clone()
                } else {
                    p.unit.clone()
                }
                .unwrap_or_default();
                let sex = format!("{:?}", p.sex);
                *count.entry((key.clone(), "all".into())).or_insert(0) += 1;
                *count.entry((key, sex)).or_insert(0) += 1;
            }
            let limit = |sex: &str| match (by_federation, sex) {
                (false, "all") => 3,
                (false, "Some(Men)") => 2,
                (false, _) => 1,
                (true, "all") => 4,
                (true, "Some(Men)") => 3,
                (true, _) => 4,
            };
            for ((key, sex), n) in &count {
                assert!(
                    *n <= limit(sex),
                    "{quota}, seed {seed}: {key} has {n} ({sex})"
                );
            }
            // A generated roster passes the runtime's own check (R032 otherwise).
            let problems = xqreg_runtime::engine::validate_roster(&plan, &roster);
            assert!(problems.is_empty(), "{quota}: {problems:?}");
        }
    }
}
