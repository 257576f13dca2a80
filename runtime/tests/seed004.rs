//! A full run of a hand-built plan shaped like seed 004 (4×8 groups → two 4-player knockouts,
//! places 9-16 shared, prizes 204,000 CNY), for seeds 1..20.

mod common;

use std::collections::BTreeSet;
use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
use xqreg_runtime::{generate_roster, run, validate_roster, Plan, RecordedResults, Roster};

fn roster(plan: &Plan, seed: u64) -> Roster {
    let mut rng = Lots::new(seed, STREAM_ROSTER);
    generate_roster(plan, 32, &mut rng).expect("a roster fits 004")
}

#[test]
fn generated_rosters_fit_the_regulation() {
    let plan = common::seed004();
    for seed in 1..=20 {
        let r = roster(&plan, seed);
        assert_eq!(r.players.len(), 32);
        assert_eq!(validate_roster(&plan, &r), vec![], "seed {seed}");
        let taipei = r
            .players
            .iter()
            .filter(|p| p.pool.as_deref() == Some("taipei"))
            .count();
        assert_eq!(taipei, 8);
    }
}

#[test]
fn seeds_1_to_20_run_place_everyone_once_and_pay_exactly() {
    let plan = common::seed004();
    let mut outputs = BTreeSet::new();
    for seed in 1..=20u64 {
        let r = roster(&plan, 1);
        let out = run(&plan, &r, &RecordedResults::default(), seed).expect("004 runs");
        // Places 1..8 once each, then 8 players sharing 9.
        let places: Vec<u32> = out.final_ranking.iter().map(|x| x.place).collect();
        let mut expected: Vec<u32> = (1..=8).collect();
        expected.extend([9; 8]);
        assert_eq!(places, expected, "seed {seed}");
        assert!(out.final_ranking.iter().all(|x| x.shared == (x.place == 9)));
        let ids: BTreeSet<&str> = out.final_ranking.iter().map(|x| x.id.as_str()).collect();
        assert_eq!(ids.len(), 16, "no one placed twice");
        let total: u64 = out.prizes.iter().map(|p| p.amount).sum();
        assert_eq!(total, 204_000, "seed {seed}");
        assert_eq!(out.prize_totals.get("CNY"), Some(&204_000));
        assert!(out
            .prizes
            .iter()
            .filter(|p| p.place == 9)
            .all(|p| p.amount == 1000));
        // 4 groups × 28 games, 4 + 4 knockout games, plus playoff games.
        assert!(out.games >= 112 + 8, "seed {seed}: {} games", out.games);
        let json = serde_json::to_string(&out).expect("serialises");
        let again = serde_json::to_string(
            &run(&plan, &r, &RecordedResults::default(), seed).expect("runs"),
        )
        .expect("json");
        assert_eq!(json, again, "seed {seed}: same seed, same bytes");
        outputs.insert(json);
    }
    assert_eq!(outputs.len(), 20, "different seeds give different outcomes");
}

#[test]
fn the_group_draw_honours_quotas_seeds_and_units() {
    let plan = common::seed004();
    let r = roster(&plan, 3);
    let out = run(&plan, &r, &RecordedResults::default(), 5).expect("runs");
    let groups = &out.stages[0].groups;
    assert_eq!(groups.len(), 4);
    let mut by_rating: Vec<&xqreg_runtime::Player> = r
        .players
        .iter()
        .filter(|p| p.pool.as_deref() != Some("taipei"))
        .collect();
    by_rating.sort_by_key(|p| (std::cmp::Reverse(p.rating), p.order));
    let top4: Vec<&str> = by_rating.iter().take(4).map(|p| p.id.as_str()).collect();
    for g in groups {
        assert_eq!(g.standings.len(), 8);
        let players: Vec<&xqreg_runtime::Player> = g
            .standings
            .iter()
            .map(|s| r.players.iter().find(|p| p.id == s.id).expect("in roster"))
            .collect();
        assert_eq!(
            players
                .iter()
                .filter(|p| p.pool.as_deref() == Some("taipei"))
                .count(),
            2
        );
        assert_eq!(
            players
                .iter()
                .filter(|p| top4.contains(&p.id.as_str()))
                .count(),
            1
        );
        let units: Vec<&str> = players
            .iter()
            .filter(|p| p.pool.as_deref() != Some("taipei"))
            .filter_map(|p| p.unit.as_deref())
            .collect();
        let distinct: BTreeSet<&str> = units.iter().copied().collect();
        assert_eq!(
            distinct.len(),
            units.len(),
            "same unit twice in group {:?}",
            g.name
        );
    }
    assert!(out.transcript.iter().any(|t| t.text.contains("→ group")));
}

#[test]
fn a_plan_read_back_from_json_runs_the_same() {
    let plan = common::seed004();
    let text = serde_json::to_string_pretty(&plan).expect("plan serialises");
    let back: Plan = serde_json::from_str(&text).expect("plan reads back");
    assert_eq!(back, plan);
    let r = roster(&plan, 2);
    let a = serde_json::to_string(&run(&plan, &r, &RecordedResults::default(), 9).expect("runs"))
        .expect("json");
    let b = serde_json::to_string(&run(&back, &r, &RecordedResults::default(), 9).expect("runs"))
        .expect("json");
    assert_eq!(a, b);
}
