//! Fixture tests of checker A's codes: every `tests/fixtures/check/{E,W}{1-4}*.xqr` parses
//! without syntax errors and raises exactly the codes its `// expect:` header lists. The suite's
//! harness snapshots the same files' renderings; this test runs on the library alone so a check
//! is verified before the CLI wires it.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::testing::expected;
use super::{check, codes};

fn root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// Checker A's fixtures: named after a code of E1-E4 / W1-W4.
fn fixtures() -> Vec<PathBuf> {
    let dir = root().join("tests/fixtures/check");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    out.retain(|p| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut chars = name.chars();
        matches!(chars.next(), Some('E' | 'W'))
            && matches!(chars.next(), Some('1'..='4'))
            && name.ends_with(".xqr")
    });
    out.sort();
    out
}

fn line_of(text: &str, offset: u32) -> usize {
    let end = (offset as usize).min(text.len());
    text.as_bytes()
        .get(..end)
        .map_or(0, |b| b.iter().filter(|c| **c == b'\n').count())
        + 1
}

/// One line per diagnostic: `code line message`, for failure messages.
fn describe(text: &str) -> (BTreeSet<String>, Vec<String>, Vec<String>) {
    let parsed = xqreg_grammar::parse(text);
    let syntax: Vec<String> = parsed
        .errors
        .iter()
        .map(|e| format!("{:?} at {:?}", e.kind, e.span))
        .collect();
    let out = check(&parsed.file);
    let mut got = BTreeSet::new();
    let mut lines = Vec::new();
    for d in out.diagnostics.sorted() {
        got.insert(d.code.code.to_string());
        lines.push(format!(
            "{} line {}: {}",
            d.code.code,
            line_of(text, d.span().start),
            d.message.en
        ));
    }
    (got, lines, syntax)
}

