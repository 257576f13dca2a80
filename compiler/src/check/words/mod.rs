//! Option words (E111): every position where the language accepts one word out of a closed set
//! (rulebook kind, event kind, colour rule, first-round method, Swiss system, sex, title, draw
//! order, tax, slot kind, ...). The sets are public so that later phases match the same words.
//!
//! The parser reads these positions as identifiers, so a misspelt word is a checked error with
//! the allowed list in its help, not a syntax error. The worded clauses (conduct, registration,
//! expenses, staff and officials' roles) are checked against the contract's word table
//! ([`crate::contract::words`]), the same rows the sheet phrases.

use xqreg_grammar::ast::{
    CategoryCond, ConductArg, DrawRule, EntryClause, Format, HeaderClause, Ident, Item,
    KnockoutClause, Numbers, Param, ParamValue, PlayerAttr, PlayoffChain, PlayoffRef, PlayoffStep,
    PoolSource, PrizeItem, SeedTier, SlotKind, Spanned, StageClause, TimeClause,
};

use super::{suggest, Ctx, Report};
use crate::contract::words::{
    conduct_words, Block, CONDUCT, EXPENSES, OFFICIALS, REGISTRATION, STAFF,
};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

mod sets;
pub use sets::*;

pub const CODES: &[&Code] = &[&E111, &E116];

// The message catalogue of this module: compiler/messages/check/words.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/words.rs"));

/// Report `id` unless it is one of the position's words. Returns whether it was allowed.
pub fn word(diags: &mut Diagnostics, id: &Ident, pos: &Position) -> bool {
    word_in(diags, id, pos.what, &pos.allowed())
}

/// Report `id` unless it is a word of the contract's word list `block` (conduct, registration,
/// expenses, staff, officials: the list the sheet phrases).
pub fn listed<P>(diags: &mut Diagnostics, id: &Ident, block: &'static Block<P>) -> bool {
    word_in(diags, id, block.what, &block.keys())
}

fn word_in(diags: &mut Diagnostics, id: &Ident, what: (&str, &str), allowed: &[&str]) -> bool {
    if allowed.contains(&id.node.as_str()) {
        return true;
    }
    // "an avoidance scope", "an event kind": the article follows the set's name.
    let a = if what.0.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    let mut d = UNKNOWN_WORD.at(
        id.span,
        &[
            ("word", &id.node),
            ("a", a),
            ("what", what.0),
            ("what_zh", what.1),
        ],
    );
    for h in suggest::help_for_word(&id.node, allowed) {
        d = d.with_help(h);
    }
    diags.push(d);
    false
}

fn staff(diags: &mut Diagnostics, roles: &[(Ident, Spanned<u32>)]) {
    for (role, _) in roles {
        listed(diags, role, &STAFF);
    }
}

fn params(
    diags: &mut Diagnostics,
    ps: &[Param],
    keys: &Position,
    value_of: impl Fn(&str) -> Option<&'static Position>,
) {
    for p in ps {
        if !word(diags, &p.key, keys) {
            continue;
        }
        // A setting with a closed set of words takes one of them; the others (`points`,
        // `max_consecutive`, ...) a whole number from 0. Any other value was dropped for the
        // default (`bye points banana` gave a bye 2 points) or run as written (`points -1`).
        let key = p.key.node.as_str();
        match (value_of(key), &p.value) {
            (Some(pos), ParamValue::Ident(v)) => {
                word(diags, v, pos);
            }
            (None, ParamValue::Int(n)) if n.node >= 0 => {}
            (Some(pos), v) => {
                let words = pos.allowed().join(", ");
                diags.push(SETTING_WORD.at(value_span(v), &[("key", key), ("words", &words)]));
            }
            (None, v) => diags.push(SETTING_NUMBER.at(value_span(v), &[("key", key)])),
        }
    }
}

fn value_span(v: &ParamValue) -> xqreg_grammar::Span {
    match v {
        ParamValue::Int(n) => n.span,
        ParamValue::Ident(i) => i.span,
        ParamValue::Bool(b) => b.span,
        ParamValue::Duration(d) => d.span,
    }
}

fn chain(diags: &mut Diagnostics, c: &PlayoffChain) {
    for step in &c.steps {
        match step {
            PlayoffStep::Game {
                colours: Some(c), ..
            }
            | PlayoffStep::Armageddon {
                colours: Some(c), ..
            } => {
                word(diags, c, &STEP_COLOURS);
            }
            _ => {}
        }
    }
}

