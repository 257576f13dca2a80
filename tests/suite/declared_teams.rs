//! The teams a team event names (`entry { team gusu "姑苏棋友俱乐部" }`): a generated roster
//! plays them, a roster row names its team by id or by name and the ranking gives the team's id
//! and name, a recorded draw may name teams by id, and a row of a unit that is none of them is
//! refused at its `unit` cell (R055).

use crate::common::{assert_phrases, one_line, simulate_roster as simulate};

const REGULATION: &str = r#"regulation "俱乐部团体赛" en "Club team league" {
  event team
}

scoring {
  win 2 draw 1 loss 0
  match { win 2 draw 1 loss 0 }
}

time standard "慢棋" en "Standard" { base 60min increment 30s flag loses }

entry {
  field 4
  team_size 2..3
  team gusu "姑苏棋友俱乐部" en "Gusu"
  team wuzhong "吴中象棋俱乐部" en "Wuzhong"
  team kunshan "昆山队" en "Kunshan"
  team sip "园区棋艺社" en "SIP"
}

stage league "团体赛" en "League" {
  team_round_robin single boards 2
  entrants roster
  time standard
  colours by_board
  tiebreak game_points, lots
}
"#;

/// Units by id (gusu, wuzhong) and by name (昆山队, 园区棋艺社).
const ROSTER: &str = "id,name,unit,rating,order
g1,赵一,gusu,2200,1
g2,钱二,gusu,2100,2
w1,孙三,wuzhong,2150,1
w2,李四,wuzhong,2050,2
k1,周五,昆山队,2000,1
k2,吴六,昆山队,1900,2
s1,郑七,园区棋艺社,1950,1
s2,王八,园区棋艺社,1850,2
";

#[test]
fn teams_are_ranked_by_their_ids_and_named_by_their_names() {
    let (code, out, err) = simulate(REGULATION, ROSTER, "en");
    assert_eq!(code, Some(0), "{err}");
    for line in ["gusu", "wuzhong", "kunshan", "sip"] {
        assert!(
            out.lines().any(|l| l.contains(line) && !l.contains(',')),
            "{line} missing:\n{out}"
        );
    }
    assert!(
        out.contains("昆山队") && out.contains("姑苏棋友俱乐部"),
        "{out}"
    );
}

#[test]
fn a_unit_that_is_no_declared_team_is_refused_at_its_cell() {
    let roster = ROSTER.replace("s2,王八,园区棋艺社", "s2,王八,苏州队");
    let (code, out, err) = simulate(REGULATION, &roster, "en");
    assert_eq!(code, Some(1), "{out}");
    let err = one_line(&err);
    assert_phrases(
        &err,
        &["R055", "unit `苏州队` is none of the regulation's teams"],
        &[],
    );
    assert!(err.contains("row 9") && err.contains("unit"), "{err}");
    assert!(out.is_empty(), "{out}");
}

#[test]
fn a_generated_roster_plays_the_declared_teams() {
    let bytes = REGULATION.as_bytes();
    let plan = xqreg::compile::compile_bytes("teams.xqr", bytes)
        .plan
        .expect("the regulation compiles");
    let roster = xqreg::run::generated_roster(&plan, None, 1).expect("a roster");
    let outcome = xqreg::run::run_plan(&plan, &roster, &Default::default(), 1).expect("runs");
    let mut ids: Vec<&str> = outcome
        .final_ranking
        .iter()
        .map(|r| r.id.as_str())
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, ["gusu", "kunshan", "sip", "wuzhong"]);
}
