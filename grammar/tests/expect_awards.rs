//! A scenario's `prize` expectation names awards as a prize line writes them, with or without
//! money; `in` after a bare `medal` starts the table's name, it is not the medal's metal.

use xqreg_grammar::ast::{Expect, Item, PrizeItem};
use xqreg_grammar::parse;

const SOURCE: &str = r#"test "奖品" {
  expect {
    prize a 3000 CNY trophy certificate
    prize b medal in overall
    prize c medal bronze item "纪念品" in overall
    prize d 100 CNY
  }
}
"#;

#[test]
fn prize_expectations_keep_their_awards_and_table() {
    let p = parse(SOURCE);
    assert!(p.errors.is_empty(), "{:#?}", p.errors);
    let Item::Test(t) = &p.file.items[0] else {
        panic!("a test block")
    };
    let got: Vec<(bool, Vec<String>, Option<&str>)> = t
        .expects
        .iter()
        .map(|e| match e {
            Expect::Prize {
                money,
                items,
                category,
                ..
            } => (
                money.is_some(),
                items.iter().map(word).collect(),
                category.as_ref().map(|c| c.node.as_str()),
            ),
            other => panic!("{other:?}"),
        })
        .collect();
    let s = |w: &[&str]| w.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    assert_eq!(
        got,
        [
            (true, s(&["trophy", "certificate"]), None),
            (false, s(&["medal"]), Some("overall")),
            (false, s(&["medal bronze", "纪念品"]), Some("overall")),
            (true, s(&[]), None),
        ]
    );
}

fn word(i: &PrizeItem) -> String {
    match i {
        PrizeItem::Trophy(_) => "trophy".into(),
        PrizeItem::Medal { metal: None, .. } => "medal".into(),
        PrizeItem::Medal { metal: Some(m), .. } => format!("medal {}", m.node),
        PrizeItem::Plaque(_) => "plaque".into(),
        PrizeItem::Certificate(_) => "certificate".into(),
        PrizeItem::Other(t) => t.zh.node.clone(),
    }
}
