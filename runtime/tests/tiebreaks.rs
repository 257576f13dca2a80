//! The worked tie-break examples of domain.md section 5: every number of the tables in 5.2
//! (Swiss, 2/1/0) and 5.4 (round robin 小分), the chains run on them, and the three countback
//! variants of 5.3 on the 5.2 example.

use xqreg_runtime::engine::tiebreak::{rank, Competitor, Primary, Record, RecordKind, Table};
use xqreg_runtime::pairing::lots::Lots;
use xqreg_runtime::plan::{
    ByeScore, CountbackVariant, Criterion, HeadToHeadMode, Origin, Scoring, Side, TiebreakChain,
    TiebreakItem, WinsCount,
};

#[derive(Clone, Copy)]
enum R {
    RedWins,
    Draw,
    BlackWins,
}

/// Build a table from `(round, red, black, result)` with 1-based player numbers.
fn table(players: usize, games: &[(u32, usize, usize, R)], scoring: &Scoring) -> Vec<Competitor> {
    let mut comps = vec![Competitor::default(); players];
    for &(round, red, black, r) in games {
        let (rk, bk, rp, bp) = match r {
            R::RedWins => (RecordKind::Win, RecordKind::Loss, scoring.win, scoring.loss),
            R::Draw => (
                RecordKind::Draw,
                RecordKind::Draw,
                scoring.draw,
                scoring.draw,
            ),
            R::BlackWins => (RecordKind::Loss, RecordKind::Win, scoring.loss, scoring.win),
        };
        comps[red - 1].records.push(Record {
            round,
            opponent: Some(black - 1),
            side: Some(Side::Red),
            kind: rk,
            points: rp,
        });
        comps[black - 1].records.push(Record {
            round,
            opponent: Some(red - 1),
            side: Some(Side::Black),
            kind: bk,
            points: bp,
        });
    }
    comps
}

fn scoring() -> Scoring {
    Scoring::cxa_default(Origin::default_rule("test"))
}

fn chain(criteria: &[Criterion]) -> TiebreakChain {
    TiebreakChain {
        criteria: criteria
            .iter()
            .map(|&criterion| TiebreakItem {
                criterion,
                origin: Origin::default_rule("test"),
            })
            .collect(),
        origin: Origin::default_rule("test"),
    }
}

/// domain.md 5.2: 1-2 1–0, 4-3 =, 5-6 0–1; 6-1 =, 3-5 1–0, 2-4 0–1; 1-3 1–0, 4-6 =, 5-2 0–1.
fn swiss_example(scoring: &Scoring) -> Vec<Competitor> {
    table(
        6,
        &[
            (1, 1, 2, R::RedWins),
            (1, 4, 3, R::Draw),
            (1, 5, 6, R::BlackWins),
            (2, 6, 1, R::Draw),
            (2, 3, 5, R::RedWins),
            (2, 2, 4, R::BlackWins),
            (3, 1, 3, R::RedWins),
            (3, 4, 6, R::Draw),
            (3, 5, 2, R::BlackWins),
        ],
        scoring,
    )
}

fn value(t: &Table<'_>, player: usize, c: Criterion) -> String {
    t.value(player - 1, &c)
        .expect("a per-player criterion")
        .display()
}

const BH: Criterion = Criterion::OpponentsScore {
    cut: 0,
    bye_score: ByeScore::LowestInField,
};

#[test]
fn the_swiss_example_table_of_5_2() {
    let s = scoring();
    let t = Table {
        competitors: swiss_example(&s),
        scoring: &s,
        fields: Vec::new(),
    };
    // p: 积分, 对手分, 累进分, 胜局, 后手胜局, 后手局数 (domain.md 5.2, row by row).
    let expected = [
        (1, "5", "9", "10", "2", "0", "1"),
        (6, "4", "9", "9", "1", "1", "2"),
        (4, "4", "9", "8", "1", "1", "1"),
        (3, "3", "9", "7", "1", "0", "2"),
        (2, "2", "9", "2", "1", "1", "2"),
        (5, "0", "9", "0", "0", "0", "1"),
    ];
    for (p, points, bh, ps, wins, bw, bg) in expected {
        assert_eq!(value(&t, p, Criterion::Points), points, "积分 of {p}");
        assert_eq!(value(&t, p, BH), bh, "对手分 of {p}");
        assert_eq!(
            value(&t, p, Criterion::Progressive { cut: 0 }),
            ps,
            "累进分 of {p}"
        );
        assert_eq!(
            value(
                &t,
                p,
                Criterion::Wins {
                    count: WinsCount::Played
                }
            ),
            wins,
            "胜局 of {p}"
        );
        assert_eq!(value(&t, p, Criterion::BlackWins), bw, "后手胜局 of {p}");
        assert_eq!(value(&t, p, Criterion::BlackGames), bg, "后手局数 of {p}");
    }
    // Totals after r1, r2, r3 (the running scores): 1: 2,3,5; 6: 2,3,4; 4: 1,3,4.
    assert_eq!(
        value(
            &t,
            1,
            Criterion::Countback {
                variant: CountbackVariant::Cumulative,
                bye_score: None,
            }
        ),
        "3/2"
    );
    // FIDE SB on the same games: 6 → 4.5, 4 → 5.5.
    assert_eq!(value(&t, 6, Criterion::SonnebornBerger), "4.5");
    assert_eq!(value(&t, 4, Criterion::SonnebornBerger), "5.5");
}

