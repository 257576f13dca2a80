//! The syntax tree of a regulation file.
//!
//! Every node carries the byte [`Span`] of the text it was read from. The tree says what the file
//! *says*, typed by area, and nothing about whether it makes sense: names are unresolved, numbers
//! are unchecked. A top-level block that failed to parse is kept as [`Item::Broken`] so that later
//! phases see every other block. Comments are not dropped: [`File::comments`] lists each with its
//! span, so a formatter can print the file back without losing a word.
//!
//! Module per area: [`event`] (regulation header, organisers, contacts), [`entry`] (field, pools,
//! players, categories), [`stage`] (stages, draws, pairing, places), [`rules`] (scoring, time
//! controls, tie-breaks, playoffs), [`prizes`] (prizes, qualification), [`admin`] (conduct,
//! schedule, registration, expenses, notes), [`scenario`] (supplements and scenario tests).

pub mod admin;
pub mod entry;
pub mod event;
pub mod prizes;
pub mod rules;
pub mod scenario;
pub mod stage;

/// The word that names the final ranking where a category's name may stand: a qualification
/// quota's `overall 3`, a test's `prize a1 300 CNY in overall` (the overall table has no name).
pub const OVERALL: &str = "overall";

pub use admin::*;
pub use entry::*;
pub use event::*;
pub use prizes::*;
pub use rules::*;
pub use scenario::*;
pub use stage::*;

use serde::Serialize;

pub use crate::span::Span;

/// A value with the span of its text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// An identifier (XID start, XID continue; `组A`, `taipei`, `open_men`).
pub type Ident = Spanned<String>;

/// A block that is a list of clauses and nothing else, with the span of the whole:
/// `entry { ... }`, `registration { ... }`, `expenses { ... }`, a stage's `knockout { ... }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Block<C> {
    pub clauses: Vec<C>,
    pub span: Span,
}

/// A declaration `KEYWORD NAME ["title"] { clauses }`: `stage groups "小组赛" { ... }`,
/// `time standard "慢棋" { ... }`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NamedBlock<C> {
    pub name: Ident,
    pub title: Option<Text>,
    pub clauses: Vec<C>,
    pub span: Span,
}

/// A display text: `"第四届周庄杯" en "4th Zhouzhuang Cup"`. The English rendering is optional;
/// the English sheet falls back to the Chinese.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Text {
    pub zh: Spanned<String>,
    pub en: Option<Spanned<String>>,
    pub span: Span,
}

/// A calendar date `2014-04-27`: the one civil date of every floor (`xqreg-calendar`). The parser
/// accepts only real days (a date like `2014-02-30` is a syntax error).
pub use xqreg_calendar::Date;

/// A clock time `08:10` (hours 0..=23, minutes 0..=59).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ClockTime {
    pub hour: u8,
    pub minute: u8,
}

/// A duration: `20min`, `30s`, `1h30min`, `1h`, `90s`. Stored in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Duration {
    pub seconds: u32,
}

/// An amount of money `80000 CNY`, `500 HKD`. The currency is an upper-case ISO-4217-like code
/// of three letters; the amount is a whole number of units (no fractions of a yuan in prizes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Money {
    pub amount: Spanned<u64>,
    pub currency: Option<Spanned<String>>,
    pub span: Span,
}

/// An inclusive range of places `7..12`, or a single place `3` (then `start == end`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlaceRange {
    pub start: u32,
    pub end: u32,
    pub span: Span,
}

/// A window of dates. `A .. B` inclusive both ends; `.. B` on or before B; `A ..` on or after A;
/// `before D` and `after D` are exclusive bounds as some regulations word them (the checker warns
/// that the Chinese 以前/以后 is ambiguous and proposes an inclusive window).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DateWindow {
    pub from: Option<Spanned<Date>>,
    pub to: Option<Spanned<Date>>,
    /// `before D` / `after D` were written (exclusive bound).
    pub exclusive: bool,
    pub span: Span,
}

