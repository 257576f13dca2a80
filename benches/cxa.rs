//! CXA at scale (issue 13, item 4): a full simulation of seed 001's regulation (an 11-round CXA
//! Swiss, its entry cap raised to 2,000) with a generated 2,000-player field, target under 10 s; and the results reader on
//! 40,000 rows (2,000 players, 40 rounds of 1,000 boards), target under 2 s.
//! `cargo bench -p xqreg --bench cxa`.
//!
//! Measured 2026-12-03 (release `xqreg simulate` of the same regulation, 2,000 generated
//! players, under `/usr/bin/time -v`, 2 shared cores): seeds 1-12 take 0.6-4.1 s user, peak
//! 23 MB (before the exact perfect-matching check: 0.2 s on most seeds, but 61 s on seed 9,
//! where the budgeted backtracking search gave up once per bye candidate). The reader on
//! 40,000 rows: 148 ms (measured when this bench was added).

use std::fmt::Write as _;

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use xqreg::compile::compile_bytes;
use xqreg::run::csv_input::read_results;
use xqreg::run::{generated_roster, run_plan};
use xqreg_runtime::engine::RecordedResults;

fn simulate_2000(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/001_nanning/regulation.xqr"
    );
    let text = std::fs::read_to_string(path).expect("the seed 001 example is in the repository");
    // The same regulation with its entry cap raised to the field measured.
    assert!(text.contains("cap 150 first_come"));
    let bytes = text
        .replace("cap 150 first_come", "cap 2000 first_come")
        .into_bytes();
    let plan = compile_bytes(path, &bytes).plan.expect("seed 001 compiles");
    let roster = match generated_roster(&plan, Some(2000), 1) {
        Ok(r) => r,
        Err(e) => panic!("a 2,000-player roster: {e:?}"),
    };
    let results = RecordedResults::default();
    // The bench measures a simulation that completes, not an early refusal.
    assert!(run_plan(&plan, &roster, &results, 1).is_ok());
    let mut g = c.benchmark_group("cxa");
    g.sample_size(10);
    let mut seed = 0u64;
    g.bench_function("simulate 001 with 2,000 players (11 CXA rounds)", |b| {
        b.iter(|| {
            seed += 1;
            black_box(run_plan(&plan, &roster, &results, seed).is_ok())
        })
    });
    g.finish();
}

fn read_40000(c: &mut Criterion) {
    let mut csv = String::from("stage,round,board,red,black,result,red_fouls,black_fouls\n");
    let outcomes = ["1-0", "0-1", "=", "+-", "-+"];
    for round in 1..=40u32 {
        for board in 1..=1000u32 {
            let red = (board * 2 + round) % 2000 + 1;
            let black = (board * 2 + round + 1) % 2000 + 1;
            let r = outcomes[((round * 7 + board) % 5) as usize];
            let _ = writeln!(csv, "swiss,{round},{board},P{red},P{black},{r},0,0");
        }
    }
    let bytes = csv.into_bytes();
    let read = read_results("results.csv", &bytes).map(|r| r.games.len());
    assert_eq!(read.ok(), Some(40_000), "every row is read");
    let mut g = c.benchmark_group("cxa");
    g.sample_size(10);
    g.bench_function("read 40,000 result rows", |b| {
        b.iter(|| black_box(read_results("results.csv", black_box(&bytes)).is_ok()))
    });
    g.finish();
}

criterion_group!(benches, simulate_2000, read_40000);
criterion_main!(benches);
