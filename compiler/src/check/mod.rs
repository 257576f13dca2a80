//! Name resolution and the checks of LANGUAGE.md, one module per domain. Each module owns its
//! diagnostic codes (`CODES`) and the messages beside the check that raises them.
//!
//! [`check`] takes a parsed file and returns a [`Checked`] model (the effective file with
//! supplements applied, the record of what each supplement changed, and [`facts::Facts`] about
//! stages) together with every diagnostic found. Every check gets a [`Ctx`] and pushes into one
//! [`Diagnostics`]; a check skips what another already reported (an unknown stage is reported
//! once, by `names`, and never again by the checks that follow its references).

pub mod attributes;
pub mod avoid_until;
pub mod board_prizes;
pub mod brackets;
pub mod byes;
pub mod conduct;
pub mod contract;
pub mod criteria;
pub mod draws;
pub mod entries_table;
pub mod facts;
pub mod first_round;
pub mod fitness;
pub mod late_entry;
pub mod lineup;
pub mod only_if_tied;
pub mod quota_ties;
pub mod twice;

pub mod host;
mod ko_seeds;
pub mod limits;
pub mod names;
pub mod open_values;
pub mod parity;
pub mod playoffs;
mod pool_rules;
pub mod quotas;
pub mod rankings;
pub mod refs;
pub mod replacement;
pub mod resolve;
pub mod scoring;
pub mod sizes;
mod stage_caps;
pub mod stages;
pub mod suggest;
pub mod team_knockout;
pub mod teams;
pub mod tiebreaks;
pub mod time;
pub mod unknown;
pub mod words;

// checker B: modules below
pub mod categories;
pub mod entry;
pub mod places;
pub mod prizes;
pub mod scenarios;
pub mod schedule;
pub mod supplements;
// checker B: modules above

use xqreg_grammar::ast::{self, Date, Item, Spanned, Text};
use xqreg_grammar::Span;

/// The checks' reports are the diagnostics' one catalogue entry type.
pub use crate::diagnostics::Report;
use crate::diagnostics::{Code, Diagnostics};
pub use facts::{Facts, FormatKind, StageFacts};
pub use resolve::Scope;

/// What every check sees: the effective file, its symbol tables and the derived facts.
pub struct Ctx<'a> {
    pub file: &'a ast::File,
    pub scope: &'a Scope<'a>,
    pub facts: &'a Facts,
}

/// What a supplement did to one item of the base regulation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Change {
    /// A new item (a name the base does not declare, or an unnamed clause).
    Added,
    /// `override`: it replaces the base item of the same kind and name.
    Overrode,
}

/// One item of a supplement.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SupplementChange {
    pub change: Change,
    /// The item's keyword (`stage`, `time`, `note`, ...).
    pub kind: &'static str,
    /// Its name, for named items.
    pub name: Option<String>,
    pub span: Span,
}

/// A dated supplement and what it changed, for the sheet and the plan's origins.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SupplementRecord {
    pub title: Text,
    pub date: Option<Spanned<Date>>,
    pub changes: Vec<SupplementChange>,
    pub span: Span,
}

use serde::Serialize;

/// The checked model: what the plan compiler and the rule-sheet printer consume.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The effective file: the base regulation with its supplements applied.
    pub file: ast::File,
    /// Each supplement in source order with what it added or overrode.
    pub supplements: Vec<SupplementRecord>,
    /// Stage order, entrants, groups, rounds and decided places, counted with the simulated
    /// field size (`assume field` included) for the plan; the checks count declared sizes.
    pub facts: Facts,
}

impl Checked {
    /// The symbol tables of the effective file (cheap to build; borrows the file).
    pub fn scope(&self) -> Scope<'_> {
        Scope::build(&self.file)
    }
}

/// The result of checking one file.
#[derive(Debug)]
pub struct CheckOutput {
    pub checked: Checked,
    pub diagnostics: Diagnostics,
}

