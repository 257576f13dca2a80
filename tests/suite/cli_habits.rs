//! Command-line habits of issue 11: `--color`, NO_COLOR and FORCE_COLOR; `-` for standard input
//! with `--stdin-filename`; `-q`; SARIF validated against the official schema; JUnit XML;
//! `explain --list`; shell completions and the man page.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::common::root;

const CLEAN: &str = "examples/001_nanning/regulation.xqr";
const TESTED: &str = "examples/003_xiexiaxun/open.xqr";

/// A regulation with an error (an unknown time control) and a warning or two.
fn broken() -> String {
    let text = std::fs::read_to_string(root().join(CLEAN)).expect("example");
    text + "\nstage extra \"加赛\" en \"Extra\" { swiss cxa rounds 2 time nosuch }\n"
}

fn run(args: &[&str], env: &[(&str, &str)], stdin: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xqreg"));
    c.args(args)
        .current_dir(root())
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("NO_COLOR")
        .env_remove("FORCE_COLOR")
        .env("LANG", "C")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        c.env(k, v);
    }
    let mut child = c.spawn().expect("spawn xqreg");
    if let Some(mut input) = child.stdin.take() {
        if let Some(text) = stdin {
            input.write_all(text.as_bytes()).expect("write stdin");
        }
    }
    child.wait_with_output().expect("run xqreg")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn has_ansi(s: &str) -> bool {
    s.contains("\u{1b}[")
}

#[test]
fn color_follows_the_flag_no_color_and_force_color() {
    let src = broken();
    let check = |args: &[&str], env: &[(&str, &str)]| {
        let mut all = vec!["check", "-"];
        all.extend_from_slice(args);
        out(&run(&all, env, Some(&src)))
    };
    // stdout is a pipe here: `auto` gives no colour, unless FORCE_COLOR asks.
    assert!(!has_ansi(&check(&[], &[])));
    assert!(has_ansi(&check(&[], &[("FORCE_COLOR", "1")])));
    assert!(!has_ansi(&check(&[], &[("FORCE_COLOR", "0")])));
    assert!(has_ansi(&check(&["--color", "always"], &[])));
    assert!(has_ansi(&check(
        &["--color", "always"],
        &[("NO_COLOR", "1")]
    )));
    assert!(!has_ansi(&check(
        &["--color", "never"],
        &[("FORCE_COLOR", "1")]
    )));
    assert!(!has_ansi(&check(
        &[],
        &[("NO_COLOR", "1"), ("FORCE_COLOR", "1")]
    )));
    // A global flag: accepted before the subcommand too.
    let o = run(&["--color", "always", "check", "-"], &[], Some(&src));
    assert!(has_ansi(&out(&o)));
}

#[test]
fn dash_reads_standard_input_named_by_stdin_filename() {
    let src = broken();
    let o = run(&["check", "--format", "json", "-"], &[], Some(&src));
    assert_eq!(o.status.code(), Some(1));
    let v: Value = serde_json::from_slice(&o.stdout).expect("json");
    assert_eq!(v["diagnostics"][0]["file"], "<stdin>");
    let o = run(
        &[
            "check",
            "--format",
            "plain",
            "--stdin-filename",
            "federation/open.xqr",
            "-",
        ],
        &[],
        Some(&src),
    );
    assert!(out(&o).contains("federation/open.xqr:"), "{}", out(&o));
    // Other commands read `-` too.
    let clean = std::fs::read_to_string(root().join(CLEAN)).expect("example");
    let o = run(&["plan", "-"], &[], Some(&clean));
    assert_eq!(o.status.code(), Some(0));
    let plan: Value = serde_json::from_slice(&o.stdout).expect("plan json");
    assert!(plan.is_object());
    let tested = std::fs::read_to_string(root().join(TESTED)).expect("example");
    let o = run(&["test", "-"], &[], Some(&tested));
    assert_eq!(o.status.code(), Some(0), "{}", out(&o));
    assert!(out(&o).contains("<stdin>:"));
}

#[test]
fn quiet_drops_the_summary_and_passing_tests() {
    let src = broken();
    let loud = out(&run(&["check", "-"], &[], Some(&src)));
    let quiet = out(&run(&["-q", "check", "-"], &[], Some(&src)));
    assert!(loud.contains("checked 1 file"));
    assert!(!quiet.contains("checked 1 file"));
    assert!(quiet.contains("E102"), "diagnostics stay: {quiet}");
    let loud = out(&run(&["test", TESTED], &[], None));
    let quiet = out(&run(&["test", "--quiet", TESTED], &[], None));
    assert!(loud.lines().any(|l| l.starts_with("ok ")));
    assert!(!quiet.lines().any(|l| l.starts_with("ok ")), "{quiet}");
    assert!(quiet.contains("passed"));
}

