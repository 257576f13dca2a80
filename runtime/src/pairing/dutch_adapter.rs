//! The FIDE Dutch engine of `swiss/` behind the engine's [`SwissPairer`] interface: the engine's
//! Swiss state is mapped onto `swiss::state::SwissState` (points in tenths, played/paired/bye
//! flags per round) and the pairing mapped back.

use super::swiss::dutch::pair_dutch;
use super::swiss::state::{
    Colour, Outcome, RoundEntry, Scoring, SwissPlayer as DPlayer, SwissState,
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
                            SwissResult::Bye => RoundEntry {
                                opponent: None,
                                colour: None,
                                played: false,
                                paired: true,
                                pab: true,
                                outcome,
                                points: tenths(h.points),
                            },
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
            forbidden: Vec::new(),
        };
        let pairing = pair_dutch(&state).map_err(|e| PairingFailure {
            message: e.to_string(),
        })?;
        Ok(RoundPairing {
            boards: pairing.boards,
            byes: pairing.bye.into_iter().collect(),
            notes: Vec::new(),
        })
    }
}
