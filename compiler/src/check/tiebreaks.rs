//! Tie-break chains: known criteria (E107) with known options (E111), each once (E401), `小分`
//! resolved (E403), nothing after `lots` (E408), `points` only first (W402, E411), and a chain
//! that can leave ties (W401). What each criterion means in its stage is `fitness`.
//!
//! Chains are checked where they are written: a stage's own chain with the stage's format, a
//! `places ... ranked_by` chain and a mini-match `tiebreak` step with the format-free checks only.

use std::collections::BTreeMap;

use xqreg_grammar::ast::{
    Criterion, Item, ParamValue, PlacesRule, PlayoffRef, PlayoffStep, StageClause, TiebreakChain,
};
use xqreg_grammar::Span;

use super::criteria::{self, lookup, Crit, Lookup, BYE_SCORES};
use super::facts::FormatKind;
use super::fitness::Place;
use super::names::code;
use super::words::{word, Position, E111};
use super::{suggest, Ctx, Report};
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

code!(E107, "E107", "unknown-criterion", Error,
    Template::new("A tie-break chain names a criterion outside the library: points, sonneborn_berger (小分 in a round robin), opponents_score (对手分), progressive (累进分), head_to_head (直胜), head_to_head_black, wins (胜局), black_wins (后手胜局), black_games (后手局数), fouls (犯规), countback, game_points (局分, teams), board_countback (teams), lots (抽签).",
        "名次区分中使用了库外的项目。可用：points、sonneborn_berger（循环赛小分）、opponents_score（对手分）、progressive（累进分）、head_to_head（直胜）、head_to_head_black、wins（胜局）、black_wins（后手胜局）、black_games（后手局数）、fouls（犯规）、countback、game_points（团体局分）、board_countback（团体逐台比较）、lots（抽签）。"),
    "stage main { swiss cxa rounds 9  tiebreak { buchholz, lots } }",
    Template::new("Use the library name (`opponents_score` for Buchholz).", "改用库中的名称（Buchholz 即 `opponents_score`）。"));

code!(E401, "E401", "repeated-criterion", Error,
    Template::new("A criterion appears twice in one chain with the same options; the second can never separate anyone the first did not.",
        "同一名次区分链中同一项目（选项相同）出现两次；第二次不可能区分第一次未能区分的棋手。"),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { wins, black_games, wins, lots }\n}",
    Template::new("Delete the repeat.", "删去重复项。"));

code!(E403, "E403", "ambiguous-small-points", Error,
    Template::new("`小分` means Sonneborn-Berger in a round robin, but in a Swiss it is used for both Sonneborn-Berger and the opponents' score (Buchholz); a Swiss must name which.",
        "`小分` 在循环赛中指 Sonneborn-Berger 分，但在积分编排赛中既被用来指 Sonneborn-Berger 分，也被用来指对手分（Buchholz）；积分编排赛必须写明是哪一种。"),
    "stage main { swiss cxa rounds 9  tiebreak { 小分, lots } }",
    Template::new("Write `sonneborn_berger` or `opponents_score` instead of `小分`.", "把 `小分` 改为 `sonneborn_berger` 或 `opponents_score`。"));

code!(
    E408,
    "E408",
    "criterion-after-lots",
    Error,
    Template::new(
        "Lots separate everyone, so a criterion after `lots` never runs.",
        "抽签可以区分所有人，抽签之后的项目永远不会用到。"
    ),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { wins, lots, fouls }\n}",
    Template::new(
        "Move the criterion before `lots`, or delete it.",
        "把该项目移到 `lots` 之前，或删去。"
    )
);

code!(E411, "E411", "points-not-first", Error,
    Template::new("Points rank before every tie-break; `points` written later in a chain would rank players by points after other criteria already split them.",
        "积分排在所有名次区分项目之前；把 `points` 写在链的后面，意味着其他项目区分后再比积分。"),
    "stage main {\n  swiss cxa rounds 9\n  tiebreak { wins, points, lots }\n}",
    Template::new("Delete `points` (it is implicit), or move it first.", "删去 `points`（默认先比积分），或移到最前面。"));

