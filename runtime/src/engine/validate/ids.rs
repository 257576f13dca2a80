//! R002: an id given twice, or two ids a person reads as one (`P001` or `ｐ００１` typed for
//! `p001`), which a results or line-up row could mean either of.

use crate::engine::problem::{codes, RuntimeProblem};
use crate::engine::roster::Roster;
use crate::plan::Origin;
use unicode_normalization::UnicodeNormalization;

/// An id as a person reads it: lower case, full-width forms (typed with a Chinese input method)
/// as their ASCII letters and digits, without the characters nobody sees ([`invisible`]: a
/// zero-width space pasted from a web page, a direction mark), which `p001` and `p001\u{200B}`
/// would otherwise tell apart as two players, and in Unicode's canonical composition (NFC): `é`
/// typed as one code point and `e` followed by a combining acute (what a file saved on a Mac
/// often holds) display alike and are one id.
///
/// NFC, not NFKC: canonical equivalents are the same text by Unicode's definition and look
/// alike; compatibility forms mostly do not (`p₁`, `p¹`, `①` are seen as other than `p1`), and
/// the one compatibility family typing produces, full-width letters and digits, is folded here
/// already.
pub fn folded(id: &str) -> String {
    id.chars()
        .filter(|&c| !invisible(c))
        .map(|c| match u32::from(c) {
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .nfc()
        .collect()
}

/// A character that takes no room and shows nothing (Unicode's format characters and the other
/// default-ignorable ones: zero-width spaces and joiners, direction marks and overrides, the
/// soft hyphen, the byte-order mark, variation selectors, tags).
fn invisible(c: char) -> bool {
    matches!(u32::from(c),
        0xAD | 0x34F | 0x61C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE0FFF)
}

/// What to add to "`id` is not in the roster" when the roster has an id a person reads as `id`
/// (`P001` for `p001`, an accent encoded the other way): results, line-ups, fouls, withdrawals
/// and late entries name a player exactly as the roster writes it, so the row is refused, and
/// this says which id it was read as (English, Chinese; both empty when there is none).
pub fn as_the_roster_writes(roster: &Roster, id: &str) -> (String, String) {
    let want = folded(id);
    match roster.players.iter().find(|p| folded(&p.id) == want) {
        Some(p) => (
            format!(
                "; the roster writes `{}`, which differs only in case, full-width letters, invisible characters or how an accent is encoded: write the id as the roster does",
                p.id
            ),
            format!(
                "；名单中写作 `{}`，仅有大小写、全角半角、不可见字符或重音写法之别：请照名单书写编号",
                p.id
            ),
        ),
        None => (String::new(), String::new()),
    }
}

/// R002 for `id`, read as `first_id` (line `first`) was.
pub(super) fn repeated(id: &str, first_id: &str, first: u32, origin: &Origin) -> RuntimeProblem {
    if id == first_id {
        return RuntimeProblem::new(
            codes::DUPLICATE_ID,
            format!("duplicate id `{id}` (first on line {first})"),
            origin,
        )
        .zh(format!("编号 `{id}` 重复（首次出现在第 {first} 行）"));
    }
    RuntimeProblem::new(
        codes::DUPLICATE_ID,
        format!(
            "id `{id}` differs from `{first_id}` (line {first}) only in case, full-width letters, invisible characters or accents written in two ways"
        ),
        origin,
    )
    .zh(format!(
        "编号 `{id}` 与 `{first_id}`（第 {first} 行）仅有大小写、全角半角、不可见字符或重音写法之别"
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn case_width_invisible_characters_and_composition_fold_and_nothing_else_does() {
        assert_eq!(super::folded("ｐ００１"), "p001");
        assert_eq!(super::folded("P001"), "p001");
        assert_eq!(super::folded("许银川"), "许银川");
        assert_ne!(super::folded("p001"), super::folded("p01"));
        // Invisible characters are not read: one id to a person (R002 for the second).
        for seen_as_p001 in [
            "p001\u{200B}",
            "\u{FEFF}p001",
            "p0\u{200D}01",
            "\u{202E}P001",
        ] {
            assert_eq!(super::folded(seen_as_p001), "p001", "{seen_as_p001:?}");
        }
        // One accented letter or a letter and a combining accent: one id (NFC).
        assert_eq!(super::folded("jos\u{E9}"), super::folded("jose\u{301}"));
        assert_eq!(super::folded("JOSE\u{301}"), "jos\u{E9}");
        assert_eq!(super::folded("Ｅ\u{301}"), "\u{E9}");
        assert_ne!(super::folded("jos\u{E9}"), super::folded("jose"));
        assert_ne!(
            super::folded("p00\u{2081}"),
            "p001",
            "a subscript one is seen"
        );
    }
}
