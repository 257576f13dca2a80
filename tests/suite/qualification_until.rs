//! `qualification { overall 2  replacement next_in_line until 3 }` (递补至第3名为止): places a
//! qualifier declines pass down the final ranking, but no lower than place 3; with the two best
//! declining, the third qualifies and the second place stays empty (the transcript says why).
//! Without `until` the fourth would qualify too.

use xqreg::run;
use xqreg_runtime::engine::{Outcome, RecordedResults, RestRule};

const REGULATION: &str = r#"regulation "资格赛" {
}

scoring { win 2 draw 1 loss 0 }
time standard { base 40min increment 10s flag loses }

entry { field 6 }

stage main {
  round_robin single
  entrants roster
  time standard
  tiebreak wins, lots
  places 1..6
}

qualification "决赛" {
  overall 2
  replacement next_in_line until 3
}
"#;

const ROSTER: &str =
    "id,name,rating\np1,一,2600\np2,二,2500\np3,三,2400\np4,四,2300\np5,五,2200\np6,六,2100\n";

fn qualifiers(text: &str) -> (Vec<String>, Outcome) {
    let compiled = xqreg::compile::compile_bytes("q.xqr", text.as_bytes());
    let plan = compiled.plan.unwrap_or_else(|| {
        panic!("compiles: {:?}", compiled.report.diagnostics);
    });
    let roster = run::csv_input::read_roster("roster.csv", ROSTER.as_bytes()).expect("roster");
    let results = RecordedResults {
        declined: vec!["p1".to_string(), "p2".to_string()],
        rest: RestRule::Rating,
        ..RecordedResults::default()
    };
    let o = run::run_plan(&plan, &roster, &results, 1).expect("runs");
    (o.qualifiers.iter().map(|q| q.id.clone()).collect(), o)
}

#[test]
fn no_replacement_comes_from_below_the_bound() {
    let (ids, o) = qualifiers(REGULATION);
    assert_eq!(ids, ["p3"]);
    assert!(
        o.transcript.iter().any(|e| e.text
            == "决赛: no replacement below place 3 (`replacement next_in_line until 3`); 1 place not filled"),
        "{:#?}",
        o.transcript
    );
    let (ids, _) = qualifiers(&REGULATION.replace(" until 3", ""));
    assert_eq!(ids, ["p3", "p4"]);
}
