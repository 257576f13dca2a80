//! Round-robin schedules from the FIDE Berger tables (C.05 Annex 1), by the closed form of
//! domain.md 4.3, which reproduces the printed tables pair by pair, colour by colour and board by
//! board.
//!
//! Numbers are 1-based start numbers. For an odd field of n the table of n + 1 is used and number
//! n + 1 stands for the bye; [`berger_round`] returns it like any other number and the caller
//! treats a pairing with it as a bye.

/// One board of a round: (Red, Black) start numbers.
pub type Board = (u32, u32);

/// The size of the table used for `players` (the next even number; at least 2).
pub fn table_size(players: u32) -> u32 {
    let n = players.max(2);
    n + n % 2
}

/// The boards of round `round` (1-based) of the single round robin for `players`, in FIDE board
/// order; empty when the round is out of range.
pub fn berger_round(players: u32, round: u32) -> Vec<Board> {
    let n = table_size(players);
    let m = n - 1;
    if round == 0 || round > m {
        return Vec::new();
    }
    // Number n meets k with 2k ≡ r + 1 (mod n − 1); the other boards pair k + b and k − b.
    let target = (round + 1) % m;
    let k = (1..=m).find(|&k| (2 * k) % m == target).unwrap_or(1);
    let mut boards = Vec::with_capacity((n / 2) as usize);
    boards.push(if round % 2 == 1 { (k, n) } else { (n, k) });
    for b in 1..n / 2 {
        let up = wrap(k + b, m);
        let down = wrap(k + m - b, m);
        let (lo, hi) = if up < down { (up, down) } else { (down, up) };
        // Red is the lower number when they differ by an odd amount, else the higher.
        boards.push(if (hi - lo) % 2 == 1 {
            (lo, hi)
        } else {
            (hi, lo)
        });
    }
    boards
}

fn wrap(x: u32, m: u32) -> u32 {
    ((x - 1) % m) + 1
}

/// Every round of a single round robin.
pub fn berger_table(players: u32) -> Vec<Vec<Board>> {
    let n = table_size(players);
    (1..n).map(|r| berger_round(players, r)).collect()
}

/// Every round of a single or double round robin. The second cycle repeats the table with
/// colours reversed; with `swap_last_two` the last two rounds of the first cycle are exchanged
/// (FIDE C.05's recommendation against three equal colours at the junction).
pub fn schedule(players: u32, double: bool, swap_last_two: bool) -> Vec<Vec<Board>> {
    let table = berger_table(players);
    if !double {
        return table;
    }
    let mut first = table.clone();
    let len = first.len();
    if swap_last_two && len >= 2 {
        first.swap(len - 1, len - 2);
    }
    let second = table
        .iter()
        .map(|round| round.iter().map(|&(r, b)| (b, r)).collect())
        .collect::<Vec<_>>();
    first.extend(second);
    first
}
