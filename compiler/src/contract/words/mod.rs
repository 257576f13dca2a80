//! The closed word lists of the language's worded clauses, each word ONCE: its phrases for the
//! sheet (Chinese and English) and its contract status. The checker's E111 reads the keys, the
//! sheet reads the phrases, the contract table and docs/language.md read the statuses; there is
//! no second list to keep equal.
//!
//! Blocks: `conduct` (conduct rule kinds), `registration` and `expenses` (clause kinds), `staff`
//! (team staff roles in `staff` clauses of entries, pools and qualification) and `officials`
//! (roles of the regulation's officials).

mod admin;
mod conduct;

pub use admin::{phrase as admin_phrase, AdminPhrase, EXPENSES, REGISTRATION};
pub use conduct::{
    conduct_words, kind_form, phrase as conduct_phrase, ConductPhrase, ConductWord, Form, Glue,
    Value, CONDUCT, FORMS,
};

use super::Status;

/// One word of a block: its key, what the implementation does with a clause of that word, and
/// its phrases (the sheet picks one by the block's own rule).
pub struct Word<P: 'static> {
    pub key: &'static str,
    pub status: Status,
    /// Where it acts (executed) or why it is only printed.
    pub acts: &'static str,
    /// The heading a clause of this word prints under, when the block groups them.
    pub heading: Option<Plain>,
    pub phrases: &'static [P],
}

/// A word of a block: the one constructor the blocks' tables use.
const fn word<P>(
    key: &'static str,
    status: Status,
    acts: &'static str,
    heading: Option<Plain>,
    phrases: &'static [P],
) -> Word<P> {
    Word {
        key,
        status,
        acts,
        heading,
        phrases,
    }
}

/// A word only printed, under its own heading (an expense's 交通, a conduct rule's 提和).
const fn printed_under<P>(key: &'static str, heading: Plain, phrases: &'static [P]) -> Word<P> {
    word(key, Status::Printed, "sheet", Some(heading), phrases)
}

/// A closed word list.
pub struct Block<P: 'static> {
    /// The block keyword (`conduct`, `registration`, ...).
    pub block: &'static str,
    /// How E111 names the position (English, Chinese).
    pub what: (&'static str, &'static str),
    pub words: &'static [Word<P>],
}

impl<P> Block<P> {
    /// The row of a word, None for a word outside the list.
    pub fn get(&'static self, key: &str) -> Option<&'static Word<P>> {
        self.words.iter().find(|w| w.key == key)
    }

    /// The words allowed (for E111's help and did-you-mean).
    pub fn keys(&self) -> Vec<&'static str> {
        self.words.iter().map(|w| w.key).collect()
    }
}

/// A phrase without variants: (Chinese, English).
pub type Plain = (&'static str, &'static str);

const fn plain(key: &'static str, phrase: &'static [Plain]) -> Word<Plain> {
    Word {
        key,
        status: Status::Printed,
        acts: "sheet",
        heading: None,
        phrases: phrase,
    }
}

/// Team staff roles (`staff leader 1 coach 1`, `staff per ... coach_or_leader 1`).
pub static STAFF: Block<Plain> = Block {
    block: "staff",
    what: ("staff role", "随队人员类别"),
    words: &[
        plain("leader", &[("领队", "leader")]),
        plain("coach", &[("教练", "coach")]),
        plain("coach_or_leader", &[("教练或领队", "coach or leader")]),
        plain("team_leader", &[("领队", "team leader")]),
    ],
};

/// Roles in `officials { ROLE "..." }`.
pub static OFFICIALS: Block<Plain> = Block {
    block: "officials",
    what: ("role of an official", "裁判人员类别"),
    words: &[
        plain("chief_arbiter", &[("裁判长", "Chief arbiter")]),
        plain(
            "deputy_chief_arbiter",
            &[("副裁判长", "Deputy chief arbiter")],
        ),
        plain("arbiters", &[("裁判员", "Arbiters")]),
        plain("arbiter", &[("裁判员", "Arbiters")]),
        plain("pairing", &[("编排长", "Chief of pairings")]),
        plain("appeals", &[("仲裁委员会", "Appeals committee")]),
        plain(
            "appointment",
            &[("裁判人员选派", "Appointment of officials")],
        ),
    ],
};

/// The phrase of a plain word in a language: (Chinese, English) picked by `zh`.
pub fn plain_phrase(block: &'static Block<Plain>, key: &str, zh: bool) -> Option<&'static str> {
    let (z, e) = block.get(key)?.phrases.first()?;
    Some(if zh { z } else { e })
}

/// The blocks whose clause kind is `ByWord` in the contract, with each word's status.
pub fn by_word() -> Vec<(&'static str, &'static str, Status, &'static str)> {
    let conduct = CONDUCT
        .words
        .iter()
        .map(|w| (CONDUCT.block, w.key, w.status, w.acts));
    let reg = REGISTRATION
        .words
        .iter()
        .map(|w| (REGISTRATION.block, w.key, w.status, w.acts));
    conduct.chain(reg).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{status, ClauseKind};

    /// A block whose clause kind has one status gives every word that status (only `ByWord`
    /// kinds may vary by word).
    #[test]
    fn words_of_single_status_blocks_agree_with_their_kind() {
        let single: [(ClauseKind, Vec<Status>); 4] = [
            (
                ClauseKind::ExpensesClause,
                EXPENSES.words.iter().map(|w| w.status).collect(),
            ),
            (
                ClauseKind::Staff,
                STAFF.words.iter().map(|w| w.status).collect(),
            ),
            (
                ClauseKind::PoolStaff,
                STAFF.words.iter().map(|w| w.status).collect(),
            ),
            (
                ClauseKind::Official,
                OFFICIALS.words.iter().map(|w| w.status).collect(),
            ),
        ];
        for (kind, statuses) in single {
            assert!(statuses.iter().all(|s| *s == status(kind)), "{kind:?}");
        }
        assert_eq!(status(ClauseKind::ConductRule), Status::ByWord);
        assert_eq!(status(ClauseKind::RegistrationClause), Status::ByWord);
    }

    /// Keys are unique within a block: `get` would hide a second row.
    #[test]
    fn keys_are_unique() {
        let lists = [
            CONDUCT.keys(),
            REGISTRATION.keys(),
            EXPENSES.keys(),
            STAFF.keys(),
            OFFICIALS.keys(),
        ];
        for keys in lists {
            let set: std::collections::BTreeSet<_> = keys.iter().collect();
            assert_eq!(set.len(), keys.len(), "{keys:?}");
        }
    }
}
