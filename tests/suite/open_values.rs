//! Issue 9, item 5: values left open (`tbd`, 另行通知) and tables by the number of entries, on the
//! built binary. The sheet prints 另行通知 where a `tbd` value goes and never the stage's
//! `assume`; `simulate` refuses a `tbd` value nothing assumes (R022, exit 1, with a help line)
//! and says which value it assumed and which row of a table by entries the field took.

use std::process::{Command, Output};

use crate::common::{assert_phrases, assert_success, root};

fn xqreg(args: &[&str], stdin: Option<&str>) -> Output {
    use std::io::Write as _;
    let mut c = Command::new(env!("CARGO_BIN_EXE_xqreg"));
    c.args(args)
        .current_dir(root())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "C")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = c.spawn().expect("run xqreg");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    drop(child.stdin.take());
    child.wait_with_output().expect("xqreg ends")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const TBD: &str = "tests/scenarios/rounds_tbd.xqr";

#[test]
fn the_sheet_prints_to_be_announced_and_never_the_assumption() {
    let zh = out(&xqreg(
        &["sheet", "--lang", "zh", "--format", "md", TBD],
        None,
    ));
    assert_phrases(&zh, &["轮数另行通知", "比赛用时另行通知"], &[]);
    assert!(!zh.contains("9轮") && !zh.contains("往届"), "{zh}");
    let en = out(&xqreg(
        &["sheet", "--lang", "en", "--format", "md", TBD],
        None,
    ));
    assert_phrases(
        &en,
        &[
            "the number of rounds to be announced",
            "ime control to be announced",
        ],
        &["9 rounds"],
    );
}

#[test]
fn simulate_uses_the_assumption_and_says_so() {
    let o = xqreg(&["simulate", TBD, "--players", "12", "--lang", "en"], None);
    assert_success(&o, "");
    assert!(
        out(&o).contains("Swiss: the number of rounds is to be announced; this run assumes 9"),
        "{}",
        out(&o)
    );
}

#[test]
fn simulate_refuses_a_tbd_value_nothing_assumes() {
    let text = std::fs::read_to_string(root().join(TBD)).expect("readable");
    let without = text.replace("  assume rounds 9 \"按往届轮次\"\n", "");
    assert_ne!(text, without, "the assumption line was removed");
    let o = xqreg(
        &["simulate", "-", "--players", "12", "--lang", "en"],
        Some(&without),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("R022") && err.contains("help:"), "{err}");
    assert!(
        err.contains("the number of rounds is to be announced"),
        "{err}"
    );
    let check = xqreg(&["check", "-", "--lang", "en"], Some(&without));
    assert!(
        String::from_utf8_lossy(&check.stdout).contains("W203")
            || String::from_utf8_lossy(&check.stderr).contains("W203")
    );
}

#[test]
fn simulate_says_which_row_of_a_table_by_entries_the_field_took() {
    let file = "tests/scenarios/rounds_by_entries.xqr";
    for (n, row) in [
        ("12", "`..16: 7`"),
        ("18", "`17..19: 8`"),
        ("20", "`20..: 9`"),
    ] {
        let o = xqreg(&["simulate", file, "--players", n, "--lang", "en"], None);
        assert_eq!(o.status.code(), Some(0));
        let want = format!("Swiss: {n} entries are in the row {row} of the table by entries");
        assert!(out(&o).contains(&want), "{want}\n{}", out(&o));
    }
}

/// `assume field N` under a `cap` sizes the simulation: the checker runs its stage checks with N
/// (E518), so `simulate` must play N, not the cap (it used to generate the cap and drop N).
#[test]
fn simulate_plays_the_assumed_field_under_a_cap() {
    let file = "regulation \"t\" {\n}\ntime r { base 15min increment 10s flag loses }\n\
                entry {\n  cap 120 first_come\n  assume field 60\n}\n\
                stage main {\n  swiss cxa rounds 5\n  entrants roster\n  time r\n  \
                avoid same_unit never\n  tiebreak wins, lots\n}\n";
    let o = xqreg(&["simulate", "-", "--format", "json"], Some(file));
    assert_success(&o, "");
    let run: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let ranked = run["final_ranking"].as_array().map_or(0, Vec::len);
    assert_eq!(ranked, 60, "{}", out(&o));
    // Without the assumption the cap is the size.
    let capped = file.replace("  assume field 60\n", "");
    let o = xqreg(&["simulate", "-", "--format", "json"], Some(&capped));
    let run: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(run["final_ranking"].as_array().map_or(0, Vec::len), 120);
}

/// A field in a `round_robin` row of the table by entries plays a single round robin: 7
/// players, 21 games, every pair once; a field of 8 in the next row plays the 5-round Swiss.
#[test]
fn a_small_field_in_a_round_robin_row_plays_a_round_robin() {
    let file = "tests/scenarios/rounds_by_entries_round_robin.xqr";
    let o = xqreg(
        &["simulate", file, "--players", "7", "--format", "json"],
        None,
    );
    assert_success(&o, "");
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let stage = &json["stages"][0];
    assert_eq!(stage["kind"], "round_robin", "{stage}");
    let games = stage["games"].as_array().expect("games");
    let pairs: std::collections::BTreeSet<(String, String)> = games
        .iter()
        .map(|g| {
            let (r, b) = (g["red"].to_string(), g["black"].to_string());
            if r < b {
                (r, b)
            } else {
                (b, r)
            }
        })
        .collect();
    assert_eq!((games.len(), pairs.len()), (21, 21), "{games:?}");
    let human = xqreg(&["simulate", file, "--players", "7", "--lang", "en"], None);
    assert!(
        out(&human).contains("7 entries are in the row `..7: round_robin` of the table by entries: a single round robin"),
        "{}",
        out(&human)
    );
    let swiss = xqreg(
        &["simulate", file, "--players", "8", "--format", "json"],
        None,
    );
    let json: serde_json::Value = serde_json::from_slice(&swiss.stdout).expect("json");
    assert_eq!(json["stages"][0]["kind"], "swiss");
}
