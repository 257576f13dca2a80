//! Entry: the field, pools, named players, eligibility conditions, and categories.

use super::{CapOrder, CompareOp, Date, Origin, Replacement, Sex, Title};
use serde::{Deserialize, Serialize};

/// `entry { ... }` lowered: what a roster must fit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub field: Field,
    /// Pools in declaration order (draw rules and generated rosters follow this order).
    pub pools: Vec<Pool>,
    /// Players the regulation names; a generated roster includes each of them.
    pub players: Vec<NamedPlayer>,
    /// Conditions every entrant must meet.
    pub conditions: Vec<Condition>,
    /// The most entrants one unit or federation may have (`quota per unit 3 men 2 women 1`);
    /// left out of the JSON when there is none, so that a plan without one reads as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quotas: Vec<EntryQuota>,
    /// The teams a team event names (`team gusu "姑苏棋友俱乐部"`): a roster row's `unit` is one
    /// of them, by id or name, and plays as the team's name; absent in older plans.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub teams: Vec<DeclaredTeam>,
    /// `team_size 4..6`: the players each team registers, in a team event; absent in older
    /// plans and where the regulation does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_size: Option<TeamSize>,
    pub origin: Origin,
}

impl Entry {
    /// The declared team a roster's unit, a line-up or a command names, by its id or its name.
    pub fn team(&self, named: &str) -> Option<&DeclaredTeam> {
        self.teams.iter().find(|t| t.id == named || t.name == named)
    }
}

/// `team_size 4..6` (`team_size 5`: min = max) in a team event's entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSize {
    pub min: u32,
    pub max: u32,
    pub origin: Origin,
}

/// `team gusu "姑苏棋友俱乐部"` in a team event's entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeclaredTeam {
    pub id: String,
    pub name: String,
    /// `en "Gusu"`: the name English pages and reports give it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name_en: Option<String>,
    pub origin: Origin,
}

/// `quota per unit 3 men 2 women 1 except category champions`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryQuota {
    pub per: QuotaScope,
    /// The most entrants of one unit (federation) in all.
    pub total: u32,
    /// The most men and the most women of one unit, where stated.
    pub men: Option<u32>,
    pub women: Option<u32>,
    /// A category whose players the quota does not count (a defending champion's own place).
    pub except: Option<String>,
    pub origin: Origin,
}

/// What a quota counts by: the roster's `unit` or its `federation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuotaScope {
    Unit,
    Federation,
}

/// The size of the field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// `field 32`: exactly this many.
    Exact { size: u32, origin: Origin },
    /// `cap 150`: at most this many; a generated roster has this many, or the size assumed for
    /// simulation (`assume field 60`, at most the cap). The assumption is left out of the JSON
    /// when absent, so that a plan without it reads as before.
    Cap {
        max: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        assumed: Option<u32>,
        /// `cap 150 by_rating`: who is admitted when more enter (the stage cap's orders); None
        /// when the clause names no order (the first row over the cap is refused).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        order: Option<CapOrder>,
        origin: Origin,
    },
    /// `field open` (名额不限) with the size assumed for simulation (`assume field 24`).
    Open {
        assumed: Option<u32>,
        origin: Origin,
    },
}

impl Field {
    /// The size a generated roster has: the exact size, the assumed size, or the cap.
    pub fn simulated_size(&self) -> Option<u32> {
        match self {
            Field::Exact { size, .. } => Some(*size),
            Field::Cap { max, assumed, .. } => Some(assumed.unwrap_or(*max)),
            Field::Open { assumed, .. } => *assumed,
        }
    }

    /// The most players a roster may hold.
    pub fn max(&self) -> Option<u32> {
        match self {
            Field::Exact { size, .. } => Some(*size),
            Field::Cap { max, .. } => Some(*max),
            Field::Open { .. } => None,
        }
    }
}

/// `pool rated 9 "等级分前9位" { ... }`: a part of the field with a size and who may be in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub name: String,
    pub title: Option<String>,
    /// None: as many as qualify.
    pub size: Option<u32>,
    /// Only this sex (`sex men` in the pool).
    pub sex: Option<Sex>,
    /// A title condition inside the pool (`title >= master`).
    pub title_condition: Option<(CompareOp, Title)>,
    /// The players are named in the regulation (`named`).
    pub named: bool,
    /// A generated roster gives the pool's players one unit of their own (e.g. the 8 Taipei
    /// players of seed 004 all come from 中华台北象棋协会); None: units from the general list.
    pub unit: Option<String>,
    /// `host_player N when_odd` (东道主补位): the pool's players play only when the roster
    /// without them is odd; the clause's origin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_when_odd: Option<Origin>,
    /// `category pupils_low`: only the category's members may enter the pool (组别条件); a
    /// roster row of the pool outside it is refused (R041).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// `qualifiers "地市州分站赛" top 12`: only players who qualified in that earlier event may
    /// enter the pool; a roster row of the pool without a `qualified` place, or with a place
    /// below the top N (where no replacement goes down the ranking), is refused (R042).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualifiers: Option<Qualifiers>,
    /// `invite CHN 2 VIE 2`: the federations invited to the pool, each sending at most its
    /// number; a row of another federation, or one too many, is refused (R043).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub invite: Option<Invitation>,
    /// `replacement from pool reserve`: the places this pool's roster rows leave empty (its size
    /// less its rows) are filled down pool `reserve`'s ranking (by rating); reserve's rows
    /// beyond them are refused (R044).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacement_from: Option<ReplacementFrom>,
    pub origin: Origin,
}

