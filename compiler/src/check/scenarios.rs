//! Scenario tests (`test { roster results expect }`): every player named is in the test's roster
//! or the regulation, every result is for a round the stage plays, no game is entered twice, and
//! the expectations do not contradict each other. Stage names are resolved by the name check.
//!
//! A game may repeat only as the regulation allows: a knockout of `games N` plays N games per pair
//! in a round, and a playoff step may be entered as often as the stage's chain lists it.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    self, Expect, Ident, PlayoffRef, PlayoffStep, ResultLine, Scenario, ScenarioRoster, StageClause,
};
use xqreg_grammar::Span;

use super::Ctx;
use crate::diagnostics::{
    Code, Diagnostic, Diagnostics, Explain, Severity, Template, DID_YOU_MEAN,
};

pub const CODES: &[&Code] = &[&E704, &E705, &E706, &E707];

// The message catalogue of this module: compiler/messages/check/scenarios.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/scenarios.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        if let ast::Item::Test(t) = item {
            players(ctx, t, diags);
            rounds(ctx, t, diags);
            duplicates(ctx, t, diags);
            expectations(t, several_sections(ctx.file), diags);
        }
    }
}

/// Every player a test names, in source order.
fn named_players(t: &Scenario) -> Vec<&Ident> {
    let mut out = Vec::new();
    for line in &t.results {
        match line {
            ResultLine::Games { games, .. } => {
                for g in games {
                    out.push(&g.red);
                    out.push(&g.black);
                }
            }
            ResultLine::Fouls { player, .. }
            | ResultLine::Withdraw { player, .. }
            | ResultLine::Declines { player, .. } => out.push(player),
            ResultLine::Lineup { team, players, .. } => {
                out.push(team);
                out.extend(players.iter());
            }
            ResultLine::Rest { .. } => {}
        }
    }
    for e in &t.expects {
        match e {
            Expect::Place { player, .. }
            | Expect::Prize { player, .. }
            | Expect::Qualifies { player, .. }
            | Expect::StagePlace { player, .. }
            | Expect::Withdrawn { player, .. } => out.push(player),
            Expect::Shared { players, .. } => out.extend(players.iter()),
            // Units of a derived ranking are checked by `rankings` (E538).
            Expect::DecidedBy { .. } | Expect::RankingPlace { .. } | Expect::Rounds { .. } => {}
        }
    }
    out
}

fn players(ctx: &Ctx<'_>, t: &Scenario, diags: &mut Diagnostics) {
    // Players and, in a team event, teams: expectations of a team event name teams.
    let mut known: Vec<&str> = ctx.scope.players.keys().copied().collect();
    for item in &ctx.file.items {
        if let ast::Item::Entry(e) = item {
            for c in &e.clauses {
                if let ast::EntryClause::Team(t) = c {
                    known.push(t.id.node.as_str());
                }
            }
        }
    }
    // A derived ranking pays and qualifies units: their names stand where players do.
    let units = super::rankings::unit_names(ctx, t);
    known.extend(units.iter().map(String::as_str));
    match ctx.file.scenario_players(t) {
        Some((players, teams)) => {
            known.extend(players.iter().map(|p| p.id.node.as_str()));
            known.extend(teams.iter().map(|t| t.id.node.as_str()));
        }
        // A generated roster's ids are the runtime's to choose: nothing to check against.
        None if matches!(t.roster, Some(ScenarioRoster::Generated { .. })) => return,
        // An unknown roster name is E708; its players cannot be checked.
        None if matches!(t.roster, Some(ScenarioRoster::Named { .. })) => return,
        None => {}
    }
    let mut reported: Vec<&str> = Vec::new();
    for p in named_players(t) {
        let name = p.node.as_str();
        if known.contains(&name) || reported.contains(&name) {
            continue;
        }
        reported.push(name);
        // An id the roster writes another way (`b` for `B`): said as a results row's is, by
        // the runtime's fold.
        let fold = xqreg_runtime::engine::folded_id;
        let written = known.iter().find(|k| fold(k) == fold(name));
        let help = match (
            written,
            super::suggest::did_you_mean(name, known.iter().copied()),
        ) {
            (Some(id), _) => ROSTER_WRITES.fill(&[("id", id)]),
            (None, Some(s)) => DID_YOU_MEAN.fill(&[("name", s)]),
            (None, None) => HELP_E704.fill(&[("player", name)]),
        };
        diags.push(
            Diagnostic::new(
                &E704,
                MSG_E704.fill(&[("player", name)]),
                p.span,
                LBL_E704.plain(),
            )
            .with_help(help),
        );
    }
}

