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

    pub fn get(&self, id: &str) -> Person {
        self.0.get(id).cloned().unwrap_or_else(|| Person {
            id: id.to_string(),
            name: id.to_string(),
            unit: String::new(),
        })
    }
}
