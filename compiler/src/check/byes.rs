//! A Swiss's `bye` clause, where it could be accepted and not run (principle 1): its
//! `opponent_score` is what a bye counts in 对手分 where the tie-break's `opponents_score` does
//! not say (`compile::rules::stage_chain`), so the two written and different are refused (E642),
//! and with no 对手分 in the chain (nor `countback opp_reverse`, which counts a bye as 对手分
//! does) it counts nowhere (W209);
//! its `recipient` is read by the CXA pairer only, so in a FIDE Dutch Swiss, whose rules choose
//! the bye, it is refused (E643). Where the clause acts at all: E114 (`check::contract`).

use xqreg_grammar::ast::{Format, Ident, Param, ParamValue, StageClause};

use super::criteria::{lookup, Crit, Lookup, BYE_SCORES};
use super::facts::formats_of;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E642, &E643, &W209];

// The message catalogue of this module: compiler/messages/check/byes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/byes.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.scope.stage_order {
        let effective = ctx.scope.stage_clauses(name);
        let Some(params) = effective.iter().find_map(|c| match c {
            StageClause::Bye { params, .. } => Some(params.as_slice()),
            _ => None,
        }) else {
            continue;
        };
        // A `bye` outside a Swiss is E114's.
        let formats = formats_of(effective.iter().copied());
        let Some(system) = formats.iter().find_map(|f| match f {
            Format::Swiss { system, .. } => Some(system.node.as_str()),
            _ => None,
        }) else {
            continue;
        };
        // A word outside the three is E111's (`check::words`): nothing to compare.
        let score =
            word(params, "opponent_score").filter(|w| BYE_SCORES.contains(&w.node.as_str()));
        if let Some(word) = score {
            contradiction(name, word, &effective, diags);
        }
        let dutch = system == "dutch";
        if let (true, Some(word)) = (dutch, word(params, "recipient")) {
            diags.push(DUTCH.at(word.span, &[("stage", name), ("word", &word.node)]));
        }
    }
}

/// E642: the tie-break's `opponents_score bye Y` against the stage's `bye opponent_score X`;
/// W209: no 对手分 in the tie-break (or no tie-break, W401), nor a `countback opp_reverse`.
fn contradiction(stage: &str, said: &Ident, effective: &[&StageClause], diags: &mut Diagnostics) {
    let chain = effective.iter().find_map(|c| match c {
        StageClause::Tiebreak(t) => Some(t),
        _ => None,
    });
    let scores: Vec<_> = chain
        .into_iter()
        .flat_map(|t| &t.criteria)
        .filter(|c| lookup(&c.name.node) == Lookup::Crit(Crit::OpponentsScore))
        .collect();
    let opp_reverse = chain.into_iter().flat_map(|t| &t.criteria).any(|c| {
        lookup(&c.name.node) == Lookup::Crit(Crit::Countback)
            && c.variants.iter().any(|v| v.node == "opp_reverse")
    });
    if scores.is_empty() && !opp_reverse {
        diags.push(UNREAD.at(said.span, &[("stage", stage), ("word", &said.node)]));
    }
    for c in scores {
        let other = word(&c.params, "bye");
        let Some(other) =
            other.filter(|w| w.node != said.node && BYE_SCORES.contains(&w.node.as_str()))
        else {
            continue;
        };
        let args = [
            ("stage", stage),
            ("stage_word", said.node.as_str()),
            ("chain_word", other.node.as_str()),
        ];
        diags.push(
            CONTRADICTION
                .at(other.span, &args)
                .with_label(said.span, STAGE_SAYS.plain()),
        );
    }
}

/// The word value of `key` among a clause's parameters.
fn word<'p>(params: &'p [Param], key: &str) -> Option<&'p Ident> {
    params.iter().find_map(|p| match &p.value {
        ParamValue::Ident(w) if p.key.node == key => Some(w),
        _ => None,
    })
}
