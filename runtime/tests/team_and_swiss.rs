//! A team double round robin (boards, colours by board, game points into match points) and a
//! Swiss stage run through the FIDE Dutch engine behind the pairing interface.

mod common;

use common::*;
use std::collections::BTreeSet;
use xqreg_runtime::plan::*;
use xqreg_runtime::{run, RecordedResults};

#[test]
fn team_double_round_robin_colours_by_board_and_match_points() {
    let stage = team_stage(
        StageFormat::TeamRoundRobin(TeamRoundRobin {
            cycles: Cycles::Double,
            boards: 4,
            groups: Vec::new(),
            numbers: NumberOrder::RegistrationOrder,
            swap_last_two: true,
            lineup: None,
            origin: o("team_round_robin"),
        }),
        4,
    );
    // A team event's field counts teams: four teams of four.
    let plan = plan_with(4, vec![stage]);
    let roster = teams_of_four(16);
    let out = run(&plan, &roster, &RecordedResults::default(), 2).expect("runs");
    // 4 teams, double: 6 rounds × 2 matches × 4 boards.
    assert_eq!(out.games, 48);
    let games = &out.stages[0].games;
    for g in games {
        let team = |id: &str| team_of(&roster, id);
        let label = g.team_match.as_deref().expect("match label");
        let first = label.split(" v ").next().expect("first team");
        let board_in_match = (g.board - 1) % 4 + 1;
        let red_team = team(&g.red);
        assert_eq!(
            red_team == first,
            board_in_match % 2 == 1,
            "{label} board {board_in_match}: {}",
            g.red
        );
    }
    let standings = &out.stages[0].groups[0].standings;
    let mp: i64 = standings
        .iter()
        .map(|s| s.points.expect("match points"))
        .sum();
    assert_eq!(mp, 12 * 2, "every match gives 2 match points in all");
    let teams: BTreeSet<&str> = out.final_ranking.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(teams, ["T1", "T2", "T3", "T4"].into_iter().collect());
    // Game points are ranked after match points and add up to 48 games × 2.
    let gp: f64 = standings
        .iter()
        .map(|s| s.tiebreaks[0].value.as_f64())
        .sum();
    assert_eq!(gp, 96.0);
}

#[test]
fn a_dutch_swiss_stage_runs_without_repeats() {
    let criteria = [
        Criterion::OpponentsScore {
            cut: 0,
            bye_score: ByeScore::LowestInField,
        },
        Criterion::Wins {
            count: WinsCount::Played,
        },
        Criterion::Countback {
            variant: CountbackVariant::Cumulative,
            bye_score: None,
        },
        Criterion::Lots,
    ];
    let format = StageFormat::Swiss(swiss(SwissSystem::Dutch, 5));
    let stage = Stage {
        places: Some(PlaceRange::new(1, 11)),
        ..stage_of("swiss", format, &criteria)
    };
    let plan = plan_with(11, vec![stage]);
    for seed in 1..=5 {
        let out = run(&plan, &players(11), &RecordedResults::default(), seed).expect("runs");
        assert_eq!(out.final_ranking.len(), 11);
        // No two players meet twice over the board (a forfeited game does not count as met,
        // FIDE C.04.2 D).
        let mut met = BTreeSet::new();
        for g in out.stages[0]
            .games
            .iter()
            .filter(|g| !["+-", "-+", "--"].contains(&g.result))
        {
            let pair = if g.red < g.black {
                (g.red.clone(), g.black.clone())
            } else {
                (g.black.clone(), g.red.clone())
            };
            assert!(met.insert(pair.clone()), "seed {seed}: {pair:?} met twice");
        }
        // 5 rounds × 5 boards (one bye a round).
        assert_eq!(out.games, 25);
        let byes = out
            .transcript
            .iter()
            .filter(|t| t.text.contains("has the bye"))
            .count();
        assert_eq!(byes, 5);
    }
}

