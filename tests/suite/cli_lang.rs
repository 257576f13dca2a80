//! `--lang` covers every user-facing line of every command: English output has no Chinese
//! except names and texts taken from the regulation (or the roster it ran on), and Chinese
//! output has none of the English headings and messages.

use crate::common::{root, written, xqreg};

const REG: &str = "examples/003_xiexiaxun/open.xqr";

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{2E80}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{FF00}'..='\u{FFEF}')
}

/// The runs of CJK characters (with the punctuation between them) in `text`.
fn cjk_runs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if is_cjk(c) {
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A regulation whose scenario tests fail in every way an expectation can, and on a game that
/// does not exist.
const FAILING: &str = "tests/suite/lang_failing_tests.xqr";

/// Every command's output (stdout and stderr), in `lang`: what each prints, its failure lines and
/// its usage errors.
fn outputs(lang: &str) -> Vec<(String, String)> {
    let missing = "no/such/file.xqr";
    let cases: Vec<Vec<&str>> = vec![
        vec!["check", REG],
        vec![
            "check",
            "--format",
            "plain",
            "tests/fixtures/syntax/E017_misspelt_keyword.xqr",
        ],
        vec!["check", missing],
        vec!["explain", "E102"],
        vec!["explain", "E10"],
        vec!["explain", "--list"],
        vec!["test", REG],
        vec!["test", FAILING],
        vec!["test", missing],
        vec!["check", "--bogus", REG],
        vec!["check", "--format", "xml", REG],
        vec!["chek", REG],
        vec!["simulate"],
        vec!["check", "--help"],
        vec!["simulate", "-h"],
        vec!["event", "result", "--help"],
        vec!["help", "simulate"],
        vec!["simulate", REG],
        vec!["simulate", REG, "--runs", "3"],
        vec!["simulate", REG, "--runs", "2", "--trf", "x"],
        vec!["sheet", "--format", "md", REG],
        vec!["plan", missing],
    ];
    cases
        .into_iter()
        .map(|mut args| {
            args.extend(["--lang", lang]);
            let o = xqreg(&args);
            let text = format!(
                "{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            );
            (args.join(" "), text)
        })
        .collect()
}

#[test]
fn english_output_has_no_chinese_of_its_own() {
    // Chinese the regulation itself holds (titles, names, venues, players) may be quoted.
    let mut allowed = String::new();
    for f in [
        REG,
        FAILING,
        "tests/fixtures/syntax/E017_misspelt_keyword.xqr",
    ] {
        allowed.push_str(&std::fs::read_to_string(root().join(f)).expect("file"));
    }
    // So may the generated players' names, as the JSON of the same run records them.
    let json = xqreg(&["simulate", REG, "--format", "json"]);
    allowed.push_str(&String::from_utf8_lossy(&json.stdout));
    for (cmd, text) in outputs("en") {
        for run in cjk_runs(&text) {
            assert!(
                allowed.contains(&run),
                "`{cmd}` prints Chinese of its own: `{run}`\n{text}"
            );
        }
    }
}

#[test]
fn chinese_output_has_no_english_headings() {
    let english = [
        "Final ranking",
        "Prizes",
        "Qualifiers",
        " games",
        "passed",
        "failed",
        "completed",
        "stopped",
        "Finished first",
        "Matches decided",
        "checked ",
        "cannot read",
        "What it means",
        "How to fix",
        "did you mean",
        "use it without",
        "help:",
        // plain diagnostics' severity words
        "error[",
        "warning[",
        // scenario failure lines
        "expected",
        "finished",
        "prize of",
        "nobody",
        "who is",
        // usage errors
        "error:",
        "Usage",
        "unexpected argument",
        "For more information",
    ];
    for (cmd, mut text) in outputs("zh") {
        // Code names (`scenario-failed`) are identifiers, the same in both languages.
        for code in xqreg::diagnostics::registry::all_codes() {
            text = text.replace(code.name, "");
        }
        for word in english {
            assert!(
                !text.contains(word),
                "`{cmd}` says `{word}` in Chinese output:\n{text}"
            );
        }
    }
}

#[test]
fn the_help_subcommand_takes_lang_in_both_languages() {
    for (lang, usage) in [
        ("en", "Usage: xqreg simulate"),
        ("zh", "用法：xqreg simulate"),
    ] {
        let o = xqreg(&["help", "simulate", "--lang", lang]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(0),
            "help simulate --lang {lang}: {out}"
        );
        assert!(out.contains(usage), "help simulate --lang {lang}:\n{out}");
    }
}

/// A runtime problem's details are worded in the language asked for, not only its heading: a
/// roster that repeats an id is refused in Chinese with the Chinese details, in English with the
/// English ones.
#[test]
fn runtime_problems_are_detailed_in_the_language_asked_for() {
    let csv =
        std::fs::read_to_string(root().join("examples/001_nanning/roster.csv")).expect("roster");
    let mut lines = csv.lines();
    let header = lines.next().expect("header");
    let first = lines.next().expect("a player");
    let dir = std::env::temp_dir().join(format!("xqreg-lang-dup-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let roster = written(&dir, "dup.csv", &format!("{header}\n{first}\n{first}\n"));
    let reg = "examples/001_nanning/regulation.xqr";
    for (lang, want, not) in [
        (
            "zh",
            "编号 `p001` 重复（首次出现在第 2 行）",
            "duplicate id",
        ),
        ("en", "duplicate id `p001` (first on line 2)", "重复"),
    ] {
        let o = xqreg(&["simulate", reg, "--roster", &roster, "--lang", lang]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{lang}: {err}");
        assert!(err.contains(want), "{lang}: expected {want:?} in\n{err}");
        assert!(!err.contains(not), "{lang}: {not:?} in\n{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The English report heads with the regulation's English title when it gives one.
#[test]
fn the_english_simulation_heads_with_the_english_title() {
    for (lang, title) in [
        ("en", "2018 Xie Xiaxun Forum National Xiangqi Open (seed 0)"),
        (
            "zh",
            "2018年谢侠逊棋王文化高峰论坛暨全国象棋公开赛（种子 0）",
        ),
    ] {
        let o = xqreg(&["simulate", REG, "--lang", lang]);
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(out.lines().next().unwrap_or_default(), title, "{lang}");
    }
}

/// A file that cannot be written is named as asked, with the reason in the language asked for,
/// and never by the temporary file xqreg writes first.
#[test]
fn an_unwritable_output_is_said_in_both_languages() {
    for (lang, want) in [
        (
            "zh",
            "xqreg：无法写入 `/nonexistent-dir/x.html`：文件或目录不存在",
        ),
        (
            "en",
            "xqreg: cannot write `/nonexistent-dir/x.html`: No such file or directory",
        ),
    ] {
        let o = xqreg(&[
            "sheet",
            REG,
            "-o",
            "/nonexistent-dir/x.html",
            "--lang",
            lang,
        ]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_ne!(o.status.code(), Some(0), "{lang}: {err}");
        assert!(err.contains(want), "{lang}: expected {want:?} in {err}");
        assert!(
            !err.contains(".xqreg-"),
            "{lang}: the temporary file is named: {err}"
        );
    }
}

/// The transcript is English (the JSON does not change with `--lang`): a tie-break separation
/// names its criterion in English, as a lot does, not in the Chinese of the regulations.
#[test]
fn the_transcript_names_tiebreak_criteria_in_english() {
    let o = xqreg(&["simulate", REG, "--format", "json", "--lang", "en"]);
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("simulate JSON");
    let lines: Vec<&str> = json["transcript"]
        .as_array()
        .expect("a transcript")
        .iter()
        .filter(|e| matches!(e["kind"].as_str(), Some("tiebreak" | "lot")))
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert!(!lines.is_empty(), "no separation in the run to look at");
    for line in lines {
        assert!(
            cjk_runs(line).is_empty(),
            "a transcript line names a criterion in Chinese: {line}"
        );
        assert!(!line.contains("opponents_score"), "an identifier: {line}");
    }
}
