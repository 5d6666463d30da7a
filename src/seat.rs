//! A seat at the table: who owns a piece and whose turn it is.
//!
//! Seats are numbered in turn order from 0 (White, or Red on the cross
//! board); a variant has at most [`MAX_SEATS`]. Per-seat tables (`Vec`s and
//! arrays) are indexed by a `Seat` directly.

use std::ops::{Index, IndexMut};

/// The most seats a variant may have.
pub const MAX_SEATS: usize = 8;

/// A seat, by its place in turn order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(u8);

impl Seat {
    /// The first seat (White; Red on the cross board).
    pub const FIRST: Seat = Seat(0);

    /// The seat at `index` in turn order (below [`MAX_SEATS`]).
    #[inline]
    pub const fn new(index: usize) -> Seat {
        debug_assert!(index < MAX_SEATS);
        Seat(index as u8)
    }

    /// The seat's place in turn order.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat's bit in a set of seats (`u8`, a bit per seat).
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self.0
    }

    /// The seat after this one among `count` seats, wrapping around
    /// (compared, not divided: a move makes this at every ply).
    #[inline]
    pub const fn next(self, count: usize) -> Seat {
        let next = self.index() + 1;
        Seat::new(if next >= count { 0 } else { next })
    }

    /// The seat before this one among `count` seats, wrapping around.
    #[inline]
    pub const fn previous(self, count: usize) -> Seat {
        Seat::new(if self.index() == 0 {
            count - 1
        } else {
            self.index() - 1
        })
    }

    /// The seats `0..count` in turn order.
    pub fn all(count: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..count).map(Seat::new)
    }
}

crate::vec_index::index_vec_by!(Seat);

impl<T, const N: usize> Index<Seat> for [T; N] {
    type Output = T;

    #[inline]
    fn index(&self, seat: Seat) -> &T {
        &self[seat.index()]
    }
}

impl<T, const N: usize> IndexMut<Seat> for [T; N] {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self[seat.index()]
    }
}

/// A set of seats, a bit per seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set with a bit per seat (bit `i` for seat `i`).
    #[inline]
    pub const fn from_bits(bits: u8) -> SeatSet {
        SeatSet(bits)
    }

    /// Adds a seat.
    #[inline]
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= seat.bit();
    }

    /// Whether the set holds a seat.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & seat.bit() != 0
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        Seat::all(MAX_SEATS).filter(move |&s| self.contains(s))
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(seats: I) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for seat in seats {
            set.insert(seat);
        }
        set
    }
}
