//! `seeds N category C` in a knockout: seed numbers 1..N go to the category's members, the rest
//! of the field is drawn by lot. N is at least 1 and at most the bracket's size (E230); the
//! numbers are seed numbers, so the bracket is a seeded one, not a list of pairs (E231). An
//! unknown category is E106 (`unknown`). `byes top_seeds|lot` gives the byes of a seeded bracket;
//! a bracket written as pairs writes its own (`bye`), so the clause would never be read (E232).

use super::stages::stage_clauses;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{Format, KnockoutClause, StageClause};

pub const CODES: &[&Code] = &[&E230, &E231, &E232];

// The message catalogue of this module: compiler/messages/check/ko_seeds.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/ko_seeds.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, c) in stage_clauses(ctx) {
        let StageClause::Format(Format::Knockout(ko)) = c else {
            continue;
        };
        let size = ko.clauses.iter().find_map(|k| match k {
            KnockoutClause::Seeded { size, .. } => Some(size.node),
            _ => None,
        });
        let pairs = ko
            .clauses
            .iter()
            .any(|k| matches!(k, KnockoutClause::Bracket { .. }));
        // Without `seeded N` the bracket is the entrants' next power of two.
        let size = size.or_else(|| {
            ctx.facts
                .stages
                .get(st.name.node.as_str())
                .and_then(|f| f.entrants_from_sources)
                .and_then(|e| e.max(2).checked_next_power_of_two())
        });
        for k in &ko.clauses {
            if let (true, KnockoutClause::Byes { span, .. }) = (pairs, k) {
                diags.push(BYES_WITH_PAIRS.at(*span, &[]));
            }
            let KnockoutClause::Seeds { count, span, .. } = k else {
                continue;
            };
            if pairs {
                diags.push(PAIRS.at(*span, &[]));
            } else if count.node == 0 || size.is_some_and(|s| count.node > s) {
                let s = size.map_or("?".to_string(), |s| s.to_string());
                diags.push(OVER.at(
                    count.span,
                    &[("count", &count.node.to_string()), ("size", &s)],
                ));
            }
        }
    }
}
