//! What a seventh newcomer found writing five regulations from the docs alone (the files are
//! under `tests/suite/regulations/newcomer7_*.xqr`, each with its scenario tests) and running
//! them live: each finding shown fixed.

use crate::common::{assert_phrases, one_line, xqreg_on};

/// A juniors' prize by birth date beside an open Swiss (`category juniors { born 2010-01-01 .. }`,
/// as §8 writes 少年组) made every adult of the roster "born ...: inside no section" (R003):
/// any category by birth date was taken for an age section. Sections are the categories by
/// birth date a stage takes its players from; a prize category bars nobody.
#[test]
fn a_prize_category_by_birth_date_is_no_section() {
    let reg = r#"regulation "公开赛" {
  dates 2026-09-18 .. 2026-09-19
}
time standard "慢棋" { base 30min increment 10s flag loses }
entry { cap 20 }
category juniors "少年" { born 2010-01-01 .. }
stage main "积分编排" {
  swiss cxa rounds 3
  entrants roster
  time standard
  tiebreak opponents_score bye lowest_in_field, wins, lots
}
prizes juniors "少年奖" CNY { 1: 500 }
"#;
    let tmp = tempfile::tempdir().expect("tmp");
    let roster = tmp.path().join("roster.csv");
    std::fs::write(
        &roster,
        "id,name,born\na,甲,1970-01-01\nb,乙,1985-05-05\nc,丙,2011-03-03\nd,丁,2012-04-04\n",
    )
    .expect("writes");
    let roster = roster.to_string_lossy().to_string();
    let out = xqreg_on("simulate", reg, &["--roster", &roster]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_phrases(&text, &["juniors   1"], &["R003"]);
    // Sections a stage plays still refuse a birth date inside none of them.
    let sections = reg
        .replace("entrants roster", "entrants category juniors")
        .replace("prizes juniors", "prizes");
    let out = xqreg_on("simulate", &sections, &["--roster", &roster]);
    assert!(!out.status.success());
    let err = one_line(&String::from_utf8_lossy(&out.stderr));
    assert_phrases(&err, &["R003", "born 1970-01-01: inside no section"], &[]);
}
