//! Hand-built plans shaped like seeds 000, 003 (invitational) and 002 (professional section),
//! run for seeds 1..20: every decided place once, prizes paid exactly, same seed → same bytes.

mod common;

use common::*;
use std::collections::BTreeMap;
use xqreg_runtime::pairing::lots::{Lots, STREAM_ROSTER};
use xqreg_runtime::plan::*;
use xqreg_runtime::{generate_roster, run, Plan, RecordedResults};

fn prize_lines(amounts: &[(u32, u32, u64)]) -> Vec<PrizeLine> {
    amounts
        .iter()
        .map(|&(from, to, amount)| PrizeLine {
            key: PrizeKey::Places {
                places: PlaceRange::new(from, to),
            },
            amount: Some(amount),
            currency: None,
            items: Vec::new(),
            origin: o("prize"),
        })
        .collect()
}

fn table(category: Option<&str>, lines: Vec<PrizeLine>) -> PrizeTable {
    PrizeTable {
        category: category.map(str::to_string),
        title: None,
        title_en: None,
        currency: "CNY".into(),
        tax: Some(Tax::BeforeTax),
        lines,
        total: None,
        limit: None,
        origin: o("prizes"),
    }
}

fn group_stage(groups: &[&str], size: u32, rules: Vec<DrawRule>) -> Stage {
    let mut s = round_robin_stage("groups", groups, CXA_CHAIN);
    if let StageFormat::RoundRobin(rr) = &mut s.format {
        rr.group_size = Some(size);
        rr.numbers = Numbers::Lot {
            origin: o("numbers lot"),
        };
        rr.draw = group_draw(rules, false);
    }
    s
}

/// Seed 000: 2 groups of 6 → same-place matches for 1..12 with the four-step ladder; prizes
/// 100000 50000 30000 20000 15000 12000, 7..12 10000 each = 287,000.
fn seed000() -> Plan {
    let groups = group_stage(
        &["A", "B"],
        6,
        vec![rest_draw(DrawOrder::Random, "rest random")],
    );
    let final_stage = Stage {
        name: "final".into(),
        title: None,
        title_en: None,
        entrants: vec![EntrantSource::Places {
            place: place_ref("groups", GroupSel::All, 1, 6),
            origin: o("entrants"),
        }],
        format: StageFormat::SamePlace(SamePlace {
            groups: vec![("groups".into(), "A".into()), ("groups".into(), "B".into())],
            places: PlaceRange::new(1, 12),
            games: 1,
            colours: ColourRule::Lot,
            origin: o("same_place"),
        }),
        scoring: Scoring::cxa_default(o("scoring")),
        time: Some("standard".into()),
        tiebreak: chain(&[]),
        playoff: Some(ladder_000()),
        places: Some(PlaceRange::new(1, 12)),
        cap: None,
        team_colours: None,
        origin: o("stage final"),
    };
    let mut plan = plan_with(12, vec![groups, final_stage]);
    plan.prizes = vec![table(
        None,
        prize_lines(&[
            (1, 1, 100_000),
            (2, 2, 50_000),
            (3, 3, 30_000),
            (4, 4, 20_000),
            (5, 5, 15_000),
            (6, 6, 12_000),
            (7, 12, 10_000),
        ]),
    )];
    plan
}

fn cross(name: &str, a: u32, b: u32, places: PlaceRange) -> Stage {
    let slot =
        |g: &str, p: u32| BracketSlot::Place(place_ref("groups", GroupSel::Named(g.into()), p, p));
    let mut s = knockout_stage(
        name,
        Bracket::Pairs {
            pairs: vec![(slot("A", a), slot("B", b)), (slot("B", a), slot("A", b))],
        },
        1,
        true,
        false,
        Some(PlayoffChain {
            name: None,
            steps: vec![
                PlayoffStep {
                    kind: PlayoffStepKind::Game {
                        time: "rapid".into(),
                        colours: ColourRule::Swap,
                        games: 1,
                    },
                    origin: o("rapid"),
                },
                PlayoffStep {
                    kind: PlayoffStepKind::Armageddon {
                        time: "armageddon".into(),
                        colours: ColourRule::Lot,
                        draw_goes_to: Side::Black,
                    },
                    origin: o("armageddon"),
                },
            ],
            origin: o("playoff"),
        }),
    );
    s.entrants = vec![
        EntrantSource::Places {
            place: place_ref("groups", GroupSel::All, a, a),
            origin: o("entrants"),
        },
        EntrantSource::Places {
            place: place_ref("groups", GroupSel::All, b, b),
            origin: o("entrants"),
        },
    ];
    s.places = Some(places);
    s
}

