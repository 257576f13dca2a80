//! The regulation header, organisers and contacts.

use super::{Date, Ident, Spanned, Text};
use crate::span::Span;
use serde::Serialize;

/// `regulation "第四届“周庄杯”海峡两岸象棋大师赛" en "4th Zhouzhuang Cup" { ... }`
///
/// ```text
/// regulation "第四届“周庄杯”海峡两岸象棋大师赛" en "4th Zhouzhuang Cup Cross-Strait Masters" {
///   edition 4
///   issued 2014-03-25 by "中国象棋协会"
///   dates 2014-04-27 .. 2014-04-29
///   venue "江苏省昆山市周庄镇" en "Zhouzhuang, Kunshan, Jiangsu"
///   rulebook asian "亚洲象棋联合会《象棋比赛规例》"
///   event men_individual "男子个人"
///   interpretation "中国象棋协会"
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Regulation {
    pub title: Text,
    pub clauses: Vec<HeaderClause>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum HeaderClause {
    /// `edition 4`
    Edition(Spanned<u32>),
    /// `issued 2014-03-25 by "中国象棋协会"` (the `by` part optional)
    Issued {
        date: Spanned<Date>,
        by: Option<Text>,
        span: Span,
    },
    /// `dates 2014-04-27 .. 2014-04-29` (inclusive; one date alone for a one-day event)
    Dates {
        from: Spanned<Date>,
        to: Spanned<Date>,
        span: Span,
    },
    /// `venue "..."`
    Venue(Text),
    /// `rulebook cxa2011 | asian | world | other "display"`: which laws apply.
    Rulebook {
        kind: Ident,
        text: Option<Text>,
        span: Span,
    },
    /// `event men_individual "男子个人"`: individual, men_individual, women_individual, open,
    /// team, mixed_team.
    Event {
        kind: Ident,
        text: Option<Text>,
        span: Span,
    },
    /// `prize_fund 500000 CNY`: the event's total prize money (总奖金), checked against the sum of
    /// its prize tables in that currency.
    PrizeFund(super::Money),
    /// `one_cash_prize highest` (奖金不兼得，就高不就低): each player keeps one money prize of the
    /// prize tables paying players, the highest; a place given up passes down that table's
    /// ranking (依次递补).
    OneCashPrize { span: Span },
    /// `interpretation "中国象棋协会"`: interpretation rests with.
    Interpretation(Text),
    /// `officials { chief_arbiter "..." appeals "..." }` lines of `role "text"`.
    Official { role: Ident, text: Text, span: Span },
}

/// `organisers { host "中国象棋协会", "江苏省体育局" ... }`. Roles: supervisor, host, organiser,
/// executive_organiser, co_organiser, media, sponsor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Organisers {
    pub roles: Vec<OrganiserRole>,
    pub span: Span,
}

/// `host "中国象棋协会", "江苏省体育局"`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OrganiserRole {
    pub role: Ident,
    pub names: Vec<Text>,
    pub span: Span,
}

/// `contacts { contact "陈浩" phone "010-87559131" email "zgxqxh@163.com" for registration }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contacts {
    pub contacts: Vec<Contact>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Contact {
    pub name: Text,
    /// `phone "..."`, `email "..."`, `fax "..."`, `address "..."`, each optional, repeatable.
    pub fields: Vec<(Ident, Text)>,
    /// `for registration`: what this contact is for (an identifier: registration, arrival, ...).
    pub purpose: Option<Ident>,
    pub span: Span,
}

impl HeaderClause {
    /// The span of the whole clause, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            HeaderClause::Edition(n) => n.span,
            HeaderClause::Issued { span, .. }
            | HeaderClause::Dates { span, .. }
            | HeaderClause::Rulebook { span, .. }
            | HeaderClause::Event { span, .. }
            | HeaderClause::Official { span, .. }
            | HeaderClause::OneCashPrize { span } => *span,
            HeaderClause::Venue(t) | HeaderClause::Interpretation(t) => t.span,
            HeaderClause::PrizeFund(m) => m.span,
        }
    }
}
