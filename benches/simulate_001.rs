//! One full simulation of seed 001 (150 players, an 11-round CXA Swiss, prizes) from the
//! compiled example and a generated roster. Target (issue 4): under 100 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use xqreg::compile::compile_bytes;
use xqreg::run::{generated_roster, run_plan};
use xqreg_runtime::engine::RecordedResults;

mod seeded;

fn simulate_001(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/001_nanning/regulation.xqr"
    );
    let Ok(bytes) = std::fs::read(path) else {
        return;
    };
    let Some(plan) = compile_bytes(path, &bytes).plan else {
        return;
    };
    let Ok(roster) = generated_roster(&plan, None, 1) else {
        return;
    };
    let results = RecordedResults::default();
    seeded::bench_seeds(
        c,
        "simulate seed 001 (150 players, 11 CXA rounds)",
        |seed| run_plan(&plan, &roster, &results, seed).is_ok(),
    );
}

criterion_group!(benches, simulate_001);
criterion_main!(benches);