/// Seed 003 invitational: pots (2 Chinese men 1 per group, 6 foreign 3 per group, 4 Chinese
/// women 2 per group) into 2 groups of 6; cross knockouts A1–B2, B1–A2 for 1..4, 3/4 for 5..8,
/// 5/6 for 9..12; prizes 30000 20000 10000 9000 8000 7000 6000 6000 5000 5000 4000 4000.
fn seed003() -> Plan {
    let pot = |title: &str, ids: &[&str], per: u32| DrawRule::Pot {
        title: Some(title.into()),
        members: ids.iter().map(|s| s.to_string()).collect(),
        per_group: per,
        origin: o("pot"),
    };
    let groups = group_stage(
        &["A", "B"],
        6,
        vec![
            pot("中国男子", &["p1", "p2"], 1),
            pot("境外", &["p3", "p4", "p5", "p6", "p7", "p8"], 3),
            pot("中国女子", &["p9", "p10", "p11", "p12"], 2),
        ],
    );
    let mut plan = plan_with(
        12,
        vec![
            groups,
            cross("ko_1_4", 1, 2, PlaceRange::new(1, 4)),
            cross("ko_5_8", 3, 4, PlaceRange::new(5, 8)),
            cross("ko_9_12", 5, 6, PlaceRange::new(9, 12)),
        ],
    );
    plan.prizes = vec![table(
        None,
        prize_lines(&[
            (1, 1, 30000),
            (2, 2, 20000),
            (3, 3, 10000),
            (4, 4, 9000),
            (5, 5, 8000),
            (6, 6, 7000),
            (7, 8, 6000),
            (9, 10, 5000),
            (11, 12, 4000),
        ]),
    )];
    plan
}

/// Seed 002 professional section: a single round robin of an assumed 8 (名额不限), ranked by
/// 对手分, 胜局, 犯规, 后走局数, then countback; prizes 10000 4000 2500 500 500 500 = 18,000.
fn seed002_pro() -> Plan {
    let mut rr = round_robin_stage(
        "pro",
        &[],
        &[
            Criterion::OpponentsScore {
                cut: 0,
                bye_score: ByeScore::LowestInField,
            },
            Criterion::Wins {
                count: WinsCount::Played,
            },
            Criterion::Fouls,
            Criterion::BlackGames,
            Criterion::Countback {
                variant: CountbackVariant::Cumulative,
                bye_score: None,
            },
            Criterion::Lots,
        ],
    );
    rr.places = Some(PlaceRange::new(1, 8));
    if let StageFormat::RoundRobin(r) = &mut rr.format {
        r.numbers = Numbers::Lot {
            origin: o("numbers lot"),
        };
    }
    let mut plan = plan_with(8, vec![rr]);
    plan.entry.field = Field::Open {
        assumed: Some(8),
        origin: o("assume field 8"),
    };
    let mut t = table(
        None,
        prize_lines(&[(1, 1, 10000), (2, 2, 4000), (3, 3, 2500), (4, 6, 500)]),
    );
    t.lines[0].items = vec![
        PrizeItem::Trophy,
        PrizeItem::Other {
            name: "棋王杯".into(),
        },
    ];
    t.lines[1].items = vec![PrizeItem::Medal {
        metal: Some("silver".into()),
    }];
    t.lines[2].items = vec![PrizeItem::Medal {
        metal: Some("bronze".into()),
    }];
    plan.prizes = vec![t];
    plan
}

fn check(plan: &Plan, field: u32, places: &[u32], total: u64) {
    runs_soundly(plan, field, places, total);
}

#[test]
fn seed000_same_place_matches() {
    let plan = seed000();
    check(&plan, 12, &(1..=12).collect::<Vec<_>>(), 287_000);
}

