//! Writing a TRF-2026 file: the header records the 2026 text defines (`012`, `142`, `152`,
//! `162`, `192`), the lines the reader did not interpret, then one `001` line per player with
//! every field in its columns. A number wider than its columns is never cut (a pairing number
//! 10001 cut to `1000` would name another player): the file is not written ([`Unfit`]).

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

/// A number that does not fit its columns: the player's pairing number (`None` on the `162`
/// line), what the number is, its columns and the number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unfit {
    pub player: Option<u32>,
    pub what: &'static str,
    pub columns: (usize, usize),
    pub value: String,
}

/// Place the number `s` right-aligned in columns `from..=to`, or say it does not fit.
fn put_number(
    line: &mut Vec<char>,
    (from, to): (usize, usize),
    s: &str,
    what: &'static str,
    player: Option<u32>,
) -> Result<(), Unfit> {
    if s.chars().count() > to + 1 - from {
        return Err(Unfit {
            player,
            what,
            columns: (from, to),
            value: s.to_string(),
        });
    }
    put(line, from, to, s, true);
    Ok(())
}

fn player_line(p: &TrfPlayer) -> Result<String, Unfit> {
    let mut l: Vec<char> = Vec::new();
    let who = Some(p.id);
    put(&mut l, 1, 3, "001", false);
    put_number(&mut l, (5, 8), &p.id.to_string(), "pairing number", who)?;
    put(&mut l, 10, 10, &p.sex, false);
    put(&mut l, 11, 13, &p.title, true);
    put(&mut l, 15, 47, &p.name, false);
    if let Some(r) = p.rating {
        put_number(&mut l, (49, 52), &r.to_string(), "rating", who)?;
    }
    put(&mut l, 54, 56, &p.federation, false);
    put(&mut l, 58, 68, &p.fide_id, true);
    put(&mut l, 70, 79, &p.birth, false);
    put_number(&mut l, (81, 84), &tenths(p.points), "points", who)?;
    if let Some(r) = p.rank {
        put_number(&mut l, (86, 89), &r.to_string(), "rank", who)?;
    }
    for (i, r) in p.rounds.iter().enumerate() {
        let c = 92 + 10 * i;
        let Some(r) = r else {
            put(&mut l, c, c + 7, "", false);
            continue;
        };
        let opp = r.opponent.map_or("0000".to_string(), |o| format!("{o:>4}"));
        put_number(&mut l, (c, c + 3), &opp, "opponent's pairing number", who)?;
        let colour = match r.colour {
            Some(Colour::White) => "w",
            Some(Colour::Black) => "b",
            None => "-",
        };
        put(&mut l, c + 5, c + 5, colour, false);
        put(&mut l, c + 7, c + 7, &r.result.to_char().to_string(), false);
    }
    let s: String = l.into_iter().collect();
    Ok(s.trim_end().to_string())
}

/// The file as TRF-2026 text, or the first number that does not fit its columns.
pub fn write(trf: &Trf) -> Result<String, Unfit> {
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
        put_number(
            &mut l,
            (c + 1, c + 4),
            &tenths(*v),
            "points of the scoring",
            None,
        )?;
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
        out.push_str(&player_line(p)?);
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = include_str!("../../../tests/fixtures/trf/t01-round-05.trf");

    /// A pairing number of five digits (a 10,001-player event) does not fit columns 5-8: it is
    /// never written cut to `1000`, the number of another player.
    #[test]
    fn a_number_wider_than_its_columns_is_not_written_cut() {
        let mut trf = crate::trf::parse(FILE).expect("fixture");
        trf.players[0].id = 10001;
        let text = format!("{:?}", write(&trf));
        assert!(!text.contains("001 1000 "), "{text}");
        let unfit = write(&trf).expect_err("a number too wide");
        assert_eq!((unfit.player, unfit.what), (Some(10001), "pairing number"));
        // Player 1's opponents name it in their round blocks: the same number, as wide.
        trf.players[0].id = 1;
        trf.players[1].rank = Some(10000);
        let unfit = write(&trf).expect_err("a rank too wide");
        assert_eq!((unfit.what, unfit.columns), ("rank", (86, 89)));
    }
}
