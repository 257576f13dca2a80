//! Paying the prize tables from the final (or a category's, or a derived) ranking: shared places split their prizes, money adds up per currency without overflow.

use super::*;
use crate::engine::money::{add_money, pay_tier};
use crate::plan::{PlaceLimitRule, PrizeTable};
use std::borrow::Cow;

mod one_cash;

/// The prize tables' awards, the money paid per currency, and the places given up under
/// `one_cash_prize highest`.
pub(super) fn prizes(
    ctx: &mut Ctx<'_>,
    fin: &Final,
    derived: &Derived,
) -> (Vec<PrizeAward>, BTreeMap<String, u64>, Vec<GivenUpPrize>) {
    let mut awards = Vec::new();
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    let (given_up, given_up_said) = match &ctx.plan.one_cash_prize {
        Some(rule) => one_cash::given_up(ctx, fin, derived, rule),
        None => (one_cash::GivenUp::new(), Vec::new()),
    };
    for (ti, table) in ctx.plan.prizes.iter().enumerate() {
        // A table that names a derived ranking pays its units (super::derived).
        if let Some(d) = table.category.as_ref().and_then(|c| derived.get(c)) {
            let table = limited(ctx, table, d.rows.len(), true);
            super::super::derived::pay(ctx, &table, d, &mut awards, &mut totals);
            continue;
        }
        if let Some(c) = &table.category {
            if !ctx.plan.categories.contains_key(c) {
                ctx.problems.push(
                    RuntimeProblem::new(
                        codes::UNKNOWN_NAME,
                        format!("prizes for category `{c}`, which is not declared"),
                        &table.origin,
                    )
                    .zh(format!("奖项所指的组别 `{c}` 未声明")),
                );
                continue;
            }
        }
        let cat_rank = match category_ranking(ctx, fin, table.category.as_deref()) {
            Ok(r) => r,
            Err(sections) => {
                let title = table.title.as_deref();
                let what = format!("prizes `{}`", title.unwrap_or("prizes"));
                let what_zh = format!("奖项 `{}`", title.unwrap_or("奖项"));
                ctx.problems
                    .push(spans_sections((&what, &what_zh), &sections, &table.origin));
                continue;
            }
        };
        if let (Some(c), true) = (&table.category, cat_rank.is_empty()) {
            // Said, so that a table paying nobody reads as the field's doing, not as a table
            // the run forgot (a juniors' table of an event no junior entered).
            let text = format!(
                "{}: no player of category `{c}` is ranked: the table pays nobody",
                table.title.as_deref().unwrap_or("prizes"),
            );
            ctx.transcript.push(EntryKind::Prize, text, &table.origin);
        }
        let table = &*limited(ctx, table, cat_rank.len(), true);
        // Under `one_cash_prize`, the places given up pass down (奖金不兼得，依次递补).
        let paid_rank = one_cash::passed_over(&cat_rank, given_up.get(&ti));
        if let (Some(rule), true) = (&ctx.plan.one_cash_prize, given_up.contains_key(&ti)) {
            one_cash::say_passed_down(ctx, table, &cat_rank, &paid_rank, rule);
        }
        let first = awards.len();
        let mut i = 0;
        while i < paid_rank.len() {
            let place = paid_rank.get(i).map(|m| m.0).unwrap_or(0);
            let mut j = i;
            while j < paid_rank.len() && paid_rank.get(j).map(|m| m.0) == Some(place) {
                j += 1;
            }
            let mut tier: Vec<usize> = paid_rank
                .get(i..j)
                .unwrap_or(&[])
                .iter()
                .map(|m| m.2)
                .collect();
            // The remainder of a shared pool goes one unit each in id order.
            tier.sort_by(|a, b| ctx.id(*a).cmp(ctx.id(*b)));
            let winners: Vec<(String, String)> = tier
                .iter()
                .map(|&p| (ctx.id(p).to_string(), ctx.name(p).to_string()))
                .collect();
            let k = winners.len() as u32;
            for s in pay_tier(ctx, table, place, &winners, &mut awards, &mut totals) {
                if s.rest != 0 {
                    let text = format!(
                        "{}: {} {} for places {place}..{} shared by {k}: {} each, the {} left over paid one unit each in id order",
                        table.title.clone().unwrap_or_else(|| "prizes".to_string()),
                        s.pool,
                        s.currency,
                        place + k - 1,
                        s.share,
                        s.rest,
                    );
                    ctx.transcript.push(EntryKind::Prize, text, &table.origin);
                }
            }
            i = j;
        }
        pay_eliminated(ctx, table, &cat_rank, &mut awards, &mut totals);
        // A knockout round's losers among the places (5th-8th before 17th-24th), as the table
        // pays them; losers the ranking places nowhere last.
        if let Some(paid) = awards.get_mut(first..) {
            paid.sort_by_key(|a| if a.place == 0 { u32::MAX } else { a.place });
        }
        pay_completed(ctx, table, &cat_rank, &mut awards, &mut totals);
    }
    (awards, totals, given_up_said)
}

