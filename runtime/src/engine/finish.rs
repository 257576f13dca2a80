//! After the stages: the final ranking (stage places and places declarations), prizes per
//! category with equal shares on shared places, qualification with next-in-line replacement.

use super::outcome::{EliminatedIn, GivenUpPrize, Outcome, PrizeAward, RankingRow, StandingRow};
use super::problem::{codes, RuntimeProblem};
use super::roster::{categories_of, in_category};
use super::tiebreak::{self, Primary, Table};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{Origin, PlacesRule, PrizeKey, PLAN_VERSION};
use std::collections::{BTreeMap, BTreeSet};

mod prizes;
mod qualify;
use prizes::prizes;
use qualify::qualification;

/// (final place, shared, roster index), in place order.
type Ranking = Vec<(u32, bool, usize)>;

/// The derived rankings by name.
type Derived = BTreeMap<String, super::outcome::DerivedStanding>;

/// The final ranking of every section, one after the other (section by section, each in place
/// order), and the section of each ranked player.
struct Final {
    ranking: Ranking,
    section_of: BTreeMap<usize, usize>,
    /// Section names (the name of each section's first stage); empty with one section.
    names: Vec<String>,
}

impl Final {
    fn section_name(&self, p: usize) -> Option<String> {
        self.section_of
            .get(&p)
            .and_then(|&k| self.names.get(k))
            .cloned()
    }
}

pub(crate) fn finish(mut ctx: Ctx<'_>, seed: u64) -> Result<Outcome, Vec<RuntimeProblem>> {
    let fin = final_ranking(&mut ctx)?;
    let overall = overall_rows(&ctx, &fin);
    let derived = super::derived::rankings(&mut ctx, &overall);
    let (mut prizes, mut totals, prizes_given_up) = prizes(&mut ctx, &fin, &derived);
    super::board_prizes::pay(&mut ctx, &mut prizes, &mut totals);
    let qualifiers = qualification(&mut ctx, &fin, &derived);
    if !ctx.problems.is_empty() {
        return Err(ctx.problems);
    }
    let final_ranking = fin
        .ranking
        .iter()
        .map(|&(place, shared, p)| RankingRow {
            place,
            shared,
            section: fin.section_name(p),
            id: ctx.id(p).to_string(),
            player: ctx.name(p).to_string(),
            categories: ctx
                .roster
                .players
                .get(p)
                .map(|pl| categories_of(ctx.plan, pl))
                .unwrap_or_default(),
        })
        .collect();
    let withdrawn = ctx.withdrawn.iter().flatten().cloned().collect();
    Ok(Outcome {
        seed,
        plan_version: PLAN_VERSION,
        event: ctx.plan.meta.title.clone(),
        final_ranking,
        prizes,
        prizes_given_up,
        prize_totals: totals,
        qualifiers,
        derived: ctx
            .plan
            .rankings
            .iter()
            .filter_map(|r| derived.get(&r.name).cloned())
            .collect(),
        stages: ctx.stages.into_iter().map(|s| s.out).collect(),
        games: ctx.games,
        withdrawn,
        stats: ctx.stats,
        transcript: ctx.transcript.entries,
        warnings: ctx.warnings,
        swiss_trf: ctx.swiss_trf,
        lots_before_games: ctx.lots_before_games,
        swiss_trf_warnings: ctx.swiss_trf_warnings,
        unpairable: ctx.unpairable,
    })
}

/// The final ranking as standing rows, for a ranking derived `from overall`; None when the
/// event has several sections (each with its own place 1).
fn overall_rows(ctx: &Ctx<'_>, fin: &Final) -> Option<Vec<StandingRow>> {
    (fin.names.len() <= 1).then(|| super::standings::place_rows(ctx, &fin.ranking))
}

