//! The roster: players with the CSV columns of DESIGN.md, category membership and the
//! attributes eligibility reads. Checking a roster against a plan is [`super::validate`].

use crate::plan::{Category, CategoryRule, CompareOp, Date, Plan, Sex, Title};
use serde::{Deserialize, Serialize};

/// One entrant: the roster columns `id, name, unit, federation, sex, born, title, rating, pool,
/// order, grade, school_year, club, residence`; only what the regulation uses is required.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: String,
    pub name: String,
    pub unit: Option<String>,
    pub federation: Option<String>,
    pub sex: Option<Sex>,
    pub born: Option<Date>,
    pub title: Option<Title>,
    pub rating: Option<u32>,
    pub pool: Option<String>,
    /// Further pools the player belongs to (roster cell `pool` `a;b`): members of them for
    /// categories, entrants, seed tiers and draw quotas by pool, while the place the player
    /// takes (the pool's size, its conditions) is the first pool's. Left out of the JSON when
    /// empty.
    #[serde(skip_serializing_if = "Vec::is_empty", default)]
    pub also_pools: Vec<String>,
    /// Registration or list order.
    pub order: Option<u32>,
    /// Grade (段位 1..9) and school year (年级 1..12); left out of the JSON when absent.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub grade: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub school_year: Option<u32>,
    /// Club and residence, as texts the categories compare whole.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub club: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub residence: Option<String>,
    /// The place taken in the qualifying event of the player's pool (roster column
    /// `qualified`), where the pool admits only qualifiers.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub qualified: Option<u32>,
    /// The CSV line the player was read from (header = line 1), for messages.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub row: Option<u32>,
}

impl Player {
    /// A player the regulation names, as named (no CSV row).
    pub fn named(np: &crate::plan::NamedPlayer) -> Player {
        Player {
            id: np.id.clone(),
            name: np.name.clone(),
            unit: np.unit.clone(),
            federation: np.federation.clone(),
            sex: np.sex,
            born: np.born,
            title: np.title,
            rating: np.rating,
            pool: np.pool.clone(),
            also_pools: np.also_pools.clone(),
            order: np.order,
            grade: np.grade,
            school_year: np.school_year,
            club: np.club.clone(),
            residence: np.residence.clone(),
            qualified: np.qualified,
            row: None,
        }
    }

    /// Whether the player belongs to pool `name`: the first pool or a further one.
    pub fn in_pool(&self, name: &str) -> bool {
        self.pool.as_deref() == Some(name) || self.also_pools.iter().any(|p| p == name)
    }

    /// What avoidance keeps apart for this player: its unit or its federation; none when blank.
    pub fn avoid_key(&self, by: crate::plan::AvoidBy) -> Option<&str> {
        match by {
            crate::plan::AvoidBy::Unit => self.unit.as_deref(),
            crate::plan::AvoidBy::Federation => self.federation.as_deref(),
        }
        .filter(|k| !k.trim().is_empty())
    }
}

/// The entrants in list order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roster {
    pub players: Vec<Player>,
}

impl Roster {
    /// The CSV line of player `i`: as read, else its position after a header line.
    pub fn row_of(&self, i: usize) -> u32 {
        self.players
            .get(i)
            .and_then(|p| p.row)
            .unwrap_or_else(|| u32::try_from(i + 2).unwrap_or(u32::MAX))
    }

    /// Index of the player with this id.
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// The indices of the players `keep` holds for, in roster order.
    pub fn indices_where(&self, keep: impl Fn(&Player) -> bool) -> Vec<usize> {
        self.players
            .iter()
            .enumerate()
            .filter(|(_, p)| keep(p))
            .map(|(i, _)| i)
            .collect()
    }
}

/// Whether `player` belongs to `category` (conditions, pool, and `within` chains).
pub fn in_category(plan: &Plan, category: &Category, player: &Player) -> bool {
    in_category_depth(plan, category, player, 0)
}

fn in_category_depth(plan: &Plan, category: &Category, player: &Player, depth: u32) -> bool {
    if depth > 16 {
        return false;
    }
    if category.born_from.is_some() || category.born_to.is_some() {
        let Some(born) = player.born else {
            return false;
        };
        if category.born_from.is_some_and(|from| born < from)
            || category.born_to.is_some_and(|to| born > to)
        {
            return false;
        }
    }
    if let Some(sex) = category.sex {
        if player.sex != Some(sex) {
            return false;
        }
    }
    if let Some((op, title)) = category.title_condition {
        if !title_holds(player.title, op, title) {
            return false;
        }
    }
    if let Some(pool) = &category.pool {
        if !player.in_pool(pool) {
            return false;
        }
    }
    if !category.age.is_empty() {
        let (Some(born), Some(day)) = (player.born, plan.meta.first_day) else {
            return false;
        };
        if !category
            .age
            .iter()
            .all(|&(op, years)| op.holds(born.years_on(day), years))
        {
            return false;
        }
    }
    if !category.rules.iter().all(|r| rule_holds(r, player)) {
        return false;
    }
    if let Some(parent) = &category.within {
        match plan.categories.get(parent) {
            Some(p) => {
                if !in_category_depth(plan, p, player, depth + 1) {
                    return false;
                }
            }
            None => return false,
        }
    }
    true
}

