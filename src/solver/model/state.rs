//! Search states: a box bitset plus the normalised player square, with Zobrist hashing.
//!
//! A state is stored as `words + 1` machine words: the box bitset over floor squares, then
//! the normalised player square (the lowest-numbered square the player can reach). Two
//! positions that differ only in where the player stands inside the same area are one state.

use crate::solver::model::board::Sq;

/// Number of 64-bit words a state of a board with `floor` squares occupies.
pub fn stride(floor: usize) -> usize {
    floor.div_ceil(64) + 1
}

/// Whether square `s` holds a box in the bitset `boxes`.
#[inline]
pub fn has_box(boxes: &[u64], s: Sq) -> bool {
    boxes[s as usize >> 6] >> (s & 63) & 1 != 0
}

/// Puts a box on `s`.
#[inline]
pub fn set_box(boxes: &mut [u64], s: Sq) {
    boxes[s as usize >> 6] |= 1 << (s & 63);
}

/// Takes the box off `s`.
#[inline]
pub fn clear_box(boxes: &mut [u64], s: Sq) {
    boxes[s as usize >> 6] &= !(1 << (s & 63));
}

/// The squares holding boxes, in increasing order.
#[inline]
pub fn boxes_of(boxes: &[u64]) -> impl Iterator<Item = Sq> + '_ {
    boxes.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros();
            w &= w - 1;
            Some((i as u32 * 64 + b) as Sq)
        })
    })
}

/// The player part of a stored state.
#[inline]
pub fn player_of(state: &[u64]) -> Sq {
    state[state.len() - 1] as Sq
}

/// Random keys for Zobrist hashing: one per square for a box, one per square for the player.
#[derive(Clone, Debug)]
pub struct Zobrist {
    boxes: Vec<u64>,
    player: Vec<u64>,
}

impl Zobrist {
    /// Keys for a board of `floor` squares, from a fixed seed (hashes are reproducible).
    pub fn new(floor: usize) -> Self {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            // splitmix64
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let boxes = (0..floor).map(|_| next()).collect();
        let player = (0..floor).map(|_| next()).collect();
        Zobrist { boxes, player }
    }

    /// The key of a box on `s`.
    #[inline]
    pub fn box_key(&self, s: Sq) -> u64 {
        self.boxes[s as usize]
    }

    /// The key of the (normalised) player on `s`.
    #[inline]
    pub fn player_key(&self, s: Sq) -> u64 {
        self.player[s as usize]
    }

    /// The hash of the boxes alone.
    pub fn boxes_hash(&self, boxes: &[u64]) -> u64 {
        boxes_of(boxes).fold(0, |h, s| h ^ self.box_key(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitset_round_trip() {
        let mut b = vec![0u64; 3];
        for s in [0, 5, 63, 64, 130] {
            set_box(&mut b, s);
        }
        assert_eq!(boxes_of(&b).collect::<Vec<_>>(), vec![0, 5, 63, 64, 130]);
        clear_box(&mut b, 63);
        assert!(!has_box(&b, 63) && has_box(&b, 64));
        assert_eq!(stride(128), 3);
        assert_eq!(stride(129), 4);
    }

    #[test]
    fn zobrist_hash_is_order_free() {
        let z = Zobrist::new(10);
        let mut b = vec![0u64];
        set_box(&mut b, 3);
        set_box(&mut b, 7);
        assert_eq!(z.boxes_hash(&b), z.box_key(7) ^ z.box_key(3));
        assert_ne!(z.box_key(3), z.player_key(3));
    }
}
