//! What a twelfth newcomer found writing five regulations from the docs alone (the files are
//! under `tests/fixtures/newcomer12/`: a provincial team championship of two groups, each a
//! team round robin, then a team knockout for places 1-8 with the losers playing on; a women's
//! invitational knockout of two-game matches with rapid, blitz and armageddon playoffs; a
//! 150-player city open, a FIDE Dutch Swiss with late entries, rating-band, women's, under-12
//! and seniors' prizes under one cash prize each; a seniors' championship of three sections by
//! birth date whose chain ends in a shared place; a club league of seven teams over seven
//! weekends at the clubs' venues) and running two of them live: each finding shown fixed.

use std::path::Path;

use serde_json::Value;

use crate::common::{
    assert_phrases, check_exits, draw_waiting, generated_event, sheet_md_says, xqreg_ok,
};

const TEAM: &str = "tests/fixtures/newcomer12/team.xqr";
const WOMEN: &str = "tests/fixtures/newcomer12/women.xqr";
const OPEN: &str = "tests/fixtures/newcomer12/open.xqr";
const SENIORS: &str = "tests/fixtures/newcomer12/seniors.xqr";
const LEAGUE: &str = "tests/fixtures/newcomer12/league.xqr";

/// Every regulation checks without an error or a warning, in Chinese and in English, runs, and
/// its scenario tests pass.
#[test]
fn each_regulation_checks_clean_runs_and_its_scenarios_pass() {
    crate::common::each_checks_clean_passes_and_runs(&[
        (TEAM, "12"),
        (WOMEN, "16"),
        (OPEN, "150"),
        (SENIORS, "96"),
        (LEAGUE, "7"),
    ]);
}

/// The texts of the `<text>` elements of the first diagram of an HTML sheet, in order.
fn diagram_texts(html: &str) -> Vec<String> {
    let at = html.find("<svg").expect("the sheet draws its stages");
    let svg = &html[at..html[at..].find("</svg>").map_or(html.len(), |e| at + e)];
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..];
            Some(body[..body.find('<')?].to_string())
        })
        .collect()
}

/// A team event whose second group copies the first (`stage gb { same_as ga }`) and whose final
/// stage is a team knockout (`knockout { boards 3 }`) qualifies teams, yet the sheet took it for
/// an individual event: its stages were team stages only by a `team_round_robin` or a team Swiss
/// written in the stage itself, so 晋级办法 said 全场2人 (two players) of a championship that
/// sends two teams.
#[test]
fn a_team_event_of_copied_groups_and_a_team_knockout_qualifies_teams() {
    sheet_md_says(TEAM, "zh", &["名额为：全场2队"], &["全场2人"]);
}

/// The stage diagram's box of a group written `same_as` another said nothing of its format: the
/// box read the stage's own clauses, and the copy has none (小组赛B组 stood empty beside
/// 小组赛A组's 单循环). It says what it plays, as the text beside the diagram does.
#[test]
fn a_copied_groups_box_in_the_diagram_says_its_format() {
    let html = xqreg_ok(&["sheet", "--lang", "zh", TEAM]);
    let texts = diagram_texts(&html);
    let b = texts
        .iter()
        .position(|t| t == "小组赛B组")
        .expect("group B's box");
    assert_eq!(
        texts.get(b + 1).map(String::as_str),
        Some("单循环"),
        "{texts:?}"
    );
}

