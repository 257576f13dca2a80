//! Symbol tables of one (effective) regulation file: every named declaration by kind.
//!
//! [`Scope::build`] walks the file once and records time controls, scorings, stages (with their
//! groups and their order of declaration), playoff chains, pools, categories and named players,
//! each in a `BTreeMap` from name to declaration. The first declaration of a name wins; every
//! later one is kept in [`Scope::duplicates`] so that the driver reports it once (E101) and no
//! check has to care. Building is pure: it never reports anything itself.

use std::collections::{BTreeMap, BTreeSet};

use xqreg_grammar::ast::{
    BoardPrizes, Category, DerivedRanking, Entry, EntryClause, File, Format, Ident, Item,
    PlayerDecl, PlayoffChain, Pool, Regulation, RosterDecl, Scoring, Stage, StageClause, TeamDecl,
    TimeControl,
};
use xqreg_grammar::Span;

/// The kind of a named declaration: each kind is its own namespace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    TimeControl,
    Scoring,
    Stage,
    Group,
    Playoff,
    Pool,
    Category,
    Player,
    Team,
    /// A roster declared once for the scenario tests (`roster field { ... }`).
    Roster,
}

impl Kind {
    /// The noun in English and Chinese, as messages print it.
    pub fn words(self) -> (&'static str, &'static str) {
        match self {
            Kind::TimeControl => ("time control", "用时"),
            Kind::Scoring => ("scoring", "记分办法"),
            Kind::Stage => ("stage", "阶段"),
            Kind::Group => ("group", "小组"),
            Kind::Playoff => ("playoff chain", "加赛办法"),
            Kind::Pool => ("pool", "名额来源"),
            Kind::Category => ("category", "组别"),
            Kind::Player => ("player", "棋手"),
            Kind::Team => ("team", "队伍"),
            Kind::Roster => ("roster", "名单"),
        }
    }
}

/// A name declared twice in one namespace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    pub kind: Kind,
    pub name: String,
    /// The declaration that counts (the first).
    pub first: Span,
    pub second: Span,
}

/// A stage with what resolution knows about it.
#[derive(Clone, Debug)]
pub struct StageInfo<'f> {
    pub stage: &'f Stage,
    /// Position among the stages in source order (0 = first declared).
    pub order: usize,
    /// The stage's groups in declaration order (own format, or the `same_as` stage's), without
    /// duplicates. Empty for a stage without groups.
    pub groups: Vec<&'f Ident>,
}

impl StageInfo<'_> {
    pub fn has_group(&self, name: &str) -> bool {
        self.groups.iter().any(|g| g.node == name)
    }
}

/// Every named declaration of one file.
#[derive(Clone, Debug, Default)]
pub struct Scope<'f> {
    pub regulations: Vec<&'f Regulation>,
    pub time_controls: BTreeMap<&'f str, &'f TimeControl>,
    /// Named scorings (`scoring team { ... }`).
    pub scorings: BTreeMap<&'f str, &'f Scoring>,
    /// The unnamed `scoring { ... }` block.
    pub default_scoring: Option<&'f Scoring>,
    pub stages: BTreeMap<&'f str, StageInfo<'f>>,
    /// Stage names in declaration order (first declarations only).
    pub stage_order: Vec<&'f str>,
    pub playoffs: BTreeMap<&'f str, &'f PlayoffChain>,
    pub pools: BTreeMap<&'f str, &'f Pool>,
    pub categories: BTreeMap<&'f str, &'f Category>,
    /// Rankings derived from a stage (`ranking teams { ... }`); prize tables and quotas name
    /// them as they name categories (a clash with a category is E536, a repeat E101).
    pub rankings: BTreeMap<&'f str, &'f DerivedRanking>,
    /// Best-board prize tables (`board_prizes boards { ... }`): a scenario's `prize P M in NAME`
    /// names one as it names a category.
    pub board_prizes: BTreeMap<&'f str, &'f BoardPrizes>,
    pub players: BTreeMap<&'f str, &'f PlayerDecl>,
    /// Teams of a team event (`team t1 "北京队"` in the entry).
    pub teams: BTreeMap<&'f str, &'f TeamDecl>,
    /// Rosters declared for the scenario tests (`roster field { ... }`).
    pub rosters: BTreeMap<&'f str, &'f RosterDecl>,
    pub entries: Vec<&'f Entry>,
    pub duplicates: Vec<Duplicate>,
}