#[test]
fn every_fixture_raises_exactly_its_codes() {
    let files = fixtures();
    assert!(
        files.len() >= 40,
        "expected a fixture per code, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let Some(want) = expected(&text) else {
            failures.push(format!("{name}: no `// expect:` header"));
            continue;
        };
        let named = name.get(..4).unwrap_or("");
        if !want.contains(named) {
            failures.push(format!(
                "{name}: named after {named} but does not expect it"
            ));
        }
        let (got, lines, syntax) = describe(&text);
        if !syntax.is_empty() {
            failures.push(format!("{name}: syntax errors {syntax:?}"));
            continue;
        }
        if got != want {
            failures.push(format!(
                "{name}: expected {want:?}, got {got:?}\n    {}",
                lines.join("\n    ")
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn every_code_of_checker_a_has_a_fixture_and_an_explanation() {
    let names: Vec<String> = fixtures()
        .iter()
        .filter_map(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    let mut missing = Vec::new();
    for code in codes() {
        let c = code.code;
        let mine = matches!(c.as_bytes(), [b'E' | b'W', b'1'..=b'4', ..]);
        if !mine {
            continue;
        }
        if !names.iter().any(|n| n.starts_with(c)) {
            missing.push(format!("{c}: no fixture"));
        }
        if code.explain.meaning.en.is_empty()
            || code.explain.fix.zh.is_empty()
            || code.explain.example.is_empty()
        {
            missing.push(format!("{c}: incomplete explanation"));
        }
        let kebab = code
            .name
            .chars()
            .all(|ch| ch.is_ascii_lowercase() || ch == '-');
        if !kebab {
            missing.push(format!("{c}: name `{}` is not kebab-case", code.name));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn codes_are_unique() {
    let all = codes();
    let set: BTreeSet<&str> = all.iter().map(|c| c.code).collect();
    assert_eq!(set.len(), all.len());
}

/// `XQREG_DUMP=path cargo test -p xqreg dump -- --ignored --nocapture`: print what the checker
/// says about a file (a development aid, not a test).
#[test]
#[ignore]
fn dump() {
    let Ok(paths) = std::env::var("XQREG_DUMP") else {
        return;
    };
    for p in paths.split(',') {
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let (_, lines, syntax) = describe(&text);
        println!("== {p}\n  syntax: {syntax:?}");
        for l in lines {
            println!("  {l}");
        }
    }
}

const GROUPS: &str = r#"regulation "测试赛" en "Test event" {
  dates 2024-05-01 .. 2024-05-03
  rulebook cxa2011
}
scoring { win 2 draw 1 loss 0 }
time standard { base 20min increment 20s flag loses }
time rapid { base 10min increment 10s }
time armageddon { red 6min black 5min draw_goes_to black }
playoff ladder {
  game rapid colours swap
  armageddon armageddon colours lot
}
entry {
  field 8
}
stage groups {
  round_robin single groups A B size 4
  time standard
  draw { rating 1..2 one_per_group; rest random; avoid same_unit }
  tiebreak { sonneborn_berger, head_to_head two_only, wins, lots }
}
stage final {
  knockout { bracket (groups.A#1 v groups.B#2) (groups.B#1 v groups.A#2); third_place }
  time standard
  colours lot
  playoff ladder
  places 1..4
}
places 5..8 shared groups.*#3..4
"#;

/// The diagnostics of `GROUPS` with `edits` applied (each `from` must occur).
fn check_edited(edits: &[(&str, &str)]) -> Vec<crate::diagnostics::Diagnostic> {
    let mut text = GROUPS.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "edit target {from:?} not in the base");
        text = text.replacen(from, to, 1);
    }
    let parsed = xqreg_grammar::parse(&text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    check(&parsed.file).diagnostics.sorted()
}

fn code_list(ds: &[crate::diagnostics::Diagnostic]) -> Vec<&'static str> {
    ds.iter().map(|d| d.code.code).collect()
}

/// `GROUPS` with `from` replaced by `to` raises exactly the codes `want`, in order: the
/// diagnostics, for what else a test asks of them.
fn assert_codes_edited(from: &str, to: &str, want: &[&str]) -> Vec<crate::diagnostics::Diagnostic> {
    let ds = check_edited(&[(from, to)]);
    assert_eq!(code_list(&ds), want, "{from:?} replaced by {to:?}");
    ds
}

#[test]
fn the_base_is_clean() {
    assert_eq!(code_list(&check_edited(&[])), Vec::<&str>::new());
}

#[test]
fn an_unknown_stage_is_one_diagnostic_labelled_at_every_use() {
    let ds = assert_codes_edited(
        "(groups.A#1 v groups.B#2) (groups.B#1 v groups.A#2)",
        "(grups.A#1 v grups.B#2) (grups.B#1 v grups.A#2)",
        &["E103"],
    );
    assert_eq!(ds[0].labels.len(), 4);
    assert_eq!(
        ds[0].help.first().map(|h| h.en.as_str()),
        Some("did you mean `groups`?")
    );
}

#[test]
fn unknown_names_do_not_cascade() {
    // An unknown time control is not also a missing one; an unknown playoff is not a missing one.
    let ds = check_edited(&[
        (
            "stage groups {\n  round_robin single groups A B size 4\n  time standard",
            "stage groups {\n  round_robin single groups A B size 4\n  time standart",
        ),
        ("  playoff ladder\n  places", "  playoff ladr\n  places"),
    ]);
    assert_eq!(code_list(&ds), vec!["E102", "E108"]);
}

#[test]
fn unequal_clocks_without_odds_are_one_problem() {
    assert_codes_edited(
        "red 6min black 5min draw_goes_to black",
        "red 6min black 5min",
        &["E302"],
    );
}

#[test]
fn small_points_resolves_to_sonneborn_berger_in_a_round_robin() {
    assert_codes_edited(
        "{ sonneborn_berger, head_to_head two_only, wins, lots }",
        "{ 小分, 直胜 two_only, 胜局, 后手胜局, 后手局数, 犯规, 抽签 }",
        &[],
    );
    // ... and repeats across an alias and its library name are caught.
    assert_codes_edited(
        "{ sonneborn_berger, head_to_head two_only, wins, lots }",
        "{ 小分, sonneborn_berger, lots }",
        &["E401"],
    );
}

#[test]
fn a_format_copied_with_same_as_counts() {
    assert_codes_edited(
        "places 5..8 shared groups.*#3..4",
        "stage final_b {\n  same_as final\n  knockout { bracket (groups.A#3 v groups.B#4) (groups.B#3 v groups.A#4) }\n  places 5..8\n}",
        &[],
    );
    let ds = check_edited(&[(
        "places 5..8 shared groups.*#3..4",
        "stage final_b {\n  same_as finale\n  places 5..8\n}",
    )]);
    // the unknown `same_as` target is reported; the missing format it would have given is not
    assert!(code_list(&ds).contains(&"E103"));
    assert!(!code_list(&ds).contains(&"E209"));
}

#[test]
fn a_broken_block_silences_unknown_names() {
    // The final's block is broken (a stray word); the places declaration still names `final`
    // nowhere, but the group stage it names is intact: no E103 is a guess either way.
    let text = GROUPS.replacen("  colours lot\n", "  colours lot\n  ???\n", 1);
    let parsed = xqreg_grammar::parse(&text);
    assert!(!parsed.errors.is_empty());
    let codes = code_list(&check(&parsed.file).diagnostics.list);
    assert!(!codes.iter().any(|c| c.starts_with("E10")), "{codes:?}");
}

#[test]
fn a_seeded_bracket_holds_its_entrants() {
    let ds = assert_codes_edited(
        "  knockout { bracket (groups.A#1 v groups.B#2) (groups.B#1 v groups.A#2); third_place }\n",
        "  entrants groups.*#1..2\n  knockout { seeded 2 }\n",
        &["E205"],
    );
    assert_eq!(
        ds[0].message.en,
        "a seeded bracket of 2 cannot hold 4 entrants"
    );
}

/// Every count in every fixture replaced by 0 and by the largest `u32`: the checks never panic
/// (no overflow, no division by zero, no out-of-range index) whatever the counts say.
#[test]
fn extreme_numbers_never_panic() {
    let mut runs = 0;
    for path in fixtures() {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if !bytes[i].is_ascii_digit()
                || (i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'))
            {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            // Dates and clock times are literals the parser checks; counts are what checks use.
            let literal = |b: Option<&u8>| matches!(b, Some(b'-' | b':'));
            if literal(start.checked_sub(1).and_then(|p| bytes.get(p))) || literal(bytes.get(i)) {
                continue;
            }
            for value in ["0", "4294967295"] {
                let mut mutated = String::with_capacity(text.len() + 10);
                mutated.push_str(&text[..start]);
                mutated.push_str(value);
                mutated.push_str(&text[i..]);
                let parsed = xqreg_grammar::parse(&mutated);
                let out = check(&parsed.file);
                runs += 1;
                // touching every diagnostic's span proves the list is well formed
                assert!(out
                    .diagnostics
                    .list
                    .iter()
                    .all(|d| d.span().start <= d.span().end));
            }
        }
    }
    assert!(runs > 500, "only {runs} mutations");
}

#[test]
fn a_stage_may_place_only_those_who_stay() {
    // 8 in groups, 4 go on to the final: the group stage may decide places 5..8 itself.
    let ds = check_edited(&[
        (
            "  tiebreak { sonneborn_berger, head_to_head two_only, wins, lots }\n}",
            "  tiebreak { sonneborn_berger, head_to_head two_only, wins, lots }\n  places 5..8\n}",
        ),
        ("places 5..8 shared groups.*#3..4\n", ""),
    ]);
    assert_eq!(code_list(&ds), Vec::<&str>::new());
    let ds = check_edited(&[
        (
            "  tiebreak { sonneborn_berger, head_to_head two_only, wins, lots }\n}",
            "  tiebreak { sonneborn_berger, head_to_head two_only, wins, lots }\n  places 5..7\n}",
        ),
        ("places 5..8 shared groups.*#3..4\n", ""),
    ]);
    assert!(code_list(&ds).contains(&"E211"));
}

#[test]
fn a_mini_match_has_games() {
    assert_codes_edited(
        "(groups.B#1 v groups.A#2); third_place }",
        "(groups.B#1 v groups.A#2); games 0; third_place }",
        &["E205"],
    );
}

/// Each explanation's example is valid syntax and raises its own code (among others: examples
/// are fragments, so a missing header and the like may come too).
#[test]
fn explain_examples_raise_their_code() {
    let mut bad = Vec::new();
    for code in codes() {
        let mine = matches!(code.code.as_bytes(), [b'E' | b'W', b'1'..=b'4', ..]);
        if !mine {
            continue;
        }
        let parsed = xqreg_grammar::parse(code.explain.example);
        if !parsed.errors.is_empty() {
            bad.push(format!(
                "{}: syntax {:?}",
                code.code,
                parsed.errors.iter().map(|e| &e.kind).collect::<Vec<_>>()
            ));
            continue;
        }
        let got: BTreeSet<&str> = code_list(&check(&parsed.file).diagnostics.list)
            .into_iter()
            .collect();
        // an example shows one mistake: a stray option word would be a second
        if !got.contains(code.code) || (code.code != "E111" && got.contains("E111")) {
            bad.push(format!("{}: raised {got:?}", code.code));
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn a_misspelt_header_is_not_also_a_missing_one() {
    let text = GROUPS.replacen("regulation \"测试赛\"", "regulaton \"测试赛\"", 1);
    let parsed = xqreg_grammar::parse(&text);
    assert_eq!(parsed.errors.len(), 1);
    let codes = code_list(&super::check_parsed(&parsed).diagnostics.list);
    assert!(!codes.contains(&"E110"), "{codes:?}");
    // the plain entry point, given the file alone, cannot know and says the header is missing
    let codes = code_list(&check(&parsed.file).diagnostics.list);
    assert!(codes.contains(&"E110"));
}

/// A player naming a declared team is fine; naming an undeclared one is E113 (the symbol table
/// once had no teams, so every team reference was E113).
#[test]
fn a_declared_team_resolves() {
    let path = root().join("examples/005_team_league/regulation.xqr");
    let base = std::fs::read_to_string(path).expect("example 005");
    let with = |team: &str| {
        let text = base.replacen(
            "  team_size 4..6\n",
            &format!(
                "  team_size 4..6\n  team bj \"北京队\"\n  player a1 \"甲一\" {{ team {team} }}\n"
            ),
            1,
        );
        assert_ne!(text, base, "example 005 no longer has `team_size 4..6`");
        let parsed = xqreg_grammar::parse(&text);
        assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
        code_list(&check(&parsed.file).diagnostics.list)
    };
    assert!(!with("bj").contains(&"E113"), "{:?}", with("bj"));
    assert!(with("bx").contains(&"E113"), "{:?}", with("bx"));
}

/// Every title word the checker accepts is a title of the plan (so a condition on it is enforced
/// by the runtime, never dropped), ranks in the plan's order, and has a phrase in both languages
/// of the sheet. The CXA grades below association master once had no plan title: a condition
/// `title >= first_class` checked clean and the runtime never applied it.
#[test]
fn every_title_word_is_a_plan_title_with_a_phrase() {
    use crate::sheet::catalogue::words::title;
    use crate::sheet::Lang;
    for w in super::words::TITLE.allowed() {
        assert!(
            xqreg_runtime::plan::Title::parse(w).is_some(),
            "`{w}` has no plan title"
        );
        assert!(title(Lang::Zh, w).is_some(), "`{w}` has no Chinese phrase");
        assert!(title(Lang::En, w).is_some(), "`{w}` has no English phrase");
    }
    let rank = |w: &str| super::entry::title_rank(w).expect("a known title");
    assert!(rank("none") < rank("third_class"));
    assert!(rank("third_class") < rank("second_class"));
    assert!(rank("second_class") < rank("first_class"));
    assert!(rank("first_class") < rank("association_master"));
    assert!(rank("association_master") < rank("national_master"));
    assert!(rank("national_master") < rank("master"));
    assert!(rank("master") < rank("grandmaster"));
    assert_eq!(rank("women_master"), rank("master"));
}
