//! Seed 004 (周庄杯) as a hand-built plan: the shape the compiler gives examples/004.

use super::{chain, ladder_004, o, place_ref, time, CXA_CHAIN};
use std::collections::BTreeMap;
use xqreg_runtime::plan::*;

fn named(g: &str) -> GroupSel {
    GroupSel::Named(g.to_string())
}

fn knockout_final(name: &str, place: u32, places: PlaceRange) -> Stage {
    Stage {
        name: name.to_string(),
        title: None,
        title_en: None,
        entrants: ["A", "B", "C", "D"]
            .iter()
            .map(|g| EntrantSource::Places {
                place: place_ref("groups", named(g), place, place),
                origin: o("entrants"),
            })
            .collect(),
        format: StageFormat::Knockout(Knockout {
            bracket: Bracket::Pairs {
                pairs: vec![
                    (
                        BracketSlot::Place(place_ref("groups", named("A"), place, place)),
                        BracketSlot::Place(place_ref("groups", named("B"), place, place)),
                    ),
                    (
                        BracketSlot::Place(place_ref("groups", named("C"), place, place)),
                        BracketSlot::Place(place_ref("groups", named("D"), place, place)),
                    ),
                ],
            },
            games: 1,
            third_place: true,
            placement: false,
            only_if_tied: None,
            colours: ColourRule::Lot,
            team: None,
            origin: o("knockout"),
        }),
        scoring: Scoring::cxa_default(Origin::default_rule("default: CXA 2011 scoring 2/1/0")),
        time: Some("standard".to_string()),
        tiebreak: chain(&[]),
        playoff: Some(ladder_004()),
        places: Some(places),
        cap: None,
        team_colours: None,
        origin: o("stage"),
    }
}

/// Seed 004 (周庄杯): 32 players in pools champions 15, rated 9, taipei 8; 4 groups of 8 drawn
/// with taipei 2 per group in list order, rating places 1..4 one per group, the rest at random,
/// same unit avoided; single round robin; group winners → knockout for 1-4, runners-up → 5-8,
/// third place matches; places 9..16 shared by the 3rd and 4th of each group; prizes
/// 80000 40000 30000 20000 10000 8000 5000 3000, 9..16 1000 each = 204,000 CNY.
pub fn seed004() -> Plan {
    let scoring = Scoring::cxa_default(Origin::default_rule(
        "default: CXA 2011 scoring 2/1/0 (domain.md 2)",
    ));
    let mut time_controls = BTreeMap::new();
    time_controls.insert(
        "standard".to_string(),
        time("standard", 1200, 1200, 20, None),
    );
    time_controls.insert("rapid".to_string(), time("rapid", 300, 300, 5, None));
    time_controls.insert(
        "armageddon".to_string(),
        time("armageddon", 360, 300, 0, Some(Side::Black)),
    );
    let pool = |name: &str, size: u32, unit: Option<&str>| Pool {
        size: Some(size),
        sex: Some(Sex::Men),
        unit: unit.map(str::to_string),
        ..Pool::new(name.to_string(), o("pool"))
    };
    let groups = groups_004(scoring.clone());
    Plan {
        version: PLAN_VERSION,
        meta: EventMeta {
            title: "第四届“周庄杯”海峡两岸象棋大师赛".to_string(),
            title_en: Some("4th Zhouzhuang Cup".to_string()),
            edition: Some(4),
            dates: Some((Date::new(2014, 4, 27), Date::new(2014, 4, 29))),
            venue: Some("江苏省昆山市周庄镇".to_string()),
            rulebook: Some("asian".to_string()),
            first_day: Some(Date::new(2014, 4, 27)),
            origin: o("regulation"),
        },
        rng: RngSpec {
            algorithm: RngAlgorithm::Chacha8,
            origin: Origin::default_rule("default: ChaCha8 (DESIGN.md)"),
        },
        scoring,
        time_controls,
        entry: Entry {
            field: Field::Exact {
                size: 32,
                origin: o("field 32"),
            },
            pools: vec![
                pool("champions", 15, None),
                pool("rated", 9, None),
                pool("taipei", 8, Some("中华台北")),
            ],
            players: Vec::new(),
            conditions: vec![Condition::Sex {
                sex: Sex::Men,
                origin: o("sex men"),
            }],
            quotas: Vec::new(),
            team_size: None,
            teams: Vec::new(),
            origin: o("entry"),
        },
        categories: BTreeMap::new(),
        stages: vec![
            groups,
            knockout_final("final_a", 1, PlaceRange::new(1, 4)),
            knockout_final("final_b", 2, PlaceRange::new(5, 8)),
        ],
        places: vec![PlacesDecl {
            places: PlaceRange::new(9, 16),
            rule: PlacesRule::Shared,
            sources: vec![place_ref("groups", GroupSel::All, 3, 4)],
            title: Some("小组第三、四名并列第九名".to_string()),
            origin: o("places 9..16 shared"),
        }],
        rankings: Vec::new(),
        board_prizes: Vec::new(),
        one_cash_prize: None,
        prizes: vec![prizes_004()],
        qualification: Vec::new(),
        conduct: Conduct {
            withdraw_after_forfeits: None,
            fouls_per_game_loss: None,
            origin: o("conduct"),
        },
    }
}

