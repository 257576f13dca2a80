//! The stage diagram is legible: in every example and every docs block with a diagram, in both
//! languages, each box is wide enough for its text in the diagram's font, no arrow's line
//! crosses a label, no label overlaps another label or a box, and each label's box is its text's
//! measured width.

use serde_json::Value;
use xqreg::sheet::metrics::{width, Weight};
use xqreg::sheet::Lang;

use crate::common::{examples, rel};

type Rect = [i64; 4];

fn num(v: &Value) -> i64 {
    v.as_i64().expect("a whole number")
}

fn rect(v: &Value) -> Rect {
    [num(&v["x"]), num(&v["y"]), num(&v["w"]), num(&v["h"])]
}

/// Rectangles that share more than an edge.
fn overlap(a: Rect, b: Rect) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

/// An axis-parallel segment that touches the inside or the edge of a rectangle.
fn crosses(r: Rect, (x1, y1): (i64, i64), (x2, y2): (i64, i64)) -> bool {
    let (lo_x, hi_x) = (x1.min(x2), x1.max(x2));
    let (lo_y, hi_y) = (y1.min(y2), y1.max(y2));
    lo_x <= r[0] + r[2] && hi_x >= r[0] && lo_y <= r[1] + r[3] && hi_y >= r[1]
}

