//! Who may enter: the field, pools and their sources, named players, conditions, fees; and the
//! categories players are ranked, paid or paired in.

use super::{Block, ClockTime, Date, DateWindow, Ident, Money, Spanned, Text};
use crate::span::Span;
use serde::Serialize;

/// `entry { ... }`
///
/// ```text
/// entry {
///   field 32                         // exact size; `cap 150 first_come`; `field open` (名额不限)
///   pool champions 15 "全国象棋锦标赛(个人)冠军" { named }
///   pool rated 9 "等级分前9位" { rating top 9 as_of 2013-12-31 sex men title >= master refusals next_in_line }
///   pool taipei 8 "中华台北象棋协会选派" { nominated_by "中华台北象棋协会" staff leader 1 coach 1 }
///   pool city "地市州分站赛" { qualifiers "地市州分站赛" top 12 replacement next_in_line }
///   age >= 16
///   age >= 65 requires "县级以上医院健康证明"
///   title < national_master            // amateurs: below national master
///   sex men
///   condition "身体健康，适合参加本项运动"
///   residence "四川籍或在四川境内工作的中国公民"
///   deadline 2014-04-11
///   fee service 100 CNY
///   deposit 100 CNY refund "完成全部比赛后退还"
///   subsidy "女子国家大师" 500 CNY limit 10
///   staff per "境外队" coach_or_leader 1
///   player xu "许银川" en "Xu Yinchuan" { unit "广东" pool champions rating 2650 sex men born 1975-08-03 title grandmaster federation CHN }
///   team_size 4..6                     // team events: players per team
///   team t1 "北京队"                    // a named team; players say `team t1 order 1`
/// }
/// ```
pub type Entry = Block<EntryClause>;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum EntryClause {
    /// `field 32`
    Field(Spanned<u32>),
    /// `field open`: size not fixed (名额不限). An event with such a field declares its simulated
    /// size elsewhere (`assume field N` in the entry).
    FieldOpen(Span),
    /// `cap 150 first_come` (the order is optional: `first_come`, `by_rating`).
    Cap {
        max: Spanned<u32>,
        order: Option<Ident>,
        span: Span,
    },
    /// `assume field 24 "..."`: a size the regulation does not fix, assumed for simulation.
    AssumeField {
        size: Spanned<u32>,
        reason: Option<Text>,
        span: Span,
    },
    Pool(Pool),
    /// `age >= 16`, `age <= 70`, `age >= 65 requires "..."`: age in whole years on the first day.
    Age {
        op: Spanned<CompareOp>,
        years: Spanned<u32>,
        requires: Option<Text>,
        span: Span,
    },
    /// `title >= master`, `title < national_master`
    Title {
        op: Spanned<CompareOp>,
        title: Ident,
        span: Span,
    },
    /// `sex men` / `sex women`
    Sex(Ident),
    /// `grade >= 7`: every entrant holds this grade (段位), eligibility by grade.
    Grade {
        op: Spanned<CompareOp>,
        grade: Spanned<u32>,
        span: Span,
    },
    /// `condition "..."`: a print-only eligibility condition (health, conduct).
    Condition(Text),
    /// `residence "..."`
    Residence(Text),
    /// `deadline 2014-04-11 [17:00]`
    Deadline {
        date: Spanned<Date>,
        time: Option<Spanned<ClockTime>>,
        span: Span,
    },
    /// `fee service 100 CNY` (kind: service, entry, ...)
    Fee {
        kind: Ident,
        money: Money,
        span: Span,
    },
    /// `deposit 100 CNY refund "..."`
    Deposit {
        money: Money,
        refund: Option<Text>,
        span: Span,
    },
    /// `subsidy "女子国家大师" 500 CNY limit 10`
    Subsidy {
        who: Text,
        money: Money,
        limit: Option<Spanned<u32>>,
        span: Span,
    },
    /// `staff per "境外队" coach_or_leader 1` / `staff per pool taipei leader 1 coach 1`
    Staff {
        per: StaffUnit,
        roles: Vec<(Ident, Spanned<u32>)>,
        span: Span,
    },
    /// `player ID "name" { attributes }`: a named entrant.
    Player(PlayerDecl),
    /// `insurance "..."`: who buys accident insurance (print-only).
    Insurance(Text),
    /// `team_size 4..6` (or `team_size 4`): players a team registers, in a team event.
    TeamSize {
        min: Spanned<u32>,
        max: Spanned<u32>,
        span: Span,
    },
    /// `team t1 "北京队"`: a named team; its players say `team t1`.
    Team(TeamDecl),
    /// `quota per unit 3 men 2 women 1 except category champions`: the most entrants one unit
    /// (or federation) may have, by sex where given; a category's players are not counted.
    Quota(EntryQuota),
}

