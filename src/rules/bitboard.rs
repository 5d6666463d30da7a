//! The bitboard types the move generator counts with: `u64` for boards of
//! at most 64 squares, `u128` for at most 128 and [`SqSet`] (four words) for
//! any board up to 16 × 16, behind one trait so that one generic generator
//! serves them all.

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

use super::{Sq, SqSet};

/// A set of squares held in machine words, for the move generator's bulk
/// counting: set operations, population count and the first and last
/// square, each a few instructions.
pub trait Bitboard:
    Copy
    + Debug
    + Default
    + PartialEq
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The largest number of squares the type holds.
    const SQUARES: usize;
    /// Every square.
    const ALL: Self;

    /// The set of one square.
    fn square(sq: Sq) -> Self;
    /// The squares of a [`SqSet`] that the type holds.
    fn from_set(set: &SqSet) -> Self;
    /// The same squares as a [`SqSet`].
    fn to_set(self) -> SqSet;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The number of squares.
    fn count(self) -> u32;
    /// The lowest square (the set is not empty).
    fn lowest(self) -> Sq;
    /// The highest square (the set is not empty).
    fn highest(self) -> Sq;
    /// The squares below `sq`.
    fn below(sq: Sq) -> Self;
    /// The squares above `sq`.
    fn above(sq: Sq) -> Self;
    /// Takes the lowest square out of the set, if any.
    fn pop_lowest(&mut self) -> Option<Sq>;
    /// The squares 0 to 127 of `bits` that the type holds.
    fn from_low_bits(bits: u128) -> Self;
    /// The squares 0 to 63 of the set.
    fn low_word(self) -> u64;
    /// Every square moved `by` indices up (down where negative); squares
    /// moved out of the type are lost. `|by|` is below 64.
    fn shifted(self, by: i32) -> Self;
}

macro_rules! word_bitboard {
    ($word:ty) => {
        impl Bitboard for $word {
            const SQUARES: usize = <$word>::BITS as usize;
            const ALL: Self = <$word>::MAX;

            #[inline(always)]
            fn square(sq: Sq) -> Self {
                1 << sq
            }

            #[inline(always)]
            fn from_set(set: &SqSet) -> Self {
                set.words()
                    .iter()
                    .take(Self::SQUARES / 64)
                    .enumerate()
                    .fold(0, |m, (i, &w)| m | (<$word>::from(w) << (64 * i)))
            }

            #[inline(always)]
            fn to_set(self) -> SqSet {
                let mut words = [0; 4];
                for (i, word) in words.iter_mut().take(Self::SQUARES / 64).enumerate() {
                    *word = (self >> (64 * i)) as u64;
                }
                SqSet::from_words(words)
            }

            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }

            #[inline(always)]
            fn lowest(self) -> Sq {
                self.trailing_zeros() as Sq
            }

            #[inline(always)]
            fn highest(self) -> Sq {
                (<$word>::BITS - 1 - self.leading_zeros()) as Sq
            }

            #[inline(always)]
            fn below(sq: Sq) -> Self {
                (1 << sq) - 1
            }

            #[inline(always)]
            fn above(sq: Sq) -> Self {
                !((1 << sq) | ((1 << sq) - 1))
            }

            #[inline(always)]
            fn pop_lowest(&mut self) -> Option<Sq> {
                (*self != 0).then(|| {
                    let sq = self.trailing_zeros() as Sq;
                    *self &= *self - 1;
                    sq
                })
            }

            #[inline(always)]
            fn from_low_bits(bits: u128) -> Self {
                bits as $word
            }

            #[inline(always)]
            fn low_word(self) -> u64 {
                self as u64
            }

            #[inline(always)]
            fn shifted(self, by: i32) -> Self {
                if by >= 0 { self << by } else { self >> -by }
            }
        }
    };
}

word_bitboard!(u64);
word_bitboard!(u128);

/// `BELOW[i]`: the squares below square `i`, as four words, for every `i`
/// up to 256 (a look-up instead of four comparisons).
static BELOW: [[u64; 4]; 257] = {
    let mut table = [[0; 4]; 257];
    let mut i = 0;
    while i <= 256 {
        let mut word = 0;
        while word < 4 {
            let low = 64 * word;
            table[i][word] = if i >= low + 64 {
                u64::MAX
            } else if i > low {
                (1 << (i - low)) - 1
            } else {
                0
            };
            word += 1;
        }
        i += 1;
    }
    table
};

impl Bitboard for SqSet {
    const SQUARES: usize = 256;
    const ALL: Self = SqSet::ALL;

    /// From the look-up table of [`Bitboard::below`], in whole-set
    /// operations: setting one word of a set in memory and then reading
    /// the set whole stalls the load until the store lands (4pc-teams
    /// perft spent a third of its move generation there).
    #[inline(always)]
    fn square(sq: Sq) -> Self {
        let i = sq as usize & 255;
        SqSet::from_words(BELOW[i + 1]).difference(&SqSet::from_words(BELOW[i]))
    }

    #[inline(always)]
    fn from_set(set: &SqSet) -> Self {
        *set
    }

    #[inline(always)]
    fn to_set(self) -> SqSet {
        self
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        SqSet::is_empty(&self)
    }