/// Every laid-out diagram in a JSON value (a sheet model).
fn diagrams(v: &Value, out: &mut Vec<Value>) {
    match v {
        Value::Object(m) => {
            if m.contains_key("boxes") && m.contains_key("arrows") {
                out.push(v.clone());
            }
            m.values().for_each(|x| diagrams(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| diagrams(x, out)),
        _ => {}
    }
}

/// What is wrong with one diagram, as sentences.
fn problems(d: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let boxes: Vec<&Value> = d["boxes"].as_array().expect("boxes").iter().collect();
    for b in &boxes {
        let r = rect(b);
        let title = b["title"].as_str().unwrap_or_default();
        let need = width(title, 13, Weight::Bold) as i64 + 20;
        if need > r[2] {
            out.push(format!(
                "title {title:?} needs {need} px, its box is {}",
                r[2]
            ));
        }
        for l in b["lines"].as_array().expect("lines") {
            let t = l["text"].as_str().unwrap_or_default();
            let need = width(t, 12, Weight::Regular) as i64 + 20;
            if need > r[2] {
                out.push(format!("line {t:?} needs {need} px, its box is {}", r[2]));
            }
        }
        for c in b["groups"].as_array().expect("groups") {
            let c = rect(c);
            if c[0] < r[0] || c[0] + c[2] > r[0] + r[2] || c[1] + c[3] > r[1] + r[3] {
                out.push(format!("a group chip of {title:?} leaves its box"));
            }
        }
    }
    let arrows: Vec<&Value> = d["arrows"].as_array().expect("arrows").iter().collect();
    let labels: Vec<(String, Rect)> = arrows
        .iter()
        .map(|a| {
            let b: Vec<i64> = a["label_box"]
                .as_array()
                .expect("label_box")
                .iter()
                .map(num)
                .collect();
            (
                a["label"].as_str().unwrap_or_default().to_string(),
                [b[0], b[1], b[2], b[3]],
            )
        })
        .collect();
    for (text, r) in &labels {
        let measured = width(text, 11, Weight::Regular) as i64 + 4;
        if r[2] < measured {
            out.push(format!(
                "label {text:?} is {measured} px wide, its box {}",
                r[2]
            ));
        }
        for b in &boxes {
            if overlap(*r, rect(b)) {
                out.push(format!("label {text:?} overlaps box {:?}", b["title"]));
            }
        }
        for a in &arrows {
            let pts: Vec<(i64, i64)> = a["points"]
                .as_array()
                .expect("points")
                .iter()
                .map(|p| (num(&p[0]), num(&p[1])))
                .collect();
            for seg in pts.windows(2) {
                if seg[0].0 != seg[1].0 && seg[0].1 != seg[1].1 {
                    out.push(format!("arrow {:?} has a slanted segment", a["label"]));
                }
                if crosses(*r, seg[0], seg[1]) {
                    out.push(format!(
                        "the line of {:?} crosses label {text:?}",
                        a["label"].as_str().unwrap_or_default()
                    ));
                }
            }
        }
    }
    for (i, (ta, ra)) in labels.iter().enumerate() {
        for (tb, rb) in &labels[i + 1..] {
            if overlap(*ra, *rb) {
                out.push(format!("labels {ta:?} and {tb:?} overlap"));
            }
        }
    }
    out
}

fn sheet_diagrams(name: &str, text: &str, lang: Lang) -> Vec<Value> {
    let report = xqreg::driver::check_bytes(name, text.as_bytes());
    let errors = report.count(xqreg::diagnostics::Severity::Error);
    assert_eq!(errors, 0, "{name} does not check clean");
    let parsed = xqreg_grammar::parse(text).file;
    let effective = xqreg::check::check(&parsed).checked.file;
    let src = xqreg::sheet::Source::from_checked(&effective, &parsed);
    let (sheet, _) = xqreg::sheet::build::build(&src, lang);
    let v = serde_json::to_value(&sheet).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut out = Vec::new();
    diagrams(&v, &mut out);
    out
}

/// Three levels, a route that skips one, four routes into one box, long labels.
const CROWDED: &str = include_str!("regulations/sheet_diagram_crowded.xqr");

/// Every example, and CROWDED, as (name, text).
fn diagram_files() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = examples()
        .iter()
        .map(|p| (rel(p), std::fs::read_to_string(p).expect("example")))
        .collect();
    files.push(("CROWDED".to_string(), CROWDED.to_string()));
    files
}

#[test]
fn diagrams_fit_their_text_and_no_line_crosses_a_label() {
    let files = diagram_files();
    let mut seen = 0;
    let mut wrong = Vec::new();
    for (name, text) in &files {
        for lang in [Lang::Zh, Lang::En] {
            for d in sheet_diagrams(name, text, lang) {
                seen += 1;
                for p in problems(&d) {
                    wrong.push(format!("{name} ({lang:?}): {p}"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // Four examples have a diagram, and so does CROWDED, in both languages.
    assert!(seen >= 10, "only {seen} diagrams");
}

/// A box's group chips lie in as few rows as its width allows, rows as even as can be, inside
/// the box: four groups made three chips and one in a box wide enough for four.
#[test]
fn group_chips_fill_their_rows_evenly() {
    let files = diagram_files();
    let mut rows_of_four = 0;
    let mut wrong = Vec::new();
    for (name, text) in &files {
        for d in sheet_diagrams(name, text, Lang::Zh) {
            for b in d["boxes"].as_array().expect("boxes") {
                let r = rect(b);
                let chips: Vec<Rect> = b["groups"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(rect)
                    .collect();
                let Some(first) = chips.first() else { continue };
                let mut rows: std::collections::BTreeMap<i64, usize> = Default::default();
                for c in &chips {
                    *rows.entry(c[1]).or_default() += 1;
                    if c[0] < r[0] || c[0] + c[2] > r[0] + r[2] {
                        wrong.push(format!("{name}: a chip at x {} leaves its box", c[0]));
                    }
                }
                // A chip and its gap are `first.w + 6` wide; the row's last chip needs no gap.
                let fit = ((r[2] - 16 + 6) / (first[2] + 6)).max(1) as usize;
                let want = chips.len().div_ceil(fit);
                let (lo, hi) = (rows.values().min(), rows.values().max());
                if rows.len() != want || hi.zip(lo).is_some_and(|(h, l)| h - l > 1) {
                    wrong.push(format!(
                        "{name}: {} chips in rows {:?} (the box fits {fit} a row)",
                        chips.len(),
                        rows.values().collect::<Vec<_>>()
                    ));
                }
                if chips.len() == 4 && rows.len() == 1 {
                    rows_of_four += 1;
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    // 004_zhouzhuang's group stage: A B C D in one row.
    assert!(rows_of_four >= 1, "no box of four groups in one row");
}
