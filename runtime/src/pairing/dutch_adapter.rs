//! The FIDE Dutch engine of `swiss/` behind the engine's [`SwissPairer`] interface: the engine's
//! Swiss state is mapped onto `swiss::state::SwissState` (points in tenths, played/paired/bye
//! flags per round) and the pairing mapped back.

use super::swiss::dutch::pair_dutch;
use super::swiss::state::{
    Colour, Outcome, PairingError, RoundEntry, Scoring, SwissPlayer as DPlayer, SwissState,
};
use super::{PairingFailure, RoundPairing, SwissPairer, SwissResult, SwissRound};
use crate::plan::{FirstBoard, Side};

/// The FIDE Dutch system (C.04.3) as implemented in `swiss::dutch`.
#[derive(Clone, Copy, Debug, Default)]
pub struct DutchPairer;

fn tenths(points: i64) -> u32 {
    u32::try_from(points.max(0).saturating_mul(10)).unwrap_or(u32::MAX)
}

impl SwissPairer for DutchPairer {
    fn pair(&self, round: &SwissRound<'_>) -> Result<RoundPairing, PairingFailure> {
        if round.round == 1 && round.players.iter().all(|p| p.history.is_empty()) {
            // Round 1 is the regulation's `first_round` method (adjacent or split half, with its
            // colours); the plan's default for a Dutch stage is C.04.3's own S1 v S2.
            let present: Vec<&super::SwissPlayer> =
                round.players.iter().filter(|p| p.available).collect();
            return super::first_round::first_round(round, &present);
        }
        let s = round.scoring;
        let scoring = Scoring {
            win: tenths(s.win),
            draw: tenths(s.draw),
            loss: tenths(s.loss),
            pab: tenths(round.params.bye.points),
        };
        let players = round
            .players
            .iter()
            .map(|p| DPlayer {
                id: p.number,
                score: tenths(p.points),
                absent: !p.available,
                rounds: p
                    .history
                    .iter()
                    .map(|h| {
                        let outcome = match h.result {
                            SwissResult::Win | SwissResult::ForfeitWin => Outcome::Win,
                            SwissResult::Draw => Outcome::Draw,
                            SwissResult::Bye if h.points >= s.win => Outcome::Win,
                            SwissResult::Bye if h.points >= s.draw => Outcome::Draw,
                            _ => Outcome::Loss,
                        };
                        match h.result {
                            SwissResult::Absent => RoundEntry::absent(),
                            SwissResult::Bye => RoundEntry::pairing_bye(outcome, tenths(h.points)),
                            r => RoundEntry {
                                opponent: h.opponent,
                                colour: h.colour.map(|c| match c {
                                    Side::Red => Colour::White,
                                    Side::Black => Colour::Black,
                                }),
                                played: matches!(
                                    r,
                                    SwissResult::Win | SwissResult::Draw | SwissResult::Loss
                                ),
                                paired: true,
                                pab: false,
                                outcome,
                                points: tenths(h.points),
                            },
                        }
                    })
                    .collect(),
            })
            .collect();
        // `avoid same_unit|same_federation always` (or `until round N`, up to round N): the
        // pairs it keeps apart are forbidden pairings for the engine (treated like a game
        // already played, C1). Round 1 was the first-round method's exchange of partners above.
        let forbidden = if round.params.avoid_same_unit.in_round(round.round) {
            same_unit_pairs(round.players)
        } else {
            Vec::new()
        };
        let state = SwissState {
            players,
            rounds_total: round.total_rounds,
            round: round.round,
            scoring,
            initial_colour: if round.params.first_round.first_board == FirstBoard::Lower {
                Colour::Black
            } else {
                Colour::White
            },
            virtual_points: Default::default(),
            forbidden,
        };
        let mut notes = Vec::new();
        let pairing = match pair_dutch(&state) {
            // As the CXA pairer does: when no pairing keeps every unit apart, the round is
            // paired without the avoidance, and the transcript says so.
            Err(PairingError::NoLegalPairing(_)) if !state.forbidden.is_empty() => {
                notes.push(format!(
                    "round {}: players of one unit could not all be kept apart",
                    round.round
                ));
                let mut free = state;
                free.forbidden.clear();
                pair_dutch(&free)
            }
            other => other,
        }
        .map_err(|e| PairingFailure {
            message: e.to_string(),
        })?;
        Ok(RoundPairing {
            boards: pairing.boards,
            byes: pairing.bye.into_iter().collect(),
            notes,
        })
    }
}

