//! Every example ships `roster.csv`: a field generated for the regulation (marked invented in the
//! example's README). This test writes them when `XQREG_WRITE_ROSTERS=1` and otherwise checks
//! that each is what the generator gives and that `event new` accepts it.

use xqreg::event::roster_csv::roster_csv;

use crate::common::root;

/// (example dir, regulation file, generator seed)
pub const EXAMPLES: &[(&str, &str)] = &[
    ("000_huaian", "regulation.xqr"),
    ("001_nanning", "regulation.xqr"),
    ("002_sichuan", "professional.xqr"),
    ("003_xiexiaxun", "invitational.xqr"),
    ("004_zhouzhuang", "regulation.xqr"),
    ("005_team_league", "regulation.xqr"),
    ("006_knockout_cup", "regulation.xqr"),
    ("007_swiss_split", "regulation.xqr"),
    ("008_team_qualifier", "regulation.xqr"),
    ("009_world_championship", "regulation.xqr"),
    ("010_city_rapid", "regulation.xqr"),
];

pub fn plan_of(dir: &str, file: &str) -> xqreg_runtime::plan::Plan {
    let rel = format!("examples/{dir}/{file}");
    let bytes = std::fs::read(root().join(&rel)).expect("the example is readable");
    xqreg::compile::compile_bytes(&rel, &bytes)
        .plan
        .expect("the example compiles")
}

#[test]
fn every_example_ships_its_roster() {
    let write = std::env::var("XQREG_WRITE_ROSTERS").is_ok_and(|v| v == "1");
    let mut wrong = Vec::new();
    for (dir, file) in EXAMPLES {
        let plan = plan_of(dir, file);
        let roster = xqreg::run::generated_roster(&plan, None, 1).expect("a field is generated");
        let text = roster_csv(&roster);
        let path = root().join(format!("examples/{dir}/roster.csv"));
        if write {
            std::fs::write(&path, &text).expect("writes the roster");
        }
        let shipped = std::fs::read_to_string(&path).unwrap_or_default();
        let read = xqreg::run::csv_input::read_roster("roster.csv", shipped.as_bytes());
        match read {
            // What the generator gives, byte for byte: the README says the roster is its field
            // (a player read back carries its row, which the generated one has not).
            Ok(r) if shipped == text && r.players.len() == roster.players.len() => {}
            _ => wrong.push(dir.to_string()),
        }
    }
    assert!(
        wrong.is_empty(),
        "examples whose roster.csv is not the generated field (XQREG_WRITE_ROSTERS=1 writes them): {wrong:?}"
    );
}
