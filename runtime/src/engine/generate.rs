//! Rosters generated to fit a regulation (`simulate --players N`, or the declared field): the
//! named players first, then each pool filled to its size, then the rest; sexes, birth dates
//! inside the sections, titles meeting the conditions, ratings, and units spread so that a
//! same-unit group draw stays possible.

use super::problem::{codes, RuntimeProblem};
use super::roster::{Player, Roster};
use crate::plan::{CompareOp, Condition, Date, Plan, Sex, StageFormat, Title};
use rand_core::RngCore;

const SURNAMES: [&str; 24] = [
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "高", "林",
    "何", "郭", "马", "罗", "梁", "宋", "郑", "谢",
];
const GIVEN: [&str; 20] = [
    "天华", "明", "建国", "晓东", "伟", "卫平", "志强", "国栋", "海涛", "春", "雨", "嘉", "子豪",
    "立新", "文", "思远", "一鸣", "冠军", "庆", "洪",
];
const UNITS: [&str; 24] = [
    "北京",
    "上海",
    "天津",
    "重庆",
    "广东",
    "江苏",
    "浙江",
    "湖北",
    "河北",
    "四川",
    "黑龙江",
    "辽宁",
    "吉林",
    "山东",
    "河南",
    "湖南",
    "福建",
    "安徽",
    "云南",
    "广西",
    "陕西",
    "山西",
    "内蒙古",
    "煤矿",
];

fn below<R: RngCore>(rng: &mut R, n: u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let zone = u32::MAX - (u32::MAX % n + 1) % n;
    loop {
        let v = rng.next_u32();
        if v <= zone {
            return v % n;
        }
    }
}

fn between<R: RngCore>(rng: &mut R, lo: u32, hi: u32) -> u32 {
    if hi <= lo {
        lo
    } else {
        lo + below(rng, hi - lo + 1)
    }
}

/// A title meeting `op title` (None when "no title" meets it).
fn title_meeting(op: CompareOp, title: Title) -> Option<Title> {
    match op {
        CompareOp::Ge | CompareOp::Eq => Some(title),
        CompareOp::Gt => Some(Title::Grandmaster.max(title)),
        CompareOp::Lt | CompareOp::Le => None,
    }
}

fn random_date<R: RngCore>(rng: &mut R, from: Date, to: Date) -> Date {
    let lo = u32::from(from.year) * 12 + u32::from(from.month) - 1;
    let hi = u32::from(to.year) * 12 + u32::from(to.month) - 1;
    let m = between(rng, lo, hi.max(lo));
    let (year, month) = ((m / 12) as u16, (m % 12) as u8 + 1);
    let mut day = between(rng, 1, 28) as u8;
    let d = Date::new(year, month, day);
    if d < from {
        day = from.day;
    } else if d > to {
        day = to.day;
    }
    Date::new(year, month, day)
}

