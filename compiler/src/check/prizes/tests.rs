#[test]
fn fixtures() {
    super::super::testing::fixtures(super::CODES);
}

use super::super::testing::{assert_codes, codes, codes_with_base as with, BASE, HEAD};

#[test]
fn total_message_gives_both_numbers() {
    let (got, lines) =
        with("prizes \"奖金\" CNY {\n  1: 3000\n  2: 2000\n  3..4: 500 each\n  total 6500\n}\n");
    assert_eq!(got, ["E503"], "{lines}");
    assert!(lines.contains("6500") && lines.contains("6000"), "{lines}");
    assert!(lines.contains("`total 6000`"), "{lines}");
}

#[test]
fn seed_004_table_adds_up() {
    let text = BASE
        .replace("field 8", "field 16")
        .replace("size 8", "size 16")
        .replace("places 1..8", "places 1..16");
    // A round robin of 16 plays 15 rounds: only the table is under test here.
    let text = text.replace("  14:00 round main 7", "  14:00 round main 7..15");
    let (got, lines) = codes(&format!(
            "{text}prizes \"奖金\" CNY after_tax {{\n  1: 80000\n  2: 40000\n  3: 30000\n  4: 20000\n  5: 10000\n  6: 8000\n  7: 5000\n  8: 3000\n  9..16: 1000 each\n  total 204000\n}}\n"
        ));
    assert!(
        !got.iter()
            .any(|c| c.starts_with("E5") || c.starts_with("W5")),
        "{lines}"
    );
}

#[test]
fn eliminated_round_prizes_count_the_losers() {
    let cup = [
        HEAD,
        r#"entry {
  field 6
}
stage cup "淘汰赛" {
  entrants roster
  knockout { seeded 8  seeding order  byes top_seeds }
  time standard
  colours lot
  playoff { armageddon armageddon colours lot }
}
schedule {
  day 2014-04-27 { 08:30 round cup 1  14:00 round cup 2 }
  day 2014-04-28 { 08:30 round cup 3 }
}
"#,
    ]
    .concat();
    // Six players in a bracket of eight: two byes, so round 1 has 2 losers, round 2 has 2.
    let table = "prizes \"奖金\" CNY {\n  1: 1000\n  2: 500\n  eliminated cup round 1: 100 each\n  eliminated cup round 2: 200 each\n  total 2100\n}\n";
    let (got, lines) = codes(&format!("{cup}{table}"));
    assert!(!got.contains(&"E503".to_string()), "{lines}");
    let wrong = table.replace("total 2100", "total 2300");
    let (got, lines) = codes(&format!("{cup}{wrong}"));
    assert!(got.contains(&"E503".to_string()), "{lines}");
    assert!(lines.contains("add up to 2100"), "{lines}");
}

#[test]
fn item_lines_may_cover_paid_places() {
    let (got, lines) = with(
            "prizes \"奖金\" CNY {\n  1: 3000\n  2: 2000\n  3: 1000\n  1..3: trophy\n  1..8: certificate\n}\n",
        );
    assert!(got.is_empty(), "{lines}");
}

#[test]
fn equal_amounts_down_the_table_do_not_rise() {
    let (got, lines) =
        with("prizes \"奖金\" CNY {\n  1: 3000\n  2: 1000\n  3: 1000\n  4..8: 1000 each\n}\n");
    assert!(got.is_empty(), "{lines}");
}

#[test]
fn other_currency_lines_are_not_compared_for_rises() {
    let (got, lines) = with("prizes \"奖金\" CNY {\n  1: 3000\n  2: 2000\n  3: 5000 HKD\n}\n");
    assert!(got.is_empty(), "{lines}");
}

#[test]
fn english_notes_only_for_files_written_in_english() {
    let (got, lines) = with("prizes \"奖金\" CNY {\n  1: 3000\n}\n");
    assert!(!got.contains(&"N501".to_string()), "{lines}");
}

/// A prize table that could not be read has unknown money: the prize fund is not compared
/// with the tables that could (no E519 after the table's own syntax error).
#[test]
fn a_broken_prize_table_leaves_the_fund_unchecked() {
    let text = BASE.replacen(
        "  dates 2014-04-27 .. 2014-04-29\n",
        "  dates 2014-04-27 .. 2014-04-29\n  prize_fund 16000 CNY\n",
        1,
    );
    let broken = format!("{text}prizes \"奖金\" CNY {{\n  1: 1万\n  2: 6000\n}}\n");
    assert_codes(&broken, &["syntax"]);
    let read = format!("{text}prizes \"奖金\" CNY {{\n  1: 9000\n  2: 6000\n}}\n");
    assert_codes(&read, &["E519"]);
}

/// A board prize table pays its lines on every board: two boards of 300 + 100 are 800.
#[test]
fn a_prize_fund_counts_board_prizes_once_per_board() {
    let text = include_str!("../../../../tests/scenarios/board_prizes.xqr");
    let fund = |n: u32| {
        text.replace(
            "  event team\n",
            &format!("  event team\n  prize_fund {n} CNY\n"),
        )
    };
    let (got, lines) = codes(&fund(800));
    assert!(!got.iter().any(|c| c == "E519"), "{lines}");
    assert_codes(&fund(400), &["E519"]);
}
