//! Plans compiled from the example regulations (saved JSON, see data/plans/PROVENANCE.md) run
//! for seeds 1..20 on a generated roster of the declared field: every place decided once (or
//! shared where the regulation shares it), the prize table paid exactly, the same seed giving
//! the same bytes and different seeds different outcomes.

mod common;

use xqreg_runtime::Plan;

fn check(text: &str, total: u64, places: &[u32]) {
    let plan: Plan = serde_json::from_str(text).expect("a plan");
    let size = plan.entry.field.simulated_size().expect("a declared field");
    common::runs_soundly(&plan, size, places, total);
}

fn upto(n: u32) -> Vec<u32> {
    (1..=n).collect()
}

#[test]
fn seed_004_zhouzhuang() {
    let mut places = upto(8);
    places.extend([9; 8]);
    check(
        include_str!("data/plans/004_zhouzhuang.json"),
        204_000,
        &places,
    );
}

#[test]
fn seed_000_huaian() {
    check(
        include_str!("data/plans/000_huaian.json"),
        287_000,
        &upto(12),
    );
}

#[test]
fn seed_003_invitational() {
    check(
        include_str!("data/plans/003_invitational.json"),
        114_000,
        &upto(12),
    );
}

#[test]
fn seed_002_professional() {
    // The field is open (名额不限); the example assumes 10. Prizes 10000 4000 2500 500 500 500.
    check(
        include_str!("data/plans/002_professional.json"),
        18_000,
        &upto(10),
    );
}

#[test]
fn team_league() {
    // 50000 30000 20000 10000, 5..8 5000 each.
    check(
        include_str!("data/plans/005_team_league.json"),
        130_000,
        &upto(8),
    );
}

#[test]
fn knockout_cup() {
    // 60000 30000 20000 15000 for 1..4; losers of rounds 3, 2, 1 share 5th, 9th and 17th and
    // get 8000, 4000 and 2000 each: 125000 + 4×8000 + 8×4000 + 8×2000 = 205000.
    let mut places = upto(4);
    places.extend([5; 4]);
    places.extend([9; 8]);
    places.extend([17; 8]);
    check(
        include_str!("data/plans/006_knockout_cup.json"),
        205_000,
        &places,
    );
}
