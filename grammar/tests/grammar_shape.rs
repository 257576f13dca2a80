//! Properties of the grammar text itself: every rule is documented with an example, and no rule
//! can reach itself. The second is what keeps pest's call depth bounded on any input (the parser
//! runs without pest's stack probe), so `{{{{...` a hundred thousand deep cannot overflow it.

use std::collections::{BTreeMap, BTreeSet};

const GRAMMAR: &str = include_str!("../src/regulation.pest");

/// Rule name → the rule names its body mentions.
fn rules() -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    let mut current: Option<(String, String)> = None;
    let flush = |current: &mut Option<(String, String)>,
                 out: &mut BTreeMap<String, BTreeSet<String>>| {
        if let Some((name, body)) = current.take() {
            out.insert(name, words(&body));
        }
    };
    for line in GRAMMAR.lines() {
        if line.starts_with("//") {
            continue;
        }
        let head = line.split_once(" = ");
        match head {
            Some((name, body))
                if !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
            {
                flush(&mut current, &mut out);
                current = Some((name.to_string(), body.to_string()));
            }
            _ => {
                if let Some((_, body)) = current.as_mut() {
                    body.push(' ');
                    body.push_str(line);
                }
            }
        }
    }
    flush(&mut current, &mut out);
    out
}

/// The identifiers of a rule body outside string literals.
fn words(body: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut in_string = false;
    let mut escaped = false;
    let mut word = String::new();
    for c in body.chars() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        if c == '"' || c == '\'' {
            in_string = c == '"';
        }
        if c.is_ascii_alphanumeric() || c == '_' {
            word.push(c);
        } else if !word.is_empty() {
            out.insert(std::mem::take(&mut word));
        }
    }
    if !word.is_empty() {
        out.insert(word);
    }
    out
}

#[test]
fn the_grammar_has_no_recursive_rule() {
    let rules = rules();
    assert!(rules.len() > 300, "parsed only {} rules", rules.len());
    // The reference graph is read right: a stage reaches its clauses, a supplement its blocks.
    assert!(rules["stage"].contains("stage_clause"));
    assert!(rules["supplement_block"].contains("stage"));
    assert!(!rules["supplement_block"].contains("supplement"));
    let mut cyclic = rules.clone();
    if let Some(r) = cyclic.get_mut("stage_note") {
        r.insert("stage".to_string());
    }
    assert!(has_cycle(&cyclic), "a planted cycle is found");
    assert!(!has_cycle(&rules));
}

fn has_cycle(rules: &BTreeMap<String, BTreeSet<String>>) -> bool {
    fn visit<'a>(
        rule: &'a str,
        rules: &'a BTreeMap<String, BTreeSet<String>>,
        on_path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> bool {
        if on_path.contains(&rule) {
            eprintln!("recursive rules: {on_path:?} -> {rule}");
            return true;
        }
        if !done.insert(rule) {
            return false;
        }
        on_path.push(rule);
        let found = rules
            .get(rule)
            .into_iter()
            .flatten()
            .any(|next| rules.contains_key(next) && visit(next, rules, on_path, done));
        on_path.pop();
        found
    }
    let mut done = BTreeSet::new();
    rules
        .keys()
        .any(|name| visit(name, rules, &mut Vec::new(), &mut done))
}

#[test]
fn every_rule_has_a_doc_line() {
    let lines: Vec<&str> = GRAMMAR.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        let Some((name, _)) = line.split_once(" = ") else {
            continue;
        };
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        assert!(
            i > 0 && lines[i - 1].starts_with("///"),
            "rule {name} has no `///` line"
        );
    }
    assert!(GRAMMAR.starts_with("//!"));
}

#[test]
fn keywords_are_every_kw_rule_and_include_the_top_level_ones() {
    let kws = xqreg_grammar::keywords();
    let grammar = include_str!("../src/regulation.pest");
    let rules = grammar.lines().filter(|l| l.starts_with("kw_")).count();
    assert_eq!(kws.len(), rules);
    assert!(kws.contains(&"round_robin") && kws.contains(&"draw_goes_to"));
    for top in xqreg_grammar::TOP_LEVEL_KEYWORDS {
        assert!(kws.contains(top), "{top}");
    }
}
