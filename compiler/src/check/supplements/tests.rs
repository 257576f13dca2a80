use super::super::testing::{self, assert_codes, codes, BASE};

#[test]
fn fixtures() {
    testing::fixtures(super::CODES);
}

/// The robustness suite deletes lines of the examples; here the same on this checker's fixtures:
/// deleting any one line must give diagnostics, never a panic.
#[test]
fn deleting_any_line_never_panics() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(|p| p.join("tests/fixtures/check"))
        .unwrap_or_default();
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| {
        p.file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .is_some_and(|n| {
                ["E5", "E6", "E7", "W5", "W6", "N5"]
                    .iter()
                    .any(|c| n.starts_with(c))
            })
    });
    assert!(files.len() >= 39, "found {} fixtures", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len() {
            let cut: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| *l)
                .collect();
            let _ = codes(&cut.join("\n"));
        }
    }
}

#[test]
fn override_replaces_and_merge_adds() {
    let text = format!(
        "{BASE}supplement \"补充规定\" 2014-04-20 {{\n  \
             override time standard \"慢棋\" {{ base 25min  increment 20s  flag loses }}\n  \
             entry {{\n    deadline 2014-04-11\n  }}\n  \
             note \"记录\" \"前十台对局结束后需补记录\"\n}}\n"
    );
    let parsed = xqreg_grammar::parse(&text);
    let mut diags = crate::diagnostics::Diagnostics::default();
    let eff = super::apply(&parsed.file, &mut diags);
    assert!(diags.list.is_empty());
    let times: Vec<u32> = eff
        .items
        .iter()
        .filter_map(|i| match i {
            Item::TimeControl(t) => t.clauses.iter().find_map(|c| match c {
                xqreg_grammar::ast::TimeClause::Base(d) => Some(d.node.seconds),
                _ => None,
            }),
            _ => None,
        })
        .collect();
    assert_eq!(times, [25 * 60]);
    let (_, record) = super::apply_with_record(&parsed.file, &mut diags);
    let outcomes: Vec<&str> = record
        .iter()
        .map(|a| match a.outcome {
            super::Outcome::Replaced { .. } => "replaced",
            super::Outcome::Merged { .. } => "merged",
            super::Outcome::Added => "added",
            super::Outcome::Conflict { .. } => "conflict",
            super::Outcome::OverrodeNothing => "nothing",
        })
        .collect();
    assert_eq!(outcomes, ["replaced", "merged", "added"]);
    assert!(eff.items.iter().all(|i| !matches!(i, Item::Supplement(_))));
    let deadlines = eff
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Entry(e) => Some(e.clauses.len()),
            _ => None,
        })
        .sum::<usize>();
    assert_eq!(
        deadlines, 2,
        "the supplement's deadline joins the base entry"
    );
    assert_codes(&text, &[]);
}

#[test]
fn a_merged_clause_that_says_it_again_conflicts() {
    let text = format!(
        "{BASE}supplement \"补充规定\" 2014-04-20 {{\n  entry {{\n    field 10\n  }}\n}}\n"
    );
    assert_codes(&text, &["E702"]);
}

#[test]
fn conduct_rules_merge_unless_they_say_the_same_thing_again() {
    let base = format!(
        "{BASE}conduct {{\n  natural_move_limit 50 checks 10\n  knocked_pieces 1 foul\n}}\n"
    );
    let add = format!(
            "{base}supplement \"补充规定\" 2014-04-20 {{\n  conduct {{\n    knocked_pieces 2 loss\n    devices loss\n  }}\n}}\n"
        );
    assert_codes(&add, &[]);
    let again = format!(
            "{base}supplement \"补充规定\" 2014-04-20 {{\n  conduct {{\n    natural_move_limit 60 checks 10\n  }}\n}}\n"
        );
    let lines = assert_codes(&again, &["E702"]);
    assert!(
        lines.contains("conduct rule `natural_move_limit`"),
        "{lines}"
    );
    let replaced = again.replace(
        "  conduct {\n    natural",
        "  override conduct {\n    natural",
    );
    assert_codes(&replaced, &[]);
}

#[test]
fn a_supplement_after_the_event() {
    let text =
        format!("{BASE}supplement \"补充规定\" 2014-05-20 {{\n  note \"记录\" \"补记录\"\n}}\n");
    assert_codes(&text, &["E703"]);
}

#[test]
fn override_suggests_the_near_name() {
    let text = format!(
            "{BASE}supplement \"补充规定\" 2014-04-20 {{\n  override time standrad \"慢棋\" {{ base 25min  increment 20s  flag loses }}\n}}\n"
        );
    let (_, lines) = codes(&text);
    assert!(
        lines.contains("did you mean `override time standard`?"),
        "{lines}"
    );
}

use xqreg_grammar::ast::Item;
