//! Late entries into a Swiss (`late_entry until round N missed zero|half`): the entrant sits out
//! every round before the entry on the clause's bye, is paired from the entry round on by the
//! stage's own system (Dutch and CXA), and the missed rounds are in the standings and the TRF.

mod common;

use common::*;
use xqreg_runtime::engine::{codes, RecordedEntry};
use xqreg_runtime::plan::*;
use xqreg_runtime::{run, RecordedResults};

fn stage(system: SwissSystem, late: Option<(u32, MissedRound)>) -> Stage {
    let format = StageFormat::Swiss(Swiss {
        late_entry: late.map(|(until_round, missed)| LateEntry {
            until_round,
            missed,
            origin: o("late_entry"),
        }),
        ..swiss(system, 5)
    });
    let criteria = [
        Criterion::OpponentsScore {
            cut: 0,
            bye_score: ByeScore::LowestInField,
        },
        Criterion::Lots,
    ];
    Stage {
        places: Some(PlaceRange::new(1, 12)),
        ..stage_of("main", format, &criteria)
    }
}

fn entry(player: &str, round: u32) -> RecordedResults {
    RecordedResults {
        entries: vec![RecordedEntry {
            player: player.into(),
            stage: "main".into(),
            round,
            origin: o("event enter"),
        }],
        ..RecordedResults::default()
    }
}

/// p12 (the lowest rated) enters before round 3: no game in rounds 1-2, a game in each of
/// rounds 3-5, points = its games' points + 2 missed rounds at `missed`, TRF `H`/`Z` twice.
fn enters_before_round_3(system: SwissSystem, missed: MissedRound) {
    let plan = plan_with(12, vec![stage(system, Some((3, missed)))]);
    let per_round = match missed {
        MissedRound::Half => 1,
        MissedRound::Zero => 0,
    };
    for seed in 1..=4 {
        let out = run(&plan, &players(12), &entry("p12", 3), seed).expect("runs");
        let games = &out.stages[0].games;
        let mine: Vec<_> = games
            .iter()
            .filter(|g| g.red == "p12" || g.black == "p12")
            .collect();
        let rounds: Vec<u32> = mine.iter().map(|g| g.round).collect();
        assert_eq!(
            rounds,
            [3, 4, 5],
            "{system:?} seed {seed}: p12 plays from round 3"
        );
        // Rounds 1-2 have 11 players: one bye each; rounds 3-5 have 12: every player plays.
        for r in 1..=5u32 {
            let boards = games.iter().filter(|g| g.round == r).count();
            assert_eq!(boards, if r < 3 { 5 } else { 6 }, "round {r}");
        }
        let won: i64 = mine
            .iter()
            .map(|g| {
                let red = g.red == "p12";
                match g.result {
                    "1-0" | "+-" if red => 2,
                    "0-1" | "-+" if !red => 2,
                    "=" => 1,
                    _ => 0,
                }
            })
            .sum();
        let row = out.stages[0].groups[0]
            .standings
            .iter()
            .find(|r| r.id == "p12")
            .expect("p12 ranked");
        assert_eq!(
            row.points,
            Some(won + 2 * per_round),
            "{system:?} seed {seed}"
        );
        let trf = out.swiss_trf.get("main").expect("trf");
        let line = trf
            .lines()
            .find(|l| l.starts_with("001") && l.contains("Player 12"))
            .expect("p12's line");
        let code = match missed {
            MissedRound::Half => " H ",
            MissedRound::Zero => " Z ",
        };
        assert_eq!(line.matches(code).count(), 2, "{line}");
        // Numbered after the field that started: 12, whatever its rating.
        assert_eq!(row.number, Some(12));
    }
}

#[test]
fn a_late_entrant_is_paired_from_entry_by_dutch_with_half_point_byes() {
    enters_before_round_3(SwissSystem::Dutch, MissedRound::Half);
}

#[test]
fn a_late_entrant_is_paired_from_entry_by_cxa_with_zero_point_byes() {
    enters_before_round_3(SwissSystem::Cxa, MissedRound::Zero);
    enters_before_round_3(SwissSystem::Cxa, MissedRound::Half);
}

#[test]
fn the_others_are_numbered_and_paired_in_round_1_as_without_the_entrant() {
    // Round 1 of the started field is the round 1 the field had before anyone entered.
    let plan11 = plan_with(
        11,
        vec![stage(SwissSystem::Cxa, Some((3, MissedRound::Zero)))],
    );
    let plan12 = plan_with(
        12,
        vec![stage(SwissSystem::Cxa, Some((3, MissedRound::Zero)))],
    );
    for seed in 1..=3 {
        let before = run(&plan11, &players(11), &RecordedResults::default(), seed).expect("11");
        let after = run(&plan12, &players(12), &entry("p12", 2), seed).expect("12");
        let r1 = |o: &xqreg_runtime::Outcome| -> Vec<(String, String)> {
            o.stages[0]
                .games
                .iter()
                .filter(|g| g.round == 1)
                .map(|g| (g.red.clone(), g.black.clone()))
                .collect()
        };
        assert_eq!(r1(&before), r1(&after), "seed {seed}");
    }
}

#[test]
fn an_entry_the_regulation_does_not_allow_is_refused() {
    let allows = plan_with(
        12,
        vec![stage(SwissSystem::Dutch, Some((3, MissedRound::Zero)))],
    );
    let without = plan_with(12, vec![stage(SwissSystem::Dutch, None)]);
    let code = |plan: &Plan, r: &RecordedResults| match run(plan, &players(12), r, 1) {
        Ok(_) => "ran".to_string(),
        Err(p) => p[0].code.to_string(),
    };
    assert_eq!(code(&allows, &entry("p12", 3)), "ran");
    assert_eq!(
        code(&allows, &entry("p12", 4)),
        codes::LATE_ENTRY_NOT_ALLOWED
    );
    assert_eq!(
        code(&allows, &entry("p12", 1)),
        codes::LATE_ENTRY_NOT_ALLOWED
    );
    assert_eq!(
        code(&without, &entry("p12", 2)),
        codes::LATE_ENTRY_NOT_ALLOWED
    );
    assert_eq!(code(&allows, &entry("nobody", 2)), codes::UNKNOWN_NAME);
}
