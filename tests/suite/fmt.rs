//! `xqreg fmt` as a library (`xqreg::fmt::format_source`), proved on every example, every
//! `.xqr` under `tests/` that parses, and every ```xqr block of docs/*.md: formatting is
//! idempotent, keeps the syntax tree (spans aside), and keeps every comment, in order, trailing
//! or not, between the same two words. Then the layout itself on small hand-written inputs.

use std::path::Path;

use xqreg::fmt::format_source;

use crate::common::{assert_phrases, examples, files_under, rel, root};
use crate::docs::xqr_blocks;

/// Every source the properties are proved on: (name, text). Fixtures with syntax errors are left
/// out (they cannot be formatted; `refuses_a_file_with_syntax_errors` covers them).
fn corpus() -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files = examples();
    files.extend(files_under(&root().join("tests"), "xqr"));
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if xqreg_grammar::parse(&text).errors.is_empty() {
            out.push((rel(&path), text));
        }
    }
    let Ok(docs) = std::fs::read_dir(root().join("docs")) else {
        return out;
    };
    let mut mds: Vec<_> = docs
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    mds.sort();
    for md in mds {
        let text = std::fs::read_to_string(&md).unwrap_or_default();
        for (line, body) in xqr_blocks(&text) {
            if xqreg_grammar::parse(&body).errors.is_empty() {
                out.push((format!("{}:{line}", rel(&md)), body));
            }
        }
    }
    out
}

