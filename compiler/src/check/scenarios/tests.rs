#[test]
fn fixtures() {
    super::super::testing::fixtures(super::CODES);
}

use super::super::testing::{codes, cup_stage, HEAD};

fn ko() -> String {
    [
        HEAD,
        r#"time blitz "超快棋" { base 5min  increment 3s  flag loses }
entry {
  field 4
  player p1 "一" {}
  player p2 "二" {}
  player p3 "三" {}
  player p4 "四" {}
}
"#,
        cup_stage(
            "playoff {\ngame blitz colours swap\ngame blitz colours swap\narmageddon armageddon colours lot\n  }",
        )
        .as_str(),
        r#"schedule {
  day 2014-04-27 { 08:30 round cup 1 }
  day 2014-04-28 { 08:30 round cup 2 }
}
"#,
    ]
    .concat()
}

#[test]
fn mini_matches_and_repeated_playoff_steps_are_not_duplicates() {
    let ko = ko();
    let text = format!(
        "{ko}test \"加赛\" {{\n  results {{\n    cup 1: p1 - p4 =, p4 - p1 =\n    \
         cup 1: playoff blitz: p1 - p4 =\n    cup 1: playoff blitz: p4 - p1 =\n    \
         cup 1: playoff armageddon: p1 - p4 =\n    rest draws\n  }}\n  expect {{\n    place 1 p4\n  }}\n}}\n"
    );
    let (got, lines) = codes(&text);
    assert!(!got.iter().any(|c| c.starts_with("E70")), "{lines}");
    // A third game of a two-game match is one too many.
    let text = text.replace(
        "p4 - p1 =\n    cup 1: playoff blitz",
        "p4 - p1 =, p1 - p4 1-0\n    cup 1: playoff blitz",
    );
    let (got, lines) = codes(&text);
    assert!(got.contains(&"E706".to_string()), "{lines}");
}

#[test]
fn regulation_players_need_no_roster_and_shared_places_agree() {
    let ko = ko();
    let text = format!(
        "{ko}test \"并列\" {{\n  results {{\n    rest draws\n  }}\n  expect {{\n    place 1 p1\n    \
         places 3..4 shared p3 p4\n    place 3 p3\n  }}\n}}\n"
    );
    let (got, lines) = codes(&text);
    assert!(!got.iter().any(|c| c.starts_with("E70")), "{lines}");
    let text = text.replace("place 3 p3", "place 2 p3");
    let (got, lines) = codes(&text);
    assert!(got.contains(&"E707".to_string()), "{lines}");
}

#[test]
fn a_round_beyond_the_bracket() {
    let ko = ko();
    let text = format!("{ko}test \"轮次\" {{\n  results {{\n    cup 3: p1 - p2 1-0\n  }}\n}}\n");
    let (got, lines) = codes(&text);
    assert!(got.contains(&"E705".to_string()), "{lines}");
}

/// Sections by category (a boys' and a girls' Swiss) each have their own place 1, so a test
/// expects the winner of each at place 1: no conflict. One player at two places still is.
#[test]
fn each_section_has_its_own_place_one() {
    let text = format!(
        r#"{HEAD}entry {{
  cap 20
}}
category boys "男子组" {{ sex men }}
category girls "女子组" {{ sex women }}
stage boys "男子组" {{
  swiss cxa rounds 3
  entrants category boys
  time standard
  avoid same_unit never
  tiebreak opponents_score bye zero, lots
}}
stage girls "女子组" {{
  same_as boys
  entrants category girls
}}
test "两组冠军" {{
  roster generated 16 seed 1
  expect {{
    place 1 b1
    place 1 g1
  }}
}}
"#
    );
    let (got, lines) = codes(&text);
    assert!(!got.contains(&"E707".to_string()), "{lines}");
    let text = text.replace("place 1 g1", "place 1 g1\n    place 2 b1");
    let (got, lines) = codes(&text);
    assert!(got.contains(&"E707".to_string()), "{lines}");
}