/// A reference to places of an earlier stage, read like the regulation reads "group A, 1st":
/// `groups.A#1` (stage `groups`, group `A`, place 1), `groups.*#2` (second of every group, in
/// group order), `groups.*#3..4`, `swiss#1..8` (a stage without groups), `final_a#1`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlaceRef {
    pub stage: Ident,
    pub group: GroupSel,
    pub places: PlaceRange,
    pub span: Span,
}

/// Which group of a stage a [`PlaceRef`] names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum GroupSel {
    /// No group: the stage's overall standings.
    None,
    /// `.*`: every group, in the order the stage declares them.
    All,
    /// `.A`
    Named(Ident),
}

/// A whole file: its items in source order and every comment.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct File {
    pub items: Vec<Item>,
    pub comments: Vec<Comment>,
    pub span: Span,
}

/// A `// ...` comment (the text excludes the slashes). `trailing` is true when code precedes it
/// on the same line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Comment {
    pub text: String,
    pub span: Span,
    pub trailing: bool,
}

/// A top-level block. Each starts with a reserved keyword in column 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Item {
    /// `regulation "title" en "..." { ... }`
    Regulation(Regulation),
    /// `organisers { host "..." ... }`
    Organisers(Organisers),
    /// `contacts { ... }`
    Contacts(Contacts),
    /// `scoring { win 2 draw 1 loss 0 ... }`
    Scoring(Scoring),
    /// `time standard "慢棋" { base 20min increment 20s flag loses }`
    TimeControl(TimeControl),
    /// `entry { field 32 pool ... }`
    Entry(Entry),
    /// `category open_men "公开组男子" { born ... sex men }`
    Category(Category),
    /// `stage groups "小组赛" { ... }`
    Stage(Stage),
    /// `playoff standard_ladder "加赛" { game rapid colours swap ... }`
    Playoff(PlayoffChain),
    /// `places 9..16 shared groups.*#3..4 "..."`
    Places(PlacesDecl),
    /// `ranking teams "团体总分" { from main by unit sum places best 3 short unranked }`
    Ranking(DerivedRanking),
    /// `prizes [CATEGORY] "title" CNY after_tax { 1: 80000 ... }`
    Prizes(Prizes),
    /// `board_prizes boards "台次奖" CNY { from main by percentage min_games 5 ... }`
    BoardPrizes(BoardPrizes),
    /// `qualification "全国总决赛" { open_men 3 ... }`
    Qualification(Qualification),
    /// `conduct { natural_move_limit 50 checks 10 ... }`
    Conduct(Conduct),
    /// `schedule { day 2014-04-26 { ... } }`
    Schedule(Schedule),
    /// `registration { deadline 2014-04-11 ... }`
    Registration(Registration),
    /// `expenses { ... }`
    Expenses(Expenses),
    /// `note "着装" "..."`: a print-only clause under a heading.
    Note(Note),
    /// `supplement "补充规定" 2014-04-20 { override ... }`
    Supplement(Supplement),
    /// `roster field { player ... }`: a roster declared once for the tests that name it.
    Roster(RosterDecl),
    /// `test "name" { roster { ... } results { ... } expect { ... } }`
    Test(Scenario),
    /// A block that did not parse; its span covers the whole block. The syntax error for it is in
    /// the parse result; later phases skip it.
    Broken(Span),
}

impl Item {
    /// The span of the whole item, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            Item::Regulation(x) => x.span,
            Item::Organisers(x) => x.span,
            Item::Contacts(x) => x.span,
            Item::Scoring(x) => x.span,
            Item::TimeControl(x) => x.span,
            Item::Entry(x) => x.span,
            Item::Category(x) => x.span,
            Item::Stage(x) => x.span,
            Item::Playoff(x) => x.span,
            Item::Places(x) => x.span,
            Item::Ranking(x) => x.span,
            Item::Prizes(x) => x.span,
            Item::BoardPrizes(x) => x.span,
            Item::Qualification(x) => x.span,
            Item::Conduct(x) => x.span,
            Item::Schedule(x) => x.span,
            Item::Registration(x) => x.span,
            Item::Expenses(x) => x.span,
            Item::Note(x) => x.span,
            Item::Supplement(x) => x.span,
            Item::Roster(x) => x.span,
            Item::Test(x) => x.span,
            Item::Broken(span) => *span,
        }
    }
}
