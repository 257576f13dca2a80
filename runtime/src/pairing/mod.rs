//! Pairing systems: round robin (Berger tables), knockout brackets, lots, and the interface a
//! Swiss system plugs into.
//!
//! The engine runs a Swiss stage round by round: before each round it builds a [`SwissRound`]
//! (every player's pairing number, score, colour history, opponents, byes, availability) and
//! asks a [`SwissPairer`] for the boards; it then plays them, scores them and records them. A
//! pairer sees only that state and the stage's parameters, never the engine; the FIDE Dutch and
//! CXA systems in `swiss/` implement it (an adapter maps this state onto their own).

pub mod cxa;
pub mod dutch_adapter;
mod first_round;
pub mod knockout;
pub mod lots;
pub mod round_robin;
pub mod swiss;

use crate::plan::{Scoring, Side, Swiss};
use serde::{Deserialize, Serialize};

/// One player in a Swiss stage before a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissPlayer {
    /// Pairing number (1-based, fixed for the stage).
    pub number: u32,
    pub id: String,
    pub rating: u32,
    /// What same-unit avoidance keeps apart: the player's unit, or its federation under
    /// `avoid same_federation` (the Swiss stage fills it from the plan's `avoid_by`).
    pub unit: Option<String>,
    /// Points so far in the stage.
    pub points: i64,
    /// One entry per round played so far, in order.
    pub history: Vec<SwissRoundEntry>,
    /// False for a withdrawn player or one absent this round: not to be paired.
    pub available: bool,
}

/// What a player did in one earlier round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissRoundEntry {
    /// Opponent's pairing number; None for a bye or an unpaired round.
    pub opponent: Option<u32>,
    /// Colour if the game was played over the board (forfeits and byes have none).
    pub colour: Option<Side>,
    pub result: SwissResult,
    pub points: i64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SwissResult {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    DoubleForfeit,
    /// Pairing-allocated bye.
    Bye,
    /// Not paired (absent, withdrawn).
    Absent,
}

/// The state before one round.
#[derive(Clone, Debug)]
pub struct SwissRound<'a> {
    /// The round to pair (1-based).
    pub round: u32,
    pub total_rounds: u32,
    /// Players ordered by pairing number.
    pub players: &'a [SwissPlayer],
    pub params: &'a Swiss,
    pub scoring: &'a Scoring,
}

/// A round's pairing: boards in publication order, (Red, Black) pairing numbers, and who gets
/// the pairing-allocated bye; `notes` explain the decisions (score groups, floaters, colours).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing {
    pub boards: Vec<(u32, u32)>,
    pub byes: Vec<u32>,
    pub notes: Vec<String>,
}

/// A round that cannot be paired legally: which constraint failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingFailure {
    pub message: String,
}

/// A Swiss pairing system.
pub trait SwissPairer {
    fn pair(&self, round: &SwissRound<'_>) -> Result<RoundPairing, PairingFailure>;
}
