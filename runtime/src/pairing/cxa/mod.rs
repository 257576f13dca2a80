//! The CXA Swiss system (积分编排制) as domain.md section 3 reconstructs the 2011 appendix: the
//! first round by the regulation's method (1-2, 4-3, 5-6 ... or upper half v lower half), later
//! rounds score group by score group from the top, each player against the nearest player he may
//! meet (临近相配), players due opposite colours first (异行配对), leftovers floating down into
//! the next group; no repeat opponents; the colour rules (no three of a colour in a row, no colour
//! difference beyond the limit) relaxed only in the last rounds the regulation names; the bye to
//! the lowest-scored player who has not had one. Where a choice had no rule text the parameters
//! of the plan decide (domain.md 10), each with its documented default.
//!
//! The pairing is the first complete one in preference order (players in ranking order, each
//! with his candidates in preference order: `search`), found by an exact "can the rest still
//! be paired" question rather than by backtracking; it never dead-ends silently: when no legal
//! pairing exists the failure names the constraint. `publish` gives colours and board order.

mod publish;
mod search;

use crate::pairing::swiss::cardinality::CardinalityMatcher;
use crate::plan::{ByeRecipient, Swiss};

use publish::publish;
use search::{Rules, Search};

use super::{PairingFailure, RoundPairing, SwissPairer, SwissPlayer, SwissResult, SwissRound};

/// The CXA pairing system.
#[derive(Clone, Copy, Debug, Default)]
pub struct CxaPairer;

impl SwissPairer for CxaPairer {
    fn pair(&self, round: &SwissRound<'_>) -> Result<RoundPairing, PairingFailure> {
        let players: Vec<&SwissPlayer> = round.players.iter().filter(|p| p.available).collect();
        if round.round == 1 && players.iter().all(|p| p.history.is_empty()) {
            return super::first_round::first_round(round, &players);
        }
        later_round(round, &players)
    }
}

fn had_bye(p: &SwissPlayer) -> usize {
    p.history
        .iter()
        .filter(|h| h.result == SwissResult::Bye)
        .count()
}

/// Who has met whom (indices in `ranked`): played games, and forfeits where the regulation
/// counts them as met.
fn met_matrix(sw: &Swiss, ranked: &[&SwissPlayer]) -> Vec<Vec<bool>> {
    let n = ranked.len();
    let position: std::collections::BTreeMap<u32, usize> = ranked
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    let mut met = vec![vec![false; n]; n];
    for (i, p) in ranked.iter().enumerate() {
        for h in &p.history {
            let counts = match h.result {
                SwissResult::Win | SwissResult::Draw | SwissResult::Loss => true,
                SwissResult::ForfeitWin | SwissResult::ForfeitLoss | SwissResult::DoubleForfeit => {
                    sw.forfeit_counts_as_met
                }
                SwissResult::Bye | SwissResult::Absent => false,
            };
            let j = h.opponent.and_then(|o| position.get(&o).copied());
            if let (true, Some(j)) = (counts, j) {
                met[i][j] = true;
                met[j][i] = true;
            }
        }
    }
    met
}

/// Bye candidates of an odd field, most eligible first: lowest score, never had a bye (or
/// fewest byes), the lowest-ranked first. Empty for an even field.
fn bye_order(sw: &Swiss, ranked: &[&SwissPlayer]) -> Vec<usize> {
    let n = ranked.len();
    if n.is_multiple_of(2) {
        return Vec::new();
    }
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| {
        let p = ranked[i];
        let byes = had_bye(p);
        match sw.bye.recipient {
            ByeRecipient::LowestNotYet => (byes.min(1), p.points, usize::MAX - i),
            ByeRecipient::LowestFewest => (byes, p.points, usize::MAX - i),
        }
    });
    if sw.bye.recipient == ByeRecipient::LowestNotYet {
        let fresh: Vec<usize> = order
            .iter()
            .copied()
            .filter(|&i| had_bye(ranked[i]) == 0)
            .collect();
        if !fresh.is_empty() {
            order = fresh;
        }
    }
    order
}

/// Why no pairing exists under `rules` (the bye named is the last one the rules could try).
fn no_pairing(round: u32, rules: Rules, bye: Option<(usize, u32)>) -> String {
    format!(
        "round {round}: no pairing without a repeat opponent{}{} exists{}",
        if rules.colour_limits {
            ", within the colour limits"
        } else {
            ""
        },
        if rules.units {
            ", keeping units apart"
        } else {
            ""
        },
        bye.map(|(_, number)| format!(" with the bye to {number}"))
            .unwrap_or_default()
    )
}

fn later_round(
    round: &SwissRound<'_>,
    players: &[&SwissPlayer],
) -> Result<RoundPairing, PairingFailure> {
    let sw: &Swiss = round.params;
    // Ranking: score, then pairing number.
    let mut ranked: Vec<&SwissPlayer> = players.to_vec();
    ranked.sort_by(|a, b| b.points.cmp(&a.points).then(a.number.cmp(&b.number)));
    let n = ranked.len();
    let relaxed_round = round.round + sw.colour_limits.relax_last_rounds > round.total_rounds;
    let first = Rules {
        colour_limits: !relaxed_round,
        units: sw.avoid_same_unit.in_round(round.round),
    };
    let mut attempts = vec![first];
    if first.colour_limits {
        attempts.push(Rules {
            colour_limits: false,
            ..first
        });
    }
    if first.units {
        attempts.push(Rules {
            colour_limits: false,
            units: false,
        });
    }
    let byes = bye_order(sw, &ranked);
    let mut may_bye = vec![false; n];
    for &b in &byes {
        may_bye[b] = true;
    }
    let last_bye = byes.last().map(|&b| (b, ranked[b].number));
    let met = met_matrix(sw, &ranked);
    let max_consecutive = sw.colour_limits.max_consecutive.max(1) as usize;
    let max_difference = i64::from(sw.colour_limits.max_difference.max(1));
    let mut search = Search::new(ranked, met, first, max_consecutive, max_difference);
    let mut last_failure = String::from("no legal pairing");
    // Vertex `n` of an odd field's graph stands for the bye, joined to the bye candidates.
    let dummy = n;
    for rules in attempts {
        search.rules = rules;
        search.prepare();
        let s = &search;
        let edge = |a: usize, b: usize| match (a == dummy, b == dummy) {
            (true, true) => false,
            (true, false) => may_bye[b],
            (false, true) => may_bye[a],
            (false, false) => s.can_meet(a, b),
        };
        let mut graph = CardinalityMatcher::new(n + n % 2);
        if !graph.is_perfect(&edge) {
            last_failure = no_pairing(round.round, rules, last_bye);
            continue;
        }
        // The first bye candidate without whom the rest can still be paired.
        let bye = byes
            .iter()
            .copied()
            .find(|&b| graph.try_fix(dummy, b, &edge));
        let rest: Vec<usize> = (0..n).filter(|&i| Some(i) != bye).collect();
        if let Some(pairs) = search.pair_in_order(rest, &mut graph, &edge) {
            return Ok(publish(round, &search, &pairs, bye, rules, relaxed_round));
        }
        last_failure = no_pairing(round.round, rules, last_bye);
    }
    Err(PairingFailure {
        message: last_failure,
    })
}

#[cfg(test)]
mod tests;
