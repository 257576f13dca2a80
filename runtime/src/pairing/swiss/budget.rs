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

/// Bytes a bracket of `n` players with weights of `words` 64-bit words takes: three triangles
/// of weights (the base weights, the nudged ones, and a trial copy while transpositions are
/// verified) and the dense solver's slots for n vertices and (n − 1) / 2 blossoms (two 32-bit
/// endpoints, the doubled weight and a flag each) with its blossom-entry table.
pub fn bracket_bytes(n: u64, words: u64) -> u64 {
    let weight = 8 * words;
    let tables = (n.saturating_mul(n.saturating_sub(1)) / 2).saturating_mul(3 * weight);
    let stride = n + n / 2 + 2;
    let slots = stride
        .saturating_mul(stride)
        .saturating_mul(2 * 4 + weight + 1);
    let flo = stride.saturating_mul(n + 1).saturating_mul(4);
    tables.saturating_add(slots).saturating_add(flo)
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
