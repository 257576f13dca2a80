//! A scenario's expectations checked against the outcome: each kind of `expect` line compares
//! one thing the runtime decided and says, in both languages, what differed.

use std::collections::BTreeSet;

use xqreg_grammar::ast::{Expect, Ident, Money, PlaceRange, PrizeItem, Spanned, OVERALL};
use xqreg_runtime::engine::{Outcome, PrizeAward, Roster};
use xqreg_runtime::plan;
use xqreg_runtime::plan::DeclaredTeam;

use crate::compile::prize_item;
use crate::diagnostics::{Msg, Template};

// The message catalogue of this module: compiler/messages/run/scenario/expect.toml.
include!(concat!(env!("OUT_DIR"), "/messages/run/scenario/expect.rs"));

/// What a test's expectations are checked against: the outcome, the roster it ran on and the
/// teams the plan names (a team is ranked by its declared id).
pub(super) struct Ctx<'a> {
    pub outcome: &'a Outcome,
    pub roster: &'a Roster,
    pub teams: &'a [DeclaredTeam],
    /// The plan, whose stages an expectation may name by id or by the title of one.
    pub plan: &'a plan::Plan,
}

impl Ctx<'_> {
    /// The id the outcome gives the one an expectation names: a declared team named by its
    /// name is ranked by its id.
    fn id<'a>(&'a self, named: &'a str) -> &'a str {
        self.teams
            .iter()
            .find(|t| t.name == named)
            .map_or(named, |t| t.id.as_str())
    }

    /// The roster's players of the team an expectation names (by declared id or name, or by
    /// unit when the regulation names no teams); empty when it names a player or nothing.
    fn members(&self, named: &str) -> Vec<&str> {
        if self.roster.index_of(named).is_some() {
            return Vec::new();
        }
        let team = self.teams.iter().find(|t| t.id == named || t.name == named);
        self.roster
            .players
            .iter()
            .filter(|p| {
                p.unit
                    .as_deref()
                    .is_some_and(|u| u == named || team.is_some_and(|t| u == t.id || u == t.name))
            })
            .map(|p| p.id.as_str())
            .collect()
    }
}

/// One expectation against the outcome: Ok, or what differed, and, for a player it names whom
/// the roster writes another way (`P1` for `p1`), which id that is: the note a results row
/// naming them gets ([`xqreg_runtime::engine::as_the_roster_writes`], one fold for both).
pub(super) fn check(e: &Expect, ctx: &Ctx<'_>) -> Result<(), Msg> {
    against(e, ctx).map_err(|differed| {
        let named: Vec<&Ident> = match e {
            Expect::Place { player, .. }
            | Expect::Prize { player, .. }
            | Expect::Qualifies { player, .. }
            | Expect::StagePlace { player, .. }
            | Expect::Withdrawn { player, .. } => vec![player],
            Expect::Shared { players, .. } => players.iter().collect(),
            _ => Vec::new(),
        };
        let notes = named
            .into_iter()
            .filter(|p| ctx.roster.index_of(&p.node).is_none())
            .map(|p| xqreg_runtime::engine::as_the_roster_writes(ctx.roster, &p.node))
            .find(|(en, _)| !en.is_empty());
        match notes {
            Some((en, zh)) => Msg::new(differed.en + &en, differed.zh + &zh),
            None => differed,
        }
    })
}

