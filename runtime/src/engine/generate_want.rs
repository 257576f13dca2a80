//! What a generated player must be to enter the event and a stage: the entry conditions (sex,
//! title, age), a category's conditions along its `within` chain (birth window, age, sex, title),
//! as one [`Want`]; how many players each stage that draws by category needs; and the check that
//! a generated roster is one the regulation accepts, naming the clause it cannot fill.

use super::entrants::source_admits;
use super::problem::{codes, RuntimeProblem};
use super::roster::Roster;
use super::validate::validate_entries;
use crate::plan::{
    CompareOp, Condition, Date, EntrantSource, Origin, Plan, Sex, Stage, StageFormat, SwissRounds,
    Title,
};

/// The conditions one generated player meets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Want {
    pub sex: Option<Sex>,
    pub title: Option<(CompareOp, Title)>,
    /// Inclusive birth window.
    pub born: (Date, Date),
}

/// `day` moved back by `years` (the day clamped to 28, which only narrows a window).
fn years_before(day: Date, years: u32, up: bool) -> Date {
    let y = u16::try_from(years).unwrap_or(u16::MAX);
    let year = day.year.saturating_sub(y);
    if up && day.day >= 28 {
        // The first day after the 28th that is surely later.
        return if day.month == 12 {
            Date::new(year.saturating_add(1), 1, 1)
        } else {
            Date::new(year, day.month + 1, 1)
        };
    }
    Date::new(
        year,
        day.month,
        if up { day.day + 1 } else { day.day.min(28) },
    )
}

impl Want {
    /// Anyone born from 1 January `oldest` years before `day`'s year to 31 December `youngest`
    /// years before it.
    fn aged(day: Date, oldest: u16, youngest: u16) -> Want {
        Want {
            sex: None,
            title: None,
            born: (
                Date::new(day.year.saturating_sub(oldest), 1, 1),
                Date::new(day.year.saturating_sub(youngest), 12, 31),
            ),
        }
    }

    /// Narrow the birth window to `age op years` on `day`.
    pub(crate) fn age(&mut self, op: CompareOp, years: u32, day: Date) {
        let at_least = |y: u32, w: &mut Want| {
            let latest = years_before(day, y, false);
            if latest < w.born.1 {
                w.born.1 = latest;
            }
        };
        let at_most = |y: u32, w: &mut Want| {
            // age <= y: born after the day y + 1 years before.
            let earliest = years_before(day, y.saturating_add(1), true);
            if earliest > w.born.0 {
                w.born.0 = earliest;
            }
        };
        match op {
            CompareOp::Ge => at_least(years, self),
            CompareOp::Gt => at_least(years.saturating_add(1), self),
            CompareOp::Le => at_most(years, self),
            CompareOp::Lt => {
                if years == 0 {
                    self.born.0 = Date::new(u16::MAX, 12, 31);
                } else {
                    at_most(years - 1, self)
                }
            }
            CompareOp::Eq => {
                at_least(years, self);
                at_most(years, self);
            }
        }
    }

    fn born_within(&mut self, from: Option<Date>, to: Option<Date>) {
        if let Some(f) = from.filter(|f| *f > self.born.0) {
            self.born.0 = f;
        }
        if let Some(t) = to.filter(|t| *t < self.born.1) {
            self.born.1 = t;
        }
    }

    /// Whether a player can meet all of it.
    pub fn possible(&self) -> bool {
        self.born.0 <= self.born.1
    }
}

/// The day ages are counted on.
pub(crate) fn first_day(plan: &Plan) -> Date {
    plan.meta
        .first_day
        .or(plan.meta.dates.map(|d| d.0))
        .unwrap_or(Date::new(2020, 1, 1))
}

/// Every entrant's conditions: sex, title and age of the entry block (ages 18 to 70 unless the
/// conditions say otherwise).
pub(crate) fn entry_want(plan: &Plan) -> Want {
    let day = first_day(plan);
    let mut w = Want::aged(day, 70, 18);
    let has_age = plan
        .entry
        .conditions
        .iter()
        .any(|c| matches!(c, Condition::Age { .. }));
    if has_age {
        w.born = (
            Date::new(day.year.saturating_sub(90), 1, 1),
            Date::new(day.year.saturating_sub(6), 12, 31),
        );
    }
    for c in &plan.entry.conditions {
        match c {
            Condition::Sex { sex, .. } => w.sex = Some(*sex),
            Condition::Title { op, title, .. } => w.title = Some((*op, *title)),
            Condition::Age { op, years, .. } => w.age(*op, *years, day),
            // The grade is given after the rest (`generate_attrs`).
            Condition::Grade { .. } => {}
        }
    }
    w
}