fn rounds(ctx: &Ctx<'_>, t: &Scenario, diags: &mut Diagnostics) {
    for line in &t.results {
        let (stage, round) = match line {
            ResultLine::Games { stage, round, .. }
            | ResultLine::Withdraw { stage, round, .. }
            | ResultLine::Lineup { stage, round, .. } => (stage, round),
            _ => continue,
        };
        // An unknown stage is reported once, by the name check.
        let Some(fact) = ctx.facts.stages.get(&stage.node) else {
            continue;
        };
        let Some(total) = fact.rounds else { continue };
        // `withdraw a after 0` (before the first round) is meaningful; a game in round 0 is not.
        let zero_ok = matches!(line, ResultLine::Withdraw { .. });
        if (round.node == 0 && !zero_ok) || round.node > total {
            let total_s = total.to_string();
            diags.push(
                Diagnostic::new(
                    &E705,
                    MSG_E705.fill(&[
                        ("stage", &stage.node),
                        ("total", &total_s),
                        ("round", &round.node.to_string()),
                    ]),
                    round.span,
                    LBL_E705.plain(),
                )
                .with_help(HELP_E705.fill(&[("total", &total_s)])),
            );
        }
    }
}

/// How many times a pair may meet in one round of a stage, per playoff step (None: the stage's
/// own game).
fn allowed(ctx: &Ctx<'_>, stage: &str, step: Option<&str>) -> usize {
    let clauses = ctx.scope.stage_clauses(stage);
    match step {
        None => clauses
            .iter()
            .find_map(|c| c.knockout()?.games())
            .map_or(1, |n| n as usize)
            .max(1),
        Some(step) => {
            let chain = clauses.iter().find_map(|c| match c {
                StageClause::Playoff(PlayoffRef::Inline(chain)) => Some(chain),
                StageClause::Playoff(PlayoffRef::Named(n)) => {
                    ctx.scope.playoffs.get(n.node.as_str()).copied()
                }
                _ => None,
            });
            let Some(chain) = chain else { return 1 };
            let n: usize = chain
                .steps
                .iter()
                .map(|s| match s {
                    PlayoffStep::Game { time, games, .. } if time.node == step => {
                        games.as_ref().map_or(1, |g| g.node as usize)
                    }
                    PlayoffStep::Armageddon { time, .. }
                        if step == "armageddon" || time.node == step =>
                    {
                        1
                    }
                    _ => 0,
                })
                .sum();
            n.max(1)
        }
    }
}

/// A game's identity in a test: stage, round, the pair (sorted) and the playoff step.
type GameKey = (String, u32, (String, String), String);

fn duplicates(ctx: &Ctx<'_>, t: &Scenario, diags: &mut Diagnostics) {
    let mut games: BTreeMap<GameKey, Vec<Span>> = BTreeMap::new();
    // (stage, round, player) -> first game's span and opponent, for the stage's own games
    let mut seated: BTreeMap<(String, u32, String), (Span, String)> = BTreeMap::new();
    for line in &t.results {
        let ResultLine::Games {
            stage,
            round,
            games: list,
            ..
        } = line
        else {
            continue;
        };
        for g in list {
            let (a, b) = (g.red.node.clone(), g.black.node.clone());
            let pair = if a <= b {
                (a.clone(), b.clone())
            } else {
                (b.clone(), a.clone())
            };
            let step = g.playoff_step.as_ref().map(|s| s.node.clone());
            let key = (
                stage.node.clone(),
                round.node,
                pair,
                step.clone().unwrap_or_default(),
            );
            let seen = games.entry(key).or_default();
            let limit = allowed(ctx, &stage.node, step.as_deref());
            if seen.len() >= limit {
                let first = seen.first().copied().unwrap_or(g.span);
                let (step_en, step_zh) = match &step {
                    Some(s) => (format!(" (playoff {s})"), format!("加赛 {s} ")),
                    None => (String::new(), String::new()),
                };
                diags.push(
                    Diagnostic::new(
                        &E706,
                        MSG_E706_PAIR.fill(&[
                            ("a", &g.red.node),
                            ("b", &g.black.node),
                            ("round", &round.node.to_string()),
                            ("stage", &stage.node),
                            ("step", &step_en),
                            ("step_zh", &step_zh),
                        ]),
                        g.span,
                        LBL_E706.plain(),
                    )
                    .with_label(first, LBL_E706_FIRST.plain())
                    .with_help(HELP_E706.plain()),
                );
                continue;
            }
            seen.push(g.span);
            if step.is_some() {
                continue;
            }
            for (me, other) in [(&g.red, &g.black), (&g.black, &g.red)] {
                let k = (stage.node.clone(), round.node, me.node.clone());
                match seated.get(&k) {
                    Some((span, opp)) if *opp != other.node => {
                        diags.push(
                            Diagnostic::new(
                                &E706,
                                MSG_E706_PLAYER.fill(&[
                                    ("player", &me.node),
                                    ("round", &round.node.to_string()),
                                    ("stage", &stage.node),
                                ]),
                                me.span,
                                LBL_E706.plain(),
                            )
                            .with_label(*span, LBL_E706_FIRST.plain())
                            .with_help(HELP_E706.plain()),
                        );
                    }
                    Some(_) => {}
                    None => {
                        seated.insert(k, (g.span, other.node.clone()));
                    }
                }
            }
        }
    }
}

