//! Playoff chains: each ends in a decisive step (E304) with nothing after it (W301), an
//! armageddon has draw odds (E305), every game states its colour rule (E306); and a knockout or
//! same-place stage whose games can be drawn names a chain (E308); `earlier_game` needs a match
//! of more than one regular game to decide anything (E309); a top-level chain no stage names
//! decides nothing (W302).

use xqreg_grammar::ast::{
    Format, Item, KnockoutClause, PlayoffChain, PlayoffRef, PlayoffStep, StageClause,
};
use xqreg_grammar::Span;

use super::names::code;
use super::time::has_draw_odds;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E304, "E304", "playoff-not-decisive", Error,
    Template::new("A playoff chain runs until a step decides; its last step must be one that cannot be drawn: an `armageddon` (draw odds), `lots` or `black` (Black in the last game wins).",
        "加赛按步骤进行直到分出胜负；最后一步必须不可能和棋：`armageddon`（和棋判胜）、`lots`（抽签）或 `black`（末盘执黑方胜）。"),
    "playoff ladder { game rapid colours swap  game blitz colours redraw }",
    Template::new("End the chain with `armageddon NAME colours lot` or `lots`.", "以 `armageddon 名称 colours lot` 或 `lots` 结束加赛。"));
code!(E305, "E305", "armageddon-without-draw-odds", Error,
    Template::new("An armageddon step is decisive because a draw counts as a win for one side; its time control must say `draw_goes_to black` (or red).",
        "附加赛之所以能决出胜负，是因为和棋判一方胜；其用时必须写明 `draw_goes_to black`（或 red）。"),
    "time blitz { base 5min increment 5s }\nplayoff ladder { armageddon blitz colours lot }",
    Template::new("Use a time control with `draw_goes_to black` (e.g. `time armageddon { red 6min black 5min draw_goes_to black }`).",
        "改用带 `draw_goes_to black` 的用时（如 `time armageddon { red 6min black 5min draw_goes_to black }`）。"));
code!(E306, "E306", "playoff-colour-rule-missing", Error,
    Template::new("Every playoff game says how colours are given: `colours swap` (the other colours than the game before), `redraw`, `lot` or `black_chooses`.",
        "每盘加赛都必须写明先后手如何确定：`colours swap`（与上一盘交换）、`redraw`（重新抽签）、`lot`（抽签）或 `black_chooses`。"),
    "playoff ladder { game rapid  armageddon armageddon colours lot }",
    Template::new("Add `colours swap` (or `redraw`, `lot`) to the step.", "在该步骤加上 `colours swap`（或 `redraw`、`lot`）。"));
code!(E308, "E308", "knockout-without-playoff", Error,
    Template::new("A knockout or same-place match must produce a winner; when its games can be drawn, the stage names the playoff chain that decides (`playoff NAME` or an inline `playoff { ... }`).",
        "淘汰赛或同名次比赛必须分出胜负；对局可能和棋时，阶段必须指明决胜的加赛办法（`playoff 名称` 或内联 `playoff { ... }`）。"),
    "time standard { base 20min }\nstage final { knockout { seeded 4 }  time standard }",
    Template::new("Add `playoff NAME` naming a declared chain, or write one inline.", "加上 `playoff 名称` 引用已声明的加赛办法，或直接内联写出。"));
code!(E309, "E309", "earlier-game-without-earlier-game", Error,
    Template::new("`earlier_game` decides by the first of the match's regular games that had a winner; a match of one regular game reaches the playoff only when that game was drawn, so the step can never decide.",
        "`earlier_game` 以本场第一盘分出胜负的常规对局决定；只有一盘常规对局的比赛只有在该局和棋时才进入加赛，此步骤永远无法决出胜负。"),
    "playoff p { game rapid colours swap  earlier_game  black }\nstage final { knockout { seeded 4 }  time standard  playoff p }",
    Template::new("Give the stage's matches more than one game (`games 2`), or delete the step.",
        "让该阶段每场比赛多于一盘（`games 2`），或删去该步骤。"));
code!(
    W301,
    "W301",
    "unreachable-playoff-step",
    Warning,
    Template::new(
        "A step after an armageddon, lots or `black` never runs: the chain is already decided.",
        "附加赛、抽签或 `black`（执黑方胜）之后的步骤永远不会进行：此时已分出胜负。"
    ),
    "playoff ladder { armageddon armageddon colours lot  game blitz colours swap }",
    Template::new(
        "Delete the step, or move it before the decisive step.",
        "删去该步骤，或把它移到决胜步骤之前。"
    )
);