fn final_ranking(ctx: &mut Ctx<'_>) -> Result<Final, Vec<RuntimeProblem>> {
    let secs = super::sections::sections(&ctx.stages);
    let mut pl = Placing::default();
    place_by_stages(ctx, &mut pl);
    place_sections_by_last_stage(ctx, &secs, &mut pl);
    place_by_declarations(ctx, &mut pl);
    if !pl.problems.is_empty() {
        return Err(pl.problems);
    }
    let placed = pl.placed;
    let mut section_of = BTreeMap::new();
    for (k, sec) in secs.iter().enumerate() {
        for &p in &sec.players {
            section_of.insert(p, k);
        }
    }
    let mut ranking: Ranking = placed
        .iter()
        .map(|(&p, &(place, shared, _))| (place, shared, p))
        .collect();
    ranking.sort_by(|a, b| {
        section_of
            .get(&a.2)
            .cmp(&section_of.get(&b.2))
            .then(a.0.cmp(&b.0))
            .then_with(|| ctx.id(a.2).cmp(ctx.id(b.2)))
    });
    let names = if secs.len() > 1 {
        secs.iter()
            .map(|sec| {
                sec.stages
                    .first()
                    .and_then(|&k| ctx.plan.stages.get(k))
                    .map(|st| st.name.clone())
                    .unwrap_or_default()
            })
            .collect()
    } else {
        Vec::new()
    };
    Ok(Final {
        ranking,
        section_of,
        names,
    })
}

/// The final places given so far, each with the clause that gave it, and the conflicts.
#[derive(Default)]
struct Placing {
    placed: BTreeMap<usize, (u32, bool, Origin)>,
    problems: Vec<RuntimeProblem>,
}

impl Placing {
    /// Give `p` final place `place` by `origin`; a second place for the same player is a
    /// conflict, citing the first.
    fn assign(&mut self, ctx: &Ctx<'_>, p: usize, place: u32, shared: bool, origin: &Origin) {
        if let Some((other, _, first)) = self.placed.get(&p) {
            self.problems.push(
                RuntimeProblem::new(
                    codes::PLACE_CONFLICT,
                    format!(
                        "{} is given final place {other} ({}) and place {place}",
                        ctx.id(p),
                        first.cite()
                    ),
                    origin,
                )
                .zh(format!(
                    "{} 既得最终第 {other} 名（{}），又得第 {place} 名",
                    ctx.id(p),
                    first.cite()
                )),
            );
            return;
        }
        self.placed.insert(p, (place, shared, origin.clone()));
    }
}

/// The players of stage `k` that a later stage takes by a place reference to it (`entrants
/// prelim#1..8`, a bracket slot `prelim#1`) and places itself: by its own `places`, or by a
/// places declaration that draws on it.
fn taken_onward(ctx: &Ctx<'_>, k: usize) -> BTreeSet<usize> {
    use crate::plan::{Bracket, BracketSlot, EntrantSource, StageFormat};
    let name = &ctx.plan.stages[k].name;
    let places_them = |st: &crate::plan::Stage| {
        st.places.is_some()
            || ctx
                .plan
                .places
                .iter()
                .any(|d| d.sources.iter().any(|r| r.stage == st.name))
    };
    let mut refs = Vec::new();
    for st in ctx
        .plan
        .stages
        .iter()
        .skip(k + 1)
        .filter(|st| places_them(st))
    {
        for src in &st.entrants {
            if let EntrantSource::Places { place, origin } = src {
                refs.push((place, origin));
            }
        }
        if let StageFormat::Knockout(ko) = &st.format {
            if let Bracket::Pairs { pairs } = &ko.bracket {
                for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                    if let BracketSlot::Place(r) = slot {
                        refs.push((r, &st.origin));
                    }
                }
            }
        }
    }
    refs.into_iter()
        .filter(|(r, _)| &r.stage == name)
        .filter_map(|(r, origin)| super::entrants::places(ctx, r, origin).ok())
        .flatten()
        .collect()
}

