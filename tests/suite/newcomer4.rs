//! What a fourth newcomer found writing regulations from docs/language.md alone (the files are
//! under `tests/scenarios/newcomer4_*.xqr`, checked and run by regressions.rs): each finding
//! shown fixed.

use crate::common::{assert_phrases, check_of, refused, xqreg_ok};

const MASTERS: &str = "tests/scenarios/newcomer4_masters.xqr";

/// A team league of `field 4` teams that pays places 4..6: E504 said "the field has at most 4
/// players" where the field counts teams.
#[test]
fn a_prize_beyond_a_field_of_teams_counts_teams() {
    let reg = r#"regulation "联赛" {
  event team
}
scoring {
  win 2 draw 1 loss 0
  match { win 2 draw 1 loss 0 }
}
time standard "慢棋" { base 45min increment 15s flag loses }
entry {
  field 4
  team_size 4..6
}
stage league "联赛" {
  team_round_robin single boards 4
  entrants roster
  time standard
  tiebreak game_points, lots
}
prizes "团体奖" CNY { 1: 6000  2: 4000  3: 2000  4..6: 500 each }
"#;
    let (code, text) = check_of(reg);
    assert_eq!(code, Some(1), "{text}");
    assert_phrases(
        &text,
        &["place 5 is paid, but the field has at most 4 teams"],
        &["4 players"],
    );
}

/// `simulate`'s text report gave the final ranking and the prizes, but no stage's standings: the
/// points and tie-break values an arbiter checks a ranking by were in the JSON only. Each stage
/// with a standing (not a knockout) is printed with its points and each criterion's value, the
/// criteria as columns in the chain's order (headings as the published site's crosstables).
#[test]
fn simulate_prints_each_stage_standing_with_points_and_tiebreaks() {
    let json = xqreg_ok(&["simulate", MASTERS, "--seed", "1", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let first = &v["stages"][0]["groups"][0]["standings"][0];
    let sb = first["tiebreaks"]
        .as_array()
        .expect("tiebreaks")
        .iter()
        .find(|t| t["criterion"] == "sonneborn_berger")
        .expect("S-B")["value"]
        .to_string();
    let id = first["id"].as_str().expect("id");
    let points = first["points"].to_string();
    for (lang, heading, sb_head) in [
        ("en", "Standings: Double round robin", "S-B"),
        ("zh", "名次表：双循环", "小分"),
    ] {
        let text = xqreg_ok(&["simulate", MASTERS, "--seed", "1", "--lang", lang]);
        assert_phrases(
            &text,
            &[heading, sb_head],
            &["Standings: Title playoff", "名次表：冠亚军加赛"],
        );
        let row = text
            .lines()
            .skip_while(|l| !l.contains(heading))
            .find(|l| l.contains(id))
            .unwrap_or_else(|| panic!("no row of {id} under {heading}:\n{text}"));
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert!(
            cells.contains(&points.as_str()) && cells.contains(&sb.as_str()),
            "{row}: points {points}, S-B {sb}"
        );
    }
}

/// A youth section of a championship (Swiss of 7 rounds) that only six girls entered: R014's
/// help said "Change the bracket size, the groups or the entrants", words for a knockout or a
/// group stage. It names what a Swiss needs and the table that plays a small field as a round
/// robin.
#[test]
fn a_swiss_too_small_for_its_rounds_is_told_how_to_fix_it() {
    let reg = r#"regulation "少儿赛" {
  dates 2026-07-20
}
time rapid "快棋" { base 15min increment 5s flag loses }
entry { cap 40 }
stage girls "女子组" {
  swiss cxa rounds 7
  entrants roster
  time rapid
  avoid same_unit
  tiebreak opponents_score bye lowest_in_field, wins, lots
}
"#;
    let roster: String = std::iter::once("id,name\n".to_string())
        .chain((1..=6).map(|i| format!("g{i},女{i}\n")))
        .collect();
    let err = refused(reg, &roster, "en", "R014", 1);
    assert_phrases(
        &err,
        &["fewer rounds than players", "by_entries", "round_robin"],
        &[],
    );
    let err = refused(reg, &roster, "zh", "R014", 1);
    assert_phrases(&err, &["by_entries", "单循环"], &[]);
}

/// An entry's `residence "限本区户籍"` (a district qualifier): N101 said it is printed only "(a
/// text nobody checks (a category's `residence "..."` reads the roster column))", one
/// parenthesis inside another. One parenthesis, the two facts side by side.
#[test]
fn the_note_on_an_entry_residence_reads_as_one_sentence() {
    let reg = r#"regulation "选拔赛" {
}
entry {
  cap 64
  residence "限临安区户籍"
}
"#;
    let (_, text) = check_of(reg);
    let text = crate::common::one_line(&text);
    assert_phrases(
        &text,
        &["(a text nobody checks; a category's `residence \"...\"` reads the roster column); the simulation"],
        &["checks (a category"],
    );
}

