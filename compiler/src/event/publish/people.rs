//! The players as the site names them: id, name and unit, looked up by id (an id the roster
//! does not know, such as a late entry's, stands for itself). A team the regulation declares
//! (`team gusu "姑苏棋友俱乐部" en "Gusu"`) is named, as a unit or as a competitor of a team
//! stage, by its name in the page's language, whether the roster wrote its id or its name.

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::Roster;
use xqreg_runtime::plan::{DeclaredTeam, Entry};

use super::text::Tr;

#[derive(Clone, Debug, Serialize)]
pub struct Person {
    pub id: String,
    pub name: String,
    pub unit: String,
}

pub struct People {
    players: BTreeMap<String, Person>,
    /// Per player id: the team the unit stands for (a declared team's id, else the unit as
    /// written), so that a team's players are found however the roster named it.
    team_of: BTreeMap<String, String>,
    teams: Teams,
}

/// The declared teams by id and by name: (id, name in the page's language).
#[derive(Default)]
pub struct Teams(BTreeMap<String, (String, String)>);

impl Teams {
    pub fn new(entry: &Entry, l: Tr) -> Teams {
        let shown = |t: &DeclaredTeam| match l {
            Tr::En => t.name_en.clone().unwrap_or_else(|| t.name.clone()),
            Tr::Zh => t.name.clone(),
        };
        Teams(
            entry
                .teams
                .iter()
                .flat_map(|t| {
                    let named = (t.id.clone(), shown(t));
                    [(t.id.clone(), named.clone()), (t.name.clone(), named)]
                })
                .collect(),
        )
    }

    /// A declared team's (id, name in the page's language), when `named` is one (by id or name).
    fn get(&self, named: &str) -> Option<&(String, String)> {
        self.0.get(named)
    }

    /// A declared team's name in the page's language, when `named` is one (by id or name).
    pub fn name(&self, named: &str) -> Option<&str> {
        self.get(named).map(|(_, name)| name.as_str())
    }

    /// A team match's label (`昆山队 v 吴中象棋俱乐部`, as the engine gives it) with each declared
    /// team in the page's language, the two joined as the rule sheet joins them in `l`
    /// (`昆山队对吴中象棋俱乐部`; in English `… v …`); any other label as it is.
    pub fn match_label(&self, label: &str, l: Tr) -> String {
        match label.split_once(" v ") {
            Some((a, b)) => {
                let side = |x: &'_ str| self.name(x).unwrap_or(x).to_string();
                match l {
                    Tr::Zh => format!("{}对{}", side(a), side(b)),
                    Tr::En => format!("{} v {}", side(a), side(b)),
                }
            }
            None => label.to_string(),
        }
    }
}

impl People {
    pub fn new(roster: &Roster, entry: &Entry, l: Tr) -> People {
        let mut people = People {
            players: BTreeMap::new(),
            team_of: BTreeMap::new(),
            teams: Teams::new(entry, l),
        };
        for p in &roster.players {
            let unit = p.unit.clone().unwrap_or_default();
            let (team, unit) = match people.teams.get(&unit) {
                Some((id, name)) => (id.clone(), name.clone()),
                None => (unit.clone(), unit),
            };
            people.team_of.insert(p.id.clone(), team);
            let who = Person {
                id: p.id.clone(),
                name: p.name.clone(),
                unit,
            };
            people.players.insert(p.id.clone(), who);
        }
        people
    }

    /// The players whose unit is `team` (a team's players: its declared id or name, or the
    /// unit as the roster writes it).
    pub fn of_unit<'a>(&'a self, team: &'a str) -> impl Iterator<Item = &'a Person> {
        let team = self.teams.get(team).map_or(team, |(id, _)| id.as_str());
        self.players
            .values()
            .filter(move |p| self.team_of.get(&p.id).is_some_and(|t| t == team))
    }

    /// The team player `id` plays for: its declared id, else its unit as the roster writes it.
    pub fn team_of(&self, id: &str) -> Option<&str> {
        self.team_of.get(id).map(String::as_str)
    }

    /// The declared teams, named in the page's language.
    pub fn teams(&self) -> &Teams {
        &self.teams
    }

    pub fn get(&self, id: &str) -> Person {
        if let Some(p) = self.players.get(id) {
            return p.clone();
        }
        let (id, name) = self
            .teams
            .get(id)
            .cloned()
            .unwrap_or_else(|| (id.to_string(), id.to_string()));
        Person {
            id,
            name,
            unit: String::new(),
        }
    }
}
