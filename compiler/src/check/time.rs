//! Time controls: complete (E307), positive (E301), unequal only with draw odds (E302), and named
//! by every stage unless the file has exactly one (E303).

use xqreg_grammar::ast::{StageClause, TimeClause, TimeControl};
use xqreg_grammar::Span;

use super::names::code;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(
    E301,
    "E301",
    "non-positive-base",
    Error,
    Template::new(
        "A base time (for both sides, or for red or black) of zero leaves a side no time to move.",
        "基本用时（双方的，或红方、黑方的）为零，使一方没有时间走棋。"
    ),
    "time blitz { base 0min increment 5s }",
    Template::new(
        "Give a positive base, e.g. `base 5min`.",
        "给出正的基本用时，例如 `base 5min`。"
    )
);
code!(E302, "E302", "unequal-bases-without-draw-odds", Error,
    Template::new("Red and black get different base times only in an armageddon game, where the side with less time wins a draw; without `draw_goes_to` the unequal clock is unfair.",
        "只有附加赛（超快棋定胜负）才给红黑双方不同的基本用时，且用时少的一方和棋即胜；缺少 `draw_goes_to` 时不等的用时不公平。"),
    "time armageddon { red 6min black 5min }",
    Template::new("Add `draw_goes_to black`, or give both sides the same `base`.", "加上 `draw_goes_to black`，或给双方相同的 `base`。"));
code!(E303, "E303", "missing-time-control", Error,
    Template::new("A stage plays games, so it names its time control with `time NAME` (a file that declares exactly one time control uses it by default).",
        "每个阶段都要下棋，必须用 `time 名称` 指明用时（文件只声明一种用时时默认使用它）。"),
    "time standard { base 20min }\ntime rapid { base 10min }\nstage main { swiss cxa rounds 7 }",
    Template::new("Add `time standard` (or the control the stage plays) to the stage.", "在阶段中加上 `time standard`（或该阶段实际的用时）。"));
code!(E307, "E307", "time-control-incomplete", Error,
    Template::new("A time control gives either one `base` for both sides, or `red` and `black` separately: not neither, not both, not one side only.",
        "用时要么用 `base` 给出双方相同的基本用时，要么分别给出 `red` 和 `black`：不能都不写、不能同时写，也不能只写一方。"),
    "time armageddon { red 6min draw_goes_to black }",
    Template::new("Write `red 6min black 5min`, or one `base`.", "写成 `red 6min black 5min`，或只写一个 `base`。"));

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
    let known: Vec<String> = ctx
        .scope
        .time_controls
        .keys()
        .map(|k| format!("`{k}`"))
        .collect();
    let known = if known.is_empty() {
        "-".to_string()
    } else {
        known.join(", ")
    };
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
