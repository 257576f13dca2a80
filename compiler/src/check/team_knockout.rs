//! Team knockouts (团体淘汰赛): a knockout of a team event plays teams on `boards N`, each match
//! won on board points. A match level on board points (2:2 on four boards; a double forfeit
//! leaves a board 0:0 even where games cannot be drawn) is decided by the stage's playoff
//! chain, so the stage must name one (E233); a chain step that reads one pair's own games
//! (`tiebreak { ... }`) and a mini-match (`games N`) have no meaning for a team match (E234).
//! Its bracket names teams (a declared team's id, a place of an earlier team stage, a seed), as
//! does a test's recorded draw of it: a declared player there is E235, at its place, with the
//! team to write.

use xqreg_grammar::ast::{
    BracketSlot, Ident, Item, KnockoutClause, PlayerAttr, PlayerDecl, PlayoffRef, PlayoffStep,
    StageClause, TeamDecl,
};

use super::entry::is_team_event;
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E233, &E234, &E235];

// The message catalogue of this module: compiler/messages/check/team_knockout.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/team_knockout.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    if !is_team_event(ctx.file) {
        return;
    }
    players_in_draws(ctx, diags);
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
            // Reserved seeds go to the members of a category of players; a team is none.
            if let KnockoutClause::Seeds { span, category, .. } = c {
                let args = [("stage", *name), ("category", category.node.as_str())];
                diags.push(SEEDS_CATEGORY.at(*span, &args));
            }
            if let KnockoutClause::Bracket { pairs, .. } = c {
                for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                    if let BracketSlot::Player(p) = slot {
                        player_in_bracket(ctx, name, p, diags);
                    }
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

/// E235 when `p`, in team knockout `stage`'s bracket, is a declared player and no team: the
/// runtime could only refuse it (R014). The help names the player's team when it has one.
fn player_in_bracket(ctx: &Ctx<'_>, stage: &str, p: &Ident, diags: &mut Diagnostics) {
    let scope = ctx.scope;
    if scope.teams.contains_key(p.node.as_str()) {
        return;
    }
    let Some(decl) = scope.players.get(p.node.as_str()) else {
        return;
    };
    let team = team_of(decl, scope.teams.values().copied());
    diags.push(player_here(&PLAYER_IN_BRACKET, stage, p, team));
}

/// E235 for each player of a test's roster that the test's recorded draw of a team knockout
/// (`draw { cup: d1 c b a }`) lists where a team belongs: the runtime refused it (R011).
fn players_in_draws(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        let Item::Test(t) = item else { continue };
        let (players, test_teams) = ctx.file.scenario_players(t).unwrap_or_default();
        let teams = || ctx.scope.teams.values().copied().chain(test_teams);
        for d in t
            .draws
            .iter()
            .filter(|d| is_team_knockout(ctx, &d.stage.node))
        {
            for p in &d.players {
                if teams().any(|t| t.id.node == p.node) {
                    continue;
                }
                let decl = players
                    .iter()
                    .find(|x| x.id.node == p.node)
                    .or_else(|| ctx.scope.players.get(p.node.as_str()).copied());
                if let Some(decl) = decl {
                    let team = team_of(decl, teams());
                    diags.push(player_here(&PLAYER_IN_DRAW, &d.stage.node, p, team));
                }
            }
        }
    }
}

/// The team a declared player plays for: `team bj`, or a unit naming a team by id or name.
fn team_of<'t>(
    decl: &PlayerDecl,
    mut teams: impl Iterator<Item = &'t TeamDecl>,
) -> Option<&'t str> {
    let named = decl.attrs.iter().find_map(|a| match a {
        PlayerAttr::Team(t) => Some(t.node.as_str()),
        PlayerAttr::Unit(u) => Some(u.zh.node.as_str()),
        _ => None,
    })?;
    teams
        .find(|t| t.id.node == named || t.name.zh.node == named)
        .map(|t| t.id.node.as_str())
}

/// `report` at player `p` of team knockout `stage`, its help naming the player's `team`.
fn player_here(report: &Report, stage: &str, p: &Ident, team: Option<&str>) -> Diagnostic {
    let mut d = report.at(p.span, &[("stage", stage), ("player", p.node.as_str())]);
    if let Some(team) = team {
        d.help = vec![WRITE_TEAM.fill(&[("player", p.node.as_str()), ("team", team)])];
    }
    d
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
