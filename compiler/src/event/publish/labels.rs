//! A knockout match's words in the page's language: its label (the runtime's English,
//! `semi-final`; 半决赛 in Chinese, as the sheet names the rounds), and a side that only stands
//! in for a match still to be played (`winner of semi-final 2`, 半决赛2胜者). The match lines
//! (`matches`) and the bracket (`bracket`) both say them through here.

use xqreg_runtime::engine::StandIn;

use super::text::{said, Tr};
use crate::diagnostics::Template;

// The message catalogue of this module: compiler/messages/event/publish/labels.toml.
include!(concat!(
    env!("OUT_DIR"),
    "/messages/event/publish/labels.rs"
));

/// A match's label in language `l`: `semi-final` is 半决赛; a label the runtime does not give
/// (none today) is shown as it is.
pub fn label(label: &str, l: Tr) -> String {
    let places = |rest: &str, t: Template| {
        let (a, b) = rest.split_once('-')?;
        Some(said(l, t.fill(&[("a", a), ("b", b)])))
    };
    let said_of = |t: Template| said(l, t.plain());
    match label {
        "final" => said_of(FINAL),
        "semi-final" => said_of(SEMI_FINAL),
        "quarter-final" => said_of(QUARTER_FINAL),
        _ => {
            if let Some(n) = label.strip_prefix("round of ") {
                let half = n
                    .parse::<u64>()
                    .map(|n| crate::sheet::fmt::zh_numeral(n / 2));
                let half = half.unwrap_or_else(|_| n.to_string());
                return said(l, ROUND_OF.fill(&[("n", n), ("n_zh", &half)]));
            }
            let of = |prefix: &str, suffix: &str, t: Template| {
                places(label.strip_prefix(prefix)?.strip_suffix(suffix)?, t)
            };
            of("match for places ", "", PLACES_MATCH)
                .or_else(|| of("places ", " bracket", PLACES_BRACKET))
                .unwrap_or_else(|| label.to_string())
        }
    }
}

/// A match's label with its number in bracket order where its round has several of that label
/// (the runtime's `number`), in language `l`: `semi-final 2` (半决赛2); `final` alone. A label
/// that ends in a number of its own takes the match's apart: `round of 32, match 2` (not
/// `round of 32 2`).
pub fn numbered(text: &str, number: Option<u32>, l: Tr) -> String {
    let said = label(text, l);
    let ends_in_digit = said.ends_with(|c: char| c.is_ascii_digit());
    match (number, l) {
        (None, _) => said,
        (Some(n), Tr::En) if ends_in_digit => format!("{said}, match {n}"),
        (Some(n), Tr::Zh) if ends_in_digit => format!("{said}第{n}场"),
        (Some(n), Tr::En) => format!("{said} {n}"),
        (Some(n), Tr::Zh) => format!("{said}{n}"),
    }
}

/// The side a stand-in stands for, in language `l`: `winner of semi-final 2` (半决赛2胜者).
pub fn stand_in(s: &StandIn, l: Tr) -> String {
    let (en, zh) = (
        numbered(&s.label, s.number, Tr::En),
        numbered(&s.label, s.number, Tr::Zh),
    );
    let args = [("match", en.as_str()), ("match_zh", &zh)];
    let t = if s.winner {
        STAND_IN_WINNER
    } else {
        STAND_IN_LOSER
    };
    said(l, t.fill(&args))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `round of 32 2` read as one number run on from another; a label that ends in a word takes
    /// the match's number as before.
    #[test]
    fn a_label_ending_in_a_number_keeps_the_match_number_apart() {
        assert_eq!(
            numbered("round of 32", Some(2), Tr::En),
            "round of 32, match 2"
        );
        assert_eq!(numbered("semi-final", Some(2), Tr::En), "semi-final 2");
        assert_eq!(numbered("semi-final", Some(2), Tr::Zh), "半决赛2");
        assert_eq!(numbered("round of 32", Some(2), Tr::Zh), "十六分之一决赛2");
        assert_eq!(numbered("final", None, Tr::En), "final");
    }
}
