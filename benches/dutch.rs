//! Dutch pairing benchmarks: the 1,000-player reference round (before round 5 of 9), round 1
//! of a generated 5,000-player field, and round 5 of 9 of generated 2,000- to 20,000-player
//! fields (issue 13's scale targets: 5,000 under 10 s and 500 MB, 10,000 under 60 s and 2 GB,
//! 20,000 completes or is refused before it allocates beyond the machine). Criterion measures
//! time only; `cargo run --release -p xqreg-runtime --example dutch_field -- N` under
//! `/usr/bin/time -v` measures peak memory of the same round. Select one size with e.g.
//! `cargo bench -p xqreg-runtime --bench dutch -- generated_5000p` (the names end the size with
//! `p`, so that a filter selects one: `generated_2000p` does not also match the 20,000-player
//! round, which the bracket cap refuses at once on any machine): `generated_5000p_round_5`,
//! `generated_10000p_round_5` and `generated_20000p_round_5` each run alone by their name.
//!
//! Measured 2026-12-06, second session (release, `dutch_field`'s round under `/usr/bin/time -v`,
//! CPU seconds user + system: the machine's 2 cores were shared with other builds, load average
//! 15-24, so wall time says little and user time itself varies by about 10% from run to run),
//! generated field round 5 of 9; the same pairing, byte for byte, before and after at 1,000,
//! 2,000, 5,000 and 10,000 players (`dutch_field -- N 4 9 OUT` writes it), 0 legality breaches:
//!
//! | players | 2026-12-03 code (user s at 1,000, 2,000) | before this session | after | target |
//! |---|---|---|---|---|
//! | 1,000 | 1.15 s, 45 MB | 0.93 s, 41 MB | 0.58 s, 22 MB | — |
//! | 2,000 | 4.24 s, 104 MB | 1.82 s, 108 MB | 1.20 s, 50 MB | — |
//! | 5,000 | 132 s, 975 MB | 29.6 s (23.1 + 6.5), 568 MB | 14.8-17.3 s (13.5-15.8 + 1.2-1.5), 322 MB | 10 s, 500 MB: memory met, time missed |
//! | 10,000 | not run (hours) | 138.7 s (108.9 + 29.8), 2.57 GB | 54.2 s (48.2 + 6.0), 1.47 GB | 60 s, 2 GB: met |
//! | 20,000 | killed after 371 s, 8.5 GB | refused in 0.13 s, 10 MB (memory) | refused in 0.07 s, 10 MB (over the 6,000-player bracket cap) | completes or refused: refused |
//!
//! What changed: the dense solver keeps the weights once, in an n × n matrix of the vertices,
//! and only a 32-bit endpoint per slot of vertices and blossoms (about 8 · words + 9 bytes per
//! n² instead of 2.25 · (8 · words + 9)), and reads them in memory order when it starts from
//! scratch; the transpositions' greedy prefix is checked on the bracket's kept matching (pairs
//! taken out in growing batches, warm solves, a checkpoint to come back to) instead of one
//! solve from scratch per check; `Big`'s shifts and additions at a bit position work in place.
//! A bracket is capped at 6,000 players whatever the memory (`budget::MAX_BRACKET_PLAYERS`):
//! with the smaller tables the memory estimate alone let 20,000 players start, and it would run
//! for the better part of an hour.
//!
//! Where the 5,000-player round's time goes now (timers around the phases, one run): about a
//! quarter each in the solves from scratch (the first of each bracket and the one after S1 and
//! S2 are fixed), the transpositions' widened chunks (solves from scratch, twice the words,
//! about three times a plain one) and the prefix checks. A warm solve is no cheap fix for the
//! rest: nearly every edge of a score group is tight, so one augmentation grows a tree over the
//! whole bracket and nests hundreds of blossoms (about a tenth of a solve from scratch each);
//! taking the transpositions one S1 player at a time on the kept matching was tried and was
//! slower (19 rounds instead of 3 in the 1,957-player bracket).
//!
//! Criterion (10 samples, first session, same loaded machine): `large_1000_round_5` 3.50 s
//! (3.44-3.57 s; 4.62 s before), `generated_2000p_round_5` 5.72 s (4.46-6.89 s; 12.2 s before).
//!
//! A field whose neighbouring score groups alone exceed the memory budget is refused before any
//! bracket (50,000 players in round 2: 0.6 s), and so is one whose neighbouring score groups
//! exceed the bracket cap (20,000 in round 5).

use criterion::{criterion_group, criterion_main, Criterion};
use xqreg_runtime::pairing::swiss::dutch::pair_dutch;
use xqreg_runtime::pairing::swiss::state::SwissState;
use xqreg_runtime::pairing::swiss::synth::generated_field;
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
    let state = SwissState::round_one(5000, 11);
    let mut g = c.benchmark_group("dutch");
    g.sample_size(10);
    g.bench_function("round_1_5000", |b| b.iter(|| pair_dutch(&state)));
    g.finish();
}

fn generated_round_5(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch");
    g.sample_size(10);
    for players in [2000u32, 5000, 10000, 20000] {
        let state = generated_field(players, 4, 9, 50, 1);
        g.bench_function(format!("generated_{players}p_round_5"), |b| {
            b.iter(|| pair_dutch(&state))
        });
    }
    g.finish();
}

criterion_group!(benches, large_round, round_one_5000, generated_round_5);
criterion_main!(benches);
