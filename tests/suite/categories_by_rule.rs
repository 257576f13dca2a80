//! Issue 9 item 3: categories by rule and eligibility by grade, through the roster CSV and the
//! generator. A row below the entry's grade is refused at its `grade` cell (R007); a grade or
//! school year cell that is no number of its range is E803 at the cell; a category by an
//! attribute no row gives is R033 in that column; a generated roster fills every category by
//! rule and meets the entry's grade.

use xqreg::run;
use xqreg_runtime::engine::{in_category, Roster};
use xqreg_runtime::plan::Plan;

fn compile(name: &str, text: &str) -> Plan {
    xqreg::compile::compile_bytes(name, text.as_bytes())
        .plan
        .expect("the regulation compiles")
}

const HEAD: &str = r#"regulation "段位赛" {
  dates 2025-09-12 .. 2025-09-13
  rulebook cxa2011
}
scoring { win 2 draw 1 loss 0 }
time standard { base 20min increment 20s flag loses }
stage main {
  round_robin single
  entrants roster
  time standard
  tiebreak { sonneborn_berger, lots }
}
"#;

#[test]
fn a_row_below_the_entry_grade_is_refused_at_its_grade_cell() {
    let plan = compile("g.xqr", &format!("{HEAD}entry {{ field 4  grade >= 7 }}\n"));
    let csv = "id,name,grade\na,甲,9\nb,乙,6\nc,丙,7\nd,丁,\n";
    let roster = run::csv_input::read_roster("g.csv", csv.as_bytes()).expect("reads");
    let problems = run::run_plan(&plan, &roster, &Default::default(), 1).expect_err("refused");
    let at: Vec<(&str, Option<u32>, Option<&str>)> = problems
        .iter()
        .map(|p| (p.code.as_str(), p.row, p.column.as_deref()))
        .collect();
    // b has grade 6; d has none, which is below every grade (as no title is below every title).
    assert_eq!(
        at,
        [
            ("R007", Some(3), Some("grade")),
            ("R007", Some(5), Some("grade"))
        ],
        "{problems:?}"
    );
}

#[test]
fn a_grade_or_school_year_cell_out_of_range_is_refused_at_the_cell() {
    let csv =
        "id,name,grade,school_year,club,residence\na,甲,10,3,棋院,北京\nb,乙,7,13,,\nc,丙,x,1,,\n";
    let err = run::csv_input::read_roster("r.csv", csv.as_bytes()).expect_err("refused");
    let codes: Vec<&str> = err.diagnostics.iter().map(|d| d.code.code).collect();
    assert_eq!(codes, ["E803", "E803", "E803"], "{:?}", err.diagnostics);
    let fine = "id,name,grade,school_year,club,residence\na,甲,9,3,棋院,北京\n";
    let roster = run::csv_input::read_roster("r.csv", fine.as_bytes()).expect("reads");
    let p = &roster.players[0];
    assert_eq!((p.grade, p.school_year), (Some(9), Some(3)));
    assert_eq!(
        (p.club.as_deref(), p.residence.as_deref()),
        (Some("棋院"), Some("北京"))
    );
}

#[test]
fn a_category_by_an_attribute_no_row_gives_is_refused() {
    let text =
        format!("{HEAD}entry {{ field 4 }}\ncategory pupils \"小学组\" {{ school_year 1..6 }}\n");
    let plan = compile("s.xqr", &text);
    let csv = "id,name\na,甲\nb,乙\nc,丙\nd,丁\n";
    let roster = run::csv_input::read_roster("s.csv", csv.as_bytes()).expect("reads");
    let problems = run::run_plan(&plan, &roster, &Default::default(), 1).expect_err("refused");
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(
        (problems[0].code.as_str(), problems[0].column.as_deref()),
        ("R033", Some("school_year"))
    );
    // One row that gives it is enough: the others are only not in the category.
    let csv = "id,name,school_year\na,甲,3\nb,乙,\nc,丙,\nd,丁,\n";
    let roster = run::csv_input::read_roster("s.csv", csv.as_bytes()).expect("reads");
    run::run_plan(&plan, &roster, &Default::default(), 1).expect("runs");
}