impl Pool {
    /// Pool `name` of no stated size, title or condition, its players not named: what a
    /// declaration states is set on it after.
    pub fn new(name: String, origin: Origin) -> Self {
        Pool {
            name,
            title: None,
            size: None,
            sex: None,
            title_condition: None,
            named: false,
            unit: None,
            host_when_odd: None,
            category: None,
            qualifiers: None,
            invite: None,
            replacement_from: None,
            origin,
        }
    }
}

/// `replacement from pool reserve [by rating|place|order]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReplacementFrom {
    pub pool: String,
    /// How the reserve is ranked; by rating when the JSON leaves it out (as before).
    #[serde(default, skip_serializing_if = "ReserveOrder::is_rating")]
    pub order: ReserveOrder,
    pub origin: Origin,
}

/// The order a reserve pool's rows fill the empty places in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReserveOrder {
    /// The best rated first (no rating last, equal ratings in roster order).
    #[default]
    Rating,
    /// The best `qualified` place first (the reserve is an earlier event's qualifiers; no place
    /// last, equal places in roster order).
    Place,
    /// In roster order (the reserve list as handed in).
    Order,
}

impl ReserveOrder {
    pub fn is_rating(&self) -> bool {
        *self == ReserveOrder::Rating
    }
}

/// `qualifiers "地市州分站赛" top 12` with the pool's `replacement next_in_line`, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualifiers {
    pub event: String,
    /// The places that qualify (the top N); None: every place the event gives.
    pub top: Option<u32>,
    /// The pool's `replacement next_in_line [until 16]`: a declined place passes down the
    /// event's ranking, so that a place below the top N may enter as a replacement (down to
    /// place 16).
    #[serde(flatten)]
    pub replacement: Replacement,
    pub origin: Origin,
}

/// `invite CHN 2 VIE 2 MAS 1`: (federation, most players) in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    pub federations: Vec<(String, u32)>,
    pub origin: Origin,
}

/// `player xu "许银川" { ... }`: a named entrant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamedPlayer {
    pub id: String,
    pub name: String,
    pub name_en: Option<String>,
    pub unit: Option<String>,
    pub federation: Option<String>,
    pub pool: Option<String>,
    /// Further pools (`pool a pool b`: the place is the first's); left out of the JSON when
    /// empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_pools: Vec<String>,
    pub sex: Option<Sex>,
    pub born: Option<Date>,
    pub title: Option<Title>,
    pub rating: Option<u32>,
    pub order: Option<u32>,
    pub seed: Option<u32>,
    /// Grade (段位 1..9), school year (年级 1..12), club and residence, where stated; left out
    /// of the JSON when absent, so that a plan without them reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub school_year: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub club: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub residence: Option<String>,
    /// `qualified 5`: the place taken in the qualifying event of the player's pool.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualified: Option<u32>,
    pub origin: Origin,
}

impl NamedPlayer {
    /// Player `id` named `name` and nothing more stated: the attributes a declaration gives
    /// are set on it after.
    pub fn new(id: String, name: String, origin: Origin) -> Self {
        NamedPlayer {
            id,
            name,
            name_en: None,
            unit: None,
            federation: None,
            pool: None,
            also_pools: Vec::new(),
            sex: None,
            born: None,
            title: None,
            rating: None,
            order: None,
            seed: None,
            grade: None,
            school_year: None,
            club: None,
            residence: None,
            qualified: None,
            origin,
        }
    }
}

/// An eligibility condition every entrant must meet (`age >= 16`, `title < national_master`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// Age in whole years on the event's first day.
    Age {
        op: CompareOp,
        years: u32,
        origin: Origin,
    },
    Title {
        op: CompareOp,
        title: Title,
        origin: Origin,
    },
    Sex {
        sex: Sex,
        origin: Origin,
    },
    /// `grade >= 7`: the entrant's grade (段位); no grade compares below every grade.
    Grade {
        op: CompareOp,
        grade: u32,
        origin: Origin,
    },
}