#[test]
fn seed003_invitational_cross_knockouts() {
    let plan = seed003();
    let mut rng = Lots::new(1, STREAM_ROSTER);
    let roster = generate_roster(&plan, 12, &mut rng).expect("roster");
    assert_eq!(
        roster
            .players
            .iter()
            .map(|p| p.id.as_str())
            .collect::<Vec<_>>(),
        (1..=12).map(|i| format!("p{i:03}")).collect::<Vec<_>>()
    );
    // The pots name p1..p12; a generated roster uses p001..: rename for the test.
    let mut plan = plan;
    if let StageFormat::RoundRobin(rr) = &mut plan.stages[0].format {
        if let Some(d) = &mut rr.draw {
            for rule in &mut d.rules {
                if let DrawRule::Pot { members, .. } = rule {
                    for m in members.iter_mut() {
                        *m = format!(
                            "p{:03}",
                            m.trim_start_matches('p').parse::<u32>().expect("number")
                        );
                    }
                }
            }
        }
    }
    check(&plan, 12, &(1..=12).collect::<Vec<_>>(), 114_000);
    let out = run(&plan, &roster, &RecordedResults::default(), 3).expect("runs");
    for g in &out.stages[0].groups {
        let ids: Vec<&str> = g.standings.iter().map(|s| s.id.as_str()).collect();
        let count = |set: &[&str]| ids.iter().filter(|i| set.contains(i)).count();
        assert_eq!(count(&["p001", "p002"]), 1);
        assert_eq!(count(&["p003", "p004", "p005", "p006", "p007", "p008"]), 3);
        assert_eq!(count(&["p009", "p010", "p011", "p012"]), 2);
    }
    // Cross pairs: A1 v B2 and B1 v A2.
    let a = &out.stages[0].groups[0].standings;
    let b = &out.stages[0].groups[1].standings;
    let semis: Vec<(String, String)> = out.stages[1]
        .matches
        .iter()
        .filter(|m| m.label == "semi-final")
        .map(|m| (m.a.clone(), m.b.clone()))
        .collect();
    assert_eq!(
        semis,
        vec![
            (a[0].id.clone(), b[1].id.clone()),
            (b[0].id.clone(), a[1].id.clone())
        ]
    );
}

#[test]
fn seed002_professional_round_robin() {
    let plan = seed002_pro();
    check(&plan, 8, &(1..=8).collect::<Vec<_>>(), 18_000);
    let mut rng = Lots::new(1, STREAM_ROSTER);
    let roster = generate_roster(&plan, 8, &mut rng).expect("roster");
    let out = run(&plan, &roster, &RecordedResults::default(), 1).expect("runs");
    let first = out.prizes.iter().find(|p| p.place == 1).expect("a winner");
    assert_eq!(
        first.items,
        vec![
            PrizeItem::Trophy,
            PrizeItem::Other {
                name: "棋王杯".into()
            }
        ]
    );
    assert_eq!(out.games, 28);
}

#[test]
fn withdrawal_after_two_forfeits_forfeits_the_rest() {
    let mut plan = round_robin_plan(6, &[Criterion::SonnebornBerger, Criterion::Lots]);
    plan.conduct.withdraw_after_forfeits = Some(2);
    // Numbers by registration order: p1 is 1: round 1 1-6, round 2 1-2 (Berger, 6 players).
    let results = RecordedResults {
        games: vec![
            game("rr", 1, "p1", "p6", "-+", None, None),
            game("rr", 2, "p1", "p2", "-+", None, None),
        ],
        rest: xqreg_runtime::engine::RestRule::Rating,
        ..Default::default()
    };
    let out = run(&plan, &players(6), &results, 1).expect("runs");
    assert_eq!(out.withdrawn.len(), 1);
    assert_eq!(out.withdrawn[0].id, "p1");
    assert_eq!(out.withdrawn[0].after_round, 2);
    let p1_later: Vec<&str> = out.stages[0]
        .games
        .iter()
        .filter(|g| g.round > 2 && (g.red == "p1" || g.black == "p1"))
        .map(|g| g.result)
        .collect();
    assert_eq!(p1_later.len(), 3);
    assert!(
        p1_later.iter().all(|r| *r == "+-" || *r == "-+"),
        "{p1_later:?}"
    );
    assert!(out
        .transcript
        .iter()
        .any(|t| t.text.contains("p1 is withdrawn after 2 forfeits")));
    let p1 = out.stages[0].groups[0]
        .standings
        .iter()
        .find(|s| s.id == "p1")
        .expect("p1");
    assert_eq!(p1.points, Some(0));
}

