//! Rankings derived from an individual stage's ranking (`ranking teams { from main by unit sum
//! places best 3 short unranked }`): members are grouped by a roster attribute, each unit's best
//! K members count, and the units are ranked by the sum of their places (lower wins) or points
//! (higher wins); a tie goes to the unit with the best individual place, and a tie on that too is
//! a shared place. Prize tables and qualification quotas that name the ranking pay its units.

use super::outcome::{DerivedRow, DerivedStanding, PrizeAward, Qualifier, StandingRow};
use super::problem::{codes, RuntimeProblem};
use super::transcript::EntryKind;
use super::Ctx;
use crate::plan::{DerivedRanking, GroupAttr, Measure, PrizeTable, Quota, ShortRule, FROM_OVERALL};
use std::collections::BTreeMap;

/// One member as the source stage ranked them.
#[derive(Clone, Debug)]
struct Member {
    id: String,
    place: u32,
    points: i64,
}

/// Every derived ranking of the plan, by name, in plan order.
/// `overall`: the event's final ranking (None with several sections), for `from overall`.
pub(crate) fn rankings(
    ctx: &mut Ctx<'_>,
    overall: &Option<Vec<StandingRow>>,
) -> BTreeMap<String, DerivedStanding> {
    let mut out = BTreeMap::new();
    for r in &ctx.plan.rankings {
        match derive(ctx, r, overall) {
            Ok(s) => {
                out.insert(r.name.clone(), s);
            }
            Err(p) => ctx.problems.push(p),
        }
    }
    out
}

fn attr_of(ctx: &Ctx<'_>, id: &str, by: GroupAttr) -> Option<String> {
    let p = ctx.roster.players.get(ctx.roster.index_of(id)?)?;
    match by {
        GroupAttr::Unit => p.unit.clone(),
        GroupAttr::Federation => p.federation.clone(),
        GroupAttr::Pool => p.pool.clone(),
    }
}

fn derive(
    ctx: &mut Ctx<'_>,
    r: &DerivedRanking,
    overall: &Option<Vec<StandingRow>>,
) -> Result<DerivedStanding, RuntimeProblem> {
    let mut sources = Vec::new();
    for stage in std::iter::once(&r.source).chain(&r.also_from) {
        let rows = if stage == FROM_OVERALL && !ctx.stages.iter().any(|s| s.name == FROM_OVERALL) {
            overall_of(r, overall)?
        } else {
            standings_of(ctx, r, stage)?
        };
        sources.push((stage.as_str(), rows));
    }
    let (units, without) = members_by_unit(ctx, r, &sources)?;
    if !without.is_empty() {
        ctx.transcript.push(
            EntryKind::Places,
            format!(
                "ranking {}: {} without a {} count for no unit",
                r.name,
                without.join(" "),
                attr_word(r.by)
            ),
            &r.origin,
        );
    }
    let scored = score_units(ctx, r, units);
    let rows = rows_of(r, &scored);
    let k = r.best as usize;
    for w in rows.windows(2) {
        let [a, b] = w else { continue };
        if a.place != b.place && a.total == b.total && a.members.len() == b.members.len() {
            ctx.transcript.push(
                EntryKind::Tiebreak,
                format!(
                    "ranking {}: {} before {}: equal sum {}, best individual place {} < {}",
                    r.name, a.unit, b.unit, a.total, a.best_place, b.best_place
                ),
                &r.origin,
            );
        }
    }
    let mut listed: Vec<String> = rows
        .iter()
        .map(|x| format!("{}. {} ({})", x.place, x.unit, x.total))
        .collect();
    if listed.is_empty() {
        // Said, not left as an empty list after a colon.
        listed.push("no unit is ranked".to_string());
    }
    // Each stage as the transcript names it (its English title, which may hold a comma: the
    // stages are parted by semicolons); `overall`, the final ranking.
    let stages: Vec<&str> = (sources.iter())
        .map(|(s, _)| ctx.plan.stage(s).map_or(*s, |st| st.said()))
        .collect();
    ctx.transcript.push(
        EntryKind::Places,
        format!(
            "ranking {}: {} of the best {k} members of stage {} by {}: {}",
            r.name,
            match r.measure {
                Measure::Places => "sum of places",
                Measure::Points => "sum of points",
            },
            stages.join("; "),
            attr_word(r.by),
            listed.join(", ")
        ),
        &r.origin,
    );
    Ok(DerivedStanding {
        name: r.name.clone(),
        title: r.title.clone(),
        rows,
    })
}

