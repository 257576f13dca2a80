//! The print shop's proofreading of the sheets (examples, seeds and the newcomer scenarios in
//! zh and en): each item a proofreader marked, shown fixed in both languages.

use xqreg::sheet::Lang;

use super::sheet_says;
use crate::common::root;

fn scenario(name: &str) -> String {
    std::fs::read_to_string(root().join("tests/scenarios").join(name)).expect("the scenario reads")
}

/// A category that only a knockout's `seeds N category C` names is no section: no article
/// 组别设置 for it; the seeding says whom its seed numbers are reserved for.
#[test]
fn a_seeding_category_is_printed_at_the_seeding_not_as_a_section() {
    let cup = scenario("newcomer3_seeded_cup.xqr");
    sheet_says(
        &cup,
        Lang::Zh,
        &["第1至4号种子位留给种子选手（按种子顺序）"],
        &["组别设置", "种子：限种子选手"],
    );
    sheet_says(
        &cup,
        Lang::En,
        &["seeds 1 to 4 are reserved for Seeded players (in seeding order)"],
        &["Sections and categories", "Seeds: Seeded players only"],
    );
}

/// A category whose one condition is a sex does not answer its title with the same word
/// (`Women: Women only.`, 女子：限女子。): it says whom it is open to.
#[test]
fn a_category_of_one_sex_says_whom_it_is_open_to() {
    let teams = scenario("newcomer3_city_teams.xqr");
    sheet_says(
        &teams,
        Lang::Zh,
        &["（一）男子组：限男子棋手。", "（二）女子组：限女子棋手。"],
        &["男子组：限男子。", "女子组：限女子。"],
    );
    sheet_says(
        &teams,
        Lang::En,
        &[
            "(1) Men: Open to men only.",
            "(2) Women: Open to women only.",
        ],
        &["Men: Men only.", "Women: Women only."],
    );
}