#[test]
fn prizes_per_category_with_shared_places_and_qualification_next_in_line() {
    // 8 players, a single round robin decided by rating; p1..p4 men, p5..p8 women.
    let mut rr = round_robin_stage("rr", &[], &[Criterion::Lots]);
    rr.places = Some(PlaceRange::new(1, 8));
    let mut plan = plan_with(8, vec![rr]);
    for (name, sex) in [("men", Sex::Men), ("women", Sex::Women)] {
        plan.categories.insert(
            name.into(),
            Category {
                sex: Some(sex),
                ..Category::new(name.into(), o("category"))
            },
        );
    }
    let mut women = table(
        Some("women"),
        prize_lines(&[(1, 1, 500), (2, 2, 300), (3, 4, 101)]),
    );
    women.lines[0].items = vec![PrizeItem::Trophy];
    plan.prizes = vec![
        table(Some("men"), prize_lines(&[(1, 1, 1000), (2, 2, 600)])),
        women,
    ];
    plan.qualification = vec![Qualification {
        title: "全国总决赛".into(),
        title_en: None,
        quotas: vec![
            Quota {
                category: Some("men".into()),
                count: 1,
                origin: o("men 1"),
            },
            Quota {
                category: Some("women".into()),
                count: 2,
                origin: o("women 2"),
            },
        ],
        replacement: Replacement {
            next_in_line: true,
            until: None,
        },
        origin: o("qualification"),
    }];
    let mut roster = players(8);
    for p in roster.players.iter_mut().skip(4) {
        p.sex = Some(Sex::Women);
    }
    let results = RecordedResults {
        rest: xqreg_runtime::engine::RestRule::Rating,
        declined: vec!["p5".into()],
        ..Default::default()
    };
    let out = run(&plan, &roster, &results, 1).expect("runs");
    let paid: BTreeMap<(Option<String>, String), u64> = out
        .prizes
        .iter()
        .map(|p| ((p.category.clone(), p.id.clone()), p.amount))
        .collect();
    assert_eq!(paid.get(&(Some("men".into()), "p1".into())), Some(&1000));
    assert_eq!(paid.get(&(Some("men".into()), "p2".into())), Some(&600));
    assert_eq!(paid.get(&(Some("women".into()), "p5".into())), Some(&500));
    assert_eq!(paid.get(&(Some("women".into()), "p7".into())), Some(&101));
    assert_eq!(
        out.prize_totals.get("CNY"),
        Some(&(1000 + 600 + 500 + 300 + 202))
    );
    let q: Vec<(&str, Option<&str>)> = out
        .qualifiers
        .iter()
        .map(|q| (q.id.as_str(), q.replaces.as_deref()))
        .collect();
    // Men: p1. Women: p5 declines; p6 (2nd) qualifies; p7 takes p5's place as next in line.
    assert_eq!(q, vec![("p1", None), ("p6", None), ("p7", Some("p5"))]);
}

#[test]
fn equal_shares_on_shared_places_pool_the_money() {
    // A knockout of 4 without third place: the losing semi-finalists share 3rd and the money of
    // places 3 and 4 (3000 + 1001) in equal shares: 2000 and 2001 (the odd unit by id order).
    let ko = seeded_knockout(4).places(4).stage();
    let mut plan = plan_with(4, vec![ko]);
    plan.prizes = vec![table(
        None,
        prize_lines(&[(1, 1, 5000), (2, 2, 4000), (3, 3, 3000), (4, 4, 1001)]),
    )];
    let results = RecordedResults {
        rest: xqreg_runtime::engine::RestRule::Rating,
        ..Default::default()
    };
    let out = run(&plan, &players(4), &results, 1).expect("runs");
    let third: Vec<(&str, u64, bool)> = out
        .prizes
        .iter()
        .filter(|p| p.place == 3)
        .map(|p| (p.id.as_str(), p.amount, p.shared))
        .collect();
    assert_eq!(third, vec![("p3", 2001, true), ("p4", 2000, true)]);
    assert_eq!(out.prize_totals.get("CNY"), Some(&13_001));
}
