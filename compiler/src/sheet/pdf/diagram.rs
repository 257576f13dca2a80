//! The stage diagram drawn straight from its laid-out model (boxes, chips, arrows, labels), the
//! same geometry the HTML's SVG template draws, scaled to the measure. No SVG library is
//! needed: the arrows' paths are the model's own M/L/C commands. A text wider than its box is
//! set smaller so that it stays inside.

use super::breaks::{width, Style};
use super::fonts::Fonts;
use super::page::{Atom, Op, Seg, CONTENT_W, LEADING};
use crate::sheet::model::Diagram;

/// Points per diagram unit at most: SVG user units are CSS pixels, 0.75 pt each.
const MAX_SCALE: f32 = 0.62;
const CAPTION: f32 = 9.5;

/// The diagram and its caption as one atom, which may be drawn down to 60 % to fit a page.
pub fn atom(fonts: &Fonts, d: &Diagram, caption: &str) -> Atom {
    let dw = d.width.max(1) as f32;
    let s = (CONTENT_W / dw).min(MAX_SCALE);
    let x0 = (CONTENT_W - dw * s) / 2.0;
    let y0 = 4.0;
    let p = |x: f32, y: f32| (x0 + x * s, y0 + y * s);
    let mut ops = Vec::new();
    let mut label_boxes = Vec::new();
    for a in &d.arrows {
        arrow(&mut ops, &a.path, &p, s);
    }
    for b in &d.boxes {
        let (x, y) = p(b.x as f32, b.y as f32);
        let mut r = rounded(x, y, b.w as f32 * s, b.h as f32 * s, 6.0 * s);
        if let Op::Path {
            fill, stroke, dash, ..
        } = &mut r
        {
            *fill = Some(if b.dashed { 255 } else { 247 });
            *stroke = Some((51, 1.2 * s));
            *dash = b.dashed;
        }
        ops.push(r);
        let inner = (b.w as f32 - 20.0) * s;
        let (tx, _) = p(b.x as f32 + 10.0, 0.0);
        let (_, ty) = p(0.0, b.y as f32 + 21.0);
        ops.push(fitted(
            fonts,
            tx,
            ty,
            &b.title,
            Style::bold(13.0 * s),
            inner,
            false,
        ));
        for l in &b.lines {
            let (_, ly) = p(0.0, l.y as f32);
            ops.push(fitted(
                fonts,
                tx,
                ly,
                &l.text,
                Style::plain(12.0 * s),
                inner,
                false,
            ));
        }
        for g in &b.groups {
            let (gx, gy) = p(g.x as f32, g.y as f32);
            let mut chip = rounded(gx, gy, g.w as f32 * s, g.h as f32 * s, 3.0 * s);
            if let Op::Path { fill, stroke, .. } = &mut chip {
                *fill = Some(255);
                *stroke = Some((102, 1.0 * s));
            }
            ops.push(chip);
            let (cx, cy) = p(g.x as f32 + g.w as f32 / 2.0, g.y as f32 + 15.0);
            let inner = (g.w as f32 - 4.0) * s;
            ops.push(fitted(
                fonts,
                cx,
                cy,
                &g.label,
                Style::plain(12.0 * s),
                inner,
                true,
            ));
        }
    }
    for a in &d.arrows {
        if a.label.is_empty() {
            continue;
        }
        let style = Style::plain(11.0 * s);
        let w = width(fonts, &a.label, style);
        let (lx, ly) = p(a.lx as f32, a.ly as f32);
        // The SVG's white halo: a white patch under the label, so the line does not cross it.
        label_boxes.push(Op::rect(
            lx - w - 1.5,
            ly - style.size * 0.9,
            w + 3.0,
            style.size * 1.2,
            Some(255),
            None,
        ));
        label_boxes.push(Op::Text {
            x: lx - w,
            y: ly,
            text: a.label.clone(),
            style,
        });
    }
    ops.extend(label_boxes);
    let h = y0 + d.height as f32 * s + 4.0;
    let style = Style::plain(CAPTION);
    let cw = width(fonts, caption, style);
    ops.push(Op::Text {
        x: (CONTENT_W - cw) / 2.0,
        y: h + CAPTION,
        text: caption.to_string(),
        style,
    });
    let mut atom = Atom::new(h + CAPTION * 1.6, ops);
    atom.space_before = LEADING * 0.4;
    atom.min_scale = 0.8;
    atom
}