code!(
    W302,
    "W302",
    "unused-playoff",
    Warning,
    Template::new(
        "A top-level `playoff NAME { ... }` decides nothing by itself: only a stage that names it (`playoff NAME`) plays it, after a drawn match of a knockout, same-place or team stage. One that no stage names is printed on the sheet but never played; a Swiss or round robin ranks its ties by its tie-break chain and plays no playoff.",
        "顶层的 `playoff 名称 { ... }` 本身不决定任何事：只有写明 `playoff 名称` 的阶段（淘汰赛、同名次比赛或团体赛，其比赛和棋后）才进行它。没有阶段引用的加赛办法会印在规程上，却永远不会进行；积分编排或循环赛按破同分顺序排列同分者，不进行加赛。"
    ),
    "playoff title { armageddon armageddon colours lot }\nstage main { swiss cxa rounds 9  time standard }",
    Template::new(
        "Name it in the stage it decides (`playoff title` in a knockout or same-place stage, e.g. a final between the first two of the Swiss), or delete it.",
        "在它所决定的阶段中写明 `playoff title`（淘汰赛或同名次比赛，例如积分编排前两名的决赛），或删去它。"
    )
);

pub const CODES: &[&Code] = &[&E304, &E305, &E306, &E308, &E309, &W301, &W302];

// The message catalogue of this module: compiler/messages/check/playoffs.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/playoffs.rs"));

fn unequal(t: &xqreg_grammar::ast::TimeControl) -> bool {
    use xqreg_grammar::ast::TimeClause;
    let red = t.clauses.iter().find_map(|c| match c {
        TimeClause::Red(d) => Some(d.node),
        _ => None,
    });
    let black = t.clauses.iter().find_map(|c| match c {
        TimeClause::Black(d) => Some(d.node),
        _ => None,
    });
    matches!((red, black), (Some(r), Some(b)) if r != b)
}

fn step_span(step: &PlayoffStep) -> Span {
    match step {
        PlayoffStep::Game { span, .. }
        | PlayoffStep::Armageddon { span, .. }
        | PlayoffStep::Lots(span)
        | PlayoffStep::EarlierGame(span)
        | PlayoffStep::Black(span) => *span,
        PlayoffStep::Tiebreak(t) => t.span,
    }
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Playoff(p) => chain(ctx, p, diags),
            Item::Stage(st) => {
                for c in &st.clauses {
                    if let StageClause::Playoff(xqreg_grammar::ast::PlayoffRef::Inline(p)) = c {
                        chain(ctx, p, diags);
                    }
                }
            }
            _ => {}
        }
    }
    needs_playoff(ctx, diags);
    earlier_game(ctx, diags);
    unused(ctx, diags);
}

/// W302: a top-level chain that no stage names (after supplements and `same_as`).
fn unused(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let named: Vec<&str> = ctx
        .scope
        .stage_order
        .iter()
        .flat_map(|stage| ctx.scope.stage_clauses(stage))
        .filter_map(|c| match c {
            StageClause::Playoff(PlayoffRef::Named(n)) => Some(n.node.as_str()),
            _ => None,
        })
        .collect();
    // A stage naming an unknown chain is E108's, and likely meant a declared one: no cascade.
    if named.iter().any(|n| !ctx.scope.playoffs.contains_key(n)) {
        return;
    }
    for item in &ctx.file.items {
        let Item::Playoff(p) = item else { continue };
        let Some(name) = &p.name else { continue };
        if !named.contains(&name.node.as_str()) {
            diags.push(UNUSED.at(name.span, &[("name", &name.node)]));
        }
    }
}

