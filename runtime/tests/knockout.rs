//! Knockouts: seeded brackets with byes, third place, placement brackets, mini-matches, and
//! playoff chains that reach their last step.

mod common;

use common::*;
use xqreg_runtime::engine::RestRule;
use xqreg_runtime::{run, RecordedGame, RecordedResults};

/// Results with `games` as recorded and every other game drawn.
fn drawn_but(games: Vec<RecordedGame>) -> RecordedResults {
    RecordedResults {
        games,
        rest: RestRule::Draws,
        ..Default::default()
    }
}

#[test]
fn a_drawn_semi_final_goes_through_the_whole_ladder_to_armageddon() {
    let plan = seeded_knockout(4)
        .third_place()
        .playoff(ladder_000())
        .places(4)
        .plan(4);
    // Seeds by rating: p1 v p4, p2 v p3. p1–p4 is drawn in the game, the rapid game and both
    // blitz games; the armageddon is drawn too, so Black wins it. Each record has the colours
    // the ladder gives (the rapid game and the second blitz game swap them).
    let results = RecordedResults {
        games: vec![
            game("ko", 1, "p1", "p4", "=", None, None),
            game("ko", 1, "p4", "p1", "=", Some("rapid"), None),
            game("ko", 1, "p1", "p4", "=", Some("blitz"), Some(1)),
            game("ko", 1, "p4", "p1", "=", Some("blitz"), Some(2)),
            game("ko", 1, "p1", "p4", "=", Some("armageddon"), None),
        ],
        rest: RestRule::Rating,
        ..Default::default()
    };
    let out = run(&plan, &players(4), &results, 11).expect("runs");
    let stage = &out.stages[0];
    let semi = stage
        .matches
        .iter()
        .find(|m| m.a == "p1" || m.b == "p1")
        .expect("p1's semi");
    assert_eq!(semi.decided_by, "armageddon");
    let arma = stage
        .games
        .iter()
        .find(|g| g.step.as_deref() == Some("armageddon"))
        .expect("the armageddon game");
    assert_eq!(arma.result, "=");
    assert_eq!(semi.winner, arma.black, "a drawn armageddon goes to Black");
    // The five games of the match, in ladder order, colours swapped from the game before
    // where the ladder says swap.
    let steps: Vec<Option<&str>> = stage
        .games
        .iter()
        .filter(|g| g.round == 1 && (g.red == "p1" || g.black == "p1"))
        .map(|g| g.step.as_deref())
        .collect();
    assert_eq!(
        steps,
        vec![
            None,
            Some("rapid"),
            Some("blitz"),
            Some("blitz"),
            Some("armageddon")
        ]
    );
    let g: Vec<&xqreg_runtime::engine::GameOut> = stage
        .games
        .iter()
        .filter(|g| g.red == "p1" || g.black == "p1")
        .collect();
    assert_eq!(g[1].red, g[0].black, "rapid: colours swapped");
    assert_eq!(g[3].red, g[2].black, "second blitz: colours swapped");
    assert!(out.transcript.iter().any(
        |t| t.text.contains("decided by armageddon") && t.text.contains("a draw goes to Black")
    ));
    assert_eq!(out.stats.playoff_steps.get("armageddon"), Some(&1));
    // Places 1..4 each once.
    let places: Vec<u32> = out.final_ranking.iter().map(|r| r.place).collect();
    assert_eq!(places, vec![1, 2, 3, 4]);
}

#[test]
fn seeded_bracket_gives_byes_to_the_top_seeds_and_placement_plays_every_place() {
    let plan = seeded_knockout(8)
        .placement()
        .playoff(ladder_000())
        .places(6)
        .plan(6);
    let results = rest(RestRule::Rating);
    let out = run(&plan, &players(6), &results, 3).expect("runs");
    // Seeds 1 and 2 have byes (7 and 8 missing); the higher rating always wins.
    let ids: Vec<&str> = out.final_ranking.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, vec!["p1", "p2", "p3", "p4", "p5", "p6"]);
    assert!(out
        .transcript
        .iter()
        .any(|t| t.text.contains("p1 has a bye")));
    assert!(out
        .transcript
        .iter()
        .any(|t| t.text.contains("p2 has a bye")));
    assert_eq!(out.final_ranking.iter().filter(|r| r.shared).count(), 0);
}

