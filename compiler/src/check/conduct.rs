//! Conduct rules' arguments. The grammar keeps a conduct rule's arguments generic, so their form
//! is checked here, against how the sheet prints them (`contract/words/conduct.rs`: each kind's
//! form, the words inside a rule and the value each takes):
//!
//! - The two rules the runtime acts on count something: `fouls_per_game N loss` (the game is lost
//!   at N fouls) and `withdraw after N forfeits`. Without a whole number, or with 0, the runtime
//!   would skip the rule (or withdraw at the first forfeit), and the sheet would still print it
//!   (E639). The runtime reads the count and nothing else, in every game: any other argument or a
//!   scope would be printed with a meaning it does not have (E641).
//! - A printed rule is read in order: the kind's phrase takes its leading value, each word its
//!   own value, and a phrase that leads into another needs what follows. A value with no place,
//!   of another kind or missing, or half a sentence, is E640; so is a word the kind's phrase does
//!   not read on with (`misplaced_piece foul`, `theoretical_draw loss`: the kind's `words` in
//!   `contract/words/conduct.rs`). An unknown word is E111 (`check/words`).

use xqreg_grammar::ast::{self, ConductArg, ConductRule, Item};

use super::Report;
use crate::contract::words::{conduct_phrase, conduct_words, kind_form, Glue, Value};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E639, &E640, &E641];

// The message catalogue of this module: compiler/messages/check/conduct.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/conduct.rs"));

/// The conduct rules with a count the runtime acts on, the form it runs, and the rule written
/// whole.
const COUNTED: [(&str, &str, &str); 2] = [
    (
        "fouls_per_game",
        "fouls_per_game N loss",
        "fouls_per_game 2 loss",
    ),
    (
        "withdraw",
        "withdraw after N forfeits",
        "withdraw after 2 forfeits",
    ),
];

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    for item in &file.items {
        let Item::Conduct(c) = item else { continue };
        for rule in &c.rules {
            match COUNTED.iter().find(|(k, ..)| *k == rule.kind.node) {
                Some(&(kind, form, whole)) => counted(rule, kind, form, whole, diags),
                None => {
                    if let Some(d) = printed(rule) {
                        diags.push(d);
                    }
                }
            }
        }
    }
}

/// A rule the runtime acts on: its count (E639), then its exact form and no scope (E641).
fn counted(rule: &ConductRule, kind: &str, form: &str, whole: &str, diags: &mut Diagnostics) {
    let count = rule.args.iter().find_map(|a| match a {
        ConductArg::Int(n) => Some(n),
        _ => None,
    });
    match count {
        Some(n) if n.node > 0 => {}
        Some(n) => {
            diags.push(ZERO.at(n.span, &[("rule", kind), ("whole", whole)]));
            return;
        }
        None => {
            diags.push(NO_COUNT.at(rule.kind.span, &[("rule", kind), ("whole", whole)]));
            return;
        }
    }
    // The words of the form around the count: `loss` after it, or `after` before and `forfeits`
    // after.
    let words: Vec<Option<&str>> = rule
        .args
        .iter()
        .map(|a| match a {
            ConductArg::Word(w) => Some(w.node.as_str()),
            ConductArg::Int(_) => Some("N"),
            _ => None,
        })
        .collect();
    let written: Vec<&str> = std::iter::once(kind)
        .chain(words.iter().map(|w| w.unwrap_or("?")))
        .collect();
    if words.contains(&None) || written.join(" ") != form {
        let span = match (rule.args.first(), rule.args.last()) {
            (Some(first), Some(last)) => first.span().join(last.span()),
            _ => rule.kind.span,
        };
        let args = [("rule", kind), ("form", form), ("whole", whole)];
        diags.push(RUN_FORM.at(span, &args));
    } else if let (Some(first), Some(last)) = (rule.scope.first(), rule.scope.last()) {
        diags.push(RUN_SCOPE.at(first.span.join(last.span), &[("rule", kind)]));
    }
}

/// The words that lead into another (glue `tight` in `conduct_words.tsv`), each with what may
/// follow it, for the help.
const LEADS_INTO: [(&str, &str); 7] = [
    ("true_claim", "true_claim draw"),
    ("false_claim", "false_claim loss"),
    ("incomplete", "incomplete no_claims"),
    ("after", "after 2 forfeits"),
    ("else", "else add 3min"),
    ("off_board", "off_board loss"),
    ("top_boards", "top_boards 10 record_after"),
];

