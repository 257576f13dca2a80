//! Syntax errors: one per broken top-level block, the right kind, a small span on the offending
//! token, and the rest of the file still read.

use xqreg_grammar::ast::Item;
use xqreg_grammar::{parse, parse_bytes, Parsed, SyntaxError, SyntaxErrorKind};

/// Parse and expect exactly one error; return it with the text its span covers.
fn one_error(src: &str) -> (SyntaxError, String) {
    let parsed = parse(src);
    assert_eq!(parsed.errors.len(), 1, "errors: {:#?}", parsed.errors);
    let e = parsed.errors[0].clone();
    let text = src
        .get(e.span.range())
        .expect("span on char boundaries")
        .to_string();
    (e, text)
}

/// The one error of `src`: of `kind`, at `token`; returned for further checks.
fn one_error_at(src: &str, token: &str, kind: SyntaxErrorKind) -> SyntaxError {
    let (e, text) = one_error(src);
    assert_eq!(e.kind, kind, "{src}");
    assert_eq!(text, token, "{src}");
    e
}

/// Each case's source has one error, at its token, of the kind `kind` makes of the token.
fn errors_at(cases: &[(&str, &str)], kind: fn(String) -> SyntaxErrorKind) {
    for &(src, token) in cases {
        one_error_at(src, token, kind(token.into()));
    }
}

/// As [`errors_at`], for kinds that also carry a suggestion: the third column.
fn suggestions_at<S: Copy>(cases: &[(&str, &str, S)], kind: fn(String, S) -> SyntaxErrorKind) {
    for &(src, token, suggestion) in cases {
        one_error_at(src, token, kind(token.into(), suggestion));
    }
}

fn broken_count(p: &Parsed) -> usize {
    p.file
        .items
        .iter()
        .filter(|i| matches!(i, Item::Broken(_)))
        .count()
}

#[test]
fn invalid_utf8_names_the_first_bad_byte() {
    let p = parse_bytes(b"scoring { win 2 }\n\xff\xfe");
    assert_eq!(p.errors.len(), 1);
    assert_eq!(
        p.errors[0].kind,
        SyntaxErrorKind::InvalidUtf8 { offset: 18 }
    );
}

#[test]
fn unexpected_token_names_what_was_expected_in_words() {
    let (e, text) = one_error("stage groups {\n  round_robin single\n  tiem standard\n}\n");
    assert_eq!(text, "tiem");
    match e.kind {
        SyntaxErrorKind::Unexpected { expected, found } => {
            assert_eq!(found.as_deref(), Some("tiem"));
            assert!(
                expected.iter().any(|w| w.starts_with("a stage clause")),
                "{expected:?}"
            );
            assert!(expected.contains(&"`}`".to_string()), "{expected:?}");
            // Never a raw rule identifier.
            for w in &expected {
                assert!(!w.contains("stage_clause") && !w.starts_with("kw_"), "{w}");
            }
        }
        other => panic!("{other:?}"),
    }
    assert!(e.block.is_some());
}

#[test]
fn unexpected_keyword_is_rendered_in_backquotes() {
    let (e, text) = one_error("time standard { base 20min flag }\n");
    assert_eq!(text, "}");
    assert_eq!(
        e.kind,
        SyntaxErrorKind::Unexpected {
            expected: vec!["`loses`".to_string()],
            found: Some("}".to_string())
        }
    );
}

#[test]
fn unexpected_end_of_block() {
    let (e, _) = one_error("note \"标题\"\n");
    assert!(
        matches!(e.kind, SyntaxErrorKind::Unexpected { found: None, ref expected } if expected.iter().any(|w| w.contains("text")))
    );
}

#[test]
fn unknown_block_once_per_run() {
    let src = "regulatoin \"x\" {\n  edition 4\n}\nfoo\nbar\nscoring { win 2 }\n";
    let p = parse(src);
    assert_eq!(p.errors.len(), 1, "{:#?}", p.errors);
    assert_eq!(
        p.errors[0].kind,
        SyntaxErrorKind::UnknownBlock {
            found: "regulatoin".into()
        }
    );
    assert_eq!(&src[p.errors[0].span.range()], "regulatoin");
    assert_eq!(p.file.items.len(), 1);
    // A second run after a good block is a second error.
    let p = parse("junk\nscoring { win 2 }\nmore junk\n");
    assert_eq!(p.errors.len(), 2);
}

#[test]
fn unclosed_block_points_at_the_open_brace() {
    let src = "stage groups {\n  draw {\n    rest random\n  }\n  time standard\n\nstage b { time standard }\n";
    let e = one_error_at(src, "{", SyntaxErrorKind::UnclosedBlock);
    assert_eq!(e.span.start, 13);
    // The next block is still read.
    let p = parse(src);
    assert!(matches!(p.file.items[1], Item::Stage(_)));
}

