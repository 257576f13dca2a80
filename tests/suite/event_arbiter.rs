//! What a chief arbiter (裁判长) met running an event live: a refusal points at the input the
//! arbiter gave (the late-entry CSV's row and column, the withdrawal's argument), never at the
//! regulation's clause the check follows; a correction says why and changes something.

use crate::common::{withdraw, written, xqreg_ok as ok};
use crate::event_enter::{play_round, refused, roster_lines, start};

/// A late-entry CSV of the roster's header and `rows`, at `dir/name`.
fn late_csv(dir: &std::path::Path, name: &str, rows: &[String]) -> String {
    let mut text = format!("{}\n", roster_lines()[0]);
    for r in rows {
        text.push_str(r);
        text.push('\n');
    }
    written(dir, name, &text)
}

#[test]
fn a_late_entry_refused_by_the_replay_points_at_its_row() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = start(dir, true);
    play_round(&ev, dir);
    let lines = roster_lines();
    // `P005` is `p005` of the roster typed in capitals: row 3 of case.csv.
    let case = late_csv(
        dir,
        "case.csv",
        &[lines[61].clone(), lines[5].replacen("p005", "P005", 1)],
    );
    let err = refused(&ev, &["event", "enter", &ev, &case], "R002");
    assert!(err.contains("case.csv:3:1"), "{err}");
    assert!(
        !err.contains("[regulation.xqr"),
        "the regulation is not the place: {err}"
    );
    // An unknown pool: row 2 of pool.csv, its `pool` cell.
    let header: Vec<&str> = lines[0].split(',').collect();
    let pool = header
        .iter()
        .position(|c| *c == "pool")
        .expect("a pool column");
    let mut cells: Vec<String> = lines[62].split(',').map(str::to_string).collect();
    cells[pool] = "nosuch".into();
    let bad = late_csv(dir, "pool.csv", &[cells.join(",")]);
    let err = refused(&ev, &["event", "enter", &ev, &bad], "R001");
    assert!(err.contains("pool.csv:2:"), "{err}");
    assert!(err.contains("row 2, column `pool`"), "{err}");
    let zh = refused(&ev, &["event", "enter", &ev, &bad, "--lang", "zh"], "R001");
    assert!(zh.contains("第 2 行，`pool` 列"), "{zh}");
}

#[test]
fn a_withdrawal_refused_by_the_replay_names_the_argument() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = start(dir, false);
    let args = |stage: &str, after: &str| -> Vec<String> {
        [
            "event", "withdraw", &ev, "p001", "--stage", stage, "--after", after,
        ]
        .map(str::to_string)
        .to_vec()
    };
    let run = |a: Vec<String>, code: &str, lang: &str| {
        let mut a = a;
        a.extend(["--lang".to_string(), lang.to_string()]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        refused(&ev, &a, code)
    };
    let err = run(args("main", "20"), "R076", "en");
    assert!(err.contains("`--after 20`"), "{err}");
    assert!(!err.contains("regulation.xqr"), "{err}");
    let zh = run(args("main", "20"), "R076", "zh");
    assert!(zh.contains("`--after 20`") && zh.contains("帮助"), "{zh}");
    let err = run(args("nosuch", "1"), "R011", "en");
    assert!(err.contains("`--stage nosuch`"), "{err}");
    assert!(!err.contains("regulation.xqr"), "{err}");
}

#[test]
fn a_correction_needs_a_reason_and_a_different_result() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = start(dir, false);
    play_round(&ev, dir);
    // Every game of round 1 was recorded 1-0.
    let with = |result: &'static str, reason: &'static str| {
        vec![
            "event",
            "correct",
            ev.as_str(),
            "main",
            "1",
            "1",
            result,
            "--reason",
            reason,
        ]
    };
    let err = refused(&ev, &with("0-1", ""), "E851");
    assert!(err.contains("--reason"), "{err}");
    refused(&ev, &with("0-1", "  "), "E851");
    let err = refused(&ev, &with("1-0", "score sheet"), "E851");
    assert!(err.contains("1-0"), "{err}");
    ok(&with("0-1", "score sheet signed 0-1"));
}

/// Two sections by pool, the first with late entries; 20 players, 10 a section.
fn two_sections(dir: &std::path::Path) -> String {
    let reg = r#"regulation "两组公开赛" en "Two-section open" {
  dates 2026-10-01 .. 2026-10-03
}
time standard "慢棋" en "Standard" { base 60min increment 30s flag loses }
entry {
  cap 40
  pool a "甲组" en "Section A" { "等级分2000以上" en "rated 2000 and up" }
  pool b "乙组" en "Section B" { "不限" en "open" }
}
stage a "甲组" en "Section A" {
  swiss cxa rounds 5
  late_entry until round 3 missed half
  entrants pool a
  time standard
  avoid same_unit never
  tiebreak opponents_score bye lowest_in_field, wins, lots
}
stage b "乙组" en "Section B" {
  same_as a
  entrants pool b
}
"#;
    let reg_path = dir.join("regulation.xqr");
    std::fs::write(&reg_path, reg).expect("writes");
    let mut roster = String::from("id,name,unit,rating,pool\n");
    for i in 1..=20 {
        let pool = if i <= 10 { "a" } else { "b" };
        roster.push_str(&format!(
            "p{i:03},棋手{i},U{},{},{pool}\n",
            i % 4,
            2400 - i * 20
        ));
    }
    let roster_path = dir.join("roster.csv");
    std::fs::write(&roster_path, roster).expect("writes");
    let ev = dir.join("event").to_string_lossy().into_owned();
    crate::common::event_new(&ev, &reg_path, &roster_path, 3);
    ev
}

