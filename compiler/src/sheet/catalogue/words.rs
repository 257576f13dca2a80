//! The language's identifiers in words: organiser roles, titles, criteria, colour rules,
//! conduct words and the rest. The plain tables `(identifier, Chinese, English)` are data, in
//! `words.tsv`, a section a table, each read by the function of its name below. An identifier
//! missing from a table prints as itself (the checker rejects unknown words before a sheet is
//! printed, so that only happens for words added to the language after this table).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::contract::words;
pub use crate::contract::words::Glue;
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

/// The rows of a tab-separated word file (`words.tsv`, `conduct_words.tsv`), each its cells as
/// written; lines starting with `#` and blank lines are skipped.
fn tsv_rows(text: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').collect())
}

fn pick(lang: Lang, table: &str, key: &str) -> Option<&'static str> {
    let (zh, en) = tables().get(&(table, key))?;
    Some(match lang {
        Lang::Zh => zh,
        Lang::En => en,
    })
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
    organiser_role,
    event,
    rulebook,
    title,
    sex,
    /// A player's sex in a table cell: one character, as an entry list writes it.
    sex_cell,
    fee,
    cap_order,
    replacement,
    time_name,
    side,
    score_key,
    match_key,
    cycles,
    swiss,
    first_round,
    first_colours,
    first_board,
    colours,
    avoid_what,
    colour_tie,
    seeding,
    byes,
    draw_order,
    numbers,
    slot_event,
    contact_field,
    contact_purpose,
    tax,
    medal,
    admin_word,
    /// Parameters of small blocks (`colour_limits`, `bye`, criterion options); `{0}` is the value.
    param,
    value,
    criterion,
    /// A criterion in a team stage, where it counts matches, not games.
    team_criterion,
    /// A criterion's variant in a team stage.
    team_variant,
    variant,
    playoff_colours,
);

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
    h.map(|(zh, en)| if lang == Lang::Zh { zh } else { en })
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
