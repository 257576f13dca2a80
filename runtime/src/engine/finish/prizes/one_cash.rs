//! `regulation { one_cash_prize highest }` (奖金不兼得，就高不就低，依次递补): among the prize
//! tables paying the final ranking or a category, each player keeps the money place paying
//! most (equal amounts: the table written first); a place given up passes down that table's
//! ranking to the next player, until no player holds two. Knockout losers' lines, completion
//! awards, derived rankings' tables and board prizes are outside the rule.

use super::*;
use crate::engine::money::line_for;
use crate::plan::OneCashPrize;

/// For each prize table (by its index in the plan), the players who gave up its place.
pub(super) type GivenUp = BTreeMap<usize, BTreeSet<usize>>;

/// The players each table's place passes over, found by rounds: every player holding money in
/// two tables keeps the one paying most and gives up the others; the places left pass down,
/// which may give a player a second prize, decided in the next round. A place given up is not
/// taken back, so the rounds end. Each choice is said in the transcript.
pub(super) fn given_up(
    ctx: &mut Ctx<'_>,
    fin: &Final,
    derived: &Derived,
    rule: &OneCashPrize,
) -> GivenUp {
    let mut tables: Vec<(usize, Cow<'_, PrizeTable>, Ranking)> = Vec::new();
    let plan = ctx.plan;
    for (ti, table) in plan.prizes.iter().enumerate() {
        let of_units = table
            .category
            .as_ref()
            .is_some_and(|c| derived.contains_key(c));
        let unknown = table
            .category
            .as_ref()
            .is_some_and(|c| !plan.categories.contains_key(c));
        if of_units || unknown {
            continue;
        }
        if let Ok(rank) = category_ranking(ctx, fin, table.category.as_deref()) {
            let cut = limited(ctx, table, rank.len(), false);
            tables.push((ti, cut, rank));
        }
    }
    let mut out = GivenUp::new();
    loop {
        // Each player's money places: (position in `tables`, place, amount).
        let mut held: BTreeMap<usize, Vec<(usize, u32, u64)>> = BTreeMap::new();
        for (pos, (ti, table, rank)) in tables.iter().enumerate() {
            let rank = passed_over(rank, out.get(ti));
            for (p, place, amount) in money(table, &rank) {
                held.entry(p).or_default().push((pos, place, amount));
            }
        }
        let mut changed = false;
        for (p, places) in held.into_iter().filter(|(_, v)| v.len() > 1) {
            // The highest; on equal amounts the table written first (strictly more replaces).
            let keep = places
                .iter()
                .copied()
                .reduce(|best, x| if x.2 > best.2 { x } else { best });
            let Some(keep) = keep else { continue };
            for &(pos, place, amount) in places.iter().filter(|x| x.0 != keep.0) {
                let Some((ti, table, _)) = tables.get(pos) else {
                    continue;
                };
                let Some((_, kept, _)) = tables.get(keep.0) else {
                    continue;
                };
                out.entry(*ti).or_default().insert(p);
                changed = true;
                let text = format!(
                    "{} ({}) gives up place {place} of {} ({}), keeping place {} of {} ({}): one cash prize each, the highest (`one_cash_prize highest`)",
                    ctx.name(p),
                    ctx.id(p),
                    title(table),
                    money_text(table, place, amount),
                    keep.1,
                    title(kept),
                    money_text(kept, keep.1, keep.2),
                );
                ctx.transcript.push(EntryKind::Prize, text, &rule.origin);
            }
        }
        if !changed {
            return out;
        }
    }
}

/// The ranking a table pays once `out` gave up its places: the others move up, each tier at
/// one more than the number of players left ahead of it (依次递补); a tier keeps its players
/// left, who share the places they now cover.
pub(super) fn passed_over(rank: &Ranking, out: Option<&BTreeSet<usize>>) -> Ranking {
    let Some(out) = out.filter(|o| !o.is_empty()) else {
        return rank.clone();
    };
    let kept: Ranking = rank
        .iter()
        .copied()
        .filter(|m| !out.contains(&m.2))
        .collect();
    let mut renumbered = Vec::with_capacity(kept.len());
    for tier in kept.chunk_by(|a, b| a.0 == b.0) {
        let place = renumbered.len() as u32 + 1;
        for &(_, _, p) in tier {
            renumbered.push((place, tier.len() > 1, p));
        }
    }
    renumbered
}

/// Says in the transcript who moved up into a paid place of `table` because players above gave
/// theirs up.
pub(super) fn say_passed_down(
    ctx: &mut Ctx<'_>,
    table: &PrizeTable,
    before: &Ranking,
    after: &Ranking,
    rule: &OneCashPrize,
) {
    for &(place, _, p) in after {
        let was = before.iter().find(|m| m.2 == p).map_or(place, |m| m.0);
        let paid = line_for(table, place).is_some_and(|l| l.amount.is_some());
        if was != place && paid {
            let text = format!(
                "{} ({}) receives place {place} of {} by 递补 (ranked {was}): a place above was given up (`one_cash_prize highest`)",
                ctx.name(p),
                ctx.id(p),
                title(table),
            );
            ctx.transcript.push(EntryKind::Prize, text, &rule.origin);
        }
    }
}

/// Every player the table pays money at a place, with that place and their money (a shared
/// tier's pool in equal shares, the remainder's single units left out), all currencies counted
/// as one number.
fn money(table: &PrizeTable, rank: &Ranking) -> Vec<(usize, u32, u64)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < rank.len() {
        let place = rank.get(i).map_or(0, |m| m.0);
        let mut j = i;
        while j < rank.len() && rank.get(j).map(|m| m.0) == Some(place) {
            j += 1;
        }
        let k = (j - i) as u32;
        let pool = (place..place.saturating_add(k))
            .filter_map(|q| line_for(table, q).and_then(|l| l.amount))
            .fold(0u64, u64::saturating_add);
        if pool > 0 {
            let share = pool / u64::from(k.max(1));
            for m in rank.get(i..j).unwrap_or(&[]) {
                out.push((m.2, place, share));
            }
        }
        i = j;
    }
    out
}

