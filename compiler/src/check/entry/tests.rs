#[test]
fn fixtures() {
    super::super::testing::fixtures(super::CODES);
}

use super::super::testing::{assert_codes, codes, BASE};

/// [`BASE`] with `entry` lines in place of its `field 8` line.
fn with_entry(entry: &str) -> String {
    BASE.replace("  field 8\n", entry)
}

#[test]
fn pools_that_add_up_are_clean() {
    let text = with_entry("  field 8\n  pool champions 4 \"冠军\"\n  pool invited 4 \"特邀\"\n");
    assert_codes(&text, &[]);
}

#[test]
fn title_and_age_conditions() {
    let text = with_entry(
        "  field 8\n  title >= master\n  age >= 16\n  age >= 65 requires \"健康证明\"\n  \
             player a \"甲\" { title grandmaster born 1960-05-01 }\n  \
             player b \"乙\" { title national_master born 1990-01-01 }\n  \
             player c \"丙\" { title master born 2000-01-01 }\n",
    );
    let lines = assert_codes(&text, &["E612"]);
    // b fails the title, c is 14 on the first day; a (65+) only needs a certificate.
    assert_eq!(lines.matches("E612").count(), 2, "{lines}");
}

#[test]
fn birth_dates_are_checked_against_sections_only() {
    let sections = BASE
            .replace("  entrants roster\n", "  entrants category open\n")
            .replace(
                "  field 8\n",
                "  field 8\n  player a \"甲\" { born 1950-05-01 }\n  player b \"乙\" { born 1980-05-01 }\n",
            )
            + "category open \"公开组\" { born 1956-01-01 .. 1999-12-31 }\n";
    let (got, lines) = codes(&sections);
    assert!(got.contains(&"E612".to_string()), "{lines}");
    assert_eq!(lines.matches("E612").count(), 1, "{lines}");
    // The same window as a prize category only: a veteran may simply win nothing there.
    let prize_only = sections.replace("  entrants category open\n", "  entrants roster\n");
    let (got, lines) = codes(&prize_only);
    assert!(!got.contains(&"E612".to_string()), "{lines}");
}

#[test]
fn open_field_with_assumption_is_quiet() {
    let text = with_entry("  field open\n  assume field 8 \"往届人数\"\n");
    assert_codes(&text, &[]);
}