#[test]
fn without_third_place_the_losing_semi_finalists_share_third() {
    let plan = seeded_knockout(4).places(4).plan(4);
    let results = rest(RestRule::Rating);
    let out = run(&plan, &players(4), &results, 3).expect("runs");
    let rows: Vec<(u32, bool, &str)> = out
        .final_ranking
        .iter()
        .map(|r| (r.place, r.shared, r.id.as_str()))
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, false, "p1"),
            (2, false, "p2"),
            (3, true, "p3"),
            (3, true, "p4")
        ]
    );
}

#[test]
fn stops_once_the_needed_places_are_known() {
    // Places 1..2 only: no third-place match is played even though the bracket has one.
    let plan = seeded_knockout(4).third_place().plan(4);
    let results = rest(RestRule::Rating);
    let out = run(&plan, &players(4), &results, 3).expect("runs");
    assert_eq!(out.stages[0].matches.len(), 3);
    assert_eq!(out.games, 3);
    let places: Vec<u32> = out.final_ranking.iter().map(|r| r.place).collect();
    assert_eq!(places, vec![1, 2]);
}

#[test]
fn a_two_game_mini_match_swaps_colours_and_level_matches_go_to_the_playoff() {
    let plan = seeded_knockout(2).games(2).playoff(ladder_000()).plan(2);
    let results = drawn_but(vec![
        game("ko", 1, "p1", "p2", "1-0", None, Some(1)),
        game("ko", 1, "p2", "p1", "1-0", None, Some(2)),
        game("ko", 1, "p1", "p2", "0-1", Some("rapid"), None),
    ]);
    let out = run(&plan, &players(2), &results, 5).expect("runs");
    let games = &out.stages[0].games;
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].red, games[0].black);
    let m = &out.stages[0].matches[0];
    assert_eq!(m.score, (2, 2));
    assert_eq!(m.decided_by, "rapid");
    assert_eq!(m.winner, "p2");
}

#[test]
fn results_for_games_that_do_not_exist_or_twice_are_errors() {
    let plan = seeded_knockout(2).plan(2);
    let twice = RecordedResults {
        games: vec![
            game("ko", 1, "p1", "p2", "1-0", None, None),
            game("ko", 1, "p2", "p1", "=", None, None),
        ],
        ..Default::default()
    };
    let err = run(&plan, &players(2), &twice, 1).expect_err("a second result");
    assert_eq!(err[0].code, "R010");
    let missing = RecordedResults {
        games: vec![game("ko", 2, "p1", "p2", "1-0", None, None)],
        ..Default::default()
    };
    let err = run(&plan, &players(2), &missing, 1).expect_err("no such game");
    assert_eq!(err[0].code, "R009");
    assert!(err[0].message.contains("does not exist"));
}

/// `game rapid; earlier_game; black`: the chain of 以慢棋对局胜负决定，仍无法决出则黑方胜.
fn earlier_then_black() -> xqreg_runtime::plan::PlayoffChain {
    use xqreg_runtime::plan::{ColourRule, PlayoffChain, PlayoffStep, PlayoffStepKind};
    let step = |kind| PlayoffStep {
        kind,
        origin: o("step"),
    };
    PlayoffChain {
        name: None,
        steps: vec![
            step(PlayoffStepKind::Game {
                time: "rapid".to_string(),
                colours: ColourRule::Swap,
                games: 1,
            }),
            step(PlayoffStepKind::EarlierGame),
            step(PlayoffStepKind::Black),
        ],
        origin: o("playoff"),
    }
}

#[test]
fn earlier_game_gives_the_match_to_the_first_decided_regular_game_then_black_wins() {
    let plan = seeded_knockout(2)
        .games(2)
        .playoff(earlier_then_black())
        .plan(2);
    let won_first = drawn_but(vec![
        game("ko", 1, "p1", "p2", "0-1", None, Some(1)),
        game("ko", 1, "p2", "p1", "0-1", None, Some(2)),
        game("ko", 1, "p1", "p2", "=", Some("rapid"), None),
    ]);
    let out = run(&plan, &players(2), &won_first, 5).expect("runs");
    let m = &out.stages[0].matches[0];
    assert_eq!(
        (m.decided_by.as_str(), m.winner.as_str()),
        ("earlier_game", "p2")
    );
    assert!(out
        .transcript
        .iter()
        .any(|t| t.text.contains("earlier_game: p2 won regular game 1")
            && t.text.contains("decided by earlier_game")));
    let all_drawn = RecordedResults {
        rest: RestRule::Draws,
        ..Default::default()
    };
    let out = run(&plan, &players(2), &all_drawn, 5).expect("runs");
    let m = &out.stages[0].matches[0];
    let last = out.stages[0].games.last().expect("the rapid game");
    assert_eq!(m.decided_by, "black");
    assert_eq!(m.winner, last.black, "Black in the last game wins");
    assert!(out
        .transcript
        .iter()
        .any(|t| t.text.contains("earlier_game: none of the 2")
            && t.text.contains("had Black in the match's last game")));
}