/// `base` narrowed by category `name` and its `within` chain; None for an unknown category.
pub(crate) fn category_want(plan: &Plan, name: &str, base: &Want) -> Option<Want> {
    let day = first_day(plan);
    let mut w = base.clone();
    let mut cur = Some(name);
    let mut depth = 0;
    // A category's own birth window replaces the default ages, not the entry's conditions.
    let mut windowed = false;
    while let Some(c) = cur.and_then(|c| plan.categories.get(c)) {
        if depth > 16 {
            break;
        }
        let aged = c
            .rules
            .iter()
            .any(|r| matches!(r, crate::plan::CategoryRule::AgeOn { .. }));
        if (c.born_from.is_some() || c.born_to.is_some() || !c.age.is_empty() || aged) && !windowed
        {
            windowed = true;
            let entry_only = entry_want_wide(plan);
            w.born = entry_only.born;
        }
        w.born_within(c.born_from, c.born_to);
        for &(op, years) in &c.age {
            w.age(op, years, day);
        }
        for r in &c.rules {
            if let crate::plan::CategoryRule::AgeOn { op, years, on } = r {
                w.age(*op, *years, *on);
            }
        }
        if c.sex.is_some() {
            w.sex = c.sex;
        }
        if c.title_condition.is_some() {
            w.title = c.title_condition;
        }
        cur = c.within.as_deref();
        depth += 1;
    }
    plan.categories.contains_key(name).then_some(w)
}

/// The entry's age conditions over the widest ages a roster may hold.
pub(crate) fn entry_want_wide(plan: &Plan) -> Want {
    let day = first_day(plan);
    let mut w = Want::aged(day, 90, 6);
    for c in &plan.entry.conditions {
        if let Condition::Age { op, years, .. } = c {
            w.age(*op, *years, day);
        }
    }
    w
}

/// The fewest players a stage can run with.
pub(crate) fn stage_minimum(stage: &Stage) -> u32 {
    match &stage.format {
        StageFormat::RoundRobin(rr) => {
            let groups = rr.groups.len().max(1) as u32;
            groups.saturating_mul(rr.group_size.unwrap_or(2).max(2))
        }
        StageFormat::Swiss(sw) => match &sw.rounds {
            // Twice the rounds: fewer often leaves a late round without a pairing.
            SwissRounds::Fixed { rounds } => rounds.saturating_mul(2).max(rounds.saturating_add(1)),
            SwissRounds::ByEntries { .. } => 2,
        },
        _ => 2,
    }
}

/// Whether a stage takes everyone on the roster (or everyone left).
pub(crate) fn takes_whole_roster(stage: &Stage) -> bool {
    stage
        .entrants
        .iter()
        .any(|s| matches!(s, EntrantSource::Roster { .. } | EntrantSource::Rest { .. }))
}

/// Stages that draw only from categories and pools of the roster, with the categories they
/// draw from (name, the clause).
pub(crate) fn category_stages(plan: &Plan) -> Vec<(&Stage, Vec<(&str, &Origin)>)> {
    plan.stages
        .iter()
        .filter(|s| !takes_whole_roster(s))
        .filter_map(|s| {
            let cats: Vec<(&str, &Origin)> = s
                .entrants
                .iter()
                .filter_map(|e| match e {
                    EntrantSource::Category { name, origin } => Some((name.as_str(), origin)),
                    _ => None,
                })
                .collect();
            (!cats.is_empty()).then_some((s, cats))
        })
        .collect()
}

/// The id of the player a roster problem is at, when a `player` line of the regulation names
/// that player, and the column the problem is about.
fn named_at<'r>(plan: &Plan, roster: &'r Roster, p: &RuntimeProblem) -> Option<(&'r str, String)> {
    let (row, column) = (p.row?, p.column.clone()?);
    let i = (0..roster.players.len()).find(|&i| roster.row_of(i) == row)?;
    let id = roster.players.get(i)?.id.as_str();
    plan.entry
        .players
        .iter()
        .any(|n| n.id == id)
        .then_some((id, column))
}

