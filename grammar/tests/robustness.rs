//! No input makes the parser panic, and what it returns is coherent: every span lies inside the
//! text on character boundaries, and each broken block has exactly one error.

use xqreg_grammar::ast::Item;
use xqreg_grammar::{parse, parse_bytes, Parsed};

const SOURCE: &str = include_str!("data/all_constructs.xqr");

/// The invariants every parse result keeps.
fn check(bytes: &[u8], p: &Parsed) {
    let Ok(text) = std::str::from_utf8(bytes) else {
        assert_eq!(p.errors.len(), 1);
        assert!(p.file.items.is_empty());
        return;
    };
    for e in &p.errors {
        assert!(e.span.start <= e.span.end, "{e:?}");
        assert!(
            text.get(e.span.range()).is_some(),
            "error span off a boundary: {e:?}"
        );
        if let Some(b) = e.block {
            assert!(text.get(b.range()).is_some(), "{e:?}");
        }
    }
    for c in &p.file.comments {
        assert!(
            text.get(c.span.range())
                .is_some_and(|t| t.starts_with("//")),
            "{c:?}"
        );
    }
    let broken = p
        .file
        .items
        .iter()
        .filter(|i| matches!(i, Item::Broken(_)))
        .count();
    let block_errors = p.errors.iter().filter(|e| e.block.is_some()).count();
    assert_eq!(broken, block_errors, "one error per broken block");
    for item in &p.file.items {
        if let Item::Broken(span) = item {
            assert!(text.get(span.range()).is_some());
        }
    }
}

fn run(bytes: &[u8]) {
    let p = parse_bytes(bytes);
    check(bytes, &p);
}

#[test]
fn every_truncation_of_the_full_file() {
    // Every 11th byte keeps the test quick in debug builds while still cutting inside every kind
    // of token (11 is prime to the 3 bytes of a Chinese character, so cuts fall inside characters
    // too: non-boundaries go through `parse_bytes`). The compiler's suite cuts at every byte.
    let bytes = SOURCE.as_bytes();
    for end in (0..=bytes.len()).step_by(11) {
        run(&bytes[..end]);
    }
}

#[test]
fn every_single_line_deleted() {
    let lines: Vec<&str> = SOURCE.split_inclusive('\n').collect();
    for skip in 0..lines.len() {
        let text: String = lines
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != skip)
            .map(|(_, l)| *l)
            .collect();
        let p = parse(&text);
        check(text.as_bytes(), &p);
        // Deleting one line breaks at most the block it was in, plus one run of unknown text.
        assert!(p.errors.len() <= 2, "line {}: {:#?}", skip + 1, p.errors);
    }
}

/// A small xorshift generator: deterministic inputs without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_bytes() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..300 {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        run(&bytes);
    }
}

#[test]
fn random_token_soup() {
    const TOKENS: &[&str] = &[
        "stage",
        "prizes",
        "time",
        "entry",
        "test",
        "note",
        "supplement",
        "override",
        "{",
        "}",
        "(",
        ")",
        "\"",
        "\"文本\"",
        "\n",
        "\n  ",
        " ",
        ";",
        ",",
        ":",
        "..",
        "#",
        ".",
        "*",
        "-",
        "=",
        "2014-04-27",
        "08:10",
        "20min",
        "1h30min",
        "80000",
        "CNY",
        "cny",
        "元",
        "1.5万",
        "，",
        "“",
        "groups.A#1",
        "groups.*#3..4",
        "round_robin",
        "single",
        "knockout",
        "bracket",
        "v",
        "tiebreak",
        "playoff",
        "game",
        "rapid",
        "//",
        "\\",
        "组A",
        "results",
        "1-0",
        "=",
        "en",
    ];
    let mut rng = Rng(42);
    for _ in 0..1500 {
        let n = rng.below(60);
        let text: String = (0..n)
            .map(|_| TOKENS[rng.below(TOKENS.len())])
            .collect::<Vec<_>>()
            .join(" ");
        let p = parse(&text);
        check(text.as_bytes(), &p);
    }
}

#[test]
fn random_mutations_of_the_full_file() {
    let mut rng = Rng(7);
    let base = SOURCE.as_bytes();
    for _ in 0..200 {
        let mut bytes = base.to_vec();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(bytes.len());
            match rng.below(3) {
                0 => bytes[at] = rng.next() as u8,
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, b"{}\"\n;#:."[rng.below(8)]),
            }
        }
        run(&bytes);
    }
}

#[test]
fn byte_order_mark_and_crlf_line_ends_are_accepted() {
    let crlf = SOURCE.replace('\n', "\r\n");
    let p = parse(&crlf);
    assert!(p.errors.is_empty(), "{:#?}", p.errors);
    assert_eq!(p.file.items.len(), parse(SOURCE).file.items.len());
    assert!(p.file.comments.iter().all(|c| !c.text.ends_with('\r')));
    let p = parse("\u{feff}scoring { win 2 }\n");
    assert!(p.errors.is_empty(), "{:#?}", p.errors);
    assert!(matches!(&p.file.items[..], [Item::Scoring(s)] if s.span.start == 3));
    let bom = format!("\u{feff}{SOURCE}");
    let p = parse(&bom);
    assert!(p.errors.is_empty(), "{:#?}", p.errors);
    match &p.file.items[0] {
        Item::Regulation(r) => assert_eq!(&bom[r.span.range()][..10], "regulation"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn pathological_nesting_and_length() {
    let deep = format!("stage a {}\n", "{".repeat(100_000));
    run(deep.as_bytes());
    let parens = format!(
        "stage a {{ knockout {{ bracket {} }} }}\n",
        "(".repeat(100_000)
    );
    run(parens.as_bytes());
    let closers = "}".repeat(100_000);
    run(closers.as_bytes());
    let long_line = format!("note \"{}\" \"x\"\n", "长".repeat(200_000));
    let p = parse(&long_line);
    assert!(p.errors.is_empty());
    let many_blocks = "scoring { win 2 }\n".repeat(5_000);
    let p = parse(&many_blocks);
    assert_eq!(p.file.items.len(), 5_000);
    let unclosed_strings = "note \"a\n".repeat(2_000);
    let p = parse(&unclosed_strings);
    assert_eq!(p.errors.len(), 2_000);
    run(b"");
    run(b"\n\n\n");
    run("\u{feff}scoring { win 2 }".as_bytes());
    run(b"\r\nscoring { win 2 }\r\n");
}
