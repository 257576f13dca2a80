//! Every clause of a syntax tree with its [`ClauseKind`] and span. Each match is exhaustive (no
//! `_` arm): a new AST variant does not compile until it is given a kind, and so a status.

use xqreg_grammar::ast::{
    CategoryCond, EntryClause, Format, HeaderClause, Item, KnockoutClause, PlayerAttr, PlayerDecl,
    PlayoffChain, PlayoffRef, PlayoffStep, PoolSource, PrizeKey, ScenarioRoster, SlotKind,
    StageClause, TiebreakChain, TimeClause,
};
use xqreg_grammar::Span;

use super::ClauseKind as K;

/// One clause found in the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub kind: K,
    pub span: Span,
    /// The keyword of a conduct, registration or expenses clause.
    pub word: Option<String>,
}

/// Every clause of the items, in source order (supplement items included).
pub fn clauses(items: &[Item]) -> Vec<Found> {
    let mut w = Walker { out: Vec::new() };
    for item in items {
        w.item(item);
    }
    w.out
}

/// The kind and span of one stage clause itself (not of the clauses inside it).
pub fn stage_clause(c: &StageClause) -> Found {
    let mut w = Walker { out: Vec::new() };
    w.stage(c);
    // Every stage clause pushes its own kind first.
    w.out.swap_remove(0)
}

struct Walker {
    out: Vec<Found>,
}

impl Walker {
    fn push(&mut self, kind: K, span: Span) {
        self.out.push(Found {
            kind,
            span,
            word: None,
        });
    }