#[test]
fn sarif_validates_against_the_schema() {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("tests/schemas/sarif-schema-2.1.0.json"))
            .expect("vendored schema"),
    )
    .expect("schema is JSON");
    let validator = jsonschema::draft4::new(&schema).expect("schema compiles");
    let src = broken();
    for lang in ["en", "zh"] {
        let o = run(
            &["check", "--format", "sarif", "--lang", lang, "-"],
            &[],
            Some(&src),
        );
        assert_eq!(o.status.code(), Some(1));
        let log: Value = serde_json::from_slice(&o.stdout).expect("SARIF is JSON");
        let problems: Vec<String> = validator.iter_errors(&log).map(|e| e.to_string()).collect();
        assert!(problems.is_empty(), "{problems:?}");
        let results = log["runs"][0]["results"].as_array().expect("results");
        let e102 = results
            .iter()
            .find(|r| r["ruleId"] == "E102")
            .expect("the unknown time control is a result");
        assert_eq!(e102["level"], "error");
        let region = &e102["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().is_some_and(|l| l > 1));
        let rules = log["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .expect("rules");
        let index = e102["ruleIndex"].as_u64().expect("index") as usize;
        assert_eq!(rules[index]["id"], "E102");
    }
    // A broken log fails the schema: the validation is not vacuous.
    let bad = serde_json::json!({"version": "2.1.0", "runs": [{"results": []}]});
    assert!(!validator.is_valid(&bad));
}

#[test]
fn junit_lists_each_scenario_as_a_test_case() {
    let o = run(&["test", "--format", "junit", TESTED], &[], None);
    assert_eq!(o.status.code(), Some(0));
    let human = out(&run(&["test", TESTED], &[], None));
    let text = out(&o);
    let doc = roxmltree::Document::parse(&text).expect("well-formed XML");
    let root_el = doc.root_element();
    assert_eq!(root_el.tag_name().name(), "testsuites");
    let suites: Vec<_> = root_el
        .children()
        .filter(|n| n.has_tag_name("testsuite"))
        .collect();
    assert_eq!(suites.len(), 1);
    assert_eq!(suites[0].attribute("name"), Some(TESTED));
    let cases: Vec<_> = suites[0]
        .children()
        .filter(|n| n.has_tag_name("testcase"))
        .collect();
    let ok_lines = human.lines().filter(|l| l.starts_with("ok ")).count();
    assert_eq!(cases.len(), ok_lines);
    assert!(ok_lines > 0);
    assert_eq!(
        suites[0].attribute("tests"),
        Some(ok_lines.to_string().as_str())
    );
    for c in &cases {
        assert!(c.attribute("name").is_some_and(|n| !n.is_empty()));
        assert_eq!(c.attribute("classname"), Some(TESTED));
        assert!(c.children().all(|n| !n.has_tag_name("failure")));
    }
    // A failing scenario carries a <failure> with what differed.
    let text = std::fs::read_to_string(root().join(TESTED)).expect("example");
    let broken_expect = break_one_expectation(&text);
    let o = run(
        &["test", "--format", "junit", "-"],
        &[],
        Some(&broken_expect),
    );
    assert_eq!(o.status.code(), Some(1));
    let xml = out(&o);
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let failures: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("failure"))
        .collect();
    assert_eq!(failures.len(), 1, "{xml}");
    assert!(failures[0]
        .attribute("message")
        .is_some_and(|m| !m.is_empty()));
    assert_eq!(doc.root_element().attribute("failures"), Some("1"));
}

/// The regulation with its first test expecting the wrong winner.
fn break_one_expectation(text: &str) -> String {
    assert!(
        text.contains("    place 1 p1\n"),
        "the example's first test names its winner"
    );
    text.replacen("    place 1 p1\n", "    place 1 p3\n", 1)
}

#[test]
fn explain_list_names_every_code_and_suggests_only_close_ones() {
    let o = run(&["explain", "--list"], &[], None);
    assert_eq!(o.status.code(), Some(0));
    let list = out(&o);
    let codes = xqreg::diagnostics::registry::all_codes();
    assert_eq!(list.lines().count(), codes.len());
    for (line, code) in list.lines().zip(&codes) {
        assert!(
            line.starts_with(code.code) && line.ends_with(code.name),
            "{line}"
        );
    }
    let o = run(&["explain", "E10"], &[], None);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("did you mean"), "{err}");
    let o = run(&["explain", "Q987"], &[], None);
    assert!(!String::from_utf8_lossy(&o.stderr).contains("did you mean"));
}

#[test]
fn completions_for_bash_zsh_fish_and_a_man_page() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef xqreg"),
        ("fish", "complete -c xqreg"),
    ] {
        let o = run(&["completions", shell], &[], None);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        let script = out(&o);
        assert!(script.contains(marker), "{shell}: {script}");
        for sub in ["check", "simulate", "explain", "stdin-filename"] {
            assert!(script.contains(sub), "{shell} completes {sub}");
        }
    }
    let o = run(&["man"], &[], None);
    assert_eq!(o.status.code(), Some(0));
    let page = out(&o);
    assert!(
        page.starts_with(".ie") || page.contains(".TH xqreg"),
        "{page}"
    );
    assert!(page.contains("check") && page.contains("simulate"));
}

#[test]
fn runs_on_generated_rosters_count_winners_by_rating_rank_without_progress_on_a_pipe() {
    let o = run(
        &["simulate", TESTED, "--runs", "4", "--format", "json"],
        &[],
        None,
    );
    assert_eq!(o.status.code(), Some(0));
    let v: Value = serde_json::from_slice(&o.stdout).expect("json");
    // Generated names differ from run to run: they are not aggregated.
    assert!(v.get("first_place").is_none(), "{v}");
    let by_rank = v["first_by_rating_rank"].as_object().expect("by rank");
    let total: u64 = by_rank.values().filter_map(Value::as_u64).sum();
    assert_eq!(total, v["completed"].as_u64().expect("completed"));
    // stderr is a pipe: no progress bar.
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
