//! Team knockouts (团体淘汰赛): a knockout of a team event plays teams on `boards N`, each match
//! won on board points. A match level on board points (2:2 on four boards; a double forfeit
//! leaves a board 0:0 even where games cannot be drawn) is decided by the stage's playoff
//! chain, so the stage must name one (E233); a chain step that reads one pair's own games
//! (`tiebreak { ... }`) and a mini-match (`games N`) have no meaning for a team match (E234).

use xqreg_grammar::ast::{KnockoutClause, PlayoffRef, PlayoffStep, StageClause};

use super::entry::is_team_event;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E233, &E234];

// The message catalogue of this module: compiler/messages/check/team_knockout.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/team_knockout.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    if !is_team_event(ctx.file) {
        return;
    }
    for name in &ctx.scope.stage_order {
        let clauses = ctx.scope.stage_clauses(name);
        let Some(ko) = clauses.iter().find_map(|c| c.knockout()) else {
            continue;
        };
        let Some(boards) = ko.boards() else {
            continue;
        };
        for c in &ko.clauses {
            if let KnockoutClause::Games(g) = c {
                if g.node != 1 {
                    let n = g.node.to_string();
                    diags.push(MINI_MATCH.at(g.span, &[("stage", name), ("games", &n)]));
                }
            }
        }
        let chain = clauses.iter().find_map(|c| match c {
            StageClause::Playoff(PlayoffRef::Inline(p)) => Some(Some(p)),
            // An unknown chain is E108's.
            StageClause::Playoff(PlayoffRef::Named(n)) => {
                Some(ctx.scope.playoffs.get(n.node.as_str()).copied())
            }
            _ => None,
        });
        let Some(chain) = chain else {
            let n = boards.node.to_string();
            let args = [("stage", *name), ("boards", &n)];
            diags.push(NO_CHAIN.at(boards.span, &args));
            continue;
        };
        for step in chain.into_iter().flat_map(|p| &p.steps) {
            if let PlayoffStep::Tiebreak(t) = step {
                diags.push(PAIR_STEP.at(t.span, &[("stage", name)]));
            }
        }
    }
}

/// Whether stage `name` is a team knockout (a knockout with `boards N` in a team event): its
/// level match is E233's, not E308's, and its `earlier_game` reads boards, not games.
pub fn is_team_knockout(ctx: &Ctx<'_>, name: &str) -> bool {
    is_team_event(ctx.file)
        && ctx
            .scope
            .stage_clauses(name)
            .iter()
            .find_map(|c| c.knockout())
            .is_some_and(|k| k.boards().is_some())
}