    fn word(&mut self, kind: K, span: Span, word: &str) {
        self.out.push(Found {
            kind,
            span,
            word: Some(word.to_string()),
        });
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Regulation(r) => {
                for c in &r.clauses {
                    self.push(header(c), c.span());
                }
            }
            Item::Organisers(o) => o
                .roles
                .iter()
                .for_each(|r| self.push(K::OrganiserRole, r.span)),
            Item::Contacts(c) => c
                .contacts
                .iter()
                .for_each(|c| self.push(K::Contact, c.span)),
            Item::Scoring(s) => {
                for (key, value) in &s.points {
                    self.push(K::ScoringPoints, key.span.join(value.span));
                }
                if let Some(m) = &s.matches {
                    for (key, value) in m {
                        self.push(K::ScoringMatch, key.span.join(value.span));
                    }
                }
            }
            Item::TimeControl(t) => {
                for c in &t.clauses {
                    let (kind, span) = time(c);
                    self.push(kind, span);
                }
            }
            Item::Entry(e) => e.clauses.iter().for_each(|c| self.entry(c)),
            Item::Category(c) => {
                for cond in &c.conditions {
                    let (kind, span) = category(cond);
                    self.push(kind, span);
                }
            }
            Item::Stage(s) => s.clauses.iter().for_each(|c| self.stage(c)),
            Item::Playoff(p) => self.playoff(p),
            Item::Places(p) => self.push(K::PlacesDecl, p.span),
            Item::Ranking(r) => {
                let clauses = [
                    (K::RankingFrom, r.from.as_ref().map(|x| x.span)),
                    (K::RankingBy, r.by.as_ref().map(|x| x.span)),
                    (K::RankingSum, r.sum.as_ref().map(|x| x.span)),
                    (K::RankingShort, r.short.as_ref().map(|x| x.span)),
                ];
                for s in &r.also_from {
                    self.push(K::RankingFrom, s.span);
                }
                for (kind, span) in clauses {
                    if let Some(span) = span {
                        self.push(kind, span);
                    }
                }
            }
            Item::Prizes(p) => self.prizes(p),
            Item::BoardPrizes(b) => self.board_prizes(b),
            Item::Qualification(q) => {
                q.quotas
                    .iter()
                    .for_each(|x| self.push(K::QualificationQuota, x.span));
                if let Some(r) = &q.replacement {
                    self.push(K::QualificationReplacement, r.span);
                }
                for (role, n) in &q.staff {
                    self.push(K::QualificationStaff, role.span.join(n.span));
                }
            }
            Item::Conduct(c) => {
                for r in &c.rules {
                    self.word(K::ConductRule, r.span, &r.kind.node);
                }
            }
            Item::Schedule(s) => self.schedule(s),
            Item::Registration(r) => {
                for c in &r.clauses {
                    self.word(K::RegistrationClause, c.span, &c.kind.node);
                }
            }
            Item::Expenses(e) => {
                for c in &e.clauses {
                    self.word(K::ExpensesClause, c.span, &c.kind.node);
                }
            }
            Item::Note(n) => self.push(K::Note, n.span),
            Item::Supplement(s) => {
                self.push(K::Supplement, s.span);
                if let Some(by) = &s.by {
                    self.push(K::SupplementBy, by.span);
                }
                for si in &s.items {
                    self.item(&si.item);
                }
            }
            Item::Roster(r) => self.push(K::RosterDecl, r.span),
            Item::Test(t) => self.scenario(t),
            Item::Broken(_) => {}
        }
    }

    /// A prize table: its tax, each line and its awards, the declared total.
    fn prizes(&mut self, p: &xqreg_grammar::ast::Prizes) {
        if let Some(tax) = &p.tax {
            self.push(K::PrizeTax, tax.span);
        }
        for line in &p.lines {
            let kind = match &line.key {
                PrizeKey::Places(_) => K::PrizeLine,
                PrizeKey::Eliminated { .. } => K::PrizeEliminated,
                PrizeKey::Completed(_) => K::PrizeCompleted,
            };
            self.push(kind, line.span);
            for item in &line.items {
                self.push(K::PrizeItem, item.span());
            }
        }
        if let Some(t) = &p.total {
            self.push(K::PrizeTotal, t.span);
        }
        for limit in &p.limits {
            self.push(K::PrizeLimit, limit.span);
        }
    }

    fn board_prizes(&mut self, b: &xqreg_grammar::ast::BoardPrizes) {
        let clauses = [
            (K::BoardPrizesFrom, b.from.as_ref().map(|x| x.span)),
            (K::BoardPrizesBoards, b.boards.as_ref().map(|x| x.span)),
            (K::BoardPrizesBy, b.by.as_ref().map(|x| x.span)),
            (K::BoardPrizesMinGames, b.min_games.as_ref().map(|x| x.span)),
            (K::BoardPrizesTies, b.ties.as_ref().map(|x| x.1)),
        ];
        for (kind, span) in clauses {
            if let Some(span) = span {
                self.push(kind, span);
            }
        }
        for line in &b.lines {
            self.push(K::BoardPrizeLine, line.span);
            for item in &line.items {
                self.push(K::PrizeItem, item.span());
            }
        }
    }

    /// The schedule: each slot, and the text of a schedule to be announced.
    fn schedule(&mut self, s: &xqreg_grammar::ast::Schedule) {
        for day in &s.days {
            if let Some(v) = &day.venue {
                self.push(K::ScheduleVenue, v.span);
            }
            for slot in &day.slots {
                let kind = match &slot.kind {
                    SlotKind::Rounds(_) => K::ScheduleRound,
                    SlotKind::Event(_) => K::ScheduleEvent,
                };
                self.push(kind, slot.span);
            }
        }
        if let Some(t) = &s.tbd {
            self.push(K::ScheduleTbd, t.span);
        }
    }

    /// A scenario test: roster, seed, draws, results and expectations.
    fn scenario(&mut self, t: &xqreg_grammar::ast::Scenario) {
        if let Some(r) = &t.roster {
            let span = match r {
                ScenarioRoster::Players { span, .. }
                | ScenarioRoster::Named { span, .. }
                | ScenarioRoster::Generated { span, .. } => *span,
            };
            self.push(K::TestRoster, span);
        }
        if let Some(s) = &t.seed {
            self.push(K::TestSeed, s.span);
        }
        t.draws.iter().for_each(|d| self.push(K::TestDraw, d.span));
        for r in &t.results {
            self.push(K::TestResult, r.span());
        }
        for e in &t.expects {
            self.push(K::TestExpect, e.span());
        }
    }

    /// An entry clause with the AST's span of it; a pool's source lines and a player's
    /// attributes after it.
    fn entry(&mut self, c: &EntryClause) {
        self.push(entry(c), c.span());
        if let EntryClause::Pool(p) = c {
            // In a qualifiers' pool the replacement rule is read: it admits the next in line
            // below the top N. Elsewhere it is printed only.
            let qualifiers = p
                .source
                .iter()
                .any(|s| matches!(s, PoolSource::Qualifiers { .. }));
            p.source.iter().for_each(|s| {
                let kind = match (pool_source(s), qualifiers) {
                    (K::PoolReplacement, true) => K::PoolQualifiersReplacement,
                    (kind, _) => kind,
                };
                self.push(kind, s.span());
                if let PoolSource::Host {
                    when_odd: Some(w), ..
                } = s
                {
                    self.push(K::PoolHostWhenOdd, *w);
                }
            });
        }
        if let EntryClause::Player(p) = c {
            self.player(p);
        }
    }

    /// A player's attributes (its own kind and span are the entry clause's).
    fn player(&mut self, p: &PlayerDecl) {
        for a in &p.attrs {
            let (kind, span) = match a {
                PlayerAttr::Unit(t) => (K::PlayerUnit, t.span),
                PlayerAttr::Pool(i) => (K::PlayerPool, i.span),
                PlayerAttr::Rating(n) => (K::PlayerRating, n.span),
                PlayerAttr::Sex(i) => (K::PlayerSex, i.span),
                PlayerAttr::Born(d) => (K::PlayerBorn, d.span),
                PlayerAttr::Title(i) => (K::PlayerTitle, i.span),
                PlayerAttr::Federation(i) => (K::PlayerFederation, i.span),
                PlayerAttr::Order(n) => (K::PlayerOrder, n.span),
                PlayerAttr::Seed(n) => (K::PlayerSeed, n.span),
                PlayerAttr::Team(i) => (K::PlayerTeam, i.span),
                PlayerAttr::Grade(n) => (K::PlayerGrade, n.span),
                PlayerAttr::SchoolYear(n) => (K::PlayerSchoolYear, n.span),
                PlayerAttr::Club(t) => (K::PlayerClub, t.span),
                PlayerAttr::Residence(t) => (K::PlayerResidence, t.span),
                PlayerAttr::Qualified(n) => (K::PlayerQualified, n.span),
            };
            self.push(kind, span);
        }
    }

    fn stage(&mut self, c: &StageClause) {
        let (kind, span) = match c {
            StageClause::Format(f) => {
                let (kind, span) = format(f);
                self.push(kind, span);
                if let Format::Knockout(ko) = f {
                    for k in &ko.clauses {
                        let (kind, span) = knockout(k);
                        self.push(kind, span);
                    }
                }
                return;
            }
            StageClause::Entrants { span, .. } => (K::Entrants, *span),
            StageClause::Time(i) => (K::StageTime, i.span),
            StageClause::Assume { span, .. } => (K::StageAssume, *span),
            StageClause::Scoring(i) => (K::StageScoring, i.span),
            StageClause::Draw(d) => {
                self.push(K::Draw, d.span);
                for r in &d.rules {
                    use xqreg_grammar::ast::DrawRule as D;
                    let kind = match r {
                        D::PoolQuota { .. } => K::DrawPoolQuota,
                        D::Pot { .. } => K::DrawPot,
                        D::RatingSeeds { .. } => K::DrawRatingSeeds,
                        D::Rest { .. } => K::DrawRest,
                        D::Avoid { .. } => K::DrawAvoid,
                        D::Numbers { .. } => K::DrawNumbers,
                    };
                    self.push(kind, r.span());
                }
                return;
            }
            StageClause::Numbers(xqreg_grammar::ast::Numbers::Parity { span, .. }) => {
                (K::NumbersParity, *span)
            }
            StageClause::Numbers(xqreg_grammar::ast::Numbers::Rule(r))
                if r.node == "entrants_order" =>
            {
                (K::NumbersEntrantsOrder, r.span)
            }
            StageClause::Numbers(n) => (K::Numbers, n.span()),
            StageClause::FirstRound { span, .. } => (K::FirstRound, *span),
            StageClause::Colours {
                team: Some(_),
                span,
                ..
            } => (K::TeamColours, *span),
            StageClause::Colours { span, .. } => (K::Colours, *span),
            StageClause::Avoid { span, .. } => (K::Avoid, *span),
            StageClause::ColourLimits { span, .. } => (K::ColourLimits, *span),
            StageClause::ColourTie { span, .. } => (K::ColourTie, *span),
            StageClause::Bye { span, .. } => (K::Bye, *span),
            StageClause::ForfeitMet { span, .. } => (K::ForfeitMet, *span),
            StageClause::Tiebreak(t) => {
                self.chain(K::Tiebreak, t);
                return;
            }
            StageClause::Playoff(p) => {
                match p {
                    PlayoffRef::Named(i) => self.push(K::StagePlayoff, i.span),
                    PlayoffRef::Inline(chain) => {
                        self.push(K::StagePlayoff, chain.span);
                        self.playoff(chain);
                    }
                }
                return;
            }
            StageClause::Places(r) => (K::StagePlaces, r.span),
            StageClause::Split { span, .. } => (K::Split, *span),
            StageClause::LateEntry { span, .. } => (K::LateEntry, *span),
            StageClause::Cap { span, .. } => (K::StageCap, *span),
            StageClause::Lineup {
                mode,
                deadline,
                colour_balance,
                span,
                ..
            } => {
                self.push(K::Lineup, *span);
                if mode.node == "each_round" {
                    self.push(K::LineupEachRound, mode.span);
                }
                if let Some(d) = deadline {
                    self.push(K::LineupDeadline, d.span);
                }
                if let Some(k) = colour_balance {
                    self.push(K::LineupColourBalance, k.span);
                }
                return;
            }
            StageClause::ScoreSheets { span, .. } => (K::ScoreSheets, *span),
            StageClause::SameAs(i) => (K::SameAs, i.span),
            StageClause::Note(t) => (K::StageNote, t.span),
        };
        self.push(kind, span);
    }

    fn chain(&mut self, kind: K, t: &TiebreakChain) {
        self.push(kind, t.span);
        t.criteria
            .iter()
            .for_each(|c| self.push(criterion_kind(c), c.span));
    }

    fn playoff(&mut self, p: &PlayoffChain) {
        for s in &p.steps {
            match s {
                PlayoffStep::Game { span, .. } => self.push(K::PlayoffGame, *span),
                PlayoffStep::Armageddon { span, .. } => self.push(K::PlayoffArmageddon, *span),
                PlayoffStep::Lots(span) => self.push(K::PlayoffLots, *span),
                PlayoffStep::EarlierGame(span) => self.push(K::PlayoffEarlierGame, *span),
                PlayoffStep::Black(span) => self.push(K::PlayoffBlack, *span),
                PlayoffStep::Tiebreak(t) => self.chain(K::PlayoffTiebreak, t),
            }
        }
    }
}

