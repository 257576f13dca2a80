//! Places of the final ranking: every place from 1 to the last prized or declared place is decided
//! by exactly one stage (`places A..B`, a same-place format) or a `places ... shared|ranked_by`
//! declaration; no place is decided twice; a declaration names as many players as it has places.
//!
//! When nothing declares places and exactly one stage feeds no other, that stage decides every
//! place (a lone Swiss or round robin). Prize blocks keyed by a category rank inside the category
//! and are checked by `prizes`, not here.

use xqreg_grammar::ast::{self, Format, Item, PlaceRange, PrizeKey, StageClause};
use xqreg_grammar::Span;

use super::facts::ref_count;
use super::schedule::sources_of;
use super::Ctx;
use crate::diagnostics::{Code, Diagnostic, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&E509, &E510, &E512];

// The message catalogue of this module: compiler/messages/check/places.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/places.rs"));

/// One claim to decide a range of places.
struct Decided<'a> {
    range: (u32, u32),
    /// Where to point: the `places` clause or the declaration.
    span: Span,
    /// `stage `x`` / `the declaration`.
    who: String,
    who_zh: String,
    /// The stage inherited the clause with `same_as` (its name, for the help line).
    copied_by: Option<&'a str>,
    /// The stage that decides the places; None for a declaration.
    stage: Option<&'a str>,
    /// A player count to compare with the range length.
    players: Option<u32>,
}

/// `5至8` (a single place alone), for Chinese messages.
fn range_zh(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}至{b}")
    }
}

fn range_text(a: u32, b: u32) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}..{b}")
    }
}

fn decisions<'a>(ctx: &'a Ctx<'a>) -> Vec<Decided<'a>> {
    let mut out = Vec::new();
    for name in &ctx.scope.stage_order {
        let Some(info) = ctx.scope.stages.get(name) else {
            continue;
        };
        let clauses = ctx.scope.stage_clauses(name);
        let own =
            |span: Span| span.start >= info.stage.span.start && span.end <= info.stage.span.end;
        let clause = clauses
            .iter()
            .find_map(|c| match c {
                StageClause::Places(r) => Some(*r),
                _ => None,
            })
            .or_else(|| {
                clauses.iter().find_map(|c| match c {
                    StageClause::Format(Format::SamePlace { places, .. }) => Some(*places),
                    _ => None,
                })
            });
        let Some(r) = clause else { continue };
        let copied = !own(r.span);
        out.push(Decided {
            range: (r.start, r.end),
            span: if copied { info.stage.name.span } else { r.span },
            who: format!("stage `{name}`"),
            who_zh: format!("阶段 `{name}`"),
            copied_by: copied.then_some(*name),
            stage: Some(*name),
            // E211 (stages) compares a stage's entrants with its places.
            players: None,
        });
    }
    for item in &ctx.file.items {
        if let Item::Places(p) = item {
            let mut players = Some(0u32);
            for r in &p.sources {
                players = players
                    .zip(ref_count(ctx.scope, r))
                    .map(|(a, b)| a.saturating_add(b));
            }
            if p.sources.is_empty() {
                players = None;
            }
            out.push(Decided {
                range: (p.places.start, p.places.end),
                span: p.places.span,
                who: "a places declaration".into(),
                who_zh: "名次声明".into(),
                copied_by: None,
                stage: None,
                players,
            });
        }
    }
    out
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let decided = decisions(ctx);
    twice(ctx, &decided, diags);
    counts(&decided, diags);
    undecided(ctx, &decided, diags);
}

/// The categories a stage takes its players from, when it takes them from categories alone:
/// directly (`entrants category u8b`) or through the places of earlier stages that do (a
/// section's final, `entrants u8b#1..4`, holds players of the section's categories only).
fn entrant_categories<'a>(ctx: &'a Ctx<'a>, stage: &str) -> Option<Vec<&'a ast::Category>> {
    categories_feeding(ctx, stage, ctx.scope.stages.len())
}

