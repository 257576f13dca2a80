//! Issue 3's first "done when" (and issue 9's for its new examples): example regulations
//! simulated on the roster generated for their declared field, seeds 1..20, through the
//! library path `xqreg simulate --format json` takes. Each run completes; every place the regulation decides appears exactly once (a shared
//! range once per player, at its first place, marked shared); the prizes add up to the table;
//! the same seed gives byte-identical JSON; different seeds give different events.

use std::collections::{BTreeMap, BTreeSet};

use xqreg::run;
use xqreg_runtime::engine::Outcome;
use xqreg_runtime::plan::{PlacesRule, Plan};

use crate::common::root;

/// (example, currency, what the prize tables pay). The totals are the regulations' own tables
/// (issues 3 and 9).
const CASES: &[(&str, &str, u64)] = &[
    ("examples/000_huaian/regulation.xqr", "CNY", 287_000),
    ("examples/004_zhouzhuang/regulation.xqr", "CNY", 204_000),
    ("examples/003_xiexiaxun/invitational.xqr", "CNY", 114_000),
    ("examples/002_sichuan/professional.xqr", "CNY", 18_000),
    ("examples/008_team_qualifier/regulation.xqr", "CNY", 75_000),
    (
        "examples/009_world_championship/regulation.xqr",
        "USD",
        42_000,
    ),
    ("examples/010_city_rapid/regulation.xqr", "CNY", 18_500),
];

const SEEDS: std::ops::RangeInclusive<u64> = 1..=20;

fn plan_of(rel: &str) -> Plan {
    let bytes = std::fs::read(root().join(rel)).expect("the example is readable");
    xqreg::compile::compile_bytes(rel, &bytes)
        .plan
        .expect("the example compiles to a plan")
}

/// What `xqreg simulate FILE --seed S --format json` does without --roster or --players.
fn simulate(plan: &Plan, seed: u64) -> Result<(Outcome, String), String> {
    let roster = run::generated_roster(plan, None, seed).map_err(|p| format!("{p:?}"))?;
    let outcome =
        run::run_plan(plan, &roster, &Default::default(), seed).map_err(|p| format!("{p:?}"))?;
    let json = serde_json::to_string_pretty(&outcome).map_err(|e| e.to_string())? + "\n";
    Ok((outcome, json))
}

/// Places the regulation decides: each stage's `places`, each `places` declaration (shared or
/// ranked); a regulation that names none ranks its whole field (`field`).
fn decided(plan: &Plan, field: u32) -> (BTreeSet<u32>, Vec<(u32, u32)>) {
    let mut single = BTreeSet::new();
    let mut shared = Vec::new();
    for s in &plan.stages {
        if let Some(r) = s.places {
            single.extend(r.from..=r.to);
        }
    }
    for d in &plan.places {
        match d.rule {
            PlacesRule::Shared => shared.push((d.places.from, d.places.len())),
            PlacesRule::Ranked { .. } => single.extend(d.places.from..=d.places.to),
        }
    }
    if single.is_empty() && shared.is_empty() {
        single.extend(1..=field);
    }
    (single, shared)
}

fn check_places(plan: &Plan, o: &Outcome, field: u32) -> Result<(), String> {
    if o.final_ranking.iter().any(|r| r.section.is_some()) {
        return check_section_places(o);
    }
    let (single, shared) = decided(plan, field);
    let mut rows: BTreeMap<u32, Vec<bool>> = BTreeMap::new();
    for r in &o.final_ranking {
        rows.entry(r.place).or_default().push(r.shared);
    }
    for &p in &single {
        if rows.get(&p).map(Vec::as_slice) != Some(&[false][..]) {
            return Err(format!("place {p}: rows {:?}", rows.get(&p)));
        }
    }
    for &(from, len) in &shared {
        let want = vec![true; len as usize];
        if rows.get(&from) != Some(&want) {
            return Err(format!(
                "shared places from {from}: rows {:?}, {len} shared wanted",
                rows.get(&from)
            ));
        }
    }
    let expected: BTreeSet<u32> = single
        .iter()
        .copied()
        .chain(shared.iter().map(|s| s.0))
        .collect();
    let got: BTreeSet<u32> = rows.keys().copied().collect();
    if got != expected {
        return Err(format!("places {got:?}, regulation decides {expected:?}"));
    }
    ranked_once(o)
}

fn ranked_once(o: &Outcome) -> Result<(), String> {
    let ids: BTreeSet<&str> = o.final_ranking.iter().map(|r| r.id.as_str()).collect();
    if ids.len() != o.final_ranking.len() {
        return Err("a player is ranked twice".to_string());
    }
    Ok(())
}

/// An event of several sections (a city open's groups) ranks each section on its own: within
/// each, places 1 to its size, each once, every row naming its section.
fn check_section_places(o: &Outcome) -> Result<(), String> {
    let mut by_section: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
    for r in &o.final_ranking {
        let Some(section) = r.section.as_deref() else {
            return Err(format!("place {} of {} names no section", r.place, r.id));
        };
        if r.shared {
            return Err(format!("section {section}: place {} shared", r.place));
        }
        by_section.entry(section).or_default().push(r.place);
    }
    for (section, mut places) in by_section {
        places.sort_unstable();
        let want: Vec<u32> = (1..=places.len() as u32).collect();
        if places != want {
            return Err(format!("section {section}: places {places:?}"));
        }
    }
    ranked_once(o)
}

#[test]
fn the_examples_simulate_seeds_1_to_20() {
    let mut failures = Vec::new();
    for &(rel, currency, total) in CASES {
        let plan = plan_of(rel);
        let field = plan
            .entry
            .field
            .simulated_size()
            .expect("each of these examples declares its field");
        let mut events: BTreeMap<String, u64> = BTreeMap::new();
        for seed in SEEDS {
            let (outcome, json) = match simulate(&plan, seed) {
                Ok(x) => x,
                Err(e) => {
                    failures.push(format!("{rel} seed {seed}: stopped: {e}"));
                    continue;
                }
            };
            if let Err(e) = check_places(&plan, &outcome, field) {
                failures.push(format!("{rel} seed {seed}: {e}"));
            }
            let paid: u64 = outcome.prizes.iter().map(|p| p.amount).sum();
            let want: BTreeMap<String, u64> = [(currency.to_string(), total)].into();
            if outcome.prize_totals != want || paid != total {
                failures.push(format!(
                    "{rel} seed {seed}: paid {paid}, totals {:?}, {total} {currency} wanted",
                    outcome.prize_totals
                ));
            }
            match simulate(&plan, seed) {
                Ok((_, again)) if again == json => {}
                _ => failures.push(format!("{rel} seed {seed}: a second run differs")),
            }
            // The seed itself is in the JSON: compare what the event did instead.
            let event = serde_json::to_string(&(
                &outcome.final_ranking,
                &outcome.transcript,
                &outcome.stages,
            ))
            .expect("an outcome serialises");
            if let Some(other) = events.insert(event, seed) {
                failures.push(format!(
                    "{rel}: seeds {other} and {seed} give the same event"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