/// The kind of a stage's format.
pub fn format(f: &Format) -> (K, Span) {
    match f {
        Format::RoundRobin { span, .. } => (K::RoundRobin, *span),
        Format::Swiss {
            boards: Some(_),
            span,
            ..
        } => (K::TeamSwiss, *span),
        Format::Swiss { span, .. } => (K::Swiss, *span),
        Format::Knockout(k) => (K::Knockout, k.span),
        Format::SamePlace { span, .. } => (K::SamePlace, *span),
        Format::TeamRoundRobin { span, .. } => (K::TeamRoundRobin, *span),
    }
}

fn knockout(k: &KnockoutClause) -> (K, Span) {
    match k {
        KnockoutClause::Bracket { span, .. } => (K::KoBracket, *span),
        KnockoutClause::Seeded { span, .. } => (K::KoSeeded, *span),
        KnockoutClause::Seeding { span, .. } => (K::KoSeeding, *span),
        KnockoutClause::Seeds { span, .. } => (K::KoSeeds, *span),
        KnockoutClause::Games(n) => (K::KoGames, n.span),
        KnockoutClause::Boards(n) => (K::KoBoards, n.span),
        KnockoutClause::ThirdPlace(s) => (K::KoThirdPlace, *s),
        KnockoutClause::Placement(s) => (K::KoPlacement, *s),
        KnockoutClause::OnlyIfTied(s) => (K::KoOnlyIfTied, *s),
        KnockoutClause::Byes { span, .. } => (K::KoByes, *span),
    }
}