/// A chain that counts 对手分 cut and then whole (`opponents_score cut 1`, `opponents_score`):
/// the transcript said `opponents' score (Buchholz) 107 > 105` whichever of the two separated a
/// pair, and the JSON's separation named `opponents_score` alone, while the standings have a
/// column for each. Both now name the cut.
#[test]
fn a_separation_by_a_cut_opponents_score_names_the_cut() {
    let out = xqreg_ok(&[
        "simulate",
        OPEN,
        "--players",
        "150",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let separations: Vec<&Value> = v["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .flat_map(|s| s["groups"].as_array().into_iter().flatten())
        .flat_map(|g| g["separations"].as_array().into_iter().flatten())
        .filter(|s| s["criterion"] == "opponents_score")
        .collect();
    let cut: Vec<&&Value> = separations.iter().filter(|s| s["cut"] == 1).collect();
    assert!(!cut.is_empty(), "no separation by the cut 对手分");
    for s in cut {
        assert_phrases(
            s["text"].as_str().expect("text"),
            &["opponents' score (Buchholz, cut 1) "],
            &[],
        );
    }
    let transcript = v["transcript"].as_array().expect("transcript");
    assert!(transcript
        .iter()
        .filter(|e| e["kind"] == "tiebreak")
        .any(|e| e["text"]
            .as_str()
            .is_some_and(|t| t.contains("(Buchholz, cut 1)"))));
}

/// Play the live event `ev` to its end: each round paired, every game drawn (a level team
/// match goes on to its armageddon, which the draw gives to Black).
fn play_to_the_end(ev: &str, dir: &Path) {
    for n in 0..40 {
        let status = xqreg_ok(&["event", "status", ev]);
        if status.contains("next: nothing") {
            return;
        }
        if status.contains("next: `pair`") {
            xqreg_ok(&["event", "pair", ev]);
        }
        draw_waiting(ev, dir, &format!("r{n}.csv"));
    }
    panic!("{ev} did not finish in 40 batches");
}

/// The team championship played live to its end (every game drawn, the level team matches to
/// their armageddon), verified and published into `dir/site`: the page `LANG/index.html`'s
/// table of `class`, from its opening tag to its end.
fn team_site_table(dir: &Path, lang: &str, class: &str) -> String {
    let site = dir.join("site");
    if !site.exists() {
        let ev = generated_event(dir, TEAM, None, 4);
        play_to_the_end(&ev, dir);
        let verified = xqreg_ok(&["event", "verify", &ev]);
        assert_phrases(&verified, &["verified:"], &[]);
        xqreg_ok(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    }
    let page = std::fs::read_to_string(site.join(lang).join("index.html")).expect("front page");
    let at = page
        .find(&format!("<table class=\"{class}\">"))
        .unwrap_or_else(|| panic!("a {class} table"));
    page[at..at + page[at..].find("</table>").expect("closed")].to_string()
}

/// The published site's qualifiers of a team championship played live to its end. The table's
/// first column, the event qualified for, was headed 奖项 / Prize; an `overall` quota was
/// named by the overall prize table's title (团体奖 / Team prizes), as if the prize table
/// qualified; and the English site printed the event's Chinese title beside its `en` one.
#[test]
fn the_sites_qualifiers_name_the_event_and_the_overall_ranking() {
    let tmp = tempfile::tempdir().expect("tmp");
    let zh = team_site_table(tmp.path(), "zh", "qualifiers");
    assert_phrases(
        &zh,
        &["晋级赛事", "2027年全国象棋团体赛", "总成绩"],
        &["团体奖", "奖项"],
    );
    let en = team_site_table(tmp.path(), "en", "qualifiers");
    assert_phrases(
        &en,
        &[
            "Qualifies for",
            "2027 National Team Xiangqi Championship",
            "Overall",
        ],
        &["Team prizes", "Prize", "全国"],
    );
}

/// The site's final ranking of a team event had a 单位 / Unit column that stood empty on every
/// row (a team has no unit); a stage's standings leave the column out where no row has one, and
/// so does the final ranking now. An individual event's ranking keeps it (test
/// `event_publish::the_published_site_of_examples_001_and_004`).
#[test]
fn the_sites_final_ranking_of_teams_has_no_empty_unit_column() {
    let tmp = tempfile::tempdir().expect("tmp");
    let zh = team_site_table(tmp.path(), "zh", "ranking");
    assert_phrases(&zh, &["名次", "四川"], &["单位"]);
    let en = team_site_table(tmp.path(), "en", "ranking");
    assert_phrases(&en, &["Place"], &["Unit"]);
}

/// docs/language.md said an `opponents_score` without `bye` counts a bye as the stage's `bye
/// opponent_score`, "else `lowest_in_field`": a newcomer wrote a bare `opponents_score` in a
/// capped Swiss and met E409, which the reference never named. It names it now, and the check
/// is what it says: the stage's `bye opponent_score` is enough.
#[test]
fn the_reference_says_when_a_bare_opponents_score_is_refused() {
    let doc = std::fs::read_to_string(crate::common::root().join("docs/language.md"))
        .expect("docs/language.md");
    let row = doc
        .lines()
        .find(|l| l.starts_with("| `opponents_score` | 对手分 |"))
        .expect("the criterion's row");
    assert_phrases(row, &["E409", "the stage's `bye opponent_score`"], &[]);
    let text = std::fs::read_to_string(crate::common::root().join(OPEN)).expect("reads");
    let bare = text.replace("  bye points 2 opponent_score lowest_in_field\n", "");
    assert_phrases(&check_exits(&bare, 1), &["E409"], &[]);
    check_exits(&text, 0);
}

/// The English sheet of the women's invitational printed its organisers in Chinese and `check
/// --lang en` said nothing (a name of an organisation may stay Chinese), but nothing in the docs
/// told a newcomer that a name takes an `en` at all, nor what W701 asks for: §4 now says both,
/// and docs/diagnostics.md explains W701. The reading holds: with an `en` the English sheet
/// prints it.
#[test]
fn the_reference_says_a_name_takes_its_english() {
    let doc = std::fs::read_to_string(crate::common::root().join("docs/language.md"))
        .expect("docs/language.md");
    let at = doc.find("## 4 Organisers and contacts").expect("section 4");
    let section = &doc[at..at + doc[at..].find("## 5 ").expect("section 5")];
    assert_phrases(
        section,
        &["Each name may take its English after it", "W701"],
        &[],
    );
    let diagnostics = std::fs::read_to_string(crate::common::root().join("docs/diagnostics.md"))
        .expect("docs/diagnostics.md");
    assert_phrases(&diagnostics, &["**W701** `text-without-english`"], &[]);
    let text = std::fs::read_to_string(crate::common::root().join(WOMEN)).expect("reads");
    let named = text.replace(
        "  host \"中国象棋协会\"\n",
        "  host \"中国象棋协会\" en \"Chinese Xiangqi Association\"\n",
    );
    assert_ne!(named, text, "the women's invitational names its host");
    let sheet = crate::common::xqreg_on_ok("sheet", &named, &["--lang", "en", "--format", "md"]);
    assert_phrases(&sheet, &["**1. Host**: Chinese Xiangqi Association"], &[]);
    let sheet = crate::common::xqreg_on_ok("sheet", &text, &["--lang", "en", "--format", "md"]);
    assert_phrases(&sheet, &["**1. Host**: 中国象棋协会"], &[]);
}

/// The club league hands in line-ups 30 minutes before each round (`lineup each_round deadline
/// 30min before`). The deadline is printed only (the runtime has no clock, and `event lineup`
/// takes a line-up whenever it comes), but the checker said nothing, where it notes a conduct
/// rule `late 30min forfeit`, printed only for the same reason: an arbiter would expect a late
/// line-up to be refused. N101 now names it, the deadline and not the line-up (which acts).
#[test]
fn a_lineup_deadline_is_noted_as_printed_only() {
    let out = crate::common::xqreg(&["check", "--format", "plain", LEAGUE]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_phrases(
        &text,
        &["note[N101 printed-only-clause]: `lineup ... deadline` is printed on the sheet only (the runtime has no clock"],
        &["`lineup` is printed"],
    );
    // Without the deadline the line-up clause acts, and no note is given for it.
    let text = std::fs::read_to_string(crate::common::root().join(LEAGUE)).expect("reads");
    let without = text.replace(" deadline 30min before", "");
    assert_phrases(&check_exits(&without, 0), &[], &["lineup"]);
}
