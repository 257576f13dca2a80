//! The input and output of a Swiss pairing engine: the tournament as it stands before the round
//! to pair, and the pairing of that round.
//!
//! The state is plain data so that engines stay pure functions (`state -> pairing`): the TRF
//! reader builds it from a file, the runtime builds it from its own event record. Points are
//! kept in tenths of a point (`20` is 2.0) so that 1/½/0, 2/1/0 and 3/1/0 scoring all stay
//! integral.

use std::collections::BTreeMap;
use std::fmt;

/// A side of the board. FIDE's White is xiangqi's Red (先手), Black is Black (后手).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Colour {
    /// White / Red: moves first.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The outcome of a round for one player, as the score sheet records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A win (played, forfeit or bye worth a win).
    Win,
    /// A draw (or a half-point bye).
    Draw,
    /// A loss (or a zero-point bye / absence).
    Loss,
}

/// What happened to one player in one past round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's pairing number, for played and forfeited games.
    pub opponent: Option<u32>,
    /// The colour the player was given (also recorded for forfeits; only played games count).
    pub colour: Option<Colour>,
    /// Whether the game was actually played: only played games count for colours and as
    /// "already met" (FIDE C.04.2 D).
    pub played: bool,
    /// Whether the player took part in the pairing of that round: paired against someone
    /// (played or forfeited) or given the pairing-allocated bye.
    pub paired: bool,
    /// Whether this is the pairing-allocated bye.
    pub pab: bool,
    /// Win, draw or loss as scored.
    pub outcome: Outcome,
    /// Points awarded for the round, in tenths.
    pub points: u32,
}

impl RoundEntry {
    /// A round in which the player was absent (zero-point bye, or no entry).
    pub fn absent() -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            played: false,
            paired: false,
            pab: false,
            outcome: Outcome::Loss,
            points: 0,
        }
    }

    /// The pairing-allocated bye, counted as `outcome` for `points`.
    pub fn pairing_bye(outcome: Outcome, points: u32) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            played: false,
            paired: true,
            pab: true,
            outcome,
            points,
        }
    }
}

/// One player as the pairing sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Pairing number (starting rank), from 1.
    pub id: u32,
    /// Current score in tenths of a point.
    pub score: u32,
    /// Rounds 1..R-1, in order; shorter histories are padded with absences.
    pub rounds: Vec<RoundEntry>,
    /// Not to be paired this round (half-point bye, zero-point bye, withdrawn).
    pub absent: bool,
}

/// Points of the scoring system, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// A win.
    pub win: u32,
    /// A draw.
    pub draw: u32,
    /// A loss.
    pub loss: u32,
    /// The pairing-allocated bye.
    pub pab: u32,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 10,
            draw: 5,
            loss: 0,
            pab: 10,
        }
    }
}

/// Everything a Swiss engine needs to pair one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissState {
    /// All registered players, present or not.
    pub players: Vec<SwissPlayer>,
    /// Rounds the event will have.
    pub rounds_total: u32,
    /// The round to pair (1-based); players' histories cover the rounds before it.
    pub round: u32,
    /// Points per result.
    pub scoring: Scoring,
    /// The colour player 1 gets in round 1 (FIDE's "initial colour"), default White.
    pub initial_colour: Colour,
    /// Accelerated pairings (C.04.5): per pairing number, the virtual points of each round
    /// from round 1, in tenths. They count for the pairing only (score groups, floats,
    /// topscorers, the bye's score group), not for the published order of the boards.
    pub virtual_points: BTreeMap<u32, Vec<u32>>,
    /// Pairs (pairing numbers) that may not be paired together this round: forbidden pairings
    /// (TRF `XXP`, `260`; a regulation's `avoid`), treated as already met (C1).
    pub forbidden: Vec<(u32, u32)>,
}

impl SwissState {
    /// Players 1..=`n` with no history, to be paired for round 1 of `rounds_total`: default
    /// scoring, White first, no virtual points, nothing forbidden.
    pub fn round_one(n: u32, rounds_total: u32) -> SwissState {
        SwissState {
            players: (1..=n)
                .map(|id| SwissPlayer {
                    id,
                    score: 0,
                    rounds: Vec::new(),
                    absent: false,
                })
                .collect(),
            rounds_total,
            round: 1,
            scoring: Scoring::default(),
            initial_colour: Colour::White,
            virtual_points: Default::default(),
            forbidden: Vec::new(),
        }
    }

    /// The virtual points of player `id` in round `round_index` (0-based).
    pub fn virtual_points_of(&self, id: u32, round_index: usize) -> u32 {
        self.virtual_points
            .get(&id)
            .and_then(|v| v.get(round_index).copied())
            .unwrap_or(0)
    }
}

/// One round's pairing: boards in publication order, then the bye.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pairing {
    /// `(white, black)` pairing numbers; white is Red in xiangqi.
    pub boards: Vec<(u32, u32)>,
    /// The player given the pairing-allocated bye, if the count was odd.
    pub bye: Option<u32>,
}

impl Pairing {
    /// The line format of FIDE pairing engines: the number of pairs (the bye counts as one),
    /// then `white black` per board and `N 0` for the bye.
    pub fn to_engine_text(&self) -> String {
        let mut s = String::new();
        let count = self.boards.len() + usize::from(self.bye.is_some());
        s.push_str(&format!("{count}\n"));
        for (w, b) in &self.boards {
            s.push_str(&format!("{w} {b}\n"));
        }
        if let Some(x) = self.bye {
            s.push_str(&format!("{x} 0\n"));
        }
        s
    }
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// The state itself is inconsistent (duplicate numbers, unknown opponents, ...).
    InvalidState(String),
    /// No pairing satisfies the absolute criteria; the text names the constraint.
    NoLegalPairing(String),
    /// The event is too large for this implementation's weight width.
    TooLarge(String),
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairingError::InvalidState(s) => write!(f, "invalid tournament state: {s}"),
            PairingError::NoLegalPairing(s) => write!(f, "no legal pairing: {s}"),
            PairingError::TooLarge(s) => write!(f, "too large to pair: {s}"),
        }
    }
}

impl std::error::Error for PairingError {}