/// `category open_men "公开组男子" { born ... sex men }`: a set of players that is ranked, paid,
/// qualified or paired on its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    pub name: String,
    pub title: Option<String>,
    /// The English title (`category a55 "55至64岁组" en "Ages 55-64"`), by which the English
    /// site names the category's prizes; left out of the JSON when there is none, so that a
    /// plan without one reads as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_en: Option<String>,
    /// Birth-date window, both ends inclusive when present (exclusive bounds are lowered to
    /// the neighbouring day by the compiler).
    pub born_from: Option<Date>,
    pub born_to: Option<Date>,
    pub sex: Option<Sex>,
    pub title_condition: Option<(CompareOp, Title)>,
    pub pool: Option<String>,
    /// A sub-category: the player must also be in this category.
    pub within: Option<String>,
    /// Age conditions on the first day of play, every one the category states (`age >= 16` and
    /// `age <= 40` are two bounds, both enforced). A plan of the first format with one bound or
    /// `null` here reads as a list of that one or none.
    #[serde(deserialize_with = "age_bounds")]
    pub age: Vec<(CompareOp, u32)>,
    /// The conditions by other attributes (federation, grade, school year, club, residence, a
    /// list of players, age on a stated day), every one enforced; left out of the JSON when
    /// there is none, so that a plan without them reads as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<CategoryRule>,
    pub origin: Origin,
}

impl Category {
    /// Category `name` with no title and no condition: those a declaration states are set on
    /// it after.
    pub fn new(name: String, origin: Origin) -> Self {
        Category {
            name,
            title: None,
            title_en: None,
            born_from: None,
            born_to: None,
            sex: None,
            title_condition: None,
            pool: None,
            within: None,
            age: Vec::new(),
            rules: Vec::new(),
            origin,
        }
    }
}

/// A category condition by an attribute of the roster. A player whose row leaves the attribute
/// blank meets none of them, except a grade bound from above (no grade is below every grade,
/// as no title is below every title).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CategoryRule {
    /// `federation CHN VIE` (any of the codes) or `federation not CHN VIE` (none of them).
    Federation { codes: Vec<String>, not: bool },
    /// `grade >= 7` (段位)
    Grade { op: CompareOp, grade: u32 },
    /// `rating < 2000` (a rating band, 等级分2000分以下); no rating is below every rating.
    Rating { op: CompareOp, rating: u32 },
    /// `school_year 1..6`: school years from..to, both inclusive (年级).
    SchoolYear { from: u32, to: u32 },
    /// `club "..."`
    Club { club: String },
    /// `residence "..."`
    Residence { residence: String },
    /// `players xu lv`: these ids.
    Players { ids: Vec<String> },
    /// `age >= 55 on 2026-06-30`: age in whole years on the stated day.
    AgeOn { op: CompareOp, years: u32, on: Date },
}

impl CategoryRule {
    /// The roster column the condition reads; None for a list of players (the id).
    pub fn column(&self) -> Option<&'static str> {
        match self {
            CategoryRule::Federation { .. } => Some("federation"),
            CategoryRule::Grade { .. } => Some("grade"),
            CategoryRule::Rating { .. } => Some("rating"),
            CategoryRule::SchoolYear { .. } => Some("school_year"),
            CategoryRule::Club { .. } => Some("club"),
            CategoryRule::Residence { .. } => Some("residence"),
            CategoryRule::AgeOn { .. } => Some("born"),
            CategoryRule::Players { .. } => None,
        }
    }
}

/// `age` as written by this version (a list) or by the first (one bound or `null`).
fn age_bounds<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<(CompareOp, u32)>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Ages {
        One((CompareOp, u32)),
        Many(Vec<(CompareOp, u32)>),
    }
    Ok(match Option::<Ages>::deserialize(d)? {
        None => Vec::new(),
        Some(Ages::One(b)) => vec![b],
        Some(Ages::Many(v)) => v,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn category(age: &str) -> Category {
        let json = format!(
            r#"{{"name":"c","title":null,"born_from":null,"born_to":null,"sex":null,
            "title_condition":null,"pool":null,"within":null,"age":{age},
            "origin":{{"default":"test"}}}}"#
        );
        serde_json::from_str(&json).expect("a category")
    }

    #[test]
    fn age_reads_a_list_one_bound_or_null() {
        let both = vec![(CompareOp::Ge, 16), (CompareOp::Le, 40)];
        assert_eq!(category(r#"[["ge",16],["le",40]]"#).age, both);
        assert_eq!(category(r#"["ge",16]"#).age, vec![(CompareOp::Ge, 16)]);
        assert_eq!(category("null").age, Vec::new());
    }
}