fn header(c: &HeaderClause) -> K {
    match c {
        HeaderClause::Edition(_) => K::Edition,
        HeaderClause::Issued { .. } => K::Issued,
        HeaderClause::Dates { .. } => K::Dates,
        HeaderClause::Venue(_) => K::Venue,
        HeaderClause::Rulebook { .. } => K::Rulebook,
        HeaderClause::Event { .. } => K::EventKind,
        HeaderClause::Interpretation(_) => K::Interpretation,
        HeaderClause::PrizeFund(_) => K::PrizeFund,
        HeaderClause::OneCashPrize { .. } => K::OneCashPrize,
        HeaderClause::Official { .. } => K::Official,
    }
}

fn time(c: &TimeClause) -> (K, Span) {
    match c {
        TimeClause::Base(d) => (K::TimeBase, d.span),
        TimeClause::Red(d) => (K::TimeRed, d.span),
        TimeClause::Black(d) => (K::TimeBlack, d.span),
        TimeClause::Increment(d) => (K::TimeIncrement, d.span),
        TimeClause::SuddenDeath(s) => (K::TimeSuddenDeath, *s),
        TimeClause::FlagLoses(s) => (K::TimeFlagLoses, *s),
        TimeClause::DrawGoesTo(i) => (K::TimeDrawGoesTo, i.span),
        TimeClause::Moves { span, .. } => (K::TimeMoves, *span),
    }
}

