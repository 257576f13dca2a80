//! Numbers the checks and later phases need about each stage, derived once from the scope.
//!
//! Entrants are counted from what the file states: the field for `entrants roster` (or for the
//! first stage when it names none), pool sizes, place references (`groups.*#1` of a stage with
//! four groups is four players), the leaders a `split` sends, or the format itself (groups x size,
//! the slots of a bracket, the groups of a same-place stage). Anything unstated stays `None` and
//! the checks that need it skip; nothing here reports a problem.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    BracketSlot, EntrantSource, EntryClause, File, Format, GroupSel, Item, KnockoutClause,
    PlaceRange, PlaceRef, SlotKind, StageClause, SwissRounds,
};
use xqreg_grammar::Span;

use super::resolve::Scope;

/// The competition format of a stage, as far as counting goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum FormatKind {
    RoundRobin {
        double: bool,
    },
    TeamRoundRobin {
        double: bool,
    },
    Swiss,
    Knockout,
    SamePlace,
    /// No format, or several (E209 reports it).
    Unknown,
}

impl FormatKind {
    pub fn is_round_robin(self) -> bool {
        matches!(
            self,
            FormatKind::RoundRobin { .. } | FormatKind::TeamRoundRobin { .. }
        )
    }

    /// Formats whose games are matches between two players that must produce a winner.
    pub fn is_elimination(self) -> bool {
        matches!(self, FormatKind::Knockout | FormatKind::SamePlace)
    }
}

/// What is known about one stage.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StageFacts {
    pub format: FormatKind,
    /// Group names in declaration order (empty: one field without groups).
    pub groups: Vec<String>,
    /// Entrants counted from the stage's sources (`entrants`, split, roster for the first stage).
    pub entrants_from_sources: Option<u32>,
    /// Some entrant source names an unknown pool or stage (reported by `names`): counts that
    /// depend on the entrants are skipped rather than guessed.
    pub sources_unresolved: bool,
    /// Players a `split` sends away (they are placed by the split's target stage).
    pub split_top: Option<u32>,
    /// Entrants implied by the format (groups x size, bracket slots, same-place groups).
    pub entrants_from_format: Option<u32>,
    /// The stage's entrants: from its sources when known, else from its format.
    pub entrants: Option<u32>,
    /// Players per group (the whole field for a stage without groups).
    pub group_size: Option<u32>,
    /// Rounds the stage plays: round robin n-1 (n even) or n (n odd), twice if double; Swiss as
    /// fixed or by entries; knockout log2 of the bracket; same-place 1.
    pub rounds: Option<u32>,
    /// The most rounds the stage may play: its rounds, or where a table by entries leaves them
    /// to the field, the table's largest row (the schedule must hold them all).
    pub rounds_at_most: Option<u32>,
    /// A round robin of one group whose size nothing fixes (no `field`, no stage `cap`): the
    /// most rounds it can play when the entry's `cap` fills it (a schedule beyond is W605).
    pub rounds_under_entry_cap: Option<u32>,
    /// The places of the final ranking the stage decides (`places 1..4`).
    pub places: Option<(u32, u32)>,
    /// The highest round the schedule names for this stage, and where.
    pub scheduled_rounds: Option<(u32, Span)>,
    /// A round robin whose schedule states another number of rounds than it plays (E213 is
    /// reported for it; schedule checks skip the stage).
    pub rounds_disputed: bool,
}

/// Facts about the whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Facts {
    /// `field N`; with [`Sizes::Simulated`], `assume field N` when the field is open.
    pub field: Option<u32>,
    /// `cap N`
    pub cap: Option<u32>,
    pub stage_order: Vec<String>,
    pub stages: BTreeMap<String, StageFacts>,
}

/// The number of places in a range (0 for a reversed range, which the parser rejects anyway).
pub fn range_len(r: &PlaceRange) -> u32 {
    r.end
        .checked_sub(r.start)
        .map_or(0, |d| d.saturating_add(1))
}

/// How many groups a place reference selects (`.*` = all of them; a stage without groups is one).
pub fn groups_selected(scope: &Scope<'_>, r: &PlaceRef) -> Option<u32> {
    match &r.group {
        GroupSel::All => {
            let info = scope.stages.get(r.stage.node.as_str())?;
            Some((info.groups.len() as u32).max(1))
        }
        GroupSel::None | GroupSel::Named(_) => Some(1),
    }
}

/// Players a place reference names.
pub fn ref_count(scope: &Scope<'_>, r: &PlaceRef) -> Option<u32> {
    groups_selected(scope, r).map(|g| g.saturating_mul(range_len(&r.places)))
}

