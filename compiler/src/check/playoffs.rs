//! Playoff chains: each ends in a decisive step (E304) with nothing after it (W301), an
//! armageddon has draw odds (E305), every game states its colour rule (E306); and a knockout or
//! same-place stage whose games can be drawn names a chain (E308); `earlier_game` needs a match
//! of more than one regular game to decide anything (E309); a top-level chain no stage names
//! decides nothing (W302).

use xqreg_grammar::ast::{
    Format, Item, KnockoutClause, PlayoffChain, PlayoffRef, PlayoffStep, StageClause,
};
use xqreg_grammar::Span;

use super::suggest::declared;
use super::time::has_draw_odds;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

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
            // A team knockout's `earlier_game` reads its boards in order.
            StageClause::Format(Format::Knockout(ko))
                if super::team_knockout::is_team_knockout(ctx, name) =>
            {
                ko.boards().map(|b| b.node)
            }
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
    let known = declared(ctx.scope.playoffs.keys().copied());
    for name in &ctx.scope.stage_order {
        let Some(f) = ctx.facts.stages.get(*name) else {
            continue;
        };
        // A team knockout's level match is E233's (its boards can split evenly whatever the
        // time control).
        if !f.format.is_elimination() || super::team_knockout::is_team_knockout(ctx, name) {
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