/// Whether `player` meets one condition by attribute; a blank attribute meets none but a grade
/// bounded from above. Ages are counted on the rule's own day.
pub fn rule_holds(rule: &CategoryRule, player: &Player) -> bool {
    let same = |a: &Option<String>, b: &str| a.as_deref().is_some_and(|a| a.trim() == b.trim());
    match rule {
        CategoryRule::Federation { codes, not } => match player.federation.as_deref() {
            Some(f) if !f.trim().is_empty() => {
                codes.iter().any(|c| c.eq_ignore_ascii_case(f.trim())) != *not
            }
            _ => false,
        },
        CategoryRule::Grade { op, grade } => grade_holds(player.grade, *op, *grade),
        // No rating is below every rating, as it orders the player after every rated one.
        CategoryRule::Rating { op, rating } => op.holds(player.rating.unwrap_or(0), *rating),
        CategoryRule::SchoolYear { from, to } => {
            player.school_year.is_some_and(|y| *from <= y && y <= *to)
        }
        CategoryRule::Club { club } => same(&player.club, club),
        CategoryRule::Residence { residence } => same(&player.residence, residence),
        CategoryRule::Players { ids } => ids.contains(&player.id),
        CategoryRule::AgeOn { op, years, on } => player
            .born
            .is_some_and(|born| op.holds(born.years_on(*on), *years)),
    }
}

/// A grade condition; no grade compares below every grade (as no title does).
pub fn grade_holds(grade: Option<u32>, op: CompareOp, bound: u32) -> bool {
    op.holds(grade.unwrap_or(0), bound)
}

/// A title condition; no title compares below every title.
pub fn title_holds(title: Option<Title>, op: crate::plan::CompareOp, bound: Title) -> bool {
    match title {
        Some(t) => op.holds(t, bound),
        None => matches!(op, crate::plan::CompareOp::Lt | crate::plan::CompareOp::Le),
    }
}

/// Boards of the plan's team stage, if the event is a team event: its field counts teams (the
/// roster's units), not players.
pub fn team_boards(plan: &Plan) -> Option<u32> {
    plan.stages.iter().find_map(|s| s.format.team_boards())
}

/// Categories of a player, in name order.
pub fn categories_of(plan: &Plan, player: &Player) -> Vec<String> {
    plan.categories
        .values()
        .filter(|c| in_category(plan, c, player))
        .map(|c| c.name.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player() -> Player {
        Player {
            id: "a".into(),
            federation: Some("SGP".into()),
            grade: Some(7),
            school_year: Some(3),
            club: Some("棋院".into()),
            born: Some(Date::new(1970, 10, 1)),
            ..Player::default()
        }
    }

    #[test]
    fn each_condition_by_attribute_reads_its_attribute() {
        let p = player();
        let fed = |codes: &[&str], not| CategoryRule::Federation {
            codes: codes.iter().map(|c| (*c).to_string()).collect(),
            not,
        };
        assert!(rule_holds(&fed(&["CHN", "VIE"], true), &p));
        assert!(!rule_holds(&fed(&["CHN", "VIE"], false), &p));
        assert!(rule_holds(&fed(&["sgp"], false), &p));
        let grade = |op, grade| CategoryRule::Grade { op, grade };
        assert!(rule_holds(&grade(CompareOp::Ge, 7), &p));
        assert!(!rule_holds(&grade(CompareOp::Gt, 7), &p));
        let band = |op, rating| CategoryRule::Rating { op, rating };
        let rated = Player {
            rating: Some(1999),
            ..player()
        };
        assert!(rule_holds(&band(CompareOp::Lt, 2000), &rated));
        assert!(!rule_holds(&band(CompareOp::Ge, 2000), &rated));
        assert!(
            rule_holds(&band(CompareOp::Lt, 2000), &p),
            "no rating: below 2000"
        );
        assert!(!rule_holds(&band(CompareOp::Ge, 1000), &p));
        let years = |from, to| CategoryRule::SchoolYear { from, to };
        assert!(rule_holds(&years(1, 6), &p) && !rule_holds(&years(4, 6), &p));
        let club = CategoryRule::Club {
            club: "棋院".into(),
        };
        assert!(rule_holds(&club, &p));
        let home = CategoryRule::Residence {
            residence: "北京".into(),
        };
        assert!(!rule_holds(&home, &p), "no residence: not a member");
        let ids = CategoryRule::Players {
            ids: vec!["b".into(), "a".into()],
        };
        assert!(rule_holds(&ids, &p));
        let age = |on| CategoryRule::AgeOn {
            op: CompareOp::Ge,
            years: 55,
            on,
        };
        assert!(!rule_holds(&age(Date::new(2025, 9, 12)), &p));
        assert!(rule_holds(&age(Date::new(2026, 6, 30)), &p));
        // A blank attribute meets nothing but a grade bounded from above.
        let blank = Player::default();
        assert!(!rule_holds(&fed(&["CHN"], true), &blank));
        assert!(!rule_holds(&grade(CompareOp::Ge, 1), &blank));
        assert!(rule_holds(&grade(CompareOp::Lt, 3), &blank));
    }
}
