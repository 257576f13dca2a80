//! Conduct in words: the phrase of each conduct rule keyword and of each word inside a rule, with how it joins the next.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::{tsv_rows, words, Glue, Lang};
use Glue::*;

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

/// The conduct words as written; see the file's head for its columns.
const CONDUCT_WORDS_TSV: &str = include_str!("conduct_words.tsv");

/// A conduct word's Chinese and English templates, how many values it takes and its glue.
type ConductWord = (&'static str, &'static str, usize, Glue);

/// The rows of `conduct_words.tsv` by word, read once.
fn conduct_words() -> &'static BTreeMap<&'static str, ConductWord> {
    static WORDS: OnceLock<BTreeMap<&'static str, ConductWord>> = OnceLock::new();
    WORDS.get_or_init(|| read_conduct_words(CONDUCT_WORDS_TSV))
}

fn read_conduct_words(text: &'static str) -> BTreeMap<&'static str, ConductWord> {
    let mut words = BTreeMap::new();
    for cells in tsv_rows(text) {
        let [word, zh, en, values, glue] = cells[..] else {
            panic!("conduct_words.tsv: a row has five tab-separated cells: {cells:?}");
        };
        let values = match values {
            "all" => usize::MAX,
            n => n
                .parse()
                .unwrap_or_else(|_| panic!("conduct_words.tsv: values {n:?}")),
        };
        let glue = match glue {
            "comma" => Comma,
            "tight" => Tight,
            "attach" => Attach,
            other => panic!("conduct_words.tsv: glue {other:?}"),
        };
        // The first row of a word counts, as the file says.
        words.entry(word).or_insert((zh, en, values, glue));
    }
    words
}

/// The phrase of a word inside a conduct rule: template, how many values it takes (`usize::MAX`:
/// all that follow), and how it joins the next word.
pub fn conduct_word(lang: Lang, word: &str) -> Option<(&'static str, usize, Glue)> {
    conduct_words()
        .get(word)
        .map(|&(zh, en, arity, glue)| (if lang == Lang::Zh { zh } else { en }, arity, glue))
}
