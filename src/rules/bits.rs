//! Bitboard tables: the moves of every (seat, type, square) as sets, so
//! that perft's last ply can count moves with population counts instead of
//! listing them. Built in the narrowest [`Bitboard`] type that holds the
//! board.

use crate::piece_type::PieceType;
use crate::seat::Seat;

use super::{Bitboard, Line, LineKind, RuleTable, Sq, SqSet};

/// A ride as a bitboard: its squares, and whether their indices grow.
#[derive(Clone, Copy, Debug)]
pub struct RideBits<B> {
    /// The squares of the ride.
    pub ray: B,
    /// Square indices grow along the ride (the first blocker is the lowest bit).
    pub increasing: bool,
    /// May end on an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
}

/// A quiet leap that needs its path empty (a pawn's double step).
#[derive(Clone, Copy, Debug)]
pub struct LameBits<B> {
    /// The squares that must be empty.
    pub path: B,
    /// The landing square.
    pub target: B,
}

/// The moves of one (seat, type, square), as bitboards: read together, so
/// kept together (one bounds check, one cache line on small boards).
#[derive(Clone, Copy, Debug, Default)]
pub struct SlotBits<B> {
    /// Leap targets reachable by a quiet move.
    pub leap_quiet: B,
    /// Leap targets reachable by a capture.
    pub leap_capture: B,
    /// Targets of capture lines that may take en passant.
    pub en_passant: B,
    /// Rides, by range into [`BitTables::ride_list`].
    pub rides: (u32, u32),
    /// Lame quiet leaps, by range into [`BitTables::lame_list`].
    pub lames: (u32, u32),
    /// The piece must go through the general generator (hoppers, jumps,
    /// lame captures, lame rides, or a mobility region or squares it may
    /// not move to: [`RuleTable::moves_restricted`]).
    pub general: bool,
    /// An unpromoted piece here may promote: its moves are not all plain
    /// ([`RuleTable::plain_moves`]).
    pub promoting: bool,
    /// [`RuleTable::near_promotion`]: a promoted piece here may demote.
    pub near_promotion: bool,
    /// The type is royal: its steps are tested apart.
    pub royal: bool,
    /// The slot has rides or lame leaps (most leapers have none).
    pub lined: bool,
}

/// The moves of every (seat, type, square), as bitboards of type `B`.
#[derive(Clone, Debug, Default)]
pub struct BitTables<B> {
    /// Per (seat, type, square) slot ([`RuleTable::slot`]).
    pub slots: Vec<SlotBits<B>>,
    /// All rides.
    pub ride_list: Vec<RideBits<B>>,
    /// All lame quiet leaps.
    pub lame_list: Vec<LameBits<B>>,
    /// Per seat, its promotion region.
    pub zones: Vec<B>,
}

/// One seat's slots of [`BitTables`], indexed by type and square.
#[derive(Clone, Copy)]
pub struct SeatSlots<'a, B> {
    slots: &'a [SlotBits<B>],
    squares: usize,
}

impl<'a, B> SeatSlots<'a, B> {
    /// The slot of the seat's `kind` on `sq`.
    #[inline]
    pub fn of(&self, kind: PieceType, sq: Sq) -> &'a SlotBits<B> {
        &self.slots[kind.index() * self.squares + usize::from(sq)]
    }
}

/// A rule table's bitboard tables, in the narrowest type that holds its
/// board.
#[derive(Clone, Debug)]
pub enum BoardBits {
    /// Boards of at most 64 squares.
    Narrow(BitTables<u64>),
    /// Boards of 65 to 128 squares.
    Double(BitTables<u128>),
    /// Boards of 129 to 256 squares.
    Wide(BitTables<SqSet>),
}

impl Default for BoardBits {
    fn default() -> BoardBits {
        BoardBits::Narrow(BitTables::default())
    }
}

