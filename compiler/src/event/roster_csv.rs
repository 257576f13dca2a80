//! A roster written as the roster CSV `event new` and `simulate --roster` read (the examples'
//! `roster.csv` files are generated fields written this way).

use xqreg_runtime::engine::Roster;

/// The snake_case name serde gives a unit enum value (`national_master`, `women`).
fn name_of<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|j| j.as_str().map(str::to_string))
        .unwrap_or_default()
}

pub fn roster_csv(roster: &Roster) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    // The reader's own columns, in its order: what is written here reads back unchanged.
    let head = crate::run::csv_header::ROSTER_COLUMNS;
    let _ = w.write_record(head);
    for p in &roster.players {
        let _ = w.write_record([
            p.id.clone(),
            p.name.clone(),
            p.unit.clone().unwrap_or_default(),
            p.federation.clone().unwrap_or_default(),
            p.sex.as_ref().map(name_of).unwrap_or_default(),
            p.born.map(|d| d.to_string()).unwrap_or_default(),
            p.title.as_ref().map(name_of).unwrap_or_default(),
            p.rating.map(|r| r.to_string()).unwrap_or_default(),
            p.pool.clone().unwrap_or_default(),
            p.order.map(|o| o.to_string()).unwrap_or_default(),
        ]);
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}
