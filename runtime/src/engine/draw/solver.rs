//! The feasibility search: whether the players still to draw can all be placed, by backtracking over the pots within a node budget.

use super::*;

impl Solver {
    pub(super) fn new_state(&self, units: usize) -> State {
        State {
            count: vec![0; self.groups],
            pot_count: vec![0; self.groups * self.quotas.len()],
            unit_mask: vec![0; units * self.quotas.len()],
            group_of: vec![None; self.slots.len()],
        }
    }

    pub(super) fn allowed(&self, st: &State, slot: usize, g: usize) -> bool {
        let Some(&(pot, unit)) = self.slots.get(slot) else {
            return false;
        };
        if st.count.get(g) >= self.cap.get(g) {
            return false;
        }
        let pc = st
            .pot_count
            .get(pot * self.groups + g)
            .copied()
            .unwrap_or(u32::MAX);
        if pc >= self.quotas.get(pot).copied().unwrap_or(0) {
            return false;
        }
        if self.avoid {
            if let Some(u) = unit {
                let pots = self.quotas.len();
                let exempt = self.exempt.get(pot).copied().unwrap_or(false);
                for q in 0..pots {
                    if q == pot && exempt {
                        continue;
                    }
                    if st
                        .unit_mask
                        .get(u * pots + q)
                        .is_some_and(|m| m & (1u64 << g) != 0)
                    {
                        return false;
                    }
                }
            }
        }
        true
    }

    pub(super) fn place(&self, st: &mut State, slot: usize, g: usize, on: bool) {
        let Some(&(pot, unit)) = self.slots.get(slot) else {
            return;
        };
        if let (Some(c), Some(pc)) = (
            st.count.get_mut(g),
            st.pot_count.get_mut(pot * self.groups + g),
        ) {
            if on {
                *c += 1;
                *pc += 1;
            } else {
                *c = c.saturating_sub(1);
                *pc = pc.saturating_sub(1);
            }
        }
        if let Some(u) = unit {
            if let Some(m) = st.unit_mask.get_mut(u * self.quotas.len() + pot) {
                if on {
                    *m |= 1u64 << g;
                } else {
                    *m &= !(1u64 << g);
                }
            }
        }
        if let Some(x) = st.group_of.get_mut(slot) {
            *x = if on { Some(g) } else { None };
        }
    }

    /// Can every unplaced slot still be placed? Slots are tried in the static `order` (most
    /// constrained first); `None` when the budget ran out.
    pub(super) fn complete(&self, st: &mut State, budget: &mut u32) -> Option<bool> {
        let mut witness = Vec::new();
        self.dfs(st, 0, budget, &mut witness)
    }

    /// As [`Solver::complete`], leaving the complete assignment found in `witness`.
    pub(super) fn complete_with(
        &self,
        st: &mut State,
        budget: &mut u32,
        witness: &mut Vec<Option<usize>>,
    ) -> Option<bool> {
        self.dfs(st, 0, budget, witness)
    }

    pub(super) fn dfs(
        &self,
        st: &mut State,
        pos: usize,
        budget: &mut u32,
        witness: &mut Vec<Option<usize>>,
    ) -> Option<bool> {
        let mut pos = pos;
        while self
            .order
            .get(pos)
            .is_some_and(|&s| st.group_of.get(s).is_some_and(|g| g.is_some()))
        {
            pos += 1;
        }
        let Some(&slot) = self.order.get(pos) else {
            witness.clone_from(&st.group_of);
            return Some(true);
        };
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let uniform = self.cap.iter().all(|&c| Some(&c) == self.cap.first());
        let mut tried_empty = false;
        for g in 0..self.groups {
            if !self.allowed(st, slot, g) {
                continue;
            }
            // Empty groups of equal capacity are interchangeable: try one of them.
            if uniform && st.count.get(g) == Some(&0) {
                if tried_empty {
                    continue;
                }
                tried_empty = true;
            }
            self.place(st, slot, g, true);
            let r = self.dfs(st, pos + 1, budget, witness);
            self.place(st, slot, g, false);
            match r {
                Some(true) => return Some(true),
                Some(false) => {}
                None => return None,
            }
        }
        Some(false)
    }
}
