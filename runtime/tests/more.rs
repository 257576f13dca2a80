//! Smaller rules: places ranked across groups, prizes for knockout losers, playoff criteria on a
//! match's own games, seeded numbers, the foul limit in simulation, the results model,
//! generated rosters with sections, and plans with numbers beyond any regulation.

mod common;

use common::*;
use xqreg_runtime::engine::{RestRule, ResultModel, RunOptions};
use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
use xqreg_runtime::plan::*;
use xqreg_runtime::{generate_roster, run, run_with, validate_roster, RecordedResults};

#[test]
fn places_ranked_across_groups_by_a_chain() {
    // Two groups of 3 decided by rating; 3rd places p5 (group A) and p6 (group B) are ranked
    // for places 5..6 by points then lots; the 2nds and 1sts likewise for 1..4.
    let mut stage = round_robin_stage(
        "groups",
        &["A", "B"],
        &[Criterion::SonnebornBerger, Criterion::Lots],
    );
    if let StageFormat::RoundRobin(rr) = &mut stage.format {
        rr.draw = group_draw(vec![rest_draw(DrawOrder::ListOrder, "rest")], false);
    }
    let mut plan = plan_with(6, vec![stage]);
    let ranked = |from: u32, place: u32| PlacesDecl {
        places: PlaceRange::new(from, from + 1),
        rule: PlacesRule::Ranked {
            chain: chain(&[Criterion::Lots]),
        },
        sources: vec![place_ref("groups", GroupSel::All, place, place)],
        title: None,
        origin: o("places ranked"),
    };
    plan.places = vec![ranked(1, 1), ranked(3, 2), ranked(5, 3)];
    let results = rest(RestRule::Rating);
    let out = run(&plan, &players(6), &results, 8).expect("runs");
    let places: Vec<u32> = out.final_ranking.iter().map(|r| r.place).collect();
    assert_eq!(places, vec![1, 2, 3, 4, 5, 6]);
    assert!(out.final_ranking.iter().all(|r| !r.shared));
    // Group winners hold 1..2, runners-up 3..4.
    let winners: Vec<&str> = out.stages[0]
        .groups
        .iter()
        .map(|g| g.standings[0].id.as_str())
        .collect();
    let top2: Vec<&str> = out.final_ranking[..2]
        .iter()
        .map(|r| r.id.as_str())
        .collect();
    assert!(winners.iter().all(|w| top2.contains(w)));
}

#[test]
fn prizes_for_losers_of_a_knockout_round() {
    let ko = seeded_knockout(8).stage();
    let mut plan = plan_with(8, vec![ko]);
    plan.prizes = vec![PrizeTable {
        category: None,
        title: None,
        title_en: None,
        currency: "CNY".into(),
        tax: None,
        lines: vec![
            PrizeLine {
                key: PrizeKey::Places {
                    places: PlaceRange::new(1, 1),
                },
                amount: Some(5000),
                currency: None,
                items: vec![],
                origin: o("1"),
            },
            PrizeLine {
                key: PrizeKey::Eliminated {
                    stage: "ko".into(),
                    round: 1,
                },
                amount: Some(300),
                currency: None,
                items: vec![PrizeItem::Certificate],
                origin: o("eliminated"),
            },
        ],
        total: None,
        limit: None,
        origin: o("prizes"),
    }];
    let results = rest(RestRule::Rating);
    let out = run(&plan, &players(8), &results, 1).expect("runs");
    let losers: Vec<&str> = out
        .prizes
        .iter()
        .filter(|p| p.amount == 300)
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(losers, vec!["p8", "p5", "p7", "p6"]);
    assert_eq!(out.prize_totals.get("CNY"), Some(&(5000 + 4 * 300)));
}

#[test]
fn a_playoff_criterion_on_the_match_games_decides_before_any_game() {
    let chain_step = PlayoffChain {
        name: None,
        steps: vec![PlayoffStep {
            kind: PlayoffStepKind::Tiebreak {
                chain: chain(&[Criterion::BlackWins]),
            },
            origin: o("tiebreak black_wins"),
        }],
        origin: o("playoff"),
    };
    let plan = seeded_knockout(2).games(4).playoff(chain_step).plan(2);
    // Four games, colours swapped each game: X (Red in game 1) has Black in games 2 and 4.
    // Game 1 drawn, X wins game 2 with Black, game 3 drawn, Y wins game 4 with Red: 4–4, and
    // X has one win with Black to Y's none.
    for seed in 1..=4 {
        let probe = run(&plan, &players(2), &rest(RestRule::Draws), seed).expect("runs");
        let x = probe.stages[0].games[0].red.clone();
        let y = if x == "p1" {
            "p2".to_string()
        } else {
            "p1".to_string()
        };
        let results = RecordedResults {
            games: vec![
                game("ko", 1, &x, &y, "=", None, Some(1)),
                game("ko", 1, &y, &x, "0-1", None, Some(2)),
                game("ko", 1, &x, &y, "=", None, Some(3)),
                game("ko", 1, &y, &x, "1-0", None, Some(4)),
            ],
            ..Default::default()
        };
        let out = run(&plan, &players(2), &results, seed).expect("runs");
        let m = &out.stages[0].matches[0];
        assert_eq!(m.score, (4, 4));
        assert_eq!(m.decided_by, "tiebreak", "seed {seed}");
        assert_eq!(m.winner, x, "seed {seed}");
        assert_eq!(out.stages[0].games.len(), 4, "no playoff game");
    }
}