/// `seeds 2 category high`: the two lowest rated (p7, p8) are the class; they take seed numbers
/// 1 and 2 (p7 the better rated first), so they open on boards 1 and 3, in opposite halves; the
/// other six are drawn by lot into numbers 3..8. By rating alone p7 and p8 would be seeds 7 and
/// 8, against p2 and p1.
#[test]
fn reserved_seed_places_go_to_the_class_and_the_rest_are_drawn() {
    use xqreg_runtime::plan::{Bracket, Category, CategoryRule, ReservedSeeds, StageFormat};
    let mut plan = seeded_knockout(8).places(8).plan(8);
    plan.categories.insert(
        "high".into(),
        Category {
            rules: vec![CategoryRule::Players {
                ids: vec!["p7".into(), "p8".into()],
            }],
            ..Category::new("high".into(), o("category high"))
        },
    );
    let StageFormat::Knockout(ko) = &mut plan.stages[0].format else {
        panic!("a knockout")
    };
    let Bracket::Seeded { reserved, .. } = &mut ko.bracket else {
        panic!("seeded")
    };
    *reserved = Some(ReservedSeeds {
        count: 2,
        category: "high".into(),
        origin: o("seeds 2 category high"),
    });
    let mut opponents = std::collections::BTreeSet::new();
    for seed in 1..=6 {
        let out = run(&plan, &players(8), &RecordedResults::default(), seed).expect("runs");
        let first: Vec<(u32, &str, &str)> = out.stages[0]
            .games
            .iter()
            .filter(|g| g.round == 1)
            .map(|g| (g.board, g.red.as_str(), g.black.as_str()))
            .collect();
        let board = |id: &str| {
            first
                .iter()
                .find(|(_, r, b)| *r == id || *b == id)
                .map(|(n, r, b)| (*n, if *r == id { *b } else { *r }))
                .expect("plays round 1")
        };
        let (b7, o7) = board("p7");
        assert_eq!((b7, board("p8").0), (1, 3), "seed {seed}: {first:?}");
        opponents.insert(o7.to_string());
        assert!(
            out.transcript
                .iter()
                .any(|e| e.text.contains("numbers 1..2 reserved for category `high`")),
            "the transcript cites the clause"
        );
    }
    assert!(opponents.len() > 1, "drawn, not by rating: {opponents:?}");
}

/// Matches beyond the runtime's bound of games are refused before anything runs, in a knockout
/// and in a same-place stage alike (the checker's E515 says the same to a regulation's author).
#[test]
fn matches_of_more_games_than_the_bound_are_refused() {
    use xqreg_runtime::plan::{ColourRule, PlaceRange, SamePlace, StageFormat};
    let knockout = seeded_knockout(4).games(65).plan(4);
    let mut same_place = seeded_knockout(4).plan(4);
    same_place.stages[0].format = StageFormat::SamePlace(SamePlace {
        groups: vec![],
        places: PlaceRange { from: 1, to: 2 },
        games: 65,
        colours: ColourRule::Lot,
        origin: o("same_place"),
    });
    for plan in [knockout, same_place] {
        let problems =
            run(&plan, &players(4), &RecordedResults::default(), 1).expect_err("refused");
        let said: Vec<_> = problems.iter().map(|p| p.message.as_str()).collect();
        assert!(
            said.contains(&"matches of 65 games (at most 64)"),
            "{said:?}"
        );
    }
}

/// The `byes lot` clause, at a line no other clause of these plans has.
fn byes_clause() -> xqreg_runtime::plan::Origin {
    xqreg_runtime::plan::Origin::Clause {
        file: "examples/004/regulation.xqr".to_string(),
        line: 999,
        column: 5,
        span: xqreg_runtime::plan::SourceSpan { start: 0, end: 0 },
    }
}