fn order_of(comps: Vec<Competitor>, s: &Scoring, c: &TiebreakChain) -> (Vec<usize>, Vec<String>) {
    let all: Vec<usize> = (0..comps.len()).collect();
    order_of_subset(comps, &all, s, c)
}

fn order_of_subset(
    comps: Vec<Competitor>,
    all: &[usize],
    s: &Scoring,
    c: &TiebreakChain,
) -> (Vec<usize>, Vec<String>) {
    let t = Table {
        competitors: comps,
        scoring: s,
        fields: Vec::new(),
    };
    let mut lots = Lots::new(1, 0);
    let ranked = rank(&t, all, c, Primary::Points, &mut lots);
    assert!(ranked.lots.is_empty(), "no lot needed in a worked example");
    let seps = ranked
        .separations
        .iter()
        .map(|s| {
            format!(
                "{} before {}: {} {} {}",
                s.above + 1,
                s.below + 1,
                xqreg_runtime::engine::tiebreak::zh_label(&s.criterion),
                s.above_value.display(),
                s.below_value.display()
            )
        })
        .collect();
    (ranked.order.iter().map(|p| p + 1).collect(), seps)
}

#[test]
fn seed1_chain_puts_6_ahead_of_4_by_games_with_black() {
    let s = scoring();
    let c = chain(&[
        BH,
        Criterion::Wins {
            count: WinsCount::Played,
        },
        Criterion::Fouls,
        Criterion::BlackGames,
        Criterion::Lots,
    ]);
    let (order, seps) = order_of(swiss_example(&s), &s, &c);
    assert_eq!(order, vec![1, 6, 4, 3, 2, 5]);
    assert_eq!(seps, vec!["6 before 4: 后手局数 2 1"]);
}

#[test]
fn progressive_chain_puts_6_ahead_by_9_to_8() {
    let s = scoring();
    let c = chain(&[Criterion::Progressive { cut: 0 }]);
    let (order, seps) = order_of(swiss_example(&s), &s, &c);
    assert_eq!(order, vec![1, 6, 4, 3, 2, 5]);
    assert_eq!(seps, vec!["6 before 4: 累进分 9 8"]);
}

#[test]
fn sonneborn_berger_puts_4_ahead_by_5_5_to_4_5() {
    let s = scoring();
    let c = chain(&[Criterion::SonnebornBerger]);
    let (order, seps) = order_of(swiss_example(&s), &s, &c);
    assert_eq!(order, vec![1, 4, 6, 3, 2, 5]);
    assert_eq!(seps, vec!["4 before 6: 小分 5.5 4.5"]);
}

/// domain.md 5.3 on the 5.2 example (6 and 4 tied on 4 points): (A) 6 first, (B) 4, (C) 4.
#[test]
fn countback_variants_a_b_c_on_the_5_2_example() {
    let s = scoring();
    let cases = [
        (
            CountbackVariant::Cumulative,
            vec![1, 6, 4, 3, 2, 5],
            "6 before 4: 比较前一轮成绩 3/2 3/1",
            ("3/2", "3/1"),
        ),
        (
            CountbackVariant::OppReverse,
            vec![1, 4, 6, 3, 2, 5],
            "4 before 6: 比较前一轮成绩 5/3/0 5/0/0",
            ("5/0/0", "5/3/0"),
        ),
        (
            CountbackVariant::RoundResult,
            vec![1, 4, 6, 3, 2, 5],
            "4 before 6: 比较前一轮成绩 1/2/1 1/1/2",
            ("1/1/2", "1/2/1"),
        ),
    ];
    for (variant, order, sep, (six, four)) in cases {
        let c = chain(&[Criterion::Countback {
            variant,
            bye_score: None,
        }]);
        let t = Table {
            competitors: swiss_example(&s),
            scoring: &s,
            fields: Vec::new(),
        };
        assert_eq!(
            value(
                &t,
                6,
                Criterion::Countback {
                    variant,
                    bye_score: None,
                }
            ),
            six,
            "{variant:?} of 6"
        );
        assert_eq!(
            value(
                &t,
                4,
                Criterion::Countback {
                    variant,
                    bye_score: None,
                }
            ),
            four,
            "{variant:?} of 4"
        );
        let (got, seps) = order_of(swiss_example(&s), &s, &c);
        assert_eq!(got, order, "{variant:?}");
        assert_eq!(seps, vec![sep.to_string()], "{variant:?}");
    }
}