/// The entry quota of one unit or federation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EntryQuota {
    /// `unit` or `federation`, as written.
    pub per: Ident,
    pub total: Spanned<u32>,
    /// `men 2`, `women 1`: the word as written (checked by the checker) and its number.
    pub by_sex: Vec<(Ident, Spanned<u32>)>,
    /// `except category C`: the category whose players the quota does not count.
    pub except: Option<Ident>,
    pub span: Span,
}

/// `team t1 "北京队" [en "Beijing"]`: a team of a team event, in `entry` or a test's `roster`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamDecl {
    pub id: Ident,
    pub name: Text,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum StaffUnit {
    Text(Text),
    Pool(Ident),
}

/// A comparison in a condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum CompareOp {
    Lt,
    Le,
    Eq,
    Ge,
    Gt,
}

/// `pool rated 9 "等级分前9位" { ... }`: a part of the field with a size and a source.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pool {
    pub name: Ident,
    /// None: as many as qualify (002's qualifiers).
    pub size: Option<Spanned<u32>>,
    pub title: Option<Text>,
    pub source: Vec<PoolSource>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PoolSource {
    /// `named`: the players are named in `player` lines.
    Named(Span),
    /// `rating top 9 as_of 2013-12-31`
    RatingTop {
        count: Spanned<u32>,
        as_of: Option<Spanned<Date>>,
        span: Span,
    },
    /// `sex men` inside a pool: the pool only takes this sex.
    Sex(Ident),
    /// `title >= master`
    Title {
        op: Spanned<CompareOp>,
        title: Ident,
        span: Span,
    },
    /// `excluding pool champions`: not already in that pool.
    Excluding(Ident),
    /// `category pupils_low`: the pool takes only members of this category (a group open to
    /// one school year band, 组别条件); a roster row in the pool outside it is refused.
    Category(Ident),
    /// `refusals next_in_line` / `replacement next_in_line`: who takes a place that is declined.
    /// `until 16`: the lowest place a replacement may come from.
    Replacement {
        rule: Ident,
        until: Option<Spanned<u32>>,
        span: Span,
    },
    /// `replacement from pool reserve`: the places this pool's players decline (the pool's size
    /// less its roster rows) are filled down another pool's ranking; that pool's rows enter only
    /// as such replacements.
    /// `by rating|place|order`: how the reserve pool is ranked (absent: by rating).
    ReplacementFrom {
        pool: Ident,
        by: Option<Ident>,
        span: Span,
    },
    /// `nominated_by "中华台北象棋协会"`
    NominatedBy(Text),
    /// `qualifiers "地市州分站赛" top 12`: qualifiers from earlier events.
    Qualifiers {
        event: Text,
        top: Option<Spanned<u32>>,
        span: Span,
    },
    /// `quota "越南" 2`: a federation quota inside the pool.
    Quota {
        who: Text,
        count: Spanned<u32>,
        span: Span,
    },
    /// `host_player 1 [when_odd]`: places reserved for the host; with `when_odd` the pool's
    /// players play only when the field without them is odd (东道主补位).
    Host {
        count: Spanned<u32>,
        when_odd: Option<Span>,
        span: Span,
    },
    /// `staff leader 1 coach 1`
    Staff {
        roles: Vec<(Ident, Spanned<u32>)>,
        span: Span,
    },
    /// `invite CHN 2 VIE 2 MAS 1`: the federations invited to the pool (邀请名单), each
    /// sending at most its number; a roster row of the pool from another federation, or one
    /// too many of a federation, is refused.
    Invite {
        list: Vec<(Ident, Spanned<u32>)>,
        span: Span,
    },
    /// `"..."` a print-only remark on the pool.
    Remark(Text),
}