fn against(e: &Expect, ctx: &Ctx<'_>) -> Result<(), Msg> {
    let o = ctx.outcome;
    match e {
        Expect::Place { place, player, .. } => final_place(place, player, ctx),
        Expect::Shared {
            places, players, ..
        } => shared(places, players, ctx),
        Expect::Prize {
            player,
            money,
            items,
            category,
            ..
        } => {
            // Awards named without money: the line does not expect an amount.
            if money.is_some() || items.is_empty() {
                prize(player, money, category, ctx)?;
            }
            awards(player, items, category, ctx)
        }
        Expect::Qualifies { player, .. } => qualifies(player, ctx),
        Expect::Rounds { stage, rounds, .. } => rounds_played(stage, rounds, ctx),
        Expect::DecidedBy { stage, step, .. } => decided_by(stage, step, ctx),
        Expect::StagePlace {
            stage,
            group,
            place,
            player,
            ..
        } => stage_place(stage, group, place, player, ctx),
        Expect::RankingPlace {
            ranking,
            place,
            unit,
            ..
        } => ranking_place(ranking, place, unit, o),
        Expect::Withdrawn { player, .. } => withdrawn(player, ctx),
    }
}

fn final_place(place: &Spanned<u32>, player: &Ident, ctx: &Ctx<'_>) -> Result<(), Msg> {
    let o = ctx.outcome;
    let row = |id: &str| o.final_ranking.iter().find(|r| r.id == id);
    // Who did finish there (in every section): what the test writer needs to correct it.
    let there = || {
        let ids: Vec<&str> = o
            .final_ranking
            .iter()
            .filter(|r| r.place == place.node)
            .map(|r| r.id.as_str())
            .collect();
        if ids.is_empty() {
            NOBODY.plain()
        } else {
            Msg::new(ids.join(", "), ids.join("、"))
        }
    };
    match row(ctx.id(&player.node)) {
        Some(r) if r.place == place.node => Ok(()),
        Some(r) => {
            let shared = if r.shared {
                SHARED_MARK.plain()
            } else {
                Msg::new("", "")
            };
            let there = there();
            Err(WRONG_FINAL_PLACE.fill(&[
                ("place", &place.node.to_string()),
                ("player", &player.node),
                ("got", &r.place.to_string()),
                ("shared", &shared.en),
                ("shared_zh", &shared.zh),
                ("there", &there.en),
                ("there_zh", &there.zh),
            ]))
        }
        None => {
            // The test may name them some other way.
            let there = there();
            Err(NO_FINAL_PLACE.fill(&[
                ("place", &place.node.to_string()),
                ("player", &player.node),
                ("there", &there.en),
                ("there_zh", &there.zh),
            ]))
        }
    }
}

fn shared(places: &PlaceRange, players: &[Ident], ctx: &Ctx<'_>) -> Result<(), Msg> {
    let o = ctx.outcome;
    let row = |id: &str| o.final_ranking.iter().find(|r| r.id == id);

    let want: BTreeSet<&str> = players.iter().map(|p| ctx.id(&p.node)).collect();
    // Places of one section: several sections each have their own place 1.
    let section = players
        .first()
        .and_then(|p| row(ctx.id(&p.node)))
        .map(|r| r.section.clone());
    let got: BTreeSet<&str> = o
        .final_ranking
        .iter()
        .filter(|r| r.place == places.start && r.shared)
        .filter(|r| section.as_ref().is_none_or(|s| &r.section == s))
        .map(|r| r.id.as_str())
        .collect();
    if want == got {
        Ok(())
    } else {
        let want = want.iter().copied().collect::<Vec<_>>().join(" ");
        let got = got.iter().copied().collect::<Vec<_>>().join(" ");
        let got = if got.is_empty() {
            NOBODY.plain()
        } else {
            Msg::new(got.clone(), got)
        };
        Err(NOT_SHARED.fill(&[
            ("first", &places.start.to_string()),
            ("last", &places.end.to_string()),
            ("want", &want),
            ("got", &got.en),
            ("got_zh", &got.zh),
        ]))
    }
}

/// The player's prizes, in one table (CATEGORY) or all.
fn prizes_of<'o>(
    player: &Ident,
    category: &Option<Ident>,
    ctx: &'o Ctx<'_>,
) -> Vec<&'o PrizeAward> {
    ctx.outcome
        .prizes
        .iter()
        .filter(|a| a.id == ctx.id(&player.node))
        .filter(|a| match category {
            Some(c) if c.node == OVERALL => a.category.is_none(),
            Some(c) => a.category.as_deref() == Some(c.node.as_str()),
            None => true,
        })
        .collect()
}