/// Text at (x, baseline y), set smaller when wider than `room`; centred on x when `centre`.
fn fitted(
    fonts: &Fonts,
    x: f32,
    y: f32,
    text: &str,
    mut style: Style,
    room: f32,
    centre: bool,
) -> Op {
    let w = width(fonts, text, style);
    let w = if w > room && room > 0.0 {
        style.size *= room / w;
        room
    } else {
        w
    };
    Op::Text {
        x: if centre { x - w / 2.0 } else { x },
        y,
        text: text.to_string(),
        style,
    }
}

/// A rectangle with rounded corners (radius r), unfilled and unstroked until set.
fn rounded(x: f32, y: f32, w: f32, h: f32, r: f32) -> Op {
    let k = r * 0.5523;
    let segs = vec![
        Seg::Move(x + r, y),
        Seg::Line(x + w - r, y),
        Seg::Cubic(x + w - r + k, y, x + w, y + r - k, x + w, y + r),
        Seg::Line(x + w, y + h - r),
        Seg::Cubic(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
        Seg::Line(x + r, y + h),
        Seg::Cubic(x + r - k, y + h, x, y + h - r + k, x, y + h - r),
        Seg::Line(x, y + r),
        Seg::Cubic(x, y + r - k, x + r - k, y, x + r, y),
        Seg::Close,
    ];
    Op::Path {
        segs,
        fill: None,
        stroke: None,
        dash: false,
    }
}

/// An arrow: the model's path (M, L, C with absolute numbers) and a head at its end.
fn arrow(ops: &mut Vec<Op>, path: &str, p: &dyn Fn(f32, f32) -> (f32, f32), s: f32) {
    let mut segs = Vec::new();
    let mut nums: Vec<f32> = Vec::new();
    let mut cmd = ' ';
    let flush = |cmd: char, nums: &mut Vec<f32>, segs: &mut Vec<Seg>| {
        let pts: Vec<(f32, f32)> = nums
            .chunks(2)
            .filter(|c| c.len() == 2)
            .map(|c| p(c[0], c[1]))
            .collect();
        match (cmd, pts.as_slice()) {
            ('M', [a, ..]) => segs.push(Seg::Move(a.0, a.1)),
            ('L', [a, ..]) => segs.push(Seg::Line(a.0, a.1)),
            ('C', [a, b, c, ..]) => segs.push(Seg::Cubic(a.0, a.1, b.0, b.1, c.0, c.1)),
            _ => {}
        }
        nums.clear();
    };
    for tok in path
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        let (head, rest) = match tok.chars().next() {
            Some(c) if c.is_ascii_alphabetic() => (Some(c), &tok[1..]),
            _ => (None, tok),
        };
        if let Some(c) = head {
            flush(cmd, &mut nums, &mut segs);
            cmd = c;
        }
        if let Ok(n) = rest.parse::<f32>() {
            nums.push(n);
        }
    }
    flush(cmd, &mut nums, &mut segs);
    // The direction at the end: from the last control point (or the previous point) to the end.
    let mut prev = (0.0, 0.0);
    let mut dir = None;
    for seg in &segs {
        match *seg {
            Seg::Move(x, y) => prev = (x, y),
            Seg::Line(x, y) => {
                dir = Some((prev, (x, y)));
                prev = (x, y);
            }
            Seg::Cubic(_, _, cx, cy, x, y) => {
                dir = Some(((cx, cy), (x, y)));
                prev = (x, y);
            }
            Seg::Close => {}
        }
    }
    ops.push(Op::Path {
        segs,
        fill: None,
        stroke: Some((68, 1.3 * s)),
        dash: false,
    });
    if let Some(((ax, ay), (bx, by))) = dir {
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt().max(0.001);
        let (ux, uy) = (dx / len, dy / len);
        let (l, hw) = (9.0 * s, 4.5 * s);
        let (baxx, bayy) = (bx - ux * l, by - uy * l);
        ops.push(Op::Path {
            segs: vec![
                Seg::Move(bx, by),
                Seg::Line(baxx - uy * hw, bayy + ux * hw),
                Seg::Line(baxx + uy * hw, bayy - ux * hw),
                Seg::Close,
            ],
            fill: Some(68),
            stroke: None,
            dash: false,
        });
    }
}