/// The table as it pays a ranking of `entries`: under `at_most`, its place lines cut to the
/// places the entries allow (a line wholly beyond them dropped), said in the transcript. Lines
/// for a knockout round's losers and for completing every game are kept: they pay no place.
fn limited<'t>(
    ctx: &mut Ctx<'_>,
    table: &'t PrizeTable,
    entries: usize,
    say: bool,
) -> Cow<'t, PrizeTable> {
    let Some(limit) = &table.limit else {
        return Cow::Borrowed(table);
    };
    let entries = u32::try_from(entries).unwrap_or(u32::MAX);
    let most = limit.rule.places(entries);
    let listed = table
        .lines
        .iter()
        .filter_map(|l| match &l.key {
            PrizeKey::Places { places } => Some(places.to),
            PrizeKey::Eliminated { .. } | PrizeKey::Completed => None,
        })
        .max()
        .unwrap_or(0);
    let rule = match limit.rule {
        PlaceLimitRule::EntriesMinus { minus } => format!("entries_minus {minus}"),
        PlaceLimitRule::HalfEntries => "half_entries".to_string(),
    };
    let title = table.title.as_deref().unwrap_or("prizes");
    let allow = format!(
        "{title}: {entries} entries allow {most} place{} (`at_most {rule}`)",
        if most == 1 { "" } else { "s" }
    );
    if most >= listed {
        let text = format!("{allow}; every listed place is paid");
        if say {
            ctx.transcript.push(EntryKind::Prize, text, &limit.origin);
        }
        return Cow::Borrowed(table);
    }
    let text = if most + 1 == listed {
        format!("{allow}; place {listed} is not paid")
    } else {
        format!("{allow}; places {}..{listed} are not paid", most + 1)
    };
    if say {
        ctx.transcript.push(EntryKind::Prize, text, &limit.origin);
    }
    let mut cut = table.clone();
    cut.lines.retain_mut(|l| match &mut l.key {
        PrizeKey::Places { places } if places.from > most => false,
        PrizeKey::Places { places } => {
            places.to = places.to.min(most);
            true
        }
        PrizeKey::Eliminated { .. } | PrizeKey::Completed => true,
    });
    Cow::Owned(cut)
}

/// A table's lines for the losers of a knockout round: each loser paid at the place the final
/// ranking gives them.
fn pay_eliminated(
    ctx: &mut Ctx<'_>,
    table: &crate::plan::PrizeTable,
    cat_rank: &Ranking,
    awards: &mut Vec<PrizeAward>,
    totals: &mut BTreeMap<String, u64>,
) {
    for line in &table.lines {
        let PrizeKey::Eliminated { stage, round } = &line.key else {
            continue;
        };
        let Some(run) = ctx.stages.iter().find(|s| &s.name == stage) else {
            ctx.problems.push(
                RuntimeProblem::new(
                    codes::UNKNOWN_NAME,
                    format!("prize for losers of stage `{stage}`, which did not run"),
                    &line.origin,
                )
                .zh(format!("奖给阶段 `{stage}` 的负者，但该阶段未进行")),
            );
            continue;
        };
        let losers = run.eliminated.get(round).cloned().unwrap_or_default();
        let currency = line
            .currency
            .clone()
            .unwrap_or_else(|| table.currency.clone());
        for p in losers {
            // A loser is paid at the place the final ranking gives them (the losers of a
            // round share it); a category's table pays only its members.
            let ranked = cat_rank.iter().find(|m| m.2 == p);
            if table.category.is_some() && ranked.is_none() {
                continue;
            }
            let amount = line.amount.unwrap_or(0);
            if line.amount.is_some() {
                add_money(ctx, totals, &currency, amount, &line.origin);
            }
            awards.push(PrizeAward {
                category: table.category.clone(),
                place: ranked.map_or(0, |m| m.0),
                shared: ranked.is_some_and(|m| m.1),
                eliminated: Some(EliminatedIn {
                    stage: stage.clone(),
                    round: *round,
                }),
                completed: false,
                board: None,
                id: ctx.id(p).to_string(),
                player: ctx.name(p).to_string(),
                amount,
                currency: currency.clone(),
                items: line.items.clone(),
            });
        }
    }
}

/// A table's lines for completing every game (完赛奖): each player of the table's ranking who
/// lost no game by forfeit and did not withdraw, in ranking order; the count said in the
/// transcript.
fn pay_completed(
    ctx: &mut Ctx<'_>,
    table: &PrizeTable,
    cat_rank: &Ranking,
    awards: &mut Vec<PrizeAward>,
    totals: &mut BTreeMap<String, u64>,
) {
    for line in table.lines.iter().filter(|l| l.key == PrizeKey::Completed) {
        let currency = line
            .currency
            .clone()
            .unwrap_or_else(|| table.currency.clone());
        let amount = line.amount.unwrap_or(0);
        let mut paid = 0u32;
        for &(place, shared, p) in cat_rank {
            let forfeited = ctx.forfeits.get(p).copied().unwrap_or(0) > 0;
            let withdrew = ctx.withdrawn.get(p).is_some_and(Option::is_some);
            if forfeited || withdrew {
                continue;
            }
            if line.amount.is_some() {
                add_money(ctx, totals, &currency, amount, &line.origin);
            }
            paid += 1;
            awards.push(PrizeAward {
                category: table.category.clone(),
                place,
                shared,
                eliminated: None,
                completed: true,
                board: None,
                id: ctx.id(p).to_string(),
                player: ctx.name(p).to_string(),
                amount,
                currency: currency.clone(),
                items: line.items.clone(),
            });
        }
        let text = format!(
            "{}: {paid} of {} players completed every game (no forfeit, no withdrawal) and are paid the completion award",
            table.title.as_deref().unwrap_or("prizes"),
            cat_rank.len()
        );
        ctx.transcript.push(EntryKind::Prize, text, &line.origin);
    }
}