fn rr_rounds(n: u32, double: bool) -> u32 {
    let single = if n.is_multiple_of(2) {
        n.saturating_sub(1)
    } else {
        n
    };
    if double {
        single.saturating_mul(2)
    } else {
        single
    }
}

fn ko_rounds(slots: u32) -> u32 {
    if slots <= 1 {
        return 0;
    }
    let mut rounds = 0;
    let mut size: u64 = 1;
    while size < u64::from(slots) {
        size *= 2;
        rounds += 1;
    }
    rounds
}

/// Which field size the facts count with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sizes {
    /// What the regulation declares (`field N`): the official checks.
    Declared,
    /// Also `assume field N` for an open field: what a simulation runs (the plan's sizes).
    Simulated,
}

impl Facts {
    pub fn build(file: &File, scope: &Scope<'_>, sizes: Sizes) -> Facts {
        let mut facts = Facts::default();
        (facts.field, facts.cap) = declared_sizes(scope, sizes);

        let split_into = split_targets(scope);

        let schedule = scheduled_rounds(file);

        for (index, name) in scope.stage_order.iter().enumerate() {
            let clauses = scope.stage_clauses(name);
            let formats = formats_of(clauses.iter().copied());
            let groups: Vec<String> = scope
                .stages
                .get(name)
                .map(|i| i.groups.iter().map(|g| g.node.clone()).collect())
                .unwrap_or_default();
            let group_count = (groups.len() as u32).max(1);

            let (has_entrants_clause, mut sources_count, sources_unresolved) =
                sources_of(scope, facts.field, &clauses);
            if !has_entrants_clause && !takes_places(&formats) {
                if let Some(n) = split_into.get(name) {
                    sources_count = Some(*n);
                } else if index == 0 {
                    sources_count = facts.field;
                }
            }

            let format = format_kind(&formats);
            let FormatCounts {
                format_count,
                bracket_size,
                swiss_rounds,
                same_place_places,
            } = format_counts(&formats, group_count, &facts);
            let entrants = sources_count.or(format_count);
            let group_size = group_size(&formats, entrants, group_count);
            let rounds = stage_rounds(format, group_size, swiss_rounds, bracket_size, entrants);
            // A stage's `cap` bounds a round robin of one group whose size the file leaves
            // open: the schedule must hold the rounds of a full group.
            let capped = clauses.iter().find_map(|c| match c {
                StageClause::Cap { max, .. } => Some(max.node),
                _ => None,
            });
            // No stage's field can outgrow the entry's cap: what a full one plays bounds the rest.
            let rounds_under_entry_cap = match (rounds, capped) {
                (None, None) => rounds_at_most(None, format, facts.cap, group_count),
                _ => None,
            };
            let rounds_at_most =
                rounds.or_else(|| rounds_at_most(swiss_rounds, format, capped, group_count));
            let places = clauses
                .iter()
                .find_map(|c| match c {
                    StageClause::Places(r) => Some((r.start, r.end)),
                    _ => None,
                })
                .or(same_place_places);
            let split_top = clauses.iter().find_map(|c| match c {
                StageClause::Split { top, .. } => Some(top.node),
                _ => None,
            });
            let scheduled = schedule.get(*name).copied();
            let rounds_disputed = format.is_round_robin()
                && matches!((scheduled, rounds), (Some((s, _)), Some(r)) if s != r);
            facts.stage_order.push(name.to_string());
            facts.stages.insert(
                name.to_string(),
                StageFacts {
                    format,
                    groups,
                    entrants_from_sources: sources_count,
                    sources_unresolved,
                    split_top,
                    entrants_from_format: format_count,
                    entrants,
                    group_size,
                    rounds,
                    rounds_at_most,
                    rounds_under_entry_cap,
                    places,
                    scheduled_rounds: scheduled,
                    rounds_disputed,
                },
            );
        }
        facts
    }
}

/// The formats among a stage's clauses (one, unless E209 reports none or several).
pub fn formats_of<'f>(clauses: impl IntoIterator<Item = &'f StageClause>) -> Vec<&'f Format> {
    clauses
        .into_iter()
        .filter_map(|c| match c {
            StageClause::Format(f) => Some(f),
            _ => None,
        })
        .collect()
}

/// Who a split sends where: the target's entrants when it names none.
fn split_targets<'a>(scope: &Scope<'a>) -> BTreeMap<&'a str, u32> {
    let mut split_into: BTreeMap<&str, u32> = BTreeMap::new();
    for name in &scope.stage_order {
        for clause in scope.stage_clauses(name) {
            if let StageClause::Split { top, to, .. } = clause {
                split_into.entry(to.node.as_str()).or_insert(top.node);
            }
        }
    }
    split_into
}

