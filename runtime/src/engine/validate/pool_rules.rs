//! Pools that admit only some players: the qualifiers of an earlier event
//! (`pool city { qualifiers "地市州分站赛" top 12 }`, 分站赛晋级) and the federations of an
//! invitation list (`pool invited { invite CHN 2 VIE 2 }`, 邀请名单). A row of such a pool that
//! the rule keeps out is refused at its row and column: R042 at `qualified`, R043 at
//! `federation`. Only the pool a row takes its place in (its first pool) is read.

use crate::engine::problem::{codes, RuntimeProblem};
use crate::engine::roster::{Player, Roster};
use crate::engine::stage_caps::left_out;
use crate::plan::CapOrder;
use crate::plan::{Plan, Pool, ReserveOrder};
use std::collections::BTreeMap;

/// `pool `name` (title)`
fn shown(pool: &Pool) -> String {
    match &pool.title {
        Some(t) => format!("`{}` ({t})", pool.name),
        None => format!("`{}`", pool.name),
    }
}

/// R042 for the row of `p` (roster line `row`) when its pool admits only qualifiers and the
/// row gives no qualifying place, or a place below the top N with no replacement down the
/// event's ranking.
pub(super) fn not_qualified(plan: &Plan, p: &Player, row: u32) -> Option<RuntimeProblem> {
    let pool = plan
        .entry
        .pools
        .iter()
        .find(|d| Some(&d.name) == p.pool.as_ref())?;
    let q = pool.qualifiers.as_ref()?;
    let group = shown(pool);
    let event = &q.event;
    let (en, zh) = match (p.qualified, q.top) {
        (None, _) => (
            format!("pool {group} admits only qualifiers of {event}, and this row gives no qualifying place"),
            format!("名额来源 {group} 只接受{event}的晋级选手，此行没有晋级名次"),
        ),
        (Some(place), Some(top)) if place > top && !q.replacement.next_in_line => (
            format!("pool {group} admits the top {top} of {event}, and this player placed {place}"),
            format!("名额来源 {group} 只接受{event}前 {top} 名，该棋手为第 {place} 名"),
        ),
        // `replacement next_in_line until N`: replacements down to place N, none below.
        (Some(place), Some(top)) if q.replacement.until.is_some_and(|u| place > u) => {
            let until = q.replacement.until.unwrap_or(top);
            (
                format!("pool {group} admits the top {top} of {event} and replacements down to place {until} (`replacement next_in_line until {until}`), and this player placed {place}"),
                format!("名额来源 {group} 只接受{event}前 {top} 名及递补至第 {until} 名者（`replacement next_in_line until {until}`），该棋手为第 {place} 名"),
            )
        }
        _ => return None,
    };
    Some(
        RuntimeProblem::new(codes::NOT_QUALIFIED, en, &q.origin)
            .zh(zh)
            .at(row, "qualified"),
    )
}