/// The kind of an entry clause (its span is the AST's).
fn entry(c: &EntryClause) -> K {
    match c {
        EntryClause::Field(_) => K::Field,
        EntryClause::FieldOpen(_) => K::FieldOpen,
        EntryClause::Cap { .. } => K::Cap,
        EntryClause::AssumeField { .. } => K::AssumeField,
        EntryClause::Pool(_) => K::Pool,
        EntryClause::Age {
            requires: Some(_), ..
        } => K::AgeRequires,
        EntryClause::Age { .. } => K::Age,
        EntryClause::Title { .. } => K::EntryTitle,
        EntryClause::Sex(_) => K::EntrySex,
        EntryClause::Grade { .. } => K::EntryGrade,
        EntryClause::Condition(_) => K::Condition,
        EntryClause::Residence(_) => K::Residence,
        EntryClause::Deadline { .. } => K::Deadline,
        EntryClause::Fee { .. } => K::Fee,
        EntryClause::Deposit { .. } => K::Deposit,
        EntryClause::Subsidy { .. } => K::Subsidy,
        EntryClause::Staff { .. } => K::Staff,
        EntryClause::Player(_) => K::Player,
        EntryClause::Insurance(_) => K::Insurance,
        EntryClause::TeamSize { .. } => K::TeamSize,
        EntryClause::Team(_) => K::Team,
        EntryClause::Quota(_) => K::EntryQuota,
    }
}

fn pool_source(s: &PoolSource) -> K {
    match s {
        PoolSource::Named(_) => K::PoolNamed,
        PoolSource::RatingTop { .. } => K::PoolRatingTop,
        PoolSource::Sex(_) => K::PoolSex,
        PoolSource::Title { .. } => K::PoolTitle,
        PoolSource::Excluding(_) => K::PoolExcluding,
        PoolSource::Category(_) => K::PoolCategory,
        PoolSource::Replacement { until: Some(_), .. } => K::PoolReplacementUntil,
        PoolSource::Replacement { .. } => K::PoolReplacement,
        PoolSource::ReplacementFrom { .. } => K::PoolReplacementFrom,
        PoolSource::NominatedBy(_) => K::PoolNominatedBy,
        PoolSource::Qualifiers { .. } => K::PoolQualifiers,
        PoolSource::Quota { .. } => K::PoolQuota,
        PoolSource::Host { .. } => K::PoolHost,
        PoolSource::Staff { .. } => K::PoolStaff,
        PoolSource::Invite { .. } => K::PoolInvite,
        PoolSource::Remark(_) => K::PoolRemark,
    }
}

fn category(c: &CategoryCond) -> (K, Span) {
    match c {
        CategoryCond::Born(w) => (K::CategoryBorn, w.span),
        CategoryCond::Sex(i) => (K::CategorySex, i.span),
        CategoryCond::Title { span, .. } => (K::CategoryTitle, *span),
        CategoryCond::Pool(i) => (K::CategoryPool, i.span),
        CategoryCond::Within(i) => (K::CategoryWithin, i.span),
        CategoryCond::Requires(t) => (K::CategoryRequires, t.span),
        CategoryCond::Age {
            requires, on, span, ..
        } => match (requires, on) {
            (Some(_), _) => (K::CategoryAgeRequires, *span),
            (None, Some(_)) => (K::CategoryAgeOn, *span),
            (None, None) => (K::CategoryAge, *span),
        },
        CategoryCond::Federation { span, .. } => (K::CategoryFederation, *span),
        CategoryCond::Grade { span, .. } => (K::CategoryGrade, *span),
        CategoryCond::Rating { span, .. } => (K::CategoryRating, *span),
        CategoryCond::SchoolYear { span, .. } => (K::CategorySchoolYear, *span),
        CategoryCond::Club(t) => (K::CategoryClub, t.span),
        CategoryCond::Residence(t) => (K::CategoryResidence, t.span),
        CategoryCond::Players { span, .. } => (K::CategoryPlayers, *span),
    }
}

/// `shared` (如仍相同，名次并列) ends a chain with a shared place, not a criterion that orders:
/// a kind of its own.
fn criterion_kind(c: &xqreg_grammar::ast::Criterion) -> K {
    match crate::check::criteria::lookup(&c.name.node) {
        crate::check::criteria::Lookup::Crit(crate::check::criteria::Crit::Shared) => {
            K::CriterionShared
        }
        _ => K::Criterion,
    }
}