#[test]
fn unclosed_string() {
    let src = "note \"标题\" \"正文\nscoring { win 2 }\n";
    let e = one_error_at(src, "\"", SyntaxErrorKind::UnclosedString);
    assert_eq!(
        e.span.start as usize,
        src.find("\"正文").expect("in source")
    );
    // A full-width closing quote does not close a string.
    let (e, _) = one_error("note \"标题\" \"正文”\n");
    assert_eq!(e.kind, SyntaxErrorKind::UnclosedString);
}

#[test]
fn full_width_punctuation_with_replacement() {
    for (src, found, replacement, token) in [
        ("organisers { host \"A\"，\"B\" }\n", '，', ',', "，"),
        ("prizes \"x\" { 1： 80000 }\n", '：', ':', "："),
        (
            "stage s { knockout { bracket （a v b） } }\n",
            '（',
            '(',
            "（",
        ),
        ("venue_x\nnote “标题” \"正文\"\n", '“', '"', "“"),
        ("scoring { win 2； draw 1 }\n", '；', ';', "；"),
    ] {
        let p = parse(src);
        let e = p
            .errors
            .iter()
            .find(|e| matches!(e.kind, SyntaxErrorKind::FullWidth { .. }))
            .unwrap_or_else(|| panic!("{src}: {:#?}", p.errors));
        assert_eq!(
            e.kind,
            SyntaxErrorKind::FullWidth { found, replacement },
            "{src}"
        );
        assert_eq!(&src[e.span.range()], token);
    }
    // Inside a string, full-width punctuation is text.
    assert!(parse("note \"标题，（一）\" \"“正文”；\"\n")
        .errors
        .is_empty());
}

#[test]
fn chinese_amounts_suggest_digits() {
    suggestions_at(
        &[
            ("prizes CNY { 1: 1.5万 }\n", "1.5万", "15000"),
            ("prizes CNY { 2: 8千 }\n", "8千", "8000"),
            ("prizes { 1: 3万元 }\n", "3万元", "30000 CNY"),
        ],
        |found, suggestion| SyntaxErrorKind::ChineseNumber {
            found,
            suggestion: suggestion.into(),
        },
    );
}

#[test]
fn bad_dates() {
    errors_at(
        &[
            ("regulation \"x\" { dates 2014-02-30 }\n", "2014-02-30"),
            ("regulation \"x\" { dates 2014-13-01 }\n", "2014-13-01"),
            ("regulation \"x\" { dates 2015-02-29 }\n", "2015-02-29"),
            ("regulation \"x\" { issued 2014-4-27 }\n", "2014-4-27"),
            ("category c { born .. 2000-00-10 }\n", "2000-00-10"),
        ],
        |found| SyntaxErrorKind::InvalidDate { found },
    );
    // A leap day in a leap year is a date.
    assert!(parse("regulation \"x\" { dates 2016-02-29 }\n")
        .errors
        .is_empty());
}

#[test]
fn bad_clock_times() {
    for token in ["25:00", "08:61", "24:00"] {
        let src = format!("schedule {{ day 2014-04-27 {{ {token} opening }} }}\n");
        one_error_at(
            &src,
            token,
            SyntaxErrorKind::InvalidTime {
                found: token.into(),
            },
        );
    }
}

#[test]
fn bad_durations_with_suggestions() {
    suggestions_at(
        &[
            ("time t { base 20m }\n", "20m", Some("20min")),
            ("time t { base 20 }\n", "20", Some("20min")),
            ("time t { increment 30 }\n", "30", Some("30s")),
            ("time t { base 20分钟 }\n", "20分钟", Some("20min")),
            ("time t { increment 30秒 }\n", "30秒", Some("30s")),
            ("time t { base 20x }\n", "20x", None),
        ],
        |found, suggestion| SyntaxErrorKind::InvalidDuration {
            found,
            suggestion: suggestion.map(Into::into),
        },
    );
}

#[test]
fn numbers_too_large() {
    errors_at(
        &[("entry { field 99999999999 }\n", "99999999999")],
        |found| SyntaxErrorKind::NumberTooLarge {
            found,
            most: "4294967295".into(),
        },
    );
}

#[test]
fn reversed_ranges() {
    errors_at(
        &[
            ("stage s { places 12..7 }\n", "12..7"),
            ("prizes CNY { 8..5: 100 each }\n", "8..5"),
            (
                "category c { born 2000-01-01 .. 1990-01-01 }\n",
                "2000-01-01 .. 1990-01-01",
            ),
        ],
        |found| SyntaxErrorKind::ReversedRange { found },
    );
}

#[test]
fn bad_currencies() {
    suggestions_at(
        &[
            ("prizes \"x\" { 1: 500 cny }\n", "cny", "CNY"),
            ("prizes \"x\" { 1: 500 RMB }\n", "RMB", "CNY"),
            ("prizes \"x\" { 1: 500元 }\n", "元", "CNY"),
            ("entry { fee service 100 元 }\n", "元", "CNY"),
            ("entry { fee service 100 hkd }\n", "hkd", "HKD"),
        ],
        |found, suggestion| SyntaxErrorKind::InvalidCurrency {
            found,
            suggestion: Some(suggestion.into()),
        },
    );
}

