//! A stage's English title (`stage cup "淘汰赛" en "Cup"`) names it in English output, as its
//! title names it in Chinese: `event pair`, `event standings`, the English site and `simulate`
//! under `--lang en` said the id (`cup round 2`, `Matches: cup`) or, on the site, `cup (淘汰赛)`.
//! The plan carries it, and a plan written without it still reads.

use crate::common::{assert_phrases, written, xqreg, xqreg_ok};
use crate::withdrawn_forfeits::{knockout_p8_withdrawn_after_round_1, KO};
use xqreg_runtime::plan::Plan;

#[test]
fn english_output_names_a_stage_by_its_en_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, pair) = knockout_p8_withdrawn_after_round_1(tmp.path());
    assert!(
        pair.starts_with("Cup round 2\n") && !pair.contains("cup"),
        "{pair}"
    );
    let standings = xqreg_ok(&["event", "standings", &ev, "--lang", "en"]);
    assert_phrases(&standings, &["Cup (so far)"], &["cup (so far)"]);
    let zh = xqreg_ok(&["event", "standings", &ev, "--lang", "zh"]);
    assert_phrases(&zh, &["淘汰赛"], &["Cup"]);
    let site = tmp.path().join("site");
    let out = site.display().to_string();
    xqreg_ok(&["event", "publish", &ev, "--output", &out]);
    let page = std::fs::read_to_string(site.join("en/stage-1.html")).expect("page");
    assert_phrases(&page, &["<title>Cup · "], &["cup (淘汰赛)"]);
    let zh = std::fs::read_to_string(site.join("zh/stage-1.html")).expect("page");
    assert_phrases(&zh, &["<title>淘汰赛 · "], &[]);
    let reg = tmp.path().join("ko.xqr").display().to_string();
    let roster = tmp.path().join("roster.csv").display().to_string();
    let sim = xqreg_ok(&["simulate", &reg, "--roster", &roster, "--lang", "en"]);
    assert_phrases(&sim, &["Matches: Cup\n"], &["Matches: cup"]);
}

/// Output names a stage by its title, commands and rows take its id: a title typed where the id
/// belongs is refused with the id to type (E852 for `--stage`, E831 for a result), and an
/// unknown name's help lists each id with its title. The help said only `its stages are: cup`
/// and, for a result, to record results of published games, which `Cup round 2` is.
#[test]
fn a_stage_typed_by_its_title_is_told_its_id() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (ev, _) = knockout_p8_withdrawn_after_round_1(tmp.path());
    let refusal = |args: &[&str], code: &str| {
        let out = xqreg(args);
        let text = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(1), "{text}");
        assert!(text.contains(code), "{text}");
        text
    };
    let text = refusal(&["event", "standings", &ev, "--stage", "Cup"], "E852");
    assert_phrases(&text, &["`Cup` is the title of stage `cup`"], &[]);
    let text = refusal(
        &[
            "event",
            "result",
            &ev,
            "淘汰赛",
            "2",
            "1",
            "1-0",
            "--lang",
            "zh",
        ],
        "E831",
    );
    assert_phrases(&text, &["`淘汰赛` 是阶段 `cup` 的名称"], &[]);
    let text = refusal(&["event", "standings", &ev, "--stage", "nope"], "E852");
    assert_phrases(&text, &["its stages are: cup (Cup)"], &[]);
    let text = refusal(
        &["event", "standings", &ev, "--stage", "nope", "--lang", "zh"],
        "E852",
    );
    assert_phrases(&text, &["规程的阶段为：cup（淘汰赛）"], &[]);
}

/// The plan carries the English title, and only when there is one: a plan written before it
/// (no `title_en`) reads as a stage without one.
#[test]
fn the_plan_carries_the_en_title_and_reads_without_it() {
    let tmp = tempfile::tempdir().expect("tmp");
    let reg = written(tmp.path(), "ko.xqr", KO);
    let plan = xqreg::compile::compile_bytes("ko.xqr", KO.as_bytes())
        .plan
        .expect("a plan");
    assert_eq!(plan.stages[0].title_en.as_deref(), Some("Cup"));
    let json = serde_json::to_string(&plan).expect("serialises");
    let old = json.replace(",\"title_en\":\"Cup\"", "");
    assert_ne!(old, json, "the stage's title_en in {json}");
    let back: Plan = serde_json::from_str(&old).expect("an old plan reads");
    assert_eq!(back.stages[0].title_en, None);
    assert_eq!(back.stages[0].title.as_deref(), Some("淘汰赛"));
    let without = std::fs::read_to_string(&reg)
        .expect("reg")
        .replace("\"淘汰赛\" en \"Cup\"", "\"淘汰赛\"");
    let plan = xqreg::compile::compile_bytes("ko.xqr", without.as_bytes())
        .plan
        .expect("a plan");
    let json = serde_json::to_string(&plan).expect("serialises");
    assert!(!json.contains("title_en\":null"), "{json}");
}
