//! Every clause of the effective regulation, with its span and a short description: what the
//! sheet must print. The coverage test compares this list with the spans the builder marked
//! while writing the sheet. Written independently of the builder (a walk over the AST), so a
//! clause the builder forgets shows up here as missing.

use super::source::Source;
use xqreg_grammar::ast::*;

/// A clause the sheet must carry.
#[derive(Clone, Debug)]
pub struct Required {
    pub span: Span,
    pub what: &'static str,
}

struct Walk(Vec<Required>);

impl Walk {
    fn add(&mut self, span: Span, what: &'static str) {
        self.0.push(Required { span, what });
    }
    fn text(&mut self, t: &Text, what: &'static str) {
        self.add(t.span, what);
    }
    fn place_ref(&mut self, r: &PlaceRef) {
        self.add(r.span, "place reference");
    }
    fn chain(&mut self, c: &TiebreakChain) {
        self.add(c.span, "tie-break chain");
        for cr in &c.criteria {
            self.add(cr.span, "tie-break criterion");
            for v in &cr.variants {
                self.add(v.span, "criterion variant");
            }
            for p in &cr.params {
                self.add(p.span, "criterion option");
            }
        }
    }
    fn playoff(&mut self, p: &PlayoffChain) {
        self.add(p.span, "playoff chain");
        for s in &p.steps {
            match s {
                PlayoffStep::Game { span, .. } | PlayoffStep::Armageddon { span, .. } => {
                    self.add(*span, "playoff step")
                }
                PlayoffStep::Lots(span)
                | PlayoffStep::EarlierGame(span)
                | PlayoffStep::Black(span) => self.add(*span, "playoff step"),
                PlayoffStep::Tiebreak(c) => self.chain(c),
            }
        }
    }
}

/// Every clause of the effective items and of the supplements.
pub fn required(src: &Source<'_>) -> Vec<Required> {
    let mut w = Walk(Vec::new());
    for e in src.iter() {
        item(&mut w, e.item);
    }
    for s in &src.supplements {
        w.add(s.span, "supplement");
        w.text(&s.title, "supplement title");
        if let Some(by) = &s.by {
            w.text(by, "supplement issuer");
        }
        for si in &s.items {
            w.add(si.span, "supplement item");
        }
    }
    w.0
}

fn item(w: &mut Walk, item: &Item) {
    match item {
        Item::Regulation(r) => regulation_item(w, r),
        Item::Organisers(o) => organisers_item(w, o),
        Item::Contacts(c) => contacts_item(w, c),
        Item::Scoring(s) => scoring_item(w, s),
        Item::TimeControl(t) => time_control_item(w, t),
        Item::Entry(e) => {
            w.add(e.span, "entry");
            for c in &e.clauses {
                entry_clause(w, c);
            }
        }
        Item::Category(c) => category_item(w, c),
        Item::Stage(s) => stage(w, s),
        Item::Playoff(p) => w.playoff(p),
        Item::Ranking(r) => ranking_item(w, r),
        Item::Places(p) => places_item(w, p),
        Item::Prizes(p) => prizes_item(w, p),
        Item::BoardPrizes(b) => {
            w.add(b.name.span, "board prizes name");
            for (span, what) in [
                (b.from.as_ref().map(|x| x.span), "board prizes from"),
                (b.boards.as_ref().map(|x| x.span), "board prizes boards"),
                (b.by.as_ref().map(|x| x.span), "board prizes measure"),
                (b.min_games.as_ref().map(|x| x.span), "board prizes minimum"),
                (b.ties.as_ref().map(|x| x.1), "board prizes ties"),
            ] {
                if let Some(span) = span {
                    w.add(span, what);
                }
            }
            prizes_item(w, &b.as_table());
        }
        Item::Qualification(q) => qualification_item(w, q),
        Item::Conduct(c) => conduct_item(w, c),
        Item::Schedule(s) => schedule_item(w, s),
        Item::Registration(Registration { clauses, span })
        | Item::Expenses(Expenses { clauses, span }) => {
            w.add(*span, "administrative block");
            for c in clauses {
                w.add(c.span, "administrative clause");
                for a in &c.args {
                    w.add(a.span(), "administrative argument");
                }
            }
        }
        Item::Note(n) => note_item(w, n),
        Item::Supplement(_) | Item::Roster(_) | Item::Test(_) | Item::Broken(_) => {}
    }
}

fn regulation_item(w: &mut Walk, r: &Regulation) {
    w.add(r.span, "regulation");
    w.text(&r.title, "title");
    for c in &r.clauses {
        match c {
            HeaderClause::Edition(n) => w.add(n.span, "edition"),
            HeaderClause::Issued { span, .. } => w.add(*span, "issued"),
            HeaderClause::Dates { span, .. } => w.add(*span, "dates"),
            HeaderClause::Venue(t) => w.text(t, "venue"),
            HeaderClause::Rulebook { span, .. } => w.add(*span, "rulebook"),
            HeaderClause::Event { span, .. } => w.add(*span, "event"),
            HeaderClause::Interpretation(t) => w.text(t, "interpretation"),
            HeaderClause::PrizeFund(m) => w.add(m.span, "prize fund"),
            HeaderClause::OneCashPrize { span } => w.add(*span, "one cash prize"),
            HeaderClause::Official { span, .. } => w.add(*span, "official"),
        }
    }
}

