//! `numbers { pool a odd  pool b even  within lot }` (单号/双号): one `odd` and one `even` pool
//! (E418), declared sizes an odd/even numbering fits (E419), and no named player of the stage in
//! neither pool (E420). Unknown pools are E105 (`unknown`), the words E111 (`words`).

use super::entry::entry_clauses;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use xqreg_grammar::ast::{EntrantSource, EntryClause, Ident, Numbers, PlayerAttr, StageClause};
use xqreg_grammar::Span;

pub const CODES: &[&Code] = &[&E418, &E419, &E420];

// The message catalogue of this module: compiler/messages/check/parity.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/parity.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.scope.stage_order {
        let clauses = ctx.scope.stage_clauses(name);
        for c in &clauses {
            let StageClause::Numbers(Numbers::Parity { pools, span, .. }) = c else {
                continue;
            };
            let Some((odd, even)) = odd_even(pools, *span, diags) else {
                continue;
            };
            sizes(ctx, odd, even, diags);
            let takes_roster = clauses.iter().any(|c| {
                matches!(c, StageClause::Entrants { sources, .. }
                    if sources.iter().any(|s| matches!(s, EntrantSource::Roster(_))))
            });
            if takes_roster {
                neither(ctx, name, (odd, even), *span, diags);
            }
        }
    }
}

/// The odd and the even pool, or E418.
fn odd_even<'a>(
    pools: &'a [(Ident, Ident)],
    span: Span,
    diags: &mut Diagnostics,
) -> Option<(&'a Ident, &'a Ident)> {
    let words = ["odd", "even"];
    // A word other than odd/even is E111's.
    if pools.iter().any(|(_, p)| !words.contains(&p.node.as_str())) {
        return None;
    }
    let of = |w: &str| {
        pools
            .iter()
            .filter(|(_, p)| p.node == w)
            .collect::<Vec<_>>()
    };
    let (odd, even) = (of("odd"), of("even"));
    let found = format!("{} odd, {} even", odd.len(), even.len());
    let found_zh = format!("单号 {} 个，双号 {} 个", odd.len(), even.len());
    match (odd.as_slice(), even.as_slice()) {
        ([(o, _)], [(e, _)]) if o.node != e.node => Some((o, e)),
        ([(o, _)], [(e, _)]) => {
            let found = [
                ("found", "the same pool twice"),
                ("found_zh", "同一来源写了两次"),
            ];
            diags.push(
                POOLS
                    .at(e.span, &found)
                    .with_label(o.span, NUMBERS_HERE.plain()),
            );
            None
        }
        _ => {
            diags.push(POOLS.at(span, &[("found", &found), ("found_zh", &found_zh)]));
            None
        }
    }
}

/// E419: declared sizes no odd/even numbering fits.
fn sizes(ctx: &Ctx<'_>, odd: &Ident, even: &Ident, diags: &mut Diagnostics) {
    let size = |p: &Ident| {
        ctx.scope
            .pools
            .get(p.node.as_str())
            .and_then(|pool| pool.size.as_ref().map(|s| s.node))
    };
    let (Some(o), Some(e)) = (size(odd), size(even)) else {
        return;
    };
    if o < e || o > e + 1 {
        diags.push(SIZES.at(
            odd.span,
            &[
                ("odd", &odd.node),
                ("even", &even.node),
                ("n_odd", &o.to_string()),
                ("n_even", &e.to_string()),
            ],
        ));
    }
}

/// E420: a named player of a stage that takes the whole roster in neither pool.
fn neither(
    ctx: &Ctx<'_>,
    stage: &str,
    (odd, even): (&Ident, &Ident),
    span: Span,
    diags: &mut Diagnostics,
) {
    for c in entry_clauses(ctx.file) {
        let EntryClause::Player(p) = c else { continue };
        let pool = p.attrs.iter().find_map(|a| match a {
            PlayerAttr::Pool(i) => Some(i.node.as_str()),
            _ => None,
        });
        if pool == Some(odd.node.as_str()) || pool == Some(even.node.as_str()) {
            continue;
        }
        diags.push(
            NEITHER
                .at(
                    p.id.span,
                    &[
                        ("player", &p.id.node),
                        ("odd", &odd.node),
                        ("even", &even.node),
                        ("stage", stage),
                    ],
                )
                .with_label(span, NUMBERS_HERE.plain()),
        );
    }
}
