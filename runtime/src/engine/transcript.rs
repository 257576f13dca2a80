//! The transcript: every draw, lot, colour decision, playoff, tie-break separation, withdrawal,
//! replacement and prize, in the order it happened, each with the clause it follows.

use crate::plan::Origin;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TranscriptEntry {
    pub kind: EntryKind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<String>,
    pub text: String,
    pub origin: Origin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EntryKind {
    /// A player drawn into a group.
    Draw,
    /// Pairing numbers.
    Numbers,
    /// Colours decided by lot.
    Colours,
    /// A tie left by a chain, or a playoff chain, decided by lot.
    Lot,
    /// A playoff step and what it decided.
    Playoff,
    /// A tie-break separation.
    Tiebreak,
    /// A forfeit and its consequence.
    Forfeit,
    Withdrawal,
    /// A game lost by fouls.
    Fouls,
    Places,
    Prize,
    Qualification,
    /// A Swiss pairing note from the pairing system.
    Pairing,
    /// A player the regulation admits whom no stage takes.
    Entry,
}

/// Collects entries; `stage` is set by the engine while a stage runs.
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    pub entries: Vec<TranscriptEntry>,
    pub stage: Option<String>,
}

impl Transcript {
    pub fn push(&mut self, kind: EntryKind, text: String, origin: &Origin) {
        self.entries.push(TranscriptEntry {
            kind,
            stage: self.stage.clone(),
            text,
            origin: origin.clone(),
        });
    }
}