/// Insert unless present; a repeat is recorded as a duplicate.
fn declare<'f, T>(
    map: &mut BTreeMap<&'f str, T>,
    dups: &mut Vec<Duplicate>,
    kind: Kind,
    name: &'f Ident,
    value: T,
    span_of: impl Fn(&T) -> Span,
) {
    match map.get(name.node.as_str()) {
        Some(first) => dups.push(Duplicate {
            kind,
            name: name.node.clone(),
            first: span_of(first),
            second: name.span,
        }),
        None => {
            map.insert(name.node.as_str(), value);
        }
    }
}

impl<'f> Scope<'f> {
    /// Build the tables of `file` (the effective file: supplements already applied).
    pub fn build(file: &'f File) -> Scope<'f> {
        let mut s = Scope::default();
        let mut dups = Vec::new();
        for item in &file.items {
            match item {
                Item::Regulation(r) => s.regulations.push(r),
                Item::TimeControl(t) => declare(
                    &mut s.time_controls,
                    &mut dups,
                    Kind::TimeControl,
                    &t.name,
                    t,
                    |t| t.name.span,
                ),
                Item::Scoring(sc) => match &sc.name {
                    Some(name) => declare(
                        &mut s.scorings,
                        &mut dups,
                        Kind::Scoring,
                        name,
                        sc,
                        |x: &&Scoring| x.name.as_ref().map_or(x.span, |n| n.span),
                    ),
                    None => match s.default_scoring {
                        Some(first) => dups.push(Duplicate {
                            kind: Kind::Scoring,
                            name: "scoring".to_string(),
                            first: keyword_span(first.span, "scoring"),
                            second: keyword_span(sc.span, "scoring"),
                        }),
                        None => s.default_scoring = Some(sc),
                    },
                },
                Item::Stage(st) => {
                    let order = s.stages.len();
                    let fresh = !s.stages.contains_key(st.name.node.as_str());
                    declare(
                        &mut s.stages,
                        &mut dups,
                        Kind::Stage,
                        &st.name,
                        StageInfo {
                            stage: st,
                            order,
                            groups: Vec::new(),
                        },
                        |i| i.stage.name.span,
                    );
                    if fresh {
                        s.stage_order.push(st.name.node.as_str());
                    }
                }
                Item::Playoff(p) => {
                    if let Some(name) = &p.name {
                        declare(
                            &mut s.playoffs,
                            &mut dups,
                            Kind::Playoff,
                            name,
                            p,
                            |x: &&PlayoffChain| x.name.as_ref().map_or(x.span, |n| n.span),
                        );
                    }
                }
                Item::Category(c) => declare(
                    &mut s.categories,
                    &mut dups,
                    Kind::Category,
                    &c.name,
                    c,
                    |c| c.name.span,
                ),
                Item::Roster(r) => {
                    declare(&mut s.rosters, &mut dups, Kind::Roster, &r.name, r, |r| {
                        r.name.span
                    })
                }
                Item::Ranking(r) => declare(
                    &mut s.rankings,
                    &mut dups,
                    Kind::Category,
                    &r.name,
                    r,
                    |r| r.name.span,
                ),
                Item::BoardPrizes(b) => declare(
                    &mut s.board_prizes,
                    &mut dups,
                    Kind::Category,
                    &b.name,
                    b,
                    |b| b.name.span,
                ),
                Item::Entry(e) => s.declare_entry(e, &mut dups),
                _ => {}
            }
        }
        // Groups need `same_as` resolved, so they come once every stage is known.
        s.resolve_groups(&mut dups);
        s.duplicates = dups;
        s
    }

    /// The pools, players and teams an entry block declares.
    fn declare_entry(&mut self, e: &'f Entry, dups: &mut Vec<Duplicate>) {
        self.entries.push(e);
        for clause in &e.clauses {
            match clause {
                EntryClause::Pool(p) => {
                    declare(&mut self.pools, dups, Kind::Pool, &p.name, p, |p| {
                        p.name.span
                    })
                }
                EntryClause::Player(p) => {
                    declare(&mut self.players, dups, Kind::Player, &p.id, p, |p| {
                        p.id.span
                    })
                }
                EntryClause::Team(t) => {
                    declare(&mut self.teams, dups, Kind::Team, &t.id, t, |t| t.id.span)
                }
                _ => {}
            }
        }
    }

    /// Each stage's groups, own or inherited through `same_as`; a group named twice is a duplicate.
    fn resolve_groups(&mut self, dups: &mut Vec<Duplicate>) {
        let names: Vec<&'f str> = self.stage_order.clone();
        for name in names {
            let mut groups: Vec<&'f Ident> = Vec::new();
            for clause in self.stage_clauses(name) {
                if let StageClause::Format(f) = clause {
                    let declared = match f {
                        Format::RoundRobin { groups, .. } => groups.as_slice(),
                        Format::TeamRoundRobin { groups, .. } => groups.as_slice(),
                        _ => &[],
                    };
                    let own = self
                        .stages
                        .get(name)
                        .is_some_and(|i| i.stage.clauses.iter().any(|c| std::ptr::eq(c, clause)));
                    for g in declared {
                        if let Some(first) = groups.iter().find(|x| x.node == g.node) {
                            // A repeat inherited through `same_as` was reported on its own stage.
                            if own {
                                dups.push(Duplicate {
                                    kind: Kind::Group,
                                    name: g.node.clone(),
                                    first: first.span,
                                    second: g.span,
                                });
                            }
                        } else {
                            groups.push(g);
                        }
                    }
                    break;
                }
            }
            if let Some(info) = self.stages.get_mut(name) {
                info.groups = groups;
            }
        }
    }

    /// The clauses of a stage with `same_as` resolved: its own clauses, then every clause of the
    /// named stage (recursively) whose kind it does not give itself. Unknown or cyclic `same_as`
    /// targets add nothing (the name check reports them).
    pub fn stage_clauses(&self, name: &str) -> Vec<&'f StageClause> {
        let mut out: Vec<&'f StageClause> = Vec::new();
        let mut seen_kinds = BTreeSet::new();
        let mut visited: BTreeSet<&str> = BTreeSet::new();
        let mut current = self.stages.get(name).map(|i| i.stage);
        while let Some(stage) = current {
            if !visited.insert(stage.name.node.as_str()) {
                break;
            }
            let mut next = None;
            let mut kinds_here = BTreeSet::new();
            for clause in &stage.clauses {
                if let StageClause::SameAs(target) = clause {
                    if next.is_none() {
                        next = self.stages.get(target.node.as_str()).map(|i| i.stage);
                    }
                    if visited.len() == 1 {
                        out.push(clause);
                    }
                    continue;
                }
                if matches!(clause, StageClause::Note(_)) && visited.len() > 1 {
                    continue;
                }
                let kind = clause_kind(clause);
                if !seen_kinds.contains(&kind) {
                    out.push(clause);
                    kinds_here.insert(kind);
                }
            }
            seen_kinds.extend(kinds_here);
            current = next;
        }
        out
    }

