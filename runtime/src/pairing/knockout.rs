//! Knockout bracket shapes: standard seed positions for a seeded bracket.

/// Seed numbers in bracket order for a bracket of `size` (a power of two): 1 v size in the first
/// pair, winners of neighbouring pairs meet, seeds 1 and 2 can only meet in the final
/// (for 8: 1 8 4 5 2 7 3 6). Returns None when `size` is not a power of two ≥ 2.
pub fn seed_positions(size: u32) -> Option<Vec<u32>> {
    if size < 2 || !size.is_power_of_two() {
        return None;
    }
    let mut order = vec![1u32, 2];
    while (order.len() as u32) < size {
        let m = 2 * order.len() as u32 + 1;
        order = order.iter().flat_map(|&s| [s, m - s]).collect();
    }
    Some(order)
}