const BY_RULE: &str = r#"
entry { field 16  grade >= 2 }
category foreign "外籍" { federation not CHN VIE }
category chn "中国籍" { federation CHN }
category high "高段位" { grade >= 8 }
category pupils "小学组" { school_year 1..6 }
category members "棋院会员" { club "棋院" }
category locals "北京居民" { residence "北京" }
category veterans "老将组" { age >= 60 on 2026-06-30 }
"#;

fn members(plan: &Plan, roster: &Roster, cat: &str) -> usize {
    let c = &plan.categories[cat];
    roster
        .players
        .iter()
        .filter(|p| in_category(plan, c, p))
        .count()
}

#[test]
fn a_generated_roster_fills_every_category_by_rule_and_meets_the_entry_grade() {
    let plan = compile("b.xqr", &format!("{HEAD}{BY_RULE}"));
    for seed in 1..=3 {
        let roster = run::generated_roster(&plan, Some(16), seed).expect("generated");
        for cat in plan.categories.keys() {
            assert!(
                members(&plan, &roster, cat) > 0,
                "seed {seed}: `{cat}` is empty"
            );
        }
        assert!(
            roster
                .players
                .iter()
                .all(|p| p.grade.is_some_and(|g| g >= 2)),
            "{roster:?}"
        );
        run::run_plan(&plan, &roster, &Default::default(), seed).expect("runs");
    }
}

#[test]
fn the_new_attributes_round_trip_through_the_plan_and_roster_json() {
    let text = format!(
        "{HEAD}entry {{ field 4\n  player a \"甲\" {{ grade 7 school_year 3 club \"棋院\" residence \"北京\" }}\n}}\n{}",
        "category p \"特邀\" { players a }\ncategory f \"外籍\" { federation not CHN VIE }\n"
    );
    let plan = compile("j.xqr", &text);
    let json = serde_json::to_string(&plan).expect("json");
    let back: Plan = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, plan);
    let roster = run::generated_roster(&plan, Some(4), 1).expect("generated");
    let json = serde_json::to_string(&roster).expect("json");
    let back: Roster = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, roster);
    let a = &roster.players[0];
    assert_eq!((a.grade, a.school_year), (Some(7), Some(3)));
    assert_eq!(members(&plan, &roster, "p"), 1);
    // Written as the roster CSV and read back: the same players, the new columns included.
    let csv = xqreg::event::roster_csv::roster_csv(&roster);
    assert!(csv.starts_with("id,name,unit,federation,sex,born,title,rating,pool,order,grade"));
    let read = run::csv_input::read_roster("r.csv", csv.as_bytes()).expect("reads back");
    for (x, y) in read.players.iter().zip(&roster.players) {
        assert_eq!(
            (
                &x.id,
                x.grade,
                x.school_year,
                &x.club,
                &x.residence,
                &x.federation
            ),
            (
                &y.id,
                y.grade,
                y.school_year,
                &y.club,
                &y.residence,
                &y.federation
            )
        );
    }
}

#[test]
fn a_pool_cell_may_name_several_pools_each_of_them_declared() {
    let text = format!(
        "{HEAD}entry {{ field 3\n  pool champions \"冠军\"\n  pool rated \"等级分\"\n}}\ncategory champs \"冠军组\" {{ pool champions }}\n"
    );
    let plan = compile("p.xqr", &text);
    let csv = "id,name,pool\na,甲,rated\nb,乙,rated;champions\nc,丙,champions\n";
    let roster = run::csv_input::read_roster("p.csv", csv.as_bytes()).expect("reads");
    let b = &roster.players[1];
    assert_eq!(
        (b.pool.as_deref(), b.also_pools.as_slice()),
        (Some("rated"), &["champions".to_string()][..])
    );
    assert_eq!(members(&plan, &roster, "champs"), 2);
    run::run_plan(&plan, &roster, &Default::default(), 1).expect("runs");
    let csv = "id,name,pool\na,甲,rated\nb,乙,rated;champs\nc,丙,champions\n";
    let roster = run::csv_input::read_roster("p.csv", csv.as_bytes()).expect("reads");
    let problems = run::run_plan(&plan, &roster, &Default::default(), 1).expect_err("refused");
    assert_eq!(
        (
            problems[0].code.as_str(),
            problems[0].row,
            problems[0].column.as_deref()
        ),
        ("R001", Some(3), Some("pool"))
    );
}
