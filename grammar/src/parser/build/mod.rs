//! From pest pairs to the syntax tree: one function per construct, literals checked on the way.
//!
//! Input is a successful parse of one chunk; output is one [`Item`] or the single
//! [`SyntaxError`] of a literal that has the right shape but a wrong value (`2014-02-30`,
//! `12..7`, `25:00`, a number too large). Every span is shifted by the chunk's offset so it
//! points into the whole file. Pairs of keyword rules carry only their span and are skipped
//! wherever they are not needed.

mod admin;
mod entry;
mod event;
mod literal;
mod prizes;
mod rules;
mod scenario;
mod stage;

use super::Rule;
use crate::ast::*;
use crate::error::{SyntaxError, SyntaxErrorKind};
use pest::iterators::Pair;

pub(crate) type R<T> = Result<T, SyntaxError>;

/// The builder of one part of a construct (a clause, a player, a date): [`Builder::each`] and
/// [`Builder::clauses`] build a list with it.
pub(crate) type Part<T> = fn(&Builder, &Pair<'_, Rule>) -> R<T>;

/// Builds tree nodes for one chunk that starts at byte `offset` of the file.
pub(crate) struct Builder {
    pub offset: usize,
}

/// The children of a pair, in order.
pub(crate) fn kids<'a>(p: &Pair<'a, Rule>) -> impl Iterator<Item = Pair<'a, Rule>> {
    p.clone().into_inner()
}

/// True when the pair is a keyword (`kw_*`): it only carries a span. The keyword rules are the
/// last rules of the grammar, in alphabetical order, so one comparison tells (a unit test checks
/// this against the rule names).
pub(crate) fn is_keyword(rule: Rule) -> bool {
    rule as usize >= FIRST_KEYWORD as usize
}

/// The first keyword rule of the grammar.
const FIRST_KEYWORD: Rule = Rule::kw_after;

/// The name of a rule as the grammar spells it (used for keywords and messages only).
pub(crate) fn format_rule(rule: Rule) -> String {
    format!("{rule:?}")
}

