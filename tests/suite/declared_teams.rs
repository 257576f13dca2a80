//! The teams a team event names (`entry { team gusu "姑苏棋友俱乐部" }`): a generated roster
//! plays them, a roster row names its team by id or by name and the ranking gives the team's id
//! and name, a recorded draw may name teams by id, and a row of a unit that is none of them is
//! refused at its `unit` cell (R055).

use crate::common::{assert_phrases, one_line, simulate_roster as simulate};

pub(crate) const REGULATION: &str = r#"regulation "俱乐部团体赛" en "Club team league" {
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
pub(crate) const ROSTER: &str = "id,name,unit,rating,order
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
    // English names the teams by their `en` names, Chinese by their names.
    assert_phrases(&out, &["Kunshan", "Gusu"], &["昆山队", "姑苏棋友俱乐部"]);
    let (code, zh, err) = simulate(REGULATION, ROSTER, "zh");
    assert_eq!(code, Some(0), "{err}");
    assert_phrases(&zh, &["昆山队", "姑苏棋友俱乐部"], &["Kunshan", "Gusu"]);
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

/// A live event names each declared team as the regulation does, whichever way the roster
/// wrote it (`gusu` or 园区棋艺社): its Chinese name on Chinese pages and in `event pair`, its
/// `en` name on English ones; the unit column, the match headings, the standings and the
/// crosstable alike. The roster's ids (`gusu`) and the other language's names stayed before.
#[test]
fn a_live_team_event_names_its_teams_in_the_pages_language() {
    use crate::common::{event_new, written, xqreg_ok};
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "teams.xqr", REGULATION);
    let roster = written(tmp.path(), "roster.csv", ROSTER);
    let ev = tmp.path().join("ev").display().to_string();
    event_new(&ev, reg.as_ref(), roster.as_ref(), 3);
    let en = xqreg_ok(&["event", "pair", &ev, "--lang", "en"]);
    assert_phrases(
        &en,
        &[
            "match Kunshan v Wuzhong",
            "周五 (Kunshan, 0)",
            "孙三 (Wuzhong, 0)",
        ],
        &["wuzhong,", "(wuzhong", "昆山队"],
    );
    crate::common::record(
        &ev,
        ("league", 1),
        &[(1, "1-0"), (2, "1-0"), (3, "1-0"), (4, "1-0")],
    );
    let zh = xqreg_ok(&["event", "standings", &ev, "--lang", "zh"]);
    assert_phrases(&zh, &["gusu 姑苏棋友俱乐部", "sip 园区棋艺社"], &["Gusu"]);
    // A match in Chinese joins its teams as the rule sheet does (it said `昆山队 v 吴中…`).
    let games = xqreg_ok(&["event", "games", &ev, "--lang", "zh"]);
    assert_phrases(&games, &["对阵 昆山队对吴中象棋俱乐部"], &[" v "]);
    let site = tmp.path().join("site");
    xqreg_ok(&[
        "event",
        "publish",
        &ev,
        "--output",
        &site.display().to_string(),
    ]);
    let page =
        |lang: &str| std::fs::read_to_string(site.join(lang).join("stage-1.html")).expect("page");
    let (zh, en) = (page("zh"), page("en"));
    assert_phrases(
        &zh,
        &["<td>姑苏棋友俱乐部</td>", "昆山队对吴中象棋俱乐部"],
        &["<td>gusu</td>", "<td>wuzhong</td>", "Gusu"],
    );
    assert_phrases(
        &en,
        &["<td>Gusu</td>", "<td>SIP</td>"],
        &["<td>gusu</td>", "园区棋艺社"],
    );
    // Teams have no unit: their standings have no empty Unit column.
    assert_phrases(
        &en,
        &["<th>Name</th><th>Points</th>"],
        &["<th>Name</th><th>Unit</th>"],
    );
    // Both crosstables score the same matches: each team drew its match (1 match point).
    let cells = |page: &str| page.matches(">1<").count();
    assert_eq!(cells(&zh), cells(&en), "{en}");
    // A correction names the teams whose places moved the same way.
    let corrected = xqreg_ok(&[
        "event",
        "correct",
        &ev,
        "league",
        "1",
        "1",
        "0-1",
        "--reason",
        "score sheet",
        "--lang",
        "en",
    ]);
    assert_phrases(&corrected, &["wuzhong Wuzhong: place"], &["吴中象棋俱乐部"]);
}
