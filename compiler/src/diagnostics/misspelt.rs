//! E017: a word where a keyword was expected that is one or two edits from a keyword valid
//! there (`tiebrake {` in a stage). Said as a misspelling with the keyword to write, instead
//! of the general "unexpected token" with every clause the block may hold.

use xqreg_grammar::{SyntaxError, SyntaxErrorKind};

use super::{Code, Diagnostic, Explain, Severity, Template, DID_YOU_MEAN, IN_THIS_BLOCK, WRITE};

// The message catalogue of this module: compiler/messages/diagnostics/misspelt.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/diagnostics/misspelt.rs"
));

/// The keyword valid at the error nearest to `word`: at most 2 edits, and at most a third of
/// the keyword's length for longer ones; none for an exact keyword (that is another problem).
fn nearest(word: &str, expected: &[String]) -> Option<String> {
    if !word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || word.len() < 3 {
        return None;
    }
    let keywords = xqreg_grammar::keywords_expected(expected);
    // A keyword of the language written where it cannot stand is misplaced, not misspelt
    // (`base 20min` in a stage is a time control's clause, not a slip for `bye`).
    if keywords.contains(word) || !xqreg_grammar::clauses_starting_with(word).is_empty() {
        return None;
    }
    keywords
        .into_iter()
        .map(|k| (strsim::damerau_levenshtein(word, &k), k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 3).min(3))
        .min()
        .map(|(_, k)| k)
}

/// The E017 diagnostic of a syntax error, when its token is a misspelt keyword.
pub(super) fn diagnostic(err: &SyntaxError) -> Option<Diagnostic> {
    let SyntaxErrorKind::Unexpected {
        expected,
        found: Some(found),
    } = &err.kind
    else {
        return None;
    };
    let keyword = nearest(found, expected)?;
    let mut d = Diagnostic::new(
        &E017,
        // The token the file holds goes in last: nothing is filled into it.
        UNKNOWN_KEYWORD.fill(&[("keyword", &keyword), ("found", found)]),
        err.span,
        DID_YOU_MEAN.fill(&[("name", &keyword)]),
    )
    .with_help(WRITE.fill(&[("text", &keyword)]));
    if let Some(block) = err.block.filter(|b| *b != err.span) {
        d = d.with_label(block, IN_THIS_BLOCK.plain());
    }
    Some(d)
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn only_close_words_are_keywords() {
        let stage = vec!["`tiebreak`".to_string(), "`swiss`".to_string()];
        assert_eq!(nearest("tiebrake", &stage).as_deref(), Some("tiebreak"));
        assert_eq!(nearest("swis", &stage).as_deref(), Some("swiss"));
        assert_eq!(nearest("referee", &stage), None);
        assert_eq!(nearest("tiebreak", &stage), None);
        let bye = vec!["`bye`".to_string(), "`time`".to_string()];
        assert_eq!(nearest("base", &bye), None, "a time control's clause");
        assert_eq!(nearest("game", &bye), None, "a playoff step");
    }
}
