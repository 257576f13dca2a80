//! `regulation { one_cash_prize highest }` (奖金不兼得，就高不就低，依次递补): among the prize
//! tables paying the final ranking or a category, each player keeps the money place paying
//! most (equal amounts: the table written first); a place given up passes down that table's
//! ranking to the next player, who may in turn give up a lower prize, until no player holds
//! two. Knockout losers' lines, completion awards, derived rankings' tables and board prizes
//! are outside the rule.
//!
//! The places are given out highest money first: of every table's next paid tier (its
//! ranking's first players not yet placed, once the players placed in other tables are passed
//! over), the one paying most is placed, and so on. A player placed is paid at least as much
//! as any place they could still reach, so each keeps the highest prize open to them, whatever
//! the order the tables are written or walked in (only equal amounts look at that order).

use super::*;
use crate::engine::money::line_for;
use crate::plan::OneCashPrize;

/// For each prize table (by its index in the plan), the players who gave up its place.
pub(super) type GivenUp = BTreeMap<usize, BTreeSet<usize>>;

/// A prize table under the rule, as its places are given out.
struct Walk<'t> {
    ti: usize,
    table: Cow<'t, PrizeTable>,
    rank: Ranking,
    /// The players placed in another table who gave up their place here.
    out: BTreeSet<usize>,
    /// The players whose place here is settled: paid here, or at a place without money that
    /// lies above a paid one.
    settled: BTreeSet<usize>,
}

/// Where a player is placed: the table (its position among the walks), the place, the money.
#[derive(Clone, Copy)]
struct Placed {
    walk: usize,
    place: u32,
    amount: u64,
    /// The place is shared with tied players placed with them.
    shared: bool,
}

/// The next tier a table pays money to.
struct Tier {
    place: u32,
    /// The tier's place in the table's own ranking, before anyone was passed over.
    ranked: u32,
    players: Vec<usize>,
    /// The players of tiers without money passed on the way, settled at their places.
    passed: Vec<usize>,
    /// Each player's equal share of the money of the places the tier covers.
    share: u64,
}

enum Next {
    Pays(Tier),
    /// No place from here on pays money.
    Closed,
    /// The ranking ends before the table's money does.
    Exhausted,
}

impl Walk<'_> {
    /// Whether `p` is passed over here: given up, or placed in another table and not settled.
    fn gone(&self, p: usize, placed: &BTreeMap<usize, Placed>, me: usize) -> bool {
        self.out.contains(&p)
            || (!self.settled.contains(&p) && placed.get(&p).is_some_and(|x| x.walk != me))
    }

    /// The first tier past the settled places that the table pays money, with the players
    /// placed elsewhere passed over (依次递补).
    fn next(&self, placed: &BTreeMap<usize, Placed>, me: usize) -> Next {
        let mut ahead = 0u32;
        let mut passed = Vec::new();
        for tier in self.rank.chunk_by(|a, b| a.0 == b.0) {
            let players: Vec<usize> = tier
                .iter()
                .map(|m| m.2)
                .filter(|&p| !self.gone(p, placed, me))
                .collect();
            let (Some(&first), Some(&(ranked, _, _))) = (players.first(), tier.first()) else {
                continue;
            };
            let place = ahead + 1;
            ahead = ahead.saturating_add(players.len() as u32);
            if self.settled.contains(&first) {
                continue;
            }
            let k = players.len() as u32;
            let pool = pool(&self.table, place, k);
            if pool > 0 {
                let share = pool / u64::from(k);
                return Next::Pays(Tier {
                    place,
                    ranked,
                    players,
                    passed,
                    share,
                });
            }
            if !pays_from(&self.table, place) {
                return Next::Closed;
            }
            passed.extend(players);
        }
        if pays_from(&self.table, ahead.saturating_add(1)) {
            Next::Exhausted
        } else {
            Next::Closed
        }
    }

    /// Settles `tier` here: the players placed elsewhere ranked at or above it give up their
    /// places; the tier's players and those passed on the way are settled.
    fn settle(&mut self, tier: &Tier, placed: &BTreeMap<usize, Placed>, me: usize) {
        let gone: Vec<usize> = self
            .rank
            .iter()
            .take_while(|m| m.0 <= tier.ranked)
            .map(|m| m.2)
            .filter(|&p| self.gone(p, placed, me))
            .collect();
        self.out.extend(gone);
        self.settled.extend(tier.passed.iter().chain(&tier.players));
    }

    /// The place and money `p`, who gave up this table's place, would have held here: with
    /// the players of their tier who were placed together with them elsewhere (a shared place
    /// is placed as one: its players compared this table's share of it, not a place alone).
    fn would_hold(&self, p: usize, placed: &BTreeMap<usize, Placed>) -> (u32, u64, bool) {
        let at = |x: usize| placed.get(&x).map(|x| (x.walk, x.place));
        let mut ahead = 0u32;
        for tier in self.rank.chunk_by(|a, b| a.0 == b.0) {
            if tier.iter().any(|m| m.2 == p) {
                let k = tier
                    .iter()
                    .filter(|m| m.2 == p || !self.out.contains(&m.2) || at(m.2) == at(p))
                    .count() as u32;
                let place = ahead + 1;
                let amount = pool(&self.table, place, k) / u64::from(k.max(1));
                return (place, amount, k > 1);
            }
            let kept = tier.iter().filter(|m| !self.out.contains(&m.2)).count();
            ahead = ahead.saturating_add(kept as u32);
        }
        (0, 0, false)
    }
}