/// A bracket of place references or a same-place format names its own entrants.
fn takes_places(formats: &[&Format]) -> bool {
    formats.iter().any(|f| match f {
        Format::SamePlace { .. } => true,
        Format::Knockout(k) => k.clauses.iter().any(|kc| {
            matches!(kc, KnockoutClause::Bracket { pairs, .. }
                if pairs.iter().any(|(a, b)| matches!(a, BracketSlot::Place(_)) || matches!(b, BracketSlot::Place(_))))
        }),
        _ => false,
    })
}

/// A group's size: a round robin's stated `size`, else the entrants shared evenly by the groups.
fn group_size(formats: &[&Format], entrants: Option<u32>, group_count: u32) -> Option<u32> {
    match formats {
        [Format::RoundRobin { size: Some(s), .. }] => Some(s.node),
        _ => entrants.and_then(|e| {
            if e.is_multiple_of(group_count) {
                Some(e / group_count)
            } else {
                None
            }
        }),
    }
}

/// The most rounds a stage whose rounds are not known may play: a Swiss's rounds by entries at
/// the most, or a capped round robin (of players or teams) of one group played in full.
fn rounds_at_most(
    swiss_rounds: Option<&SwissRounds>,
    format: FormatKind,
    capped: Option<u32>,
    group_count: u32,
) -> Option<u32> {
    match (swiss_rounds, format, capped) {
        (Some(SwissRounds::ByEntries(arms)), _, _) => arms.iter().map(|a| a.rounds.node).max(),
        (
            _,
            FormatKind::RoundRobin { double } | FormatKind::TeamRoundRobin { double },
            Some(cap),
        ) if group_count == 1 => Some(rr_rounds(cap, double)),
        _ => None,
    }
}

/// The field (`field N`, or for a simulation `assume field N` when none is declared) and the cap.
fn declared_sizes(scope: &Scope<'_>, sizes: Sizes) -> (Option<u32>, Option<u32>) {
    let mut field = None;
    let mut cap = None;
    let mut assumed = None;
    for entry in &scope.entries {
        for clause in &entry.clauses {
            match clause {
                EntryClause::Field(n) => {
                    field.get_or_insert(n.node);
                }
                EntryClause::AssumeField { size, .. } => {
                    assumed.get_or_insert(size.node);
                }
                EntryClause::Cap { max, .. } => {
                    cap.get_or_insert(max.node);
                }
                _ => {}
            }
        }
    }
    if field.is_none() && sizes == Sizes::Simulated {
        field = assumed;
    }
    (field, cap)
}

/// What a stage's `entrants` clause adds up to: whether it has one, the count (None when a
/// source's size is unknown) and whether a source names nothing declared.
fn sources_of(
    scope: &Scope<'_>,
    field: Option<u32>,
    clauses: &[&StageClause],
) -> (bool, Option<u32>, bool) {
    let mut sources_count: Option<u32> = None;
    let mut has_entrants_clause = false;
    let mut sources_unresolved = false;
    for c in clauses {
        if let StageClause::Entrants { sources, .. } = c {
            has_entrants_clause = true;
            let mut total: Option<u32> = Some(0);
            for s in sources {
                let n = match s {
                    EntrantSource::Roster(_) => field,
                    EntrantSource::Pool(p) => {
                        let pool = scope.pools.get(p.node.as_str());
                        sources_unresolved |= pool.is_none();
                        pool.and_then(|p| p.size.as_ref().map(|s| s.node))
                    }
                    EntrantSource::Places(r) => {
                        sources_unresolved |= !scope.stages.contains_key(r.stage.node.as_str());
                        ref_count(scope, r)
                    }
                    EntrantSource::Category(_) | EntrantSource::Rest(_) => None,
                };
                total = match (total, n) {
                    (Some(a), Some(b)) => Some(a.saturating_add(b)),
                    _ => None,
                };
            }
            sources_count = total;
        }
    }
    (has_entrants_clause, sources_count, sources_unresolved)
}

/// The kind of a stage's one format; Unknown when it has none or several.
fn format_kind(formats: &[&Format]) -> FormatKind {
    match formats {
        [f] => match f {
            Format::RoundRobin { cycles, .. } => FormatKind::RoundRobin {
                double: cycles.node == "double",
            },
            Format::TeamRoundRobin { cycles, .. } => FormatKind::TeamRoundRobin {
                double: cycles.node == "double",
            },
            Format::Swiss { .. } => FormatKind::Swiss,
            Format::Knockout(_) => FormatKind::Knockout,
            Format::SamePlace { .. } => FormatKind::SamePlace,
        },
        _ => FormatKind::Unknown,
    }
}