#[test]
fn seeded_numbers_put_the_tiers_first() {
    let mut rr = round_robin_stage("rr", &[], &[Criterion::Lots]);
    if let StageFormat::RoundRobin(r) = &mut rr.format {
        r.numbers = Numbers::Seeded {
            tiers: vec![
                SeedTier::Title(Title::Grandmaster),
                SeedTier::Players(vec!["p6".into()]),
            ],
            seeds_order: NumberOrder::Rating,
            rest: NumberOrder::RegistrationOrder,
            origin: o("numbers seeds"),
        };
    }
    let plan = plan_with(6, vec![rr]);
    let mut roster = players(6);
    roster.players[3].title = Some(Title::Grandmaster);
    roster.players[4].title = Some(Title::Grandmaster);
    let out = run(&plan, &roster, &rest(RestRule::Draws), 1).expect("runs");
    let numbers = out
        .transcript
        .iter()
        .find(|t| t.text.starts_with("numbers:"))
        .expect("numbers");
    assert_eq!(numbers.text, "numbers: 1 p4, 2 p5, 3 p6, 4 p1, 5 p2, 6 p3");
}

#[test]
fn the_foul_limit_turns_a_simulated_game_into_a_loss() {
    let mut plan = round_robin_plan(4, &[Criterion::Fouls, Criterion::Lots]);
    plan.conduct.fouls_per_game_loss = Some(2);
    // Everyone commits exactly one foul... a double foul for everyone leaves the result; one
    // foul is under the limit. Two fouls on one side only: the model gives each side 2 fouls
    // with probability 1/2.
    // Equal ratings and no first-move edge: every game is drawn over the board.
    let model = ResultModel {
        foul_ppm: 0,
        double_foul_ppm: 500_000,
        forfeit_ppm: 0,
        draw_ppm: 1_000_000,
        red_advantage: 0,
        ..ResultModel::default()
    };
    let options = RunOptions {
        model,
        ..RunOptions::default()
    };
    let mut roster = players(4);
    for p in &mut roster.players {
        p.rating = Some(2200);
    }
    let out = run_with(&plan, &roster, &RecordedResults::default(), 3, &options).expect("runs");
    assert!(
        out.stages[0]
            .games
            .iter()
            .any(|g| (g.red_fouls >= 2) != (g.black_fouls >= 2)),
        "seed 3 has a one-sided foul limit"
    );
    let lost_by_fouls = out
        .transcript
        .iter()
        .filter(|t| t.text.contains("fouls in one game and loses it"))
        .count();
    let one_sided = out.stages[0]
        .games
        .iter()
        .filter(|g| (g.red_fouls >= 2) != (g.black_fouls >= 2))
        .count();
    assert_eq!(lost_by_fouls, one_sided);
    for g in &out.stages[0].games {
        if g.red_fouls >= 2 && g.black_fouls < 2 {
            assert_eq!(g.result, "0-1");
        } else if g.black_fouls >= 2 && g.red_fouls < 2 {
            assert_eq!(g.result, "1-0");
        } else {
            assert_eq!(g.result, "=");
        }
    }
}

#[test]
fn the_results_model_follows_the_rating_gap() {
    let m = ResultModel::default();
    assert_eq!(
        m.expectation_ppm(2000, 2030),
        500_000,
        "Red's 30 points offset 30 rating points"
    );
    assert!(m.expectation_ppm(2400, 2000) > 900_000);
    assert!(m.expectation_ppm(2000, 2500) < 100_000);
    assert_eq!(m.expectation_ppm(u32::MAX, 0), 1_000_000);
}

