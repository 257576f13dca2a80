//! A section nobody entered (W205): a stage that takes its players from the roster and finds
//! none is not held, with a warning at its `entrants` and a transcript line, and the other
//! sections run. Before, a Swiss section refused the whole event (R014, "3 rounds for 0
//! players") and a round-robin section vanished without a word.

use std::path::Path;

use crate::common::{assert_phrases, assert_success, event_new_output, root, written, xqreg};

const REGULATION: &str = "tests/suite/regulations/unentered_section.xqr";
const MEN_ONLY: &str = "id,name,unit,sex,rating\nm1,甲,北京,men,2400\nm2,乙,上海,men,2300\nm3,丙,广东,men,2200\nm4,丁,四川,men,2100\n";

fn men_only(dir: &std::path::Path) -> String {
    written(dir, "men.csv", MEN_ONLY)
}

#[test]
fn a_section_no_one_entered_is_not_held_and_said() {
    let dir = tempfile::tempdir().expect("temp dir");
    let roster = men_only(dir.path());
    let regulation = root().join(REGULATION);
    let regulation = regulation.to_string_lossy();
    let args = ["simulate", &regulation, "--roster", &roster, "--seed", "3"];
    let out = xqreg(&[&args[..], &["--format", "json"]].concat());
    assert_success(&out, "simulate: ");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let stages: Vec<(&str, &str)> = json["stages"]
        .as_array()
        .expect("stages")
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap_or(""),
                s["kind"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(stages, [("men", "swiss"), ("women", "not_held")]);
    let warnings = json["warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0]["code"], "W205");
    let said = json["transcript"]
        .as_array()
        .expect("transcript")
        .iter()
        .any(|e| {
            e["text"]
                .as_str()
                .is_some_and(|t| t.starts_with("stage `women` has no players"))
        });
    assert!(said, "the transcript says why the section is not held");
    // The men's prizes are paid, the women's table pays no one.
    let prizes = serde_json::to_string(&json["prizes"]).expect("prizes");
    assert!(
        prizes.contains("500") && !prizes.contains("400"),
        "{prizes}"
    );
    // In the terminal: a warning at the women's `entrants`, with its help.
    let text = xqreg(&[&args[..], &["--lang", "en"]].concat());
    assert!(text.status.success());
    assert_phrases(
        &String::from_utf8_lossy(&text.stderr),
        &[
            "W205 stage-without-players",
            "unentered_section.xqr:21:",
            "help:",
        ],
        &["R014"],
    );
}

#[test]
fn an_event_starts_without_the_section_and_its_page_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let roster = men_only(dir.path());
    let ev = dir.path().join("ev").to_string_lossy().into_owned();
    let regulation = root().join(REGULATION);
    let new = event_new_output(&ev, &regulation, Path::new(&roster), &[]);
    assert_success(&new, "event new: ");
    let warned = String::from_utf8_lossy(&new.stderr);
    assert_phrases(&warned, &["W205 stage-without-players"], &[]);
    let pair = xqreg(&["event", "pair", &ev]);
    assert!(pair.status.success());
    assert_phrases(
        &String::from_utf8_lossy(&pair.stdout),
        &["men round 1"],
        &["women"],
    );
    let site = dir.path().join("site");
    let publish = xqreg(&["event", "publish", &ev, "-o", &site.to_string_lossy()]);
    assert!(publish.status.success());
    let page = std::fs::read_to_string(site.join("zh/stage-2.html")).expect("women's page");
    assert_phrases(&page, &["无人报名，本组不举行。"], &["尚未公布对阵"]);
}