#[test]
fn misplaced_top_level_keyword() {
    let src = "stage a {\n  round_robin single\n  prizes CNY {\n    1: 100\n  }\n}\n";
    one_error_at(
        src,
        "prizes",
        SyntaxErrorKind::MisplacedBlock {
            keyword: "prizes".into(),
        },
    );
    // `time` starts clauses too: only a line that opens a block is misplaced.
    let (e, _) = one_error("stage a {\n  time standard {\n  }\n}\n");
    assert_eq!(
        e.kind,
        SyntaxErrorKind::MisplacedBlock {
            keyword: "time".into()
        }
    );
}

#[test]
fn five_broken_blocks_give_five_errors() {
    let src = "\
regulation \"测试\" {
  dates 2014-02-30
}
scoring { win 2 draw 1 loss 0 }
time standard { base 20m }
entry { field 32 }
stage groups {
  round_robin single groups A B
  tiem standard
}
prizes CNY { 1: 1.5万 }
category c { born .. 1955-12-31 }
organisers { host \"A\"，\"B\" }
";
    let p = parse(src);
    let kinds: Vec<&str> = p
        .errors
        .iter()
        .map(|e| match e.kind {
            SyntaxErrorKind::InvalidDate { .. } => "date",
            SyntaxErrorKind::InvalidDuration { .. } => "duration",
            SyntaxErrorKind::Unexpected { .. } => "unexpected",
            SyntaxErrorKind::ChineseNumber { .. } => "chinese",
            SyntaxErrorKind::FullWidth { .. } => "fullwidth",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["date", "duration", "unexpected", "chinese", "fullwidth"]
    );
    assert_eq!(broken_count(&p), 5);
    assert_eq!(p.file.items.len(), 8);
    // Each error's block is the keyword of its block.
    let blocks: Vec<&str> = p
        .errors
        .iter()
        .map(|e| &src[e.block.expect("block").range()])
        .collect();
    assert_eq!(
        blocks,
        ["regulation", "time", "stage", "prizes", "organisers"]
    );
}

#[test]
fn chinese_text_before_an_error_keeps_byte_offsets() {
    // Every character of the title is three bytes in UTF-8; the span is in bytes.
    let src = "regulation \"第四届“周庄杯”海峡两岸象棋大师赛\" { venue \"江苏省昆山市周庄镇\" dates 2014-04-31 }\n";
    let (e, text) = one_error(src);
    assert_eq!(text, "2014-04-31");
    let expected_start = src.find("2014-04-31").expect("in source");
    assert_eq!(e.span.start as usize, expected_start);
    assert_eq!(e.span.end as usize, expected_start + 10);
    // A block after Chinese text in another block: offsets shift by the whole earlier chunk.
    let src2 = format!("note \"着装\" \"正式服装，佩戴胸卡\"\n{src}");
    let (e2, text2) = one_error(&src2);
    assert_eq!(text2, "2014-04-31");
    assert_eq!(
        e2.span.start as usize,
        expected_start + src2.find("regulation").expect("there")
    );
}

#[test]
fn item_spans_are_file_offsets() {
    let src = "// 标题\nscoring { win 2 }\n\nnote \"着装\" \"正式\"\n";
    let p = parse(src);
    assert!(p.errors.is_empty());
    match &p.file.items[1] {
        Item::Note(n) => {
            assert_eq!(&src[n.span.range()], "note \"着装\" \"正式\"");
            assert_eq!(&src[n.heading.zh.span.range()], "\"着装\"");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn error_spans_are_small() {
    // The span is the token, not the block.
    let src = "stage groups {\n  round_robin single groups A B\n  time standard\n  tiebreak { points, wins }\n  colours 3lot\n}\n";
    let (e, text) = one_error(src);
    assert!(e.span.end - e.span.start <= 10, "{e:?}");
    assert_eq!(text, "3lot");
}

#[test]
fn forgotten_punctuation_is_named() {
    for (src, found, expected) in [
        (
            "stage groups \"小组赛\"\n  round_robin single\n}\n",
            "round_robin",
            "`{`",
        ),
        ("prizes CNY {\n  1: 100\n  2 50\n}\n", "50", "`:`"),
        ("stage k {\n  knockout { bracket (a v b }\n}\n", "}", "`)`"),
    ] {
        let (e, text) = one_error(src);
        assert_eq!(text, found, "{src}");
        match e.kind {
            SyntaxErrorKind::Unexpected { expected: ex, .. } => {
                assert_eq!(
                    ex.first().map(String::as_str),
                    Some(expected),
                    "{src}: {ex:?}"
                )
            }
            other => panic!("{src}: {other:?}"),
        }
    }
}
