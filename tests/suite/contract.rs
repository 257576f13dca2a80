//! The language's contract (`compiler/src/contract/`): every clause kind has a status, every
//! clause of every construct the grammar accepts maps to a kind, and the table in
//! docs/language.md is the generated one (`UPDATE_DOCS=1` rewrites it).

use xqreg::contract::{self, Status, KINDS};

use crate::common::root;

const BEGIN: &str = "<!-- contract:begin -->";
const END: &str = "<!-- contract:end -->";

#[test]
fn every_kind_has_a_status_and_a_place() {
    for e in KINDS {
        assert!(!e.syntax.is_empty() && !e.acts.is_empty(), "{:?}", e.kind);
        assert_eq!(contract::entry(e.kind).kind, e.kind, "table out of order");
        if e.expect_act {
            assert_eq!(
                e.status,
                Status::Printed,
                "{:?}: N101 is for printed-only kinds",
                e.kind
            );
        }
    }
}

/// Every clause kind occurs in the files that exercise the whole grammar, and every clause found
/// there has a status (a `ByWord` clause by its word).
#[test]
fn all_constructs_are_covered() {
    let mut texts = Vec::new();
    for dir in ["grammar/tests/data", "examples", "tests/fixtures/check"] {
        for p in crate::common::files_under(&root().join(dir), "xqr") {
            texts.push(std::fs::read_to_string(p).unwrap_or_default());
        }
    }
    texts.push(language_md());
    let mut seen = std::collections::BTreeSet::new();
    for text in &texts {
        for body in xqr_blocks_or_file(text) {
            let parsed = xqreg_grammar::parse(&body);
            for f in contract::clauses(&parsed.file.items) {
                let _ = contract::found_status(&f);
                seen.insert(f.kind);
            }
        }
    }
    let missing: Vec<_> = KINDS
        .iter()
        .map(|e| e.kind)
        .filter(|k| !seen.contains(k))
        .collect();
    assert!(
        missing.is_empty(),
        "clause kinds no example, fixture or doc block writes: {missing:?}"
    );
}

fn language_md() -> String {
    std::fs::read_to_string(root().join("docs/language.md")).unwrap_or_default()
}

/// The ```xqr blocks of a Markdown text, or the text itself when it has none.
fn xqr_blocks_or_file(text: &str) -> Vec<String> {
    if !text.contains("```xqr") {
        return vec![text.to_string()];
    }
    let mut out = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        match cur.take() {
            None if line.trim_start().starts_with("```xqr") => cur = Some(String::new()),
            None => {}
            Some(b) if line.trim_start().starts_with("```") => out.push(b),
            Some(mut b) => {
                b.push_str(line);
                b.push('\n');
                cur = Some(b);
            }
        }
    }
    out
}

#[test]
fn docs_table_is_generated() {
    let path = root().join("docs/language.md");
    let md = language_md();
    let (Some(b), Some(e)) = (md.find(BEGIN), md.find(END)) else {
        panic!("docs/language.md lacks the contract markers");
    };
    let want = format!("{BEGIN}\n{}{END}", contract::docs_table());
    let have = &md[b..e + END.len()];
    if have == want {
        return;
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let new = format!("{}{want}{}", &md[..b], &md[e + END.len()..]);
        std::fs::write(&path, new).expect("docs/language.md is writable");
        return;
    }
    panic!("the contract table in docs/language.md is out of date: run UPDATE_DOCS=1 cargo test -p xqreg --test suite contract");
}

/// `avoid same_unit` in a round robin with groups and no `draw` block was dropped (the group draw
/// was made only from a `draw` block); it now reaches the plan's group draw.
#[test]
fn avoid_in_a_round_robin_without_draw_reaches_the_group_draw() {
    let src = "regulation \"t\" {\n  dates 2024-05-01 .. 2024-05-03\n}\nscoring { win 2 draw 1 loss 0 }\ntime standard { base 20min increment 20s flag loses }\nentry { field 8 }\nstage groups {\n  round_robin single groups A B size 4\n  time standard\n  avoid same_unit\n  tiebreak { sonneborn_berger, lots }\n}\n";
    let plan = xqreg::compile::compile_bytes("t.xqr", src.as_bytes())
        .plan
        .expect("checks clean");
    let xqreg_runtime::plan::StageFormat::RoundRobin(rr) = &plan.stages[0].format else {
        panic!("a round robin");
    };
    assert!(
        rr.draw.as_ref().is_some_and(|d| d.avoid_same_unit),
        "avoidance dropped"
    );
}

/// A newcomer's finding: the table said `qualification { replacement }` was printed only, yet
/// the runtime passes a declined place to the next in line with it and leaves it empty without
/// it; and a qualifiers' pool's `replacement next_in_line` admits a row below its top N. Both are
/// executed, and the example that declines a place proves the first.
#[test]
fn replacement_rules_the_runtime_reads_are_executed() {
    use xqreg::contract::ClauseKind;
    for kind in [
        ClauseKind::QualificationReplacement,
        ClauseKind::PoolQualifiersReplacement,
    ] {
        assert_eq!(contract::status(kind), Status::Executed, "{kind:?}");
    }
    assert_eq!(
        contract::status(ClauseKind::PoolReplacement),
        Status::Printed
    );
    let path = root().join("examples/008_team_qualifier/regulation.xqr");
    let text = std::fs::read_to_string(path).expect("readable");
    let clause = "  overall 3\n  replacement next_in_line\n";
    assert!(text.contains(clause));
    let without = text.replacen(clause, "  overall 3\n", 1);
    let outcomes = xqreg::run::scenario::run_file("008.xqr", without.as_bytes())
        .unwrap_or_else(|_| panic!("the file checks"));
    let declined = outcomes
        .iter()
        .find(|t| t.name == "资格放弃，由下一名递补")
        .expect("the declining test");
    assert_eq!(
        declined.failures_in(xqreg::diagnostics::Lang::En),
        ["湖北队 was expected to qualify and did not"]
    );
}

/// Every diagnostic code the contract table cites (`checker E230, E231`, `R060-R065`) is a code
/// `xqreg explain` knows: a row naming a code that was renumbered or never written sends the
/// reader nowhere.
#[test]
fn codes_the_contract_cites_exist() {
    let mut unknown = Vec::new();
    for e in KINDS {
        let bytes = e.acts.as_bytes();
        for (i, w) in bytes.windows(4).enumerate() {
            let starts_word = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
            let ends_word = bytes.get(i + 4).is_none_or(|b| !b.is_ascii_alphanumeric());
            if starts_word
                && ends_word
                && matches!(w[0], b'E' | b'W' | b'N' | b'R')
                && w[1..].iter().all(u8::is_ascii_digit)
            {
                let code = std::str::from_utf8(w).expect("ASCII");
                if xqreg::diagnostics::registry::lookup(code).is_none() {
                    unknown.push(format!("{:?}: {code}", e.kind));
                }
            }
        }
    }
    assert!(
        unknown.is_empty(),
        "codes cited but not registered: {unknown:?}"
    );
}