impl BoardBits {
    /// Builds the tables of a rule table, in the narrowest type that holds
    /// its board.
    pub fn build(rules: &RuleTable) -> BoardBits {
        let nsq = rules.square_count();
        if nsq <= u64::SQUARES {
            BoardBits::Narrow(BitTables::build(rules))
        } else if nsq <= u128::SQUARES {
            BoardBits::Double(BitTables::build(rules))
        } else {
            BoardBits::Wide(BitTables::build(rules))
        }
    }
}

impl<B: Bitboard> BitTables<B> {
    /// The slots of one seat's types ([`RuleTable::slot`] with the seat's
    /// base taken once).
    #[inline]
    pub fn seat_slots(&self, rules: &RuleTable, seat: Seat) -> SeatSlots<'_, B> {
        let squares = rules.square_count();
        let per_seat = rules.pieces.len() * squares;
        SeatSlots {
            slots: &self.slots[seat.index() * per_seat..][..per_seat],
            squares,
        }
    }

    /// Builds the tables of a rule table whose board `B` holds.
    fn build(rules: &RuleTable) -> BitTables<B> {
        let nsq = rules.square_count();
        debug_assert!(nsq <= B::SQUARES);
        let n_seats = rules.seats.len();
        let n_types = rules.pieces.len();
        let mut t = BitTables::default();
        let set = |squares: &[Sq]| squares.iter().fold(B::default(), |m, s| m | B::square(*s));
        for seat in Seat::all(n_seats) {
            let region = &rules.promotion_region[seat];
            t.zones.push(
                (0..nsq as Sq)
                    .filter(|&s| region[s as usize])
                    .fold(B::default(), |m, s| m | B::square(s)),
            );
            for kind in PieceType::all(n_types) {
                let restricted = rules.moves_restricted(seat, kind);
                for sq in 0..nsq as Sq {
                    let (mut quiet, mut capture, mut ep) =
                        (B::default(), B::default(), B::default());
                    let slot = rules.slot(seat, kind, sq);
                    let mut general = restricted;
                    let ride_start = t.ride_list.len() as u32;
                    let lame_start = t.lame_list.len() as u32;
                    let ep_capturer = rules.pieces[kind].en_passant_capturer[seat];
                    for line in rules.lines(seat, kind, sq) {
                        let squares = rules.line_squares(line);
                        match line.kind {
                            LineKind::Leap if line.path == 0 => {
                                let target = B::square(squares[0]);
                                if line.quiet {
                                    quiet |= target;
                                }
                                if line.capture {
                                    capture |= target;
                                }
                                if line.en_passant || (line.capture && ep_capturer) {
                                    ep |= target;
                                }
                            }
                            LineKind::Leap if !line.jump && !line.capture && !line.en_passant => {
                                let (path, landing) = squares.split_at(line.path as usize);
                                t.lame_list.push(LameBits {
                                    path: set(path),
                                    target: B::square(landing[0]),
                                });
                            }
                            LineKind::Ride if line.path == 0 && !line.jump => {
                                t.ride_list.push(ride_bits(line, squares));
                                if line.en_passant || (line.capture && ep_capturer) {
                                    ep |= set(squares);
                                }
                            }
                            _ => general = true,
                        }
                    }
                    let rides = (ride_start, t.ride_list.len() as u32);
                    let lames = (lame_start, t.lame_list.len() as u32);
                    t.slots.push(SlotBits {
                        leap_quiet: quiet,
                        leap_capture: capture,
                        en_passant: ep,
                        rides,
                        lames,
                        general,
                        promoting: !rules.plain_moves[slot] && !restricted,
                        near_promotion: rules.near_promotion[slot],
                        royal: rules.pieces[kind].royal,
                        lined: rides.0 != rides.1 || lames.0 != lames.1,
                    });
                }
            }
        }
        t
    }
}

fn ride_bits<B: Bitboard>(line: &Line, squares: &[Sq]) -> RideBits<B> {
    RideBits {
        ray: squares.iter().fold(B::default(), |m, s| m | B::square(*s)),
        increasing: squares.len() < 2 || squares[1] > squares[0],
        quiet: line.quiet,
        capture: line.capture,
    }
}
