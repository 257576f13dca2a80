//! Swiss pairing systems: the FIDE Dutch system and the CXA 积分编排 system.
//!
//! `state` holds the engine-neutral input (`SwissState`) and output (`Pairing`); `dutch` is the
//! FIDE Dutch engine, built on `blossom` (maximum-weight matching with `weight`'s wide integers)
//! and `cardinality` (the completion check). `pair_trf` is the entry point of `xqreg pair`: a TRF
//! in, the pairing in the line format FIDE engines print out.

pub mod budget;
pub mod cardinality;
pub mod dense;
pub mod dutch;
pub mod legality;
pub mod state;
pub mod synth;
pub mod weight;

use std::fmt;

use crate::trf::{self, ResultCode, Trf, TrfError};
use state::{Outcome, PairingError, RoundEntry, Scoring, SwissPlayer, SwissState};

/// The Swiss systems `pair_trf` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwissSystem {
    /// FIDE Dutch (C.04.3).
    Dutch,
    /// CXA 积分编排 with the documented defaults of [`cxa_trf_params`].
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
    /// The file or the regulation asks for something this engine does not do yet (the text
    /// says what, and where): refused rather than paired without it.
    NotAvailable(String),
}

impl fmt::Display for PairTrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairTrfError::Trf(e) => write!(f, "{e}"),
            PairTrfError::Pairing(e) => write!(f, "{e}"),
            PairTrfError::Unsupported(s) => write!(f, "{s:?} pairing from a TRF is not available"),
            PairTrfError::NotAvailable(what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for PairTrfError {}

/// Build the state before the next round (the one after the last round anybody was paired in):
/// players with an entry in that round's column (a requested bye or an absence) sit it out. The
/// acceleration records (`XXA`, `250`) give the virtual points, the forbidden-pair records
/// (`XXP`, `260`) holding in that round the pairs kept apart; a `_BAKU` system is applied by
/// [`pair_trf`] (it can fail), not here.
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
        // A file that neither declares nor shows one is refused before (`pair_trf_with`).
        initial_colour: t.first_colour().unwrap_or(state::Colour::White),
        virtual_points: t.virtual_points(),
        forbidden: t.forbidden_in(round),
    }
}

/// Whether the file's system line asks for the Baku acceleration (`FIDE_DUTCH_2025_BAKU`,
/// `FIDE_DUTCH_BAKU`, ...).
fn asks_baku(t: &Trf) -> bool {
    t.system
        .as_deref()
        .is_some_and(|s| s.to_ascii_uppercase().contains("BAKU"))
}

/// The Baku acceleration (FIDE C.04.5.1) of a TRF's players: GA is the first half of the
/// players in pairing-number order rounded up to an even number, `2 * ceil(N / 4)` of the `N`
/// player lines (the file cannot say who entered late, so every line counts); the accelerated
/// rounds are the first half of the rounds rounded up, `A = ceil(R / 2)`; GA's players have a
/// win's points as virtual points in the first `ceil(A / 2)` of them and a draw's in the rest.
/// The method is for 1 / ½ / 0 scoring (any scale of it: 2 / 1 / 0 too); other scorings and a
/// file without its number of rounds are refused.
pub fn baku_points(t: &Trf) -> Result<std::collections::BTreeMap<u32, Vec<u32>>, PairTrfError> {
    let sc = &t.scoring;
    if sc.loss != 0 || sc.draw.saturating_mul(2) != sc.win || sc.win == 0 {
        return Err(PairTrfError::Pairing(PairingError::InvalidState(format!(
            "the Baku acceleration (C.04.5.1) is for 1 / 0.5 / 0 scoring (or a multiple of it), \
             but this file scores a win {}, a draw {} and a loss {}",
            tenths(sc.win),
            tenths(sc.draw),
            tenths(sc.loss)
        ))));
    }
    let Some(rounds) = t.rounds_declared else {
        return Err(PairTrfError::Pairing(PairingError::InvalidState(
            "the Baku acceleration (C.04.5.1) needs the number of rounds (an `XXR` or `142` \
             line)"
                .to_string(),
        )));
    };
    let accelerated = rounds.div_ceil(2) as usize;
    let full = accelerated.div_ceil(2);
    let mut ids: Vec<u32> = t.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    let ga = 2 * ids.len().div_ceil(4);
    let points: Vec<u32> = (0..accelerated)
        .map(|r| if r < full { sc.win } else { sc.draw })
        .collect();
    Ok(ids
        .into_iter()
        .take(ga)
        .map(|id| (id, points.clone()))
        .collect())
}

