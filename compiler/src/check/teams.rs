//! Team events: every stage of a team event pairs teams (E214: the runtime pairs teams in a
//! `team_round_robin`, a team Swiss `swiss cxa rounds 7 boards 4` or a team knockout
//! `knockout { ... boards 4 }`; a Swiss or knockout without boards, a round robin or a
//! same-place stage would pair the players one by one), every team registers at least as many
//! players as a team stage has boards (E215), `boards` on a Swiss or a knockout needs a team
//! event (E221), and a team round robin is played in one group (E228: teams have no group draw).

use xqreg_grammar::ast::{EntryClause, Format, StageClause};

use super::entry::{entry_clauses, is_team_event};
use super::stages::{format_span, stage_clauses, stages};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E214, &E215, &E221, &E226, &E228];

// The message catalogue of this module: compiler/messages/check/teams.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/teams.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    team_word_alone(ctx, diags);
    if !is_team_event(ctx.file) {
        boards_alone(ctx, diags);
        return;
    }
    let team_size = entry_clauses(ctx.file).find_map(|c| match c {
        EntryClause::TeamSize { min, max, span } => Some((min.node, max.node, *span)),
        _ => None,
    });
    for st in stages(ctx) {
        let name = st.name.node.as_str();
        let clauses = ctx.scope.stage_clauses(name);
        let Some(format) = clauses.iter().find_map(|c| match c {
            StageClause::Format(f) => Some(f),
            _ => None,
        }) else {
            continue;
        };
        // A format copied by `same_as` is reported at the stage's name.
        let own = st
            .clauses
            .iter()
            .any(|c| matches!(c, StageClause::Format(_)));
        let at = if own {
            format_span(format)
        } else {
            st.name.span
        };
        if let Some(boards) = team_boards(format) {
            below_boards(team_size, boards, name, diags);
            if own {
                team_groups(format, name, diags);
            }
            continue;
        }
        let kind = match format {
            Format::TeamRoundRobin { .. } => continue,
            Format::Swiss { .. } => ("Swiss", "积分编排"),
            Format::RoundRobin { .. } => ("round robin", "个人循环"),
            Format::Knockout(_) => ("knockout without `boards N`", "不写 `boards N` 的淘汰赛"),
            Format::SamePlace { .. } => ("same-place stage", "同名次赛"),
        };
        diags.push(INDIVIDUAL.at(
            at,
            &[("stage", name), ("kind", kind.0), ("kind_zh", kind.1)],
        ));
    }
}

/// The boards of a team format: a team round robin's, a team Swiss's, a team knockout's.
fn team_boards(format: &Format) -> Option<&xqreg_grammar::ast::Spanned<u32>> {
    match format {
        Format::TeamRoundRobin { boards, .. }
        | Format::Swiss {
            boards: Some(boards),
            ..
        } => Some(boards),
        Format::Knockout(k) => k.boards(),
        Format::Swiss { .. } | Format::RoundRobin { .. } | Format::SamePlace { .. } => None,
    }
}

/// E215: the smallest team registers fewer players than the stage's boards.
fn below_boards(
    team_size: Option<(u32, u32, xqreg_grammar::ast::Span)>,
    boards: &xqreg_grammar::ast::Spanned<u32>,
    name: &str,
    diags: &mut Diagnostics,
) {
    let Some((min, max, span)) = team_size else {
        return;
    };
    if min >= boards.node {
        return;
    }
    let (min, max, b) = (
        min.to_string(),
        max.max(boards.node).to_string(),
        boards.node.to_string(),
    );
    let args = [
        ("min", min.as_str()),
        ("max", max.as_str()),
        ("boards", b.as_str()),
        ("stage", name),
    ];
    diags.push(
        BELOW_BOARDS
            .at(span, &args)
            .with_label(boards.span, BOARDS_HERE.fill(&args)),
    );
}

/// E228: a team round robin in several groups, which the runtime cannot draw.
fn team_groups(format: &Format, name: &str, diags: &mut Diagnostics) {
    let Format::TeamRoundRobin { groups, span, .. } = format else {
        return;
    };
    if groups.len() > 1 {
        let list: Vec<&str> = groups.iter().map(|g| g.node.as_str()).collect();
        let list = list.join(" ");
        let args = [("stage", name), ("groups", list.as_str())];
        diags.push(TEAM_GROUPS.at(*span, &args));
    }
}

/// E221: `boards N` on a Swiss of an event without teams.
fn boards_alone(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (st, c) in stage_clauses(ctx) {
        let boards = match c {
            StageClause::Format(Format::Knockout(k)) => k.boards(),
            StageClause::Format(Format::Swiss { boards, .. }) => boards.as_ref(),
            _ => None,
        };
        if let Some(b) = boards {
            let n = b.node.to_string();
            let args = [("stage", st.name.node.as_str()), ("boards", n.as_str())];
            diags.push(BOARDS_ALONE.at(b.span, &args));
        }
    }
}

/// E226: `colours lot lower_number`: the team word after a rule other than `by_board`.
fn team_word_alone(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for (_, c) in stage_clauses(ctx) {
        if let StageClause::Colours {
            rule,
            team: Some(team),
            ..
        } = c
        {
            if rule.node != "by_board" {
                let args = [("rule", rule.node.as_str()), ("team", team.node.as_str())];
                diags.push(TEAM_WORD_ALONE.at(team.span, &args));
            }
        }
    }
}
