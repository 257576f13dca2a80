//! No plan makes the runtime panic or run away: the seed-004 plan with numbers and names
//! replaced at random (edge values), run on a fixed roster. Each run ends with an outcome or
//! problems.

mod common;

use serde_json::Value;
use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
use xqreg_runtime::{generate_roster, run, Plan, RecordedResults};

fn leaves(v: &Value, path: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                path.push(k.clone());
                leaves(x, path, out);
                path.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                path.push(i.to_string());
                leaves(x, path, out);
                path.pop();
            }
        }
        Value::Number(_) | Value::String(_) | Value::Bool(_) => out.push(path.clone()),
        Value::Null => {}
    }
}

fn at<'v>(v: &'v mut Value, path: &[String]) -> Option<&'v mut Value> {
    let mut cur = v;
    for k in path {
        cur = match cur {
            Value::Object(m) => m.get_mut(k)?,
            Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?)?,
            _ => return None,
        };
    }
    Some(cur)
}

fn mutate_and_run(plan: &Plan, tries: u32, seed: u64) {
    let size = plan.entry.field.simulated_size().unwrap_or(16);
    let mut rng = Lots::new(1, STREAM_ROSTER);
    let roster = generate_roster(plan, size, &mut rng).expect("roster");
    let base = serde_json::to_value(plan).expect("json");
    let mut paths = Vec::new();
    leaves(&base, &mut Vec::new(), &mut paths);
    let edge = [
        Value::from(0),
        Value::from(1),
        Value::from(3),
        Value::from(u32::MAX),
        Value::from(-1),
        Value::from(i64::MAX),
        Value::from("zzz"),
        Value::from("A"),
        Value::from(true),
    ];
    let mut lots = Lots::new(seed, 9);
    let (mut ran, mut refused) = (0, 0);
    for _ in 0..tries {
        let mut v = base.clone();
        for _ in 0..1 + lots.below(3) {
            let path = &paths[lots.index(paths.len())];
            if let Some(slot) = at(&mut v, path) {
                *slot = edge[lots.index(edge.len())].clone();
            }
        }
        let Ok(mutated) = serde_json::from_value::<Plan>(v) else {
            continue;
        };
        match run(&mutated, &roster, &RecordedResults::default(), 7) {
            Ok(_) => ran += 1,
            Err(problems) => {
                assert!(!problems.is_empty());
                assert!(problems.iter().all(|p| p.code.starts_with('R')));
                refused += 1;
            }
        }
    }
    assert!(ran + refused > 0, "no mutation deserialised");
}

#[test]
fn mutated_plans_end_in_an_outcome_or_problems() {
    let seed: u64 = std::env::var("XQREG_MUTATION_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(42);
    mutate_and_run(&common::seed004(), 300, seed);
    for text in [
        include_str!("data/plans/003_invitational.json"),
        include_str!("data/plans/005_team_league.json"),
        include_str!("data/plans/006_knockout_cup.json"),
        include_str!("data/plans/000_huaian.json"),
    ] {
        let plan: Plan = serde_json::from_str(text).expect("plan");
        mutate_and_run(&plan, 300, seed);
    }
}