/// Whether an argument is a value of this kind.
fn fits(value: Value, arg: &ConductArg) -> bool {
    // A count printed is a count of something: 采用0回合“自然限着” (a limit of 0 moves), 碰乱0个
    // 及以上棋子 or from move 0 mean nothing.
    matches!(
        (value, arg),
        (Value::Count, ConductArg::Int(n)) if n.node > 0
    ) || matches!(
        (value, arg),
        (Value::Duration, ConductArg::Duration(_)) | (Value::Clocks, ConductArg::Time(_))
    )
}

/// Whether an argument is a value (not a word or a text).
fn is_value(arg: &ConductArg) -> bool {
    matches!(
        arg,
        ConductArg::Int(_) | ConductArg::Duration(_) | ConductArg::Time(_)
    )
}

/// A printed rule read as the sheet reads it (`sheet/build/conduct.rs`); its first problem.
fn printed(rule: &ConductRule) -> Option<crate::diagnostics::Diagnostic> {
    let kind = rule.kind.node.as_str();
    // An unknown kind is E111.
    let form = kind_form(kind)?;
    let form_args = |word: &str| {
        [
            ("word", word.to_string()),
            ("form", form.example.to_string()),
        ]
    };
    if kind == "rule" {
        return rule
            .text
            .is_none()
            .then(|| RULE_WITHOUT_TEXT.at(rule.kind.span, &[("form", form.example)]));
    }
    let args = &rule.args;
    let mut i = 0;
    // The kind's own phrase and its leading value.
    let lead = args.first().filter(|a| is_value(a));
    if let Some(a) = lead {
        match form.lead {
            Some(v) if fits(v, a) => i = 1,
            Some(v) => return Some(wrong(v, a.span(), kind, form.example)),
            None => return Some(with(&EXTRA_VALUE, a.span(), &form_args(kind))),
        }
    }
    let zero = matches!(args.first(), Some(ConductArg::Duration(d)) if d.node.seconds == 0);
    let phrase = conduct_phrase(kind, i == 1, zero)?;
    if (phrase.zh.is_empty() || matches!(phrase.glue, Glue::Tight | Glue::Subject))
        && i == args.len()
    {
        return Some(with(&UNFINISHED, rule.kind.span, &form_args(kind)));
    }
    while let Some(a) = args.get(i) {
        i += 1;
        let w = match a {
            ConductArg::Word(w) => w,
            ConductArg::Text(_) => continue,
            _ => return Some(with(&EXTRA_VALUE, a.span(), &form_args(kind))),
        };
        // An unknown word is E111.
        let Some(cw) = conduct_words().get(w.node.as_str()) else {
            continue;
        };
        if !form.words.contains(&w.node.as_str()) {
            let takes = if form.words.is_empty() {
                (
                    "no word: it is written alone".to_string(),
                    "不带任何词，单独写出".to_string(),
                )
            } else {
                let list: Vec<String> = form.words.iter().map(|w| format!("`{w}`")).collect();
                (list.join(", "), format!("可用的词：{}", list.join("、")))
            };
            let args = [
                ("word", w.node.as_str()),
                ("kind", kind),
                ("takes", &takes.0),
                ("takes_zh", &takes.1),
                ("form", form.example),
            ];
            return Some(WRONG_WORD.at(w.span, &args));
        }
        let sample = match cw.value {
            None => String::new(),
            Some(Value::Count) => format!("{} 2", w.node),
            Some(Value::Duration) => format!("{} 3min", w.node),
            Some(Value::Clocks) => format!("{} 12:30, 19:30", w.node),
        };
        if let Some(v) = cw.value {
            match args.get(i) {
                Some(b) if fits(v, b) => {
                    i += 1;
                    // `resume 12:30, 19:30`: every clock time that follows.
                    while v == Value::Clocks && args.get(i).is_some_and(|b| fits(v, b)) {
                        i += 1;
                    }
                }
                Some(b) if is_value(b) || matches!(b, ConductArg::Text(_)) => {
                    return Some(wrong(v, b.span(), &w.node, &sample));
                }
                _ => {
                    let (en, zh) = v.name();
                    let args = [
                        ("word", w.node.as_str()),
                        ("expected", en),
                        ("expected_zh", zh),
                        ("form", &sample),
                    ];
                    return Some(MISSING_VALUE.at(w.span, &args));
                }
            }
        }
        if cw.glue == Glue::Tight && i == args.len() {
            let whole = LEADS_INTO
                .iter()
                .find(|(word, _)| *word == w.node)
                .map_or(form.example, |(_, whole)| whole);
            let args = [("word", w.node.as_str()), ("form", whole)];
            return Some(UNFINISHED.at(w.span, &args));
        }
    }
    None
}

