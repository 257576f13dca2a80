//! The standings of each stage in `simulate`'s text report: what the JSON's `stages` hold, as
//! an arbiter checks a ranking by: place, player, points and each tie-break's value, the
//! criteria as columns in the chain's order, headed as the published site's crosstables.

use std::fmt::Write as _;

use unicode_width::UnicodeWidthStr;
use xqreg_runtime::engine::{tiebreak_columns, Outcome, StandingRow};
use xqreg_runtime::plan::{Plan, StageFormat};

use super::{pad, t, width_of};
use crate::diagnostics::Lang;
use crate::event::publish::text::{self, Tr};

/// Every group of every stage that has a standing with points (a knockout has none).
pub(super) fn standings(s: &mut String, plan: &Plan, o: &Outcome, lang: Lang) {
    let tr = match lang {
        Lang::En => Tr::En,
        Lang::Zh => Tr::Zh,
    };
    for stage in &o.stages {
        // A team stage's points are match points.
        let points = if stage.kind.starts_with("team") {
            "match_points"
        } else {
            "points"
        };
        for group in &stage.groups {
            let rows = &group.standings;
            if !rows.iter().any(|r| r.points.is_some()) {
                continue;
            }
            let title = super::stage_name(plan, &stage.name, lang);
            let name = match (&group.name, lang) {
                (None, _) => title.to_string(),
                // A comma between: a stage is often called `groups` ("groups, group A").
                (Some(g), Lang::En) => format!("{title}, group {g}"),
                (Some(g), Lang::Zh) => format!("{title}，{g}组"),
            };
            let _ = writeln!(s, "\n{}{name}", t(lang, "Standings: ", "名次表："));
            split_note(s, plan, &stage.name, lang);
            table(s, rows, &text::criterion(tr, points), |c| {
                text::criterion(tr, c)
            });
        }
    }
}

/// A Swiss whose leaders leave for another stage lists them first with their points when they
/// left, above players who scored more in the rounds after: said under the heading.
fn split_note(s: &mut String, plan: &Plan, stage: &str, lang: Lang) {
    let Some(split) = plan
        .stages
        .iter()
        .find(|st| st.name == stage)
        .and_then(|st| match &st.format {
            StageFormat::Swiss(sw) => sw.split.as_ref(),
            _ => None,
        })
    else {
        return;
    };
    let (n, top, to) = (split.after_round, split.top, &split.to);
    let _ = match lang {
        Lang::En => writeln!(
            s,
            "  places 1-{top} left after round {n} for `{to}` (split after_round {n} top {top}): their points are those of round {n}"
        ),
        Lang::Zh => writeln!(
            s,
            "  第1-{top}名在第{n}轮后进入 `{to}`（split after_round {n} top {top}）：积分为第{n}轮后的积分"
        ),
    };
}

/// One group's rows under a heading line; a criterion a row has no value for (one computed only
/// among the tied) is left blank.
fn table(s: &mut String, rows: &[StandingRow], points: &str, heading: impl Fn(&str) -> String) {
    let criteria = tiebreak_columns(rows);
    let headings: Vec<String> = criteria.iter().map(|c| heading(c)).collect();
    // A team's id is its name: said once.
    let named = rows.iter().any(|r| r.id != r.player);
    let id_w = width_of(rows.iter().map(|r| r.id.as_str()));
    let name_w = width_of(rows.iter().map(|r| r.player.as_str()));
    let cells: Vec<(String, Vec<String>)> = rows
        .iter()
        .map(|r| {
            let values = criteria
                .iter()
                .map(|c| {
                    r.tiebreaks
                        .iter()
                        .find(|tb| tb.column() == *c)
                        .map(|tb| tb.value.display())
                        .unwrap_or_default()
                })
                .collect();
            (r.points.map(|p| p.to_string()).unwrap_or_default(), values)
        })
        .collect();
    let points_w = width_of(cells.iter().map(|c| c.0.as_str()).chain([points]));
    let widths: Vec<usize> = headings
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let values = cells.iter().filter_map(|c| c.1.get(i)).map(String::as_str);
            width_of(values.chain([h.as_str()]))
        })
        .collect();
    let who_w = if named { id_w + 1 + name_w } else { id_w };
    let mut line = format!("  {:>4} {} {}", "", pad("", who_w), right(points, points_w));
    for (h, w) in headings.iter().zip(&widths) {
        let _ = write!(line, "  {}", right(h, *w));
    }
    let _ = writeln!(s, "{}", line.trim_end());
    for (r, (pts, values)) in rows.iter().zip(&cells) {
        let who = if named {
            format!("{} {}", pad(&r.id, id_w), pad(&r.player, name_w))
        } else {
            pad(&r.id, id_w)
        };
        let shared = if r.shared { "=" } else { " " };
        let mut line = format!("  {:>3}{shared} {who} {}", r.place, right(pts, points_w));
        for (v, w) in values.iter().zip(&widths) {
            let _ = write!(line, "  {}", right(v, *w));
        }
        let _ = writeln!(s, "{}", line.trim_end());
    }
}

/// `text` right-aligned in `width` display columns.
fn right(text: &str, width: usize) -> String {
    let fill = width.saturating_sub(UnicodeWidthStr::width(text));
    format!("{}{text}", " ".repeat(fill))
}