/// The final ranking's rows for `from overall`; a problem when the event has several sections.
fn overall_of(
    r: &DerivedRanking,
    overall: &Option<Vec<StandingRow>>,
) -> Result<Vec<StandingRow>, RuntimeProblem> {
    overall.clone().ok_or_else(|| {
        RuntimeProblem::new(
            codes::PLACE_CONFLICT,
            format!(
                "ranking `{}` is derived from the final ranking, but the event has several sections, each with its own place 1",
                r.name
            ),
            &r.origin,
        )
        .zh(format!(
            "团体名次 `{}` 依据总名次，但本赛事分为多个组别，各有自己的第一名",
            r.name
        ))
    })
}

/// The one ranking of a source stage (a stage of several groups has none).
fn standings_of(
    ctx: &Ctx<'_>,
    r: &DerivedRanking,
    source: &str,
) -> Result<Vec<StandingRow>, RuntimeProblem> {
    let Some(run) = ctx.stages.iter().find(|s| s.name == source) else {
        return Err(RuntimeProblem::new(
            codes::UNKNOWN_NAME,
            format!(
                "ranking `{}` is derived from stage `{}`, which did not run",
                r.name, source
            ),
            &r.origin,
        )
        .zh(format!(
            "团体名次 `{}` 依据的阶段 `{}` 未进行",
            r.name, source
        )));
    };
    let [group] = run.out.groups.as_slice() else {
        return Err(RuntimeProblem::new(
            codes::PLACE_CONFLICT,
            format!(
                "ranking `{}` is derived from stage `{}`, which has {} groups and no single ranking",
                r.name,
                source,
                run.out.groups.len()
            ),
            &r.origin,
        ).zh(format!("团体名次 `{}` 依据的阶段 `{}` 分 {} 个小组，没有统一的名次", r.name, source, run.out.groups.len())));
    };
    Ok(group.standings.clone())
}

/// Members by unit (or federation, pool), in name order.
type Units = BTreeMap<String, Vec<Member>>;

/// The source stages' players grouped by the ranking's attribute (unit, federation, pool),
/// each with their place in their own stage and their points, and the ids of the players
/// without one. A player in two source stages counts once, from the first.
fn members_by_unit(
    ctx: &Ctx<'_>,
    r: &DerivedRanking,
    sources: &[(&str, Vec<StandingRow>)],
) -> Result<(Units, Vec<String>), RuntimeProblem> {
    let mut units: BTreeMap<String, Vec<Member>> = BTreeMap::new();
    let mut without = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (stage, standings) in sources {
        for row in standings {
            if !seen.insert(row.id.as_str()) {
                continue;
            }
            let points = match (r.measure, row.points) {
                (Measure::Points, None) => {
                    return Err(RuntimeProblem::new(
                        codes::UNSUPPORTED,
                        format!(
                            "ranking `{}` sums points, but stage `{stage}` gives its players none",
                            r.name
                        ),
                        &r.origin,
                    )
                    .zh(format!(
                        "团体名次 `{}` 累加积分，但阶段 `{stage}` 不给棋手积分",
                        r.name
                    )))
                }
                (_, p) => p.unwrap_or(0),
            };
            let m = Member {
                id: row.id.clone(),
                place: row.place,
                points,
            };
            match attr_of(ctx, &row.id, r.by) {
                Some(key) => units.entry(key).or_default().push(m),
                None => without.push(row.id.clone()),
            }
        }
    }
    Ok((units, without))
}

/// A unit's score: its counted members (its best `k`), their sum, and the best place among
/// them.
type Scored = (String, Vec<Member>, i64, u32);

/// Each unit's best `k` members and their sum, in ranking order; units short of members are
/// left out when the rule says so.
fn score_units(ctx: &mut Ctx<'_>, r: &DerivedRanking, units: Units) -> Vec<Scored> {
    let k = r.best as usize;
    // (complete, counted members, sum key, best place) per unit; the sort key says who is ahead.
    let mut scored = Vec::new();
    let mut unranked = Vec::new();
    for (key, mut members) in units {
        match r.measure {
            Measure::Places => members.sort_by(|a, b| a.place.cmp(&b.place).then(a.id.cmp(&b.id))),
            Measure::Points => members.sort_by(|a, b| {
                b.points
                    .cmp(&a.points)
                    .then(a.place.cmp(&b.place))
                    .then(a.id.cmp(&b.id))
            }),
        }
        members.truncate(k);
        let complete = members.len() == k;
        if !complete && r.short == ShortRule::Unranked {
            unranked.push(key);
            continue;
        }
        let total: i64 = match r.measure {
            Measure::Places => members.iter().map(|m| i64::from(m.place)).sum(),
            Measure::Points => members.iter().map(|m| m.points).sum(),
        };
        let best = members.iter().map(|m| m.place).min().unwrap_or(u32::MAX);
        scored.push((key, members, total, best));
    }
    if !unranked.is_empty() {
        ctx.transcript.push(
            EntryKind::Places,
            format!(
                "ranking {}: {} have fewer than {k} members and are not ranked",
                r.name,
                unranked.join(" ")
            ),
            &r.origin,
        );
    }
    scored.sort_by(|a, b| order_key(r, a).cmp(&order_key(r, b)).then(a.0.cmp(&b.0)));
    scored
}

