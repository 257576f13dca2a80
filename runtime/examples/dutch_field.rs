//! Pair one round of a generated field and print the pairing's legality: the binary
//! `/usr/bin/time -v` measures peak memory on (criterion cannot; speed is criterion's, in
//! benches/dutch.rs).
//!
//! `cargo run --release -p xqreg-runtime --example dutch_field -- PLAYERS [PLAYED TOTAL] [OUT]`
//!
//! With OUT (any argument that is not a number), the pairing is also written there in the
//! engine line format, so that a change to the engine can be checked to pair the same.

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
    let out = std::env::args().skip(1).find(|a| a.parse::<u32>().is_err());
    let state = generated_field(players, played, total, 50, 1);
    match pair_dutch(&state) {
        Ok(p) => {
            if let Some(out) = &out {
                if let Err(e) = std::fs::write(out, p.to_engine_text()) {
                    eprintln!("{out}: {e}");
                }
            }
            let bad = breaches(&state, &p);
            println!(
                "{players} players, round {}: {} boards, {} breaches",
                played + 1,
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