/// R043 for every row of a pool with an invitation list whose federation is not invited, or
/// that is one more of its federation than invited.
pub(super) fn not_invited(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    for pool in &plan.entry.pools {
        let Some(invite) = &pool.invite else { continue };
        let listed = || {
            invite
                .federations
                .iter()
                .map(|(f, n)| format!("{f} {n}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let group = shown(pool);
        let mut count: BTreeMap<&str, u32> = BTreeMap::new();
        for (i, p) in roster.players.iter().enumerate() {
            if p.pool.as_deref() != Some(pool.name.as_str()) {
                continue;
            }
            let fed = p.federation.as_deref().map(str::trim).unwrap_or("");
            let most = invite
                .federations
                .iter()
                .find(|(f, _)| f == fed)
                .map(|(_, n)| *n);
            let (en, zh) = match most {
                None if fed.is_empty() => (
                    format!("pool {group} takes only invited federations ({}), and this row gives no federation", listed()),
                    format!("名额来源 {group} 只接受受邀协会（{}），此行没有写协会", listed()),
                ),
                None => (
                    format!("pool {group} takes only invited federations ({}), and {fed} is not invited", listed()),
                    format!("名额来源 {group} 只接受受邀协会（{}），{fed} 不在邀请名单中", listed()),
                ),
                Some(most) => {
                    let n = count.entry(fed).or_insert(0);
                    *n += 1;
                    if *n <= most {
                        continue;
                    }
                    (
                        format!("pool {group} invites {most} of {fed}; this row is player {n} of {fed}"),
                        format!("名额来源 {group} 邀请 {fed} {most} 名；此行是 {fed} 的第 {n} 名"),
                    )
                }
            };
            problems.push(
                RuntimeProblem::new(codes::NOT_INVITED, en, &invite.origin)
                    .zh(zh)
                    .at(roster.row_of(i), "federation"),
            );
        }
    }
    problems
}

/// R044 for every row of a reserve pool (`pool rated 9 { replacement from pool reserve }`)
/// beyond the places the replaced pool leaves empty, the lowest rated first out (the order a
/// `cap N by_rating` uses: no rating last, equal ratings in roster order).
pub(super) fn over_replacements(plan: &Plan, roster: &Roster) -> Vec<RuntimeProblem> {
    let mut problems = Vec::new();
    for pool in &plan.entry.pools {
        let (Some(from), Some(size)) = (&pool.replacement_from, pool.size) else {
            continue;
        };
        let Some(reserve) = plan.entry.pools.iter().find(|p| p.name == from.pool) else {
            continue;
        };
        let first_pool = |name: &str| roster.indices_where(|p| p.pool.as_deref() == Some(name));
        let taken = first_pool(&pool.name).len();
        let empty = (size as usize).saturating_sub(taken);
        let reserves = first_pool(&reserve.name);
        let n = reserves.len();
        let (group, list) = (shown(pool), shown(reserve));
        let empty_u32 = u32::try_from(empty).unwrap_or(u32::MAX);
        let (how, how_zh, among, among_zh) = match from.order {
            ReserveOrder::Rating => (
                "the best rated first",
                "按等级分依次递补",
                "the {empty} best rated",
                "等级分最高的 {empty} 名",
            ),
            ReserveOrder::Place => (
                "the best qualifying place first (`by place`)",
                "按晋级名次依次递补（`by place`）",
                "the {empty} best placed",
                "晋级名次最好的 {empty} 名",
            ),
            ReserveOrder::Order => (
                "in roster order (`by order`)",
                "按名单顺序依次递补（`by order`）",
                "the first {empty} in roster order",
                "名单顺序的前 {empty} 名",
            ),
        };
        let among = among.replace("{empty}", &empty.to_string());
        let among_zh = among_zh.replace("{empty}", &empty.to_string());
        for i in reserves_left_out(roster, &reserves, empty_u32, from.order) {
            problems.push(
                RuntimeProblem::new(
                    codes::OVER_REPLACEMENTS,
                    format!(
                        "pool {list} fills only the places pool {group} leaves empty ({empty} of {size}), {how}; {n} of its players are in the roster and this row is not among {among}"
                    ),
                    &from.origin,
                )
                .zh(format!(
                    "名额来源 {list} 只递补 {group} 空出的名额（{size} 个中空出 {empty} 个），{how_zh}；名单中有 {n} 人属于该来源，此行不在{among_zh}之内"
                ))
                .at(roster.row_of(i), "pool"),
            );
        }
    }
    problems
}

/// The reserve rows (roster order) that `order` leaves out of the `empty` places, in roster
/// order: below the best rated (as a `cap N by_rating`), below the best `qualified` places (no
/// place last, equal places in roster order), or after the first in roster order.
fn reserves_left_out(
    roster: &Roster,
    reserves: &[usize],
    empty: u32,
    order: ReserveOrder,
) -> Vec<usize> {
    match order {
        ReserveOrder::Rating => left_out(roster, reserves, empty, CapOrder::ByRating),
        ReserveOrder::Order => left_out(roster, reserves, empty, CapOrder::FirstCome),
        ReserveOrder::Place => {
            let place = |i: &usize| roster.players.get(*i).and_then(|p| p.qualified);
            let mut ranked = reserves.to_vec();
            // Stable: equal places (and the unplaced) keep roster order.
            ranked.sort_by_key(|i| (place(i).is_none(), place(i)));
            let mut out: Vec<usize> = ranked.into_iter().skip(empty as usize).collect();
            out.sort_unstable();
            out
        }
    }
}