fn tenths(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

/// Pair the next round of a TRF. The answer is the FIDE engines' text: the number of pairs
/// (the bye counting as one), then `white black` per board in board order, `N 0` for the bye.
pub fn pair_trf(text: &str, system: SwissSystem) -> Result<String, PairTrfError> {
    pair_trf_with(text, system, None)
}

/// [`pair_trf`] with the parameters of a regulation's Swiss stage (`xqreg pair --regulation
/// FILE --stage NAME`) instead of the documented defaults. The FIDE Dutch system has no
/// parameters of its own: for it the stage only has to exist.
pub fn pair_trf_with(
    text: &str,
    system: SwissSystem,
    stage: Option<(&crate::plan::Swiss, &crate::plan::Scoring)>,
) -> Result<String, PairTrfError> {
    let t = trf::parse(text).map_err(PairTrfError::Trf)?;
    match system {
        SwissSystem::Dutch => {
            if t.first_colour().is_none() {
                return Err(PairTrfError::Pairing(PairingError::InvalidState(
                    "the file does not say the initial colour (the top seed's in round 1), and \
                     no game shows it: add a line `XXC white1` (or `XXC black1`, or TRF-2026's \
                     `152 W`)"
                        .to_string(),
                )));
            }
            let mut st = state_from_trf(&t);
            // TRF-2026: acceleration records override the system line's method.
            if t.accelerations.is_empty() && asks_baku(&t) {
                st.virtual_points = baku_points(&t)?;
            }
            let p = dutch::pair_dutch(&st).map_err(PairTrfError::Pairing)?;
            Ok(p.to_engine_text())
        }
        SwissSystem::Cxa => {
            refuse_for_cxa(&t)?;
            pair_trf_cxa(&t, stage)
        }
    }
}

/// The CXA pairer reads neither accelerations (`XXA`, `250`, a `_BAKU` system) nor forbidden
/// pairs (`XXP`, `260`): a file that has them is refused for it rather than paired without them.
fn refuse_for_cxa(t: &Trf) -> Result<(), PairTrfError> {
    let first = t
        .accelerations
        .iter()
        .map(|a| match a {
            trf::TrfAcceleration::Player { line, .. } => (*line, "XXA", "accelerated scores"),
            trf::TrfAcceleration::Range { line, .. } => (*line, "250", "accelerated scores"),
        })
        .chain(t.forbidden.iter().map(|f| {
            let code = if f.rounds.is_some() { "260" } else { "XXP" };
            (f.line, code, "forbidden pairs")
        }))
        .min();
    if let Some((lineno, code, what)) = first {
        return Err(PairTrfError::NotAvailable(format!(
            "line {lineno}: `{code}` ({what}) is read by the Dutch system only, not by \
             `--system cxa`; remove the line to pair without it"
        )));
    }
    if asks_baku(t) {
        return Err(PairTrfError::NotAvailable(
            "the Baku acceleration (a `_BAKU` system line) is read by the Dutch system only, \
             not by `--system cxa`"
                .to_string(),
        ));
    }
    Ok(())
}

/// The CXA parameters a TRF pairing uses when no regulation names them: round 1 split in half
/// (拦腰) with colours alternating by board and the upper half Red on board 1 (seed 001's
/// method), no three of a colour in a row and no difference beyond 2, relaxed in the last round,
/// identical histories by round parity (BP's default), the bye to the lowest-scored player
/// without one, a forfeit not counting as met (FIDE), units never kept apart.
pub fn cxa_trf_params(rounds: u32) -> crate::plan::Swiss {
    use crate::plan::*;
    let o = Origin::default_rule("xqreg pair --system cxa: documented default");
    Swiss {
        system: crate::plan::SwissSystem::Cxa,
        rounds: SwissRounds::Fixed { rounds },
        numbers: Numbers::RegistrationOrder { origin: o.clone() },
        first_round: FirstRound {
            method: FirstRoundMethod::SplitHalf,
            colours: FirstRoundColours::Alternate,
            first_board: FirstBoard::Upper,
            origin: o.clone(),
        },
        colour_limits: ColourLimits {
            max_consecutive: 2,
            max_difference: 2,
            relax_last_rounds: 1,
            origin: o.clone(),
        },
        colour_tie: ColourTie::RoundParity,
        bye: ByeRule {
            points: 2,
            opponent_score: ByeScore::LowestInField,
            recipient: ByeRecipient::LowestNotYet,
            origin: o.clone(),
        },
        forfeit_counts_as_met: false,
        avoid_same_unit: AvoidWhen::Never,
        avoid_by: AvoidBy::Unit,
        split: None,
        open: Vec::new(),
        late_entry: None,
        lineup: None,
        boards: None,
        origin: o,
    }
}

/// The CXA pairer on a TRF: points in tenths (only their order matters to the pairer), White
/// read as Red; the answer in the same line format as the Dutch engine's.
fn pair_trf_cxa(
    t: &Trf,
    stage: Option<(&crate::plan::Swiss, &crate::plan::Scoring)>,
) -> Result<String, PairTrfError> {
    use crate::pairing::{SwissPairer, SwissResult, SwissRound, SwissRoundEntry};
    use crate::plan::Side;
    let played = t.rounds_played() as usize;
    let players: Vec<crate::pairing::SwissPlayer> = t
        .players
        .iter()
        .map(|p| crate::pairing::SwissPlayer {
            number: p.id,
            id: p.id.to_string(),
            rating: p.rating.unwrap_or(0),
            unit: None,
            points: i64::from(p.points),
            history: (0..played)
                .map(|r| match p.rounds.get(r).copied().flatten() {
                    None => SwissRoundEntry {
                        opponent: None,
                        colour: None,
                        result: SwissResult::Absent,
                        points: 0,
                    },
                    Some(b) => {
                        let result = match b.result {
                            ResultCode::Win | ResultCode::UnratedWin => SwissResult::Win,
                            ResultCode::Draw | ResultCode::UnratedDraw => SwissResult::Draw,
                            ResultCode::Loss | ResultCode::UnratedLoss => SwissResult::Loss,
                            ResultCode::ForfeitWin => SwissResult::ForfeitWin,
                            ResultCode::ForfeitLoss => SwissResult::ForfeitLoss,
                            ResultCode::Pab | ResultCode::FullBye => SwissResult::Bye,
                            ResultCode::HalfBye | ResultCode::ZeroBye | ResultCode::Blank => {
                                SwissResult::Absent
                            }
                        };
                        SwissRoundEntry {
                            opponent: b.opponent,
                            colour: if b.result.is_played() {
                                b.colour.map(|c| match c {
                                    state::Colour::White => Side::Red,
                                    state::Colour::Black => Side::Black,
                                })
                            } else {
                                None
                            },
                            result,
                            points: i64::from(t.scoring.points(b.result)),
                        }
                    }
                })
                .collect(),
            available: p.rounds.get(played).copied().flatten().is_none(),
        })
        .collect();
    let round = played as u32 + 1;
    let total = t.rounds_declared.unwrap_or(round + 1).max(round);
    let (params, scoring) = match stage {
        Some((sw, sc)) => (sw.clone(), sc.clone()),
        None => (
            {
                // The file's own initial colour (`XXC black1`, `152 B`): the top seed's colour
                // in round 1 is board 1's upper half, as the Dutch engine reads it.
                let mut params = cxa_trf_params(total);
                if t.initial_colour == Some(state::Colour::Black) {
                    params.first_round.first_board = crate::plan::FirstBoard::Lower;
                }
                params
            },
            crate::plan::Scoring::cxa_default(crate::plan::Origin::default_rule(
                "xqreg pair --system cxa: 2/1/0",
            )),
        ),
    };
    let input = SwissRound {
        round,
        total_rounds: total,
        players: &players,
        params: &params,
        scoring: &scoring,
    };
    let pairing = crate::pairing::cxa::CxaPairer
        .pair(&input)
        .map_err(|f| PairTrfError::Pairing(PairingError::NoLegalPairing(f.message)))?;
    let mut out = format!("{}\n", pairing.boards.len() + pairing.byes.len());
    for (r, b) in &pairing.boards {
        out.push_str(&format!("{r} {b}\n"));
    }
    for b in &pairing.byes {
        out.push_str(&format!("{b} 0\n"));
    }
    Ok(out)
}
