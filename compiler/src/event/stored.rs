//! The records the event store keeps, as its commands read and write them: a game's pairing and
//! its stored form, a withdrawal, a late entry, a log entry. [`super::store`] reads and writes
//! them.

use serde::Serialize;
use xqreg_runtime::engine::results::{game_key, GameKey};

/// A game as the engine pairs it: where in the event it is played (stage, round, group or
/// match, playoff step, its number among the games of the same two players there) and who has
/// Red. A replay's game ([`super::live::EngineGame`]) and a published one ([`StoredGame`]) are
/// both this and more; [`Pairing::key`] is the identity the two are matched by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub stage: String,
    pub round: u32,
    pub group: Option<String>,
    pub step: Option<String>,
    pub game_no: u32,
    pub red: String,
    pub black: String,
}

impl Pairing {
    /// The game's identity, whichever player has Red ([`game_key`]).
    pub fn key(&self) -> GameKey {
        game_key(
            &self.stage,
            self.round,
            &self.red,
            &self.black,
            self.step.as_deref(),
            self.game_no,
        )
    }
}

/// A published game as stored: its pairing, the batch that published it, its board and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub id: i64,
    pub batch: i64,
    pub board: u32,
    pub game: Pairing,
    /// The recorded result (`1-0`, `=`, ...), Red's and Black's fouls.
    pub result: Option<(String, u32, u32)>,
}

/// A withdrawal as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredWithdrawal {
    pub player: String,
    pub stage: String,
    pub after_round: u32,
}

/// A late entry as stored: the players of one `event enter` (the rows of its roster CSV as
/// given) enter Swiss `stage` before `round`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct StoredEntry {
    pub stage: String,
    pub round: u32,
    pub players: Vec<String>,
    /// The roster CSV the players came in (header and their rows).
    pub csv: String,
    pub csv_name: String,
}

/// One log entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LogEntry {
    pub id: i64,
    pub command: String,
    pub changes: serde_json::Value,
    /// Wall-clock time (UTC, seconds since 1970): the one time stamp the event keeps.
    pub at: String,
}
