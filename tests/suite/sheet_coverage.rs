//! Issue 9's sweep: every clause of the regression regulations and of the language reference's
//! checked blocks prints in zh and en (the constructs no example writes), and a knockout's rounds
//! carry one name in the schedule and the prize lines.

use xqreg::sheet::{self, Format, Lang, Source};

use super::{assert_covered, temp_path};
use crate::common::{assert_phrases, files_under, root};
use crate::loaded::load;

/// The regression regulations (`tests/scenarios/`, `tests/suite/regulations/`) hold the
/// constructs the examples do not use (a team Swiss, `lineup fixed`, a stage `cap` with its
/// order, `invite`, `host_player N when_odd`, odd and even numbers, `earlier_game`, ...): each
/// clause of each is printed in zh and en, as the examples' are.
#[test]
fn coverage_every_clause_of_every_regression_regulation_is_printed() {
    let mut files = files_under(&root().join("tests/scenarios"), "xqr");
    files.extend(files_under(&root().join("tests/suite/regulations"), "xqr"));
    let mut missing = Vec::new();
    let mut printed = 0;
    for p in &files {
        // A few are written with a check error on purpose (a roster test of a refusal).
        let Ok(l) = load(p) else { continue };
        printed += 1;
        let src = l.source();
        for lang in [Lang::Zh, Lang::En] {
            missing.extend(assert_covered(&l, &src, lang));
        }
    }
    assert!(
        printed >= 50,
        "the regression regulations print ({printed})"
    );
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// Every checked block of docs/language.md (one for each construct, `replacement next_in_line
/// until N` and `colour_balance K` among them, which no example writes) prints each of its
/// clauses in zh and en.
#[test]
fn coverage_every_clause_of_every_language_reference_block_is_printed() {
    let md = std::fs::read_to_string(root().join("docs/language.md")).expect("language.md");
    let dir = temp_path("docs_blocks");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut missing = Vec::new();
    let mut printed = 0;
    for (line, body) in crate::docs::xqr_blocks(&md) {
        let path = dir.join(format!("language_md_{line}.xqr"));
        std::fs::write(&path, &body).expect("writes the block");
        // Blocks that show a refusal do not check; the docs test says which may.
        let Ok(l) = load(&path) else { continue };
        printed += 1;
        let src = l.source();
        for lang in [Lang::Zh, Lang::En] {
            missing.extend(assert_covered(&l, &src, lang));
        }
    }
    assert!(printed >= 50, "the reference's blocks print ({printed})");
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// A knockout's rounds carry the same names in the schedule as in the prize lines, counted from
/// the end (四分之一决赛 / quarter-final), and a one-round knockout (the final itself) is its
/// title alone; a round-robin's rounds keep their numbers.
#[test]
fn schedule_names_knockout_rounds_as_the_prize_lines_do() {
    let text = r#"regulation "杯赛" en "Cup" {
  dates 2024-05-01 .. 2024-05-02
}
time rapid "快棋" en "Rapid" { base 15min increment 5s flag loses }
entry { field 8 }
stage cup "淘汰赛" en "Knockout" {
  knockout { seeded 8 seeding rating }
  entrants roster
  time rapid
  colours lot
  places 1..8
  playoff { lots }
}
stage final "冠亚军决赛" en "Title match" {
  knockout { seeded 2 seeding rating }
  entrants cup#1..2
  time rapid
  colours lot
  playoff { lots }
}
prizes "奖金" CNY {
  eliminated cup round 1: 100 each
}
schedule {
  day 2024-05-01 { 09:00 round cup 1  14:00 round cup 2..3 }
  day 2024-05-02 { 09:00 round final 1 }
}
"#;
    let parsed = xqreg_grammar::parse(text);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    let checked = xqreg::check::check(&parsed.file).checked.file;
    let src = Source::from_checked(&checked, &parsed.file);
    let zh = sheet::render(&src, Lang::Zh, Format::Md)
        .expect("renders")
        .text;
    // Rounds are named, not numbered.
    assert_phrases(
        &zh,
        &[
            "| 09:00 | 淘汰赛四分之一决赛 |",
            "| 14:00 | 淘汰赛半决赛、决赛 |",
            "| 09:00 | 冠亚军决赛 |",
            "四分之一决赛负者各100元",
        ],
        &["第一轮"],
    );
    let en = sheet::render(&src, Lang::En, Format::Md)
        .expect("renders")
        .text;
    assert_phrases(
        &en,
        &[
            "| 09:00 | Knockout, quarter-final |",
            "| 14:00 | Knockout, semi-final, final |",
            "| 09:00 | Title match |",
            "quarter-final losers",
        ],
        &[],
    );
}