/// `prize a1 trophy medal gold`: each award named is among the player's (the money, if any, is
/// `prize`'s).
fn awards(
    player: &Ident,
    items: &[PrizeItem],
    category: &Option<Ident>,
    ctx: &Ctx<'_>,
) -> Result<(), Msg> {
    let got: Vec<plan::PrizeItem> = prizes_of(player, category, ctx)
        .into_iter()
        .flat_map(|a| a.items.iter().cloned())
        .collect();
    let missing: Vec<String> = items
        .iter()
        .map(prize_item)
        .filter(|want| !got.contains(want))
        .map(|want| want.word())
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    let got = if got.is_empty() {
        "nothing".to_string()
    } else {
        got.iter()
            .map(plan::PrizeItem::word)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let missing = missing.join(", ");
    Err(AWARDS.fill(&[
        ("player", &player.node),
        ("missing", &missing),
        ("got", &got),
    ]))
}

fn prize(
    player: &Ident,
    money: &Option<Money>,
    category: &Option<Ident>,
    ctx: &Ctx<'_>,
) -> Result<(), Msg> {
    let awards = prizes_of(player, category, ctx);
    match money {
        None if awards.iter().all(|a| a.amount == 0) => Ok(()),
        None => {
            let got = awards
                .iter()
                .map(|a| format!("{} {}", a.amount, a.currency))
                .collect::<Vec<_>>()
                .join(" + ");
            Err(PRIZE_NONE.fill(&[("player", &player.node), ("got", &got)]))
        }
        Some(m) => {
            let currency = m.currency.as_ref().map(|c| c.node.as_str());
            let total: u64 = awards
                .iter()
                .filter(|a| currency.is_none_or(|c| a.currency == c))
                .map(|a| a.amount)
                .sum();
            if total == m.amount.node {
                Ok(())
            } else {
                let want = format!("{} {}", m.amount.node, currency.unwrap_or(""));
                Err(PRIZE.fill(&[
                    ("player", &player.node),
                    ("want", &want),
                    ("got", &total.to_string()),
                ]))
            }
        }
    }
}

fn qualifies(player: &Ident, ctx: &Ctx<'_>) -> Result<(), Msg> {
    let id = ctx.id(&player.node);
    if ctx.outcome.qualifiers.iter().any(|q| q.id == id) {
        Ok(())
    } else {
        Err(NOT_QUALIFIED.fill(&[("player", &player.node)]))
    }
}

/// The outcome of the stage `stage` (none for a stage the outcome does not have).
/// The outcome of the stage an expectation names: by its id, or by the title of one stage (the
/// rule of the event commands, [`plan::Plan::stage_named`]).
fn stages_named<'o>(
    ctx: &Ctx<'o>,
    stage: &'o Ident,
) -> impl Iterator<Item = &'o xqreg_runtime::engine::StageOutcome> {
    let id = match ctx.plan.stage_named(&stage.node) {
        plan::StageNamed::Stage(id) => id,
        _ => stage.node.as_str(),
    };
    ctx.outcome.stages.iter().filter(move |s| s.name == id)
}

fn rounds_played(stage: &Ident, rounds: &Spanned<u32>, ctx: &Ctx<'_>) -> Result<(), Msg> {
    let played = stages_named(ctx, stage)
        .flat_map(|s| &s.games)
        .map(|g| g.round)
        .max()
        .unwrap_or(0);
    if played == rounds.node {
        Ok(())
    } else {
        Err(Msg::new(
            format!(
                "stage {} was expected to play {} rounds, played {played}",
                stage.node, rounds.node
            ),
            format!(
                "预期阶段 {} 赛 {} 轮，实赛 {played} 轮",
                stage.node, rounds.node
            ),
        ))
    }
}

