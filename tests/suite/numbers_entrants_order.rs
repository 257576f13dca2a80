//! `numbers entrants_order`: a stage fed by earlier stages' places numbers its entrants in the
//! order its `entrants` clause lists them (`A#1, B#1, B#2, A#2`), in a round robin and a Swiss;
//! a team stage, whose teams are not placed, refuses it (E114).

use crate::common::{check_of, generated_run, written};

/// Two preliminary groups of 4 and a final of their top two, listed A1 B1 B2 A2, in `format`
/// and numbered by `rule`.
fn two_stages(format: &str, rule: &str) -> String {
    format!(
        "regulation \"测试赛\" en \"Test event\" {{\n  dates 2024-05-01 .. 2024-05-05\n  rulebook cxa2011\n}}\nscoring {{ win 2 draw 1 loss 0 }}\ntime standard {{ base 20min increment 20s flag loses }}\nentry {{\n  field 8\n}}\nstage prelim \"预赛\" en \"Preliminaries\" {{\n  round_robin single groups A B\n  draw {{ rest random }}\n  avoid same_unit never\n  time standard\n  tiebreak {{ sonneborn_berger, lots }}\n}}\nstage final \"决赛\" en \"Final\" {{\n  {format}\n  entrants prelim.A#1, prelim.B#1, prelim.B#2, prelim.A#2\n  numbers {rule}\n  avoid same_unit never\n  time standard\n  tiebreak {{ opponents_score, lots }}\n  places 1..4\n}}\n"
    )
}

/// In a run of `regulation` (8 generated players, `seed`): the final's pairing numbers, and its
/// entrants in the listed order (group A's 1st, B's 1st, B's 2nd, A's 2nd).
fn numbers_and_listed(regulation: &str, seed: &str) -> (Vec<String>, Vec<String>) {
    let tmp = tempfile::tempdir().expect("tmp");
    let file = written(tmp.path(), "r.xqr", regulation);
    let run = generated_run(&file, "8", seed);
    let line = run["transcript"]
        .as_array()
        .expect("transcript")
        .iter()
        .find(|e| e["stage"] == "final" && e["kind"] == "numbers")
        .and_then(|e| e["text"].as_str())
        .expect("the final's numbers")
        .to_string();
    let numbered = line
        .trim_start_matches("numbers: ")
        .split(", ")
        .map(|n| n.split_once(' ').expect("number id").1.to_string())
        .collect();
    let prelim = run["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .find(|s| s["name"] == "prelim")
        .expect("prelim");
    let place = |group: usize, place: usize| {
        prelim["groups"][group]["standings"][place]["id"]
            .as_str()
            .expect("id")
            .to_string()
    };
    let listed = vec![place(0, 0), place(1, 0), place(1, 1), place(0, 1)];
    (numbered, listed)
}

/// Numbered in the listed order in a round robin and a Swiss, where `registration_order` (the
/// roster's order) and the default lot number them otherwise in some of the seeds.
#[test]
fn a_final_is_numbered_in_the_order_its_entrants_are_listed() {
    for format in ["round_robin single size 4", "swiss cxa rounds 3"] {
        let regulation = two_stages(format, "entrants_order");
        let (code, report) = check_of(&regulation);
        assert_eq!(code, Some(0), "{report}");
        let mut differs = 0;
        for seed in ["1", "2", "3", "4", "5"] {
            let (numbered, listed) = numbers_and_listed(&regulation, seed);
            assert_eq!(numbered, listed, "{format}, seed {seed}");
            let other = two_stages(format, "registration_order");
            if numbers_and_listed(&other, seed).0 != listed {
                differs += 1;
            }
        }
        assert!(
            differs > 0,
            "{format}: registration order is the listed order in every seed"
        );
    }
}

/// A team stage numbers its teams as registered, by lot or by rating; the places its players
/// came from say nothing of a team's number, so the clause is refused, never dropped.
#[test]
fn a_team_stage_refuses_numbers_by_listed_places() {
    let regulation = "regulation \"团体赛\" en \"Team event\" {\n  dates 2024-05-01 .. 2024-05-05\n  rulebook cxa2011\n}\nscoring { win 2 draw 1 loss 0 }\ntime standard { base 20min increment 20s flag loses }\nentry {\n  field 8\n  team_size 4..6\n}\nstage main \"团体赛\" en \"Teams\" {\n  swiss cxa rounds 5 boards 4\n  numbers entrants_order\n  time standard\n  avoid same_unit never\n  tiebreak { game_points, lots }\n  places 1..8\n}\n";
    let (code, report) = check_of(regulation);
    assert_eq!(code, Some(1), "{report}");
    assert!(report.contains("E114"), "{report}");
    let (code, report) = check_of(&regulation.replace("entrants_order", "registration_order"));
    assert_eq!(code, Some(0), "{report}");
}

/// In a drawn group the entrants keep the stage's order: drawn from the roster, the roster's
/// (p001 before p002), not the order the draw placed them in.
#[test]
fn a_drawn_group_is_numbered_in_the_stages_order() {
    let regulation = two_stages("round_robin single size 4", "lot").replacen(
        "  draw { rest random }\n",
        "  draw { rest random }\n  numbers entrants_order\n",
        1,
    );
    let tmp = tempfile::tempdir().expect("tmp");
    let file = written(tmp.path(), "r.xqr", &regulation);
    for seed in ["1", "2", "3"] {
        let run = generated_run(&file, "8", seed);
        let lines: Vec<&str> = run["transcript"]
            .as_array()
            .expect("transcript")
            .iter()
            .filter(|e| e["stage"] == "prelim" && e["kind"] == "numbers")
            .filter_map(|e| e["text"].as_str())
            .collect();
        assert_eq!(lines.len(), 2, "seed {seed}: {lines:?}");
        for line in lines {
            let ids: Vec<&str> = line
                .split(": ")
                .last()
                .expect("numbers")
                .split(", ")
                .map(|n| n.split_once(' ').expect("number id").1)
                .collect();
            let mut sorted = ids.clone();
            sorted.sort_unstable();
            assert_eq!(ids, sorted, "seed {seed}: {line}");
        }
    }
}
