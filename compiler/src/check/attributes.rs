//! Grades (段位) and school years (年级): a grade is 1 to 9 (E617), a school year 1 to 12
//! (E618), on a `player` line (of the entry, of a test's roster or a declared roster), in the
//! entry's `grade` condition and in a category's `grade` or `school_year` condition. The
//! roster's cells are read the same way (E803). An unknown id in a category's `players` list
//! is E109 (`unknown`).

use xqreg_grammar::ast::{self, CategoryCond, EntryClause, Item, PlayerAttr, PlayerDecl};
use xqreg_grammar::ast::{ScenarioRoster, SchoolYears, Spanned};

use super::names::code;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E617, "E617", "grade-out-of-range", Error,
    Template::new("A grade (段位) is a whole number from 1 to 9 (一段 to 九段), on a player and in a condition alike; any other number names no grade, and a condition on it would admit everyone or nobody.",
        "段位是 1 至 9 的整数（一段至九段），棋手的段位和条件中的段位都是如此；其他数字不是段位，以其为条件等于人人符合或无人符合。"),
    "category high { grade >= 10 }",
    Template::new("Write a grade from 1 to 9: `grade >= 7`.", "写 1 至 9 的段位，例如 `grade >= 7`。"));

code!(E618, "E618", "school-year-out-of-range", Error,
    Template::new("A school year (年级) is a whole number from 1 to 12: 1 to 6 primary, 7 to 9 junior middle, 10 to 12 senior middle school. Any other number names no school year.",
        "年级是 1 至 12 的整数：1 至 6 为小学，7 至 9 为初中，10 至 12 为高中。其他数字不是年级。"),
    "category juniors { school_year 0..6 }",
    Template::new("Write school years from 1 to 12: `school_year 1..6`.", "写 1 至 12 的年级，例如 `school_year 1..6`。"));

pub const CODES: &[&Code] = &[&E617, &E618];

// The message catalogue of this module: compiler/messages/check/attributes.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/attributes.rs"));

fn within(n: &Spanned<u32>, most: u32, report: &Report, diags: &mut Diagnostics) {
    if !(1..=most).contains(&n.node) {
        diags.push(report.at(n.span, &[("n", &n.node.to_string())]));
    }
}

fn player(p: &PlayerDecl, diags: &mut Diagnostics) {
    for a in &p.attrs {
        match a {
            PlayerAttr::Grade(n) => within(n, 9, &GRADE, diags),
            PlayerAttr::SchoolYear(n) => within(n, 12, &SCHOOL_YEAR, diags),
            PlayerAttr::Qualified(n) if n.node == 0 => {
                diags.push(super::pool_rules::PLACE_ZERO.at(n.span, &[]));
            }
            _ => {}
        }
    }
}

fn condition(c: &CategoryCond, diags: &mut Diagnostics) {
    match c {
        CategoryCond::Grade { grade, .. } => within(grade, 9, &GRADE, diags),
        CategoryCond::SchoolYear { years, .. } => match years {
            SchoolYears::Range { from, to } => {
                within(from, 12, &SCHOOL_YEAR, diags);
                within(to, 12, &SCHOOL_YEAR, diags);
            }
            SchoolYears::Compare { year, .. } => within(year, 12, &SCHOOL_YEAR, diags),
        },
        _ => {}
    }
}

pub fn check(file: &ast::File, diags: &mut Diagnostics) {
    for item in &file.items {
        match item {
            Item::Entry(e) => {
                for c in &e.clauses {
                    match c {
                        EntryClause::Player(p) => player(p, diags),
                        EntryClause::Grade { grade, .. } => within(grade, 9, &GRADE, diags),
                        _ => {}
                    }
                }
            }
            Item::Category(c) => c.conditions.iter().for_each(|c| condition(c, diags)),
            Item::Roster(r) => r.players.iter().for_each(|p| player(p, diags)),
            Item::Test(s) => {
                if let Some(ScenarioRoster::Players { players, .. }) = &s.roster {
                    players.iter().for_each(|p| player(p, diags));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn fixtures() {
        super::super::testing::fixtures(super::CODES);
    }
}
