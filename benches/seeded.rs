//! The loop of the simulation benches: one run of the event a sample, each with the next seed.

use criterion::{black_box, Criterion};

/// Benchmarks `run` under `name`, called with seeds 1, 2, 3, ...; `run` says whether the event
/// ran.
pub fn bench_seeds(c: &mut Criterion, name: &str, mut run: impl FnMut(u64) -> bool) {
    let mut seed = 0u64;
    c.bench_function(name, |b| {
        b.iter(|| {
            seed += 1;
            black_box(run(seed))
        })
    });
}
