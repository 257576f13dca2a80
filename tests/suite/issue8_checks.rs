//! Issue 8, the checker's part: prizes keyed by a knockout round, trophy-only tables, the
//! edition line, scoring keys, W602, and values the runtime cannot run. The regulations are in
//! `tests/fixtures/issue8/`.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common::{assert_phrases, assert_success, root};

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/issue8").join(name)
}

fn xqreg(args: &[&str], file: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xqreg"))
        .args(args)
        .arg(file)
        .output()
        .expect("run xqreg")
}

/// The stdout of a successful xqreg `args` on the knockout prizes fixture.
fn knockout_prizes(args: &[&str]) -> String {
    stdout(&xqreg(args, &fixture("knockout_prizes.xqr")))
}

fn stdout(out: &Output) -> String {
    assert_success(out, "");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn losers_of_a_knockout_round_are_paid_at_their_place() {
    let out = knockout_prizes(&["simulate", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let prizes = v["prizes"].as_array().expect("prizes");
    let losers: Vec<_> = prizes
        .iter()
        .filter(|p| !p["eliminated"].is_null())
        .collect();
    assert_eq!(losers.len(), 4, "{out}");
    for p in losers {
        assert_eq!(p["place"], 5, "{p}");
        assert_eq!(p["shared"], true, "{p}");
        assert_eq!(p["amount"], 100, "{p}");
        assert_eq!(p["eliminated"]["round"], 1, "{p}");
    }
    assert!(prizes.iter().all(|p| p["place"] != 0), "{out}");
    let human = knockout_prizes(&["simulate"]);
    assert!(human.contains("(losers of ko round 1)"), "{human}");
}

#[test]
fn a_trophy_only_table_awards_its_items_and_prints_no_money_total() {
    let out = knockout_prizes(&["simulate", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let trophy_table: Vec<_> = v["prizes"]
        .as_array()
        .expect("prizes")
        .iter()
        .filter(|p| p["items"].as_array().is_some_and(|i| !i.is_empty()))
        .filter(|p| p["amount"] == 0)
        .collect();
    assert_eq!(trophy_table.len(), 2, "{out}");
    assert_eq!(trophy_table[0]["place"], 1);
    assert_eq!(trophy_table[0]["items"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["prize_totals"]["CNY"], 6900);
    let human = knockout_prizes(&["simulate"]);
    assert_phrases(&human, &["trophy, certificate"], &[" 0 CNY"]);
    for lang in ["zh", "en"] {
        let sheet = knockout_prizes(&["sheet", "--format", "md", "--lang", lang]);
        assert_phrases(&sheet, &[], &["**0元**", "**CNY 0**"]);
    }
}

#[test]
fn the_edition_prints_once() {
    let zh = knockout_prizes(&["sheet", "--format", "md", "--lang", "zh"]);
    assert_phrases(&zh, &["本届为第五届。"], &["第第"]);
    let en = knockout_prizes(&["sheet", "--format", "md", "--lang", "en"]);
    assert!(en.contains("This is the 5th edition."), "{en}");
}
