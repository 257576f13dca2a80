//! What an eighth newcomer found writing five regulations from the docs alone (the files are
//! under `tests/suite/regulations/newcomer8_*.xqr`) and running them live: each finding shown
//! fixed.

use crate::common::{assert_phrases, xqreg, xqreg_ok, xqreg_on};

const COUNTY: &str = "tests/suite/regulations/newcomer8_county.xqr";
const MASTERS_CUP: &str = "tests/suite/regulations/newcomer8_masters_cup.xqr";
const CITY_LEAGUE: &str = "tests/suite/regulations/newcomer8_city_league.xqr";
const INVITATIONAL: &str = "tests/suite/regulations/newcomer8_invitational.xqr";
const SCHOOLS: &str = "tests/suite/regulations/newcomer8_schools.xqr";

/// Every regulation checks without an error or a warning, in Chinese and in English, and its
/// scenario tests pass.
#[test]
fn each_regulation_checks_clean_and_its_scenarios_pass() {
    for file in [COUNTY, MASTERS_CUP, CITY_LEAGUE, INVITATIONAL, SCHOOLS] {
        for lang in ["en", "zh"] {
            let out = xqreg(&["check", "--format", "plain", "--lang", lang, file]);
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{file}: {text}");
        }
        let out = xqreg(&["check", "--format", "plain", file]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_phrases(&text, &["0 errors, 0 warnings"], &[]);
        let ran = xqreg_ok(&["test", file]);
        assert_phrases(&ran, &[" passed, 0 failed"], &["FAIL"]);
    }
}

/// The Markdown sheet of `file` in `lang` says every phrase of `present` and none of `absent`.
fn sheet_says(file: &str, lang: &str, present: &[&str], absent: &[&str]) {
    let sheet = xqreg_ok(&["sheet", file, "--lang", lang, "--format", "md"]);
    assert_phrases(&sheet, present, absent);
}

/// A conduct rule written as a text (`score_sheets "慢棋须记录着法，快棋及超快棋不记录"`,
/// `knocked_pieces "碰倒两子及以上判负" in rapid, ...`): the sheet printed the heading
/// （五）记录 and dropped the text, and poured the knocked-pieces text into the number's place of
/// its phrase (碰乱碰倒两子及以上判负个及以上棋子). A text is printed as written.
#[test]
fn a_conduct_rule_written_as_a_text_is_printed_as_written() {
    sheet_says(
        MASTERS_CUP,
        "zh",
        &[
            "（五）记录：慢棋须记录着法，快棋及超快棋不记录。",
            "（三）碰乱棋子：快棋、超快棋、加赛超快棋比赛中：碰倒两子及以上判负。",
        ],
        &["个及以上棋子"],
    );
    sheet_says(
        MASTERS_CUP,
        "en",
        &[
            "Score sheets: Standard games are recorded; rapid and blitz games are not.",
            "knocking over two or more pieces loses.",
        ],
        &[],
    );
    // A number still fills the phrase.
    let reg = "regulation \"示例赛\" {\n}\n\nconduct {\n  knocked_pieces 2 loss\n}\n";
    let out = xqreg_on("sheet", reg, &["--lang", "zh", "--format", "md"]);
    assert_phrases(
        &String::from_utf8_lossy(&out.stdout),
        &["碰乱2个及以上棋子"],
        &[],
    );
}
