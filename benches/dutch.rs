//! Dutch pairing benchmarks: the 1,000-player reference round (before round 5 of 9) and round 1
//! of a generated 5,000-player field.

use criterion::{criterion_group, criterion_main, Criterion};
use xqreg_runtime::pairing::swiss::dutch::pair_dutch;
use xqreg_runtime::pairing::swiss::state::{Colour, Scoring, SwissPlayer, SwissState};
use xqreg_runtime::pairing::swiss::{pair_trf, SwissSystem};

fn large_round(c: &mut Criterion) {
    let text = include_str!("../runtime/tests/data/swiss-dutch/large/round-05.trf");
    let mut g = c.benchmark_group("dutch");
    g.sample_size(10);
    g.bench_function("large_1000_round_5", |b| {
        b.iter(|| pair_trf(text, SwissSystem::Dutch))
    });
    g.finish();
}

fn round_one_5000(c: &mut Criterion) {
    let state = SwissState {
        players: (1..=5000)
            .map(|id| SwissPlayer {
                id,
                score: 0,
                rounds: Vec::new(),
                absent: false,
            })
            .collect(),
        rounds_total: 11,
        round: 1,
        scoring: Scoring::default(),
        initial_colour: Colour::White,
    };
    let mut g = c.benchmark_group("dutch");
    g.sample_size(10);
    g.bench_function("round_1_5000", |b| b.iter(|| pair_dutch(&state)));
    g.finish();
}

criterion_group!(benches, large_round, round_one_5000);
criterion_main!(benches);
