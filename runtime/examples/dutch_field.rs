//! Pair one round of a generated field and print the time and the pairing's legality: the
//! binary `/usr/bin/time -v` measures peak memory on (criterion cannot).
//!
//! `cargo run --release -p xqreg-runtime --example dutch_field -- PLAYERS [PLAYED TOTAL]`

use std::time::Instant;
use xqreg_runtime::pairing::swiss::dutch::pair_dutch;
use xqreg_runtime::pairing::swiss::legality::breaches;
use xqreg_runtime::pairing::swiss::synth::generated_field;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let players = args.first().copied().unwrap_or(1000);
    let played = args.get(1).copied().unwrap_or(4);
    let total = args.get(2).copied().unwrap_or(9);
    let t0 = Instant::now();
    let state = generated_field(players, played, total, 50, 1);
    let t1 = Instant::now();
    match pair_dutch(&state) {
        Ok(p) => {
            let t2 = Instant::now();
            let bad = breaches(&state, &p);
            println!(
                "{players} players, round {}: generated in {:.2} s, paired in {:.2} s, {} boards, {} breaches",
                played + 1,
                (t1 - t0).as_secs_f64(),
                (t2 - t1).as_secs_f64(),
                p.boards.len(),
                bad.len()
            );
            for b in bad.iter().take(10) {
                println!("  {b}");
            }
        }
        Err(e) => println!("{players} players: {e}"),
    }
}
