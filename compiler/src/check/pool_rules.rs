//! Pools that admit only some players. `qualifiers "地市州分站赛" top 12` admits the top 12 of
//! an earlier event and a player's `qualified N` is the place taken there: places start at 1
//! (E630). `invite CHN 2 VIE 2` lists the federations invited and how many each sends: a
//! federation listed twice (E631), a federation invited with nobody (E632), and a pool of more
//! places than the list invites (E633: places nobody may fill). `replacement from pool reserve`
//! fills the places a pool leaves empty from another pool's ranking: the pool needs a size
//! (E634), the reserve is another pool without one (E635). The runtime refuses the rows these
//! rules keep out (R042, R043, R044).

use super::entry::entry_clauses;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};
use std::collections::BTreeMap;
use xqreg_grammar::ast::{self, EntryClause, PoolSource};

pub const CODES: &[&Code] = &[&E630, &E631, &E632, &E633, &E634, &E635];

// The message catalogue of this module: compiler/messages/check/pool_rules.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/pool_rules.rs"));

fn invite(pool: &ast::Pool, list: &[(ast::Ident, ast::Spanned<u32>)], diags: &mut Diagnostics) {
    let mut seen: BTreeMap<&str, xqreg_grammar::Span> = BTreeMap::new();
    let mut invited = 0u64;
    for (fed, n) in list {
        let name = fed.node.as_str();
        if let Some(first) = seen.get(name) {
            diags.push(
                TWICE
                    .at(fed.span, &[("fed", name)])
                    .with_label(*first, FIRST.plain()),
            );
        } else {
            seen.insert(name, fed.span);
        }
        if n.node == 0 {
            diags.push(NOBODY.at(n.span, &[("fed", name)]));
        }
        invited += u64::from(n.node);
    }
    if let Some(size) = pool.size.as_ref().filter(|s| u64::from(s.node) > invited) {
        diags.push(OVER.at(
            size.span,
            &[
                ("pool", &pool.name.node),
                ("size", &size.node.to_string()),
                ("invited", &invited.to_string()),
            ],
        ));
    }
}

fn replacement_from(
    file: &ast::File,
    p: &ast::Pool,
    from: &ast::Ident,
    span: xqreg_grammar::Span,
    diags: &mut Diagnostics,
) {
    let names = [("pool", p.name.node.as_str()), ("from", from.node.as_str())];
    if p.size.is_none() {
        diags.push(NO_SIZE.at(span, &names));
    }
    let sized = entry_clauses(file)
        .any(|c| matches!(c, EntryClause::Pool(o) if o.name.node == from.node && o.size.is_some()));
    let why = if from.node == p.name.node {
        Some(("the pool itself", "即本来源"))
    } else if sized {
        Some(("it has places of its own", "它有自己的名额数"))
    } else {
        None
    };
    if let Some((en, zh)) = why {
        let mut args = names.to_vec();
        args.extend([("why", en), ("why_zh", zh)]);
        diags.push(RESERVE.at(from.span, &args));
    }
}

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    for c in entry_clauses(file) {
        let EntryClause::Pool(p) = c else { continue };
        for s in &p.source {
            match s {
                PoolSource::Qualifiers { top: Some(t), .. } if t.node == 0 => {
                    diags.push(PLACE_ZERO.at(t.span, &[]));
                }
                PoolSource::Invite { list, .. } => invite(p, list, diags),
                PoolSource::ReplacementFrom { pool, span, .. } => {
                    replacement_from(file, p, pool, *span, diags)
                }
                _ => {}
            }
        }
    }
}
