//! The diagram's geometry: boxes as wide as their text in the diagram's font, arrows of
//! horizontal and vertical segments that keep clear of every label.

use crate::sheet::metrics::{self, Weight};
use crate::sheet::model::{Arrow, Chip, Diagram, FlowBox, TextLine};
use crate::sheet::Lang;

/// Font sizes (px) of a box's title, its lines and the arrows' labels, as sheet.css sets them.
const TITLE_PX: u32 = 13;
const TEXT_PX: u32 = 12;
const LABEL_PX: u32 = 11;
/// A box's text starts this far from its left edge (the template's `x + 10`) and keeps as much
/// room on the right.
const PAD_X: u32 = 10;
const MIN_COL_W: u32 = 150;
const MIN_GAP: u32 = 60;
/// Trunks of one gap stand this far apart.
const TRUNK_STEP: u32 = 10;
/// Arrows into one box are at least a label's height (with its halo) apart.
const LABEL_SPACING: u32 = 18;
const GAP_Y: u32 = 22;
const MARGIN: u32 = 16;
const LINE_H: u32 = 18;

/// A box to draw: a stage or a places declaration, in its column.
pub(super) struct Node {
    pub title: String,
    pub lines: Vec<String>,
    pub groups: Vec<String>,
    pub level: usize,
    pub dashed: bool,
}

/// The diagram of `nodes` joined by `routes` ((from, to), label), or None when no route joins
/// them (parallel stages need no diagram).
pub(super) fn diagram(
    lang: Lang,
    nodes: &[Node],
    routes: &[((usize, usize), String)],
) -> Option<Diagram> {
    let (boxes, arrows) = layout(nodes, routes);
    if arrows.is_empty() {
        return None;
    }
    let text_lines = arrows
        .iter()
        .zip(routes)
        .filter_map(|(a, ((from, to), _))| {
            let (fa, fb) = (boxes.get(*from)?, boxes.get(*to)?);
            Some(match lang {
                Lang::Zh => format!("{} → {}：{}", fa.title, fb.title, a.label),
                Lang::En => format!("{} → {}: {}", fa.title, fb.title, a.label),
            })
        })
        .collect();
    let width = boxes.iter().map(|b| b.x + b.w).max().unwrap_or(0) + MARGIN;
    let lowest = arrows.iter().flat_map(|a| a.points.iter().map(|p| p.1));
    let height = boxes
        .iter()
        .map(|b| b.y + b.h)
        .chain(lowest)
        .max()
        .unwrap_or(0)
        + MARGIN;
    Some(Diagram {
        width,
        height,
        boxes,
        arrows,
        lines: text_lines,
    })
}