code!(W401, "W401", "chain-may-leave-ties", Warning,
    Template::new("A chain without a final `lots` can leave players tied after every criterion. The runtime then separates them by lot (FIDE C.07 art. 4.2), which the regulation does not say; write `lots` at the end of the chain if that is what is meant. A playoff never separates a tie in standings (E114).",
        "名次区分链末尾没有 `lots` 时，所有项目比完后仍可能同分。此时运行按抽签区分（FIDE C.07 第 4.2 条），而规程并未写明；如本意如此，请在链末尾写上 `lots`。加赛不用于区分积分名次（E114）。"),
    "stage groups { round_robin single groups A B size 6  tiebreak { sonneborn_berger, wins } }",
    Template::new("End the chain with `lots` (what the runtime does), or add the criteria the regulation uses.", "在链末尾加上 `lots`（即运行的做法），或补上规程采用的项目。"));

code!(
    W402,
    "W402",
    "points-in-chain",
    Warning,
    Template::new(
        "`points` is implicit at the head of every chain; writing it is harmless but redundant.",
        "每条名次区分链都默认先比积分，写出 `points` 无害但多余。"
    ),
    "stage groups {\n  round_robin single groups A B size 6\n  tiebreak { points, sonneborn_berger, lots }\n}",
    Template::new("Delete `points`.", "删去 `points`。")
);

pub const CODES: &[&Code] = &[&E107, &E401, &E403, &E408, &E411, &W401, &W402];

// The message catalogue of this module: compiler/messages/check/tiebreaks.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/tiebreaks.rs"));

pub fn check(ctx: &Ctx<'_>, diags: &mut Diagnostics) {
    for item in &ctx.file.items {
        match item {
            Item::Stage(st) => {
                for c in &st.clauses {
                    if let StageClause::Playoff(PlayoffRef::Inline(p)) = c {
                        steps(&p.steps, diags);
                    }
                }
            }
            Item::Playoff(p) => steps(&p.steps, diags),
            Item::Places(p) => {
                if let PlacesRule::Ranked(chain) = &p.rule {
                    self::chain(chain, Place::Other, diags);
                }
            }
            _ => {}
        }
    }
    for name in &ctx.scope.stage_order {
        let (Some(info), Some(f)) = (ctx.scope.stages.get(name), ctx.facts.stages.get(*name))
        else {
            continue;
        };
        let effective = ctx.scope.stage_clauses(name);
        let bye_stated = effective.iter().any(|c| {
            matches!(c, StageClause::Bye { params, .. } if params.iter().any(|p| p.key.node == "opponent_score"))
        });
        let byes_possible = match f.entrants {
            None if f.sources_unresolved => None,
            None => Some(("the field is not fixed", "人数不固定")),
            Some(n) if !n.is_multiple_of(2) => Some(("the field is odd", "人数为奇数")),
            Some(_) => None,
        };
        let team = effective.iter().any(|c| {
            matches!(
                c,
                StageClause::Format(xqreg_grammar::ast::Format::Swiss {
                    boards: Some(_),
                    ..
                })
            )
        });
        let place = Place::Stage {
            name,
            format: f.format,
            team,
            byes_possible,
            bye_stated,
        };
        for c in &info.stage.clauses {
            if let StageClause::Tiebreak(t) = c {
                chain(t, place, diags);
            }
        }
        // Whether ties can remain: only standings-based formats rank by a chain.
        if !matches!(
            f.format,
            FormatKind::Swiss | FormatKind::RoundRobin { .. } | FormatKind::TeamRoundRobin { .. }
        ) {
            continue;
        }
        // A playoff never plays for a standings tie (E114 refuses one here): no escape.
        match effective.iter().find_map(|c| match c {
            StageClause::Tiebreak(t) => Some(t),
            _ => None,
        }) {
            None => diags.push(NO_CHAIN.at(info.stage.name.span, &[("stage", name)])),
            Some(t) => {
                let has_lots = t
                    .criteria
                    .iter()
                    .any(|c| lookup(&c.name.node) == Lookup::Crit(Crit::Lots));
                let last_unknown = t
                    .criteria
                    .last()
                    .is_some_and(|c| lookup(&c.name.node) == Lookup::Unknown);
                if !has_lots && !last_unknown {
                    let span = t.criteria.last().map_or(t.span, |c| c.name.span);
                    diags.push(OPEN_CHAIN.at(span, &[("stage", name)]));
                }
            }
        }
    }
}

