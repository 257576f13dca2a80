//! Time controls: complete (E307), positive (E301), unequal only with draw odds (E302), named
//! by every stage unless the file has exactly one (E303), and each played by a stage or a
//! playoff step (W303).

use std::collections::BTreeSet;

use xqreg_grammar::ast::{
    PlayoffChain, PlayoffRef, PlayoffStep, StageClause, TimeClause, TimeControl,
};
use xqreg_grammar::Span;

use super::suggest::declared;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E301, &E302, &E303, &E307, &E310, &W303];

// The message catalogue of this module: compiler/messages/check/time.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/time.rs"));

/// Minutes and seconds as written in a regulation: `6min`, `30s`, `1h30min`.
pub fn duration_text(seconds: u32) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    let mut out = String::new();
    if h > 0 {
        out.push_str(&format!("{h}h"));
    }
    if m > 0 {
        out.push_str(&format!("{m}min"));
    }
    if s > 0 || out.is_empty() {
        out.push_str(&format!("{s}s"));
    }
    out
}

/// Whether a time control gives a side draw odds (`draw_goes_to`).
pub fn has_draw_odds(t: &TimeControl) -> bool {
    t.clauses
        .iter()
        .any(|c| matches!(c, TimeClause::DrawGoesTo(_)))
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for t in ctx.scope.time_controls.values() {
        control(t, diags);
    }
    missing(ctx, diags);
    unused(ctx, diags);
}

/// The time controls a playoff chain's game and armageddon steps play.
fn step_times(chain: &PlayoffChain) -> impl Iterator<Item = &str> {
    chain.steps.iter().filter_map(|s| match s {
        PlayoffStep::Game { time, .. } | PlayoffStep::Armageddon { time, .. } => {
            Some(time.node.as_str())
        }
        _ => None,
    })
}

/// W303: a time control that no stage and no playoff step plays (after supplements and
/// `same_as`). The sheet lists it among the event's time controls as if some game had it. A
/// file without stages is a fragment, and a file's only control is every stage's by default.
fn unused(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let scope = ctx.scope;
    if scope.stage_order.is_empty() || scope.default_time_control().is_some() {
        return;
    }
    let mut used: BTreeSet<&str> = BTreeSet::new();
    for stage in &scope.stage_order {
        let clauses = scope.stage_clauses(stage);
        // A stage without its time control is E303's: every control would look unused.
        if !clauses.iter().any(|c| matches!(c, StageClause::Time(_))) {
            return;
        }
        for c in clauses {
            match c {
                StageClause::Time(n) => {
                    used.insert(n.node.as_str());
                }
                StageClause::Playoff(PlayoffRef::Inline(chain)) => used.extend(step_times(chain)),
                _ => {}
            }
        }
    }
    for chain in scope.playoffs.values() {
        used.extend(step_times(chain));
    }
    // A name no control declares is E102's, and likely meant a declared one: no cascade.
    if used
        .iter()
        .any(|n| *n != "tbd" && !scope.time_controls.contains_key(n))
    {
        return;
    }
    let phantom = overrides_of_nothing(ctx, diags);
    let mut unused: Vec<&TimeControl> = scope
        .time_controls
        .iter()
        .filter(|(n, _)| !used.contains(*n) && !phantom.contains(*n))
        .map(|(_, t)| *t)
        .collect();
    unused.sort_by_key(|t| t.name.span.start);
    for t in unused {
        diags.push(UNUSED.at(t.name.span, &[("name", &t.name.node)]));
    }
}

