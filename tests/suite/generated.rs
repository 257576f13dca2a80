//! Issue 8: `simulate --players N` over every example and several N. Each generated roster is one
//! the regulation accepts (its own eligibility, pools, sections) with entrants for every stage
//! that draws from the roster, or the generator refuses with R020 at the clause it cannot fill;
//! at least one N of each example runs to the end. And the cases found: a women's team event is
//! generated with women, stages drawing by category (`age <= 14`, `title >= master`) get players.

use xqreg::run;
use xqreg_runtime::engine::{codes, source_admits, validate_roster, Roster};
use xqreg_runtime::plan::{EntrantSource, Origin, Plan, Sex};

use crate::common::{examples, rel};

const SIZES: &[u32] = &[4, 8, 12, 16, 24, 32, 48, 64, 128];

fn compile(name: &str, text: &str) -> Plan {
    xqreg::compile::compile_bytes(name, text.as_bytes())
        .plan
        .expect("the regulation compiles")
}

/// Every stage that draws only from categories and pools admits somebody of the roster.
fn stages_have_entrants(plan: &Plan, roster: &Roster) -> Result<(), String> {
    for s in &plan.stages {
        let by_roster = !s.entrants.is_empty()
            && s.entrants.iter().all(|e| {
                matches!(
                    e,
                    EntrantSource::Category { .. } | EntrantSource::Pool { .. }
                )
            });
        if by_roster
            && !roster
                .players
                .iter()
                .any(|p| source_admits(plan, &s.entrants, p))
        {
            return Err(format!("stage `{}` has no entrants", s.name));
        }
    }
    Ok(())
}

