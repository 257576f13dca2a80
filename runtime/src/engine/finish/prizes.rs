//! Paying the prize tables from the final (or a category's, or a derived) ranking: shared places split their prizes, money adds up per currency without overflow.

use super::*;
use crate::engine::money::add_money;

pub(super) fn prizes(
    ctx: &mut Ctx<'_>,
    fin: &Final,
    derived: &Derived,
) -> (Vec<PrizeAward>, BTreeMap<String, u64>) {
    let mut awards = Vec::new();
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    for table in &ctx.plan.prizes {
        // A table that names a derived ranking pays its units (super::derived).
        if let Some(d) = table.category.as_ref().and_then(|c| derived.get(c)) {
            super::super::derived::pay(ctx, table, d, &mut awards, &mut totals);
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
        let line_for = |place: u32| {
            table
                .lines
                .iter()
                .find(|l| matches!(l.key, PrizeKey::Places { places } if places.contains(place)))
        };
        let mut i = 0;
        while i < cat_rank.len() {
            let place = cat_rank.get(i).map(|m| m.0).unwrap_or(0);
            let mut j = i;
            while j < cat_rank.len() && cat_rank.get(j).map(|m| m.0) == Some(place) {
                j += 1;
            }
            let tier: Vec<usize> = cat_rank
                .get(i..j)
                .unwrap_or(&[])
                .iter()
                .map(|m| m.2)
                .collect();
            let shared = tier.len() > 1;
            let k = tier.len() as u32;
            // The money of every place the tier occupies, pooled and shared equally.
            let mut pools: BTreeMap<String, u64> = BTreeMap::new();
            for q in place..place + k {
                if let Some(line) = line_for(q) {
                    if let Some(amount) = line.amount {
                        let cur = line
                            .currency
                            .clone()
                            .unwrap_or_else(|| table.currency.clone());
                        let e = pools.entry(cur.clone()).or_insert(0);
                        match e.checked_add(amount) {
                            Some(t) => *e = t,
                            None => ctx.problems.push(
                                RuntimeProblem::new(
                                    codes::OUT_OF_RANGE,
                                    format!(
                                    "the prizes of places {place}.. add up to more than {} {cur}",
                                    u64::MAX
                                ),
                                    &line.origin,
                                )
                                .zh(format!("第 {place} 名起的奖金之和超过 {} {cur}", u64::MAX)),
                            ),
                        }
                    }
                }
            }
            let items = line_for(place).map(|l| l.items.clone()).unwrap_or_default();
            let mut sorted = tier.clone();
            sorted.sort_by(|a, b| ctx.id(*a).cmp(ctx.id(*b)));
            for (currency, pool) in &pools {
                let share = pool / u64::from(k.max(1));
                let rest = pool % u64::from(k.max(1));
                if rest != 0 {
                    let text = format!(
                        "{}: {pool} {currency} for places {place}..{} shared by {k}: {share} each, the {rest} left over paid one unit each in id order",
                        table.title.clone().unwrap_or_else(|| "prizes".to_string()),
                        place + k - 1
                    );
                    ctx.transcript.push(EntryKind::Prize, text, &table.origin);
                }
                for (n, &p) in sorted.iter().enumerate() {
                    let amount = share + u64::from((n as u64) < rest);
                    add_money(ctx, &mut totals, currency, amount, &table.origin);
                    awards.push(PrizeAward {
                        category: table.category.clone(),
                        place,
                        shared,
                        id: ctx.id(p).to_string(),
                        player: ctx.name(p).to_string(),
                        amount,
                        currency: currency.clone(),
                        items: items.clone(),
                        eliminated: None,
                    });
                }
            }
            if pools.is_empty() && !items.is_empty() {
                for &p in &sorted {
                    awards.push(PrizeAward {
                        category: table.category.clone(),
                        place,
                        shared,
                        id: ctx.id(p).to_string(),
                        player: ctx.name(p).to_string(),
                        amount: 0,
                        currency: table.currency.clone(),
                        items: items.clone(),
                        eliminated: None,
                    });
                }
            }
            i = j;
        }
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
                    add_money(ctx, &mut totals, &currency, amount, &line.origin);
                }
                awards.push(PrizeAward {
                    category: table.category.clone(),
                    place: ranked.map_or(0, |m| m.0),
                    shared: ranked.is_some_and(|m| m.1),
                    eliminated: Some(EliminatedIn {
                        stage: stage.clone(),
                        round: *round,
                    }),
                    id: ctx.id(p).to_string(),
                    player: ctx.name(p).to_string(),
                    amount,
                    currency: currency.clone(),
                    items: line.items.clone(),
                });
            }
        }
    }
    (awards, totals)
}
