//! Swiss pairing systems: the FIDE Dutch system and the CXA 积分编排 system.
//!
//! `state` holds the engine-neutral input (`SwissState`) and output (`Pairing`); `dutch` is the
//! FIDE Dutch engine, built on `blossom` (maximum-weight matching with `weight`'s wide integers)
//! and `cardinality` (the completion check). `pair_trf` is the entry point of `xqreg pair`: a TRF
//! in, the pairing in the line format FIDE engines print out.

pub mod blossom;
pub mod cardinality;
pub mod dense;
pub mod dutch;
pub mod state;
pub mod weight;

use std::fmt;

use crate::trf::{self, ResultCode, Trf, TrfError};
use state::{Outcome, PairingError, RoundEntry, Scoring, SwissPlayer, SwissState};

/// The Swiss systems `pair_trf` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwissSystem {
    /// FIDE Dutch (C.04.3).
    Dutch,
    /// CXA 积分编排 (not served through TRF yet).
    Cxa,
}

/// Why `pair_trf` failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairTrfError {
    /// The file is malformed or inconsistent.
    Trf(TrfError),
    /// The round cannot be paired.
    Pairing(PairingError),
    /// The system is not available for TRF input.
    Unsupported(SwissSystem),
}

impl fmt::Display for PairTrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairTrfError::Trf(e) => write!(f, "{e}"),
            PairTrfError::Pairing(e) => write!(f, "{e}"),
            PairTrfError::Unsupported(s) => write!(f, "{s:?} pairing from a TRF is not available"),
        }
    }
}

impl std::error::Error for PairTrfError {}

/// Build the state before the next round (the one after the last round anybody was paired in):
/// players with an entry in that round's column (a requested bye or an absence) sit it out.
pub fn state_from_trf(t: &Trf) -> SwissState {
    let played = t.rounds_played() as usize;
    let sc = &t.scoring;
    let players = t
        .players
        .iter()
        .map(|p| {
            let rounds = (0..played)
                .map(|r| match p.rounds.get(r).copied().flatten() {
                    None => RoundEntry::absent(),
                    Some(b) => {
                        let outcome = match b.result {
                            ResultCode::Win
                            | ResultCode::UnratedWin
                            | ResultCode::ForfeitWin
                            | ResultCode::FullBye
                            | ResultCode::Pab => Outcome::Win,
                            ResultCode::Draw | ResultCode::UnratedDraw | ResultCode::HalfBye => {
                                Outcome::Draw
                            }
                            _ => Outcome::Loss,
                        };
                        RoundEntry {
                            opponent: b.opponent,
                            colour: b.colour,
                            played: b.result.is_played(),
                            paired: b.opponent.is_some()
                                || matches!(b.result, ResultCode::Pab | ResultCode::ForfeitWin),
                            pab: b.result == ResultCode::Pab,
                            outcome,
                            points: sc.points(b.result),
                        }
                    }
                })
                .collect();
            SwissPlayer {
                id: p.id,
                score: p.points,
                rounds,
                absent: p.rounds.get(played).copied().flatten().is_some(),
            }
        })
        .collect();
    let round = played as u32 + 1;
    SwissState {
        players,
        rounds_total: t.rounds_declared.unwrap_or(round + 1),
        round,
        scoring: Scoring {
            win: sc.win,
            draw: sc.draw,
            loss: sc.loss,
            pab: sc.pab,
        },
        initial_colour: t.initial_colour.unwrap_or(state::Colour::White),
    }
}

/// Pair the next round of a TRF. The answer is the FIDE engines' text: the number of pairs
/// (the bye counting as one), then `white black` per board in board order, `N 0` for the bye.
pub fn pair_trf(text: &str, system: SwissSystem) -> Result<String, PairTrfError> {
    let t = trf::parse(text).map_err(PairTrfError::Trf)?;
    match system {
        SwissSystem::Dutch => {
            let st = state_from_trf(&t);
            let p = dutch::pair_dutch(&st).map_err(PairTrfError::Pairing)?;
            Ok(p.to_engine_text())
        }
        SwissSystem::Cxa => Err(PairTrfError::Unsupported(system)),
    }
}