/// A team Swiss: 6 teams of 4 boards over 3 CXA rounds. Every match is four boards with the
/// first-listed team Red on odd boards; no two teams meet twice; teams rank by match points.
#[test]
fn a_team_swiss_pairs_teams_without_repeats_and_ranks_by_match_points() {
    let stage = team_stage(
        StageFormat::Swiss(Swiss {
            boards: Some(4),
            ..swiss(SwissSystem::Cxa, 3)
        }),
        6,
    );
    let plan = plan_with(6, vec![stage]);
    let roster = teams_of_four(24);
    for seed in 1..=4 {
        let out = run(&plan, &roster, &RecordedResults::default(), seed).expect("runs");
        assert_eq!(out.stages[0].kind, "team_swiss");
        // 3 rounds × 3 matches × 4 boards: the members are not paired one by one.
        assert_eq!(out.games, 36);
        let team = |id: &str| team_of(&roster, id);
        let mut met = BTreeSet::new();
        for g in &out.stages[0].games {
            let (red, black) = (team(&g.red), team(&g.black));
            assert_ne!(red, black, "a team never plays itself");
            let board_in_match = (g.board - 1) % 4 + 1;
            if board_in_match == 1 {
                let pair = if red < black {
                    (red.clone(), black.clone())
                } else {
                    (black.clone(), red.clone())
                };
                assert!(met.insert(pair.clone()), "seed {seed}: {pair:?} meet twice");
            }
        }
        assert_eq!(met.len(), 9);
        let standings = &out.stages[0].groups[0].standings;
        assert_eq!(standings.len(), 6);
        let mp: Vec<i64> = standings.iter().map(|s| s.points.expect("mp")).collect();
        assert_eq!(
            mp.iter().sum::<i64>(),
            9 * 2,
            "seed {seed}: 9 matches × 2 match points"
        );
        assert!(
            mp.windows(2).all(|w| w[0] >= w[1]),
            "seed {seed}: by match points {mp:?}"
        );
        let gp: f64 = standings
            .iter()
            .map(|s| s.tiebreaks[0].value.as_f64())
            .sum();
        assert_eq!(gp, 36.0 * 2.0);
    }
}

/// Team stage "teams" playing `format`: match points, then game points and lots; places 1..`teams`.
fn team_stage(format: StageFormat, teams: u32) -> Stage {
    Stage {
        scoring: match_scoring(),
        places: Some(PlaceRange::new(1, teams)),
        ..stage_of("teams", format, &[Criterion::GamePoints, Criterion::Lots])
    }
}

/// The team (unit) of player `id`.
fn team_of(roster: &xqreg_runtime::Roster, id: &str) -> String {
    roster
        .players
        .iter()
        .find(|p| p.id == id)
        .and_then(|p| p.unit.clone())
        .expect("unit")
}

/// CXA scoring with match points 2/1/0: what the team stages of these tests score by.
fn match_scoring() -> Scoring {
    Scoring {
        matches: Some(MatchScoring {
            win: 2,
            draw: 1,
            loss: 0,
            origin: o("match"),
        }),
        ..Scoring::cxa_default(o("scoring"))
    }
}

/// `n` players in teams of four by roster order: units T1, T2, ...
fn teams_of_four(n: usize) -> xqreg_runtime::Roster {
    let mut roster = players(n);
    for (i, p) in roster.players.iter_mut().enumerate() {
        p.unit = Some(format!("T{}", i / 4 + 1));
    }
    roster
}

/// A team round robin on three boards with `lineup each_round`: four teams of four (one reserve
/// each). T1 hands in p4, p1, p2 for round 2: its reserve plays board 1 and p3 sits out; every
/// other team and round plays the default (the transcript says so). A line-up naming another
/// team's player is refused (R061) before a game is played.
#[test]
fn a_handed_in_lineup_is_played_and_checked() {
    let stage = |lineup| {
        team_stage(
            StageFormat::TeamRoundRobin(TeamRoundRobin {
                cycles: Cycles::Single,
                boards: 3,
                groups: Vec::new(),
                numbers: NumberOrder::RegistrationOrder,
                swap_last_two: false,
                lineup: Some(lineup),
                origin: o("team_round_robin"),
            }),
            4,
        )
    };
    let plan = plan_with(
        4,
        vec![stage(Lineup {
            mode: LineupMode::EachRoundRosterOrder,
            deadline_seconds: None,
            colour_balance: None,
            origin: o("lineup"),
        })],
    );
    let roster = teams_of_four(16);
    let lineup = |players: &[&str]| xqreg_runtime::engine::RecordedLineup {
        stage: "teams".into(),
        round: 2,
        team: "T1".into(),
        seats: players
            .iter()
            .zip(1u32..)
            .map(|(p, board)| xqreg_runtime::engine::LineupSeat {
                board,
                player: (*p).to_string(),
                origin: o("seat"),
            })
            .collect(),
        origin: o("team"),
        stage_origin: o("stage"),
        round_origin: o("round"),
    };
    let results = RecordedResults {
        lineups: vec![lineup(&["p4", "p1", "p2"])],
        ..RecordedResults::default()
    };
    let out = run(&plan, &roster, &results, 2).expect("runs");
    let games = &out.stages[0].games;
    let plays = |round: u32, id: &str| {
        games
            .iter()
            .find(|g| g.round == round && (g.red == id || g.black == id))
            .map(|g| (g.board - 1) % 3 + 1)
    };
    assert_eq!(plays(2, "p4"), Some(1));
    assert_eq!(plays(2, "p1"), Some(2));
    assert_eq!(plays(2, "p3"), None);
    assert_eq!(plays(1, "p4"), None, "round 1: the default, p1 to p3");
    assert_eq!(plays(3, "p3"), Some(3));
    let said = |t: &str| out.transcript.iter().any(|e| e.text.contains(t));
    assert!(said(
        "teams round 2: T1 plays the line-up it handed in: p4, p1, p2"
    ));
    assert!(said(
        "teams round 2: T2 handed in no line-up; the default applies"
    ));
    let bad = RecordedResults {
        lineups: vec![lineup(&["p4", "p5", "p2"])],
        ..RecordedResults::default()
    };
    let problems = run(&plan, &roster, &bad, 2).expect_err("refused");
    let codes: Vec<&str> = problems.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, ["R061"], "{problems:?}");
}