/// The pairs of available players who share a unit (or a federation, under
/// `avoid same_federation`: the Swiss stage fills `unit` from the plan's `avoid_by`).
fn same_unit_pairs(players: &[super::SwissPlayer]) -> Vec<(u32, u32)> {
    let mut by_unit: std::collections::BTreeMap<&str, Vec<u32>> = Default::default();
    for p in players.iter().filter(|p| p.available) {
        if let Some(u) = p.unit.as_deref() {
            by_unit.entry(u).or_default().push(p.number);
        }
    }
    let mut out = Vec::new();
    for ids in by_unit.values() {
        for (i, &a) in ids.iter().enumerate() {
            for &b in ids.iter().skip(i + 1) {
                out.push((a.min(b), a.max(b)));
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::{SwissPlayer, SwissRoundEntry};
    use crate::plan::AvoidWhen;
    use crate::plan::{Origin, Scoring as PlanScoring};

    /// Round 2 of four players after 1-2 and 3-4 (Red won both): units A = {1, 3}, B = {2, 4}.
    fn round2(units: [&str; 4]) -> Vec<SwissPlayer> {
        let entry = |opp: u32, colour: Side, result: SwissResult, points: i64| SwissRoundEntry {
            opponent: Some(opp),
            colour: Some(colour),
            result,
            points,
        };
        let games = [
            entry(2, Side::Red, SwissResult::Win, 2),
            entry(1, Side::Black, SwissResult::Loss, 0),
            entry(4, Side::Red, SwissResult::Win, 2),
            entry(3, Side::Black, SwissResult::Loss, 0),
        ];
        (1..=4u32)
            .map(|n| SwissPlayer {
                number: n,
                id: format!("p{n}"),
                rating: 2000,
                unit: Some(units[n as usize - 1].to_string()),
                points: games[n as usize - 1].points,
                history: vec![games[n as usize - 1].clone()],
                available: true,
            })
            .collect()
    }

    fn pair(players: &[SwissPlayer], avoid: AvoidWhen) -> RoundPairing {
        let mut sw = crate::pairing::swiss::cxa_trf_params(3);
        sw.system = crate::plan::SwissSystem::Dutch;
        sw.avoid_same_unit = avoid;
        let scoring = PlanScoring::cxa_default(Origin::default_rule("test"));
        DutchPairer
            .pair(&SwissRound {
                round: 2,
                total_rounds: 3,
                players,
                params: &sw,
                scoring: &scoring,
            })
            .expect("pairs")
    }

    /// `until round N` keeps units apart up to round N and no further (this is round 2).
    #[test]
    fn until_a_round_keeps_units_apart_up_to_it() {
        let apart = round2(["A", "B", "A", "B"]);
        let meet = |p: &RoundPairing| p.boards.iter().any(|&b| b == (1, 3) || b == (3, 1));
        assert!(!meet(&pair(&apart, AvoidWhen::Until(2))));
        assert!(meet(&pair(&apart, AvoidWhen::Until(1))));
    }

    #[test]
    fn always_keeps_units_apart_and_says_when_it_cannot() {
        // The winners 1 and 3 meet unless their unit keeps them apart.
        let apart = round2(["A", "B", "A", "B"]);
        let never = pair(&apart, AvoidWhen::Never);
        assert!(
            never.boards.contains(&(3, 1)) || never.boards.contains(&(1, 3)),
            "{never:?}"
        );
        let always = pair(&apart, AvoidWhen::Always);
        assert!(
            !always
                .boards
                .iter()
                .any(|&(r, b)| (r, b) == (1, 3) || (r, b) == (3, 1)),
            "{always:?}"
        );
        assert!(always.notes.is_empty(), "{always:?}");
        // One unit for all: no pairing keeps it apart, the round is paired without it.
        let one = pair(&round2(["A", "A", "A", "A"]), AvoidWhen::Always);
        assert_eq!(one.boards, never.boards);
        assert!(
            one.notes
                .iter()
                .any(|n| n.contains("could not all be kept apart")),
            "{one:?}"
        );
    }
}
