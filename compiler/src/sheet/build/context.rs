//! The builder's context: the display names clauses refer to, the buckets of clauses per
//! article, the marks of rendered spans, and the helpers that word a name in the sheet's language.

use super::{derived, words, Art, Clause};
use crate::sheet::catalogue::{self as cat, M};
use crate::sheet::fmt;
use crate::sheet::source::Entry;
use crate::sheet::Lang;
use std::collections::{BTreeMap, BTreeSet};
use xqreg_grammar::ast::{self, Ident, Item, Span, Text};

/// Display names of everything a clause may refer to by identifier.
#[derive(Default)]
pub struct Names<'a> {
    pub stages: BTreeMap<&'a str, &'a ast::Stage>,
    pub stage_order: Vec<&'a str>,
    pub times: BTreeMap<&'a str, &'a ast::TimeControl>,
    pub categories: BTreeMap<&'a str, &'a ast::Category>,
    pub pools: BTreeMap<&'a str, &'a ast::Pool>,
    pub players: BTreeMap<&'a str, &'a ast::PlayerDecl>,
    /// The entry's declared teams (`team bj "北京"`): a team knockout's bracket names them.
    pub teams: BTreeMap<&'a str, &'a ast::TeamDecl>,
    pub playoffs: BTreeMap<&'a str, &'a ast::PlayoffChain>,
    pub places: Vec<&'a ast::PlacesDecl>,
    /// Derived rankings: prize tables and quotas name them as they name categories.
    pub rankings: BTreeMap<&'a str, &'a ast::DerivedRanking>,
    /// The entry's `field N`: how many players (or teams) the event takes, when fixed.
    pub field: Option<u32>,
    /// Categories a knockout's `seeds N category C` names, and those a section, a group, a
    /// prize table, a quota or another category names: a category only seeds name is no section
    /// (`seeding_only`).
    seeded_by: BTreeSet<&'a str>,
    named_by: BTreeSet<&'a str>,
    /// Categories that hold players of the event: a stage's entrants, a pool's, a draw's pot, a
    /// seed tier, an entry quota's exception, another category's `within`.
    held_by: BTreeSet<&'a str>,
    /// The prize tables (their titles, when given) and qualifications that read a category: a
    /// category only these read picks prize winners or qualifiers, no section (`prize_only`).
    read_by: BTreeMap<&'a str, Vec<Option<&'a Text>>>,
    /// The event's `prize_fund` (总奖金), said once at the head of the prizes.
    pub prize_fund: Option<&'a ast::Money>,
    /// A prize table pays money: a place shared by a chain's `shared` splits its money.
    pub money_prizes: bool,
    /// A prize table gives awards (a trophy, a medal, a certificate) for places: each player of
    /// a shared place receives them.
    pub place_awards: bool,
    /// The venues the schedule's days name (`day D venue "广州赛区"`), each once, in order: where
    /// an event held in several places is played when the header names no venue.
    pub day_venues: Vec<&'a Text>,
}

impl<'a> Names<'a> {
    /// A category no section, group, prize table or quota names, only a knockout's seeding: the
    /// seeding says whom it holds; it is not printed as a section of the event.
    pub fn seeding_only(&self, category: &str) -> bool {
        self.seeded_by.contains(category) && !self.named_by.contains(category)
    }

    /// A category only prize tables and qualifications read (`category women { sex women }`
    /// for `prizes women`): no stage or group holds it, so it is no section of the event. The
    /// titles of what reads it (none when untitled), in the order of the regulation.
    pub fn prize_only(&self, category: &str) -> Option<Vec<Option<&'a Text>>> {
        if self.held_by.contains(category) {
            return None;
        }
        self.read_by.get(category).cloned()
    }
}

/// A table of [`words`]: a word of the language in the sheet's language, when it has one.
pub type WordTable = fn(Lang, &str) -> Option<&'static str>;

pub struct Ctx<'a> {
    pub lang: Lang,
    pub names: Names<'a>,
    pub rendered: BTreeSet<Span>,
    pub(super) buckets: BTreeMap<Art, Vec<(u8, Option<M>, Clause)>>,
    /// Organiser role headings, by article index.
    pub role_headings: Vec<String>,
    /// The origin of the item being built, to tag its clauses.
    pub(super) tag: Option<String>,
    /// Which articles each item printed into (by the item's span), for supplement cross-references.
    pub item_arts: BTreeMap<Span, BTreeSet<Art>>,
    pub(super) current_item: Option<Span>,
    pub signature: Vec<String>,
    pub title: Option<Text>,
    /// The first span marked since the last push: where the clause being pushed was read from.
    pub(super) last_mark: Option<Span>,
    /// Each supplement's span and tag.
    pub supplement_spans: Vec<(Span, String)>,
    /// Texts the English sheet printed in Chinese for want of an `en` (`sheet/english.rs`).
    pub untranslated: std::cell::RefCell<BTreeMap<Span, Text>>,
    /// The consolidated sheet: every clause of the regulation as issued, as [`wording`] spells
    /// it; a clause of a replaced item that reads the same is not marked as amended.
    pub unchanged: BTreeSet<String>,
    /// Every clause of the regulation as issued at any depth, as [`gist`] spells it: a
    /// supplement's document does not print again a rule its override restates unchanged.
    pub issued_gists: BTreeSet<String>,
    /// While the regulation as issued is printed: the stages a supplement overrides. Their
    /// pairing defaults are left to the supplement, which states the rule that runs.
    pub amended_stages: BTreeSet<String>,
}