/// A generated roster the regulation refuses: each problem, said as the clause the generator
/// could not fill; a stage drawing from the roster with nobody in it, too.
pub(crate) fn verify(plan: &Plan, roster: &Roster) -> Result<(), Vec<RuntimeProblem>> {
    // The group draws are checked when the event runs.
    let hosted = super::host::fill_odd_field(&plan.entry.pools, roster).0;
    let entered = validate_entries(plan, roster);
    let mut problems: Vec<RuntimeProblem> =
        super::host::cap_as_played(plan, hosted.as_ref(), entered)
            .into_iter()
            .map(|p| {
                // Asked for fewer players than the exact field: the count asked is at fault, and
                // the field's own help (write `cap N` for a maximum) is the one to give.
                if p.code == codes::FIELD_SHORT {
                    return p;
                }
                // A player the regulation names is generated as its `player` line says: the
                // line, not the count asked, is what to correct, so the player is named.
                let (named_en, named_zh) = match named_at(plan, roster, &p) {
                    Some((id, column)) => (
                        format!(
                            "; player `{id}` is named by a `player` line of the regulation: give that line the `{column}` it lacks"
                        ),
                        format!("；棋手 `{id}` 由规程的 `player` 行点名：请在该行补上 `{column}`"),
                    ),
                    None => (String::new(), String::new()),
                };
                RuntimeProblem::new(
                    codes::CANNOT_GENERATE,
                    format!(
                        "a generated roster cannot meet this clause ({}: {}){named_en}",
                        p.code, p.message
                    ),
                    &p.origin,
                )
                .zh(format!(
                    "生成的名单不能满足此条款（{}：{}）{named_zh}",
                    p.code,
                    if p.message_zh.is_empty() {
                        p.message.as_str()
                    } else {
                        &*p.message_zh
                    }
                ))
            })
            .collect();
    problems.dedup_by(|a, b| a.origin == b.origin && a.message == b.message);
    for stage in &plan.stages {
        let from_roster = stage.entrants.iter().all(|s| {
            matches!(
                s,
                EntrantSource::Category { .. } | EntrantSource::Pool { .. }
            )
        });
        if !from_roster || stage.entrants.is_empty() {
            continue;
        }
        let n = roster
            .players
            .iter()
            .filter(|p| source_admits(plan, &stage.entrants, p))
            .count();
        if n == 0 {
            let origin = stage
                .entrants
                .iter()
                .map(|e| match e {
                    EntrantSource::Category { origin, .. } | EntrantSource::Pool { origin, .. } => {
                        origin
                    }
                    EntrantSource::Roster { origin }
                    | EntrantSource::Places { origin, .. }
                    | EntrantSource::Rest { origin } => origin,
                })
                .next();
            if let Some(origin) = origin {
                problems.push(
                    RuntimeProblem::new(
                        codes::CANNOT_GENERATE,
                        format!(
                            "stage `{}`: a generated roster has no player its entrants admit",
                            stage.name
                        ),
                        origin,
                    )
                    .zh(format!(
                        "阶段 `{}`：生成的名单中没有此阶段收录的棋手",
                        stage.name
                    )),
                );
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// One birth window, sex and title per player the stages that draw by category need (their
/// fewest players, spread over their categories); a problem at the clause when a category
/// admits nobody or the roster has too little room.
pub(crate) fn stage_slots(
    plan: &Plan,
    base: &Want,
    room: u32,
) -> Result<Vec<(Want, usize)>, Vec<RuntimeProblem>> {
    let mut slots = Vec::new();
    let mut short = None;
    for (stage, cats) in category_stages(plan) {
        let ix = plan
            .stages
            .iter()
            .position(|s| std::ptr::eq(s, stage))
            .unwrap_or(usize::MAX);
        let need = stage_minimum(stage);
        let per = need.div_ceil(cats.len().max(1) as u32);
        for (name, origin) in cats {
            let Some(w) = category_want(plan, name, base) else {
                continue;
            };
            if !w.possible() {
                return Err(vec![RuntimeProblem::new(
                    codes::CANNOT_GENERATE,
                    format!(
                        "stage `{}` takes category `{name}`, whose conditions no entrant can meet",
                        stage.name
                    ),
                    origin,
                )
                .zh(format!(
                    "阶段 `{}` 收组别 `{name}`，但没有参赛者能满足其条件",
                    stage.name
                ))]);
            }
            for _ in 0..per {
                slots.push((w.clone(), ix));
            }
            // The first stage the roster has no room for is named; the total counts them all.
            if slots.len() as u32 > room && short.is_none() {
                short = Some((stage.name.clone(), need, origin.clone()));
            }
        }
    }
    if let Some((stage, need, origin)) = short {
        let total = slots.len();
        return Err(vec![RuntimeProblem::new(
            codes::CANNOT_GENERATE,
            format!(
                "the stages that take players by category need {total} players in all (stage `{stage}` needs {need}), more than the {room} places of the roster beside its named players: ask for more players"
            ),
            &origin,
        ).zh(format!("按组别收棋手的各阶段共需 {total} 名棋手（阶段 `{stage}` 需 {need} 名），超过名单除点名棋手外的 {room} 个名额：请增加棋手人数"))]);
    }
    Ok(slots)
}

/// A title meeting `op title` (None when "no title" meets it).
pub(super) fn title_meeting(op: CompareOp, title: Title) -> Option<Title> {
    match op {
        CompareOp::Ge | CompareOp::Eq => Some(title),
        CompareOp::Gt => Some(Title::Grandmaster.max(title)),
        CompareOp::Lt | CompareOp::Le => None,
    }
}