#[test]
fn a_late_entrant_of_the_other_section_is_refused_at_its_row() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = two_sections(dir);
    play_round(&ev, dir);
    // Only section a takes late entries: a player of pool b is refused, at row 3.
    let path = dir.join("late.csv");
    std::fs::write(
        &path,
        "id,name,unit,rating,pool\np021,新甲,U1,2100,a\np022,新乙,U2,1700,b\n",
    )
    .expect("writes");
    let late = path.to_string_lossy().into_owned();
    let err = refused(&ev, &["event", "enter", &ev, &late], "R031");
    assert!(err.contains("late.csv:3:"), "{err}");
    assert!(!err.contains("[regulation.xqr"), "{err}");
}

#[test]
fn the_refusals_of_results_speak_the_arbiters_language_and_say_where_a_game_is() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = two_sections(dir);
    ok(&["event", "pair", &ev]);
    let games: serde_json::Value =
        serde_json::from_str(&ok(&["event", "games", &ev, "--format", "json"])).expect("JSON");
    let b1 = games
        .as_array()
        .expect("a list")
        .iter()
        .find(|g| g["stage"] == "b" && g["board"] == 1)
        .expect("b board 1");
    let (red, black) = (
        b1["red"]["id"].as_str().expect("id"),
        b1["black"]["id"].as_str().expect("id"),
    );
    let write = |name: &str, row: &str| {
        written(
            dir,
            name,
            &format!("stage,round,board,red,black,result\n{row}\n"),
        )
    };
    // A game of section b written as section a: said where it is played.
    let wrong = write("wrong.csv", &format!("a,1,,{red},{black},1-0"));
    let err = refused(&ev, &["event", "result", &ev, &wrong], "E831");
    assert!(err.contains("b round 1 board 1"), "{err}");
    // Colours the other way round, in Chinese.
    let swapped = write("swapped.csv", &format!("b,1,1,{black},{red},1-0"));
    let zh = refused(
        &ev,
        &["event", "result", &ev, &swapped, "--lang", "zh"],
        "E846",
    );
    assert!(zh.contains("错误[E846]") && zh.contains("帮助"), "{zh}");
    let good = write("good.csv", &format!("b,1,1,{red},{black},1-0"));
    ok(&["event", "result", &ev, &good]);
    let zh = refused(
        &ev,
        &["event", "result", &ev, &good, "--lang", "zh"],
        "E832",
    );
    assert!(zh.contains("错误[E832]") && zh.contains("已有成绩"), "{zh}");
}

#[test]
fn status_lists_the_withdrawals() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ev = two_sections(dir);
    play_round(&ev, dir);
    withdraw(&ev, "p015", "b", 1);
    let status = ok(&["event", "status", &ev]);
    assert!(
        status.contains("withdrawn: p015 after Section B round 1"),
        "{status}"
    );
}

#[test]
fn a_team_that_withdrew_is_listed_withdrawn_not_on_a_bye() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path();
    let ex = crate::common::root().join("examples/008_team_qualifier");
    let ev = dir.join("event").to_string_lossy().into_owned();
    crate::common::event_new(&ev, &ex.join("regulation.xqr"), &ex.join("roster.csv"), 5);
    play_round(&ev, dir);
    withdraw(&ev, "北京", "main", 1);
    let listed = ok(&["event", "pair", &ev]);
    assert!(
        listed.contains("Team Swiss round 2: withdrawn  北京"),
        "{listed}"
    );
    assert!(!listed.contains("bye  北京"), "{listed}");
    // A team has no unit of its own: no empty brackets after it.
    assert!(!listed.contains("()"), "{listed}");
    let site = dir.join("site");
    ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    let page = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("page");
    assert!(page.contains("北京 (退赛)"), "the site says so too");
}

#[test]
fn a_stage_named_with_stage_must_be_one_of_the_regulation() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = start(tmp.path(), false);
    // The stage of 001 is `main`; a misspelt name publishes nothing and shows nothing.
    let err = refused(&ev, &["event", "pair", &ev, "--stage", "mian"], "E852");
    assert!(err.contains("`mian`") && err.contains("main"), "{err}");
    let zh = refused(
        &ev,
        &["event", "pair", &ev, "--stage", "mian", "--lang", "zh"],
        "E852",
    );
    assert!(zh.contains("规程中没有阶段 `mian`"), "{zh}");
    refused(&ev, &["event", "standings", &ev, "--stage", "mian"], "E852");
    assert!(ok(&["event", "pair", &ev, "--stage", "main"]).contains("Swiss round 1"));
}

#[test]
fn standings_before_any_result_say_so() {
    let tmp = tempfile::tempdir().expect("tmp");
    let ev = start(tmp.path(), false);
    ok(&["event", "pair", &ev]);
    let en = ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_eq!(en, "no standings yet: no result is recorded\n");
    let zh = ok(&["event", "standings", &ev, "--stage", "main", "--lang", "zh"]);
    assert_eq!(zh, "`main` 尚无名次：其成绩还一个都没有录入\n");
}
