//! The language's identifiers in words: organiser roles, titles, criteria, colour rules,
//! conduct words and the rest. A closed word set of the checker (a title, a sex, a colour rule)
//! carries its phrases in its own table ([`crate::check::words`]), read by the function of its
//! name below; the other plain tables `(identifier, Chinese, English)` are data, in `words.tsv`, a
//! section a table. An identifier missing from a table prints as itself (the checker rejects
//! unknown words before a sheet is printed, so that only happens for words added to the language
//! after this table).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::check::words::{self as sets, Position};
pub use crate::contract::words::Glue;
use crate::contract::words::{self, Plain};
use crate::sheet::model::Art;
use crate::sheet::Lang;

mod conduct;
pub use conduct::{conduct_kind, conduct_word};

/// The word tables as written: `[table]` lines, then `identifier<TAB>Chinese<TAB>English` rows.
const TABLES_TSV: &str = include_str!("words.tsv");

/// `(table, identifier)` to `(Chinese, English)`.
type Tables = BTreeMap<(&'static str, &'static str), (&'static str, &'static str)>;

/// The tables of `words.tsv`, read once.
fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| read_tables(TABLES_TSV))
}

fn read_tables(text: &'static str) -> Tables {
    let mut tables = Tables::new();
    let mut table = "";
    for cells in tsv_rows(text) {
        if let [line] = cells[..] {
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                table = name;
                continue;
            }
        }
        let [key, zh, en] = cells[..] else {
            panic!(
                "words.tsv: a row is an identifier, Chinese and English, tab-separated: {cells:?}"
            );
        };
        // The first row of an identifier counts, as the file says.
        tables.entry((table, key)).or_insert((zh, en));
    }
    tables
}

/// The rows of a tab-separated word file (`words.tsv`), each its cells as
/// written; lines starting with `#` and blank lines are skipped.
fn tsv_rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').collect())
}

fn pick(lang: Lang, table: &str, key: &str) -> Option<&'static str> {
    tables().get(&(table, key)).map(|&p| in_lang(lang, p))
}

/// One function a table of `words.tsv`, named as its section: the identifier in words.
macro_rules! word_tables {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {
        $(
            $(#[$doc])*
            pub fn $name(lang: Lang, key: &str) -> Option<&'static str> {
                pick(lang, stringify!($name), key)
            }
        )*
        /// Every table a function reads, for the test that `words.tsv` has no other.
        #[cfg(test)]
        const TABLE_NAMES: &[&str] = &[$(stringify!($name)),*];
    };
}

word_tables!(
    fee,
    time_name,
    contact_field,
    contact_purpose,
    admin_word,
    /// Parameters of small blocks (`colour_limits`, `bye`, criterion options); `{0}` is the value.
    param,
    value,
    /// A parameter's value in a team stage, where it speaks of teams (`recipient lowest_not_yet`).
    team_value,
    criterion,
    /// A criterion in a team stage, where it counts matches, not games.
    team_criterion,
    /// A criterion's variant in a team stage.
    team_variant,
    variant,
);

/// The phrase of a closed word set's word in a language.
fn said(lang: Lang, set: &Position, key: &str) -> Option<&'static str> {
    Some(in_lang(lang, set.word(key)?.said?))
}

