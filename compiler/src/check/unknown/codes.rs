//! The codes of unknown names (E102 to E113, E708) and the report of each kind.

use super::super::resolve::Kind;
use super::super::Report;
use crate::diagnostics::{Code, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/unknown/codes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/unknown/codes.rs"));

/// The Report for an unknown name of a kind.
pub(super) fn unknown_report(kind: Kind) -> &'static Report {
    match kind {
        Kind::TimeControl => &UNKNOWN_TIME_CONTROL,
        Kind::Stage => &UNKNOWN_STAGE,
        Kind::Group => &UNKNOWN_GROUP,
        Kind::Pool => &UNKNOWN_POOL,
        Kind::Category => &UNKNOWN_CATEGORY,
        Kind::Playoff => &UNKNOWN_PLAYOFF,
        Kind::Player => &UNKNOWN_PLAYER,
        Kind::Scoring => &UNKNOWN_SCORING,
        Kind::Team => &UNKNOWN_TEAM,
        Kind::Roster => &UNKNOWN_ROSTER,
    }
}

pub const CODES: &[&Code] = &[
    &E102, &E103, &E104, &E105, &E106, &E108, &E109, &E112, &E113, &E708,
];
