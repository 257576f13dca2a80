//! Drawing of lots: one portable seeded generator (ChaCha8), uniform choices without modulo bias.
//!
//! Every lot the engine draws goes through [`Lots`]; the engine writes each one to the
//! transcript. Streams of one seed keep lots and simulated results apart, so that recording a
//! result never changes a later draw, and give each stage its own lots ([`stage_stream`]), so
//! that a section's lots never wait for another section's results.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// A seeded ChaCha8 stream.
#[derive(Clone, Debug)]
pub struct Lots {
    rng: ChaCha8Rng,
}

/// Stream of the lots (draws, colours, lots in tie-breaks and playoffs).
pub const STREAM_LOTS: u64 = 0;
/// Stream of simulated game results.
pub const STREAM_RESULTS: u64 = 1;
/// Stream of generated rosters.
pub const STREAM_ROSTER: u64 = 2;

/// The stream of the lots of the stage at `ix` in plan order: the first stage draws from
/// [`STREAM_LOTS`] (so a one-stage event draws what it always drew), every later stage from a
/// stream of its own, far from the other streams.
pub fn stage_stream(ix: usize) -> u64 {
    match ix {
        0 => STREAM_LOTS,
        _ => (1 << 32) + ix as u64,
    }
}

impl Lots {
    pub fn new(seed: u64, stream: u64) -> Lots {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(stream);
        Lots { rng }
    }

    /// Uniform in `0..n` (0 when `n` is 0), by rejection so that every outcome is equally likely.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let zone = u32::MAX - (u32::MAX % n + 1) % n;
        loop {
            let v = self.rng.next_u32();
            if v <= zone {
                return v % n;
            }
        }
    }

    /// Uniform index into a slice of length `len`.
    pub fn index(&mut self, len: usize) -> usize {
        self.below(u32::try_from(len).unwrap_or(u32::MAX)) as usize
    }

    /// True with probability `ppm` per million.
    pub fn chance_ppm(&mut self, ppm: u32) -> bool {
        self.below(1_000_000) < ppm
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let mut i = items.len();
        while i > 1 {
            let j = self.index(i);
            i -= 1;
            items.swap(i, j);
        }
    }

    pub fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }

    /// How far the stream has been drawn (in 32-bit words): equal before and after a piece of
    /// work exactly when that work drew no lot.
    pub fn position(&self) -> u128 {
        self.rng.get_word_pos()
    }
}

impl RngCore for Lots {
    fn next_u32(&mut self) -> u32 {
        self.rng.next_u32()
    }
    fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        self.rng.fill_bytes(dest)
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
        self.rng.try_fill_bytes(dest)
    }
}
