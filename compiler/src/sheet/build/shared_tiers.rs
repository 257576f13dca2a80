//! Places a ranking gives several players by rule (a knockout's losers of a round not played
//! out, `places ... shared`) and what a prize table paying that ranking (the overall table, or a
//! category's whose section plays the knockout) pays them where its lines differ across those
//! places: one sentence after the table's lines (第三至四名并列时，所占名次的
//! 奖金合并后平分，并列者每人各得第三名的奖品，其后名次的奖品不再颁发), as the runtime pays them.

use xqreg_grammar::ast::{
    EntrantSource, PlaceRange, PlacesRule, PrizeKey, Prizes, Stage, StageClause,
};

use super::ko_rounds::{bracket_size, entrant_count};
use super::Ctx;
use crate::check::quota_ties::knockout_loser_places;
use crate::sheet::catalogue::M;
use crate::sheet::fmt;

/// How a table pays places its players share by rule (a knockout's losers, `places
/// ... shared`), where its lines differ across them: the money of the places is pooled and split
/// equally, each of them receives the first place's awards, the places below give none (the
/// runtime's `pay_tier`). Without it the sheet reads as if one of the semi-final losers were
/// paid the 3rd place's 1000 and a bronze medal, the other the 4th's 800.
pub(super) fn sentences(ctx: &Ctx<'_>, p: &Prizes) -> Vec<String> {
    let pays = |q: u32| {
        p.lines.iter().find_map(|l| match &l.key {
            PrizeKey::Places(r) if r.start <= q && q <= r.end => {
                Some((l.money.as_ref().map(|m| m.amount.node), &l.items))
            }
            _ => None,
        })
    };
    let mut out = Vec::new();
    let category = p.category.as_ref().map(|c| c.node.as_str());
    for (first, last) in shared_tiers(ctx, category) {
        let each: Vec<_> = (first..=last).map(pays).collect();
        if each.windows(2).all(|w| w.first() == w.last()) {
            continue;
        }
        let money = each.iter().flatten().any(|(m, _)| m.is_some());
        let awards = each.iter().flatten().any(|(_, items)| !items.is_empty());
        let range = |start, end| PlaceRange {
            start,
            end,
            span: Default::default(),
        };
        let places = fmt::places(ctx.lang, range(first, last));
        let at = fmt::places(ctx.lang, range(first, first));
        out.push(match (money, awards) {
            (true, false) => ctx.mf(M::TierSplitsMoney, &[&places]),
            (true, true) => ctx.mf(M::TierSplitsMoneyAwards, &[&places, &at]),
            (false, _) => ctx.mf(M::TierAwardsEach, &[&places, &at]),
        });
    }
    out
}

/// The places of the ranking a table pays that several players share by rule: the losers of
/// each knockout round not played out (as `shared_places` says them) and `places ... shared`
/// declarations, as `(first, last)`. The final ranking's (`category` None) come from every
/// stage; a category's from the knockouts of its own section (`entrants category C`), whose
/// places are the category's places, as the runtime ranks them (a category within a section is
/// renumbered by its players: which of its places are shared depends on who plays, and no
/// sentence can say it). A chain ending in `shared` is said in the stage's ranking clauses.
fn shared_tiers(ctx: &Ctx<'_>, category: Option<&str>) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for name in &ctx.names.stage_order {
        let Some(s) = ctx.names.stages.get(name).copied() else {
            continue;
        };
        if category.is_some_and(|c| !section_of(s, c)) {
            continue;
        }
        let places = s.clauses.iter().find_map(|c| match c {
            StageClause::Places(r) => Some(*r),
            _ => None,
        });
        let (Some(k), Some(places)) = (s.clauses.iter().find_map(StageClause::knockout), places)
        else {
            continue;
        };
        let Some(size) = bracket_size(k, entrant_count(ctx, s)) else {
            continue;
        };
        let tiers = knockout_loser_places(k, places, Some(size));
        out.extend(tiers.into_iter().map(|t| (t.first, t.last)));
    }
    for p in ctx.names.places.iter().filter(|_| category.is_none()) {
        if let PlacesRule::Shared(_) = p.rule {
            out.push((p.places.start, p.places.end));
        }
    }
    out.retain(|(first, last)| first < last);
    out
}

/// Whether a stage plays the section of category `c` alone (`entrants category c`).
fn section_of(s: &Stage, c: &str) -> bool {
    s.clauses.iter().any(|cl| {
        matches!(cl, StageClause::Entrants { sources, .. }
            if matches!(sources.as_slice(), [EntrantSource::Category(x)] if x.node == c))
    })
}
