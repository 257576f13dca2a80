//! Byes of a seeded knockout by lot (轮空抽签决定): `knockout { seeded 8  seeding rating  byes lot }`
//! with six entrants. The lot draws, by the run's seed, which first-round pairs hold the two byes:
//! with some seeds a player who is not a top seed has one, the same seed draws the same byes, and
//! the transcript names them at the clause. `byes top_seeds`, or no clause, gives them to a1 and
//! a2 (seeds 1 and 2 by rating) whatever the seed; ignoring `byes lot` would too. A bracket written
//! as pairs places its own byes: a `byes` rule there is refused (E232).

use std::collections::BTreeSet;

use crate::common::{check_exits, check_of, simulated_json};

const REGULATION: &str = include_str!("regulations/ko_byes.xqr");

/// Ratings falling from a1 to a6: seeds 1 to 6.
const ROSTER: &str = "id,name,sex,rating
a1,甲,men,2500
a2,乙,men,2400
a3,丙,men,2300
a4,丁,men,2200
a5,戊,men,2100
a6,己,men,2000
";

/// Who plays nobody in round 1 of `simulate --seed seed`, how many games round 1 has, and the
/// transcript lines at the `byes` clause (line 16 of the regulation).
fn byes(regulation: &str, seed: &str) -> (BTreeSet<String>, usize, Vec<String>) {
    let v = simulated_json(regulation, ROSTER, &["--seed", seed], "simulate");
    let games: Vec<&serde_json::Value> = v["stages"][0]["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["round"] == 1)
        .collect();
    let playing: BTreeSet<&str> = games
        .iter()
        .flat_map(|g| [g["red"].as_str(), g["black"].as_str()])
        .flatten()
        .collect();
    let byes = (1..=6)
        .map(|i| format!("a{i}"))
        .filter(|p| !playing.contains(p.as_str()))
        .collect();
    let cited = v["transcript"]
        .as_array()
        .expect("transcript")
        .iter()
        .filter(|e| e["origin"]["clause"]["line"] == 16)
        .filter_map(|e| e["text"].as_str().map(str::to_string))
        .collect();
    (byes, games.len(), cited)
}

#[test]
fn byes_by_lot_follow_the_seed_and_the_top_seeds_keep_them_otherwise() {
    let top: BTreeSet<String> = ["a1".to_string(), "a2".to_string()].into();
    let written = "    byes lot\n";
    assert!(REGULATION.contains(written));
    let top_seeds = REGULATION.replace(written, "    byes top_seeds\n");
    let without = REGULATION.replace(written, "\n");
    let mut drawn = BTreeSet::new();
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let (lot, games, cited) = byes(REGULATION, seed);
        // Two byes, never two in one pair: four players in two games.
        assert_eq!((lot.len(), games), (2, 2), "seed {seed}: {lot:?}");
        assert_eq!(
            byes(REGULATION, seed).0,
            lot,
            "seed {seed} draws the same byes"
        );
        assert!(
            cited.len() == 1 && lot.iter().all(|p| cited[0].contains(p.as_str())),
            "seed {seed}: the transcript names {lot:?} at the clause: {cited:?}"
        );
        drawn.insert(lot);
        for other in [&top_seeds, &without] {
            assert_eq!(byes(other, seed).0, top, "seed {seed}: the top seeds' byes");
        }
    }
    // Seed 1 draws a1 and a4: a4 is seed 4, not a top seed.
    assert!(
        drawn.contains(&BTreeSet::from(["a1".to_string(), "a4".to_string()])),
        "{drawn:?}"
    );
    assert!(drawn.len() > 1, "drawn, not fixed: {drawn:?}");
}

/// `byes top_seeds` states the default: the plan is the one without the clause (its JSON reads as
/// before); `byes lot` is carried with its clause.
#[test]
fn the_plan_carries_byes_lot_and_leaves_the_default_out() {
    let plan = |text: &str| {
        let out = xqreg::compile::compile_bytes("ko_byes.xqr", text.as_bytes());
        serde_json::to_string(&out.plan.expect("checks clean")).expect("JSON")
    };
    let clause = "    byes lot\n";
    let lot = plan(REGULATION);
    // The clause blanked to its length, so that every other origin stays put.
    let without = plan(&REGULATION.replace(clause, &format!("{}\n", " ".repeat(clause.len() - 1))));
    assert!(lot.contains(r#""byes":{"lot":{"origin""#), "{lot}");
    assert_ne!(lot, without);
    let top_seeds = "    byes top_seeds\n";
    let with_top = REGULATION.replace(clause, top_seeds);
    let blanked = REGULATION.replace(clause, &format!("{}\n", " ".repeat(top_seeds.len() - 1)));
    assert_eq!(plan(&with_top), plan(&blanked));
    assert!(!plan(&with_top).contains(r#""byes""#));
}

#[test]
fn byes_lot_is_executed_and_a_bracket_written_as_pairs_refuses_a_rule_for_byes() {
    let text = check_exits(REGULATION, 0);
    assert!(!text.contains("N101"), "`byes` is executed: {text}");
    let pairs = REGULATION
        .replace("    seeded 8\n", "    bracket (a1 v bye) (a2 v a3) (a4 v bye) (a5 v a6)\n")
        .replace("  field 6\n", "  field 6\n  player a1 \"甲\"\n  player a2 \"乙\"\n  player a3 \"丙\"\n  player a4 \"丁\"\n  player a5 \"戊\"\n  player a6 \"己\"\n");
    for rule in ["lot", "top_seeds"] {
        let text_in = pairs.replace("    byes lot\n", &format!("    byes {rule}\n"));
        let (status, text) = check_of(&text_in);
        assert_eq!(status, Some(1), "byes {rule}: {text}");
        assert!(text.contains("E232"), "byes {rule}: {text}");
    }
    let (status, text) = check_of(&pairs.replace("    byes lot\n", "\n"));
    assert_eq!(status, Some(0), "the pairs alone check clean: {text}");
}