/// A team knockout (`knockout { seeded 4  boards 4  third_place }` in a team event): four teams
/// of four seeded by their first boards' ratings (T1..T4), each match on four boards won on
/// board points. Semi-final T1 v T4 ends 4:4, board 1 drawn and board 2 won by T4: the chain's
/// `earlier_game` reads the boards in order and T4 goes through (a lot, the next step, is not
/// drawn). Every other game goes to the higher rated. Board games name their players, the
/// matches the teams.
#[test]
fn a_team_knockout_wins_on_board_points_and_breaks_a_level_match_by_board_order() {
    let mut stage = knockout_stage(
        "cup",
        Bracket::Seeded {
            size: 4,
            seeding: NumberOrder::Rating,
            reserved: None,
            byes: Default::default(),
        },
        1,
        true,
        false,
        Some(PlayoffChain {
            name: None,
            steps: [PlayoffStepKind::EarlierGame, PlayoffStepKind::Lots]
                .into_iter()
                .map(|kind| PlayoffStep {
                    kind,
                    origin: o("playoff"),
                })
                .collect(),
            origin: o("playoff"),
        }),
    );
    if let StageFormat::Knockout(ko) = &mut stage.format {
        ko.team = Some(TeamKnockout {
            boards: 4,
            origin: o("boards"),
        });
    }
    stage.scoring = match_scoring();
    stage.places = Some(PlaceRange::new(1, 4));
    let plan = plan_with(4, vec![stage]);
    let roster = teams_of_four(16);
    let results = RecordedResults {
        games: vec![
            game("cup", 1, "p1", "p13", "=", None, None),
            game("cup", 1, "p14", "p2", "1-0", None, None),
            game("cup", 1, "p3", "p15", "1-0", None, None),
            game("cup", 1, "p16", "p4", "=", None, None),
        ],
        ..rest(xqreg_runtime::engine::RestRule::Rating)
    };
    let out = run(&plan, &roster, &results, 1).expect("runs");
    let places: Vec<&str> = out.final_ranking.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(places, ["T2", "T4", "T1", "T3"]);
    let cup = &out.stages[0];
    let level = cup
        .matches
        .iter()
        .find(|m| m.a == "T1" && m.b == "T4")
        .expect("the semi-final T1 v T4");
    assert_eq!(
        (
            level.winner.as_str(),
            level.score,
            level.decided_by.as_str()
        ),
        ("T4", (4, 4), "earlier_game")
    );
    assert_eq!(level.boards, Some(4));
    let won = cup
        .matches
        .iter()
        .find(|m| m.label == "final")
        .expect("a final");
    assert_eq!(
        (won.winner.as_str(), won.score, won.decided_by.as_str()),
        ("T2", (0, 8), "board_points")
    );
    // Four matches of four boards; board one of the semi-final is its players' game.
    assert_eq!(cup.games.len(), 16);
    assert!(cup
        .games
        .iter()
        .any(|g| g.round == 1 && g.board == 1 && g.red == "p1" && g.black == "p13"));
    assert!(out.transcript.iter().any(|e| e
        .text
        .contains("level 4–4 on board points; earlier_game: T4 won board 2")));
}
