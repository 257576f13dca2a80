//! Numbers `check` used to accept and the runtime then refused (issue 8 item 5, found by the
//! numeric-mutant property in tests/suite/mutants.rs): an age no one has (E216), a split whose
//! top disagrees with the places the stage keeps (E217), and an assumed field too small for
//! the stages it would be simulated with (E518).

use xqreg_grammar::ast::{CategoryCond, EntryClause, Item, StageClause};

use super::facts::{Facts, Sizes};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E216, &E217, &E518];

const MAX_AGE: u32 = 150;

// The message catalogue of this module: compiler/messages/check/sizes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/sizes.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    ages(ctx, diags);
    splits(ctx, diags);
    assumed(ctx, diags);
}

fn ages(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let mut years = Vec::new();
    for item in &ctx.file.items {
        match item {
            Item::Entry(e) => years.extend(e.clauses.iter().filter_map(|c| match c {
                EntryClause::Age { years, .. } => Some(years),
                _ => None,
            })),
            Item::Category(c) => years.extend(c.conditions.iter().filter_map(|c| match c {
                CategoryCond::Age { years, .. } => Some(years),
                _ => None,
            })),
            _ => {}
        }
    }
    for y in years.into_iter().filter(|y| y.node > MAX_AGE) {
        let (v, max) = (y.node.to_string(), MAX_AGE.to_string());
        diags.push(AGE.at(y.span, &[("years", &v), ("max", &max)]));
    }
}

fn splits(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.scope.stage_order {
        let clauses = ctx.scope.stage_clauses(name);
        let Some((top, span)) = clauses.iter().find_map(|c| match c {
            StageClause::Split { top, .. } => Some((top.node, top.span)),
            _ => None,
        }) else {
            continue;
        };
        let start = clauses.iter().find_map(|c| match c {
            StageClause::Places(r) => Some(r.start),
            _ => None,
        });
        let (why, why_zh, fix, fix_zh) = match start {
            _ if top == 0 => (
                "nobody is sent on".to_string(),
                "没有人被送出".to_string(),
                "send at least one player on, or remove the split".to_string(),
                "至少送出一人，或删去分流".to_string(),
            ),
            Some(s) if s != top.saturating_add(1) => (
                format!("places {s}.. after a top {top}"),
                format!("前 {top} 名之后应为第 {} 名", top.saturating_add(1)),
                format!(
                    "write `places {}..` or send the top {} on",
                    top.saturating_add(1),
                    s.saturating_sub(1)
                ),
                format!(
                    "写 `places {}..`，或送出前 {} 名",
                    top.saturating_add(1),
                    s.saturating_sub(1)
                ),
            ),
            _ => continue,
        };
        let (t, st) = (top.to_string(), start.unwrap_or(1).to_string());
        diags.push(SPLIT_TOP.at(
            span,
            &[
                ("stage", name),
                ("top", &t),
                ("start", &st),
                ("why", &why),
                ("why_zh", &why_zh),
                ("fix", &fix),
                ("fix_zh", &fix_zh),
            ],
        ));
    }
}

/// The stage checks once more, counting with the assumed field: an error they raise only with
/// the assumption is the assumption's (E518), once, with the first such message.
fn assumed(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let Some((n, span)) = ctx
        .scope
        .entries
        .iter()
        .flat_map(|e| &e.clauses)
        .find_map(|c| match c {
            EntryClause::AssumeField { size, span, .. } => Some((size.node, *span)),
            _ => None,
        })
    else {
        return;
    };
    let simulated = Facts::build(ctx.file, ctx.scope, Sizes::Simulated);
    let run = |facts: &Facts| {
        let mut d = Diagnostics::default();
        let c = Ctx {
            file: ctx.file,
            scope: ctx.scope,
            facts,
        };
        super::stages::check(&c, &mut d);
        super::draws::check(&c, &mut d);
        d
    };
    let official = run(ctx.facts);
    let with_assumption = run(&simulated);
    let new = with_assumption.list.iter().find(|d| {
        d.code.severity == Severity::Error
            && !official
                .list
                .iter()
                .any(|o| o.code.code == d.code.code && o.span() == d.span())
    });
    if let Some(d) = new {
        let n = n.to_string();
        let why = format!("{} ({})", d.message.en, d.code.code);
        let why_zh = format!("{}（{}）", d.message.zh, d.code.code);
        diags.push(ASSUMED.at(span, &[("n", &n), ("why", &why), ("why_zh", &why_zh)]));
    } else if let Some((stage, rounds)) = too_many_rounds(ctx, n) {
        // A stage of categories or pools has no count of its own, but its players are some of
        // the field's: a Swiss of R rounds needs more than R of them.
        let why = format!("stage `{stage}` plays {rounds} Swiss rounds, which {n} players cannot");
        let why_zh = format!("阶段 `{stage}` 进行 {rounds} 轮积分编排，{n} 人无法进行");
        let n = n.to_string();
        diags.push(ASSUMED.at(span, &[("n", &n), ("why", &why), ("why_zh", &why_zh)]));
    }
}

/// The first stage whose Swiss plays at least `n` rounds (no field of `n` can play it).
fn too_many_rounds<'a>(ctx: &Ctx<'a>, n: u32) -> Option<(&'a str, u32)> {
    super::stages::stages(ctx).find_map(|st| {
        st.clauses.iter().find_map(|c| match c {
            StageClause::Format(xqreg_grammar::ast::Format::Swiss {
                rounds: xqreg_grammar::ast::SwissRounds::Fixed(r),
                ..
            }) if r.node >= n => Some((st.name.node.as_str(), r.node)),
            _ => None,
        })
    })
}
