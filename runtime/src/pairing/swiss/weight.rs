//! Edge weights for the maximum-weight matching: unsigned integers of a fixed number of 64-bit
//! limbs.
//!
//! The Dutch criteria are lexicographic, so a pairing's quality is packed into one number with a
//! bit field per criterion, the most important criterion in the highest bits. A bracket of a few
//! hundred players with many distinct score differences needs several hundred bits; `u128` is
//! not enough, and an allocating big integer would be far too slow in the matching's inner
//! loops. `Big<L>` is a plain array, copied by value, with the handful of operations the
//! matching and the weight packing need. All arithmetic wraps modulo 2^(64·L); callers size `L`
//! so that no true value ever reaches that bound.

use std::cmp::Ordering;

/// The arithmetic the matching algorithm needs from a weight.
pub trait Weight: Copy + Ord + std::fmt::Debug {
    /// The additive identity.
    fn zero() -> Self;
    /// Sum (wrapping; callers keep true values in range).
    fn plus(self, other: Self) -> Self;
    /// Difference (wrapping; callers only subtract smaller from larger).
    fn minus(self, other: Self) -> Self;
    /// Division by two, rounding down.
    fn half(self) -> Self;
    /// Whether the value is zero.
    fn is_zero(&self) -> bool;
}

impl Weight for u64 {
    fn zero() -> Self {
        0
    }
    fn plus(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    fn minus(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
}

/// An unsigned integer of `L` little-endian 64-bit limbs.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Big<const L: usize>(pub [u64; L]);

impl<const L: usize> Default for Big<L> {
    fn default() -> Self {
        Big([0; L])
    }
}

impl<const L: usize> Ord for Big<L> {
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..L).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => {}
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> PartialOrd for Big<L> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Big<L> {
    /// The number of bits this width holds.
    pub const BITS: usize = 64 * L;

    /// A small value.
    pub fn from_u64(v: u64) -> Self {
        let mut r = Self::default();
        if L > 0 {
            r.0[0] = v;
        }
        r
    }

    /// Shift left by `bits` (bits pushed past the top are lost).
    pub fn shl(&mut self, bits: usize) {
        if bits == 0 {
            return;
        }
        let limbs = bits / 64;
        let rem = bits % 64;
        if limbs >= L {
            self.0 = [0; L];
            return;
        }
        // In place from the top: each limb reads only limbs below it.
        for i in (limbs..L).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rem;
            if rem != 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rem);
            }
            self.0[i] = v;
        }
        self.0[..limbs].fill(0);
    }

    /// Add a small value at bit 0.
    pub fn add_small(&mut self, v: u64) {
        self.add_at(0, v);
    }

    /// Add `v << pos`, `v` below 2^63 for the carry logic below: at most two limbs of the term
    /// are non-zero, and the carry runs on from there.
    pub fn add_at(&mut self, pos: usize, v: u64) {
        self.ripple_at(pos, v, u64::overflowing_add);
    }

    /// Subtract `v << pos`.
    pub fn sub_at(&mut self, pos: usize, v: u64) {
        self.ripple_at(pos, v, u64::overflowing_sub);
    }

    /// Apply `step` (an overflowing add or subtract) limb by limb with the term `v << pos`,
    /// carrying (or borrowing) one into the next limb until nothing is left to carry.
    #[inline(always)]
    fn ripple_at(&mut self, pos: usize, v: u64, step: impl Fn(u64, u64) -> (u64, bool)) {
        if v == 0 {
            return;
        }
        let (limb, rem) = (pos / 64, pos % 64);
        let mut carry = 0u64;
        for (i, slot) in self.0.iter_mut().enumerate().skip(limb) {
            let term = if i == limb {
                v << rem
            } else if i == limb + 1 && rem != 0 {
                v >> (64 - rem)
            } else {
                0
            };
            if term == 0 && carry == 0 {
                if i > limb {
                    break;
                }
                continue;
            }
            let (s1, c1) = step(*slot, term);
            let (s2, c2) = step(s1, carry);
            *slot = s2;
            carry = u64::from(c1 || c2);
        }
    }
}

impl<const L: usize> Weight for Big<L> {
    fn zero() -> Self {
        Self::default()
    }
    fn plus(self, other: Self) -> Self {
        let mut r = [0u64; L];
        let mut carry = false;
        for (i, slot) in r.iter_mut().enumerate() {
            let (s1, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *slot = s2;
            carry = c1 || c2;
        }
        Big(r)
    }
    fn minus(self, other: Self) -> Self {
        let mut r = [0u64; L];
        let mut borrow = false;
        for (i, slot) in r.iter_mut().enumerate() {
            let (d1, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (d2, b2) = d1.overflowing_sub(u64::from(borrow));
            *slot = d2;
            borrow = b1 || b2;
        }
        Big(r)
    }
    fn half(self) -> Self {
        let mut r = [0u64; L];
        for (i, slot) in r.iter_mut().enumerate() {
            let hi = self.0.get(i + 1).map_or(0, |x| x << 63);
            *slot = (self.0[i] >> 1) | hi;
        }
        Big(r)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&x| x == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carries_and_borrows_cross_limbs() {
        let mut a = Big::<3>::from_u64(1);
        a.shl(100);
        assert_eq!(a.0, [0, 1 << 36, 0]);
        let b = a.minus(Big::from_u64(1));
        assert_eq!(b.0, [u64::MAX, (1 << 36) - 1, 0]);
        assert_eq!(b.plus(Big::from_u64(1)), a);
        assert_eq!(a.half().0, [0, 1 << 35, 0]);
        assert!(b < a);
        let mut c = Big::<3>::from_u64(3);
        c.shl(63);
        assert_eq!(c.0, [1 << 63, 1, 0]);
        c.sub_at(63, 1);
        assert_eq!(c.0, [0, 1, 0]);
        // A term straddling two limbs, and carries and borrows running over several.
        let mut d = Big::<4>([u64::MAX, u64::MAX, 7, 0]);
        d.add_at(60, 0x31);
        assert_eq!(d.0, [u64::MAX >> 4, 3, 8, 0]);
        d.sub_at(60, 0x31);
        assert_eq!(d.0, [u64::MAX, u64::MAX, 7, 0]);
        let mut e = Big::<3>::from_u64(5);
        e.shl(200);
        assert_eq!(e.0, [0, 0, 0]);
    }
}
