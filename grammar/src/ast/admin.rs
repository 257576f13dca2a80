//! Conduct rules, the schedule, registration and arrival, expenses, and print-only notes.

use super::{Block, ClockTime, Date, Duration, Ident, Money, PlaceRange, Spanned, Text};
use crate::span::Span;
use serde::Serialize;

/// ```text
/// conduct {
///   natural_move_limit 50 checks 10 claim after_game in rapid false_claim loss
///   draw_offers from_move 26
///   repetition red_must_vary until_move 25
///   late 5min forfeit                       // `late 0min forfeit`: not seated at the start
///   withdraw after 2 forfeits
///   fouls_per_game 2 loss
///   clock_before_move foul loss_under 2min in standard; clock_before_move loss in rapid
///   knocked_pieces 1 foul; knocked_pieces 2 loss; knocked_pieces off_board loss
///   knocked_pieces 2 loss_under 3min else add 5min
///   illegal_move loss
///   devices loss
///   score_sheets required in stage groups missed_moves 4 violation
///   adjourn 15min before_next resume 12:30, 19:30
///   rule "认输" "..."                          // a print-only conduct clause with a heading
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Conduct {
    pub rules: Vec<ConductRule>,
    pub span: Span,
}

/// One conduct rule: a keyword naming the rule, its arguments, what follows from it, and where it
/// applies. The checker knows each keyword's arguments; the grammar keeps them generic so that
/// one shape serves every rule.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ConductRule {
    pub kind: Ident,
    pub args: Vec<ConductArg>,
    /// `in rapid, blitz` (time controls) or `in stage groups`.
    pub scope: Vec<Ident>,
    pub scope_is_stage: bool,
    /// For `rule "heading" "text"`.
    pub text: Option<(Text, Text)>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum ConductArg {
    Int(Spanned<u32>),
    Word(Ident),
    Duration(Spanned<Duration>),
    Time(Spanned<ClockTime>),
    Text(Text),
}

/// ```text
/// schedule {
///   day 2014-04-26 {
///     19:00 arrival "报到"
///     20:30 meeting "技术会议"
///   }
///   day 2014-04-27 {
///     08:00 opening
///     08:10 round groups 1
///     14:00-16:00 round groups 3
///   }
///   day 2014-05-25 { all_day rest "参观、慈善活动" }
///   tbd "比赛日程另行通知"              // 待定: the schedule is to be announced
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Schedule {
    pub days: Vec<Day>,
    pub tbd: Option<Text>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Day {
    pub date: Spanned<Date>,
    /// `venue "北京赛区"`: where the day is played, when the event moves between venues.
    pub venue: Option<Text>,
    pub slots: Vec<Slot>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Slot {
    /// None for `all_day`.
    pub start: Option<Spanned<ClockTime>>,
    pub end: Option<Spanned<ClockTime>>,
    pub kind: SlotKind,
    pub text: Option<Text>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SlotKind {
    /// `round groups 1` or `round groups 1..2`, several stages by comma: `round final_a 1, final_b 1`
    Rounds(Vec<RoundRef>),
    /// `arrival`, `meeting`, `opening`, `closing`, `rest`, `departure`, `ceremony`, `training`,
    /// `reception`, `event` (anything else needs its text).
    Event(Ident),
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundRef {
    pub stage: Ident,
    pub rounds: PlaceRange,
    pub span: Span,
}

/// ```text
/// registration {
///   deadline 2014-04-11
///   method "将报名表发送至 zgxqxh@163.com"
///   arrival 2014-04-26 19:00 "上海虹桥机场、昆山火车站接站"
///   travel_info 2014-04-20
///   late "逾期视为自动放弃"
/// }
/// ```
pub type Registration = Block<AdminClause>;

/// ```text
/// expenses {
///   travel_subsidy pool taipei up_to 30000 CNY
///   travel_subsidy pool champions 2000 CNY each
///   board_lodging "棋手、中华台北领队1人、教练1人"
///   own_cost "超编人员一切费用自理"
/// }
/// ```
pub type Expenses = Block<AdminClause>;

/// A clause of an administrative block: a keyword and typed arguments.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AdminClause {
    pub kind: Ident,
    pub args: Vec<AdminArg>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum AdminArg {
    Date(Spanned<Date>),
    Time(Spanned<ClockTime>),
    Money(Money),
    Int(Spanned<u32>),
    Word(Ident),
    Text(Text),
    Places(PlaceRange),
}

/// `note "着装" en "Dress code" "正式服装……" en "Formal dress ..."`: a print-only clause with a
/// heading. The optional `in ARTICLE` names the article it prints under (organisers, event,
/// eligibility, method, conduct, prizes, expenses, registration, other).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Note {
    pub heading: Text,
    pub body: Text,
    pub article: Option<Ident>,
    pub span: Span,
}

impl ConductArg {
    /// The span of the argument, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            ConductArg::Int(n) => n.span,
            ConductArg::Word(i) => i.span,
            ConductArg::Duration(d) => d.span,
            ConductArg::Time(t) => t.span,
            ConductArg::Text(t) => t.span,
        }
    }
}

impl AdminArg {
    /// The span of the argument, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            AdminArg::Date(d) => d.span,
            AdminArg::Time(t) => t.span,
            AdminArg::Money(m) => m.span,
            AdminArg::Int(n) => n.span,
            AdminArg::Word(i) => i.span,
            AdminArg::Text(t) => t.span,
            AdminArg::Places(p) => p.span,
        }
    }
}
