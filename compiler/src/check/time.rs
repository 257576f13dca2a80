//! Time controls: complete (E307), positive (E301), unequal only with draw odds (E302), and named
//! by every stage unless the file has exactly one (E303).

use xqreg_grammar::ast::{StageClause, TimeClause, TimeControl};
use xqreg_grammar::Span;

use super::suggest::declared;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E301, &E302, &E303, &E307];

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
}

fn control(t: &TimeControl, diags: &mut Diagnostics) {
    let name = t.name.node.as_str();
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