#[test]
fn generated_rosters_fall_inside_the_sections() {
    let mut plan = plan_with(40, vec![round_robin_stage("rr", &[], &[Criterion::Lots])]);
    plan.entry.field = Field::Cap {
        max: 40,
        assumed: None,
        order: None,
        origin: o("cap"),
    };
    for (name, from, to, sex) in [
        (
            "open_men",
            Date::new(1956, 1, 1),
            Date::new(1999, 12, 31),
            Sex::Men,
        ),
        (
            "youth_women",
            Date::new(2000, 1, 1),
            Date::new(2004, 12, 31),
            Sex::Women,
        ),
    ] {
        plan.categories.insert(
            name.into(),
            Category {
                born_from: Some(from),
                born_to: Some(to),
                sex: Some(sex),
                ..Category::new(name.into(), o("category"))
            },
        );
    }
    let mut rng = Lots::new(4, STREAM_ROSTER);
    let roster = generate_roster(&plan, 40, &mut rng).expect("roster");
    assert_eq!(validate_roster(&plan, &roster), vec![]);
    assert!(roster.players.iter().any(|p| p.sex == Some(Sex::Women)));
    for p in &roster.players {
        let born = p.born.expect("born");
        let inside = match p.sex {
            Some(Sex::Men) => born >= Date::new(1956, 1, 1) && born <= Date::new(1999, 12, 31),
            _ => born >= Date::new(2000, 1, 1) && born <= Date::new(2004, 12, 31),
        };
        assert!(inside, "{} born {born}", p.id);
    }
}

#[test]
fn numbers_beyond_any_regulation_are_problems_not_hangs() {
    let mut ko = knockout_stage(
        "ko",
        Bracket::Seeded {
            size: 1 << 30,
            seeding: NumberOrder::Rating,
            reserved: None,
            byes: Default::default(),
        },
        u32::MAX,
        false,
        false,
        None,
    );
    ko.scoring.win = i64::MAX;
    let plan = plan_with(2, vec![ko]);
    let err = run(&plan, &players(2), &RecordedResults::default(), 1).expect_err("refused");
    let codes: Vec<&str> = err.iter().map(|p| p.code.as_str()).collect();
    assert_eq!(codes, vec!["R021", "R021", "R021"]);
    let mut plan = plan_with(
        2,
        vec![knockout_stage(
            "ko",
            Bracket::Seeded {
                size: 2,
                seeding: NumberOrder::Rating,
                reserved: None,
                byes: Default::default(),
            },
            1,
            false,
            false,
            None,
        )],
    );
    plan.version = 99;
    assert_eq!(
        run(&plan, &players(2), &RecordedResults::default(), 1).expect_err("version")[0].code,
        "R015"
    );
}

#[test]
fn a_recorded_withdrawal_forfeits_the_later_games() {
    let plan = round_robin_plan(4, &[Criterion::SonnebornBerger, Criterion::Lots]);
    let results = RecordedResults {
        withdrawals: vec![xqreg_runtime::engine::RecordedWithdrawal {
            player: "p2".into(),
            stage: "rr".into(),
            after_round: 1,
            origin: o("withdraw p2 after 1"),
        }],
        rest: RestRule::Draws,
        ..Default::default()
    };
    let out = run(&plan, &players(4), &results, 1).expect("runs");
    assert_eq!(out.withdrawn.len(), 1);
    assert_eq!(out.withdrawn[0].reason, "recorded withdrawal");
    for g in &out.stages[0].games {
        if g.red == "p2" || g.black == "p2" {
            let expected = if g.round == 1 {
                "="
            } else if g.red == "p2" {
                "-+"
            } else {
                "+-"
            };
            assert_eq!(g.result, expected, "round {}", g.round);
        }
    }
}

#[test]
fn an_armageddon_result_may_be_recorded_as_armageddon_whatever_its_time_control() {
    let chain_sudden = PlayoffChain {
        name: None,
        steps: vec![PlayoffStep {
            kind: PlayoffStepKind::Armageddon {
                time: "sudden".into(),
                colours: ColourRule::Lot,
                draw_goes_to: Side::Black,
            },
            origin: o("armageddon sudden"),
        }],
        origin: o("playoff"),
    };
    let plan = seeded_knockout(2).playoff(chain_sudden).plan(2);
    let results = RecordedResults {
        games: vec![
            game("ko", 1, "p1", "p2", "=", None, None),
            game("ko", 1, "p2", "p1", "1-0", Some("armageddon"), None),
        ],
        ..Default::default()
    };
    let out = run(&plan, &players(2), &results, 1).expect("runs");
    assert_eq!(out.final_ranking[0].id, "p2");
    assert_eq!(out.stages[0].matches[0].decided_by, "sudden");
}

/// `rest rating` (a scenario's rule for the games it does not list): the higher rated wins, and
/// no rating is below every rating, as everywhere the regulation orders by rating. An unrated
/// player played as the simulation model's default of 2000 and beat every rated player below it.
#[test]
fn rest_rating_puts_an_unrated_player_below_every_rated_one() {
    let plan = round_robin_plan(4, &[Criterion::Lots]);
    let mut roster = players(4);
    roster.players[0].rating = None;
    for (p, r) in roster.players.iter_mut().skip(1).zip([1500, 1400, 1300]) {
        p.rating = Some(r);
    }
    let out = run(&plan, &roster, &rest(RestRule::Rating), 1).expect("runs");
    let ids: Vec<&str> = out.final_ranking.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["p2", "p3", "p4", "p1"]);
}

