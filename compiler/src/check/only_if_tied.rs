//! `only_if_tied` in a knockout: its one match is played only when its two players are level on
//! points in the stage their places come from (第一名积分相同时才加赛). The runtime can decide
//! that only for a bracket of one pair of single places of one round robin or Swiss (and of one
//! group): anything else would be accepted and never act, so it is refused (E227).

use xqreg_grammar::ast::{BracketSlot, Format, GroupSel, KnockoutClause, PlaceRef, StageClause};

use super::facts::FormatKind;
use super::stages::stage_clauses;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E227];

// The message catalogue of this module: compiler/messages/check/only_if_tied.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/only_if_tied.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (_, c) in stage_clauses(ctx) {
        let StageClause::Format(Format::Knockout(k)) = c else {
            continue;
        };
        let Some(clause) = k.clauses.iter().find_map(|kc| match kc {
            KnockoutClause::OnlyIfTied(span) => Some(*span),
            _ => None,
        }) else {
            continue;
        };
        let pairs = k.clauses.iter().find_map(|kc| match kc {
            KnockoutClause::Bracket { pairs, .. } => Some(pairs),
            _ => None,
        });
        let [(BracketSlot::Place(a), BracketSlot::Place(b))] = pairs.map_or(&[][..], |p| &p[..])
        else {
            diags.push(NOT_ONE_PAIR.at(clause, &[]));
            continue;
        };
        if let Some(why) = unlike(ctx, a, b) {
            diags.push(
                why.at(a.span.join(b.span), &[])
                    .with_label(clause, HERE.plain()),
            );
        }
    }
}

/// The group a place names ("" for none); None for every group (`.*`).
fn group(r: &PlaceRef) -> Option<&str> {
    match &r.group {
        GroupSel::None => Some(""),
        GroupSel::Named(g) => Some(g.node.as_str()),
        GroupSel::All => None,
    }
}

/// Why two places cannot be compared on points, if they cannot.
fn unlike(ctx: &Ctx<'_>, a: &PlaceRef, b: &PlaceRef) -> Option<&'static Report> {
    let single = |r: &PlaceRef| r.places.start == r.places.end;
    let one_table = a.stage.node == b.stage.node && group(a).is_some() && group(a) == group(b);
    if !single(a) || !single(b) || !one_table {
        return Some(&NOT_ONE_TABLE);
    }
    let format = ctx
        .facts
        .stages
        .get(a.stage.node.as_str())
        .map(|f| f.format);
    match format {
        Some(
            FormatKind::RoundRobin { .. } | FormatKind::Swiss | FormatKind::TeamRoundRobin { .. },
        ) => None,
        Some(FormatKind::Knockout | FormatKind::SamePlace) => Some(&NO_POINTS),
        // An unknown stage or format is reported where it is written.
        Some(FormatKind::Unknown) | None => None,
    }
}