/// The syntax tree with every span removed (`Span { start: 3, end: 9 }` -> `Span`).
fn tree_without_spans(text: &str) -> String {
    let parsed = xqreg_grammar::parse(text);
    let debug = format!("{:?}", parsed.file.items);
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug.as_str();
    while let Some(at) = rest.find("Span { start: ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find('}').map_or(tail.len(), |e| e + 1);
        out.push_str("Span");
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// Each comment with where it stands: (text, trailing, the word before it, the word after it).
/// Words are runs between blanks and the punctuation the formatter may write anew.
fn comments_in_place(text: &str) -> Vec<(String, bool, String, String)> {
    let parsed = xqreg_grammar::parse(text);
    let mut code = text.as_bytes().to_vec();
    for c in &parsed.file.comments {
        code[c.span.range()].fill(b' ');
    }
    let code = String::from_utf8(code).expect("blanked text is UTF-8");
    let mut words: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, ch) in code.char_indices().chain([(code.len(), ' ')]) {
        let sep = ch.is_whitespace() || matches!(ch, '{' | '}' | '(' | ')' | ',' | ';' | ':');
        match (sep, start) {
            (true, Some(s)) => {
                words.push((s, i));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    let word = |r: Option<&(usize, usize)>| r.map_or(String::new(), |&(s, e)| code[s..e].into());
    parsed
        .file
        .comments
        .iter()
        .map(|c| {
            let (s, e) = (c.span.start as usize, c.span.end as usize);
            let before = words.iter().rev().find(|w| w.1 <= s);
            let after = words.iter().find(|w| w.0 >= e);
            (
                c.text.trim_end().to_string(),
                c.trailing,
                word(before),
                word(after),
            )
        })
        .collect()
}

/// The three properties on one text; the failures, worded.
fn check_one(name: &str, text: &str) -> Vec<String> {
    let once = match format_source(text) {
        Ok(f) => f,
        Err(e) => return vec![format!("{name}: not formatted: {e}")],
    };
    let mut failures = Vec::new();
    match format_source(&once) {
        Ok(twice) if twice == once => {}
        Ok(twice) => failures.push(format!(
            "{name}: formatting twice differs from once:\n{}",
            similar::TextDiff::from_lines(&once, &twice).unified_diff()
        )),
        Err(e) => failures.push(format!("{name}: the formatted text does not parse: {e}")),
    }
    if tree_without_spans(text) != tree_without_spans(&once) {
        failures.push(format!("{name}: the syntax tree changed"));
    }
    let (before, after) = (comments_in_place(text), comments_in_place(&once));
    if before != after {
        failures.push(format!(
            "{name}: comments moved or lost:\nbefore {before:?}\nafter  {after:?}"
        ));
    }
    failures
}

#[test]
fn formatting_is_idempotent_and_keeps_tree_and_comments_everywhere() {
    let corpus = corpus();
    let examples = corpus.iter().filter(|(n, _)| n.starts_with("examples/"));
    let docs = corpus.iter().filter(|(n, _)| n.starts_with("docs/"));
    assert_eq!(examples.count(), crate::common::examples().len());
    assert!(docs.count() > 0, "no docs block was formatted");
    let failures: Vec<String> = corpus.iter().flat_map(|(n, t)| check_one(n, t)).collect();
    eprintln!("formatted {} sources", corpus.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Comments everywhere a writer may put one, and layouts far from the canonical one.
const AWKWARD: &str = "// file header\n\n// about scoring\nscoring { win 2 ; draw 1  loss 0 // trailing\n}\nstage groups \"小组赛\"\n  en \"Groups\" // after en\n{ // after brace\n  round_robin single groups A B size 4\n  draw { pot \"甲\" { a // in pot\n b } 1 per_group\n rest random }\n\n\n  tiebreak { points, wins\n  // before lots\n  lots }\n  knockout {\n  // only a comment\n  }\n}\nplaces 5..8 ranked_by { points, // why\n wins } groups.*#3\n  \"第五至八名\"\nnote \"a\"\n  \"b\" in other\n// at the end\n";

#[test]
fn awkward_layouts_and_comments_are_kept() {
    let failures = check_one("AWKWARD", AWKWARD);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let out = format_source(AWKWARD).expect("formats");
    // One clause per line; the comment of an empty body stays in it. Blank lines: at most one
    // inside a block, exactly one between blocks, none after `{`.
    assert_phrases(
        &out,
        &[
            "scoring {\n  win 2\n  draw 1\n  loss 0 // trailing\n}\n",
            "  knockout {\n    // only a comment\n  }\n",
            "}\n\nstage groups",
        ],
        &["\n\n\n", "{\n\n"],
    );
}

#[test]
fn prize_tables_and_schedules_are_aligned() {
    let src = "prizes CNY { 1: 80000 trophy\n 2: 500 medal gold\n 17..32: 300 each certificate }\nschedule { day 2014-04-27 { 08:00 opening\n 14:00-16:00 round groups 3\n all_day rest \"参观\" } }\n";
    let out = format_source(src).expect("formats");
    let column = |line_start: &str, word: &str| {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(line_start))
            .unwrap_or_else(|| panic!("no line {line_start} in\n{out}"));
        line.find(word)
            .unwrap_or_else(|| panic!("{word} not in {line}"))
    };
    assert_eq!(column("1:", "80000"), column("17..32:", "300"), "{out}");
    assert_eq!(column("2:", "500"), column("17..32:", "300"), "{out}");
    assert_eq!(column("1:", "trophy"), column("17..32:", "each"), "{out}");
    assert_eq!(
        column("08:00", "opening"),
        column("14:00-16:00", "round"),
        "{out}"
    );
    assert_eq!(
        column("all_day", "rest"),
        column("14:00-16:00", "round"),
        "{out}"
    );
    assert!(check_one("aligned", src).is_empty());
}

#[test]
fn refuses_a_file_with_syntax_errors() {
    let broken = "scoring { win two }\nstage a {\n";
    let err = format_source(broken).expect_err("a broken file is not formatted");
    assert_eq!(err.errors, xqreg_grammar::parse(broken).errors);
    assert!(!err.errors.is_empty());
}

#[test]
fn corpus_is_every_parsing_file() {
    // The corpus is not silently empty: every example and most fixtures are in it.
    let corpus = corpus();
    let fixtures = files_under(Path::new(&root().join("tests")), "xqr").len();
    let in_corpus = corpus
        .iter()
        .filter(|(n, _)| n.starts_with("tests/"))
        .count();
    assert!(in_corpus > 0 && in_corpus <= fixtures);
}

/// The docs blocks that show the layout (`// xqreg fmt 的输出 ...` first) are what fmt prints.
#[test]
fn the_layout_shown_in_the_docs_is_canonical() {
    let md = std::fs::read_to_string(root().join("docs/language.md")).expect("docs");
    let shown: Vec<_> = xqr_blocks(&md)
        .into_iter()
        .filter(|(_, b)| b.starts_with("// xqreg fmt 的输出"))
        .collect();
    assert!(
        !shown.is_empty(),
        "docs/language.md shows no formatted block"
    );
    for (line, body) in shown {
        let formatted = format_source(&body).expect("formats");
        assert_eq!(
            formatted, body,
            "docs/language.md:{line} is not in the canonical layout"
        );
    }
}

/// The examples are stored formatted (what `.ci/run` checks with `xqreg fmt --check`).
#[test]
fn examples_are_stored_formatted() {
    for path in examples() {
        let text = std::fs::read_to_string(&path).expect("read example");
        let formatted = format_source(&text).expect("examples parse");
        assert!(
            formatted == text,
            "{} is not formatted: run xqreg fmt on it",
            rel(&path)
        );
    }
}