#[test]
fn a_chain_ending_in_shared_places_the_still_tied_together() {
    // Every game drawn: the four are level on points and wins. `shared` (如仍相同，名次并列)
    // gives them all place 1, no lot drawn, and the transcript says who share it.
    let plan = round_robin_plan(
        4,
        &[
            Criterion::Wins {
                count: WinsCount::Played,
            },
            Criterion::Shared,
        ],
    );
    let out = run(&plan, &players(4), &rest(RestRule::Draws), 1).expect("runs");
    assert_eq!(places_shared(&out), vec![(1, true); 4]);
    let shared: Vec<&str> = out
        .transcript
        .iter()
        .filter(|e| e.text.contains("share place 1"))
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(shared.len(), 1, "{shared:?}");
    assert!(shared.iter().all(|t| t.contains("`shared`")), "{shared:?}");
    assert!(!out.transcript.iter().any(|e| e.text.contains("by lot")));
}

#[test]
fn each_player_of_a_shared_place_receives_its_awards_and_the_places_below_give_none() {
    // Every game drawn: the four share place 1 (`shared`). They split the money of places 1-4
    // (1000 + 600 + 400 = 2000, 500 each); each receives the trophy and certificate of place 1;
    // the silver medal of place 2 goes to nobody, as nobody is 2nd. The transcript says so.
    let mut plan = round_robin_plan(
        4,
        &[
            Criterion::Wins {
                count: WinsCount::Played,
            },
            Criterion::Shared,
        ],
    );
    let line = |place: u32, amount: u64, items: Vec<PrizeItem>| PrizeLine {
        key: PrizeKey::Places {
            places: PlaceRange::new(place, place),
        },
        amount: Some(amount),
        currency: None,
        items,
        origin: o("line"),
    };
    plan.prizes = vec![PrizeTable {
        category: None,
        title: Some("奖金".into()),
        title_en: None,
        currency: "CNY".into(),
        tax: None,
        lines: vec![
            line(1, 1000, vec![PrizeItem::Trophy, PrizeItem::Certificate]),
            line(
                2,
                600,
                vec![PrizeItem::Medal {
                    metal: Some("silver".into()),
                }],
            ),
            line(3, 400, vec![]),
        ],
        total: None,
        limit: None,
        origin: o("prizes"),
    }];
    let out = run(&plan, &players(4), &rest(RestRule::Draws), 1).expect("runs");
    assert_eq!(out.prizes.len(), 4);
    for p in &out.prizes {
        assert_eq!((p.place, p.shared, p.amount), (1, true, 500), "{p:?}");
        assert_eq!(
            p.items,
            [PrizeItem::Trophy, PrizeItem::Certificate],
            "{p:?}"
        );
    }
    let said: Vec<&str> = out
        .transcript
        .iter()
        .map(|e| e.text.as_str())
        .filter(|t| t.contains("place 1 shared by 4"))
        .collect();
    assert_eq!(
        said,
        ["奖金: place 1 shared by 4: each of the 4 receives the awards of place 1 (trophy, certificate); the awards of place 2 (medal silver) are not given: the place is shared from 1"]
    );
}

#[test]
fn places_ranked_by_a_chain_ending_in_shared_share_the_place() {
    // The checker refuses `shared` in a `places ... ranked_by` chain (E422), but a plan is JSON:
    // the two group winners, level on points (every game drawn), share place 1 rather than
    // being put in an arbitrary order.
    let mut stage = round_robin_stage("groups", &["A", "B"], &[Criterion::Lots]);
    if let StageFormat::RoundRobin(rr) = &mut stage.format {
        rr.draw = group_draw(vec![rest_draw(DrawOrder::ListOrder, "rest")], false);
    }
    let mut plan = plan_with(6, vec![stage]);
    plan.places = vec![PlacesDecl {
        places: PlaceRange::new(1, 2),
        rule: PlacesRule::Ranked {
            chain: chain(&[Criterion::Shared]),
        },
        sources: vec![place_ref("groups", GroupSel::All, 1, 1)],
        title: None,
        origin: o("places ranked"),
    }];
    let out = run(&plan, &players(6), &rest(RestRule::Draws), 1).expect("runs");
    assert_eq!(places_shared(&out), vec![(1, true), (1, true)]);
}

/// The final ranking's places, each with its `shared` flag.
fn places_shared(out: &xqreg_runtime::engine::Outcome) -> Vec<(u32, bool)> {
    out.final_ranking
        .iter()
        .map(|r| (r.place, r.shared))
        .collect()
}