/// domain.md 5.4: 1-4 1–0, 2-3 =; 4-3 1–0, 1-2 =; 2-4 1–0, 3-1 1–0.
fn rr_example(s: &Scoring) -> Vec<Competitor> {
    table(
        4,
        &[
            (1, 1, 4, R::RedWins),
            (1, 2, 3, R::Draw),
            (2, 4, 3, R::RedWins),
            (2, 1, 2, R::Draw),
            (3, 2, 4, R::RedWins),
            (3, 3, 1, R::RedWins),
        ],
        s,
    )
}

#[test]
fn the_round_robin_example_of_5_4() {
    let s = scoring();
    let t = Table {
        competitors: rr_example(&s),
        scoring: &s,
        fields: Vec::new(),
    };
    // Totals: 1 → 3, 2 → 4, 3 → 3, 4 → 2.
    for (p, total) in [(1, "3"), (2, "4"), (3, "3"), (4, "2")] {
        assert_eq!(value(&t, p, Criterion::Points), total, "total of {p}");
    }
    // 小分: p1 = 2·1 + 4·½ + 3·0 = 4; p3 = 4·½ + 2·0 + 3·1 = 5 (domain.md); and by the same
    // definition p2 = 2·1 + 3·½ + 3·½ = 5, p4 = 3·1 = 3.
    for (p, sb) in [(1, "4"), (3, "5"), (2, "5"), (4, "3")] {
        assert_eq!(value(&t, p, Criterion::SonnebornBerger), sb, "小分 of {p}");
    }
    // The SEED0 chain: 小分 separates 3 from 1 before head-to-head is needed.
    let c = chain(&[
        Criterion::SonnebornBerger,
        Criterion::HeadToHead {
            mode: HeadToHeadMode::TwoOnly,
        },
        Criterion::Lots,
    ]);
    let (order, seps) = order_of(rr_example(&s), &s, &c);
    assert_eq!(order, vec![2, 3, 1, 4]);
    assert_eq!(seps, vec!["3 before 1: 小分 5 4"]);
    // Head-to-head alone gives the same order: 3 beat 1.
    let c = chain(&[Criterion::HeadToHead {
        mode: HeadToHeadMode::TwoOnly,
    }]);
    let (order, seps) = order_of(rr_example(&s), &s, &c);
    assert_eq!(order, vec![2, 3, 1, 4]);
    assert_eq!(seps, vec!["3 before 1: 两人对赛胜负 2 0"]);
}

#[test]
fn head_to_head_black_and_fouls() {
    let s = scoring();
    // 1 and 2 drew with 2 in Black; both beat 3.
    let mut comps = table(
        3,
        &[
            (1, 1, 2, R::Draw),
            (2, 1, 3, R::RedWins),
            (3, 3, 2, R::BlackWins),
        ],
        &s,
    );
    let c = chain(&[Criterion::HeadToHeadBlack]);
    let (order, seps) = order_of(comps.clone(), &s, &c);
    assert_eq!(order, vec![2, 1, 3]);
    assert_eq!(seps, vec!["2 before 1: 两人对赛执后手 1 0"]);
    // Fewer fouls first: give 2 more fouls.
    comps[1].fouls = 3;
    comps[0].fouls = 1;
    let c = chain(&[Criterion::Fouls]);
    let (order, _) = order_of(comps, &s, &c);
    assert_eq!(order, vec![1, 2, 3]);
}