/// The box of each node and the arrow of each route (in the order of `routes`).
///
/// Columns are as wide as their widest text in the diagram's font. An arrow leaves its source's
/// right edge, runs to a vertical trunk of its own in the gap before its target's column, and
/// enters the target horizontally; its label sits just above that last segment, right-aligned at
/// the arrowhead. The trunks of a gap stand left of every label of the gap, and the arrows into
/// one column are at least a label's height apart, so no line crosses a label and no label
/// another.
fn layout(nodes: &[Node], routes: &[((usize, usize), String)]) -> (Vec<FlowBox>, Vec<Arrow>) {
    let levels = nodes.iter().map(|n| n.level + 1).max().unwrap_or(0);
    let mut in_count = vec![0u32; nodes.len()];
    let mut out_count = vec![0u32; nodes.len()];
    for ((a, b), _) in routes {
        out_count[*a] += 1;
        in_count[*b] += 1;
    }
    let mut col_w = vec![MIN_COL_W; levels];
    for n in nodes {
        let text = std::iter::once(metrics::width(&n.title, TITLE_PX, Weight::Bold))
            .chain(
                n.lines
                    .iter()
                    .map(|l| metrics::width(l, TEXT_PX, Weight::Regular)),
            )
            .max()
            .unwrap_or(0);
        // Group chips in one row, up to eight of them.
        let chips = n.groups.len().min(8) as u32;
        let chips_w = if chips == 0 { 0 } else { 16 + chips * 34 - 6 };
        col_w[n.level] = col_w[n.level].max(text + 2 * PAD_X).max(chips_w);
    }
    // The gap before column l + 1: a trunk per arrow into it, then its widest label.
    let mut gap = vec![MIN_GAP; levels];
    let mut trunks = vec![0u32; levels];
    let mut label_w = vec![0u32; levels];
    for ((a, b), l) in routes {
        let (from, to) = (nodes[*a].level, nodes[*b].level.max(1));
        trunks[to - 1] += 1;
        if to > from + 1 {
            trunks[from] += 1;
        }
        label_w[to - 1] = label_w[to - 1].max(metrics::width(l, LABEL_PX, Weight::Regular));
    }
    for g in 0..levels {
        gap[g] = gap[g].max(36 + TRUNK_STEP * trunks[g] + label_w[g]);
    }
    let mut col_x = vec![MARGIN; levels];
    for l in 1..levels {
        col_x[l] = col_x[l - 1] + col_w[l - 1] + gap[l - 1];
    }
    let mut boxes: Vec<FlowBox> = Vec::new();
    let mut col_y = vec![MARGIN; levels];
    for (i, n) in nodes.iter().enumerate() {
        let (x, w) = (col_x[n.level], col_w[n.level]);
        let y = col_y[n.level];
        let mut h = 30 + LINE_H * n.lines.len() as u32;
        let mut chips = Vec::new();
        if !n.groups.is_empty() {
            let cw = 28u32;
            // A chip and the gap after it are 34; the last chip needs no gap (the width above
            // counts 16 + n × 34 − 6): four chips in a width for four, not three and one.
            let fit = ((w + 6).saturating_sub(16) / (cw + 6)).max(1);
            // Rows as even as the chips allow: nine in two rows of five and four, not 8 + 1.
            let count = n.groups.len() as u32;
            let per_row = count.div_ceil(count.div_ceil(fit)).max(1);
            for (k, g) in n.groups.iter().enumerate() {
                let k = k as u32;
                chips.push(Chip {
                    x: x + 8 + (k % per_row) * (cw + 6),
                    y: y + h + (k / per_row) * 26,
                    w: cw,
                    h: 20,
                    label: g.clone(),
                });
            }
            let rows = (n.groups.len() as u32).div_ceil(per_row);
            h += rows * 26 + 2;
        }
        h += 8;
        // Room for the arrows that enter (a label's height apart) and leave.
        h = h
            .max(LABEL_SPACING * (in_count[i] + 1))
            .max(12 * (out_count[i] + 1));
        let lines = n
            .lines
            .iter()
            .enumerate()
            .map(|(k, t)| TextLine {
                y: y + 42 + LINE_H * k as u32,
                text: t.clone(),
            })
            .collect();
        boxes.push(FlowBox {
            x,
            y,
            w,
            h,
            title: n.title.clone(),
            lines,
            groups: chips,
            dashed: n.dashed,
        });
        col_y[n.level] = y + h + GAP_Y;
    }
    let arrows = arrows(nodes, routes, &boxes, &col_x, &col_w, &in_count, &out_count);
    (boxes, arrows)
}