/// The players each table's place passes over. The places are given out highest money first:
/// of every table's next paid tier, the one paying most (equal amounts: the table written
/// first) is placed; a player placed is passed over in the other tables, whose places move up
/// to the next players (依次递补), and so on until no table has money left to give or players
/// to give it to. Each place given up is said in the transcript and returned, with the place
/// kept.
pub(super) fn given_up(
    ctx: &mut Ctx<'_>,
    fin: &Final,
    derived: &Derived,
    rule: &OneCashPrize,
) -> (GivenUp, Vec<GivenUpPrize>) {
    let mut walks: Vec<Walk<'_>> = Vec::new();
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
            let table = limited(ctx, table, rank.len(), false);
            walks.push(Walk {
                ti,
                table,
                rank,
                out: BTreeSet::new(),
                settled: BTreeSet::new(),
            });
        }
    }
    let mut placed: BTreeMap<usize, Placed> = BTreeMap::new();
    loop {
        // The tier paying most; on equal amounts the table written first (strictly more wins).
        let mut best: Option<(usize, Tier)> = None;
        for (me, walk) in walks.iter().enumerate() {
            if let Next::Pays(tier) = walk.next(&placed, me) {
                if best.as_ref().is_none_or(|(_, b)| tier.share > b.share) {
                    best = Some((me, tier));
                }
            }
        }
        let Some((me, tier)) = best else { break };
        if let Some(walk) = walks.get_mut(me) {
            walk.settle(&tier, &placed, me);
        }
        for &p in &tier.players {
            let at = Placed {
                walk: me,
                place: tier.place,
                amount: tier.share,
                shared: tier.players.len() > 1,
            };
            placed.insert(p, at);
        }
    }
    // A table whose ranking ran out before its money: every player placed elsewhere gives up
    // the place they would reach here (a place with money, as the ranking is short).
    for (me, walk) in walks.iter_mut().enumerate() {
        if matches!(walk.next(&placed, me), Next::Exhausted) {
            let gone: Vec<usize> = walk
                .rank
                .iter()
                .map(|m| m.2)
                .filter(|&p| walk.gone(p, &placed, me))
                .collect();
            walk.out.extend(gone);
        }
    }
    let mut said = Vec::new();
    for walk in &walks {
        for &(_, _, p) in walk.rank.iter().filter(|m| walk.out.contains(&m.2)) {
            let (place, amount, shared) = walk.would_hold(p, &placed);
            let Some(kept) = placed.get(&p) else { continue };
            let Some(k) = walks.get(kept.walk) else {
                continue;
            };
            let equal = if amount == kept.amount {
                ", on equal amounts the table written first"
            } else {
                ""
            };
            let text = format!(
                "{} ({}) gives up {}place {place} of {} ({}), keeping {}place {} of {} ({}): one cash prize each, the highest{equal} (`one_cash_prize highest`)",
                ctx.name(p),
                ctx.id(p),
                if shared { "shared " } else { "" },
                title(&walk.table),
                money_text(&walk.table, place, amount),
                if kept.shared { "shared " } else { "" },
                kept.place,
                title(&k.table),
                money_text(&k.table, kept.place, kept.amount),
            );
            ctx.transcript.push(EntryKind::Prize, text, &rule.origin);
            said.push(GivenUpPrize {
                id: ctx.id(p).to_string(),
                player: ctx.name(p).to_string(),
                category: walk.table.category.clone(),
                place,
                kept_category: k.table.category.clone(),
                kept_place: kept.place,
            });
        }
    }
    let out = walks
        .into_iter()
        .filter(|w| !w.out.is_empty())
        .map(|w| (w.ti, w.out))
        .collect();
    (out, said)
}

/// The money of the places `place..place + k` (a tier of `k` tied players shares it), all
/// currencies counted as one number.
fn pool(table: &PrizeTable, place: u32, k: u32) -> u64 {
    (place..place.saturating_add(k))
        .filter_map(|q| line_for(table, q).and_then(|l| l.amount))
        .fold(0u64, u64::saturating_add)
}

/// Whether the table pays money at `place` or at any place below it.
fn pays_from(table: &PrizeTable, place: u32) -> bool {
    table.lines.iter().any(|l| {
        matches!(l.key, PrizeKey::Places { places } if places.to >= place)
            && l.amount.is_some_and(|a| a > 0)
    })
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
            title_en: None,
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
        assert_eq!(pool(&t, 1, 2) / 2, 800);
        assert_eq!(pool(&t, 3, 1), 400);
        assert!(pays_from(&t, 3));
        assert!(!pays_from(&t, 4));
        assert_eq!(passed_over(&rank, None), rank);
    }
}
