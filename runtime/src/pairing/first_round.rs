//! Round 1 of a Swiss as the regulation's `first_round` clause states it (domain.md 3.3), shared
//! by every Swiss system: `adjacent` pairs 1-2, 4-3, 5-6 ... (the number written first has Red),
//! `split_half` pairs the upper half against the lower half (拦腰) with the stated colours; an odd
//! field gives the last number the bye; `avoid same_unit round1|always` exchanges partners of
//! adjacent boards to keep one unit apart. The plan's default for a stage that states no method
//! is the system's own first round (CXA: adjacent; FIDE Dutch: split half, alternating colours,
//! C.04.3), so the Dutch engine's own round 1 and this one agree when nothing is stated.

use crate::plan::{FirstBoard, FirstRoundColours, FirstRoundMethod};

use super::{PairingFailure, RoundPairing, SwissPlayer, SwissRound};

pub(super) fn same_unit(a: &SwissPlayer, b: &SwissPlayer) -> bool {
    matches!((&a.unit, &b.unit), (Some(x), Some(y)) if x == y)
}

pub(super) fn first_round(
    round: &SwissRound<'_>,
    players: &[&SwissPlayer],
) -> Result<RoundPairing, PairingFailure> {
    let sw = round.params;
    let mut order: Vec<&SwissPlayer> = players.to_vec();
    order.sort_by_key(|p| p.number);
    let mut out = RoundPairing::default();
    if order.len() % 2 == 1 {
        // The player who would pair "beyond N" has the bye (domain.md 3.3).
        if let Some(last) = order.pop() {
            out.byes.push(last.number);
            out.notes.push(format!(
                "round 1: the odd field's bye goes to the last number, {} ({})",
                last.number, last.id
            ));
        }
    }
    let n = order.len();
    let mut pairs: Vec<(usize, usize)> = match sw.first_round.method {
        FirstRoundMethod::Adjacent => (0..n / 2).map(|k| (2 * k, 2 * k + 1)).collect(),
        FirstRoundMethod::SplitHalf => (0..n / 2).map(|k| (k, k + n / 2)).collect(),
    };
    if sw.avoid_same_unit.in_round(1) {
        repair_units(&order, &mut pairs, &mut out.notes);
    }
    for (board, (i, j)) in pairs.iter().enumerate() {
        let (Some(a), Some(b)) = (order.get(*i), order.get(*j)) else {
            continue;
        };
        // `a` is the first-named (the upper number in the split, the pair's first in adjacent).
        let a_red = match (sw.first_round.method, sw.first_round.colours) {
            // 1-2, 4-3, 5-6: the number written first has Red; odd boards the smaller number.
            (FirstRoundMethod::Adjacent, _) => board % 2 == 0,
            (FirstRoundMethod::SplitHalf, FirstRoundColours::FirstListedRed) => true,
            (FirstRoundMethod::SplitHalf, FirstRoundColours::Alternate) => {
                let upper_first = !matches!(sw.first_round.first_board, FirstBoard::Lower);
                (board % 2 == 0) == upper_first
            }
        };
        let (red, black) = if a_red { (a, b) } else { (b, a) };
        out.boards.push((red.number, black.number));
    }
    out.notes.push(format!(
        "round 1: {} ({}), first board {}",
        match sw.first_round.method {
            FirstRoundMethod::Adjacent => "1-2, 4-3, 5-6 ... the first-named Red",
            FirstRoundMethod::SplitHalf => "upper half v lower half (拦腰)",
        },
        match sw.first_round.colours {
            FirstRoundColours::FirstListedRed => "the first-listed Red",
            FirstRoundColours::Alternate => "colours alternating by board (蛇形)",
        },
        match sw.first_round.first_board {
            FirstBoard::Upper => "upper Red",
            FirstBoard::Lower => "lower Red",
            // The pairer has no lots: the engine's first-board lot is not available here, the
            // upper half takes Red on board 1 (noted so the transcript says so).
            FirstBoard::Lot => "upper Red (the lot is not drawn by the pairing system)",
        }
    ));
    Ok(out)
}

/// Same-unit pairs of round 1: exchange the second player with the next board's (then the
/// previous board's) second player when that clears both boards.
fn repair_units(order: &[&SwissPlayer], pairs: &mut [(usize, usize)], notes: &mut Vec<String>) {
    let clash = |pairs: &[(usize, usize)], k: usize| {
        pairs
            .get(k)
            .and_then(|(i, j)| Some(same_unit(order.get(*i)?, order.get(*j)?)))
            .unwrap_or(false)
    };
    for k in 0..pairs.len() {
        if !clash(pairs, k) {
            continue;
        }
        let mut fixed = false;
        for other in (k + 1..pairs.len()).chain((0..k).rev()) {
            let (a, b) = (pairs[k].1, pairs[other].1);
            pairs[k].1 = b;
            pairs[other].1 = a;
            if !clash(pairs, k) && !clash(pairs, other) {
                notes.push(format!(
                    "round 1: boards {} and {} exchange players to keep one unit apart",
                    k + 1,
                    other + 1
                ));
                fixed = true;
                break;
            }
            pairs[k].1 = a;
            pairs[other].1 = b;
        }
        if !fixed {
            notes.push(format!(
                "round 1: board {} keeps two players of one unit: no exchange separates them",
                k + 1
            ));
        }
    }
}
