//! Hash maps keyed by Zobrist hashes, which are random already and need no second hashing,
//! and by a position's few words, which need only a cheap one.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A hasher that passes a `u64` key through unchanged.
#[derive(Clone, Copy, Debug, Default)]
pub struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A map from Zobrist hashes to `V`.
pub type PrehashedMap<V> = HashMap<u64, V, BuildHasherDefault<Prehashed>>;

/// A hasher for keys of a few words (a position's box words and player square): each word
/// mixed in by a rotate and a multiply, as rustc's `FxHasher` does. Fast, and good enough
/// for keys nobody picks to collide.
#[derive(Clone, Copy, Debug, Default)]
pub struct Words(u64);

impl Words {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for Words {
    /// The words mixed once more (MurmurHash3's finaliser), so that every bit of the hash
    /// depends on every bit of the last word: the table reads both the low and the high bits.
    fn finish(&self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ h >> 33
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }
}

/// A map from a position's words to `V`.
pub type WordsMap<K, V> = HashMap<K, V, BuildHasherDefault<Words>>;
