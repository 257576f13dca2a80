#[test]
fn fixtures() {
    super::super::testing::fixtures(super::CODES);
}

use super::super::testing::{assert_codes, cup_stage, group_stage, head_with_field, BASE};

#[test]
fn each_game_of_a_mini_match_may_have_its_slot() {
    let text = head_with_field(4)
        + &cup_stage("playoff { armageddon armageddon colours lot }")
        + r#"schedule {
  day 2014-04-27 { 08:30 round cup 1  14:00 round cup 1 }
  day 2014-04-28 { 08:30 round cup 2  14:00 round cup 2 }
}
"#;
    assert_codes(&text, &[]);
    let third = text.replace(
        "day 2014-04-28 { 08:30 round cup 2",
        "day 2014-04-28 { 07:00 round cup 1  08:30 round cup 2",
    );
    assert_codes(&third, &["E607"]);
}

#[test]
fn two_rounds_in_one_slot_share_it() {
    // Seed 001: R1-R2 09:30-12:30 under 30min + 10s (80 minutes a game at most).
    let text = BASE
        .replace("base 20min  increment 20s", "base 30min  increment 10s")
        .replace(
            "day 2014-04-27 { 08:30 round main 1  14:00 round main 2 }",
            "day 2014-04-27 { 09:30-12:30 round main 1..2 }",
        );
    assert_codes(&text, &[]);
    let tight = text.replace("09:30-12:30 round main 1..2", "09:30-11:30 round main 1..2");
    assert_codes(&tight, &["W602"]);
}

#[test]
fn arrival_the_day_before_is_inside_but_two_days_before_is_not() {
    let arrival = |day: &str| {
        BASE.replace(
            "schedule {\n",
            &format!("schedule {{\n  day {day} {{ 19:00 arrival \"报到\" }}\n"),
        )
    };
    assert_codes(&arrival("2014-04-26"), &[]);
    assert_codes(&arrival("2014-04-25"), &["E606"]);
}

#[test]
fn a_stage_before_its_source_ends_is_out_of_order() {
    let text = head_with_field(8)
        + &group_stage("A B")
        + r#"stage final "决赛" {
  knockout { bracket (groups.A#1 v groups.B#2) (groups.B#1 v groups.A#2)  third_place }
  places 1..4
  time standard
  colours lot
  playoff { armageddon armageddon colours lot }
}
places 5..8 shared groups.*#3..4
schedule {
  day 2014-04-27 { 08:30 round groups 1  14:00 round groups 2 }
  day 2014-04-28 { 08:30 round final 1  14:00 round groups 3 }
  day 2014-04-29 { 08:30 round final 2 }
}
"#;
    let lines = assert_codes(&text, &["E605"]);
    assert!(
        lines.contains("starts before the round of `groups` that decides its entrants"),
        "{lines}"
    );
}
