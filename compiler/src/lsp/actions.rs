//! Code actions: the edits the diagnostics' help lines spell out. A help line is recognised by
//! the checker's own catalogue template (never by a second copy of its wording), and its value
//! is read back out of the filled text:
//!
//! - did-you-mean (`did you mean `X`?`, [`suggest::DID_YOU_MEAN`], which unknown names, option
//!   words, tie-break criteria and block keywords all use): replace the word with `X`;
//! - a prize total that does not add up (E503, [`prizes::HELP_E503`]): write the sum.
//!
//! An edit is offered only when the diagnostic's place is exactly the text it replaces (one
//! word, or the amount), so an action never rewrites more than its diagnostic names.

use xqreg_grammar::Span;

use crate::check::{prizes, suggest};
use crate::diagnostics::{Diagnostic, Template};

/// One proposed edit: replace `span` with `new_text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// Index of the diagnostic in the document's report.
    pub diagnostic: usize,
    pub title: String,
    pub span: Span,
    pub new_text: String,
}

/// The value of `{key}` in `filled`, when `filled` is `template` (English) filled with one value.
fn value_of(template: &Template, key: &str, filled: &str) -> Option<String> {
    let (prefix, suffix) = template.en.split_once(&format!("{{{key}}}"))?;
    let v = filled.strip_prefix(prefix)?.strip_suffix(suffix)?;
    (!v.is_empty()).then(|| v.to_string())
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The fixes of one diagnostic.
fn fixes_of(text: &str, i: usize, d: &Diagnostic) -> Vec<Fix> {
    let span = d.span();
    let Some(written) = text.get(span.range()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for h in &d.help {
        if let Some(name) = value_of(&suggest::DID_YOU_MEAN, "name", &h.en) {
            if is_word(written) && is_word(&name) {
                out.push(Fix {
                    diagnostic: i,
                    title: format!("replace `{written}` with `{name}`"),
                    span,
                    new_text: name,
                });
            }
        }
        if d.code.code == prizes::E503.code {
            let sum = value_of(&prizes::HELP_E503, "sum", &h.en);
            let digits = written.len()
                - written
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            if let (Some(sum), true) = (sum, digits > 0) {
                out.push(Fix {
                    diagnostic: i,
                    title: format!("write `total {sum}`"),
                    span: Span::new(span.start as usize, span.start as usize + digits),
                    new_text: sum,
                });
            }
        }
    }
    out
}

/// Every fix of a report's diagnostics.
pub fn fixes(text: &str, diagnostics: &[Diagnostic]) -> Vec<Fix> {
    diagnostics
        .iter()
        .enumerate()
        .flat_map(|(i, d)| fixes_of(text, i, d))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::check_bytes;

    fn fixed(src: &str) -> Vec<String> {
        let report = check_bytes("t.xqr", src.as_bytes());
        fixes(src, &report.diagnostics)
            .into_iter()
            .map(|f| {
                let mut s = src.to_string();
                s.replace_range(f.span.range(), &f.new_text);
                s
            })
            .collect()
    }

    #[test]
    fn a_misspelt_name_is_replaced() {
        let src = "regulation \"甲\" { dates 2014-04-27 .. 2014-04-29 }\n\
            time standard { base 20min }\nentry { field 8 }\n\
            stage main { swiss cxa rounds 7  time standrad }\n";
        let out = fixed(src);
        assert!(out.iter().any(|s| s.contains("time standard }")), "{out:?}");
    }

    #[test]
    fn a_wrong_total_gets_the_sum() {
        let src = "prizes \"奖金\" CNY { 1: 10000  2: 5000  3..4: 1000 each  total 16000 }\n";
        let out = fixed(src);
        assert!(out.iter().any(|s| s.contains("total 17000 }")), "{out:?}");
    }

    #[test]
    fn a_help_line_is_read_back_through_its_template() {
        let t = Template::new("write `total {sum}`, or x", "");
        assert_eq!(
            value_of(&t, "sum", "write `total 5`, or x").as_deref(),
            Some("5")
        );
        assert_eq!(value_of(&t, "sum", "something else"), None);
    }
}
