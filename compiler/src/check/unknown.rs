//! Every reference to a declared name, resolved once for the whole file: time controls (E102),
//! stages (E103), groups (E104), pools (E105), categories (E106), playoff chains (E108),
//! players (E109), scorings (E112), teams (E113), the rosters scenario tests name (E708).
//!
//! Each unknown name is reported here and nowhere else: later checks look names up in the scope
//! and skip what is missing. Clauses a stage copies with `same_as` are resolved on the stage that
//! writes them, and a name unknown in several places is one diagnostic with every later use as a
//! secondary label. A file with a block that failed to parse gets no unknown-name reports (the
//! broken block may be the declaration).

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    BracketSlot, CategoryCond, DrawRule, EntrantSource, EntryClause, Expect, Format, GroupSel,
    Ident, Item, KnockoutClause, Numbers, PlayerAttr, PlayoffChain, PlayoffRef, PlayoffStep,
    PoolSource, PrizeKey, ResultLine, ScenarioRoster, SeedTier, SlotKind, StaffUnit, StageClause,
    OVERALL,
};
use xqreg_grammar::Span;
use xqreg_runtime::plan::FROM_OVERALL;

mod codes;

use super::resolve::Kind;
use super::{suggest, Ctx};
use crate::diagnostics::{Diagnostics, Label, Template};
use codes::{unknown_report, SHARED_STAGE_TITLE};
pub use codes::{CODES, E102};

/// Resolves references; an unknown name is one diagnostic however often it is used: the first
/// use carries the message, later uses are added to it as secondary labels.
struct Resolver<'c, 'a> {
    ctx: &'c Ctx<'a>,
    diags: &'c mut Diagnostics,
    /// (kind, name) of each unknown name -> index of its diagnostic in `diags.list`.
    reported: BTreeMap<(Kind, String), usize>,
    /// Every reference walked, resolved or not (for [`references`]; the checks ignore it).
    uses: Vec<Use>,
}

/// One reference to a declared name, at the place it is written. Groups carry their stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Use {
    pub kind: Kind,
    pub name: String,
    /// The stage of a group reference (`groups` in `groups.A#1`).
    pub stage: Option<String>,
    pub span: Span,
}

// The message catalogue of this module: compiler/messages/check/unknown.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/unknown.rs"));

impl Resolver<'_, '_> {
    fn known(&self, kind: Kind, name: &str) -> bool {
        let s = self.ctx.scope;
        match kind {
            Kind::TimeControl => s.time_controls.contains_key(name),
            Kind::Scoring => s.scorings.contains_key(name),
            Kind::Stage => s.stages.contains_key(name),
            Kind::Group => true,
            Kind::Playoff => s.playoffs.contains_key(name),
            Kind::Pool => s.pools.contains_key(name),
            Kind::Category => s.categories.contains_key(name),
            Kind::Player => s.players.contains_key(name),
            Kind::Team => s.teams.contains_key(name),
            Kind::Roster => s.rosters.contains_key(name),
        }
    }