    /// Names of a kind, for suggestions and "known: ..." help lines.
    pub fn names(&self, kind: Kind) -> Vec<&'f str> {
        match kind {
            Kind::TimeControl => self.time_controls.keys().copied().collect(),
            Kind::Scoring => self.scorings.keys().copied().collect(),
            Kind::Stage => self.stage_order.clone(),
            Kind::Group => Vec::new(),
            Kind::Playoff => self.playoffs.keys().copied().collect(),
            Kind::Pool => self.pools.keys().copied().collect(),
            Kind::Category => self.categories.keys().copied().collect(),
            Kind::Player => self.players.keys().copied().collect(),
            Kind::Team => self.teams.keys().copied().collect(),
            Kind::Roster => self.rosters.keys().copied().collect(),
        }
    }

    /// The time control a stage without a `time` clause plays: the only one declared, if exactly
    /// one is. (A file with several time controls must name one per stage.)
    pub fn default_time_control(&self) -> Option<&'f TimeControl> {
        if self.time_controls.len() == 1 {
            self.time_controls.values().next().copied()
        } else {
            None
        }
    }
}

/// A stage clause's kind, for `same_as` inheritance: a stage's own clause of a kind hides the
/// copied one.
fn clause_kind(c: &StageClause) -> u8 {
    match c {
        StageClause::Format(_) => 0,
        StageClause::Entrants { .. } => 1,
        StageClause::Time(_) => 2,
        StageClause::Scoring(_) => 3,
        StageClause::Draw(_) => 4,
        StageClause::Numbers(_) => 5,
        StageClause::FirstRound { .. } => 6,
        StageClause::Colours { .. } => 7,
        StageClause::Avoid { .. } => 8,
        StageClause::ColourLimits { .. } => 9,
        StageClause::ColourTie { .. } => 10,
        StageClause::Bye { .. } => 11,
        StageClause::ForfeitMet { .. } => 12,
        StageClause::Tiebreak(_) => 13,
        StageClause::Playoff(_) => 14,
        StageClause::Places(_) => 15,
        StageClause::Split { .. } => 16,
        StageClause::ScoreSheets { .. } => 17,
        StageClause::SameAs(_) => 18,
        StageClause::Note(_) => 19,
        StageClause::Assume {
            value: xqreg_grammar::ast::AssumedValue::Rounds(_),
            ..
        } => 20,
        StageClause::Assume {
            value: xqreg_grammar::ast::AssumedValue::System(_),
            ..
        } => 21,
        StageClause::LateEntry { .. } => 22,
        StageClause::Lineup { .. } => 23,
        StageClause::Cap { .. } => 24,
    }
}

