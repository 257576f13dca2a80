//! R002: an id given twice, or two ids a person reads as one (`P001` or `ｐ００１` typed for
//! `p001`), which a results or line-up row could mean either of.

use crate::engine::problem::{codes, RuntimeProblem};
use crate::plan::Origin;

/// An id as a person reads it: lower case, full-width forms (typed with a Chinese input method)
/// as their ASCII letters and digits.
pub fn folded(id: &str) -> String {
    id.chars()
        .map(|c| match u32::from(c) {
            0xFF01..=0xFF5E => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
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
            "id `{id}` differs from `{first_id}` (line {first}) only in case or full-width letters"
        ),
        origin,
    )
    .zh(format!(
        "编号 `{id}` 与 `{first_id}`（第 {first} 行）仅有大小写或全角半角之别"
    ))
}

#[cfg(test)]
mod tests {
    #[test]
    fn case_and_width_fold_and_nothing_else_does() {
        assert_eq!(super::folded("ｐ００１"), "p001");
        assert_eq!(super::folded("P001"), "p001");
        assert_eq!(super::folded("许银川"), "许银川");
        assert_ne!(super::folded("p001"), super::folded("p01"));
    }
}