/// The arrows of the routes, each with its own trunk in the gap before its target's column. A
/// route that skips a column turns down in the gap after its source, runs in a corridor of its
/// own below the boxes it passes, and rises in the gap before its target.
fn arrows(
    nodes: &[Node],
    routes: &[((usize, usize), String)],
    boxes: &[FlowBox],
    col_x: &[u32],
    col_w: &[u32],
    in_count: &[u32],
    out_count: &[u32],
) -> Vec<Arrow> {
    let mut in_seen = vec![0u32; nodes.len()];
    let mut out_seen = vec![0u32; nodes.len()];
    // (y1, y2) of each route: spread along the source's right and the target's left edge.
    let ends: Vec<(u32, u32)> = routes
        .iter()
        .map(|((a, b), _)| {
            out_seen[*a] += 1;
            in_seen[*b] += 1;
            let (fa, fb) = (&boxes[*a], &boxes[*b]);
            (
                fa.y + fa.h * out_seen[*a] / (out_count[*a] + 1),
                fb.y + fb.h * in_seen[*b] / (in_count[*b] + 1),
            )
        })
        .collect();
    // The corridor of each route that skips a column: below every box of the columns between.
    let mut corridors = 0;
    let corridor: Vec<Option<u32>> = routes
        .iter()
        .map(|((a, b), _)| {
            let (from, to) = (nodes[*a].level, nodes[*b].level);
            (to > from + 1).then(|| {
                let below = boxes
                    .iter()
                    .zip(nodes)
                    .filter(|(_, n)| n.level > from && n.level < to)
                    .map(|(b, _)| b.y + b.h)
                    .max()
                    .unwrap_or(0);
                corridors += 1;
                below + 4 + TRUNK_STEP * corridors
            })
        })
        .collect();
    // Trunk requests: (gap, route, from y, to y, which trunk of the route).
    let mut requests: Vec<(usize, usize, u32, u32, usize)> = Vec::new();
    for (r, ((a, b), _)) in routes.iter().enumerate() {
        let (y1, y2) = ends[r];
        let to = nodes[*b].level.saturating_sub(1);
        match corridor[r] {
            None => requests.push((to, r, y1, y2, 0)),
            Some(yc) => {
                requests.push((nodes[*a].level, r, y1, yc, 0));
                requests.push((to, r, yc, y2, 1));
            }
        }
    }
    // Trunks from the left of each gap: lines going down in order of their start from the
    // bottom, then lines going up from the top, so that a fan of arrows does not cross itself.
    requests.sort_by_key(|&(gap, r, from, to, k)| {
        let down = to >= from;
        (gap, !down, if down { u32::MAX - from } else { from }, r, k)
    });
    let mut trunk_of = vec![[0u32; 2]; routes.len()];
    let mut used = vec![0u32; col_x.len()];
    for (gap, r, _, _, k) in requests {
        trunk_of[r][k] = col_x[gap] + col_w[gap] + 12 + TRUNK_STEP * used[gap];
        used[gap] += 1;
    }
    routes
        .iter()
        .enumerate()
        .map(|(r, ((a, b), label))| {
            let (fa, fb) = (&boxes[*a], &boxes[*b]);
            let (y1, y2) = ends[r];
            let (x1, x2) = (fa.x + fa.w, fb.x.saturating_sub(6));
            let [t1, t2] = trunk_of[r];
            let points = match corridor[r] {
                Some(yc) => vec![(x1, y1), (t1, y1), (t1, yc), (t2, yc), (t2, y2), (x2, y2)],
                None if y1 == y2 => vec![(x1, y1), (x2, y2)],
                None => vec![(x1, y1), (t1, y1), (t1, y2), (x2, y2)],
            };
            arrow(points, label)
        })
        .collect()
}

/// An arrow along `points` with its label above the last segment, right-aligned at the head.
fn arrow(points: Vec<(u32, u32)>, label: &str) -> Arrow {
    let path = points
        .iter()
        .enumerate()
        .map(|(k, (x, y))| format!("{}{x},{y}", if k == 0 { 'M' } else { 'L' }))
        .collect::<Vec<_>>()
        .join(" ");
    let (x2, y2) = points.last().copied().unwrap_or_default();
    let (lx, ly) = (x2.saturating_sub(8), y2.saturating_sub(5));
    let lw = metrics::width(label, LABEL_PX, Weight::Regular);
    Arrow {
        path,
        points,
        label: label.to_string(),
        lx,
        ly,
        // The label's ink with its white halo: 11 px text, ascent 0.88 em, descent 0.12 em,
        // and 2 px of halo around.
        label_box: [lx.saturating_sub(lw + 2), ly.saturating_sub(12), lw + 4, 16],
    }
}