fn title(table: &PrizeTable) -> &str {
    table
        .title
        .as_deref()
        .or(table.category.as_deref())
        .unwrap_or("prizes")
}

fn money_text(table: &PrizeTable, place: u32, amount: u64) -> String {
    let cur = line_for(table, place)
        .and_then(|l| l.currency.as_deref())
        .unwrap_or(&table.currency);
    format!("{amount} {cur}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{Origin, PlaceRange, PrizeLine};

    fn table(amounts: &[u64]) -> PrizeTable {
        let origin = Origin::default_rule("test");
        PrizeTable {
            category: None,
            title: None,
            currency: "CNY".to_string(),
            tax: None,
            lines: amounts
                .iter()
                .zip(1u32..)
                .map(|(&a, place)| PrizeLine {
                    key: PrizeKey::Places {
                        places: PlaceRange::new(place, place),
                    },
                    amount: Some(a),
                    currency: None,
                    items: Vec::new(),
                    origin: origin.clone(),
                })
                .collect(),
            total: None,
            limit: None,
            origin,
        }
    }

    #[test]
    fn a_place_given_up_passes_down_and_a_tier_keeps_its_players_left() {
        // Players 0..=4; 1 and 2 share 2nd-3rd, 3 is 4th, 4 is 5th.
        let rank: Ranking = vec![
            (1, false, 0),
            (2, true, 1),
            (2, true, 2),
            (4, false, 3),
            (5, false, 4),
        ];
        let out: BTreeSet<usize> = [0, 1].into_iter().collect();
        // 0 and 1 gave up: 2 is now alone 1st, 3 2nd, 4 3rd.
        let moved = passed_over(&rank, Some(&out));
        assert_eq!(moved, vec![(1, false, 2), (2, false, 3), (3, false, 4)]);
        // Only 0 gave up: the tier 1, 2 moves up to share places 1-2.
        let out: BTreeSet<usize> = [0].into_iter().collect();
        let moved = passed_over(&rank, Some(&out));
        assert_eq!(
            moved,
            vec![(1, true, 1), (1, true, 2), (3, false, 3), (4, false, 4)]
        );
        // A shared tier is compared at its equal share: places 1 and 2 pool 1000 + 600.
        let t = table(&[1000, 600, 400]);
        assert_eq!(
            money(&t, &moved),
            vec![(1, 1, 800), (2, 1, 800), (3, 3, 400)]
        );
        assert_eq!(passed_over(&rank, None), rank);
    }
}
