//! Grades (段位) and school years (年级): a grade is 1 to 9 (E617), a school year 1 to 12
//! (E618), on a `player` line (of the entry, of a test's roster or a declared roster), in the
//! entry's `grade` condition and in a category's `grade` or `school_year` condition. The
//! roster's cells are read the same way (E803). An unknown id in a category's `players` list
//! is E109 (`unknown`).

use xqreg_grammar::ast::{self, CategoryCond, EntryClause, Item, PlayerAttr, PlayerDecl};
use xqreg_grammar::ast::{RosterDecl, Scenario, ScenarioRoster, SchoolYears, Spanned};

use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

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
            Item::Roster(RosterDecl { roster, .. })
            | Item::Test(Scenario {
                roster: Some(ScenarioRoster::Players { roster, .. }),
                ..
            }) => roster.players.iter().for_each(|p| player(p, diags)),
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