/// 004's group stage: 4 groups of 8 drawn by pool quota, rating seeds and lot, single round robin.
fn groups_004(scoring: Scoring) -> Stage {
    Stage {
        name: "groups".to_string(),
        title: Some("小组赛".to_string()),
        title_en: None,
        entrants: vec![EntrantSource::Roster {
            origin: Origin::default_rule("default: the first stage takes the roster"),
        }],
        format: StageFormat::RoundRobin(RoundRobin {
            cycles: Cycles::Single,
            groups: vec!["A".into(), "B".into(), "C".into(), "D".into()],
            group_size: Some(8),
            draw: Some(GroupDraw {
                rules: vec![
                    DrawRule::PoolQuota {
                        pool: "taipei".into(),
                        per_group: 2,
                        order: DrawOrder::ListOrder,
                        origin: o("pool taipei 2 per_group in list_order"),
                    },
                    DrawRule::RatingSeeds {
                        places: PlaceRange::new(1, 4),
                        origin: o("rating 1..4 one_per_group"),
                    },
                    DrawRule::Rest {
                        order: DrawOrder::Random,
                        origin: o("rest random"),
                    },
                ],
                avoid_same_unit: true,
                avoid_by: AvoidBy::Unit,
                origin: o("draw"),
            }),
            numbers: Numbers::Lot {
                origin: o("numbers lot"),
            },
            swap_last_two: false,
            colours: ColourRule::FirstListedRed,
            origin: o("round_robin"),
        }),
        scoring,
        time: Some("standard".to_string()),
        tiebreak: chain(CXA_CHAIN),
        playoff: None,
        places: None,
        cap: None,
        team_colours: None,
        origin: o("stage groups"),
    }
}

/// 004's prize table: 80000 … 3000 for places 1-8, 1000 each for 9..16, a trophy for the first.
fn prizes_004() -> PrizeTable {
    let line = |from: u32, to: u32, amount: u64| PrizeLine {
        key: PrizeKey::Places {
            places: PlaceRange::new(from, to),
        },
        amount: Some(amount),
        currency: None,
        items: if from == 1 {
            vec![PrizeItem::Trophy]
        } else {
            Vec::new()
        },
        origin: o("prize line"),
    };
    PrizeTable {
        category: None,
        title: Some("奖金".to_string()),
        title_en: None,
        currency: "CNY".to_string(),
        tax: Some(Tax::AfterTax),
        lines: vec![
            line(1, 1, 80000),
            line(2, 2, 40000),
            line(3, 3, 30000),
            line(4, 4, 20000),
            line(5, 5, 10000),
            line(6, 6, 8000),
            line(7, 7, 5000),
            line(8, 8, 3000),
            line(9, 16, 1000),
        ],
        total: Some(204_000),
        limit: None,
        origin: o("prizes"),
    }
}