/// A phrase (Chinese, English) in a language.
fn in_lang(lang: Lang, (zh, en): Plain) -> &'static str {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// One function a closed word set of the checker, named as the sheet calls it: the word in words.
macro_rules! closed_sets {
    ($($(#[$doc:meta])* $name:ident = $set:path),* $(,)?) => {
        $(
            $(#[$doc])*
            pub fn $name(lang: Lang, key: &str) -> Option<&'static str> {
                said(lang, &$set, key)
            }
        )*
    };
}

closed_sets!(
    organiser_role = sets::ORGANISER_ROLE,
    event = sets::EVENT_KIND,
    rulebook = sets::RULEBOOK,
    title = sets::TITLE,
    sex = sets::SEX,
    cap_order = sets::CAP_ORDER,
    replacement = sets::REPLACEMENT,
    /// The side a drawn armageddon goes to.
    side = sets::DRAW_ODDS,
    score_key = sets::SCORING_KEYS,
    match_key = sets::MATCH_KEYS,
    cycles = sets::CYCLES,
    swiss = sets::SWISS_SYSTEM,
    first_round = sets::FIRST_ROUND,
    first_colours = sets::FIRST_ROUND_COLOURS,
    first_board = sets::FIRST_BOARD,
    colours = sets::STAGE_COLOURS,
    avoid_what = sets::AVOID_WHAT,
    colour_tie = sets::COLOUR_TIE,
    seeding = sets::KO_SEEDING,
    byes = sets::KO_BYES,
    /// A pool quota's draw order.
    draw_order = sets::DRAW_ORDER,
    /// How the players a draw rule leaves are drawn.
    draw_rest = sets::DRAW_REST,
    numbers = sets::NUMBERS,
    /// The order within a numbering (seeds' order, `within`).
    numbers_order = sets::NUMBERS_ORDER,
    slot_event = sets::SLOT_KIND,
    tax = sets::TAX,
    medal = sets::METAL,
    playoff_colours = sets::STEP_COLOURS,
);

/// A player's sex in a table cell: one character, as an entry list writes it.
pub fn sex_cell(lang: Lang, key: &str) -> Option<&'static str> {
    Some(in_lang(lang, sets::SEX.word(key)?.cell?))
}

/// Registration and expense clauses: the phrase (with `{who}`, `{amount}`, `{when}`, `{text}`,
/// `{n}`, `{places}`, `{words}` slots) of `kind` or `kind+variant`, and the article it belongs in
/// when not its block's own. The phrases live in the contract's word table
/// ([`crate::contract::words`]), with the words the checker accepts.
pub fn admin_kind(lang: Lang, block: &str, kind: &str) -> Option<(&'static str, Option<Art>)> {
    let list = match block {
        "registration" => &words::REGISTRATION,
        _ => &words::EXPENSES,
    };
    let (key, variant) = kind.split_once('+').unwrap_or((kind, ""));
    words::admin_phrase(list, key, variant)
        .map(|p| (if lang == Lang::Zh { p.zh } else { p.en }, p.art))
}

/// The heading an expense clause prints under (交通, 食宿), if it has its own.
pub fn expense_heading(lang: Lang, kind: &str) -> Option<&'static str> {
    heading(words::EXPENSES.get(kind)?.heading, lang)
}

/// The heading of a conduct rule kind.
pub fn conduct_heading(lang: Lang, kind: &str) -> Option<&'static str> {
    heading(words::CONDUCT.get(kind)?.heading, lang)
}

fn heading(h: Option<words::Plain>, lang: Lang) -> Option<&'static str> {
    h.map(|p| in_lang(lang, p))
}

/// A staff role (`staff leader 1`) in words.
pub fn staff_role(lang: Lang, key: &str) -> Option<&'static str> {
    words::plain_phrase(&words::STAFF, key, lang == Lang::Zh)
}

/// An official's role (`officials { chief_arbiter "..." }`) in words.
pub fn official(lang: Lang, key: &str) -> Option<&'static str> {
    words::plain_phrase(&words::OFFICIALS, key, lang == Lang::Zh)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_of_the_file_has_its_function_and_every_function_its_table() {
        let mut in_file: Vec<&str> = TABLES_TSV
            .lines()
            .filter_map(|l| l.strip_prefix('[')?.strip_suffix(']'))
            .collect();
        let mut read: Vec<&str> = TABLE_NAMES.to_vec();
        in_file.sort_unstable();
        read.sort_unstable();
        assert_eq!(in_file, read);
        // Every row reads (the file parses), and a word reads back in both languages.
        assert!(!tables().is_empty());
        assert_eq!(title(Lang::Zh, "grandmaster"), Some("特级大师"));
        assert_eq!(contact_purpose(Lang::En, "travel"), Some(" for travel"));
        assert_eq!(criterion(Lang::En, "no_such_word"), None);
        // A closed set's words read from the checker's table, a cell's short form included; a
        // word without a phrase prints as written.
        assert_eq!(sex_cell(Lang::Zh, "women"), Some("女"));
        assert_eq!(numbers_order(Lang::En, "lot"), Some("by lot"));
        assert_eq!(rulebook(Lang::En, "other"), None);
        // And the conduct words, with their values and glue.
        assert_eq!(
            conduct_word(Lang::En, "resume"),
            Some(("", usize::MAX, Glue::Comma))
        );
        assert_eq!(
            conduct_word(Lang::Zh, "loss"),
            Some(("判负", 0, Glue::Attach))
        );
    }
}