/// `player xu "许银川" en "Xu Yinchuan" { unit "广东" pool champions rating 2650 ... }`
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerDecl {
    pub id: Ident,
    pub name: Text,
    pub attrs: Vec<PlayerAttr>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum PlayerAttr {
    Unit(Text),
    Pool(Ident),
    Rating(Spanned<u32>),
    /// `sex men|women`
    Sex(Ident),
    Born(Spanned<Date>),
    Title(Ident),
    /// `federation CHN`
    Federation(Ident),
    /// `order 3`: registration or list order.
    Order(Spanned<u32>),
    /// `seed 1`: seeding rank where the regulation seeds players.
    Seed(Spanned<u32>),
    /// `team t1`: the team the player plays for (board order by `order`).
    Team(Ident),
    /// `grade 7`: the player's grade (段位, 1 to 9).
    Grade(Spanned<u32>),
    /// `school_year 3`: the player's school year (年级, 1 to 12).
    SchoolYear(Spanned<u32>),
    /// `club "..."`: the player's club.
    Club(Text),
    /// `residence "..."`: where the player lives.
    Residence(Text),
    /// `qualified 5`: the place the player took in the qualifying event of its pool
    /// (`pool city { qualifiers "地市州分站赛" top 12 }`).
    Qualified(Spanned<u32>),
}

/// `category open_men "公开组男子" en "Open, men" { born 1956-01-01 .. 1999-12-31  sex men }`
///
/// A category is a set of players by birth date, sex, title and pool; stages pair inside one
/// (`entrants category ...`), prizes and qualification pay by one. A player may be in several.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Category {
    pub name: Ident,
    pub title: Option<Text>,
    pub conditions: Vec<CategoryCond>,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum CategoryCond {
    /// `born 1956-01-01 .. 1999-12-31`, `born .. 1955-12-31`, `born before 1956-01-01`
    Born(DateWindow),
    Sex(Ident),
    /// `title >= master`
    Title {
        op: Spanned<CompareOp>,
        title: Ident,
        span: Span,
    },
    /// `pool pro`
    Pool(Ident),
    /// `within open_all`: a sub-category of another (men of a section).
    Within(Ident),
    /// `requires "70周岁以上需家属陪同"`: a print-only condition.
    Requires(Text),
    /// `age >= 70 [on 2026-06-30] [requires "..."]`: age in whole years on the first day, or on
    /// the stated day (with `requires`, a print-only remark with a number).
    Age {
        op: Spanned<CompareOp>,
        years: Spanned<u32>,
        on: Option<Spanned<Date>>,
        requires: Option<Text>,
        span: Span,
    },
    /// `federation CHN VIE` (any of them) or `federation not CHN VIE` (none of them).
    Federation {
        not: bool,
        codes: Vec<Ident>,
        span: Span,
    },
    /// `grade >= 7` (段位)
    Grade {
        op: Spanned<CompareOp>,
        grade: Spanned<u32>,
        span: Span,
    },
    /// `rating < 2000` (a rating band: 等级分2000分以下)
    Rating {
        op: Spanned<CompareOp>,
        rating: Spanned<u32>,
        span: Span,
    },
    /// `school_year 1..6` or `school_year >= 3` (年级)
    SchoolYear {
        years: SchoolYears,
        span: Span,
    },
    /// `club "..."`
    Club(Text),
    /// `residence "..."`
    Residence(Text),
    /// `players xu lv`: a named list of players declared by `player` lines.
    Players {
        ids: Vec<Ident>,
        span: Span,
    },
}

/// The school years of a `school_year` condition, as written.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum SchoolYears {
    /// `school_year 1..6` (or `school_year 3`: one year)
    Range {
        from: Spanned<u32>,
        to: Spanned<u32>,
    },
    /// `school_year == 3`, `school_year >= 7`
    Compare {
        op: Spanned<CompareOp>,
        year: Spanned<u32>,
    },
}

impl EntryClause {
    /// The span of the whole clause, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            EntryClause::Field(n) => n.span,
            EntryClause::FieldOpen(s) => *s,
            EntryClause::Cap { span, .. }
            | EntryClause::AssumeField { span, .. }
            | EntryClause::Age { span, .. }
            | EntryClause::Title { span, .. }
            | EntryClause::Grade { span, .. }
            | EntryClause::Deadline { span, .. }
            | EntryClause::Fee { span, .. }
            | EntryClause::Deposit { span, .. }
            | EntryClause::Subsidy { span, .. }
            | EntryClause::Staff { span, .. }
            | EntryClause::TeamSize { span, .. } => *span,
            EntryClause::Team(t) => t.span,
            EntryClause::Quota(q) => q.span,
            EntryClause::Pool(p) => p.span,
            EntryClause::Player(p) => p.span,
            EntryClause::Sex(i) => i.span,
            EntryClause::Condition(t) | EntryClause::Residence(t) | EntryClause::Insurance(t) => {
                t.span
            }
        }
    }
}

impl PoolSource {
    /// The span of the whole source line of a pool, whatever its kind.
    pub fn span(&self) -> Span {
        match self {
            PoolSource::Named(s) => *s,
            PoolSource::RatingTop { span, .. }
            | PoolSource::Title { span, .. }
            | PoolSource::Replacement { span, .. }
            | PoolSource::ReplacementFrom { span, .. }
            | PoolSource::Qualifiers { span, .. }
            | PoolSource::Quota { span, .. }
            | PoolSource::Host { span, .. }
            | PoolSource::Invite { span, .. }
            | PoolSource::Staff { span, .. } => *span,
            PoolSource::Sex(i) | PoolSource::Excluding(i) | PoolSource::Category(i) => i.span,
            PoolSource::NominatedBy(t) | PoolSource::Remark(t) => t.span,
        }
    }
}