impl<'a> Ctx<'a> {
    pub fn new(lang: Lang) -> Ctx<'a> {
        Ctx {
            lang,
            names: Names::default(),
            rendered: BTreeSet::new(),
            buckets: BTreeMap::new(),
            role_headings: Vec::new(),
            tag: None,
            item_arts: BTreeMap::new(),
            current_item: None,
            signature: Vec::new(),
            title: None,
            last_mark: None,
            supplement_spans: Vec::new(),
            untranslated: Default::default(),
            unchanged: BTreeSet::new(),
            issued_gists: BTreeSet::new(),
            amended_stages: BTreeSet::new(),
        }
    }

    /// Records that the clause with this span has been written into the sheet.
    pub fn mark(&mut self, span: Span) {
        self.rendered.insert(span);
        // Builders mark a clause's own span first: that is where the clause was read from.
        if self.last_mark.is_none() {
            self.last_mark = Some(span);
        }
    }

    /// The tag of the supplement whose text holds `span`, for a clause a supplement merged into
    /// a base block (a conduct rule added to the base conduct).
    pub fn tag_for(&self, span: Span) -> Option<String> {
        self.supplement_spans
            .iter()
            .find(|(s, _)| s.start <= span.start && span.end <= s.end)
            .map(|(_, t)| t.clone())
    }

    /// A fixed phrase of the catalogue.
    pub fn m(&self, key: M) -> &'static str {
        cat::m(self.lang, key)
    }

    /// A phrase with `{0}`, `{1}` ... filled.
    pub fn mf(&self, key: M, args: &[&str]) -> String {
        cat::fill(cat::m(self.lang, key), args)
    }

    /// A display text in the sheet's language; Chinese when no English rendering is given.
    pub fn t(&self, text: &Text) -> String {
        match (self.lang, &text.en) {
            (Lang::En, Some(en)) => en.node.clone(),
            (Lang::En, None) => {
                self.untranslated
                    .borrow_mut()
                    .insert(text.span, text.clone());
                text.zh.node.clone()
            }
            (Lang::Zh, _) => text.zh.node.clone(),
        }
    }

    /// A block's own title, else the catalogue's name for its kind.
    pub fn title_or(&self, title: Option<&Text>, kind: M) -> String {
        match title {
            Some(t) => self.t(t),
            None => self.m(kind).to_string(),
        }
    }

    /// A display text, marking its span.
    pub fn tm(&mut self, text: &Text) -> String {
        self.mark(text.span);
        self.t(text)
    }

    /// A word of the language in the sheet's language by `table` ([`words`]), as written when
    /// the table has none.
    pub fn in_words(&self, table: WordTable, word: &str) -> String {
        table(self.lang, word).unwrap_or(word).to_string()
    }

    /// [`Ctx::in_words`] for a word of the source, marking its span.
    pub fn word(&mut self, table: WordTable, id: &Ident) -> String {
        self.mark(id.span);
        self.in_words(table, &id.node)
    }

    pub fn push(&mut self, art: Art, order: u8, clause: Clause) {
        self.push_clause(art, order, None, clause);
    }

    /// Pushes a clause into a headed group (比赛用时, 名次区分): the group prints once, at the
    /// place of its first clause, with the clauses as its numbered items.
    pub fn push_in(&mut self, art: Art, order: u8, group: M, clause: Clause) {
        self.push_clause(art, order, Some(group), clause);
    }

    /// Files a clause under article `art` at `order`, in `group` when it has one, and notes that
    /// the current item prints in that article.
    fn push_clause(&mut self, art: Art, order: u8, group: Option<M>, mut clause: Clause) {
        self.tag_clause(&mut clause);
        if let Some(item) = self.current_item {
            self.item_arts.entry(item).or_default().insert(art);
        }
        self.buckets
            .entry(art)
            .or_default()
            .push((order, group, clause));
    }

    /// Marks a clause with the supplement it comes from, unless it reads as in the base.
    pub(super) fn tag_clause(&mut self, clause: &mut Clause) {
        if !clause.source.is_empty() {
            return;
        }
        let merged = self.last_mark.take().and_then(|s| self.tag_for(s));
        if let Some(tag) = self.tag.clone().or(merged) {
            if !self.unchanged.contains(&wording(clause)) {
                clause.source = tag;
            }
        }
    }

    /// Every clause built so far, by article (a scratch context's output).
    pub fn take_buckets(&mut self) -> BTreeMap<Art, Vec<(u8, Option<M>, Clause)>> {
        std::mem::take(&mut self.buckets)
    }

    pub fn sentence(&self, s: &str) -> String {
        fmt::sentence(self.lang, s)
    }

    pub fn stage_title(&self, name: &str) -> String {
        match self.names.stages.get(name).and_then(|s| s.title.as_ref()) {
            Some(t) => self.t(t),
            None => name.to_string(),
        }
    }

    /// The stage whose clause of a kind (`kind` matches it) the named stage plays by: the stage
    /// itself when it writes one, else the stage it copies (`same_as`, at any depth) that does.
    /// None when no stage on the chain writes one.
    pub fn clause_owner(
        &self,
        name: &str,
        kind: impl Fn(&ast::StageClause) -> bool,
    ) -> Option<&'a ast::Stage> {
        let mut at = self.names.stages.get(name).copied();
        // A chain longer than the stages is a cycle, which the checker refuses (E103/E1xx).
        for _ in 0..=self.names.stage_order.len() {
            let st = at?;
            if st.clauses.iter().any(&kind) {
                return Some(st);
            }
            at = st.clauses.iter().find_map(|c| match c {
                ast::StageClause::SameAs(t) => self.names.stages.get(t.node.as_str()).copied(),
                _ => None,
            });
        }
        None
    }

    /// The format the named stage plays: its own, else that of the stage it copies
    /// (`same_as`, at any depth).
    pub fn format_of(&self, name: &str) -> Option<&'a ast::Format> {
        let owner = self.clause_owner(name, |c| matches!(c, ast::StageClause::Format(_)))?;
        owner.clauses.iter().find_map(|c| match c {
            ast::StageClause::Format(f) => Some(f),
            _ => None,
        })
    }

    /// Whether the named stage pairs teams (a team round robin, a Swiss or a knockout with
    /// `boards`), by its own format or the one it copies (`same_as`): its standings and what
    /// it qualifies are teams.
    pub fn is_team_stage(&self, name: &str) -> bool {
        self.format_of(name).is_some_and(pairs_teams)
    }

    pub fn time_title(&self, name: &str) -> String {
        if let Some(t) = self.names.times.get(name).and_then(|t| t.title.as_ref()) {
            return self.t(t);
        }
        words::time_name(self.lang, name)
            .unwrap_or(name)
            .to_string()
    }

    pub fn category_title(&self, name: &str) -> String {
        if name == ast::OVERALL {
            return self.m(M::Overall).to_string();
        }
        match self
            .names
            .categories
            .get(name)
            .and_then(|c| c.title.as_ref())
        {
            Some(t) => self.t(t),
            None => match self.names.rankings.get(name) {
                Some(r) => derived::title(self, r),
                None => name.to_string(),
            },
        }
    }

    pub fn pool_title(&self, name: &str) -> String {
        match self.names.pools.get(name).and_then(|p| p.title.as_ref()) {
            Some(t) => self.t(t),
            None => name.to_string(),
        }
    }

    pub fn player_name(&self, id: &str) -> String {
        match self.names.players.get(id) {
            Some(p) => self.t(&p.name),
            None => id.to_string(),
        }
    }

    /// A team knockout's bracket side (`bracket (bj v sh)`): the declared team's name.
    pub fn team_or_player_name(&self, id: &str) -> String {
        match self.names.teams.get(id) {
            Some(t) => self.t(&t.name),
            None => self.player_name(id),
        }
    }

    pub fn group_label(&self, group: &str) -> String {
        match self.lang {
            Lang::Zh if group.ends_with('组') || group.starts_with('组') => group.to_string(),
            Lang::Zh => format!("{group}组"),
            Lang::En => format!("Group {group}"),
        }
    }
}