fn control(t: &TimeControl, diags: &mut Diagnostics) {
    let name = t.name.node.as_str();
    sudden_death_with_increment(t, diags);
    let mut base = None;
    let mut red = None;
    let mut black = None;
    for c in &t.clauses {
        match c {
            TimeClause::Base(d) => base = base.or(Some(d)),
            TimeClause::Red(d) => red = red.or(Some(d)),
            TimeClause::Black(d) => black = black.or(Some(d)),
            _ => {}
        }
    }
    let args = [("name", name)];
    match (base, red, black) {
        (None, None, None) => {
            diags.push(NO_BASE.at(t.name.span, &args));
            return;
        }
        (Some(b), r, bl) if r.is_some() || bl.is_some() => {
            let side = r.or(bl).map_or(t.name.span, |d| d.span);
            diags.push(BOTH.at(side, &args).with_label(b.span, BASE_HERE.plain()));
            return;
        }
        (None, Some(r), None) => {
            diags.push(ONE_SIDE.at(
                r.span,
                &[("name", name), ("given", "red"), ("missing", "black")],
            ));
            return;
        }
        (None, None, Some(b)) => {
            diags.push(ONE_SIDE.at(
                b.span,
                &[("name", name), ("given", "black"), ("missing", "red")],
            ));
            return;
        }
        _ => {}
    }
    for d in [base, red, black].into_iter().flatten() {
        if d.node.seconds == 0 {
            diags.push(ZERO.at(d.span, &args));
        }
    }
    if let (Some(r), Some(b)) = (red, black) {
        if r.node != b.node && r.node.seconds > 0 && b.node.seconds > 0 && !has_draw_odds(t) {
            let span = Span {
                start: r.span.start.min(b.span.start),
                end: r.span.end.max(b.span.end),
            };
            diags.push(UNEQUAL.at(
                span,
                &[
                    ("name", name),
                    ("red", &duration_text(r.node.seconds)),
                    ("black", &duration_text(b.node.seconds)),
                    ("less", if r.node < b.node { "red" } else { "black" }),
                ],
            ));
        }
    }
}

/// E310: `sudden_death` beside a positive `increment` (the plan would take whichever is last).
fn sudden_death_with_increment(t: &TimeControl, diags: &mut Diagnostics) {
    let sudden = t.clauses.iter().find_map(|c| match c {
        TimeClause::SuddenDeath(span) => Some(*span),
        _ => None,
    });
    let increment = t.clauses.iter().find_map(|c| match c {
        TimeClause::Increment(d) if d.node.seconds > 0 => Some(d),
        _ => None,
    });
    if let (Some(sudden), Some(d)) = (sudden, increment) {
        let args = [
            ("name", t.name.node.as_str()),
            ("increment", &duration_text(d.node.seconds)),
        ];
        diags.push(
            SUDDEN_DEATH_INCREMENT
                .at(d.span, &args)
                .with_label(sudden, SUDDEN_DEATH_HERE.plain()),
        );
    }
}

fn missing(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    if ctx.scope.default_time_control().is_some() {
        return;
    }
    let known = declared(ctx.scope.time_controls.keys().copied());
    for name in &ctx.scope.stage_order {
        let has = ctx
            .scope
            .stage_clauses(name)
            .iter()
            .any(|c| matches!(c, StageClause::Time(_)));
        if has {
            continue;
        }
        let Some(info) = ctx.scope.stages.get(name) else {
            continue;
        };
        diags.push(MISSING.at(info.stage.name.span, &[("stage", name), ("known", &known)]));
    }
}

/// The time controls of a supplement's `override` of nothing (E701, raised before the checks
/// at the override): a misspelt name, added as a control of its own; W303 would repeat it.
fn overrides_of_nothing<'f>(ctx: &Ctx<'f>, diags: &Diagnostics) -> BTreeSet<&'f str> {
    let places: Vec<Span> = diags
        .list
        .iter()
        .filter(|d| d.code.code == "E701")
        .filter_map(|d| d.labels.first().map(|l| l.span))
        .collect();
    ctx.scope
        .time_controls
        .iter()
        .filter(|(_, t)| {
            places
                .iter()
                .any(|p| p.start <= t.name.span.start && t.name.span.end <= p.end)
        })
        .map(|(n, _)| *n)
        .collect()
}