/// The span of a block's leading keyword (`scoring` of an unnamed scoring block), so that a label
/// marks a word rather than the whole block.
pub fn keyword_span(block: Span, keyword: &str) -> Span {
    Span {
        start: block.start,
        end: block
            .start
            .saturating_add(keyword.len() as u32)
            .min(block.end.max(block.start)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xqreg_grammar::ast::{Spanned, Text};

    fn id(s: &str, at: usize) -> Ident {
        Spanned::new(s.to_string(), Span::new(at, at + s.len()))
    }

    fn stage(name: &str, at: usize, clauses: Vec<StageClause>) -> Item {
        Item::Stage(Stage {
            name: id(name, at),
            title: None,
            clauses,
            span: Span::new(at, at + 10),
        })
    }

    fn rr(groups: &[(&str, usize)]) -> StageClause {
        StageClause::Format(Format::RoundRobin {
            cycles: id("single", 0),
            groups: groups.iter().map(|(g, at)| id(g, *at)).collect(),
            size: None,
            span: Span::new(0, 1),
        })
    }

    fn file(items: Vec<Item>) -> File {
        File {
            items,
            comments: Vec::new(),
            span: Span::new(0, 100),
        }
    }

    #[test]
    fn duplicate_stage_and_group_are_recorded_once_each() {
        let f = file(vec![
            stage("groups", 10, vec![rr(&[("A", 20), ("B", 22), ("A", 24)])]),
            stage("groups", 40, vec![]),
        ]);
        let s = Scope::build(&f);
        assert_eq!(s.stage_order, vec!["groups"]);
        let kinds: Vec<Kind> = s.duplicates.iter().map(|d| d.kind).collect();
        // stage names are tabled while reading; groups once every stage is known
        assert_eq!(kinds, vec![Kind::Stage, Kind::Group]);
        assert_eq!(s.duplicates[0].first, Span::new(10, 16));
        assert_eq!(s.duplicates[0].second, Span::new(40, 46));
        let groups: Vec<&str> = s.stages["groups"]
            .groups
            .iter()
            .map(|g| g.node.as_str())
            .collect();
        assert_eq!(groups, vec!["A", "B"]);
    }

    #[test]
    fn same_as_copies_missing_clauses_and_survives_cycles() {
        let note = StageClause::Note(Text {
            zh: Spanned::new("x".into(), Span::new(0, 1)),
            en: None,
            span: Span::new(0, 1),
        });
        let f = file(vec![
            stage(
                "a",
                0,
                vec![rr(&[("X", 1)]), StageClause::SameAs(id("b", 5)), note],
            ),
            stage(
                "b",
                50,
                vec![
                    StageClause::SameAs(id("a", 60)),
                    StageClause::Time(id("std", 70)),
                ],
            ),
        ]);
        let s = Scope::build(&f);
        let a = s.stage_clauses("a");
        // own format, own same_as, own note, b's time (b's same_as is not copied)
        assert_eq!(a.len(), 4);
        assert!(a
            .iter()
            .any(|c| matches!(c, StageClause::Time(t) if t.node == "std")));
        let b = s.stage_clauses("b");
        assert!(b.iter().any(|c| matches!(c, StageClause::Format(_))));
        assert_eq!(s.stages["b"].groups.len(), 1);
    }
}
