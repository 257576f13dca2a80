//! What a criterion means in the stage it ranks: unfit for the format (E402), useless there
//! (W403), or needing a variant the format makes necessary: head-to-head in a Swiss (E404), any
//! pairwise criterion with three or more tied (E405), countback (E406), the bye's share of the
//! opponents' score in a Swiss that can have byes (E409); a team criterion in an individual stage
//! (E416) or a player's criterion in a team stage (E417).

use xqreg_grammar::ast::Criterion;

use super::criteria::Crit;
use super::facts::FormatKind;
use super::Report;
use crate::diagnostics::{Code, Diagnostics, Explain, Severity, Template};

// The message catalogue of this module: compiler/messages/check/fitness.toml.
include!(concat!(env!("OUT_DIR"), "/messages/check/fitness.rs"));

fn has_variant(c: &Criterion, crit: Crit) -> bool {
    c.variants
        .iter()
        .any(|v| crit.variants().contains(&v.node.as_str()))
}

pub const CODES: &[&Code] = &[&E402, &E404, &E405, &E406, &E409, &E416, &E417, &W403];

/// Where a chain is written: a stage of a known format, or somewhere format-free.
#[derive(Clone, Copy)]
pub(super) enum Place<'a> {
    Stage {
        name: &'a str,
        format: FormatKind,
        /// A team Swiss (`swiss cxa rounds 7 boards 4`): team criteria fit.
        team: bool,
        byes_possible: Option<(&'a str, &'a str)>,
        bye_stated: bool,
    },
    /// `places ... ranked_by` or a mini-match `tiebreak` step: format-free checks only.
    Other,
}

/// Check one known criterion (not `points`, not a repeat) in its place.
pub(super) fn criterion(c: &Criterion, crit: Crit, place: Place<'_>, diags: &mut Diagnostics) {
    let (format, stage, team) = match place {
        Place::Stage {
            format, name, team, ..
        } => (format, name, team),
        Place::Other => (FormatKind::Unknown, "", false),
    };
    let name = c.name.node.as_str();
    let unfit = matches!(
        crit,
        Crit::SonnebornBerger | Crit::OpponentsScore | Crit::Progressive | Crit::Countback
    );
    if format.is_elimination() && unfit {
        let (what, what_zh) = if format == FormatKind::SamePlace {
            ("a same-place", "同名次比赛")
        } else {
            ("a knockout", "淘汰赛")
        };
        diags.push(UNFIT.at(
            c.name.span,
            &[
                ("name", name),
                ("what", what),
                ("what_zh", what_zh),
                ("stage", stage),
            ],
        ));
        return;
    }
    let individual = !team
        && !matches!(
            format,
            FormatKind::TeamRoundRobin { .. } | FormatKind::Unknown
        );
    if crit.team_only() && individual {
        diags.push(TEAM_ONLY.at(c.name.span, &[("name", name), ("stage", stage)]));
        return;
    }
    let team_stage = team || matches!(format, FormatKind::TeamRoundRobin { .. });
    if crit.individual_only() && team_stage {
        diags.push(INDIVIDUAL_ONLY.at(c.name.span, &[("name", name), ("stage", stage)]));
        return;
    }
    if format.is_round_robin() && crit == Crit::OpponentsScore {
        diags.push(USELESS.at(c.name.span, &[("name", name), ("stage", stage)]));
        return;
    }
    match crit {
        Crit::HeadToHead if format == FormatKind::Swiss && !has_variant(c, crit) => {
            diags.push(H2H_SWISS.at(c.name.span, &[("stage", stage)]));
        }
        Crit::HeadToHead | Crit::HeadToHeadBlack if !has_variant(c, crit) => {
            diags.push(PAIRWISE.at(c.name.span, &[("name", crit.name())]));
        }
        Crit::Countback if !has_variant(c, crit) => diags.push(COUNTBACK.at(c.name.span, &[])),
        Crit::OpponentsScore => {
            if let Place::Stage {
                format: FormatKind::Swiss,
                byes_possible: Some((why, why_zh)),
                bye_stated: false,
                ..
            } = place
            {
                let written = c.params.iter().any(|p| p.key.node == "bye");
                if !written {
                    diags.push(BYE_SCORE.at(
                        c.name.span,
                        &[("stage", stage), ("why", why), ("why_zh", why_zh)],
                    ));
                }
            }
        }
        _ => {}
    }
}