/// Check a parsed file: resolve names, prove what LANGUAGE.md asks, and build the checked model.
/// Never panics; every problem is a diagnostic.
pub fn check(file: &ast::File) -> CheckOutput {
    let mut diags = Diagnostics::default();
    let supplements = record_supplements(file);

    // checker B: supplements below (replace the next line with `supplements::apply`)
    let effective = supplements::apply(file, &mut diags);
    // checker B: supplements above

    let scope = Scope::build(&effective);
    // The official checks count what the regulation declares; `assume field` sizes only the
    // simulation, so the plan is lowered from facts that include it.
    let official = Facts::build(&effective, &scope, facts::Sizes::Declared);
    let facts = Facts::build(&effective, &scope, facts::Sizes::Simulated);
    {
        let ctx = Ctx {
            file: &effective,
            scope: &scope,
            facts: &official,
        };
        names::check(&ctx, &mut diags);
        unknown::check(&ctx, &mut diags);
        words::check(&ctx, &mut diags);
        contract::check(&ctx, &mut diags);
        stages::check(&ctx, &mut diags);
        refs::check(&ctx, &mut diags);
        brackets::check(&ctx, &mut diags);
        first_round::check(&ctx, &mut diags);
        only_if_tied::check(&ctx, &mut diags);
        conduct::check(&effective, &mut diags);
        twice::check(&effective, &mut diags);
        entries_table::check(&ctx, &mut diags);
        open_values::check(&ctx, &mut diags);
        late_entry::check(&ctx, &mut diags);
        avoid_until::check(&ctx, &mut diags);
        byes::check(&ctx, &mut diags);
        lineup::check(&ctx, &mut diags);
        quotas::check(ctx.file, &mut diags);
        stage_caps::check(&ctx, &mut diags);
        attributes::check(ctx.file, &mut diags);
        host::check(ctx.file, &mut diags);
        pool_rules::check(ctx.file, &mut diags);
        replacement::check(ctx.file, &mut diags);
        ko_seeds::check(&ctx, &mut diags);
        parity::check(&ctx, &mut diags);
        draws::check(&ctx, &mut diags);
        time::check(&ctx, &mut diags);
        playoffs::check(&ctx, &mut diags);
        scoring::check(&ctx, &mut diags);
        tiebreaks::check(&ctx, &mut diags);
        teams::check(&ctx, &mut diags);
        team_knockout::check(&ctx, &mut diags);
        limits::check(&ctx, &mut diags);
        sizes::check(&ctx, &mut diags);
        rankings::check(&ctx, &mut diags);
        board_prizes::check(&ctx, &mut diags);
        // checker B: calls below
        entry::check(&ctx, &mut diags);
        categories::check(&ctx, &mut diags);
        places::check(&ctx, &mut diags);
        quota_ties::check(&ctx, &mut diags);
        prizes::check(&ctx, &mut diags);
        schedule::check(&ctx, &mut diags);
        scenarios::check(&ctx, &mut diags);
        // checker B: calls above
    }
    drop(scope);
    CheckOutput {
        checked: Checked {
            file: effective,
            supplements,
            facts,
        },
        diagnostics: diags,
    }
}

/// Check a parse result: like [`check`], but a run of text the parser could not place in any
/// block (an unknown or misspelt block keyword, E003) counts as a broken block, so that the
/// checker does not also report the header or a name that text may have declared.
pub fn check_parsed(parsed: &xqreg_grammar::Parsed) -> CheckOutput {
    let unplaced: Vec<Span> = parsed
        .errors
        .iter()
        .filter(|e| matches!(e.kind, xqreg_grammar::SyntaxErrorKind::UnknownBlock { .. }))
        .map(|e| e.span)
        .collect();
    if unplaced.is_empty() {
        return check(&parsed.file);
    }
    let mut file = parsed.file.clone();
    file.items.extend(unplaced.into_iter().map(Item::Broken));
    check(&file)
}

/// Every check code, sorted by code.
pub fn codes() -> Vec<&'static Code> {
    let mut all: Vec<&'static Code> = Vec::new();
    for list in [
        names::CODES,
        contract::CODES,
        limits::CODES,
        sizes::CODES,
        rankings::CODES,
        board_prizes::CODES,
        unknown::CODES,
        stages::CODES,
        refs::CODES,
        brackets::CODES,
        first_round::CODES,
        only_if_tied::CODES,
        conduct::CODES,
        twice::CODES,
        entries_table::CODES,
        open_values::CODES,
        late_entry::CODES,
        avoid_until::CODES,
        byes::CODES,
        lineup::CODES,
        quotas::CODES,
        stage_caps::CODES,
        pool_rules::CODES,
        replacement::CODES,
        ko_seeds::CODES,
        attributes::CODES,
        host::CODES,
        parity::CODES,
        draws::CODES,
        time::CODES,
        playoffs::CODES,
        scoring::CODES,
        tiebreaks::CODES,
        teams::CODES,
        team_knockout::CODES,
        fitness::CODES,
        words::CODES,
        // checker B: codes below
        entry::CODES,
        categories::CODES,
        places::CODES,
        quota_ties::CODES,
        prizes::CODES,
        schedule::CODES,
        supplements::CODES,
        scenarios::CODES,
        // checker B: codes above
    ] {
        all.extend_from_slice(list);
    }
    all.sort_by_key(|c| c.code);
    all
}

fn record_supplements(file: &ast::File) -> Vec<SupplementRecord> {
    supplements::supplements(file)
        .map(|(_, s)| SupplementRecord {
            title: s.title.clone(),
            date: s.date.clone(),
            changes: s
                .items
                .iter()
                .map(|si| {
                    let key = supplements::key(&si.item);
                    SupplementChange {
                        change: if si.override_kw.is_some() {
                            Change::Overrode
                        } else {
                            Change::Added
                        },
                        kind: key.kind(),
                        name: key.record_name(),
                        span: si.span,
                    }
                })
                .collect(),
            span: s.span,
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