fn organisers_item(w: &mut Walk, o: &Organisers) {
    w.add(o.span, "organisers");
    for r in &o.roles {
        w.add(r.span, "organiser role");
        for n in &r.names {
            w.text(n, "organiser");
        }
    }
}

fn contacts_item(w: &mut Walk, c: &Contacts) {
    w.add(c.span, "contacts");
    for x in &c.contacts {
        w.add(x.span, "contact");
        for (_, v) in &x.fields {
            w.text(v, "contact field");
        }
    }
}

fn scoring_item(w: &mut Walk, s: &Scoring) {
    w.add(s.span, "scoring");
    for (k, v) in s.points.iter().chain(s.matches.iter().flatten()) {
        w.add(k.span, "scoring key");
        w.add(v.span, "points");
    }
}

fn time_control_item(w: &mut Walk, t: &TimeControl) {
    w.add(t.span, "time control");
    for c in &t.clauses {
        match c {
            TimeClause::Base(d)
            | TimeClause::Red(d)
            | TimeClause::Black(d)
            | TimeClause::Increment(d) => w.add(d.span, "time"),
            TimeClause::SuddenDeath(s) | TimeClause::FlagLoses(s) => w.add(*s, "time rule"),
            TimeClause::DrawGoesTo(i) => w.add(i.span, "draw odds"),
            TimeClause::Moves { span, .. } => w.add(*span, "moves control"),
        }
    }
}

fn category_item(w: &mut Walk, c: &Category) {
    w.add(c.span, "category");
    for cond in &c.conditions {
        match cond {
            CategoryCond::Born(d) => w.add(d.span, "birth window"),
            CategoryCond::Sex(i) | CategoryCond::Pool(i) | CategoryCond::Within(i) => {
                w.add(i.span, "category condition")
            }
            CategoryCond::Title { span, .. }
            | CategoryCond::Age { span, .. }
            | CategoryCond::Federation { span, .. }
            | CategoryCond::Grade { span, .. }
            | CategoryCond::Rating { span, .. }
            | CategoryCond::SchoolYear { span, .. }
            | CategoryCond::Players { span, .. } => w.add(*span, "category condition"),
            CategoryCond::Requires(t) => w.text(t, "category remark"),
            CategoryCond::Club(t) | CategoryCond::Residence(t) => w.text(t, "category condition"),
        }
    }
}

fn ranking_item(w: &mut Walk, r: &DerivedRanking) {
    w.add(r.span, "ranking");
    w.add(r.name.span, "ranking name");
    if let Some(t) = &r.title {
        w.text(t, "ranking title");
    }
    for s in &r.also_from {
        w.add(s.span, "ranking from");
    }
    for (span, what) in [
        (r.from.as_ref().map(|x| x.span), "ranking from"),
        (r.by.as_ref().map(|x| x.span), "ranking by"),
        (r.sum.as_ref().map(|x| x.span), "ranking sum"),
        (r.sum.as_ref().map(|x| x.measure.span), "ranking measure"),
        (
            r.sum.as_ref().and_then(|x| x.best.as_ref()).map(|x| x.span),
            "ranking best",
        ),
        (r.short.as_ref().map(|x| x.span), "ranking short"),
    ] {
        if let Some(span) = span {
            w.add(span, what);
        }
    }
}

fn places_item(w: &mut Walk, p: &PlacesDecl) {
    w.add(p.span, "places declaration");
    w.add(p.places.span, "places");
    for r in &p.sources {
        w.place_ref(r);
    }
    if let PlacesRule::Ranked(c) = &p.rule {
        w.chain(c);
    }
    if let Some(t) = &p.title {
        w.text(t, "places remark");
    }
}

fn prizes_item(w: &mut Walk, p: &Prizes) {
    w.add(p.span, "prizes");
    for l in &p.lines {
        w.add(l.span, "prize line");
        if let Some(m) = &l.money {
            w.add(m.span, "prize amount");
        }
        for i in &l.items {
            w.add(i.span(), "prize item");
        }
    }
    if let Some(t) = &p.total {
        w.add(t.span, "declared total");
    }
    for limit in &p.limits {
        w.add(limit.span, "places limit");
    }
}

fn qualification_item(w: &mut Walk, q: &Qualification) {
    w.add(q.span, "qualification");
    w.text(&q.title, "qualification title");
    for x in &q.quotas {
        w.add(x.span, "quota");
    }
    if let Some(r) = &q.replacement {
        w.add(r.span, "replacement");
    }
    for (r, n) in &q.staff {
        w.add(r.span, "staff role");
        w.add(n.span, "staff count");
    }
}