/// What a stage's format itself says about its size.
struct FormatCounts<'f> {
    /// Entrants the format names (a round robin's groups × size, a bracket's slots, the groups a
    /// same-place stage takes).
    format_count: Option<u32>,
    bracket_size: Option<u32>,
    swiss_rounds: Option<&'f SwissRounds>,
    same_place_places: Option<(u32, u32)>,
}

fn format_counts<'f>(formats: &[&'f Format], group_count: u32, facts: &Facts) -> FormatCounts<'f> {
    let mut format_count: Option<u32> = None;
    let mut bracket_size: Option<u32> = None;
    let mut swiss_rounds: Option<&SwissRounds> = None;
    let mut same_place_places: Option<(u32, u32)> = None;
    if let [f] = formats {
        match f {
            Format::RoundRobin { size: Some(s), .. } => {
                format_count = Some(s.node.saturating_mul(group_count));
            }
            Format::Knockout(k) => {
                for kc in &k.clauses {
                    match kc {
                        KnockoutClause::Bracket { pairs, .. } => {
                            let slots = pairs
                                .iter()
                                .flat_map(|(a, b)| [a, b])
                                .filter(|s| !matches!(s, BracketSlot::Bye(_)))
                                .count() as u32;
                            format_count.get_or_insert(slots);
                            bracket_size.get_or_insert((pairs.len() as u32).saturating_mul(2));
                        }
                        KnockoutClause::Seeded { size, .. } => {
                            bracket_size.get_or_insert(size.node);
                        }
                        _ => {}
                    }
                }
            }
            Format::SamePlace { groups, places, .. } => {
                same_place_places = Some((places.start, places.end));
                let mut total = Some(0u32);
                for g in groups {
                    let size = facts
                        .stages
                        .get(g.stage.node.as_str())
                        .and_then(|sf| sf.group_size);
                    total = match (total, size) {
                        (Some(a), Some(b)) => Some(a.saturating_add(b)),
                        _ => None,
                    };
                }
                format_count = total;
            }
            Format::Swiss { rounds, .. } => swiss_rounds = Some(rounds),
            _ => {}
        }
    }
    FormatCounts {
        format_count,
        bracket_size,
        swiss_rounds,
        same_place_places,
    }
}

/// A stage's rounds: a round robin's from its group size, a Swiss's as stated (or by entries),
/// a knockout's from its bracket; None where the regulation leaves them open.
fn stage_rounds(
    format: FormatKind,
    group_size: Option<u32>,
    swiss_rounds: Option<&SwissRounds>,
    bracket_size: Option<u32>,
    entrants: Option<u32>,
) -> Option<u32> {
    match format {
        FormatKind::RoundRobin { double } | FormatKind::TeamRoundRobin { double } => {
            group_size.map(|n| rr_rounds(n, double))
        }
        FormatKind::Swiss => match swiss_rounds {
            Some(SwissRounds::Fixed(r)) => Some(r.node),
            // To be announced: the checks that need the rounds skip the stage.
            Some(SwissRounds::Tbd(_)) => None,
            Some(SwissRounds::ByEntries(arms)) => entrants.and_then(|n| {
                arms.iter()
                    .find(|a| a.min.is_none_or(|m| n >= m) && a.max.is_none_or(|m| n <= m))
                    .map(|a| match a.round_robin {
                        Some(_) => rr_rounds(n, false),
                        None => a.rounds.node,
                    })
            }),
            None => None,
        },
        FormatKind::Knockout => bracket_size.or(entrants).map(ko_rounds),
        FormatKind::SamePlace => Some(1),
        FormatKind::Unknown => None,
    }
}

/// For each stage the schedule names, the highest round it names and that reference's span.
fn scheduled_rounds(file: &File) -> BTreeMap<&str, (u32, Span)> {
    let mut out: BTreeMap<&str, (u32, Span)> = BTreeMap::new();
    for item in &file.items {
        let Item::Schedule(s) = item else { continue };
        for day in &s.days {
            for slot in &day.slots {
                let SlotKind::Rounds(refs) = &slot.kind else {
                    continue;
                };
                for r in refs {
                    let e = out.entry(r.stage.node.as_str()).or_insert((0, r.span));
                    if r.rounds.end > e.0 {
                        *e = (r.rounds.end, r.span);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_counts() {
        assert_eq!(rr_rounds(6, false), 5);
        assert_eq!(rr_rounds(7, false), 7);
        assert_eq!(rr_rounds(8, true), 14);
        assert_eq!(ko_rounds(8), 3);
        assert_eq!(ko_rounds(5), 3);
        assert_eq!(ko_rounds(2), 1);
        assert_eq!(ko_rounds(0), 0);
    }
}
