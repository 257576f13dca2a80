//! One simulation of a plan shaped like seed 004 (32 players: group draw with quotas, seeds and
//! same-unit avoidance, 4 round robins of 8, two knockouts with playoffs, shared places,
//! prizes). Target (issue 3): under 1 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
use xqreg_runtime::{generate_roster, run, RecordedResults};

#[path = "../runtime/tests/common/mod.rs"]
mod common;
mod seeded;

fn simulate_004(c: &mut Criterion) {
    let plan = common::seed004();
    let mut rng = Lots::new(1, STREAM_ROSTER);
    let Ok(roster) = generate_roster(&plan, 32, &mut rng) else {
        return;
    };
    let results = RecordedResults::default();
    seeded::bench_seeds(c, "simulate seed 004 (one run)", |seed| {
        run(&plan, &roster, &results, seed).is_ok()
    });
}

criterion_group!(benches, simulate_004);
criterion_main!(benches);
