//! Bad rosters: one problem per fault with its CSV row and column, and nothing drawn or run.

mod common;

use common::*;
use xqreg_runtime::plan::*;
use xqreg_runtime::{run, validate_roster, Plan, RecordedResults, Roster};

/// 16 players for 4 groups of 4 with same-unit avoidance.
fn grouped_plan() -> Plan {
    let mut stage = round_robin_stage(
        "groups",
        &["A", "B", "C", "D"],
        &[Criterion::SonnebornBerger, Criterion::Lots],
    );
    if let StageFormat::RoundRobin(rr) = &mut stage.format {
        rr.group_size = Some(4);
        rr.draw = group_draw(vec![rest_draw(DrawOrder::Random, "rest random")], true);
    }
    plan_with(16, vec![stage])
}

fn codes(problems: &[xqreg_runtime::RuntimeProblem]) -> Vec<(String, Option<u32>, Option<String>)> {
    problems
        .iter()
        .map(|p| (p.code.clone(), p.row, p.column.clone()))
        .collect()
}

/// The message of the one problem `validate_roster` finds in `roster`: a draw that cannot be
/// made (R005), about the roster as a whole (no row, no column); a run refuses it the same.
fn the_r005(plan: &Plan, roster: &Roster) -> String {
    let problems = validate_roster(plan, roster);
    assert_eq!(codes(&problems), vec![("R005".to_string(), None, None)]);
    let err = run(plan, roster, &RecordedResults::default(), 1).expect_err("no draw");
    assert_eq!(err[0].code, "R005");
    problems[0].message.clone()
}

#[test]
fn five_players_of_one_unit_for_four_groups_is_reported_before_any_draw() {
    let plan = grouped_plan();
    let mut roster = players(16);
    for p in roster.players.iter_mut().take(5) {
        p.unit = Some("北京".to_string());
    }
    let message = the_r005(&plan, &roster);
    assert!(
        message.contains("5 players of unit `北京` (p1, p2, p3, p4, p5) for 4 groups"),
        "{message}"
    );
    // Four of one unit is fine: one per group.
    roster.players[4].unit = Some("u5".to_string());
    assert_eq!(validate_roster(&plan, &roster), vec![]);
    let out = run(&plan, &roster, &RecordedResults::default(), 1).expect("runs");
    for g in &out.stages[0].groups {
        let beijing = g
            .standings
            .iter()
            .filter(|s| ["p1", "p2", "p3", "p4"].contains(&s.id.as_str()))
            .count();
        assert_eq!(beijing, 1);
    }
}

#[test]
fn more_rating_seeds_than_groups_is_impossible() {
    let mut stage = round_robin_stage("groups", &["A", "B"], &[Criterion::Lots]);
    if let StageFormat::RoundRobin(rr) = &mut stage.format {
        rr.group_size = Some(4);
        rr.draw = group_draw(
            vec![
                DrawRule::RatingSeeds {
                    places: PlaceRange::new(1, 3),
                    origin: o("rating 1..3 one_per_group"),
                },
                rest_draw(DrawOrder::Random, "rest"),
            ],
            false,
        );
    }
    let plan = plan_with(8, vec![stage]);
    let message = the_r005(&plan, &players(8));
    assert!(
        message.contains("rating places 1..3: 3 players, but at most 1 per group in 2 groups"),
        "{message}"
    );
}

/// Three groups of two; a pot of p1, p2, p3 (one unit, exempt among themselves) one per group;
/// p4, p5, p6 of the same unit in the rest. No unit has more non-pot players than groups, so
/// no count rules it out, but every group already holds a player of that unit: only the
/// search finds that no draw exists, and it says so before drawing.
#[test]
fn a_draw_only_the_search_rules_out() {
    let mut stage = round_robin_stage("groups", &["A", "B", "C"], &[Criterion::Lots]);
    if let StageFormat::RoundRobin(rr) = &mut stage.format {
        rr.group_size = Some(2);
        rr.draw = group_draw(
            vec![
                DrawRule::Pot {
                    title: Some("pot".into()),
                    members: vec!["p1".into(), "p2".into(), "p3".into()],
                    per_group: 1,
                    origin: o("pot"),
                },
                rest_draw(DrawOrder::Random, "rest"),
            ],
            true,
        );
    }
    let plan = plan_with(6, vec![stage]);
    let mut roster = players(6);
    for p in &mut roster.players {
        p.unit = Some("中华台北".into());
    }
    let message = the_r005(&plan, &roster);
    assert!(
        message.starts_with("no assignment to groups satisfies"),
        "{message}"
    );
    // With p6 from another unit, p4 and p5 still cannot join any group: still impossible.
    roster.players[5].unit = Some("北京".into());
    assert_eq!(validate_roster(&plan, &roster)[0].code, "R005");
    // With p4, p5, p6 all from other units, the draw is made, the pot one per group.
    for (i, u) in [(3, "上海"), (4, "广东"), (5, "北京")] {
        roster.players[i].unit = Some(u.into());
    }
    assert_eq!(validate_roster(&plan, &roster), vec![]);
    let out = run(&plan, &roster, &RecordedResults::default(), 4).expect("runs");
    for g in &out.stages[0].groups {
        let pot = g
            .standings
            .iter()
            .filter(|s| ["p1", "p2", "p3"].contains(&s.id.as_str()))
            .count();
        assert_eq!(pot, 1);
    }
}