fn stage_clause(diags: &mut Diagnostics, c: &StageClause) {
    match c {
        StageClause::Format(f) => format(diags, f),
        StageClause::Assume {
            value: xqreg_grammar::ast::AssumedValue::System(s),
            ..
        } => {
            word(diags, s, &SWISS_SYSTEM);
        }
        StageClause::Draw(d) => draw_rules(diags, &d.rules),
        StageClause::Numbers(n) => numbers(diags, n),
        StageClause::FirstRound {
            method,
            colours,
            first_board,
            ..
        } => {
            word(diags, method, &FIRST_ROUND);
            if let Some(c) = colours {
                word(diags, c, &FIRST_ROUND_COLOURS);
            }
            if let Some(b) = first_board {
                word(diags, b, &FIRST_BOARD);
            }
        }
        StageClause::Colours { rule, team, .. } => {
            word(diags, rule, &STAGE_COLOURS);
            if let Some(t) = team {
                word(diags, t, &TEAM_COLOURS);
            }
        }
        StageClause::Avoid { what, when, .. } => {
            word(diags, what, &AVOID_WHAT);
            // An unknown scope (`first5`) may be meant as the rounds `until` counts.
            if when.as_ref().is_some_and(|w| !word(diags, w, &AVOID_WHEN)) {
                if let Some(d) = diags.list.pop() {
                    diags.push(d.with_help(AVOID_UNTIL_TOO.plain()));
                }
            }
        }
        StageClause::ColourLimits { params: ps, .. } => {
            params(diags, ps, &COLOUR_LIMIT_KEYS, |_| None)
        }
        StageClause::ColourTie { rule, .. } => {
            word(diags, rule, &COLOUR_TIE);
        }
        StageClause::Bye { params: ps, .. } => params(diags, ps, &BYE_KEYS, |k| match k {
            "opponent_score" => Some(&BYE_OPPONENT_SCORE),
            "recipient" => Some(&BYE_RECIPIENT),
            _ => None,
        }),
        StageClause::ScoreSheets { rule, .. } => {
            word(diags, rule, &SCORE_SHEETS);
        }
        StageClause::LateEntry { missed, .. } => {
            word(diags, missed, &LATE_ENTRY_MISSED);
        }
        StageClause::Cap {
            order: Some(order), ..
        } => {
            word(diags, order, &CAP_ORDER);
        }
        StageClause::Lineup { mode, default, .. } => {
            word(diags, mode, &LINEUP_MODE);
            if let Some(d) = default {
                word(diags, d, &LINEUP_DEFAULT);
            }
        }
        StageClause::Playoff(PlayoffRef::Inline(c)) => chain(diags, c),
        _ => {}
    }
}

/// The closed words of a stage's format: cycles, the Swiss system, knockout seeding and byes.
fn format(diags: &mut Diagnostics, f: &Format) {
    match f {
        Format::RoundRobin { cycles, .. } | Format::TeamRoundRobin { cycles, .. } => {
            word(diags, cycles, &CYCLES);
        }
        // `swiss tbd`: the system is to be announced (`open_values`).
        Format::Swiss { system, .. } if system.node == "tbd" => {}
        Format::Swiss { system, .. } => {
            word(diags, system, &SWISS_SYSTEM);
        }
        Format::Knockout(k) => {
            for kc in &k.clauses {
                if let KnockoutClause::Seeding { rule, .. } = kc {
                    word(diags, rule, &KO_SEEDING);
                } else if let KnockoutClause::Byes { rule, .. } = kc {
                    word(diags, rule, &KO_BYES);
                }
            }
        }
        Format::SamePlace { .. } => {}
    }
}

/// The closed words of a draw block's rules.
fn draw_rules(diags: &mut Diagnostics, rules: &[DrawRule]) {
    for r in rules {
        let closed = match r {
            DrawRule::PoolQuota { order: Some(o), .. } => Some((o, &DRAW_ORDER)),
            DrawRule::Rest { rule, .. } => Some((rule, &DRAW_REST)),
            DrawRule::Avoid { what, .. } => Some((what, &AVOID_WHAT)),
            DrawRule::Numbers { rule, .. } => Some((rule, &NUMBERS)),
            _ => None,
        };
        if let Some((w, position)) = closed {
            word(diags, w, position);
        }
    }
}

/// The closed words of a `numbers` clause: the rule, title tiers, parity.
fn numbers(diags: &mut Diagnostics, n: &Numbers) {
    match n {
        Numbers::Rule(r) => {
            word(diags, r, &NUMBERS);
        }
        Numbers::Seeded {
            tiers,
            seeds_order,
            rest,
            ..
        } => {
            for t in tiers {
                if let SeedTier::Title(t) = t {
                    word(diags, t, &TITLE);
                }
            }
            // An order among players, not the stage's rule: `entrants_order` is not one.
            if let Some(o) = seeds_order {
                word(diags, o, &NUMBERS_ORDER);
            }
            word(diags, rest, &NUMBERS_ORDER);
        }
        Numbers::Parity { pools, within, .. } => {
            for (_, parity) in pools {
                word(diags, parity, &PARITY);
            }
            word(diags, within, &NUMBERS_ORDER);
        }
    }
}

