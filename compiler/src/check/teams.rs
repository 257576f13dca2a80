//! Team events: every stage of a team event pairs teams (E214: the runtime pairs teams in a
//! `team_round_robin` or a team Swiss `swiss cxa rounds 7 boards 4`; a Swiss without boards,
//! a round robin, knockout or same-place stage would pair the players one by one), every team
//! registers at least as many players as a team stage has boards (E215), and `boards` on a
//! Swiss needs a team event (E221).

use xqreg_grammar::ast::{EntryClause, Format, StageClause};

use super::entry::{entry_clauses, is_team_event};
use super::names::code;
use super::stages::{format_span, stages};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E214, "E214", "individual-stage-in-team-event", Error,
    Template::new("In a team event (`event team`, `team_size`, `team` lines) the field counts teams, and the runtime pairs teams in a `team_round_robin` or a team Swiss (`swiss cxa rounds 7 boards 4`). A Swiss without `boards`, a round robin, knockout or same-place stage would pair the team members as individuals, which is not the event the regulation describes; a team knockout is not supported yet.",
        "团体赛（`event team`、`team_size`、`team`）以队为单位，运行时在 `team_round_robin` 或团体积分编排（`swiss cxa rounds 7 boards 4`）中按队编排。不写 `boards` 的积分编排、个人循环、淘汰或同名次赛阶段会把队员当作个人编排，与规程所述的比赛不符；团体淘汰赛尚不支持。"),
    "regulation \"团体赛\" { event team }\nentry { field 8\n  team_size 4 }\nstage main { swiss cxa rounds 7 }",
    Template::new("Play the teams in a `team_round_robin single boards 4` or a team Swiss `swiss cxa rounds 7 boards 4`, or, if the event is for individuals, drop `event team` and `team_size`.",
        "改为 `team_round_robin single boards 4` 按队循环或 `swiss cxa rounds 7 boards 4` 团体积分编排；如果是个人赛，删去 `event team` 和 `team_size`。"));

code!(E215, "E215", "team-size-below-boards", Error,
    Template::new("`team_size` gives how many players a team registers; a team stage seats one player per board, so the smallest team must have at least as many players as the stage has boards.",
        "`team_size` 规定每队报名人数；团体阶段每台一人，所以最少人数不得少于该阶段的台数。"),
    "entry { field 8\n  team_size 1 }\nstage league { team_round_robin single boards 2 }",
    Template::new("Raise the smallest team size to the boards (`team_size 2..4`), or play on fewer boards.",
        "把最少报名人数提高到台数（`team_size 2..4`），或减少台数。"));

code!(E221, "E221", "boards-in-individual-event", Error,
    Template::new("`boards N` on a Swiss makes it a team Swiss: the roster's units are paired as teams, N boards a match. In an individual event there are no teams to pair.",
        "积分编排写 `boards N` 即为团体积分编排：以单位为队编排，每场 N 台。个人赛没有可编排的队。"),
    "regulation \"个人赛\" { event individual }\nstage main { swiss cxa rounds 7 boards 4 }",
    Template::new("Drop `boards 4` for an individual Swiss, or make the event a team event (`event team`, `team_size`).",
        "个人积分编排请删去 `boards 4`；或把比赛改为团体赛（`event team`、`team_size`）。"));

code!(E226, "E226", "team-colours-without-by-board", Error,
    Template::new("`colours by_board home` or `colours by_board lower_number` says which team of a match has Red on odd boards and Black on even boards; the second word qualifies `by_board` only. After another colour rule (`lot`, `swap`, `table`) it would say nothing the runtime could follow.",
        "`colours by_board home` 或 `colours by_board lower_number` 规定每场对阵中由哪一队单数台执红、双数台执黑；第二个词只能跟在 `by_board` 之后。跟在其他先后手规则（`lot`、`swap`、`table`）之后没有可执行的含义。"),
    "stage league { team_round_robin single boards 4  colours lot lower_number }",
    Template::new("Write `colours by_board lower_number` (or `colours by_board home`).",
        "改为 `colours by_board lower_number`（或 `colours by_board home`）。"));

pub const CODES: &[&Code] = &[&E214, &E215, &E221, &E226];

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
        let kind = match format {
            Format::TeamRoundRobin { boards, .. }
            | Format::Swiss {
                boards: Some(boards),
                ..
            } => {
                below_boards(team_size, boards, name, diags);
                continue;
            }
            Format::Swiss { .. } => ("Swiss", "积分编排"),
            Format::RoundRobin { .. } => ("round robin", "个人循环"),
            Format::Knockout(_) => ("knockout", "淘汰赛"),
            Format::SamePlace { .. } => ("same-place stage", "同名次赛"),
        };
        diags.push(INDIVIDUAL.at(
            at,
            &[("stage", name), ("kind", kind.0), ("kind_zh", kind.1)],
        ));
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

/// E221: `boards N` on a Swiss of an event without teams.
fn boards_alone(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
            if let StageClause::Format(Format::Swiss {
                boards: Some(b), ..
            }) = c
            {
                let n = b.node.to_string();
                let args = [("stage", st.name.node.as_str()), ("boards", n.as_str())];
                diags.push(BOARDS_ALONE.at(b.span, &args));
            }
        }
    }
}

/// E226: `colours lot lower_number`: the team word after a rule other than `by_board`.
fn team_word_alone(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for st in stages(ctx) {
        for c in &st.clauses {
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
}