/// A roster of `n` players that fits `plan`; problems when the regulation cannot be met (more
/// named players or pool places than `n`).
pub fn generate_roster<R: RngCore>(
    plan: &Plan,
    n: u32,
    rng: &mut R,
) -> Result<Roster, Vec<RuntimeProblem>> {
    // No event comes near this; a larger request would only exhaust memory.
    const MOST: u32 = super::limits::PLAYERS;
    let boards = super::roster::team_boards(plan);
    if u64::from(n) * u64::from(boards.unwrap_or(1).max(1)) > u64::from(MOST) {
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!("a roster of more than {MOST} players"),
            &plan.entry.origin,
        )]);
    }
    // In a team event `n` counts teams: each gets as many players as the team stage has
    // boards, the team being the players' unit, in board order.
    if let Some(boards) = boards {
        return Ok(generate_teams(n, boards, rng));
    }
    let entry = &plan.entry;
    let named = entry.players.len() as u32;
    let pooled: u32 = entry.pools.iter().filter_map(|p| p.size).sum();
    if named > n || pooled > n {
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!("a roster of {n} cannot hold {named} named players and {pooled} pool places"),
            &entry.origin,
        )]);
    }
    let first_day = plan
        .meta
        .first_day
        .or(plan.meta.dates.map(|d| d.0))
        .unwrap_or(Date::new(2020, 1, 1));
    let event_sex = entry.conditions.iter().find_map(|c| match c {
        Condition::Sex { sex, .. } => Some(*sex),
        _ => None,
    });
    let event_title = entry.conditions.iter().find_map(|c| match c {
        Condition::Title { op, title, .. } => Some((*op, *title)),
        _ => None,
    });
    // Ages allowed by the conditions, as a birth-date window.
    let mut born_from = Date::new(first_day.year.saturating_sub(70), 1, 1);
    let mut born_to = Date::new(first_day.year.saturating_sub(18), 12, 31);
    for c in &entry.conditions {
        if let Condition::Age { op, years, .. } = c {
            let y = u16::try_from(*years).unwrap_or(u16::MAX);
            match op {
                CompareOp::Ge | CompareOp::Gt => {
                    let latest = Date::new(
                        first_day
                            .year
                            .saturating_sub(y.saturating_add(u16::from(*op == CompareOp::Gt))),
                        1,
                        1,
                    );
                    if latest < born_to {
                        born_to = latest;
                    }
                }
                CompareOp::Le | CompareOp::Lt => {
                    let earliest =
                        Date::new(first_day.year.saturating_sub(y.saturating_sub(1)), 12, 31);
                    if earliest > born_from {
                        born_from = earliest;
                    }
                }
                CompareOp::Eq => {}
            }
        }
    }
    if born_from > born_to {
        born_from = born_to;
    }
    let sections: Vec<(Date, Date, Option<Sex>)> = plan
        .categories
        .values()
        .filter(|c| c.born_from.is_some() || c.born_to.is_some())
        .map(|c| {
            (
                c.born_from
                    .unwrap_or(Date::new(first_day.year.saturating_sub(80), 1, 1)),
                c.born_to
                    .unwrap_or(Date::new(first_day.year.saturating_sub(8), 12, 31)),
                c.sex,
            )
        })
        .collect();
    let by_sex = plan.categories.values().any(|c| c.sex.is_some());
    // Every category prize table gets at least as many generated players as it has places
    // (seed 002's sections by age and sex): one slot (birth window, sex) per place, filled
    // first; the rest of the field is drawn as before.
    type Slot = (Option<(Date, Date)>, Option<Sex>);
    let mut slots: Vec<Slot> = Vec::new();
    for table in &plan.prizes {
        let Some(name) = table.category.as_deref() else {
            continue;
        };
        let (mut sex, mut window, mut cur, mut depth) = (None, None, Some(name), 0);
        while let (Some(c), true) = (cur.and_then(|c| plan.categories.get(c)), depth < 8) {
            sex = sex.or(c.sex);
            if window.is_none() && (c.born_from.is_some() || c.born_to.is_some()) {
                window = Some((
                    c.born_from
                        .unwrap_or(Date::new(first_day.year.saturating_sub(80), 1, 1)),
                    c.born_to
                        .unwrap_or(Date::new(first_day.year.saturating_sub(8), 12, 31)),
                ));
            }
            cur = c.within.as_deref();
            depth += 1;
        }
        if sex.is_none() && window.is_none() {
            continue;
        }
        let places = table
            .lines
            .iter()
            .filter_map(|l| match &l.key {
                crate::plan::PrizeKey::Places { places } => Some(places.to),
                crate::plan::PrizeKey::Eliminated { .. } => None,
            })
            .max()
            .unwrap_or(0)
            .min(n);
        for _ in 0..places {
            slots.push((window, sex));
        }
    }
    if slots.len() as u32 > n.saturating_sub(named) {
        slots.clear();
    }
    // The fewest groups of any drawn round robin: no unit may have more players than that.
    let max_per_unit = plan
        .stages
        .iter()
        .filter_map(|s| match &s.format {
            StageFormat::RoundRobin(rr) if rr.draw.as_ref().is_some_and(|d| d.avoid_same_unit) => {
                Some(rr.groups.len().max(1) as u32)
            }
            _ => None,
        })
        .min()
        .unwrap_or(u32::MAX);
    let mut units: Vec<&str> = UNITS.to_vec();
    for i in (1..units.len()).rev() {
        let j = below(rng, i as u32 + 1) as usize;
        units.swap(i, j);
    }
    let mut unit_count: Vec<u32> = vec![0; units.len()];
    let mut players: Vec<Player> = Vec::with_capacity(n as usize);
    for np in &entry.players {
        players.push(Player {
            id: np.id.clone(),
            name: np.name.clone(),
            unit: np.unit.clone(),
            federation: np.federation.clone(),
            sex: np.sex.or(event_sex),
            born: np.born,
            title: np.title,
            rating: np.rating,
            pool: np.pool.clone(),
            order: np.order,
            row: None,
        });
    }
    let mut next_unit = 0usize;
    let mut make =
        |k: u32, pool: Option<&crate::plan::Pool>, rng: &mut R, players: &[Player]| -> Player {
            let slot = if pool.is_none_or(|p| p.size.is_none() && p.sex.is_none()) {
                slots.get(k.saturating_sub(1) as usize).copied()
            } else {
                None
            };
            let sex = pool
                .and_then(|p| p.sex)
                .or(event_sex)
                .or(slot.and_then(|s| s.1))
                .unwrap_or_else(|| {
                    if by_sex && below(rng, 3) == 0 {
                        Sex::Women
                    } else {
                        Sex::Men
                    }
                });
            let born = if let Some((Some((f, t)), _)) = slot {
                random_date(rng, f.max(born_from.min(t)), t)
            } else if sections.is_empty() {
                random_date(rng, born_from, born_to)
            } else {
                let fitting: Vec<&(Date, Date, Option<Sex>)> = sections
                    .iter()
                    .filter(|s| s.2.is_none_or(|x| x == sex))
                    .collect();
                let pick = fitting
                    .get(below(rng, fitting.len() as u32) as usize)
                    .copied()
                    .or(sections.first());
                match pick {
                    Some(&(f, t, _)) => random_date(rng, f.max(born_from.min(t)), t),
                    None => random_date(rng, born_from, born_to),
                }
            };
            let cond = pool.and_then(|p| p.title_condition).or(event_title);
            let title = match cond {
                Some((op, t)) => title_meeting(op, t),
                None => match below(rng, 10) {
                    0 => Some(Title::Grandmaster),
                    1 | 2 => Some(Title::Master),
                    _ => None,
                },
            };
            let base = match title {
                Some(Title::Grandmaster | Title::InternationalGrandmaster) => 2450,
                Some(Title::Master | Title::InternationalMaster) => 2300,
                _ => 2000,
            };
            let unit = match pool.and_then(|p| p.unit.clone()) {
                Some(u) => u,
                None => {
                    let mut chosen = None;
                    for _ in 0..units.len() {
                        let u = next_unit % units.len();
                        next_unit += 1;
                        if unit_count.get(u).is_some_and(|&c| c < max_per_unit) {
                            if let Some(c) = unit_count.get_mut(u) {
                                *c += 1;
                            }
                            chosen = units.get(u).map(|s| s.to_string());
                            break;
                        }
                    }
                    chosen.unwrap_or_else(|| format!("单位{k}"))
                }
            };
            let surname = SURNAMES
                .get(below(rng, SURNAMES.len() as u32) as usize)
                .copied()
                .unwrap_or("王");
            let given = GIVEN
                .get(below(rng, GIVEN.len() as u32) as usize)
                .copied()
                .unwrap_or("明");
            let mut id = format!("p{k:03}");
            while players.iter().any(|p| p.id == id) {
                id.push('x');
            }
            Player {
                id,
                name: format!("{surname}{given}{k}"),
                unit: Some(unit),
                federation: Some("CHN".to_string()),
                sex: Some(sex),
                born: Some(born),
                title,
                rating: Some(base + between(rng, 0, 250)),
                pool: pool.map(|p| p.name.clone()),
                order: Some(k),
                row: None,
            }
        };
    let mut k = 0u32;
    for pool in &entry.pools {
        let have = players
            .iter()
            .filter(|p| p.pool.as_deref() == Some(pool.name.as_str()))
            .count() as u32;
        let want = pool.size.unwrap_or(0);
        for _ in have..want {
            k += 1;
            let p = make(k, Some(pool), rng, &players);
            players.push(p);
        }
    }
    let open_pool = entry.pools.iter().find(|p| p.size.is_none());
    while (players.len() as u32) < n {
        k += 1;
        let p = make(k, open_pool, rng, &players);
        players.push(p);
    }
    for (i, p) in players.iter_mut().enumerate() {
        if p.order.is_none() {
            p.order = Some(i as u32 + 1);
        }
    }
    Ok(Roster { players })
}

fn generate_teams<R: RngCore>(teams: u32, boards: u32, rng: &mut R) -> Roster {
    let mut players = Vec::new();
    for t in 0..teams {
        let team = match UNITS.get(t as usize) {
            Some(u) => (*u).to_string(),
            None => format!("队{}", t + 1),
        };
        for b in 0..boards.max(1) {
            let k = t * boards.max(1) + b + 1;
            let surname = SURNAMES
                .get(below(rng, SURNAMES.len() as u32) as usize)
                .copied()
                .unwrap_or("王");
            let given = GIVEN
                .get(below(rng, GIVEN.len() as u32) as usize)
                .copied()
                .unwrap_or("明");
            players.push(Player {
                id: format!("t{}b{}", t + 1, b + 1),
                name: format!("{surname}{given}{k}"),
                unit: Some(team.clone()),
                federation: Some("CHN".to_string()),
                sex: Some(Sex::Men),
                born: Some(Date::new(1990, 1, 1)),
                title: None,
                rating: Some(2100 + between(rng, 0, 400)),
                pool: None,
                order: Some(b + 1),
                row: None,
            });
        }
    }
    Roster { players }
}