#[test]
fn mini_table_orders_a_three_way_tie_and_two_only_stays_silent() {
    let s = scoring();
    // 1, 2, 3 each end on 4 points: 1 beat 2 and 3, 2 beat 3; each scored the rest against
    // 4, 5, 6 (who are not tied with them). Mini-table: 1 → 4, 2 → 2, 3 → 0.
    let comps = table(
        6,
        &[
            (1, 1, 2, R::RedWins),
            (1, 3, 4, R::RedWins),
            (1, 5, 6, R::Draw),
            (2, 1, 3, R::RedWins),
            (2, 2, 5, R::RedWins),
            (2, 4, 6, R::Draw),
            (3, 2, 3, R::RedWins),
            (3, 4, 1, R::RedWins),
            (3, 6, 5, R::Draw),
            (4, 3, 6, R::RedWins),
            (4, 5, 1, R::RedWins),
            (4, 4, 2, R::RedWins),
        ],
        &s,
    );
    let t = Table {
        competitors: comps.clone(),
        scoring: &s,
        fields: Vec::new(),
    };
    for p in 1..=3 {
        assert_eq!(value(&t, p, Criterion::Points), "4", "points of {p}");
    }
    let c = chain(&[Criterion::HeadToHead {
        mode: HeadToHeadMode::MiniTable,
    }]);
    let (order, seps) = order_of_subset(comps.clone(), &[0, 1, 2], &s, &c);
    let pos = |p: usize| order.iter().position(|&x| x == p).expect("ranked");
    assert!(pos(1) < pos(2) && pos(2) < pos(3), "{order:?}");
    assert!(
        seps.contains(&"1 before 2: 两人对赛胜负 4 2".to_string()),
        "{seps:?}"
    );
    assert!(
        seps.contains(&"2 before 3: 两人对赛胜负 2 0".to_string()),
        "{seps:?}"
    );
    // `two_only` does not apply to three tied players: the tie goes on to the next criterion.
    let c = chain(&[
        Criterion::HeadToHead {
            mode: HeadToHeadMode::TwoOnly,
        },
        Criterion::BlackWins,
        Criterion::Lots,
    ]);
    let t = Table {
        competitors: comps,
        scoring: &s,
        fields: Vec::new(),
    };
    let mut lots = Lots::new(7, 0);
    let ranked = rank(&t, &[0, 1, 2], &c, Primary::Points, &mut lots);
    assert!(ranked
        .separations
        .iter()
        .all(|x| !matches!(x.criterion, Criterion::HeadToHead { .. })));
}

#[test]
fn board_countback_compares_board_1_then_board_2() {
    // Three teams level on match and game points: board points 6/0, 3/3 and 6/1 (the third
    // has a game point more over all: it is not level on game points, so it ranks first on
    // `game_points`); board countback then puts 6/0 before 3/3, whatever the roster order.
    let s = scoring();
    let team = |mp: i64, boards: &[i64]| Competitor {
        match_points: mp,
        game_points: boards.iter().sum(),
        board_points: boards.to_vec(),
        ..Competitor::default()
    };
    let comps = vec![team(3, &[3, 3]), team(3, &[6, 0]), team(3, &[6, 1])];
    let t = Table {
        competitors: comps,
        scoring: &s,
        fields: Vec::new(),
    };
    let c = chain(&[Criterion::GamePoints, Criterion::BoardCountback]);
    let mut lots = Lots::new(1, 0);
    let ranked = rank(&t, &[0, 1, 2], &c, Primary::MatchPoints, &mut lots);
    assert!(ranked.lots.is_empty());
    assert_eq!(ranked.order, vec![2, 1, 0]);
    let last = ranked
        .separations
        .iter()
        .find(|s| s.criterion == Criterion::BoardCountback)
        .expect("a board countback separation");
    assert_eq!((last.above, last.below), (1, 0));
    assert_eq!(
        (last.above_value.display(), last.below_value.display()),
        ("6/0".to_string(), "3/3".to_string())
    );
}

#[test]
fn a_bye_counts_the_lowest_total_of_its_own_group_when_groups_are_ranked_together() {
    // Group A (players 1-3): 1 beats 2, 2 draws 3, 3 draws 1, and 3 has a bye in round 1:
    // totals 3, 1, 4. Group B (players 4-5): 4 beats 5 twice: totals 4, 0. Ranked together
    // (`places … ranked_by`), 3's bye counts group A's lowest total (1), not group B's 0.
    let s = scoring();
    let mut comps = table(
        5,
        &[
            (1, 1, 2, R::RedWins),
            (2, 2, 3, R::Draw),
            (3, 3, 1, R::Draw),
            (1, 4, 5, R::RedWins),
            (2, 5, 4, R::BlackWins),
        ],
        &s,
    );
    comps[2].records.push(Record {
        round: 1,
        opponent: None,
        side: None,
        kind: RecordKind::Bye,
        points: s.win,
    });
    let together = |fields: Vec<std::ops::Range<usize>>| Table {
        competitors: comps.clone(),
        scoring: &s,
        fields,
    };
    let totals: Vec<String> = (1..=5)
        .map(|p| value(&together(Vec::new()), p, Criterion::Points))
        .collect();
    assert_eq!(totals, ["3", "1", "4", "4", "0"]);
    // Opponents 2 (1) and 1 (3), and the bye: group A's lowest, 1.
    assert_eq!(value(&together(vec![0..3, 3..5]), 3, BH), "5");
    // One field (a single group's table): the lowest of all, 0.
    assert_eq!(value(&together(Vec::new()), 3, BH), "4");
}