#[test]
fn generated_rosters_fit_every_example_or_name_the_clause() {
    let mut failures = Vec::new();
    for path in examples() {
        let name = rel(&path);
        let bytes = std::fs::read(&path).expect("readable");
        let plan = compile(&name, &String::from_utf8_lossy(&bytes));
        let mut ran = 0;
        for &n in SIZES {
            match run::generated_roster(&plan, Some(n), 1) {
                Ok(roster) => {
                    let problems = validate_roster(&plan, &roster);
                    if !problems.is_empty() {
                        failures.push(format!("{name} N={n}: refused roster {problems:?}"));
                    }
                    if let Err(e) = stages_have_entrants(&plan, &roster) {
                        failures.push(format!("{name} N={n}: {e}"));
                    }
                    if run::run_plan(&plan, &roster, &Default::default(), 1).is_ok() {
                        ran += 1;
                    }
                }
                Err(problems) => {
                    // R020 names the clause a generated roster cannot meet; R073 says that N is
                    // short of the exact `field` (its help: `cap N` for a maximum).
                    for p in problems {
                        let named =
                            p.code == codes::CANNOT_GENERATE || p.code == codes::FIELD_SHORT;
                        if !named || !matches!(p.origin, Origin::Clause { .. }) {
                            failures.push(format!(
                                "{name} N={n}: {p:?} is no R020 or R073 at a clause"
                            ));
                        }
                    }
                }
            }
        }
        if ran == 0 {
            failures.push(format!("{name}: no N of {SIZES:?} runs"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

const WOMEN_TEAMS: &str = include_str!("regulations/generated_women_teams.xqr");

#[test]
fn a_womens_team_event_is_generated_with_women_of_its_conditions() {
    let plan = compile("women.xqr", WOMEN_TEAMS);
    for seed in 1..=5 {
        let roster = run::generated_roster(&plan, Some(4), seed).expect("generated");
        // Teams of 2, 3, 2 and 3 (`team_size 2..3`: the second and fourth with a reserve).
        assert_eq!(roster.players.len(), 10);
        assert!(roster.players.iter().all(|p| p.sex == Some(Sex::Women)));
        assert_no_mens_names(&roster);
        assert!(validate_roster(&plan, &roster).is_empty());
        run::run_plan(&plan, &roster, &Default::default(), seed).expect("runs");
    }
}

/// The men's given names of the generator (王建国, 李志强, ...): no woman is given one.
const MENS_NAMES: &[&str] = &[
    "天华", "明", "建国", "晓东", "伟", "卫平", "志强", "国栋", "海涛", "子豪", "立新", "思远",
    "一鸣", "冠军", "庆", "洪",
];

fn assert_no_mens_names(roster: &Roster) {
    for p in roster.players.iter().filter(|p| p.sex == Some(Sex::Women)) {
        // A generated name is a one-character surname, a given name and the player's number.
        let given: String = p
            .name
            .chars()
            .skip(1)
            .filter(|c| !c.is_ascii_digit())
            .collect();
        assert!(
            !MENS_NAMES.contains(&given.as_str()),
            "{} is a woman with a man's name",
            p.name
        );
    }
}

/// A women's individual event, and the women of a mixed field (the women's category of 009),
/// get women's given names; the men keep theirs.
#[test]
fn generated_women_have_womens_names() {
    let plan = compile(
        "w.xqr",
        include_str!("regulations/eligibility_women_individual.xqr"),
    );
    let roster = run::generated_roster(&plan, None, 1).expect("generated");
    assert!(roster.players.iter().all(|p| p.sex == Some(Sex::Women)));
    assert_no_mens_names(&roster);
    let path = crate::common::root().join("examples/009_world_championship/regulation.xqr");
    let text = std::fs::read_to_string(path).expect("009 reads");
    let plan = compile("009.xqr", &text);
    for seed in 1..=3 {
        let roster = run::generated_roster(&plan, None, seed).expect("generated");
        assert!(roster.players.iter().any(|p| p.sex == Some(Sex::Women)));
        assert_no_mens_names(&roster);
    }
}

const BY_CATEGORY: &str = include_str!("regulations/generated_by_category.xqr");

#[test]
fn stages_drawing_by_category_get_their_players_or_the_clause_is_named() {
    let plan = compile("cats.xqr", BY_CATEGORY);
    let roster = run::generated_roster(&plan, Some(40), 3).expect("generated");
    stages_have_entrants(&plan, &roster).expect("every stage has entrants");
    let out = run::run_plan(&plan, &roster, &Default::default(), 3).expect("runs");
    assert!(out.stages.iter().all(|s| !s.groups.is_empty()));
    // 14 juniors and 10 masters cannot come out of 10 players: said at the category clause.
    let err = run::generated_roster(&plan, Some(10), 3).expect_err("too small");
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].code, codes::CANNOT_GENERATE);
    assert!(
        matches!(&err[0].origin, Origin::Clause { line: 15, .. }),
        "{:?}",
        err[0]
    );
}

const AGE_TABLES: &str = r#"regulation "测试赛" {
  dates 2027-04-10 .. 2027-04-14
}
scoring { win 2 draw 1 loss 0 bye 2 }
time standard "慢棋" { base 60min increment 30s flag loses }
entry { field 24 }
category juniors "少年" { age <= 16 }
category veterans "老年" { age >= 60 on 2027-12-31 }
stage main "积分编排" {
  swiss cxa rounds 5
  entrants roster
  time standard
  avoid same_unit never
  tiebreak { opponents_score, wins, lots }
  places 1..24
}
prizes "奖金" CNY { 1: 1000 }
prizes juniors "少年奖" CNY { 1: 300  2: 200  3: 100 }
prizes veterans "老年奖" CNY { 1: 300  2: 200 }
"#;

/// A prize table of a category by age alone (`category juniors { age <= 16 }`, no birth dates):
/// the generated roster holds as many juniors as the table pays, so its prizes are paid (none
/// was, and nothing said so).
#[test]
fn a_prize_table_of_a_category_by_age_gets_its_players() {
    let plan = compile("age.xqr", AGE_TABLES);
    for seed in 1..=3 {
        let roster = run::generated_roster(&plan, None, seed).expect("generated");
        let out = run::run_plan(&plan, &roster, &Default::default(), seed).expect("runs");
        for (table, places) in [("juniors", 3), ("veterans", 2)] {
            let paid = out
                .prizes
                .iter()
                .filter(|p| p.category.as_deref() == Some(table))
                .count();
            assert_eq!(paid, places, "seed {seed}: {table} paid {paid}");
        }
    }
}

/// A category's table that nobody of the roster is in pays nobody, and the transcript says so
/// (it said nothing: the table looked forgotten).
#[test]
fn a_category_table_nobody_is_in_is_said_to_pay_nobody() {
    let roster = "id,name,born,unit\n".to_string()
        + &(1..=24)
            .map(|i| format!("a{i},甲{i},1980-05-01,u{}\n", i % 6))
            .collect::<String>();
    let out = crate::common::simulated_json(AGE_TABLES, &roster, &[], "no juniors");
    let said = out["transcript"]
        .as_array()
        .expect("transcript")
        .iter()
        .filter_map(|t| t["text"].as_str())
        .any(|t| t == "少年奖: no player of category `juniors` is ranked: the table pays nobody");
    assert!(said, "{}", out["transcript"]);
}

/// `simulate --players N --save-roster CSV` writes the roster it generated as a roster CSV: read
/// back with `--roster`, the same seed plays the same event byte for byte (and `event new`
/// takes it). Several runs have no one roster, and the file may not be one of the inputs.
#[test]
fn a_generated_roster_is_saved_and_plays_the_same_event_again() {
    use crate::common::{xqreg, xqreg_ok};
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = "examples/004_zhouzhuang/regulation.xqr";
    let csv = tmp.path().join("roster.csv").display().to_string();
    let generated = xqreg_ok(&[
        "simulate",
        reg,
        "--players",
        "32",
        "--seed",
        "3",
        "--format",
        "json",
        "--save-roster",
        &csv,
    ]);
    let text = std::fs::read_to_string(&csv).expect("the roster is written");
    assert!(text.starts_with("id,name,"), "{text}");
    assert_eq!(text.lines().count(), 33, "{text}");
    let replayed = xqreg_ok(&[
        "simulate", reg, "--roster", &csv, "--seed", "3", "--format", "json",
    ]);
    assert_eq!(generated, replayed);
    let ev = tmp.path().join("ev").display().to_string();
    xqreg_ok(&["event", "new", &ev, "--regulation", reg, "--roster", &csv]);
    let runs = xqreg(&["simulate", reg, "--runs", "2", "--save-roster", &csv]);
    assert_eq!(runs.status.code(), Some(2));
    let over_input = xqreg(&["simulate", reg, "--roster", &csv, "--save-roster", &csv]);
    assert_eq!(over_input.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(&csv).expect("still there"), text);
}

/// A regulation ranking units by their best K members (`sum places best 3`): the generated
/// roster spread its players over up to 24 units, so 8 or 48 players left every unit short of
/// K and `simulate` showed the unit rankings empty or all short, their prizes unpaid. Now every
/// unit has at least the K the rankings count, and each ranking ranks more than one unit.
#[test]
fn a_generated_roster_fills_the_units_its_rankings_count() {
    for (reg, players) in [
        ("tests/scenarios/derived_ranking.xqr", "8"),
        ("tests/suite/regulations/newcomer7_kings.xqr", "48"),
    ] {
        for seed in ["1", "4"] {
            let v = crate::common::generated_run(reg, players, seed);
            let rankings = v["derived"].as_array().expect("derived rankings");
            assert!(!rankings.is_empty(), "{reg}");
            for r in rankings {
                let rows = r["rows"].as_array().expect("rows");
                assert!(rows.len() >= 2, "{reg} seed {seed}: {r}");
                assert!(
                    rows.iter().all(|row| row["complete"] == true),
                    "{reg} seed {seed}: {r}"
                );
            }
        }
    }
}

/// Six age sections of 60 players, each section with its prize table: the prize slots came
/// first, so the girls' tables of six took players the boys' sections of 9 rounds needed, and
/// boys U14 got 8 players (R014, a Swiss of 9 rounds for 8). The sections' needs come first now:
/// each boys' section gets the 18 a Swiss of 9 rounds is generated with; a roster too small
/// for them is R020 at the clause it cannot fill.
#[test]
fn sections_are_filled_before_prize_tables_when_the_roster_is_short() {
    const YOUTH: &str = "tests/suite/regulations/newcomer9_youth.xqr";
    let run = crate::common::generated_run(YOUTH, "60", "3");
    let stages = run["stages"].as_array().expect("stages");
    for boys in ["b10", "b12", "b14"] {
        let st = stages
            .iter()
            .find(|s| s["name"] == boys)
            .expect("the section");
        let n = st["groups"][0]["standings"]
            .as_array()
            .expect("standings")
            .len();
        assert!(n >= 18, "{boys}: {n} players");
    }
    let out = crate::common::xqreg(&["simulate", YOUTH, "--players", "50", "--seed", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("R020") && err.contains("newcomer9_youth.xqr:61:21") && !err.contains("R014"),
        "{err}"
    );
}
