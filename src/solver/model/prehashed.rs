//! Hash maps keyed by Zobrist hashes, which are random already and need no second hashing.

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