/// The places each stage decides (`places` on a stage), from its single group's ranking.
fn place_by_stages(ctx: &Ctx<'_>, pl: &mut Placing) {
    for (k, (stage, run)) in ctx.plan.stages.iter().zip(&ctx.stages).enumerate() {
        let Some(range) = stage.places else { continue };
        if run.groups.len() != 1 {
            pl.problems.push(RuntimeProblem::new(
                codes::PLACE_CONFLICT,
                format!("stage `{}` decides places {range} but has {} groups; declare the places with `places`", stage.name, run.groups.len()),
                &stage.origin,
            ).zh(format!("阶段 `{}` 产生第 {range} 名，但分 {} 个小组；请用 `places` 声明这些名次", stage.name, run.groups.len())));
            continue;
        }
        // A Swiss that split sends its top players on: its own places start after them.
        let gone = match &stage.format {
            crate::plan::StageFormat::Swiss(sw) => sw.split.as_ref().map_or(0, |s| s.top),
            _ => 0,
        };
        for g in &run.groups {
            // The range holds only the players who stay (the checker's E211 allows a range
            // shorter than the field, and one as long as an entry cap the actual field is
            // short of): those a later stage takes by place and places are placed there, and
            // the rest move up past them.
            let onward = if gone == 0 {
                taken_onward(ctx, k)
            } else {
                BTreeSet::new()
            };
            for &(q, shared, p) in &g.ranking {
                if q <= gone || onward.contains(&p) {
                    continue;
                }
                let ahead = g
                    .ranking
                    .iter()
                    .filter(|&&(q2, _, p2)| q2 < q && onward.contains(&p2))
                    .count() as u32;
                let q = q - gone - ahead;
                if q <= range.len() {
                    pl.assign(ctx, p, range.from + q - 1, shared, &stage.origin);
                }
            }
        }
    }
}

/// The sections that declare no places, ranked by their last stage.
fn place_sections_by_last_stage(
    ctx: &Ctx<'_>,
    secs: &[super::sections::Section],
    pl: &mut Placing,
) {
    // A section that names no places (no stage of it says `places`, no declaration draws on
    // it) is ranked by its last stage, when that stage has one standing (a single round robin, a
    // Swiss, a knockout); its places repeat those of the other sections.
    for sec in secs {
        let in_section = |name: &str| {
            sec.stages
                .iter()
                .any(|&k| ctx.plan.stages.get(k).is_some_and(|st| st.name == name))
        };
        let declares = sec
            .stages
            .iter()
            .any(|&k| ctx.plan.stages.get(k).is_some_and(|st| st.places.is_some()))
            || ctx
                .plan
                .places
                .iter()
                .any(|d| d.sources.iter().any(|r| in_section(&r.stage)));
        if declares {
            continue;
        }
        let Some(run) = sec.stages.last().and_then(|&k| ctx.stages.get(k)) else {
            continue;
        };
        let [g] = run.groups.as_slice() else { continue };
        let origin = Origin::default_rule(if secs.len() > 1 {
            "default: a section that declares no places is ranked by its last stage"
        } else {
            "default: a regulation that declares no places is ranked by its last stage"
        });
        for &(q, shared, p) in &g.ranking {
            pl.assign(ctx, p, q, shared, &origin);
        }
    }
}

/// The places declared across stages (`places A..B from ...`), shared or ranked by a chain.
fn place_by_declarations(ctx: &mut Ctx<'_>, pl: &mut Placing) {
    for decl in &ctx.plan.places {
        let mut players = Vec::new();
        for r in &decl.sources {
            match super::entrants::places(ctx, r, &decl.origin) {
                Ok(list) => players.extend(list),
                Err(p) => pl.problems.push(p),
            }
        }
        if players.len() as u32 != decl.places.len() {
            pl.problems.push(
                RuntimeProblem::new(
                    codes::PLACE_CONFLICT,
                    format!(
                        "places {} hold {} players, but the sources give {}",
                        decl.places,
                        decl.places.len(),
                        players.len()
                    ),
                    &decl.origin,
                )
                .zh(format!(
                    "第 {} 名共 {} 人，但来源给出 {} 人",
                    decl.places,
                    decl.places.len(),
                    players.len()
                )),
            );
            continue;
        }
        match &decl.rule {
            PlacesRule::Shared => {
                let ids: Vec<&str> = players.iter().map(|&p| ctx.id(p)).collect();
                ctx.transcript.push(
                    EntryKind::Places,
                    format!("places {} shared: {}", decl.places, ids.join(" ")),
                    &decl.origin,
                );
                for &p in &players {
                    pl.assign(ctx, p, decl.places.from, true, &decl.origin);
                }
            }
            PlacesRule::Ranked { chain } => {
                // A chain ending in `shared` (refused here by the checker, E422, but a plan
                // is JSON) keeps the still-tied on one place rather than an arbitrary order.
                for (p, (q, shared)) in rank_across(ctx, &players, chain) {
                    pl.assign(ctx, p, decl.places.from + q - 1, shared, &decl.origin);
                }
            }
        }
    }
}