fn decided_by(stage: &Ident, step: &Ident, ctx: &Ctx<'_>) -> Result<(), Msg> {
    let seen: BTreeSet<&str> = stages_named(ctx, stage)
        .flat_map(|s| &s.matches)
        .map(|m| m.decided_by.as_str())
        .collect();
    if seen.contains(step.node.as_str()) {
        Ok(())
    } else {
        let seen = seen.into_iter().collect::<Vec<_>>().join(", ");
        Err(NOT_DECIDED_BY.fill(&[
            ("stage", &stage.node),
            ("step", &step.node),
            ("seen", &seen),
        ]))
    }
}

fn stage_place(
    stage: &Ident,
    group: &Option<Ident>,
    place: &Spanned<u32>,
    player: &Ident,
    ctx: &Ctx<'_>,
) -> Result<(), Msg> {
    let id = ctx.id(&player.node);
    let group_name = group.as_ref().map(|g| g.node.as_str());
    // Each group the player stands in, with the player's place there.
    let found: Vec<(Option<&str>, u32)> = stages_named(ctx, stage)
        .flat_map(|s| &s.groups)
        .filter_map(|g| {
            let r = g.standings.iter().find(|r| r.id == id)?;
            Some((g.name.as_deref(), r.place))
        })
        .collect();
    let at = format!(
        "{}{}",
        stage.node,
        group_name.map(|g| format!(".{g}")).unwrap_or_default()
    );
    match found.iter().find(|(g, _)| *g == group_name) {
        Some((_, p)) if *p == place.node => Ok(()),
        Some((_, p)) => Err(wrong_place(&at, place.node, &player.node, "who", *p)),
        // The test named one group and the player stands in another: say which.
        None => match found.iter().find_map(|(g, p)| Some(((*g)?, p))) {
            Some((other, p)) => Err(IN_OTHER_GROUP.fill(&[
                ("player", &player.node),
                ("at", &at),
                ("group", other),
                ("place", &p.to_string()),
            ])),
            None => Err(NOT_IN_STANDINGS.fill(&[("player", &player.node), ("stage", &at)])),
        },
    }
}

/// Place `place` of the table `at` was expected to be `expected` (a player: `who`, a unit:
/// `which`), who is at `is` instead.
fn wrong_place(at: &str, place: u32, expected: &str, who: &str, is: u32) -> Msg {
    WRONG_PLACE.fill(&[
        ("at", at),
        ("place", &place.to_string()),
        ("expected", expected),
        ("who", who),
        ("is", &is.to_string()),
    ])
}

fn ranking_place(
    ranking: &Ident,
    place: &Spanned<u32>,
    unit: &Ident,
    o: &Outcome,
) -> Result<(), Msg> {
    let row = o
        .derived
        .iter()
        .filter(|d| d.name == ranking.node)
        .flat_map(|d| &d.rows)
        .find(|r| r.unit == unit.node);
    match row {
        Some(r) if r.place == place.node => Ok(()),
        Some(r) => Err(wrong_place(
            &ranking.node,
            place.node,
            &unit.node,
            "which",
            r.place,
        )),
        None => Err(NOT_RANKED.fill(&[("unit", &unit.node), ("ranking", &ranking.node)])),
    }
}

fn withdrawn(player: &Ident, ctx: &Ctx<'_>) -> Result<(), Msg> {
    let out = |id: &str| ctx.outcome.withdrawn.iter().any(|w| w.id == id);
    // A team is withdrawn when every one of its players is (`withdraw TEAM after ...`).
    let members = ctx.members(&player.node);
    if out(&player.node) || (!members.is_empty() && members.iter().all(|m| out(m))) {
        Ok(())
    } else {
        Err(NOT_WITHDRAWN.fill(&[("player", &player.node)]))
    }
}
