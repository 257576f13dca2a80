//! How much memory a Dutch pairing may ask for, and the estimate of what it will ask: a field
//! too large for this machine stops with a sentence saying so before the allocation, instead of
//! being killed by the system half-way.
//!
//! The one quadratic piece is a bracket's matching (its n × n weight tables and the dense
//! solver's slots); the whole field's compatibility is asked of a predicate, never stored. The budget is half the memory the system reports available
//! (`MemAvailable` of /proc/meminfo; the other half is left to the machine's other work), or
//! 4 GiB where it reports none; the answer depends on the machine only in whether a pairing is
//! refused, never in which pairing is made.

use super::state::PairingError;

/// Bytes one pairing may allocate.
pub fn available_bytes() -> u64 {
    const FALLBACK: u64 = 8 << 30;
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(FALLBACK, |kb| kb.saturating_mul(1024))
        / 2
}

/// The 64-bit words of a weight of `need` bits as the Dutch bracket sizes it: one at a time
/// up to eight, then powers of two.
pub fn words(need: usize) -> u64 {
    let w = (need + 1).div_ceil(64).max(2);
    if w <= 8 {
        w as u64
    } else {
        w.next_power_of_two() as u64
    }
}

/// Bytes a bracket of `n` players with weights of `words` 64-bit words takes at its peak: one
/// triangle of weights (the quality weights are computed again when needed), and the larger
/// of the dense solver's tables (the n × n weight matrix, a 32-bit endpoint for each pair of
/// its n vertices and (n − 1) / 2 blossoms, and the blossoms' entry table) and the
/// transpositions' widened matching (at most twice the words, rounded to a power of two: its
/// own triangle and solver, built after the bracket's solver is released).
pub fn bracket_bytes(n: u64, words: u64) -> u64 {
    let triangle =
        |words: u64| (n.saturating_mul(n.saturating_sub(1)) / 2).saturating_mul(8 * words);
    let solver = |words: u64| {
        let stride = n + n / 2 + 2;
        let weights = (n + 1).saturating_mul(n + 1).saturating_mul(8 * words);
        let endpoints = stride.saturating_mul(stride).saturating_mul(4);
        let entries = (stride - n - 1).saturating_mul(n + 1).saturating_mul(4);
        weights.saturating_add(endpoints).saturating_add(entries)
    };
    let wide = (2 * words).next_power_of_two();
    triangle(words).saturating_add(solver(words).max(solver(wide).saturating_add(triangle(wide))))
}

/// The most players one bracket may have, whatever the memory: its matching's time grows with
/// the cube of its players (a 5,000-player field, brackets of up to about 2,000, pairs in
/// about 6 s; 10,000, up to about 4,000, in about 35 s), so a bracket of 8,000 (a 20,000-player
/// field) would take minutes by the cube alone, more where its brackets fall back on the slower
/// transpositions (not measured), which a machine with the memory for it should not start
/// unasked. Checked after the memory, whose sentence says more where both refuse.
pub const MAX_BRACKET_PLAYERS: usize = 6_000;

/// `Err(TooLarge)` naming `what` when a bracket of `players` is over `MAX_BRACKET_PLAYERS`.
pub fn check_size(what: &str, players: usize) -> Result<(), PairingError> {
    if players > MAX_BRACKET_PLAYERS {
        return Err(PairingError::TooLarge(format!(
            "{what} is over the {MAX_BRACKET_PLAYERS} players the Dutch engine pairs in one \
             bracket (the time of its dense matching grows with the cube of the bracket): pair \
             a smaller field"
        )));
    }
    Ok(())
}

/// `Err(TooLarge)` naming `what` when `need` bytes exceed the budget.
pub fn check(what: &str, need: u64) -> Result<(), PairingError> {
    let have = available_bytes();
    if need > have {
        return Err(PairingError::TooLarge(format!(
            "{what} needs about {} MB and {} MB are available; the Dutch engine solves each \
             bracket as a dense matching (memory grows with the square of the bracket): pair \
             a smaller field or on a machine with more memory",
            need >> 20,
            have >> 20
        )));
    }
    Ok(())
}
