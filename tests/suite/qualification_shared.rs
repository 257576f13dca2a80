//! A qualification quota whose last place falls inside a shared place (a knockout's two
//! semi-final losers share 3rd, `overall 3`): the regulation does not say which of them goes,
//! so the place left is drawn by lot among them, and the transcript says so. A quota that holds
//! the whole shared place (`overall 4`) qualifies both without a lot.

use xqreg::run;
use xqreg_runtime::engine::{Outcome, RecordedResults, RestRule};

const REGULATION: &str = r#"regulation "资格赛" {
}

time rapid "快棋" { base 15min increment 5s flag loses }

entry { field 4 }

stage ko "淘汰赛" {
  knockout {
    seeded 4
    seeding rating
  }
  entrants roster
  time rapid
  places 1..4
  playoff { lots }
}

qualification "决赛" {
  overall 3
}
"#;

const ROSTER: &str = "id,name,rating\np1,一,2600\np2,二,2500\np3,三,2400\np4,四,2300\n";

fn run(text: &str, seed: u64) -> Outcome {
    let compiled = xqreg::compile::compile_bytes("q.xqr", text.as_bytes());
    let plan = compiled.plan.unwrap_or_else(|| {
        panic!("compiles: {:?}", compiled.report.diagnostics);
    });
    let roster = run::csv_input::read_roster("roster.csv", ROSTER.as_bytes()).expect("roster");
    let results = RecordedResults {
        rest: RestRule::Rating,
        ..RecordedResults::default()
    };
    run::run_plan(&plan, &roster, &results, seed).expect("runs")
}

fn ids(o: &Outcome) -> Vec<&str> {
    o.qualifiers.iter().map(|q| q.id.as_str()).collect()
}

#[test]
fn the_last_place_inside_a_shared_place_is_drawn_by_lot() {
    let mut third = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let o = run(REGULATION, seed);
        let got = ids(&o);
        // p1 beats p2 in the final; p3 and p4 lose the semi-finals and share 3rd.
        assert_eq!(got.len(), 3, "seed {seed}: {got:?}");
        assert_eq!(got[..2], ["p1", "p2"], "seed {seed}");
        third.insert(got[2].to_string());
        let said = format!(
            "决赛: place 3 is shared by p3, p4; the 1 qualification place left is drawn by lot: {}",
            got[2]
        );
        let said_other = said.replace("p3, p4", "p4, p3");
        assert!(
            o.transcript
                .iter()
                .any(|e| e.text == said || e.text == said_other),
            "seed {seed}: {:#?}",
            o.transcript
        );
    }
    // A lot, not the first listed: over 16 seeds each of the two goes.
    assert_eq!(third.into_iter().collect::<Vec<_>>(), ["p3", "p4"]);
}

#[test]
fn a_quota_holding_the_whole_shared_place_takes_both_without_a_lot() {
    let o = run(&REGULATION.replace("overall 3", "overall 4"), 1);
    let mut got = ids(&o);
    got.sort();
    assert_eq!(got, ["p1", "p2", "p3", "p4"]);
    assert!(!o.transcript.iter().any(|e| e.text.contains("drawn by lot")));
}

/// The codes `check` gives the regulation with `knockout { ... }`'s clauses and the quota.
fn warnings(knockout: &str, quota: &str) -> Vec<String> {
    let text = REGULATION
        .replace("seeding rating", &format!("seeding rating\n    {knockout}"))
        .replace("overall 3", quota);
    let compiled = xqreg::compile::compile_bytes("q.xqr", text.as_bytes());
    compiled
        .report
        .diagnostics
        .iter()
        .map(|d| d.code.code.to_string())
        .collect()
}

#[test]
fn the_checker_warns_only_of_a_quota_ending_inside_a_shared_place() {
    assert!(warnings("", "overall 3").contains(&"W607".to_string()));
    assert!(!warnings("", "overall 4").contains(&"W607".to_string()));
    assert!(!warnings("", "overall 2").contains(&"W607".to_string()));
    assert!(!warnings("third_place", "overall 3").contains(&"W607".to_string()));
    assert!(!warnings("placement", "overall 3").contains(&"W607".to_string()));
}