    /// Report `id` unless a declaration of `kind` has its name. Returns whether it resolved.
    /// [`Self::name`] for each of `named`.
    fn names<'i>(&mut self, named: impl Iterator<Item = (Kind, &'i Ident)>) {
        for (kind, id) in named {
            self.name(kind, id);
        }
    }

    fn name(&mut self, kind: Kind, id: &Ident) -> bool {
        self.uses.push(Use {
            kind,
            name: id.node.clone(),
            stage: None,
            span: id.span,
        });
        if self.known(kind, &id.node) {
            return true;
        }
        if self.again(kind, id.node.clone(), id.span) {
            return false;
        }
        let known = self.ctx.scope.names(kind);
        let d = unknown_report(kind)
            .at(id.span, &[("name", &id.node)])
            .with_help(suggest::help_for_name(&id.node, &known, kind.words()));
        self.first(kind, id.node.clone(), d);
        false
    }

    /// An unknown quota's report (the last pushed, when it is this quota's first) says what a
    /// quota may name: a category, a derived ranking, or `overall`, the word the categories'
    /// did-you-mean cannot offer.
    fn quota_help(&mut self, quota: &xqreg_grammar::ast::Quota) {
        let Some(d) = self.diags.list.last_mut() else {
            return;
        };
        if d.span() != quota.category.span {
            return;
        }
        let name = quota.category.node.as_str();
        let rankings = self.ctx.scope.rankings.keys().copied();
        let candidates: Vec<&str> = self
            .ctx
            .scope
            .names(Kind::Category)
            .into_iter()
            .chain(rankings)
            .chain([OVERALL])
            .collect();
        d.help = vec![match suggest::did_you_mean(name, candidates) {
            Some(near) => suggest::DID_YOU_MEAN.fill(&[("name", near)]),
            None => QUOTA_OVERALL.fill(&[("count", &quota.count.node.to_string())]),
        }];
    }

    /// A repeat of an unknown name: label it on the first report. Returns whether it was one.
    fn again(&mut self, kind: Kind, key: String, span: Span) -> bool {
        let Some(&i) = self.reported.get(&(kind, key)) else {
            return false;
        };
        if let Some(d) = self.diags.list.get_mut(i) {
            d.labels.push(Label {
                span,
                message: ALSO_HERE.plain(),
                primary: false,
            });
        }
        true
    }

    fn first(&mut self, kind: Kind, key: String, d: crate::diagnostics::Diagnostic) {
        self.reported.insert((kind, key), self.diags.list.len());
        self.diags.push(d);
    }

    fn group(&mut self, stage: &Ident, group: &Ident) {
        self.uses.push(Use {
            kind: Kind::Group,
            name: group.node.clone(),
            stage: Some(stage.node.clone()),
            span: group.span,
        });
        if !self.name(Kind::Stage, stage) {
            return;
        }
        let Some(info) = self.ctx.scope.stages.get(stage.node.as_str()) else {
            return;
        };
        if info.has_group(&group.node) {
            return;
        }
        let key = format!("{}.{}", stage.node, group.node);
        if self.again(Kind::Group, key.clone(), group.span) {
            return;
        }
        let known: Vec<&str> = info.groups.iter().map(|g| g.node.as_str()).collect();
        let help = if known.is_empty() {
            NO_GROUPS.fill(&[("stage", &stage.node)])
        } else {
            suggest::help_for_name(&group.node, &known, Kind::Group.words())
        };
        let d = unknown_report(Kind::Group)
            .at(group.span, &[("name", &group.node), ("stage", &stage.node)])
            .with_help(help);
        self.first(Kind::Group, key, d);
    }

    fn place_ref(&mut self, r: &xqreg_grammar::ast::PlaceRef) {
        match &r.group {
            GroupSel::Named(g) => self.group(&r.stage, g),
            GroupSel::All | GroupSel::None => {
                self.name(Kind::Stage, &r.stage);
            }
        }
    }

    fn playoff_chain(&mut self, chain: &PlayoffChain) {
        for step in &chain.steps {
            match step {
                PlayoffStep::Game { time, .. } | PlayoffStep::Armageddon { time, .. } => {
                    self.name(Kind::TimeControl, time);
                }
                PlayoffStep::Lots(_)
                | PlayoffStep::EarlierGame(_)
                | PlayoffStep::Black(_)
                | PlayoffStep::Tiebreak(_) => {}
            }
        }
    }

    fn stage_clause(&mut self, clause: &StageClause) {
        match clause {
            StageClause::Format(Format::SamePlace { groups, .. }) => {
                for g in groups {
                    self.group(&g.stage, &g.group);
                }
            }
            StageClause::Format(Format::Knockout(k)) => {
                for kc in &k.clauses {
                    if let KnockoutClause::Seeds { category, .. } = kc {
                        self.name(Kind::Category, category);
                    }
                    // A team knockout's bracket names teams; a declared player there is
                    // E235's (`check/team_knockout.rs`), which says which team to write.
                    let teams = k.boards().is_some() && super::entry::is_team_event(self.ctx.file);
                    if let KnockoutClause::Bracket { pairs, .. } = kc {
                        for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                            match slot {
                                BracketSlot::Place(r) => self.place_ref(r),
                                BracketSlot::Player(p)
                                    if teams
                                        && !self.known(Kind::Team, &p.node)
                                        && self.known(Kind::Player, &p.node) => {}
                                BracketSlot::Player(p) if teams => {
                                    self.name(Kind::Team, p);
                                }
                                BracketSlot::Player(p) => {
                                    self.name(Kind::Player, p);
                                }
                                BracketSlot::Seed(_) | BracketSlot::Bye(_) => {}
                            }
                        }
                    }
                }
            }
            StageClause::Format(_) => {}
            StageClause::Entrants { sources, .. } => {
                for s in sources {
                    match s {
                        EntrantSource::Category(c) => {
                            self.name(Kind::Category, c);
                        }
                        EntrantSource::Pool(p) => {
                            self.name(Kind::Pool, p);
                        }
                        EntrantSource::Places(r) => self.place_ref(r),
                        EntrantSource::Roster(_) | EntrantSource::Rest(_) => {}
                    }
                }
            }
            // `time tbd`: to be announced, no time control to look up.
            StageClause::Time(t) if t.node == "tbd" => {}
            StageClause::Time(t) => {
                self.name(Kind::TimeControl, t);
            }
            StageClause::Scoring(s) => {
                self.name(Kind::Scoring, s);
            }
            StageClause::Draw(d) => {
                for rule in &d.rules {
                    match rule {
                        DrawRule::PoolQuota { pool, .. } => {
                            self.name(Kind::Pool, pool);
                        }
                        DrawRule::Pot { members, .. } => {
                            for m in members {
                                // A pot member is a named player or a whole category.
                                if self.known(Kind::Category, &m.node) {
                                    self.uses.push(Use {
                                        kind: Kind::Category,
                                        name: m.node.clone(),
                                        stage: None,
                                        span: m.span,
                                    });
                                } else {
                                    self.name(Kind::Player, m);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            StageClause::Numbers(Numbers::Parity { pools, .. }) => {
                for (pool, _) in pools {
                    self.name(Kind::Pool, pool);
                }
            }
            StageClause::Numbers(Numbers::Seeded { tiers, .. }) => {
                for t in tiers {
                    match t {
                        SeedTier::Pool(p) => _ = self.name(Kind::Pool, p),
                        SeedTier::Category(c) => _ = self.name(Kind::Category, c),
                        SeedTier::Players(ps) => {
                            ps.iter().for_each(|p| _ = self.name(Kind::Player, p))
                        }
                        SeedTier::Title(_) => {}
                    }
                }
            }
            StageClause::Playoff(PlayoffRef::Named(p)) => {
                self.name(Kind::Playoff, p);
            }
            StageClause::Playoff(PlayoffRef::Inline(chain)) => self.playoff_chain(chain),
            StageClause::Split { to, .. } => {
                self.name(Kind::Stage, to);
            }
            StageClause::SameAs(s) => {
                self.name(Kind::Stage, s);
            }
            _ => {}
        }
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Stage(st) => {
                for c in &st.clauses {
                    self.stage_clause(c);
                }
            }
            Item::Playoff(p) => self.playoff_chain(p),
            Item::Places(p) => {
                for r in &p.sources {
                    self.place_ref(r);
                }
            }
            Item::Ranking(r) => {
                for from in r.from.iter().chain(&r.also_from) {
                    // `from overall`: the final ranking, unless a stage has that name.
                    if from.node != FROM_OVERALL || self.ctx.scope.stages.contains_key(&*from.node)
                    {
                        self.name(Kind::Stage, from);
                    }
                }
            }
            Item::BoardPrizes(b) => {
                if let Some(from) = &b.from {
                    self.name(Kind::Stage, from);
                }
            }
            Item::Prizes(p) => {
                // A prize table may pay a derived ranking's units instead of a category.
                if let Some(c) = &p.category {
                    if !self.ctx.scope.rankings.contains_key(c.node.as_str()) {
                        self.name(Kind::Category, c);
                    }
                }
                for line in &p.lines {
                    if let PrizeKey::Eliminated { stage, .. } = &line.key {
                        self.name(Kind::Stage, stage);
                    }
                }
            }
            Item::Qualification(q) => {
                for quota in &q.quotas {
                    if quota.category.node != OVERALL
                        && !self
                            .ctx
                            .scope
                            .rankings
                            .contains_key(quota.category.node.as_str())
                        && !self.name(Kind::Category, &quota.category)
                    {
                        self.quota_help(quota);
                    }
                }
            }
            Item::Category(c) => {
                for cond in &c.conditions {
                    match cond {
                        CategoryCond::Pool(p) => {
                            self.name(Kind::Pool, p);
                        }
                        CategoryCond::Within(w) => {
                            self.name(Kind::Category, w);
                        }
                        CategoryCond::Players { ids, .. } => ids.iter().for_each(|id| {
                            self.name(Kind::Player, id);
                        }),
                        _ => {}
                    }
                }
            }
            Item::Entry(e) => self.entry(e),
            Item::Schedule(s) => {
                for slot in s.days.iter().flat_map(|d| &d.slots) {
                    if let SlotKind::Rounds(refs) = &slot.kind {
                        for r in refs {
                            self.name(Kind::Stage, &r.stage);
                        }
                    }
                }
            }
            Item::Conduct(c) => {
                for rule in &c.rules {
                    let kind = if rule.scope_is_stage {
                        Kind::Stage
                    } else {
                        Kind::TimeControl
                    };
                    for s in &rule.scope {
                        self.name(kind, s);
                    }
                }
            }
            Item::Test(t) => self.scenario(t),
            _ => {}
        }
    }

    /// Pools, teams and categories an entry block names.
    fn entry(&mut self, e: &xqreg_grammar::ast::Entry) {
        for clause in &e.clauses {
            match clause {
                EntryClause::Pool(p) => self.names(p.source.iter().filter_map(|s| match s {
                    PoolSource::Excluding(x) | PoolSource::ReplacementFrom { pool: x, .. } => {
                        Some((Kind::Pool, x))
                    }
                    PoolSource::Category(x) => Some((Kind::Category, x)),
                    _ => None,
                })),
                EntryClause::Player(p) => self.names(p.attrs.iter().filter_map(|a| match a {
                    PlayerAttr::Pool(x) => Some((Kind::Pool, x)),
                    PlayerAttr::Team(x) => Some((Kind::Team, x)),
                    _ => None,
                })),
                EntryClause::Staff {
                    per: StaffUnit::Pool(x),
                    ..
                } => {
                    self.name(Kind::Pool, x);
                }
                EntryClause::Quota(q) => {
                    if let Some(c) = &q.except {
                        self.name(Kind::Category, c);
                    }
                }
                _ => {}
            }
        }
    }

    /// A stage a scenario test names: its id, or the title (Chinese or English) of one stage,
    /// as `simulate --results` and the event commands take it (the runtime's rule,
    /// [`xqreg_runtime::plan::stage_named`]); a title it names is a use of that stage.
    fn scenario_stage(&mut self, stage: &Ident) {
        let stages = self.ctx.scope.stages.iter().map(|(id, info)| {
            let title = info.stage.title.as_ref();
            let zh = title.map(|t| t.zh.node.as_str());
            let en = title.and_then(|t| t.en.as_ref()).map(|e| e.node.as_str());
            (*id, [zh, en])
        });
        match xqreg_runtime::plan::stage_named(stages, &stage.node) {
            xqreg_runtime::plan::StageNamed::Stage(id) if id != stage.node => {
                self.uses.push(Use {
                    kind: Kind::Stage,
                    name: id.to_string(),
                    stage: None,
                    span: stage.span,
                });
            }
            // A title two stages share names neither (R080 for a results row): say which
            // stages share it, not that no stage has it.
            xqreg_runtime::plan::StageNamed::Shared(ids) => {
                if self.again(Kind::Stage, stage.node.clone(), stage.span) {
                    return;
                }
                let ids: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
                let (ids, count) = (ids.join(", "), ids.len().to_string());
                let d = SHARED_STAGE_TITLE.at(
                    stage.span,
                    &[("name", &stage.node), ("ids", &ids), ("count", &count)],
                );
                self.first(Kind::Stage, stage.node.clone(), d);
            }
            _ => {
                self.name(Kind::Stage, stage);
            }
        }
    }

    /// The roster, stages, groups and categories a scenario test names.
    fn scenario(&mut self, t: &xqreg_grammar::ast::Scenario) {
        if let Some(ScenarioRoster::Named { name, .. }) = &t.roster {
            self.name(Kind::Roster, name);
        }
        for line in &t.results {
            match line {
                ResultLine::Games { stage, .. }
                | ResultLine::Withdraw { stage, .. }
                | ResultLine::Lineup { stage, .. } => {
                    self.scenario_stage(stage);
                }
                _ => {}
            }
        }
        for e in &t.expects {
            match e {
                Expect::DecidedBy { stage, .. } | Expect::Rounds { stage, .. } => {
                    self.scenario_stage(stage);
                }
                Expect::StagePlace {
                    stage,
                    group: Some(g),
                    ..
                } => self.group(stage, g),
                Expect::StagePlace {
                    stage, group: None, ..
                } => {
                    self.scenario_stage(stage);
                }
                // `in overall` names the overall table, which has no name of its own (as a
                // qualification quota's `overall` names the final ranking).
                Expect::Prize {
                    category: Some(c), ..
                } if c.node != OVERALL
                    && !self.ctx.scope.rankings.contains_key(c.node.as_str())
                    && !self.ctx.scope.board_prizes.contains_key(c.node.as_str()) =>
                {
                    self.name(Kind::Category, c);
                }
                _ => {}
            }
        }
    }
}

/// Resolve every reference of the file (nothing when a block is broken: see the module note).
pub(super) fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    if ctx.file.items.iter().any(|i| matches!(i, Item::Broken(_))) {
        return;
    }
    let mut r = Resolver {
        ctx,
        diags,
        reported: BTreeMap::new(),
        uses: Vec::new(),
    };
    for item in &ctx.file.items {
        r.item(item);
    }
}

/// Every reference of the file in walk order, whether it resolves or not: the same walk as the
/// check, so an editor's "go to definition" and "find references" see exactly the names the
/// checker resolves. Reports nothing.
pub fn references(ctx: &Ctx<'_>) -> Vec<Use> {
    let mut scratch = Diagnostics::default();
    let mut r = Resolver {
        ctx,
        diags: &mut scratch,
        reported: BTreeMap::new(),
        uses: Vec::new(),
    };
    for item in &ctx.file.items {
        r.item(item);
    }
    r.uses
}