/// The closed words of an entry clause: titles, sexes, the cap's order, staff roles, replacement.
fn entry_clause(diags: &mut Diagnostics, c: &EntryClause) {
    match c {
        EntryClause::Title { title, .. } => {
            word(diags, title, &TITLE);
        }
        EntryClause::Sex(s) => {
            word(diags, s, &SEX);
        }
        EntryClause::Cap { order: Some(o), .. } => {
            word(diags, o, &CAP_ORDER);
        }
        EntryClause::Staff { roles, .. } => staff(diags, roles),
        EntryClause::Quota(q) => {
            for (sex, _) in &q.by_sex {
                word(diags, sex, &SEX);
            }
        }
        EntryClause::Pool(p) => {
            for s in &p.source {
                match s {
                    PoolSource::Sex(x) => {
                        word(diags, x, &SEX);
                    }
                    PoolSource::Title { title, .. } => {
                        word(diags, title, &TITLE);
                    }
                    PoolSource::Replacement { rule, .. } => {
                        word(diags, rule, &REPLACEMENT);
                    }
                    PoolSource::Staff { roles, .. } => staff(diags, roles),
                    _ => {}
                }
            }
        }
        EntryClause::Player(p) => {
            for a in &p.attrs {
                match a {
                    PlayerAttr::Sex(x) => {
                        word(diags, x, &SEX);
                    }
                    PlayerAttr::Title(t) => {
                        word(diags, t, &TITLE);
                    }
                    _ => {}
                }
            }
        }
        _ => {}
    }
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Regulation(r) => {
                for c in &r.clauses {
                    match c {
                        HeaderClause::Rulebook { kind, .. } => {
                            word(diags, kind, &RULEBOOK);
                        }
                        HeaderClause::Event { kind, .. } => {
                            word(diags, kind, &EVENT_KIND);
                        }
                        HeaderClause::Official { role, .. } => {
                            listed(diags, role, &OFFICIALS);
                        }
                        _ => {}
                    }
                }
            }
            Item::Organisers(o) => {
                for r in &o.roles {
                    word(diags, &r.role, &ORGANISER_ROLE);
                }
            }
            Item::TimeControl(t) => {
                for c in &t.clauses {
                    if let TimeClause::DrawGoesTo(side) = c {
                        word(diags, side, &DRAW_ODDS);
                    }
                }
            }
            Item::Stage(s) => {
                for c in &s.clauses {
                    stage_clause(diags, c);
                }
            }
            Item::Playoff(p) => chain(diags, p),
            Item::Entry(e) => e.clauses.iter().for_each(|c| entry_clause(diags, c)),
            Item::Category(c) => {
                for cond in &c.conditions {
                    match cond {
                        CategoryCond::Sex(x) => {
                            word(diags, x, &SEX);
                        }
                        CategoryCond::Title { title, .. } => {
                            word(diags, title, &TITLE);
                        }
                        _ => {}
                    }
                }
            }
            Item::Prizes(p) => {
                if let Some(t) = &p.tax {
                    word(diags, t, &TAX);
                }
                for line in &p.lines {
                    for it in &line.items {
                        if let PrizeItem::Medal { metal: Some(m), .. } = it {
                            word(diags, m, &METAL);
                        }
                    }
                }
            }
            Item::Qualification(q) => {
                if let Some(r) = &q.replacement {
                    word(diags, r, &REPLACEMENT);
                }
                staff(diags, &q.staff);
            }
            Item::Conduct(c) => {
                // The words inside a rule are a closed set too: one the sheet has no phrase for
                // would be printed as written, with no meaning (`late 10min forfeitt`).
                let inside: Vec<&str> = conduct_words().keys().copied().collect();
                for rule in &c.rules {
                    listed(diags, &rule.kind, &CONDUCT);
                    for arg in &rule.args {
                        if let ConductArg::Word(w) = arg {
                            word_in(diags, w, ("conduct word", "赛场纪律用语"), &inside);
                        }
                    }
                }
            }
            Item::Registration(r) => {
                for c in &r.clauses {
                    listed(diags, &c.kind, &REGISTRATION);
                }
            }
            Item::Expenses(e) => {
                for c in &e.clauses {
                    listed(diags, &c.kind, &EXPENSES);
                }
            }
            Item::Schedule(s) => {
                for slot in s.days.iter().flat_map(|d| &d.slots) {
                    if let SlotKind::Event(k) = &slot.kind {
                        word(diags, k, &SLOT_KIND);
                    }
                }
            }
            _ => {}
        }
    }
}
