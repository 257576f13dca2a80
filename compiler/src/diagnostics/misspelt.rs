//! E017: a word where a keyword was expected that is one or two edits from a keyword valid
//! there (`tiebrake {` in a stage). Said as a misspelling with the keyword to write, instead
//! of the general "unexpected token" with every clause the block may hold.

use xqreg_grammar::{SyntaxError, SyntaxErrorKind};

use super::{Code, Diagnostic, Explain, Msg, Severity, Template};

pub static E017: Code = Code {
    code: "E017",
    name: "misspelt-keyword",
    severity: Severity::Error,
    explain: Explain {
        meaning: Template::new(
            "A word stands where a keyword is expected, and it is a small misspelling of a \
             keyword that is valid there. The block is not read until the keyword is right.",
            "此处应为关键字，而这个词与此处可用的某个关键字只差一两个字母。关键字改正之前，该块不会被读取。",
        ),
        example: "stage main \"积分编排\" {\n  swiss cxa rounds 9\n  tiebrake { points, lots }\n}",
        fix: Template::new(
            "Write the keyword the help line names (`tiebreak`).",
            "按帮助行所示写出正确的关键字（`tiebreak`）。",
        ),
    },
};

/// The keyword valid at the error nearest to `word`: at most 2 edits, and at most a third of
/// the keyword's length for longer ones; none for an exact keyword (that is another problem).
fn nearest(word: &str, expected: &[String]) -> Option<String> {
    if !word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || word.len() < 3 {
        return None;
    }
    let keywords = xqreg_grammar::keywords_expected(expected);
    if keywords.contains(word) {
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
        Msg::new(
            format!("unknown keyword `{found}`; did you mean `{keyword}`?"),
            format!("未知关键字 `{found}`；是否应为 `{keyword}`？"),
        ),
        err.span,
        Msg::new(
            format!("did you mean `{keyword}`?"),
            format!("是否应为 `{keyword}`？"),
        ),
    )
    .with_help(Msg::new(
        format!("write `{keyword}`"),
        format!("写作 `{keyword}`"),
    ));
    if let Some(block) = err.block.filter(|b| *b != err.span) {
        d = d.with_label(block, Msg::new("in this block", "所在的块"));
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
    }
}
