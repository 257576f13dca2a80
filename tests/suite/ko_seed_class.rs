//! Seeded knockout places reserved for a class (issue 9 item 7: 七段以上棋手为种子，其余抽签):
//! `knockout { seeded 8  seeding rating  seeds 2 category high }`. The members of `high` take
//! seed numbers 1 and 2 in rating order, whatever their ratings, so they sit in opposite halves
//! (1 v 8 on the first board, 2 v 7 on the third); the other six are drawn by lot into numbers
//! 3 to 8. Ignoring the clause would seed the two low-rated members 7 and 8, against the two
//! best rated.

use crate::common::{check_of, simulated_json};

const REGULATION: &str = include_str!("regulations/ko_seed_class.xqr");

/// h1 and h2 hold grades 7 and 8 and the two lowest ratings.
const ROSTER: &str = "id,name,sex,rating,grade
a1,甲,men,2500,
a2,乙,men,2400,
a3,丙,men,2300,
a4,丁,men,2200,
a5,戊,men,2100,
a6,己,men,2000,
h1,高一,men,1500,7
h2,高二,men,1600,8
";

/// Round 1 of `simulate --seed seed`: (board, red, black).
fn first_round(seed: &str) -> Vec<(u64, String, String)> {
    let v = simulated_json(REGULATION, ROSTER, &["--seed", seed], "simulate");
    v["stages"][0]["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter(|g| g["round"] == 1)
        .map(|g| {
            let id = |side: &str| g[side].as_str().unwrap_or_default().to_string();
            (g["board"].as_u64().unwrap_or(0), id("red"), id("black"))
        })
        .collect()
}

fn board_of(games: &[(u64, String, String)], id: &str) -> (u64, String) {
    games
        .iter()
        .find_map(|(b, r, k)| match (r == id, k == id) {
            (true, _) => Some((*b, k.clone())),
            (_, true) => Some((*b, r.clone())),
            _ => None,
        })
        .expect("plays round 1")
}

#[test]
fn the_reserved_seed_places_go_to_the_class_and_the_rest_are_drawn() {
    let mut opponents = std::collections::BTreeSet::new();
    for seed in ["1", "2", "3", "4", "5", "6"] {
        let games = first_round(seed);
        assert_eq!(games.len(), 4, "{games:?}");
        // Seed 1 (h2, the better rated member) on board 1 against number 8, seed 2 (h1) on
        // board 3 against number 7: the two halves.
        let (b2, o2) = board_of(&games, "h2");
        let (b1, o1) = board_of(&games, "h1");
        assert_eq!((b2, b1), (1, 3), "seed {seed}: {games:?}");
        assert!(o1.starts_with('a') && o2.starts_with('a'), "{games:?}");
        opponents.insert(o2);
    }
    // Numbers 3 to 8 are drawn by lot, not by rating: seed 1's opponent changes with the seed.
    assert!(opponents.len() > 1, "{opponents:?}");
}

#[test]
fn the_check_refuses_more_reserved_places_than_the_bracket_and_an_unknown_category() {
    for (text, code) in [
        ("seeds 16 category high", "E230"),
        ("seeds 0 category high", "E230"),
        ("seeds 2 category higher", "E106"),
    ] {
        let (status, err) = check_of(&REGULATION.replace("seeds 2 category high", text));
        assert_eq!(status, Some(1), "{text}: {err}");
        assert!(err.contains(code), "{text}: {err}");
    }
}
