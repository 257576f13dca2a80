//! One pairing bracket and its edge weights: the quality criteria C5–C21 laid out as bit
//! fields of one wide integer, the most important highest (see the module note of `dutch`).

use std::collections::BTreeMap;

use super::{bits, compatible_prefs, Ctx, Float, P};
use crate::pairing::swiss::state::Colour;
use crate::pairing::swiss::weight::Big;

/// One pairing bracket: `pbi[..sgb]` moved-down players, `pbi[sgb..nsgb]` residents,
/// `pbi[nsgb..]` the next score group (look-ahead) or, in special brackets, everyone below.
pub(super) struct Bracket<'a> {
    pub(super) ctx: &'a Ctx,
    pub(super) pbi: &'a [usize],
    pub(super) sgb: usize,
    pub(super) nsgb: usize,
    pub(super) special: bool,
    pub(super) final_brackets: bool,
    /// Positions from here on are below the next score group (only in final brackets): they
    /// count for completing the round, not for the next bracket's pairs (C7, C8).
    pub(super) look_end: usize,
    /// C9 (the bye assignee's unplayed rounds) counts in this bracket: see `Ctx::c9_active`.
    pub(super) c9_active: bool,
}

/// The layout of the weight fields of a bracket.
pub(super) struct Layout {
    pub(super) pcb: usize,
    pub(super) npcb: usize,
    pub(super) sds: usize,
    pub(super) shift_of: BTreeMap<u32, usize>,
    pub(super) min: u32,
    pub(super) c9_bits: usize,
}

const TEN: u32 = 10;

/// Up to this many players below the next score group, the look-ahead includes them.
pub(super) const LOOK_AHEAD_MAX: usize = 64;