impl Builder {
    pub fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(s.start() + self.offset, s.end() + self.offset)
    }

    /// The span without the blanks an optional trailing part that was not written leaves at its
    /// end (`replacement from pool reserve ` before a `}`: pest skips the blanks before trying
    /// `by ...`).
    pub fn tight_span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        let text = p.as_str();
        let trimmed = text.trim_end_matches([' ', '\t']).len();
        Span::new(s.start() + self.offset, s.start() + trimmed + self.offset)
    }

    pub fn err(&self, kind: SyntaxErrorKind, p: &Pair<Rule>) -> SyntaxError {
        SyntaxError {
            kind,
            span: self.span(p),
            block: None,
        }
    }

    pub fn ident(&self, p: &Pair<Rule>) -> Ident {
        Spanned::new(p.as_str().to_string(), self.span(p))
    }

    /// The first child that is not a keyword; for wrapper rules (`stage_clause`) the clause.
    pub fn first<'a>(&self, p: &Pair<'a, Rule>) -> Option<Pair<'a, Rule>> {
        kids(p).find(|k| !is_keyword(k.as_rule()))
    }

    /// Every child of `p` of rule `rule`, built by `build`, in order; the first error stops.
    pub fn each<T>(&self, p: &Pair<Rule>, rule: Rule, build: Part<T>) -> R<Vec<T>> {
        kids(p)
            .filter(|k| k.as_rule() == rule)
            .map(|k| build(self, &k))
            .collect()
    }

    /// The clauses of a block: the first non-keyword child of each `wrapper` child (`stage_clause`,
    /// `knockout_clause`, ...), built by `clause`, in order; the first error stops.
    pub fn clauses<T>(&self, p: &Pair<Rule>, wrapper: Rule, clause: Part<T>) -> R<Vec<T>> {
        kids(p)
            .filter(|k| k.as_rule() == wrapper)
            .filter_map(|w| self.first(&w))
            .map(|c| clause(self, &c))
            .collect()
    }

    /// A [`Block`]: the clauses of `p` (as [`Builder::clauses`]) and its span.
    pub fn block<C>(&self, p: &Pair<Rule>, wrapper: Rule, clause: Part<C>) -> R<Block<C>> {
        Ok(Block {
            clauses: self.clauses(p, wrapper, clause)?,
            span: self.span(p),
        })
    }

    /// A [`NamedBlock`]: the clauses of `p` (as [`Builder::clauses`]), then its name and
    /// optional title.
    pub fn named_block<C>(
        &self,
        p: &Pair<Rule>,
        wrapper: Rule,
        clause: Part<C>,
    ) -> R<NamedBlock<C>> {
        let clauses = self.clauses(p, wrapper, clause)?;
        Ok(NamedBlock {
            name: self.nth_ident(p, 0)?,
            title: self.opt_text(p)?,
            clauses,
            span: self.span(p),
        })
    }

    /// An error for a construct that parsed but lacks a part the tree requires. The grammar
    /// makes this unreachable; it is kept as an error rather than a panic.
    pub fn missing(&self, p: &Pair<Rule>, what: &str) -> SyntaxError {
        self.err(
            SyntaxErrorKind::Unexpected {
                expected: vec![what.to_string()],
                found: Some(p.as_str().chars().take(40).collect()),
            },
            p,
        )
    }

    /// The first child of `p` of rule `rule`, built by `build`; None when `p` has none.
    pub fn opt_child<T>(&self, p: &Pair<Rule>, rule: Rule, build: Part<T>) -> R<Option<T>> {
        kids(p)
            .find(|k| k.as_rule() == rule)
            .map(|k| build(self, &k))
            .transpose()
    }

    /// The first child of `p` of rule `rule`, built by `build`; without one, the error that
    /// `what` is missing.
    pub fn child<T>(&self, p: &Pair<Rule>, rule: Rule, build: Part<T>, what: &str) -> R<T> {
        match kids(p).find(|k| k.as_rule() == rule) {
            Some(k) => build(self, &k),
            None => Err(self.missing(p, what)),
        }
    }

    /// The identifier children of `p`, in order.
    pub fn idents<'a>(&'a self, p: &Pair<'a, Rule>) -> impl Iterator<Item = Ident> + 'a {
        kids(p)
            .filter(|k| k.as_rule() == Rule::ident)
            .map(|k| self.ident(&k))
    }

    /// The identifier and quoted-string children of `p`, in order, each as an [`Ident`] (a
    /// string's value, at the string's span with its quotes): where a scenario test names a
    /// stage, by its id or by its title in quotes.
    pub fn names<'a>(&'a self, p: &Pair<'a, Rule>) -> impl Iterator<Item = Ident> + 'a {
        kids(p).filter_map(|k| match k.as_rule() {
            Rule::ident => Some(self.ident(&k)),
            Rule::string => Some(self.string(&k)),
            _ => None,
        })
    }

    /// The nth child of [`Builder::names`].
    pub fn nth_name(&self, p: &Pair<Rule>, n: usize) -> R<Ident> {
        self.names(p)
            .nth(n)
            .ok_or_else(|| self.missing(p, "a name"))
    }

    /// The nth identifier child, if there is one.
    pub fn opt_ident(&self, p: &Pair<Rule>, n: usize) -> Option<Ident> {
        self.idents(p).nth(n)
    }

    /// A clause that is its keyword and one name (`seeding rating`, `rest random`): `make` builds
    /// it from the name and the clause's span.
    pub fn named<T>(&self, c: &Pair<Rule>, make: fn(Ident, Span) -> T) -> R<T> {
        Ok(make(self.nth_ident(c, 0)?, self.span(c)))
    }

    /// The nth identifier child (keywords excluded).
    pub fn nth_ident(&self, p: &Pair<Rule>, n: usize) -> R<Ident> {
        self.idents(p)
            .nth(n)
            .ok_or_else(|| self.missing(p, "a name"))
    }

    pub fn nth_text(&self, p: &Pair<Rule>, n: usize) -> R<Text> {
        match kids(p).filter(|k| k.as_rule() == Rule::text).nth(n) {
            Some(k) => self.text(&k),
            None => Err(self.missing(p, "a text in quotes")),
        }
    }

    pub fn opt_text(&self, p: &Pair<Rule>) -> R<Option<Text>> {
        self.opt_child(p, Rule::text, Self::text)
    }

    pub fn nth_int(&self, p: &Pair<Rule>, n: usize) -> R<Spanned<u32>> {
        match kids(p).filter(|k| k.as_rule() == Rule::int).nth(n) {
            Some(k) => self.int(&k),
            None => Err(self.missing(p, "a number")),
        }
    }

    /// `place_range`, `place_span`: `7..12` or `3`.
    pub fn place_range(&self, p: &Pair<Rule>) -> R<PlaceRange> {
        let mut ints = kids(p).filter(|k| k.as_rule() == Rule::int);
        let start = match ints.next() {
            Some(k) => self.int(&k)?.node,
            None => return Err(self.missing(p, "a place")),
        };
        let end = match ints.next() {
            Some(k) => self.int(&k)?.node,
            None => start,
        };
        if end < start {
            return Err(self.err(
                SyntaxErrorKind::ReversedRange {
                    found: p.as_str().to_string(),
                },
                p,
            ));
        }
        Ok(PlaceRange {
            start,
            end,
            span: self.span(p),
        })
    }

    pub fn place_ref(&self, p: &Pair<Rule>) -> R<PlaceRef> {
        let mut stage = None;
        let mut group = GroupSel::None;
        let mut places = None;
        for k in kids(p) {
            match k.as_rule() {
                Rule::ident if stage.is_none() => stage = Some(self.ident(&k)),
                Rule::ident => group = GroupSel::Named(self.ident(&k)),
                Rule::group_all => group = GroupSel::All,
                Rule::place_range => places = Some(self.place_range(&k)?),
                _ => {}
            }
        }
        match (stage, places) {
            (Some(stage), Some(places)) => Ok(PlaceRef {
                stage,
                group,
                places,
                span: self.span(p),
            }),
            _ => Err(self.missing(p, "a place reference like `groups.A#1`")),
        }
    }

    pub fn place_group(&self, p: &Pair<Rule>) -> R<PlaceGroup> {
        Ok(PlaceGroup {
            stage: self.nth_ident(p, 0)?,
            group: self.nth_ident(p, 1)?,
            span: self.span(p),
        })
    }

    pub fn compare(&self, p: &Pair<Rule>) -> Spanned<CompareOp> {
        let op = match p.as_str() {
            "<" => CompareOp::Lt,
            "<=" => CompareOp::Le,
            ">" => CompareOp::Gt,
            ">=" => CompareOp::Ge,
            _ => CompareOp::Eq,
        };
        Spanned::new(op, self.span(p))
    }

    pub fn date_window(&self, p: &Pair<Rule>) -> R<DateWindow> {
        let inner = self
            .first(p)
            .ok_or_else(|| self.missing(p, "a window of dates"))?;
        let dates: Vec<Spanned<Date>> = self.each(&inner, Rule::date, Self::date)?;
        let mut it = dates.into_iter();
        let (from, to, exclusive) = match inner.as_rule() {
            Rule::date_window_before => (None, it.next(), true),
            Rule::date_window_after => (it.next(), None, true),
            Rule::date_window_upto => (None, it.next(), false),
            _ => {
                let from = it.next();
                let to = it.next();
                if to.is_none() && !inner.as_str().contains("..") {
                    // A single date: the window of that one day.
                    (from.clone(), from, false)
                } else {
                    (from, to, false)
                }
            }
        };
        if let (Some(a), Some(b)) = (&from, &to) {
            if b.node < a.node {
                return Err(self.err(
                    SyntaxErrorKind::ReversedRange {
                        found: inner.as_str().to_string(),
                    },
                    &inner,
                ));
            }
        }
        Ok(DateWindow {
            from,
            to,
            exclusive,
            span: self.span(p),
        })
    }

    pub fn param(&self, p: &Pair<Rule>) -> R<Param> {
        let mut key = None;
        let mut value = None;
        for k in kids(p) {
            match k.as_rule() {
                Rule::ident | Rule::criterion_word_key if key.is_none() => {
                    key = Some(self.ident(&k))
                }
                Rule::ident => value = Some(ParamValue::Ident(self.ident(&k))),
                Rule::signed_int => value = Some(ParamValue::Int(self.signed(&k)?)),
                Rule::boolean => value = Some(ParamValue::Bool(self.boolean(&k))),
                Rule::duration => value = Some(ParamValue::Duration(self.duration(&k)?)),
                _ => {}
            }
        }
        match (key, value) {
            (Some(key), Some(value)) => Ok(Param {
                key,
                value,
                span: self.span(p),
            }),
            _ => Err(self.missing(p, "a `key value` option")),
        }
    }

    /// `staff_role`: `leader 1`.
    pub fn staff_role(&self, p: &Pair<Rule>) -> R<(Ident, Spanned<u32>)> {
        Ok((self.nth_ident(p, 0)?, self.nth_int(p, 0)?))
    }

    /// A whole top-level item.
    pub fn item(&self, p: &Pair<Rule>) -> R<Item> {
        Ok(match p.as_rule() {
            Rule::regulation => Item::Regulation(self.regulation(p)?),
            Rule::organisers => Item::Organisers(self.organisers(p)?),
            Rule::contacts => Item::Contacts(self.contacts(p)?),
            Rule::scoring => Item::Scoring(self.scoring(p)?),
            Rule::time_control => Item::TimeControl(self.time_control(p)?),
            Rule::entry => Item::Entry(self.entry(p)?),
            Rule::category => Item::Category(self.category(p)?),
            Rule::stage => Item::Stage(self.stage(p)?),
            Rule::playoff_chain => Item::Playoff(self.playoff_chain(p)?),
            Rule::places_decl => Item::Places(self.places_decl(p)?),
            Rule::ranking => Item::Ranking(self.ranking(p)?),
            Rule::prizes => Item::Prizes(self.prizes(p)?),
            Rule::board_prizes => Item::BoardPrizes(self.board_prizes(p)?),
            Rule::qualification => Item::Qualification(self.qualification(p)?),
            Rule::conduct => Item::Conduct(self.conduct(p)?),
            Rule::schedule => Item::Schedule(self.schedule(p)?),
            Rule::registration => Item::Registration(self.admin_block(p)?),
            Rule::expenses => Item::Expenses(self.admin_block(p)?),
            Rule::note => Item::Note(self.note(p)?),
            Rule::supplement => Item::Supplement(self.supplement(p)?),
            Rule::roster_decl => Item::Roster(self.roster_decl(p)?),
            Rule::scenario => Item::Test(self.scenario(p)?),
            _ => return Err(self.missing(p, "a top-level block")),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyword_rules_are_last() {
        for &rule in Rule::all_rules() {
            assert_eq!(
                is_keyword(rule),
                format_rule(rule).starts_with("kw_"),
                "{rule:?}"
            );
        }
    }
}