fn conduct_item(w: &mut Walk, c: &Conduct) {
    w.add(c.span, "conduct");
    for r in &c.rules {
        w.add(r.span, "conduct rule");
        for a in &r.args {
            w.add(a.span(), "conduct argument");
        }
        for s in &r.scope {
            w.add(s.span, "conduct scope");
        }
    }
}

fn schedule_item(w: &mut Walk, s: &Schedule) {
    w.add(s.span, "schedule");
    for d in &s.days {
        w.add(d.span, "schedule day");
        for sl in &d.slots {
            w.add(sl.span, "schedule slot");
            if let SlotKind::Rounds(rs) = &sl.kind {
                for r in rs {
                    w.add(r.span, "scheduled round");
                }
            }
        }
    }
    if let Some(t) = &s.tbd {
        w.text(t, "schedule to be announced");
    }
}

fn note_item(w: &mut Walk, n: &Note) {
    w.add(n.span, "note");
    w.text(&n.heading, "note heading");
    w.text(&n.body, "note text");
}

fn entry_clause(w: &mut Walk, c: &EntryClause) {
    match c {
        EntryClause::Pool(p) => {
            w.add(p.span, "pool");
            for s in &p.source {
                w.add(s.span(), "pool source");
                if let PoolSource::Host {
                    when_odd: Some(odd),
                    ..
                } = s
                {
                    w.add(*odd, "host when_odd");
                }
            }
        }
        EntryClause::Player(p) => {
            w.add(p.span, "player");
            w.text(&p.name, "player name");
        }
        // The AST's own span of the clause: what the sheet prints as one.
        _ => w.add(c.span(), "entry clause"),
    }
}

fn stage(w: &mut Walk, s: &Stage) {
    w.add(s.span, "stage");
    for c in &s.clauses {
        match c {
            StageClause::Format(f) => match f {
                Format::RoundRobin { span, .. }
                | Format::Swiss { span, .. }
                | Format::SamePlace { span, .. }
                | Format::TeamRoundRobin { span, .. } => w.add(*span, "format"),
                Format::Knockout(k) => {
                    w.add(k.span, "knockout");
                    for kc in &k.clauses {
                        let span = match kc {
                            KnockoutClause::Bracket { span, pairs } => {
                                for (a, b) in pairs {
                                    for slot in [a, b] {
                                        if let BracketSlot::Place(r) = slot {
                                            w.place_ref(r);
                                        }
                                    }
                                }
                                *span
                            }
                            KnockoutClause::Seeded { span, .. }
                            | KnockoutClause::Seeding { span, .. }
                            | KnockoutClause::Seeds { span, .. }
                            | KnockoutClause::Byes { span, .. } => *span,
                            KnockoutClause::Games(n) | KnockoutClause::Boards(n) => n.span,
                            KnockoutClause::ThirdPlace(s)
                            | KnockoutClause::Placement(s)
                            | KnockoutClause::OnlyIfTied(s) => *s,
                        };
                        w.add(span, "knockout clause");
                    }
                }
            },
            StageClause::Entrants { sources, span } => {
                w.add(*span, "entrants");
                for e in sources {
                    if let EntrantSource::Places(r) = e {
                        w.place_ref(r);
                    }
                }
            }
            StageClause::Time(i) | StageClause::Scoring(i) | StageClause::SameAs(i) => {
                w.add(i.span, "stage reference")
            }
            StageClause::Assume { span, .. } => w.add(*span, "assumption"),
            StageClause::Draw(d) => {
                w.add(d.span, "draw");
                for r in &d.rules {
                    w.add(r.span(), "draw rule");
                }
            }
            StageClause::Numbers(n) => w.add(n.span(), "numbers"),
            StageClause::FirstRound { span, .. }
            | StageClause::Colours { span, .. }
            | StageClause::Avoid { span, .. }
            | StageClause::ColourLimits { span, .. }
            | StageClause::ColourTie { span, .. }
            | StageClause::Bye { span, .. }
            | StageClause::ForfeitMet { span, .. }
            | StageClause::Split { span, .. }
            | StageClause::LateEntry { span, .. }
            | StageClause::Lineup { span, .. }
            | StageClause::Cap { span, .. }
            | StageClause::ScoreSheets { span, .. } => w.add(*span, "stage clause"),
            StageClause::Tiebreak(c) => w.chain(c),
            StageClause::Playoff(PlayoffRef::Named(i)) => w.add(i.span, "playoff reference"),
            StageClause::Playoff(PlayoffRef::Inline(p)) => w.playoff(p),
            StageClause::Places(r) => w.add(r.span, "places decided"),
            StageClause::Note(t) => w.text(t, "stage note"),
        }
    }
}