fn steps(steps: &[PlayoffStep], diags: &mut Diagnostics) {
    for s in steps {
        if let PlayoffStep::Tiebreak(t) = s {
            chain(t, Place::Other, diags);
        }
    }
}

fn options(c: &Criterion, crit: Crit, diags: &mut Diagnostics) {
    let variants = crit.variants();
    for v in &c.variants {
        if variants.is_empty() {
            diags.push(NO_VARIANT.at(v.span, &[("crit", crit.name()), ("word", &v.node)]));
        } else {
            word(
                diags,
                v,
                &Position {
                    what: ("variant", "变体"),
                    allowed: variants,
                },
            );
        }
    }
    for p in &c.params {
        if !word(
            diags,
            &p.key,
            &Position {
                what: ("option", "选项"),
                allowed: crit.params(),
            },
        ) {
            continue;
        }
        if let ("bye", ParamValue::Ident(v)) = (p.key.node.as_str(), &p.value) {
            word(
                diags,
                v,
                &Position {
                    what: ("bye score", "轮空计分"),
                    allowed: BYE_SCORES,
                },
            );
        }
    }
}

fn chain(t: &TiebreakChain, place: Place<'_>, diags: &mut Diagnostics) {
    let format = match place {
        Place::Stage { format, .. } => format,
        Place::Other => FormatKind::Unknown,
    };
    let stage = match place {
        Place::Stage { name, .. } => name,
        Place::Other => "",
    };
    let mut lots_at: Option<Span> = None;
    let mut seen: BTreeMap<String, Span> = BTreeMap::new();
    for (i, c) in t.criteria.iter().enumerate() {
        let name = c.name.node.as_str();
        if let Some(at) = lots_at {
            diags.push(
                AFTER_LOTS
                    .at(c.name.span, &[("name", name)])
                    .with_label(at, LOTS_HERE.plain()),
            );
            break;
        }
        let crit = match lookup(name) {
            Lookup::Unknown => {
                let names = criteria::all_names();
                let mut d = UNKNOWN.at(c.name.span, &[("name", name)]);
                let foreign = criteria::FOREIGN_NAMES
                    .iter()
                    .find(|(f, _)| f.eq_ignore_ascii_case(name))
                    .map(|(_, ours)| *ours);
                if let Some(s) =
                    foreign.or_else(|| suggest::did_you_mean(name, names.iter().copied()))
                {
                    d = d.with_help(
                        Template::new("did you mean `{name}`?", "是否应为 `{name}`？")
                            .fill(&[("name", s)]),
                    );
                }
                diags.push(d.with_help(LIBRARY_LIST.plain()));
                continue;
            }
            Lookup::SmallPoints if format == FormatKind::Swiss => {
                diags.push(SMALL_POINTS.at(c.name.span, &[("stage", stage)]));
                continue;
            }
            Lookup::SmallPoints => Crit::SonnebornBerger,
            Lookup::Crit(k) => k,
        };
        options(c, crit, diags);
        if crit == Crit::Lots {
            lots_at = Some(c.name.span);
        }
        if crit == Crit::Points {
            if i == 0 {
                diags.push(POINTS_FIRST.at(c.name.span, &[]));
            } else {
                diags.push(POINTS_LATER.at(c.name.span, &[]));
            }
            continue;
        }
        let key = match criteria::resolve(c, format) {
            Some(r) => format!("{:?}|{:?}|{:?}|{:?}", r.crit, r.variant, r.cut, r.bye),
            None => continue,
        };
        if let Some(first) = seen.get(&key) {
            diags.push(
                REPEATED
                    .at(c.name.span, &[("name", crit.name())])
                    .with_label(*first, FIRST_HERE.plain()),
            );
            continue;
        }
        seen.insert(key, c.name.span);
        super::fitness::criterion(c, crit, place, diags);
    }
}