/// Ahead: a complete unit, then more members, then the better sum, then the best place.
fn order_key(r: &DerivedRanking, s: &Scored) -> (std::cmp::Reverse<usize>, i64, u32) {
    let sum = match r.measure {
        Measure::Places => s.2,
        Measure::Points => -s.2,
    };
    (std::cmp::Reverse(s.1.len()), sum, s.3)
}

/// The ranking's rows: units with equal keys share the place of the first of them.
fn rows_of(r: &DerivedRanking, scored: &[Scored]) -> Vec<DerivedRow> {
    let k = r.best as usize;
    let mut rows: Vec<DerivedRow> = Vec::with_capacity(scored.len());
    for (n, s) in scored.iter().enumerate() {
        let tied_with_prev = n > 0
            && scored
                .get(n - 1)
                .is_some_and(|p| order_key(r, p) == order_key(r, s));
        let tied_with_next = scored
            .get(n + 1)
            .is_some_and(|x| order_key(r, x) == order_key(r, s));
        let place = match (tied_with_prev, rows.last()) {
            (true, Some(prev)) => prev.place,
            _ => n as u32 + 1,
        };
        rows.push(DerivedRow {
            place,
            shared: tied_with_prev || tied_with_next,
            unit: s.0.clone(),
            total: s.2,
            best_place: s.3,
            members: s.1.iter().map(|m| m.id.clone()).collect(),
            complete: s.1.len() == k,
        });
    }
    rows
}

fn attr_word(by: GroupAttr) -> &'static str {
    match by {
        GroupAttr::Unit => "unit",
        GroupAttr::Federation => "federation",
        GroupAttr::Pool => "pool",
    }
}

/// Pays a prize table that names a derived ranking: each unit at its place; a shared place
/// pools the money of the places it covers and splits it (the remainder one unit each, in
/// name order), as the individual tables do.
pub(crate) fn pay(
    ctx: &mut Ctx<'_>,
    table: &PrizeTable,
    standing: &DerivedStanding,
    awards: &mut Vec<PrizeAward>,
    totals: &mut BTreeMap<String, u64>,
) {
    // This table's awards only: another table paying the same ranking has its own line (and
    // 10 000 of them listed every one before them, a transcript of gigabytes).
    let before = awards.len();
    let mut i = 0;
    let rows = &standing.rows;
    while i < rows.len() {
        let place = rows.get(i).map_or(0, |r| r.place);
        let mut j = i;
        while rows.get(j).is_some_and(|r| r.place == place) {
            j += 1;
        }
        let winners: Vec<(String, String)> = rows
            .get(i..j)
            .unwrap_or(&[])
            .iter()
            .map(|r| (r.unit.clone(), r.unit.clone()))
            .collect();
        super::money::pay_tier(ctx, table, place, &winners, awards, totals);
        i = j;
    }
    let mut paid: Vec<String> = awards
        .get(before..)
        .unwrap_or(&[])
        .iter()
        .filter(|a| a.category == table.category)
        .map(|a| {
            // What the unit receives: its money, its awards, or both (never a bare 0).
            let mut what: Vec<String> = Vec::new();
            if a.amount > 0 {
                what.push(format!("{} {}", a.amount, a.currency));
            }
            what.extend(a.items.iter().map(|i| i.word()));
            format!("{} {}", a.id, what.join(" "))
        })
        .collect();
    if rows.is_empty() {
        paid.push("no unit is ranked: the table pays nobody".to_string());
    }
    ctx.transcript.push(
        EntryKind::Prize,
        format!(
            "{} ({}): {}",
            table.title.as_deref().unwrap_or("prizes"),
            standing.name,
            paid.join(", ")
        ),
        &table.origin,
    );
}

/// The units a quota naming a derived ranking qualifies: the first `count` ranked units (a
/// shared place at the edge qualifies nobody beyond the count: the next in name order waits).
pub(crate) fn qualify(title: &str, quota: &Quota, standing: &DerivedStanding) -> Vec<Qualifier> {
    standing
        .rows
        .iter()
        .take(quota.count as usize)
        .map(|row| Qualifier {
            title: title.to_string(),
            category: quota.category.clone(),
            place: row.place,
            id: row.unit.clone(),
            player: row.unit.clone(),
            replaces: None,
        })
        .collect()
}
