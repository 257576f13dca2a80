//! W607: a qualification quota whose last place may fall inside a shared place of the final
//! ranking (`overall 3` when the knockout's semi-final losers share 3rd; a quota ending inside
//! the places of a stage whose chain ends in `shared`, or of a `places ... shared` declaration).
//! The regulation then does not say which of the players sharing the place qualify: the runtime
//! draws the places left by lot among them (runtime/src/engine/finish/qualify.rs) and says so,
//! and the checker says it before publication, as W401 says it of a chain without `lots`.
//! A category's quota (`women 1`) counts the category's players in the final ranking, so which
//! places it ends at is known only from its players: any place the final ranking may share can
//! hold the category's last qualifier and one more of its players (two women losing in the
//! same round of a knockout without placement matches), and the quota is said once.

use xqreg_grammar::ast::{
    Format, Item, Knockout, KnockoutClause, PlaceRange, PlacesRule, StageClause, OVERALL,
};
use xqreg_grammar::Span;

use super::criteria::{lookup, Crit, Lookup};
use super::{Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

pub const CODES: &[&Code] = &[&W607];

// The message catalogue of this module: compiler/messages/check/quota_ties.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/quota_ties.rs"));

/// Places of the final ranking several players may hold together: `first..=last`, and where it
/// comes from (the clause to point at, what it is in both languages).
struct Shared {
    first: u32,
    last: u32,
    span: Span,
    why: &'static Template,
    /// How to make the place one player's, English and Chinese.
    fix: (&'static str, &'static str),
}

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    let shared = shared_places(ctx);
    for item in &ctx.file.items {
        let Item::Qualification(q) = item else {
            continue;
        };
        for quota in &q.quotas {
            let name = quota.category.node.as_str();
            let n = quota.count.node;
            let found = if name == OVERALL {
                let s = shared.iter().find(|s| s.first <= n && n < s.last);
                s.map(|s| (s, &SPLITS_SHARED))
            } else if ctx.scope.categories.contains_key(name) {
                // A category's players may be anywhere in the ranking: its last place can fall
                // inside any shared place, whatever its count. A derived ranking's quota counts
                // units, not these places.
                shared.first().map(|s| (s, &CATEGORY_SPLITS_SHARED))
            } else {
                None
            };
            let Some((s, report)) = found else {
                continue;
            };
            let (first, last, n) = (s.first.to_string(), s.last.to_string(), n.to_string());
            let args = [
                ("fix", s.fix.0),
                ("fix_zh", s.fix.1),
                ("category", name),
                ("count", n.as_str()),
                ("first", first.as_str()),
                ("last", last.as_str()),
            ];
            diags.push(
                report
                    .at(quota.count.span, &args)
                    .with_label(s.span, s.why.plain()),
            );
        }
    }
}

fn shared_places(ctx: &Ctx<'_>) -> Vec<Shared> {
    let mut out = Vec::new();
    for name in &ctx.scope.stage_order {
        let clauses = ctx.scope.stage_clauses(name);
        let Some(places) = clauses.iter().find_map(|c| match c {
            StageClause::Places(r) => Some(*r),
            _ => None,
        }) else {
            continue;
        };
        let chain_shared = clauses.iter().find_map(|c| match c {
            StageClause::Tiebreak(t) => t
                .criteria
                .last()
                .filter(|c| lookup(&c.name.node) == Lookup::Crit(Crit::Shared))
                .map(|c| c.name.span),
            _ => None,
        });
        if let Some(span) = chain_shared {
            out.push(Shared {
                first: places.start,
                last: places.end,
                span,
                why: &CHAIN_SHARES,
                fix: ("end the chain with `lots`", "链末尾改为 `lots`"),
            });
        }
        let knockout = clauses.iter().find_map(|c| match c {
            StageClause::Format(Format::Knockout(k)) => Some(k),
            _ => None,
        });
        if let Some(k) = knockout {
            for tier in knockout_loser_places(k, places, None) {
                out.push(Shared {
                    first: tier.first,
                    last: tier.last,
                    span: k.span,
                    why: &LOSERS_SHARE,
                    fix: (
                        "have the places played (`third_place`, `placement`)",
                        "为这些名次安排比赛（`third_place`、`placement`）",
                    ),
                });
            }
        }
    }
    for item in &ctx.file.items {
        if let Item::Places(p) = item {
            if let PlacesRule::Shared(span) = p.rule {
                out.push(Shared {
                    first: p.places.start,
                    last: p.places.end,
                    span,
                    why: &DECLARED_SHARED,
                    fix: (
                        "rank the declared places (`ranked_by`)",
                        "为声明的名次排序（`ranked_by`）",
                    ),
                });
            }
        }
    }
    out
}

/// The places the losers of one knockout round share: the round of `players` (4: the
/// semi-finals), its losers on `first..=last`.
pub struct LoserPlaces {
    pub players: u64,
    pub first: u32,
    pub last: u32,
}

/// The places a knockout deciding `places` leaves shared: the losers of each round not played
/// out, the semi-finals' without `third_place`, none with `placement`; up to a bracket of `size`
/// players where it is known, else to the stage's last place. The sheet says them
/// (`四分之一决赛负者并列第五名`), W607 reads them.
pub fn knockout_loser_places(
    k: &Knockout,
    places: PlaceRange,
    size: Option<u64>,
) -> Vec<LoserPlaces> {
    let has = |f: fn(&KnockoutClause) -> bool| k.clauses.iter().any(f);
    if has(|c| matches!(c, KnockoutClause::Placement(_))) {
        return Vec::new();
    }
    let third_place = has(|c| matches!(c, KnockoutClause::ThirdPlace(_)));
    let mut out = Vec::new();
    let mut players: u64 = if third_place { 8 } else { 4 };
    while size.is_none_or(|s| players <= s) {
        let Ok(width) = u32::try_from(players / 2) else {
            break;
        };
        let Some(first) = places.start.checked_add(width).filter(|&f| f <= places.end) else {
            break;
        };
        out.push(LoserPlaces {
            players,
            first,
            last: first.saturating_add(width - 1).min(places.end),
        });
        let Some(next) = players.checked_mul(2) else {
            break;
        };
        players = next;
    }
    out
}
