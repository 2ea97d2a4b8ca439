//! A small seeded random number generator (SplitMix64), so that an experiment or a level
//! generator run twice with the same seed draws the same on any machine.

/// SplitMix64.
#[derive(Clone, Debug)]
pub struct Random(u64);

impl Random {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        Random(seed)
    }

    /// A generator for one trial of an experiment: its seed, the move count and the trial
    /// number mixed, so that trials do not depend on the order they run in.
    pub fn for_trial(seed: u64, moves: u32, trial: u32) -> Self {
        let mut r = Random(seed ^ (u64::from(moves) << 32) ^ u64::from(trial));
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), without modulo bias worth speaking of for small `n`.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use crate::solver::model::random::Random;

    #[test]
    fn the_same_seed_draws_the_same_numbers_and_stays_in_range() {
        let (mut a, mut b) = (Random::for_trial(7, 3, 1), Random::for_trial(7, 3, 1));
        let draws: Vec<usize> = (0..100).map(|_| a.below(6)).collect();
        assert_eq!(draws, (0..100).map(|_| b.below(6)).collect::<Vec<_>>());
        assert!(draws.iter().all(|&d| d < 6));
        assert!((0..6).all(|k| draws.contains(&k)), "every value turns up in 100 draws");
        let mut c = Random::for_trial(7, 3, 2);
        assert_ne!(draws, (0..100).map(|_| c.below(6)).collect::<Vec<_>>());
    }
}
