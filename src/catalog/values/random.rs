//! Ruby's `Random` (MT19937, seeded from an integer of any size as Ruby
//! 3.1 seeds it) and `Random#rand(n)`, which Puppet's `fqdn_rand` and
//! stdlib's seeded functions use: the same seed gives the same numbers as
//! Puppet's.

/// A Mersenne Twister seeded as Ruby's `Random.new(seed)`.
pub struct RubyRandom {
    state: [u32; N],
    index: usize,
}

const N: usize = 624;
const M: usize = 397;

impl RubyRandom {
    /// `Random.new(seed)` for a non-negative seed given as its bytes,
    /// most significant first (a digest read as a number).
    pub fn from_big_endian(bytes: &[u8]) -> RubyRandom {
        // 32-bit words, least significant first, without leading zeros.
        let mut words: Vec<u32> = bytes
            .rchunks(4)
            .map(|chunk| {
                chunk
                    .iter()
                    .fold(0u32, |word, &b| (word << 8) | u32::from(b))
            })
            .collect();
        while words.len() > 1 && words.last() == Some(&0) {
            words.pop();
        }
        // Ruby drops a most significant word of 1, its "leading-zero guard".
        if words.len() > 1 && words.last() == Some(&1) {
            words.pop();
        }
        if words.len() <= 1 {
            RubyRandom::with_seed(words.first().copied().unwrap_or(0))
        } else {
            RubyRandom::with_key(&words)
        }
    }

    /// `Random.new(seed)` for a seed that fits 64 bits.
    pub fn from_u64(seed: u64) -> RubyRandom {
        RubyRandom::from_big_endian(&seed.to_be_bytes())
    }

    fn with_seed(seed: u32) -> RubyRandom {
        let mut state = [0u32; N];
        state[0] = seed;
        for i in 1..N {
            state[i] = 1_812_433_253u32
                .wrapping_mul(state[i - 1] ^ (state[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        RubyRandom { state, index: N }
    }

    fn with_key(key: &[u32]) -> RubyRandom {
        let mut mt = RubyRandom::with_seed(19_650_218);
        let state = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            state[i] = (state[i] ^ (state[i - 1] ^ (state[i - 1] >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                state[0] = state[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            state[i] = (state[i]
                ^ (state[i - 1] ^ (state[i - 1] >> 30)).wrapping_mul(1_566_083_941))
            .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                state[0] = state[N - 1];
                i = 1;
            }
        }
        state[0] = 0x8000_0000;
        mt
    }

    fn twist(&mut self) {
        let mix = |u: u32, v: u32| -> u32 {
            let y = (u & 0x8000_0000) | (v & 0x7fff_ffff);
            (y >> 1) ^ if v & 1 == 1 { 0x9908_b0df } else { 0 }
        };
        for k in 0..N {
            let next = self.state[(k + 1) % N];
            self.state[k] = self.state[(k + M) % N] ^ mix(self.state[k], next);
        }
        self.index = 0;
    }

    /// The next 32 random bits.
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `rand(max)` for a positive `max`: an integer in `0...max`, drawn as
    /// Ruby draws it (masked, retried above the limit).
    pub fn below(&mut self, max: u64) -> u64 {
        let limit = max.saturating_sub(1);
        if limit == 0 {
            return 0;
        }
        let mask = u64::MAX >> limit.leading_zeros();
        if limit <= u64::from(u32::MAX) {
            loop {
                let value = u64::from(self.next_u32()) & mask;
                if value <= limit {
                    return value;
                }
            }
        }
        'retry: loop {
            let mut value = 0u64;
            for shift in [32u32, 0] {
                if (mask >> shift) & 0xffff_ffff != 0 {
                    value |= u64::from(self.next_u32()) << shift;
                    value &= mask;
                    if limit < value {
                        continue 'retry;
                    }
                }
            }
            return value;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::RubyRandom;

    /// Values Ruby 3.1 gives (`Random.new(seed).rand(max)`), for seeds of
    /// one word, of two, past 64 bits, and with Ruby's guard word.
    #[test]
    fn draws_as_ruby_draws() {
        assert_eq!(RubyRandom::from_u64(1234).below(100), 47);
        assert_eq!(RubyRandom::from_u64(42).below(1000), 102);
        assert_eq!(RubyRandom::from_u64(0).below(10), 5);
        assert_eq!(RubyRandom::from_u64(1 << 32).below(100), 44);
        assert_eq!(
            RubyRandom::from_u64((1 << 32) + 7).below(1 << 40),
            752_595_690_692
        );
        let mut big = vec![0u8; 13];
        big[0] = 0x10;
        big[12] = 5;
        assert_eq!(RubyRandom::from_big_endian(&big).below(1000), 82);
        let mut guard = vec![0u8; 9];
        guard[0] = 1;
        assert_eq!(RubyRandom::from_big_endian(&guard).below(100), 5);
    }
}