/// Six players by rating in a seeded bracket of 8 with the byes of `rule`: the round-1 byes of
/// `simulate --seed seed` (the two who play no game in round 1), and the round's games.
fn byes_of(
    rule: xqreg_runtime::plan::KnockoutByes,
    seed: u64,
) -> (std::collections::BTreeSet<String>, usize, Vec<String>) {
    use xqreg_runtime::plan::{Bracket, StageFormat};
    let mut plan = seeded_knockout(8).places(8).plan(6);
    let StageFormat::Knockout(ko) = &mut plan.stages[0].format else {
        panic!("a knockout")
    };
    let Bracket::Seeded { byes, .. } = &mut ko.bracket else {
        panic!("seeded")
    };
    *byes = rule;
    let out = run(&plan, &players(6), &RecordedResults::default(), seed).expect("runs");
    let round1: Vec<_> = out.stages[0]
        .games
        .iter()
        .filter(|g| g.round == 1)
        .collect();
    let playing: std::collections::BTreeSet<&str> = round1
        .iter()
        .flat_map(|g| [g.red.as_str(), g.black.as_str()])
        .collect();
    let byes = (1..=6)
        .map(|i| format!("p{i}"))
        .filter(|p| !playing.contains(p.as_str()))
        .collect();
    let cited = out
        .transcript
        .iter()
        .filter(|e| e.origin == byes_clause())
        .map(|e| e.text.clone())
        .collect();
    (byes, round1.len(), cited)
}

/// `byes top_seeds` (the default): seeds 1 and 2 (p1, p2 by rating) play nobody in round 1,
/// whatever the seed. `byes lot` (轮空抽签决定): the lot draws which first-round pairs hold the
/// byes, so with some seeds a player who is not a top seed has one; never two byes in one pair
/// (two games in round 1: six players in four pairs, one empty number in each of two), the seed
/// reproduces the draw, and the transcript names the drawn players at the clause. Ignoring the
/// clause gives p1 and p2 the byes for every seed.
#[test]
fn byes_by_lot_are_drawn_by_the_seed_and_top_seeds_keep_them_otherwise() {
    use xqreg_runtime::plan::KnockoutByes;
    let lot = || KnockoutByes::Lot {
        origin: byes_clause(),
    };
    let top: std::collections::BTreeSet<String> = ["p1".into(), "p2".into()].into();
    let mut drawn = std::collections::BTreeSet::new();
    for seed in 1..=12 {
        let (byes, games, cited) = byes_of(KnockoutByes::TopSeeds, seed);
        assert_eq!(
            (byes, games, cited.len()),
            (top.clone(), 2, 0),
            "seed {seed}"
        );
        let (byes, games, cited) = byes_of(lot(), seed);
        assert_eq!((byes.len(), games), (2, 2), "seed {seed}: {byes:?}");
        assert_eq!(
            byes_of(lot(), seed).0,
            byes,
            "seed {seed} draws again alike"
        );
        assert_eq!(cited.len(), 1, "seed {seed}: {cited:?}");
        assert!(
            byes.iter().all(|p| cited[0].contains(p.as_str())),
            "{cited:?} names {byes:?}"
        );
        drawn.insert(byes);
    }
    assert!(drawn.iter().any(|b| *b != top), "never drawn: {drawn:?}");
    // Numbers 1 to 4 keep their seeds (and halves): the byes fall among p1..p4.
    assert!(
        drawn.iter().flatten().all(|p| p.as_str() <= "p4"),
        "{drawn:?}"
    );
}

/// A round's brackets number their boards on from one another, as the hall numbers its tables
/// and `event pair` prints them: the final on board 1, the match for 3rd place on board 2 (both
/// were board 1), and with placement the matches for 5th and 7th place after them.
#[test]
fn brackets_of_one_round_take_boards_one_after_another() {
    let results = rest(RestRule::Rating);
    let plan = seeded_knockout(8).placement().places(8).plan(8);
    let out = run(&plan, &players(8), &results, 3).expect("runs");
    let games = &out.stages.first().expect("the knockout").games;
    for round in 1..=3 {
        let mut boards: Vec<u32> = games
            .iter()
            .filter(|g| g.round == round)
            .map(|g| g.board)
            .collect();
        boards.sort_unstable();
        assert_eq!(boards, vec![1, 2, 3, 4], "round {round}");
    }
}