/// A county qualifier whose first six go on: `qualification "市赛" { top 6 }` was "unknown
/// category `top`" with the help "no category is declared in this file", and `overal 6` found
/// no did-you-mean: the whole field's quota, `overall`, is a word of its own the help never
/// named.
#[test]
fn a_quota_that_names_no_category_is_shown_overall() {
    for (quota, help) in [
        ("top 6", "write `overall 6` for the whole field"),
        ("overal 6", "did you mean `overall`?"),
    ] {
        let reg = format!("regulation \"选拔赛\" {{\n}}\nentry {{ field 20 }}\nqualification \"市赛\" {{ {quota} }}\n");
        let (code, text) = check_of(&reg);
        assert_eq!(code, Some(1), "{text}");
        assert_phrases(&crate::common::one_line(&text), &["E106", help], &[]);
    }
}

/// A youth championship's "2012年1月1日以后出生" written as the entry's condition, `born
/// 2012-01-01 ..` in `entry`: the generic "unexpected `born`, expected an entry clause" with
/// its list of clauses. A condition by birth date (rating, federation, school year) is a
/// category's; the help says so, and what the entry itself takes (`age`).
#[test]
fn a_category_condition_written_in_the_entry_is_shown_its_place() {
    for (line, word) in [("born 2012-01-01 ..", "born"), ("rating < 2000", "rating")] {
        let reg = format!("regulation \"少儿赛\" {{\n}}\nentry {{\n  cap 100\n  {line}\n}}\n");
        let (code, text) = check_of(&reg);
        assert_eq!(code, Some(1), "{text}");
        let text = crate::common::one_line(&text);
        assert_phrases(
            &text,
            &[
                &format!("`{word}` is a category's condition"),
                "entrants category",
                "`age <= 14`",
            ],
            &[],
        );
    }
}

/// A Swiss of 7 rounds under `cap 6`: E204 said "stage `main` has 6" where the cap says at most
/// 6 (the field is open below it).
#[test]
fn a_swiss_bounded_by_a_cap_is_said_to_have_at_most_the_cap() {
    let reg = "regulation \"t\" {\n}\ntime rapid \"快棋\" { base 15min increment 5s flag loses }\nentry { cap 6 }\nstage main {\n  swiss cxa rounds 7\n  entrants roster\n  time rapid\n  avoid same_unit\n  tiebreak opponents_score bye lowest_in_field, wins, lots\n}\n";
    let (code, text) = check_of(reg);
    assert_eq!(code, Some(1), "{text}");
    assert_phrases(&text, &["stage `main` has at most 6"], &["has 6"]);
    let reg = reg.replace("cap 6", "field 6");
    let (_, text) = check_of(&reg);
    assert_phrases(&text, &["stage `main` has 6"], &["has at most"]);
}

/// A Swiss whose first eight leave for a knockout after round 5: its standing lists them first
/// with their points at the split, above players with more points from the later rounds. The
/// report says so under the heading, citing the split, so that 9 points above 15 reads right.
#[test]
fn a_split_swiss_standing_says_who_left_and_when() {
    let file = "examples/007_swiss_split/regulation.xqr";
    let en = xqreg_ok(&["simulate", file]);
    assert_phrases(
        &en,
        &["places 1-8 left after round 5 for `top_ko` (split after_round 5 top 8): their points are those of round 5"],
        &[],
    );
    let zh = xqreg_ok(&["simulate", file, "--lang", "zh"]);
    assert_phrases(&zh, &["第1-8名在第5轮后进入 `top_ko`"], &[]);
}