/// Rank players from several groups of earlier stages by points and a chain, each with its
/// place among them (1-based) and whether it is shared; each keeps the records of the group it
/// played in, and a bye counts in 对手分 the lowest total of that group (`lowest_in_field`).
fn rank_across(
    ctx: &mut Ctx<'_>,
    players: &[usize],
    chain: &crate::plan::TiebreakChain,
) -> Vec<(usize, (u32, bool))> {
    let mut competitors = Vec::new();
    let mut owner = Vec::new();
    let mut subset = Vec::new();
    let mut fields = Vec::new();
    let scoring = &ctx.plan.scoring;
    for run in &ctx.stages {
        for g in &run.groups {
            if g.members.iter().any(|m| players.contains(m)) {
                let base = competitors.len();
                for (pos, c) in g.competitors.iter().enumerate() {
                    let mut c = c.clone();
                    for r in &mut c.records {
                        r.opponent = r.opponent.map(|o| o + base);
                    }
                    competitors.push(c);
                    let p = g.members.get(pos).copied().unwrap_or(usize::MAX);
                    if players.contains(&p)
                        && !subset.iter().any(|&s: &usize| owner.get(s) == Some(&p))
                    {
                        subset.push(owner.len());
                    }
                    owner.push(p);
                }
                fields.push(base..competitors.len());
            }
        }
    }
    let table = Table {
        competitors,
        scoring,
        fields,
    };
    let ranked = tiebreak::rank(&table, &subset, chain, Primary::Points, &mut ctx.lots);
    let mut out: Vec<(usize, (u32, bool))> = ranked
        .order
        .iter()
        .zip(ranked.places())
        .filter_map(|(&s, q)| owner.get(s).map(|&p| (p, q)))
        .collect();
    for &p in players {
        if !out.iter().any(|&(o, _)| o == p) {
            let next = out.len() as u32 + 1;
            out.push((p, (next, false)));
        }
    }
    out
}

/// The ranking restricted to a category, re-numbered: a player's place is one more than the
/// number of category players strictly ahead; shared places stay shared. The category's players
/// must all be ranked in one section (the places of two sections are not one ranking): else the
/// names of the sections it spans.
fn category_ranking(
    ctx: &Ctx<'_>,
    fin: &Final,
    category: Option<&str>,
) -> Result<Ranking, Vec<String>> {
    let cat = category.and_then(|c| ctx.plan.categories.get(c));
    let members: Vec<(u32, bool, usize)> = fin
        .ranking
        .iter()
        .copied()
        .filter(|&(_, _, p)| match (category, cat) {
            (None, _) => true,
            (Some(_), Some(c)) => ctx
                .roster
                .players
                .get(p)
                .is_some_and(|pl| in_category(ctx.plan, c, pl)),
            (Some(_), None) => false,
        })
        .collect();
    let spanned: BTreeSet<String> = members
        .iter()
        .filter_map(|m| fin.section_name(m.2))
        .collect();
    if spanned.len() > 1 {
        return Err(spanned.into_iter().collect());
    }
    let mut out = Vec::with_capacity(members.len());
    let mut ahead = 0u32;
    for tier in members.chunk_by(|a, b| a.0 == b.0) {
        let shared = tier.len() > 1 || tier.iter().any(|m| m.1);
        for &(_, _, p) in tier {
            out.push((ahead + 1, shared, p));
        }
        ahead += tier.len() as u32;
    }
    Ok(out)
}

/// A prize table or qualification quota whose players are ranked in several sections: refused,
/// naming them (each section is its own ranking; the table must name a category within one).
fn spans_sections(
    (what, what_zh): (&str, &str),
    sections: &[String],
    origin: &Origin,
) -> RuntimeProblem {
    RuntimeProblem::new(
        codes::PLACE_CONFLICT,
        format!(
            "{what} ranks players of the sections {}, which are ranked separately (each has its own place 1); give it a category within one section",
            sections.join(", ")
        ),
        origin,
    )
    .zh(format!(
        "{what_zh}为 {} 各组别的棋手排名，而这些组别各自排名（各有自己的第 1 名）；请指定其中一个组别内的类别",
        sections.join("、")
    ))
}