fn sectioned_plan() -> Plan {
    let mut plan = round_robin_plan(4, &[Criterion::SonnebornBerger, Criterion::Lots]);
    plan.entry.field = Field::Cap {
        max: 4,
        assumed: None,
        order: None,
        origin: o("cap 4"),
    };
    plan.entry.pools = vec![Pool {
        size: Some(2),
        sex: Some(Sex::Men),
        title_condition: Some((CompareOp::Ge, Title::Master)),
        ..Pool::new("pro".into(), o("pool pro 2"))
    }];
    plan.entry.conditions = vec![Condition::Age {
        op: CompareOp::Ge,
        years: 16,
        origin: o("age >= 16"),
    }];
    plan.categories.insert(
        "open".into(),
        Category {
            born_from: Some(Date::new(1956, 1, 1)),
            born_to: Some(Date::new(1999, 12, 31)),
            ..Category::new("open".into(), o("category open"))
        },
    );
    // The stage plays the section: a category by birth date only a prize table named would be
    // no section, and bar nobody.
    plan.stages[0].entrants = vec![EntrantSource::Category {
        name: "open".into(),
        origin: o("entrants category open"),
    }];
    plan
}

fn fitting() -> Roster {
    let mut r = players(4);
    for p in &mut r.players {
        p.born = Some(Date::new(1980, 5, 5));
    }
    r
}

#[test]
fn each_bad_row_gets_its_own_problem_with_row_and_column() {
    let plan = sectioned_plan();
    assert_eq!(validate_roster(&plan, &fitting()), vec![]);
    type Case = (
        &'static str,
        fn(&mut Roster),
        Vec<(&'static str, Option<u32>, Option<&'static str>)>,
    );
    let cases: Vec<Case> = vec![
        (
            "unknown pool",
            |r| r.players[1].pool = Some("amateur".into()),
            vec![("R001", Some(3), Some("pool"))],
        ),
        (
            "duplicate id",
            |r| r.players[3].id = "p1".into(),
            vec![("R002", Some(5), Some("id"))],
        ),
        (
            "born outside every section (and 13 on the first day, under the age of 16)",
            |r| r.players[2].born = Some(Date::new(2001, 1, 1)),
            vec![
                ("R003", Some(4), Some("born")),
                ("R007", Some(4), Some("born")),
            ],
        ),
        (
            "born outside every section",
            |r| r.players[2].born = Some(Date::new(1950, 1, 1)),
            vec![("R003", Some(4), Some("born"))],
        ),
        (
            "born missing",
            |r| r.players[0].born = None,
            vec![
                ("R018", Some(2), Some("born")),
                ("R018", Some(2), Some("born")),
            ],
        ),
        (
            "field over the cap",
            |r| {
                let mut extra = r.players[0].clone();
                extra.id = "p5".into();
                r.players.push(extra);
            },
            vec![("R004", Some(6), Some("id"))],
        ),
        (
            "pool over its size",
            |r| {
                for p in r.players.iter_mut().take(3) {
                    p.pool = Some("pro".into());
                    p.title = Some(Title::Grandmaster);
                }
            },
            vec![("R006", Some(4), Some("pool"))],
        ),
        (
            "title below the pool's condition",
            |r| r.players[0].pool = Some("pro".into()),
            vec![("R007", Some(2), Some("title"))],
        ),
        (
            "sex outside the pool",
            |r| {
                r.players[0].pool = Some("pro".into());
                r.players[0].title = Some(Title::Master);
                r.players[0].sex = Some(Sex::Women);
            },
            vec![("R007", Some(2), Some("sex"))],
        ),
        (
            "empty id",
            |r| r.players[2].id = " ".into(),
            vec![("R018", Some(4), Some("id"))],
        ),
    ];
    for (what, change, expected) in cases {
        let mut r = fitting();
        change(&mut r);
        let got = validate_roster(&plan, &r);
        let got: Vec<(&str, Option<u32>, Option<&str>)> = got
            .iter()
            .map(|p| (p.code.as_str(), p.row, p.column.as_deref()))
            .collect();
        assert_eq!(got, expected, "{what}");
        if !expected.is_empty() {
            assert!(
                run(&plan, &r, &RecordedResults::default(), 1).is_err(),
                "{what}: nothing runs"
            );
        }
    }
}

#[test]
fn age_title_and_sex_conditions_and_named_players() {
    let mut plan = sectioned_plan();
    plan.meta.first_day = Some(Date::new(2016, 10, 13));
    let mut r = fitting();
    // Born 2001-01-01 is outside the section and 15 on the first day.
    r.players[0].born = Some(Date::new(2001, 1, 1));
    let got: Vec<String> = validate_roster(&plan, &r)
        .iter()
        .map(|p| p.code.clone())
        .collect();
    assert_eq!(got, vec!["R003", "R007"]);
    plan.entry.conditions = vec![
        Condition::Title {
            op: CompareOp::Lt,
            title: Title::NationalMaster,
            origin: o("title < national_master"),
        },
        Condition::Sex {
            sex: Sex::Men,
            origin: o("sex men"),
        },
    ];
    let mut r = fitting();
    r.players[1].title = Some(Title::Master);
    r.players[2].sex = Some(Sex::Women);
    let got: Vec<(String, Option<String>)> = validate_roster(&plan, &r)
        .iter()
        .map(|p| (p.code.clone(), p.column.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("R007".into(), Some("title".into())),
            ("R007".into(), Some("sex".into()))
        ]
    );
    plan.entry.conditions.clear();
    plan.entry.players.push(NamedPlayer::new(
        "xu".into(),
        "许银川".into(),
        o("player xu"),
    ));
    let got: Vec<String> = validate_roster(&plan, &fitting())
        .iter()
        .map(|p| p.code.clone())
        .collect();
    assert_eq!(got, vec!["R008"]);
}
