//! Writing a TRF-2026 file: the header records the 2026 text defines (`012`, `142`, `152`,
//! `162`, `192`), the lines the reader did not interpret, then one `001` line per player with
//! every field in its columns.

use super::{Trf, TrfPlayer};
use crate::pairing::swiss::state::Colour;

fn tenths(v: u32) -> String {
    format!("{}.{}", v / 10, v % 10)
}

/// Place `s` in 1-based columns `from..=to`, right-aligned when `right`, cut to fit.
fn put(line: &mut Vec<char>, from: usize, to: usize, s: &str, right: bool) {
    let width = to + 1 - from;
    let chars: Vec<char> = s.chars().take(width).collect();
    if line.len() < to {
        line.resize(to, ' ');
    }
    let offset = if right { width - chars.len() } else { 0 };
    for (i, c) in chars.into_iter().enumerate() {
        if let Some(slot) = line.get_mut(from - 1 + offset + i) {
            *slot = c;
        }
    }
}

fn player_line(p: &TrfPlayer) -> String {
    let mut l: Vec<char> = Vec::new();
    put(&mut l, 1, 3, "001", false);
    put(&mut l, 5, 8, &p.id.to_string(), true);
    put(&mut l, 10, 10, &p.sex, false);
    put(&mut l, 11, 13, &p.title, true);
    put(&mut l, 15, 47, &p.name, false);
    if let Some(r) = p.rating {
        put(&mut l, 49, 52, &r.to_string(), true);
    }
    put(&mut l, 54, 56, &p.federation, false);
    put(&mut l, 58, 68, &p.fide_id, true);
    put(&mut l, 70, 79, &p.birth, false);
    put(&mut l, 81, 84, &tenths(p.points), true);
    if let Some(r) = p.rank {
        put(&mut l, 86, 89, &r.to_string(), true);
    }
    for (i, r) in p.rounds.iter().enumerate() {
        let c = 92 + 10 * i;
        let Some(r) = r else {
            put(&mut l, c, c + 7, "", false);
            continue;
        };
        let opp = r.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
        put(&mut l, c, c + 3, &opp, true);
        let colour = match r.colour {
            Some(Colour::White) => "w",
            Some(Colour::Black) => "b",
            None => "-",
        };
        put(&mut l, c + 5, c + 5, colour, false);
        put(&mut l, c + 7, c + 7, &r.result.to_char().to_string(), false);
    }
    let s: String = l.into_iter().collect();
    s.trim_end().to_string()
}

/// The file as TRF-2026 text.
pub fn write(trf: &Trf) -> String {
    let mut out = String::new();
    if let Some(n) = &trf.name {
        out.push_str(&format!("012 {n}\n"));
    }
    if let Some(r) = trf.rounds_declared {
        out.push_str(&format!("142 {r}\n"));
    }
    if let Some(c) = trf.initial_colour {
        out.push_str(match c {
            Colour::White => "152 W\n",
            Colour::Black => "152 B\n",
        });
    }
    let s = &trf.scoring;
    let mut l: Vec<char> = Vec::new();
    put(&mut l, 1, 3, "162", false);
    // Symbol at column 6, value in 7-10, the next pair 9 columns later.
    let pairs = [
        ("W", s.win),
        ("D", s.draw),
        ("L", s.loss),
        ("P", s.pab),
        ("H", s.half_bye),
        ("X", s.forfeit_win),
        ("Z", s.zero_bye),
    ];
    for (i, (sym, v)) in pairs.iter().enumerate() {
        let c = 6 + 9 * i;
        put(&mut l, c, c, sym, false);
        put(&mut l, c + 1, c + 4, &tenths(*v), true);
    }
    out.push_str(l.into_iter().collect::<String>().trim_end());
    out.push('\n');
    if let Some(sys) = &trf.system {
        out.push_str(&format!("192 {sys}\n"));
    }
    for (_, line) in &trf.other_lines {
        out.push_str(line);
        out.push('\n');
    }
    for p in &trf.players {
        out.push_str(&player_line(p));
        out.push('\n');
    }
    out
}
