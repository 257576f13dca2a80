//! Conduct in words: the phrase of each conduct rule keyword and of each word inside a rule, with how it joins the next.

use super::{words, Glue, Lang};
use crate::contract::words::Value;

/// The phrase of a conduct rule's keyword; `{0}` takes its leading value when it has one.
pub fn conduct_kind(
    lang: Lang,
    kind: &str,
    has_value: bool,
    zero: bool,
) -> Option<(&'static str, Glue)> {
    words::conduct_phrase(kind, has_value, zero)
        .map(|p| (if lang == Lang::Zh { p.zh } else { p.en }, p.glue))
}

/// The phrase of a word inside a conduct rule (`contract/words/conduct_words.tsv`): template,
/// how many values it takes (`usize::MAX`: all that follow), and how it joins the next word.
pub fn conduct_word(lang: Lang, word: &str) -> Option<(&'static str, usize, Glue)> {
    words::conduct_words().get(word).map(|w| {
        let arity = match w.value {
            None => 0,
            Some(Value::Clocks) => usize::MAX,
            Some(Value::Count | Value::Duration) => 1,
        };
        (if lang == Lang::Zh { w.zh } else { w.en }, arity, w.glue)
    })
}
