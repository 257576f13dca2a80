//! Every diagnostic code of the project in one list: syntax codes, the checks' codes and the
//! codes of runtime input. `xqreg explain` and the documentation test read from here; a code that
//! is not listed here cannot be explained, so the suite fails for it.

use super::{syntax, Code};

/// Every registered code, sorted by code. Not deduplicated: a code registered twice is a bug
/// the registry test reports.
pub fn all_codes() -> Vec<&'static Code> {
    let mut all = syntax::codes();
    all.extend(crate::driver::check_codes());
    all.extend(crate::run::codes::codes());
    all.extend_from_slice(crate::sheet::english::CODES);
    all.extend_from_slice(crate::sheet::pdf::CODES);
    all.extend(crate::event::codes::codes());
    all.sort_by_key(|c| c.code);
    all
}

/// Codes raised only while running an event (R codes) or reading its roster and TRF input (E8):
/// their fixtures are roster or results files, not `.xqr` files, so the fixture test lists them
/// as pending instead of failing.
pub fn is_runtime_only(code: &Code) -> bool {
    code.code.starts_with('R')
        || code.code.starts_with("E8")
        || crate::run::codes::codes()
            .iter()
            .any(|c| c.code == code.code)
}

/// Find a code by its id (`E102`, `e102`) or its name (`unknown-time-control`).
pub fn lookup(query: &str) -> Option<&'static Code> {
    let q = query.trim();
    all_codes()
        .into_iter()
        .find(|c| c.code.eq_ignore_ascii_case(q) || c.name.eq_ignore_ascii_case(q))
}

/// Did-you-mean for an unknown code: the registered ids and names within a small edit distance.
///
/// The threshold is 1 edit for ids (a mistyped digit or two digits swapped: with a thousand
/// ids, two edits would name a dozen unrelated codes) and a third of the length for names, so
/// `unknown-time-contrl` finds `unknown-time-control` while unrelated words find nothing.
pub fn suggest(query: &str) -> Vec<&'static Code> {
    let q = query.trim().to_ascii_lowercase();
    let mut scored: Vec<(usize, &'static Code)> = all_codes()
        .into_iter()
        .filter_map(|c| {
            let by_id = strsim::damerau_levenshtein(&q, &c.code.to_ascii_lowercase());
            let by_name = strsim::damerau_levenshtein(&q, c.name);
            let ok_id = by_id <= 1 && q.len() >= 3;
            let ok_name = by_name <= (c.name.len() / 3).max(2);
            match (ok_id, ok_name) {
                (false, false) => None,
                _ => Some((by_id.min(by_name), c)),
            }
        })
        .collect();
    scored.sort_by_key(|(d, c)| (*d, c.code));
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_well_formed() {
        let all = all_codes();
        let mut ids: Vec<&str> = all.iter().map(|c| c.code).collect();
        let before = ids.len();
        ids.dedup();
        assert_eq!(before, ids.len(), "a code is registered twice");
        for c in &all {
            let mut chars = c.code.chars();
            let letter = chars.next();
            assert!(matches!(letter, Some('E' | 'W' | 'N' | 'R')), "{}", c.code);
            assert!(
                c.code.len() == 4 && chars.all(|d| d.is_ascii_digit()),
                "{}",
                c.code
            );
            assert!(
                c.name
                    .chars()
                    .all(|ch| ch.is_ascii_lowercase() || ch.is_ascii_digit() || ch == '-'),
                "{} name {} is not kebab-case",
                c.code,
                c.name
            );
        }
    }

    #[test]
    fn lookup_by_id_and_name_and_suggest() {
        assert_eq!(lookup("e001").map(|c| c.code), Some("E001"));
        assert_eq!(lookup("invalid-utf8").map(|c| c.code), Some("E001"));
        assert!(lookup("E999").is_none());
        assert!(suggest("invalid-utf").iter().any(|c| c.code == "E001"));
        assert!(suggest("completely unrelated words").is_empty());
        // One digit off is close; two digits off is another code, not a typo.
        assert!(suggest("E00l").iter().any(|c| c.code == "E001"));
        assert!(suggest("E978")
            .iter()
            .all(|c| { strsim::damerau_levenshtein("e978", &c.code.to_ascii_lowercase()) <= 1 }));
    }
}
