//! Colour allocation between the two players of a pair (C.04.3 E.1–E.5).

use super::{compatible_prefs, Ctx};
use crate::pairing::swiss::state::Colour;

impl Ctx {
    /// Colour allocation (E.1–E.5) for player `a` against `b`.
    pub(super) fn colour_of(&self, a: usize, b: usize) -> Colour {
        let (x, y) = (&self.ps[a], &self.ps[b]);
        let neutral: Option<Colour> = if compatible_prefs(x.pref, y.pref) {
            // E.1: both preferences can be granted.
            match (x.pref, y.pref) {
                (Some(c), _) => Some(c),
                (None, Some(c)) => Some(c.other()),
                (None, None) => None,
            }
        } else if x.abs_pref() && (x.imbalance > y.imbalance || !y.abs_pref()) {
            // E.2: the stronger preference (absolute; both absolute: the wider difference).
            x.pref
        } else if y.abs_pref() && (y.imbalance > x.imbalance || !x.abs_pref()) {
            y.pref.map(Colour::other)
        } else if x.strong && !y.strong {
            x.pref
        } else if y.strong && !x.strong {
            y.pref.map(Colour::other)
        } else {
            // E.3: alternate from the most recent round in which they had different colours.
            let mut i = x.colours.len();
            let mut j = y.colours.len();
            let mut out = None;
            while i > 0 && j > 0 {
                i -= 1;
                j -= 1;
                if x.colours[i] != y.colours[j] {
                    out = Some(y.colours[j]);
                    break;
                }
            }
            out
        };
        if let Some(c) = neutral {
            return c;
        }
        // E.4 / E.5: the higher-ranked player decides; without a preference, by the parity of
        // his pairing number from the initial colour.
        let a_higher = a < b;
        let (hi, hi_is_a) = if a_higher { (x, true) } else { (y, false) };
        let hi_colour = match hi.pref {
            Some(c) => c,
            None => {
                if hi.rank % 2 == 0 {
                    self.initial
                } else {
                    self.initial.other()
                }
            }
        };
        if hi_is_a {
            hi_colour
        } else {
            hi_colour.other()
        }
    }
}
