//! A roster written as the roster CSV `event new` and `simulate --roster` read (the examples'
//! `roster.csv` files are generated fields written this way).

use xqreg_runtime::engine::{Player, Roster};

/// The snake_case name serde gives a unit enum value (`national_master`, `women`).
fn name_of<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The cell of column `col` of the reader's columns.
fn cell(p: &Player, col: &str) -> String {
    let num = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let text = |t: &Option<String>| t.clone().unwrap_or_default();
    match col {
        "id" => p.id.clone(),
        "name" => p.name.clone(),
        "unit" => text(&p.unit),
        "federation" => text(&p.federation),
        "sex" => p.sex.as_ref().map(name_of).unwrap_or_default(),
        "born" => p.born.map(|d| d.to_string()).unwrap_or_default(),
        "title" => p.title.as_ref().map(name_of).unwrap_or_default(),
        "rating" => num(p.rating),
        "pool" => {
            let all: Vec<&str> = p
                .pool
                .iter()
                .chain(&p.also_pools)
                .map(String::as_str)
                .collect();
            all.join(";")
        }
        "order" => num(p.order),
        "grade" => num(p.grade),
        "school_year" => num(p.school_year),
        "club" => text(&p.club),
        "residence" => text(&p.residence),
        "qualified" => num(p.qualified),
        _ => String::new(),
    }
}

/// The columns after `order` (grade, school year, club, residence, qualifying place) are written only when some
/// player has a value in them, so that a roster without them reads as it always did.
pub fn roster_csv(roster: &Roster) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // The reader's own columns, in its order: what is written here reads back unchanged.
    let all = crate::run::csv_header::ROSTER_COLUMNS;
    let always = all
        .iter()
        .position(|c| *c == "order")
        .map_or(all.len(), |i| i + 1);
    let head: Vec<&str> = all
        .iter()
        .enumerate()
        .filter(|(i, c)| *i < always || roster.players.iter().any(|p| !cell(p, c).is_empty()))
        .map(|(_, c)| *c)
        .collect();
    let _ = w.write_record(&head);
    for p in &roster.players {
        let _ = w.write_record(head.iter().map(|c| cell(p, c)));
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}