impl Bracket<'_> {
    pub(super) fn p(&self, i: usize) -> &P {
        &self.ctx.ps[self.pbi[i]]
    }

    pub(super) fn layout(&self) -> Layout {
        let n = self.pbi.len();
        let min = self.p(n - 1).score;
        let mut diffs = Vec::new();
        for p in 0..self.nsgb {
            let sp = self.p(p).score;
            diffs.push(sp.saturating_sub(min) + TEN);
            let first = self.sgb.max(p + 1);
            for o in first..self.nsgb {
                if o <= first || self.p(o).score < self.p(o - 1).score {
                    diffs.push(sp.saturating_sub(self.p(o).score));
                }
            }
        }
        diffs.sort_unstable();
        let mut shift_of = BTreeMap::new();
        let mut sds = 0usize;
        let mut i = 0;
        while i < diffs.len() {
            let mut j = i;
            while j < diffs.len() && diffs[j] == diffs[i] {
                j += 1;
            }
            shift_of.insert(diffs[i], sds);
            sds += bits(j - i);
            i = j;
        }
        let max_unplayed = (0..n).map(|i| self.p(i).unplayed).max().unwrap_or(0) as usize;
        Layout {
            pcb: bits(self.nsgb - self.sgb),
            npcb: bits(n - self.nsgb),
            sds,
            shift_of,
            min,
            c9_bits: bits(2 * max_unplayed * n + 1),
        }
    }

    pub(super) fn weight_bits(&self) -> usize {
        let l = self.layout();
        let pr = self.ctx.played_rounds;
        let mut b = bits(self.pbi.len()) + 4; // headroom for sums over a matching
        if self.special || self.final_brackets {
            b += 2;
        }
        if self.special || self.final_brackets || self.c9_active {
            b += l.c9_bits;
        }
        b += l.pcb + l.sds;
        if !self.special {
            b += l.npcb;
            b += l.sds;
        }
        b += 4 * l.pcb;
        if pr >= 1 {
            b += 2 * l.pcb + 2 * l.sds;
        }
        if pr > 1 {
            b += 2 * l.pcb + 2 * l.sds;
        }
        b + 3 * l.pcb + 1 + 3
    }

    fn sd(&self, l: &Layout, key: u32) -> usize {
        l.shift_of.get(&key).copied().unwrap_or(0)
    }

    /// The base edge weight between bracket positions `h < lo`.
    pub(super) fn edge<const L: usize>(&self, l: &Layout, h: usize, lo: usize) -> Big<L> {
        let mut r = Big::<L>::default();
        if !self.ctx.compatible(self.pbi[h], self.pbi[lo]) {
            return r;
        }
        let hp = self.p(h);
        let lp = self.p(lo);
        let h_cur = h < self.nsgb;
        let l_cur = lo < self.nsgb;
        let pr = self.ctx.played_rounds;
        let not_elig = |p: &P| u64::from(!p.eligible_bye);
        // Completing the round (with the bye on an eligible player) comes first; in the other
        // brackets the completion check (C4) stands for it.
        if self.special || self.final_brackets {
            r.add_small(1 + not_elig(hp) + not_elig(lp));
        }
        // C5: pairs in the bracket.
        r.shl(l.pcb);
        r.add_small(u64::from(l_cur));
        // C6: score differences in the bracket.
        r.shl(l.sds);
        if l_cur {
            r.add_at(self.sd(l, hp.score.saturating_sub(l.min) + TEN), 1);
            r.add_at(self.sd(l, lp.score.saturating_sub(l.min) + TEN), 1);
            r.sub_at(self.sd(l, hp.score.saturating_sub(lp.score)), 1);
        }
        if !self.special {
            // C7: pairs in the next bracket (the lower player in the next score group, not
            // below it).
            let in_reach = lo < self.look_end;
            r.shl(l.npcb);
            r.add_small(u64::from(!l_cur && in_reach));
            // C8: scores carried into the next bracket.
            r.shl(l.sds);
            if h_cur && in_reach {
                r.add_at(self.sd(l, hp.score.saturating_sub(l.min) + TEN), 1);
            }
            if l_cur {
                r.add_at(self.sd(l, lp.score.saturating_sub(l.min) + TEN), 1);
            }
        }
        if self.special || self.final_brackets || self.c9_active {
            // C9: the bye goes to a player with as few unplayed rounds as possible, i.e. the
            // paired players carry as many as possible.
            r.shl(l.c9_bits);
            if self.c9_active {
                r.add_small(u64::from(hp.unplayed) + u64::from(lp.unplayed));
            }
        }
        // C10–C13: colours.
        self.colour_bits(&mut r, lp, hp, l_cur, l.pcb);
        if pr >= 1 {
            self.float_count(&mut r, l, hp, lp, l_cur, 0);
        }
        if pr > 1 {
            self.float_count(&mut r, l, hp, lp, l_cur, 1);
        }
        if pr >= 1 {
            self.float_score(&mut r, l, hp, lp, l_cur, 0);
        }
        if pr > 1 {
            self.float_score(&mut r, l, hp, lp, l_cur, 1);
        }
        // Reserved for the candidate order (exchanges, transpositions).
        r.shl(3 * l.pcb + 1);
        r
    }

    fn colour_bits<const L: usize>(&self, r: &mut Big<L>, p: &P, o: &P, cur: bool, pcb: usize) {
        r.shl(pcb);
        r.add_small(u64::from(
            cur && (!p.abs_imbalance() || !o.abs_imbalance() || p.pref != o.pref),
        ));
        r.shl(pcb);
        let c11 = !p.abs_pref()
            || !o.abs_pref()
            || p.pref != o.pref
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let q = if p.imbalance > o.imbalance { o } else { p };
                q.repeated != p.pref.map(Colour::other)
            };
        r.add_small(u64::from(cur && c11));
        r.shl(pcb);
        r.add_small(u64::from(cur && compatible_prefs(p.pref, o.pref)));
        r.shl(pcb);
        let c13 = (!p.strong && !p.abs_pref())
            || (!o.strong && !o.abs_pref())
            || (p.abs_pref() && o.abs_pref())
            || p.pref != o.pref;
        r.add_small(u64::from(cur && c13));
    }

    fn float_count<const L: usize>(
        &self,
        r: &mut Big<L>,
        l: &Layout,
        hp: &P,
        lp: &P,
        l_cur: bool,
        k: usize,
    ) {
        r.shl(l.pcb);
        if l_cur {
            r.add_small(u64::from(lp.float[k] == Float::Down));
            r.add_small(u64::from(
                hp.score <= lp.score && hp.float[k] == Float::Down,
            ));
        }
        r.shl(l.pcb);
        if l_cur && hp.score > lp.score && lp.float[k] == Float::Up {
            r.sub_at(0, 1);
        }
    }

    fn float_score<const L: usize>(
        &self,
        r: &mut Big<L>,
        l: &Layout,
        hp: &P,
        lp: &P,
        l_cur: bool,
        k: usize,
    ) {
        r.shl(l.sds);
        if l_cur {
            if lp.float[k] == Float::Down {
                r.add_at(self.sd(l, lp.score.saturating_sub(l.min) + TEN), 1);
            }
            if hp.float[k] == Float::Down {
                r.add_at(self.sd(l, hp.score.saturating_sub(l.min) + TEN), 1);
                if hp.score > lp.score {
                    r.sub_at(self.sd(l, hp.score - lp.score), 1);
                }
            }
        }
        r.shl(l.sds);
        if l_cur && lp.float[k] == Float::Up && hp.score > lp.score {
            r.sub_at(self.sd(l, hp.score - lp.score), 1);
        }
    }
}
