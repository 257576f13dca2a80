//! A scenario test names a stage by its id or by its title in quotes (`"Group stage"`): every
//! line that names a stage takes either, the title's value (without its quotes) as the stage's
//! name, at the quoted string's span. Before, a stage was one word only: a title of two words
//! could not be written.

use xqreg_grammar::ast::*;
use xqreg_grammar::parse;

const SOURCE: &str = r#"test "t" {
  draw { "Group stage": a2 a1 }
  results {
    "Group stage" 1: a1 - a2 1-0
    withdraw a3 after "Group stage" 2
    lineup t1 "Team stage" 2: a1 a2
    rest draws
  }
  expect {
    rounds "Group stage" 3
    group_place "Group stage" 1 a1
    decided_by "Final match" armageddon
  }
}
"#;

#[test]
fn every_stage_of_a_scenario_may_be_a_quoted_title() {
    let parsed = parse(SOURCE);
    assert!(parsed.errors.is_empty(), "errors: {:#?}", parsed.errors);
    let Some(Item::Test(t)) = parsed.file.items.first() else {
        panic!("a test block")
    };
    let quoted = |s: &Ident| SOURCE.get(s.span.range()).map(str::to_string);
    let mut stages: Vec<(&str, Option<String>)> = Vec::new();
    for d in &t.draws {
        let ids: Vec<&str> = d.players.iter().map(|p| p.node.as_str()).collect();
        assert_eq!(ids, ["a2", "a1"]);
        stages.push((d.stage.node.as_str(), quoted(&d.stage)));
    }
    for line in &t.results {
        match line {
            ResultLine::Games { stage, .. } | ResultLine::Withdraw { stage, .. } => {
                stages.push((stage.node.as_str(), quoted(stage)));
            }
            ResultLine::Lineup { stage, players, .. } => {
                stages.push((stage.node.as_str(), quoted(stage)));
                let ids: Vec<&str> = players.iter().map(|p| p.node.as_str()).collect();
                assert_eq!(ids, ["a1", "a2"]);
            }
            _ => {}
        }
    }
    for e in &t.expects {
        match e {
            Expect::Rounds { stage, .. } | Expect::DecidedBy { stage, .. } => {
                stages.push((stage.node.as_str(), quoted(stage)));
            }
            Expect::StagePlace {
                stage,
                group: None,
                player,
                ..
            } => {
                assert_eq!(player.node, "a1");
                stages.push((stage.node.as_str(), quoted(stage)));
            }
            _ => {}
        }
    }
    let group = Some("\"Group stage\"".to_string());
    assert_eq!(
        stages,
        [
            ("Group stage", group.clone()),
            ("Group stage", group.clone()),
            ("Group stage", group.clone()),
            ("Team stage", Some("\"Team stage\"".to_string())),
            ("Group stage", group.clone()),
            ("Group stage", group),
            ("Final match", Some("\"Final match\"".to_string())),
        ]
    );
}
