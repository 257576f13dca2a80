//! `seeds N category C` in a knockout: seed numbers 1..N go to the category's members, the rest
//! of the field is drawn by lot. N is at least 1 and at most the bracket's size (E230); the
//! numbers are seed numbers, so the bracket is a seeded one, not a list of pairs (E231). An
//! unknown category is E106 (`unknown`).

use super::names::code;
use super::stages::stages;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{Format, KnockoutClause, StageClause};

code!(E230, "E230", "knockout-seeds-over-bracket", Error,
    Template::new("`seeds N category C` reserves the first N seed places of the bracket for a category: N is at least 1 and at most the bracket's size.",
        "`seeds N category C` 把对阵表的前 N 个种子位留给一个组别：N 至少为 1，且不超过对阵表的人数。"),
    "stage ko { knockout { seeded 8  seeds 16 category high } }",
    Template::new("Reserve at most the bracket's size (`seeds 8` in `seeded 8`), and at least 1.",
        "保留的种子位不超过对阵表人数（如 `seeded 8` 中写 `seeds 8`），且至少 1 个。"));

code!(E231, "E231", "knockout-seeds-with-pairs", Error,
    Template::new("Reserved seed places are seed numbers of a seeded bracket (`seeded 16`); a bracket written as pairs has no seed numbers to reserve.",
        "保留的种子位是种子对阵表（`seeded 16`）的种子号；以对阵列出的对阵表没有可保留的种子号。"),
    "stage ko { knockout { bracket (a v b) (c v d)  seeds 2 category high } }",
    Template::new("Write a seeded bracket (`seeded 8`) instead of the pairs, or drop `seeds`.",
        "改用种子对阵表（如 `seeded 8`），或删去 `seeds`。"));

pub const CODES: &[&Code] = &[&E230, &E231];

// The message catalogue of this module: compiler/messages/check/ko_seeds.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/ko_seeds.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
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
}