pub(super) fn collect_names<'a, 'b>(
    entries: impl Iterator<Item = &'b Entry<'a>>,
    names: &mut Names<'a>,
) where
    'a: 'b,
{
    for entry in entries {
        match entry.item {
            Item::Stage(s) => {
                stage_categories(s, names);
                if !names.stages.contains_key(s.name.node.as_str()) {
                    names.stage_order.push(&s.name.node);
                }
                names.stages.entry(&s.name.node).or_insert(s);
            }
            Item::TimeControl(t) => {
                names.times.entry(&t.name.node).or_insert(t);
            }
            Item::Category(c) => {
                names.categories.entry(&c.name.node).or_insert(c);
                for cond in &c.conditions {
                    if let ast::CategoryCond::Within(p) = cond {
                        names.named_by.insert(&p.node);
                        names.held_by.insert(&p.node);
                    }
                }
            }
            Item::Prizes(p) => {
                names.money_prizes |= p.lines.iter().any(|l| l.money.is_some());
                names.place_awards |= p
                    .lines
                    .iter()
                    .any(|l| matches!(l.key, ast::PrizeKey::Places(_)) && !l.items.is_empty());
                names
                    .named_by
                    .extend(p.category.iter().map(|c| c.node.as_str()));
                if let Some(c) = &p.category {
                    names
                        .read_by
                        .entry(&c.node)
                        .or_default()
                        .push(p.title.as_ref());
                }
            }
            Item::Regulation(r) => {
                for c in &r.clauses {
                    if let ast::HeaderClause::PrizeFund(m) = c {
                        names.prize_fund = Some(m);
                    }
                }
            }
            Item::Qualification(q) => {
                for x in &q.quotas {
                    names.named_by.insert(&x.category.node);
                    names
                        .read_by
                        .entry(&x.category.node)
                        .or_default()
                        .push(Some(&q.title));
                }
            }
            Item::Playoff(p) => {
                if let Some(n) = &p.name {
                    names.playoffs.entry(&n.node).or_insert(p);
                }
            }
            Item::Places(p) => names.places.push(p),
            Item::Schedule(s) => {
                for v in s.days.iter().filter_map(|d| d.venue.as_ref()) {
                    if !names.day_venues.iter().any(|w| w.zh.node == v.zh.node) {
                        names.day_venues.push(v);
                    }
                }
            }
            Item::Ranking(r) => {
                names.rankings.entry(&r.name.node).or_insert(r);
            }
            Item::Entry(e) => {
                for c in &e.clauses {
                    match c {
                        ast::EntryClause::Field(n) => names.field = Some(n.node),
                        ast::EntryClause::Pool(p) => {
                            names.pools.entry(&p.name.node).or_insert(p);
                            for src in &p.source {
                                if let ast::PoolSource::Category(c) = src {
                                    names.named_by.insert(&c.node);
                                    names.held_by.insert(&c.node);
                                }
                            }
                        }
                        ast::EntryClause::Quota(q) => {
                            let except = q.except.iter().map(|c| c.node.as_str());
                            names.named_by.extend(except.clone());
                            names.held_by.extend(except);
                        }
                        ast::EntryClause::Player(p) => {
                            names.players.entry(&p.id.node).or_insert(p);
                        }
                        ast::EntryClause::Team(t) => {
                            names.teams.entry(&t.id.node).or_insert(t);
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

/// The categories a stage names: its seeds (`seeds N category C`) apart from the others
/// (entrants, a draw's pot, a seed tier of the pairing numbers), which make a category a section
/// or a group the reader must find defined.
fn stage_categories<'a>(s: &'a ast::Stage, names: &mut Names<'a>) {
    for clause in &s.clauses {
        match clause {
            ast::StageClause::Format(ast::Format::Knockout(k)) => {
                for kc in &k.clauses {
                    if let ast::KnockoutClause::Seeds { category, .. } = kc {
                        names.seeded_by.insert(&category.node);
                    }
                }
            }
            ast::StageClause::Entrants { sources, .. } => {
                for src in sources {
                    if let ast::EntrantSource::Category(c) = src {
                        names.named_by.insert(&c.node);
                        names.held_by.insert(&c.node);
                    }
                }
            }
            ast::StageClause::Draw(d) => {
                for rule in &d.rules {
                    if let ast::DrawRule::Pot { members, .. } = rule {
                        let members = members.iter().map(|m| m.node.as_str());
                        names.named_by.extend(members.clone());
                        names.held_by.extend(members);
                    }
                }
            }
            ast::StageClause::Numbers(ast::Numbers::Seeded { tiers, .. }) => {
                for tier in tiers {
                    if let ast::SeedTier::Category(c) = tier {
                        names.named_by.insert(&c.node);
                        names.held_by.insert(&c.node);
                    }
                }
            }
            _ => {}
        }
    }
}

/// A clause's whole wording (its heading, text and items), to compare the consolidated text
/// with the regulation as issued.
pub(super) fn wording(c: &Clause) -> String {
    let mut out = format!("{}\u{1f}{}", c.heading, c.text);
    for i in &c.items {
        out.push('\u{1e}');
        out.push_str(&wording(i));
    }
    out
}

/// Whether a stage's format pairs teams (a team round robin, a Swiss or a knockout with
/// `boards`): its standings and what it qualifies are teams.
fn pairs_teams(f: &ast::Format) -> bool {
    use ast::Format;
    match f {
        Format::TeamRoundRobin { .. }
        | Format::Swiss {
            boards: Some(_), ..
        } => true,
        Format::Knockout(k) => k.boards().is_some(),
        _ => false,
    }
}
