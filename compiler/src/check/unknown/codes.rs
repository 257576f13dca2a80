//! The codes of unknown names (E102 to E113, E708) and the report of each kind.

use super::super::resolve::Kind;
use super::super::Report;
use crate::diagnostics::{Code, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/unknown/codes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/unknown/codes.rs"));

/// The Report for an unknown name of a kind.
pub(super) fn unknown_report(kind: Kind) -> Report {
    let (code, en, zh): (&'static Code, &'static str, &'static str) = match kind {
        Kind::TimeControl => (
            &E102,
            "unknown time control `{name}`",
            "未声明的用时 `{name}`",
        ),
        Kind::Stage => (&E103, "unknown stage `{name}`", "未声明的阶段 `{name}`"),
        Kind::Group => (
            &E104,
            "stage `{stage}` has no group `{name}`",
            "阶段 `{stage}` 没有小组 `{name}`",
        ),
        Kind::Pool => (&E105, "unknown pool `{name}`", "未声明的名额来源 `{name}`"),
        Kind::Category => (&E106, "unknown category `{name}`", "未声明的组别 `{name}`"),
        Kind::Playoff => (
            &E108,
            "unknown playoff chain `{name}`",
            "未声明的加赛办法 `{name}`",
        ),
        Kind::Player => (&E109, "unknown player `{name}`", "未声明的棋手 `{name}`"),
        Kind::Scoring => (
            &E112,
            "unknown scoring `{name}`",
            "未声明的记分办法 `{name}`",
        ),
        Kind::Team => (&E113, "unknown team `{name}`", "未声明的队伍 `{name}`"),
        Kind::Roster => (&E708, "unknown roster `{name}`", "未声明的名单 `{name}`"),
    };
    Report {
        code,
        message: Template::new(en, zh),
        label: Template::new("not declared", "未声明"),
        help: Template::new("", ""),
    }
}

pub const CODES: &[&Code] = &[
    &E102, &E103, &E104, &E105, &E106, &E108, &E109, &E112, &E113, &E708,
];
