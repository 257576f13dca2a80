//! A clause said twice where only one can hold (E115): two `avoid` lines in a stage, two
//! `field`s in the entry, two `fouls_per_game` limits. The plan is lowered from the first of
//! each (`compile/stages.rs` takes the first clause of a kind), so the second would be printed
//! and never run. What "the same clause" is comes from the keys a supplement replaces clauses
//! by (`supplements/keys.rs`) for the header, entry and conduct, and from the clause kinds of
//! the contract for a stage.

use xqreg_grammar::ast::{self, EntryClause, Item, StageClause};
use xqreg_grammar::Span;

use super::entry::{entry_clauses, header_clauses};
use super::resolve::keyword_span;
use super::supplements::keys::{conduct_key, entry_clause_key, header_clause_key};
use super::Report;
use crate::contract::walk::stage_clause;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E115];

// The message catalogue of this module: compiler/messages/check/twice.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/twice.rs"));

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    let header = header_clauses(file)
        .filter_map(|c| header_clause_key(c).map(|k| (k.to_string(), keyword_span(c.span(), k))));
    once(header.collect(), "the regulation", "规程", diags);
    // Named clauses (a pool, a player, a team) repeated are the names check's (E101), two
    // quotas E616; a supplement's `cap` replaces a `field`, but here the two are E610's.
    let entry = entry_clauses(file).filter_map(|c| match c {
        EntryClause::Pool(_)
        | EntryClause::Player(_)
        | EntryClause::Team(_)
        | EntryClause::Quota(_) => None,
        EntryClause::Cap { .. } => Some(("cap".to_string(), c.span())),
        _ => entry_clause_key(c).map(|k| (k, c.span())),
    });
    once(entry.collect(), "the entry", "报名", diags);
    let conduct = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Conduct(c) => Some(&c.rules),
            _ => None,
        })
        .flatten()
        .filter_map(|r| conduct_key(r).map(|k| (k, r.kind.span)));
    once(conduct.collect(), "the conduct rules", "赛场纪律", diags);
    for item in &file.items {
        if let Item::TimeControl(t) = item {
            // A time control's periods (`moves 40 in 2h`) follow one another; every other
            // clause is said once.
            let clauses = crate::contract::clauses(std::slice::from_ref(item))
                .into_iter()
                .filter(|f| f.kind != crate::contract::ClauseKind::TimeMoves)
                .map(|f| (keyword_of(f.kind).to_string(), f.span));
            let block = format!("time control `{}`", t.name.node);
            let block_zh = format!("用时 `{}`", t.name.node);
            once(clauses.collect(), &block, &block_zh, diags);
        }
        let Item::Stage(st) = item else { continue };
        let clauses = st.clauses.iter().filter_map(|c| {
            let key = match c {
                // Two formats are E209's; notes may be many; `assume rounds` and `assume system`
                // are two values.
                StageClause::Format(_) | StageClause::Note(_) => return None,
                StageClause::Assume { value, .. } => format!("assume {}", assumed(value)),
                _ => keyword_of(stage_clause(c).kind).to_string(),
            };
            Some((key, stage_clause(c).span))
        });
        let block = format!("stage `{}`", st.name.node);
        let block_zh = format!("阶段 `{}`", st.name.node);
        once(clauses.collect(), &block, &block_zh, diags);
    }
}

/// A stage clause kind's keyword, from the contract's syntax (`stage { avoid same_unit ... }`):
/// `numbers registration_order` and `numbers { seeds ... }` are both `numbers`.
fn keyword_of(kind: crate::contract::ClauseKind) -> &'static str {
    let syntax = crate::contract::entry(kind).syntax;
    let inner = syntax.split_once("{ ").map_or(syntax, |(_, rest)| rest);
    inner.split_whitespace().next().unwrap_or(syntax)
}

fn assumed(v: &ast::AssumedValue) -> &'static str {
    match v {
        ast::AssumedValue::Rounds(_) => "rounds",
        ast::AssumedValue::System(_) => "system",
    }
}

/// E115 at the second of each key said twice in one block, the first pointed at too.
fn once(clauses: Vec<(String, Span)>, block: &str, block_zh: &str, diags: &mut Diagnostics) {
    for (i, (key, span)) in clauses.iter().enumerate() {
        let Some((_, first)) = clauses.iter().take(i).find(|(k, _)| k == key) else {
            continue;
        };
        let what = key.split_whitespace().next().unwrap_or(key);
        let d = TWICE
            .at(
                *span,
                &[("block", block), ("block_zh", block_zh), ("what", what)],
            )
            .with_label(*first, FIRST.plain());
        diags.push(d);
    }
}