/// [`entrant_categories`], following places of earlier stages at most `depth` stages back
/// (a cycle of stages feeding each other, refused elsewhere, ends here).
fn categories_feeding<'a>(
    ctx: &'a Ctx<'a>,
    stage: &str,
    depth: usize,
) -> Option<Vec<&'a ast::Category>> {
    let mut out = Vec::new();
    for c in ctx.scope.stage_clauses(stage) {
        if let StageClause::Entrants { sources, .. } = c {
            for src in sources {
                match src {
                    ast::EntrantSource::Category(n) => {
                        out.push(*ctx.scope.categories.get(n.node.as_str())?);
                    }
                    ast::EntrantSource::Places(r) if depth > 0 => {
                        out.extend(categories_feeding(ctx, &r.stage.node, depth - 1)?);
                    }
                    _ => return None,
                }
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// Two stages whose players come from categories no player can be in both of (men and women,
/// two age bands): sections, each with its own place 1, so their places do not clash.
fn sections_apart(ctx: &Ctx<'_>, x: &str, y: &str) -> bool {
    let (Some(a), Some(b)) = (entrant_categories(ctx, x), entrant_categories(ctx, y)) else {
        return false;
    };
    a.iter()
        .all(|p| b.iter().all(|q| super::categories::disjoint(p, q)))
}

fn twice(ctx: &Ctx<'_>, decided: &[Decided<'_>], diags: &mut Diagnostics) {
    for (i, a) in decided.iter().enumerate() {
        for b in decided.iter().skip(i + 1) {
            let lo = a.range.0.max(b.range.0);
            let hi = a.range.1.min(b.range.1);
            if lo > hi {
                continue;
            }
            // Two sections each rank from their own place 1 (docs/language.md §12).
            if let (Some(x), Some(y)) = (a.stage, b.stage) {
                if sections_apart(ctx, x, y) {
                    continue;
                }
            }
            // The later claim (in source order) is the one to change.
            let (first, second) = if a.span.start <= b.span.start {
                (a, b)
            } else {
                (b, a)
            };
            let len = second.range.1.saturating_sub(second.range.0);
            let start = decided
                .iter()
                .map(|d| d.range.1)
                .max()
                .unwrap_or(0)
                .saturating_add(1);
            let suggest = range_text(start, start.saturating_add(len));
            let help = match (second.copied_by, rest_beside(first, second)) {
                (Some(stage), _) => HELP_E509_COPY.fill(&[("stage", stage), ("suggest", &suggest)]),
                // One range inside the other, sharing an end (a Swiss's `places 1..64` beside a
                // title playoff's `places 1..2`): the wider one keeps the rest, which is the fix
                // the author means, not a range after every place.
                (None, Some((outer, rest))) => HELP_E509_REST.fill(&[
                    ("who", &outer.who),
                    ("who_zh", &outer.who_zh),
                    ("rest", &range_text(rest.0, rest.1)),
                ]),
                (None, None) => HELP_E509.fill(&[("suggest", &suggest)]),
            };
            diags.push(
                Diagnostic::new(
                    &E509,
                    MSG_E509.fill(&[
                        ("from", &lo.to_string()),
                        ("to", &hi.to_string()),
                        ("a", &first.who),
                        ("b", &second.who),
                        ("a_zh", &first.who_zh),
                        ("b_zh", &second.who_zh),
                    ]),
                    second.span,
                    LBL_E509.fill(&[
                        ("range", &range_text(second.range.0, second.range.1)),
                        ("range_zh", &range_zh(second.range.0, second.range.1)),
                    ]),
                )
                .with_label(
                    first.span,
                    LBL_E509_FIRST.fill(&[
                        ("range", &range_text(first.range.0, first.range.1)),
                        ("range_zh", &range_zh(first.range.0, first.range.1)),
                    ]),
                )
                .with_help(help),
            );
        }
    }
}

/// When one claim's range holds the other's and they share an end, the wider claim and the
/// places it would keep without the narrower one's.
fn rest_beside<'d, 'a>(
    a: &'d Decided<'a>,
    b: &'d Decided<'a>,
) -> Option<(&'d Decided<'a>, (u32, u32))> {
    let holds = |o: &Decided<'_>, i: &Decided<'_>| o.range.0 <= i.range.0 && i.range.1 <= o.range.1;
    let (outer, inner) = if holds(a, b) {
        (a, b)
    } else if holds(b, a) {
        (b, a)
    } else {
        return None;
    };
    if outer.range == inner.range {
        None
    } else if outer.range.0 == inner.range.0 {
        Some((outer, (inner.range.1 + 1, outer.range.1)))
    } else if outer.range.1 == inner.range.1 {
        Some((outer, (outer.range.0, inner.range.0 - 1)))
    } else {
        None
    }
}

fn counts(decided: &[Decided<'_>], diags: &mut Diagnostics) {
    for d in decided {
        let Some(players) = d.players else { continue };
        let places = d
            .range
            .1
            .checked_sub(d.range.0)
            .map_or(0, |x| x.saturating_add(1));
        if players == 0 || places == players {
            continue;
        }
        let suggest = range_text(d.range.0, d.range.0.saturating_add(players - 1));
        diags.push(
            Diagnostic::new(
                &E512,
                MSG_E512.fill(&[
                    ("range", &range_text(d.range.0, d.range.1)),
                    ("range_zh", &range_zh(d.range.0, d.range.1)),
                    ("places", &places.to_string()),
                    ("players", &players.to_string()),
                ]),
                d.span,
                LBL_E512.fill(&[("places", &places.to_string())]),
            )
            .with_help(HELP_E512.fill(&[("suggest", &suggest)])),
        );
    }
}

/// Overall prize lines (blocks without a category) by place range.
fn overall_prize_lines(file: &ast::File) -> Vec<(PlaceRange, Span)> {
    let mut out = Vec::new();
    for item in &file.items {
        if let Item::Prizes(p) = item {
            if p.category.is_some() {
                continue;
            }
            for line in &p.lines {
                if let PrizeKey::Places(r) = &line.key {
                    out.push((*r, line.span));
                }
            }
        }
    }
    out
}

fn undecided(ctx: &Ctx<'_>, decided: &[Decided<'_>], diags: &mut Diagnostics) {
    // A block that did not parse may be the stage that decides the missing places.
    if ctx.file.items.iter().any(|i| matches!(i, Item::Broken(_))) {
        return;
    }
    let prizes = overall_prize_lines(ctx.file);
    let mut ranges: Vec<(u32, u32)> = decided.iter().map(|d| d.range).collect();
    if ranges.is_empty() {
        // The lone stage no other stage draws from decides the whole ranking.
        let terminal: Vec<&str> = ctx
            .scope
            .stage_order
            .iter()
            .copied()
            .filter(|s| {
                !ctx.scope.stage_order.iter().any(|o| {
                    sources_of(&ctx.scope.stage_clauses(o))
                        .iter()
                        .any(|x| x == s)
                })
            })
            .collect();
        match terminal.as_slice() {
            [one] => {
                let n = ctx
                    .facts
                    .stages
                    .get(*one)
                    .and_then(|f| f.entrants)
                    .unwrap_or(u32::MAX);
                ranges.push((1, n.max(1)));
            }
            _ => return,
        }
    }
    let bound = prizes
        .iter()
        .map(|(r, _)| r.end)
        .chain(decided.iter().map(|d| d.range.1))
        .max()
        .unwrap_or(0)
        .min(100_000)
        // Places beyond the field are E504's; they need no stage.
        .min(super::entry::field_bound(ctx.file).unwrap_or(u32::MAX));
    let covered = |p: u32| ranges.iter().any(|(a, b)| *a <= p && p <= *b);
    let mut place = 1;
    while place <= bound {
        if covered(place) {
            place += 1;
            continue;
        }
        let start = place;
        while place <= bound && !covered(place) {
            place += 1;
        }
        let end = place - 1;
        report_gap(ctx, decided, &prizes, start, end, diags);
    }
}

fn report_gap(
    ctx: &Ctx<'_>,
    decided: &[Decided<'_>],
    prizes: &[(PlaceRange, Span)],
    start: u32,
    end: u32,
    diags: &mut Diagnostics,
) {
    let range = range_text(start, end);
    let (places, places_zh, are) = if start == end {
        (format!("place {start}"), format!("第{start}名"), "is")
    } else {
        (
            format!("places {range}"),
            format!("第{start}至{end}名"),
            "are",
        )
    };
    let msg = MSG_E510.fill(&[("places", &places), ("places_zh", &places_zh), ("are", are)]);
    let prize = prizes
        .iter()
        .find(|(r, _)| r.start <= end && start <= r.end);
    let before = decided
        .iter()
        .filter(|d| d.range.1 < start)
        .max_by_key(|d| d.range.1);
    let mut d = match (prize, before) {
        (Some((_, span)), _) => Diagnostic::new(&E510, msg, *span, LBL_E510_PRIZE.plain()),
        (None, Some(b)) => Diagnostic::new(&E510, msg, b.span, LBL_E510_DECL.plain()),
        (None, None) => match decided.first() {
            Some(first) => Diagnostic::new(&E510, msg, first.span, LBL_E510_DECL.plain()),
            None => return,
        },
    };
    if let (Some(_), Some(b)) = (prize, before) {
        d = d.with_label(b.span, LBL_E510_DECL.plain());
    }
    let help = match unused_places(ctx, end - start + 1) {
        Some(source) => HELP_E510.fill(&[("range", &range), ("source", &source)]),
        None => HELP_E510_PLAIN.fill(&[("range", &range)]),
    };
    diags.push(d.with_help(help));
}

/// A place reference to the next places of a group stage that no later stage takes, when they
/// make exactly `len` players: 004's group thirds and fourths for places 9..16.
fn unused_places(ctx: &Ctx<'_>, len: u32) -> Option<String> {
    for name in &ctx.scope.stage_order {
        let info = ctx.scope.stages.get(name)?;
        let groups = u32::try_from(info.groups.len()).unwrap_or(u32::MAX).max(1);
        let mut taken = 0u32;
        let mut used = false;
        let mut note = |r: &ast::PlaceRef| {
            if r.stage.node == *name {
                taken = taken.max(r.places.end);
                used = true;
            }
        };
        for other in &ctx.scope.stage_order {
            for c in ctx.scope.stage_clauses(other) {
                match c {
                    StageClause::Entrants { sources, .. } => {
                        for s in sources {
                            if let ast::EntrantSource::Places(r) = s {
                                note(r);
                            }
                        }
                    }
                    StageClause::Format(Format::Knockout(k)) => {
                        for kc in &k.clauses {
                            if let ast::KnockoutClause::Bracket { pairs, .. } = kc {
                                for slot in pairs.iter().flat_map(|(a, b)| [a, b]) {
                                    if let ast::BracketSlot::Place(r) = slot {
                                        note(r);
                                    }
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        for item in &ctx.file.items {
            if let Item::Places(p) = item {
                for r in &p.sources {
                    note(r);
                }
            }
        }
        if !used || !len.is_multiple_of(groups) {
            continue;
        }
        let per = len / groups;
        let from = taken.saturating_add(1);
        let to = taken.saturating_add(per);
        let size = ctx.facts.stages.get(*name).and_then(|f| f.group_size);
        if size.is_some_and(|s| to > s) {
            continue;
        }
        let places = range_text(from, to);
        let sel = if info.groups.is_empty() {
            String::new()
        } else {
            ".*".to_string()
        };
        return Some(format!("{name}{sel}#{places}"));
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn fixtures() {
        super::super::testing::fixtures(super::CODES);
    }

    use super::super::testing::{assert_codes, group_stage, head_with_field};

    fn groups() -> String {
        head_with_field(16)
            + &group_stage("A B C D")
            + r#"stage final_a "决赛甲组" {
  entrants groups.*#1
  knockout { bracket (groups.A#1 v groups.B#1) (groups.C#1 v groups.D#1)  third_place }
  places 1..4
  time standard
  colours lot
  playoff { armageddon armageddon colours lot }
}
stage final_b "决赛乙组" {
  entrants groups.*#2
  knockout { bracket (groups.A#2 v groups.B#2) (groups.C#2 v groups.D#2)  third_place }
  places 5..8
  time standard
  colours lot
  playoff { armageddon armageddon colours lot }
}
prizes "奖金" CNY {
  1: 8000
  2: 4000
  3: 3000
  4: 2000
  5..8: 1000 each
  9..16: 500 each
}
schedule {
  day 2014-04-27 { 08:30 round groups 1  14:00 round groups 2 }
  day 2014-04-28 { 08:30 round groups 3  14:00 round final_a 1, final_b 1 }
  day 2014-04-29 { 08:30 round final_a 2, final_b 2 }
}
"#
    }

    #[test]
    fn seed_004_places_9_to_16_are_found_and_the_fix_proposed() {
        let lines = assert_codes(&groups(), &["E510"]);
        assert!(
            lines.contains("places 9..16 are decided by no stage"),
            "{lines}"
        );
        assert!(
            lines.contains("`places 9..16 shared groups.*#3..4`"),
            "{lines}"
        );
    }

    /// A title playoff of the first two after a Swiss that decides every place: the help names
    /// the Swiss's range without the playoff's places, not a range after the last place.
    #[test]
    fn a_range_inside_another_is_fixed_by_trimming_the_wider_one() {
        let text = format!(
            "{}{}",
            head_with_field(8),
            r#"stage main "积分编排" {
  swiss cxa rounds 5
  entrants roster
  time standard
  avoid same_unit never
  tiebreak { opponents_score, wins, lots }
  places 1..8
}
stage title "冠军加赛" {
  knockout { bracket (main#1 v main#2) only_if_tied }
  time standard
  colours lot
  places 1..2
  playoff { armageddon armageddon colours lot }
}
"#
        );
        let lines = assert_codes(&text, &["E509"]);
        assert!(
            lines.contains("let stage `main` decide the places left: `places 3..8` there"),
            "{lines}"
        );
    }

    #[test]
    fn the_declared_fix_is_accepted() {
        let text = format!("{}places 9..16 shared groups.*#3..4\n", groups());
        assert_codes(&text, &[]);
    }

    #[test]
    fn a_lone_stage_without_places_decides_them_all() {
        let text = super::super::testing::BASE.replace("  places 1..8\n", "")
            + "prizes \"奖金\" CNY {\n  1: 3000\n  2..8: 100 each\n}\n";
        assert_codes(&text, &[]);
    }
}