    #[inline(always)]
    fn count(self) -> u32 {
        self.len() as u32
    }

    #[inline(always)]
    fn lowest(self) -> Sq {
        let words = self.words();
        let i = words.iter().position(|&w| w != 0).unwrap_or(3);
        (64 * i) as Sq + words[i].trailing_zeros() as Sq
    }

    #[inline(always)]
    fn highest(self) -> Sq {
        let words = self.words();
        let i = words.iter().rposition(|&w| w != 0).unwrap_or(0);
        (64 * i) as Sq + 63 - words[i].leading_zeros() as Sq
    }

    #[inline(always)]
    fn below(sq: Sq) -> Self {
        SqSet::from_words(BELOW[sq as usize & 255])
    }

    #[inline(always)]
    fn above(sq: Sq) -> Self {
        !SqSet::from_words(BELOW[(sq as usize & 255) + 1])
    }

    /// Word by word: reading the set whole right after clearing a bit of
    /// one word would wait for that store to land, as in `square` above.
    #[inline(always)]
    fn pop_lowest(&mut self) -> Option<Sq> {
        let (i, word) = self.0.iter_mut().enumerate().find(|(_, w)| **w != 0)?;
        let sq = (64 * i) as Sq + word.trailing_zeros() as Sq;
        *word &= *word - 1;
        Some(sq)
    }

    #[inline(always)]
    fn from_low_bits(bits: u128) -> Self {
        SqSet::from_words([bits as u64, (bits >> 64) as u64, 0, 0])
    }

    #[inline]
    fn low_word(self) -> u64 {
        self.low_bits()
    }

    #[inline]
    fn shifted(self, by: i32) -> Self {
        let w = self.words();
        let n = by.unsigned_abs();
        if n == 0 {
            return self;
        }
        let mut out = [0u64; 4];
        for (i, word) in out.iter_mut().enumerate() {
            *word = if by > 0 {
                let carry = if i > 0 { w[i - 1] >> (64 - n) } else { 0 };
                (w[i] << n) | carry
            } else {
                let carry = if i < 3 { w[i + 1] << (64 - n) } else { 0 };
                (w[i] >> n) | carry
            };
        }
        SqSet::from_words(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation agrees with the same operation on a plain list of
    /// squares, for each type.
    fn agrees<B: Bitboard>(squares: &[Sq]) {
        let mut set = SqSet::default();
        for &s in squares {
            set.insert(s);
        }
        let b = B::from_set(&set);
        assert_eq!(b.count() as usize, squares.len());
        assert_eq!(b.to_set(), set);
        assert_eq!(b.lowest(), *squares.iter().min().unwrap());
        assert_eq!(b.highest(), *squares.iter().max().unwrap());
        for pivot in 0..B::SQUARES as Sq {
            let below = squares.iter().filter(|&&s| s < pivot).count() as u32;
            let above = squares.iter().filter(|&&s| s > pivot).count() as u32;
            assert_eq!((b & B::below(pivot)).count(), below, "below {pivot}");
            assert_eq!((b & B::above(pivot)).count(), above, "above {pivot}");
        }
        let mut popped = Vec::new();
        let mut rest = b;
        while let Some(s) = rest.pop_lowest() {
            assert!(b & B::square(s) != B::default());
            popped.push(s);
        }
        let mut sorted = squares.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(popped, sorted);
        assert_eq!((!b & b), B::default());
        assert_eq!((!b | b), B::ALL);
        let low = squares
            .iter()
            .filter(|&&s| s < 128)
            .fold(0u128, |m, &s| m | 1 << s);
        let mut held = SqSet::default();
        squares
            .iter()
            .filter(|&&s| usize::from(s) < B::SQUARES.min(128))
            .for_each(|&s| held.insert(s));
        assert_eq!(B::from_low_bits(low).to_set(), held);
        for by in [-63, -17, -9, -1, 0, 1, 9, 17, 63] {
            let moved: Vec<Sq> = squares
                .iter()
                .map(|&s| i32::from(s) + by)
                .filter(|&s| (0..B::SQUARES as i32).contains(&s))
                .map(|s| s as Sq)
                .collect();
            let mut expected = SqSet::default();
            moved.iter().for_each(|&s| expected.insert(s));
            assert_eq!(b.shifted(by).to_set(), expected, "shifted by {by}");
        }
    }

    #[test]
    fn word_and_wide_bitboards_agree_with_square_lists() {
        agrees::<u64>(&[0, 5, 63]);
        agrees::<u64>(&[17]);
        agrees::<u128>(&[0, 63, 64, 127]);
        agrees::<u128>(&[70, 99]);
        agrees::<SqSet>(&[0, 63, 64, 127, 128, 191, 192, 255]);
        agrees::<SqSet>(&[130, 200]);
        agrees::<SqSet>(&[255]);
    }

    #[test]
    fn from_set_keeps_the_squares_the_type_holds() {
        let mut set = SqSet::default();
        for s in [3, 64, 130] {
            set.insert(s);
        }
        assert_eq!(u64::from_set(&set), 1 << 3);
        assert_eq!(u128::from_set(&set), (1 << 3) | (1 << 64));
        assert_eq!(SqSet::from_set(&set), set);
    }
}
