//! The round-robin schedules equal the FIDE Berger tables (C.05 Annex 1) for 4..16 players,
//! pair by pair, colour by colour and board by board, as read from the reference file.

use xqreg_runtime::pairing::round_robin::{berger_round, schedule, table_size};

/// Players, round, boards (Red, Black).
type Row = (u32, u32, Vec<(u32, u32)>);

fn reference() -> Vec<Row> {
    let text = include_str!("data/berger-tables.txt");
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut parts = line.split_whitespace();
        let n: u32 = parts
            .next()
            .and_then(|x| x.parse().ok())
            .expect("player count");
        let r: u32 = parts.next().and_then(|x| x.parse().ok()).expect("round");
        let boards = parts
            .map(|b| {
                let (w, k) = b.split_once('-').expect("W-B");
                (w.parse().expect("white"), k.parse().expect("black"))
            })
            .collect();
        out.push((n, r, boards));
    }
    out
}

#[test]
fn every_round_of_4_to_16_players_matches_the_fide_table() {
    let rows = reference();
    // 4..16 players: rounds N−1 for even N and N for odd N (table of N+1).
    let expected_rows: u32 = (4..=16).map(|n| table_size(n) - 1).sum();
    assert_eq!(
        rows.len() as u32,
        expected_rows,
        "the reference file is complete"
    );
    for (n, r, boards) in &rows {
        assert_eq!(&berger_round(*n, *r), boards, "{n} players, round {r}");
    }
}

#[test]
fn every_pair_meets_once_and_colours_balance() {
    for n in 3..=20u32 {
        let size = table_size(n);
        let mut met = std::collections::BTreeSet::new();
        for round in schedule(n, false, false) {
            for (a, b) in round {
                assert!(met.insert((a.min(b), a.max(b))), "{n}: {a}-{b} twice");
            }
        }
        assert_eq!(met.len() as u32, size * (size - 1) / 2);
    }
}

#[test]
fn double_round_robin_reverses_colours_and_swaps_the_last_two_rounds() {
    let single = schedule(6, false, false);
    let double = schedule(6, true, true);
    assert_eq!(double.len(), 10);
    assert_eq!(double[3], single[4]);
    assert_eq!(double[4], single[3]);
    for (k, round) in single.iter().enumerate() {
        let reversed: Vec<(u32, u32)> = round.iter().map(|&(r, b)| (b, r)).collect();
        assert_eq!(double[5 + k], reversed);
    }
    // No player has three equal colours in a row at the junction.
    for p in 1..=6u32 {
        let colours: Vec<bool> = double
            .iter()
            .map(|round| round.iter().any(|&(r, _)| r == p))
            .collect();
        for w in colours.windows(3) {
            assert!(!(w[0] == w[1] && w[1] == w[2]), "player {p}: {colours:?}");
        }
    }
}

#[test]
fn out_of_range_rounds_are_empty() {
    assert!(berger_round(6, 0).is_empty());
    assert!(berger_round(6, 6).is_empty());
    assert!(berger_round(0, 1).len() == 1);
}