/// Two or more stages take their own part of the roster (`entrants category X`, `pool P`,
/// `rest`): the event may have several sections, each with its own place 1 (docs/language.md
/// §12), so two players expected at one final place need not conflict. Sections are known
/// only when the event runs (by the players the stages share); the runtime checks each place.
fn several_sections(file: &ast::File) -> bool {
    let own_part = |s: &&ast::Stage| {
        s.clauses.iter().any(|c| {
            matches!(c, ast::StageClause::Entrants { sources, .. } if sources.iter().any(|x| matches!(
                x,
                ast::EntrantSource::Category(_) | ast::EntrantSource::Pool(_) | ast::EntrantSource::Rest(_)
            )))
        })
    };
    let stages = file.items.iter().filter_map(|i| match i {
        ast::Item::Stage(s) => Some(s),
        _ => None,
    });
    stages.filter(own_part).count() >= 2
}

fn expectations(t: &Scenario, sections: bool, diags: &mut Diagnostics) {
    // Final places: place -> (player, span); player -> (place range, span).
    let mut by_place: BTreeMap<u32, (&str, Span)> = BTreeMap::new();
    let mut by_player: BTreeMap<&str, ((u32, u32), Span)> = BTreeMap::new();
    // Places inside a stage: (stage, group, place) -> (player, span).
    let mut stage_places: BTreeMap<(String, String, u32), (&str, Span)> = BTreeMap::new();
    let mut stage_players: BTreeMap<(String, String, &str), (u32, Span)> = BTreeMap::new();
    for e in &t.expects {
        match e {
            Expect::Place {
                place,
                player,
                span,
            } => {
                let p = player.node.as_str();
                match by_place.get(&place.node) {
                    Some((other, first)) if *other != p && !sections => {
                        place_conflict(diags, place.node, other, p, *span, *first);
                        continue;
                    }
                    _ => {}
                }
                match by_player.get(p) {
                    // A player of a shared range sits at its first place.
                    Some((r, first)) if r.0 != place.node => {
                        player_conflict(diags, p, text(*r), place.node.to_string(), *span, *first);
                        continue;
                    }
                    _ => {}
                }
                by_place.insert(place.node, (p, *span));
                by_player.insert(p, ((place.node, place.node), *span));
            }
            Expect::Shared {
                places,
                players,
                span,
            } => {
                let r = (places.start, places.end);
                // Shared players all sit at the first place of the range.
                if let Some((other, first)) = by_place.get(&places.start).filter(|_| !sections) {
                    if !players.iter().any(|x| x.node == *other) {
                        place_conflict(
                            diags,
                            places.start,
                            other,
                            &players.first().map_or(String::new(), |x| x.node.clone()),
                            *span,
                            *first,
                        );
                        continue;
                    }
                }
                for x in players {
                    let p = x.node.as_str();
                    match by_player.get(p) {
                        Some((had, first)) if *had != r && *had != (r.0, r.0) => {
                            player_conflict(diags, p, text(*had), text(r), x.span, *first);
                        }
                        Some(_) => {}
                        None => {
                            by_player.insert(p, (r, *span));
                        }
                    }
                }
            }
            Expect::StagePlace {
                stage,
                group,
                place,
                player,
                span,
            } => {
                let g = group.as_ref().map(|g| g.node.clone()).unwrap_or_default();
                let p = player.node.as_str();
                let k = (stage.node.clone(), g.clone(), place.node);
                if let Some((other, first)) = stage_places.get(&k) {
                    if *other != p {
                        place_conflict(diags, place.node, other, p, *span, *first);
                        continue;
                    }
                }
                let kp = (stage.node.clone(), g, p);
                if let Some((had, first)) = stage_players.get(&kp) {
                    if *had != place.node {
                        player_conflict(
                            diags,
                            p,
                            had.to_string(),
                            place.node.to_string(),
                            *span,
                            *first,
                        );
                        continue;
                    }
                }
                stage_places.insert(k, (p, *span));
                stage_players.insert(kp, (place.node, *span));
            }
            _ => {}
        }
    }
}

/// E707: two players expected at one place.
fn place_conflict(diags: &mut Diagnostics, place: u32, a: &str, b: &str, here: Span, first: Span) {
    diags.push(
        Diagnostic::new(
            &E707,
            MSG_E707_PLACE.fill(&[("place", &place.to_string()), ("a", a), ("b", b)]),
            here,
            LBL_E707.plain(),
        )
        .with_label(first, LBL_E707_FIRST.plain())
        .with_help(HELP_E707.plain()),
    );
}

/// E707: one player expected at two places.
fn player_conflict(
    diags: &mut Diagnostics,
    player: &str,
    a: String,
    b: String,
    here: Span,
    first: Span,
) {
    diags.push(
        Diagnostic::new(
            &E707,
            MSG_E707_PLAYER.fill(&[("player", player), ("a", &a), ("b", &b)]),
            here,
            LBL_E707.plain(),
        )
        .with_label(first, LBL_E707_FIRST.plain())
        .with_help(HELP_E707.plain()),
    );
}

/// A place range as the test wrote it: `3` or `3..4`.
fn text((a, b): (u32, u32)) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}..{b}")
    }
}

#[cfg(test)]
mod tests;
