//! The players as the site names them: id, name and unit, looked up by id (an id the roster
//! does not know, such as a late entry's, stands for itself).

use std::collections::BTreeMap;

use serde::Serialize;
use xqreg_runtime::engine::Roster;

#[derive(Clone, Debug, Serialize)]
pub struct Person {
    pub id: String,
    pub name: String,
    pub unit: String,
}

pub struct People(BTreeMap<String, Person>);

impl People {
    pub fn new(roster: &Roster) -> People {
        People(
            roster
                .players
                .iter()
                .map(|p| {
                    let who = Person {
                        id: p.id.clone(),
                        name: p.name.clone(),
                        unit: p.unit.clone().unwrap_or_default(),
                    };
                    (p.id.clone(), who)
                })
                .collect(),
        )
    }

    /// The players whose unit is `unit` (a team's players).
    pub fn of_unit<'a>(&'a self, unit: &'a str) -> impl Iterator<Item = &'a Person> {
        self.0.values().filter(move |p| p.unit == unit)
    }

    pub fn get(&self, id: &str) -> Person {
        self.0.get(id).cloned().unwrap_or_else(|| Person {
            id: id.to_string(),
            name: id.to_string(),
            unit: String::new(),
        })
    }
}