/// E309: a stage of one-game matches whose chain has `earlier_game`.
fn earlier_game(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for name in &ctx.scope.stage_order {
        let clauses = ctx.scope.stage_clauses(name);
        let games = clauses.iter().find_map(|c| match c {
            StageClause::Format(Format::Knockout(ko)) => Some(
                ko.clauses
                    .iter()
                    .find_map(|k| match k {
                        KnockoutClause::Games(g) => Some(g.node),
                        _ => None,
                    })
                    .unwrap_or(1),
            ),
            StageClause::Format(Format::SamePlace { .. }) => Some(1),
            _ => None,
        });
        if games != Some(1) {
            continue;
        }
        let chain = clauses.iter().find_map(|c| match c {
            StageClause::Playoff(PlayoffRef::Inline(p)) => Some(p),
            StageClause::Playoff(PlayoffRef::Named(n)) => {
                ctx.scope.playoffs.get(n.node.as_str()).copied()
            }
            _ => None,
        });
        let Some(chain) = chain else { continue };
        let Some(step) = chain
            .steps
            .iter()
            .find(|s| matches!(s, PlayoffStep::EarlierGame(_)))
        else {
            continue;
        };
        let span = stage_name_span(ctx, name);
        diags.push(
            NO_EARLIER
                .at(step_span(step), &[("stage", name)])
                .with_label(span, STAGE_HERE.plain()),
        );
    }
}

fn chain(ctx: &Ctx<'_>, p: &PlayoffChain, diags: &mut Diagnostics) {
    let mut decided: Option<Span> = None;
    for step in &p.steps {
        if let Some(at) = decided {
            diags.push(
                UNREACHABLE
                    .at(step_span(step), &[])
                    .with_label(at, DECISIVE_HERE.plain()),
            );
            break;
        }
        match step {
            PlayoffStep::Game { colours, span, .. } => {
                if colours.is_none() {
                    diags.push(NO_COLOURS.at(*span, &[]));
                }
            }
            PlayoffStep::Armageddon {
                time,
                colours,
                span,
            } => {
                if colours.is_none() {
                    diags.push(NO_COLOURS.at(*span, &[]));
                }
                if let Some(t) = ctx.scope.time_controls.get(time.node.as_str()) {
                    // Unequal clocks without odds are E302's already: one missing line, one report.
                    if !has_draw_odds(t) && !unequal(t) {
                        diags.push(
                            NO_ODDS
                                .at(time.span, &[("time", &time.node)])
                                .with_label(t.name.span, TIME_HERE.plain()),
                        );
                    }
                }
                decided = Some(*span);
            }
            PlayoffStep::Lots(span) | PlayoffStep::Black(span) => decided = Some(*span),
            PlayoffStep::EarlierGame(_) | PlayoffStep::Tiebreak(_) => {}
        }
    }
    if decided.is_none() {
        match p.steps.last() {
            Some(last) => diags.push(NOT_DECISIVE.at(step_span(last), &[])),
            None => {
                let span = p.name.as_ref().map_or(p.span, |n| n.span);
                diags.push(EMPTY.at(span, &[]));
            }
        }
    }
}

fn needs_playoff(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let known: Vec<String> = ctx
        .scope
        .playoffs
        .keys()
        .map(|k| format!("`{k}`"))
        .collect();
    let known = if known.is_empty() {
        "-".to_string()
    } else {
        known.join(", ")
    };
    for name in &ctx.scope.stage_order {
        let Some(f) = ctx.facts.stages.get(*name) else {
            continue;
        };
        if !f.format.is_elimination() {
            continue;
        }
        let clauses = ctx.scope.stage_clauses(name);
        if clauses.iter().any(|c| matches!(c, StageClause::Playoff(_))) {
            continue;
        }
        // Games under a control with draw odds cannot be drawn; an unknown control was reported.
        let time = clauses.iter().find_map(|c| match c {
            StageClause::Time(t) => Some(ctx.scope.time_controls.get(t.node.as_str()).copied()),
            _ => None,
        });
        let time = match time {
            Some(Some(t)) => Some(t),
            Some(None) => continue,
            None => ctx.scope.default_time_control(),
        };
        if time.is_some_and(has_draw_odds) {
            continue;
        }
        let span = stage_name_span(ctx, name);
        let (what, what_zh) = match f.format {
            super::FormatKind::SamePlace => ("same-place", "同名次比赛"),
            _ => ("knockout", "淘汰赛"),
        };
        diags.push(NO_PLAYOFF.at(
            span,
            &[
                ("what", what),
                ("what_zh", what_zh),
                ("stage", name),
                ("known", &known),
            ],
        ));
    }
}

/// Where a stage's name is written (for a secondary label); nowhere for an unknown stage.
fn stage_name_span(ctx: &Ctx<'_>, name: &str) -> Span {
    ctx.scope
        .stages
        .get(name)
        .map_or(Span::default(), |i| i.stage.name.span)
}