fn with(
    report: &Report,
    span: xqreg_grammar::Span,
    args: &[(&str, String); 2],
) -> crate::diagnostics::Diagnostic {
    report.at(span, &[(args[0].0, &args[0].1), (args[1].0, &args[1].1)])
}

fn wrong(
    v: Value,
    span: xqreg_grammar::Span,
    word: &str,
    form: &str,
) -> crate::diagnostics::Diagnostic {
    let (en, zh) = v.name();
    let args = [
        ("word", word),
        ("expected", en),
        ("expected_zh", zh),
        ("form", form),
    ];
    WRONG_VALUE.at(span, &args)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{self, codes_with_base};
    use super::*;

    fn conduct(rules: &str) -> Vec<String> {
        let (got, lines) = codes_with_base(&format!("conduct {{\n{rules}\n}}\n"));
        assert!(!lines.contains("panicked"), "{lines}");
        got
    }

    #[test]
    fn fixtures() {
        testing::fixtures(CODES);
    }

    /// Each kind's form as docs/language.md §15 gives it checks clean, and so does what the help
    /// offers after a word that leads into another.
    #[test]
    fn every_form_and_help_checks_clean() {
        for f in crate::contract::words::FORMS {
            assert_eq!(conduct(f.example), Vec::<String>::new(), "{}", f.example);
        }
        // Each offered in a kind that reads on with it.
        for (word, whole) in LEADS_INTO {
            let kind = crate::contract::words::FORMS
                .iter()
                .find(|f| f.kind != "withdraw" && f.words.contains(&word))
                .map_or("withdraw", |f| f.kind);
            let rule = format!("{kind} {whole}");
            assert_eq!(conduct(&rule), Vec::<String>::new(), "{word}: {rule}");
        }
        // Every word of the file is a word of some kind.
        for key in conduct_words().keys() {
            let of_some = crate::contract::words::FORMS
                .iter()
                .any(|f| f.words.contains(key));
            assert!(of_some, "`{key}` is a word of no kind");
        }
        let tight: Vec<&str> = conduct_words()
            .iter()
            .filter(|(_, w)| w.glue == Glue::Tight)
            .map(|(k, _)| *k)
            .collect();
        let mut helped: Vec<&str> = LEADS_INTO.iter().map(|(w, _)| *w).collect();
        helped.sort_unstable();
        assert_eq!(tight, helped);
    }

    /// Each way the sheet would print an argument without its meaning is refused.
    #[test]
    fn arguments_the_sheet_cannot_print_are_refused() {
        for rule in [
            "draw_offers 26",                                 // a value with no place
            "phone 5 loss",                                   // likewise
            "late 10 forfeit",                                // a count for a duration
            "natural_move_limit 60min",                       // a duration for a count
            "repetition until_move cycles 3",                 // a word's value missing
            "draw_offers from_move 2min",                     // a word's value of another kind
            "draw_offers from_move \"二十\"",                 // a text for a word's value
            "adjourn 15min before_next resume",               // no clock time
            "adjourn 15min before_next resume 12:30 2",       // a stray value
            "natural_move_limit claim after_game true_claim", // half a sentence
            "late 10min",                                     // likewise
            "score_sheets",                                   // nothing at all
            "rule draw",                                      // a free rule without its text
            "natural_move_limit 0",                           // a count of nothing
            "draw_offers from_move 0",                        // likewise
            "misplaced_piece foul",                           // a word of another kind
            "theoretical_draw loss",                          // likewise
            "claims",                                         // a subject without its verb
            "draw_offers from_move 26 loss",                  // a word of another kind
        ] {
            assert_eq!(conduct(rule), ["E640"], "{rule}");
        }
        assert_eq!(conduct("late 10min forfeitt"), ["E111"]);
        // The runtime's two rules run in one form, in every game.
        for rule in [
            "fouls_per_game 2",
            "fouls_per_game 2 foul",
            "withdraw 2 forfeits",
            "withdraw after 2 forfeits \"并取消成绩\"",
            "fouls_per_game 2 loss in stage main",
        ] {
            assert_eq!(conduct(rule), ["E641"], "{rule}");
        }
        // A count of 0 or none is E639, said once.
        assert_eq!(conduct("withdraw after forfeits"), ["E639"]);
    }
}
