//! Bitboard tables for boards of at most 64 squares: the moves of every
//! (seat, type, square) as sets, so that perft's last ply can count moves
//! with population counts instead of listing them.

use crate::piece_type::PieceType;
use crate::seat::Seat;

use super::{Line, LineKind, RuleTable, Sq};

/// A ride as a bitboard: its squares, and whether their indices grow.
#[derive(Clone, Copy, Debug)]
pub struct RideBits {
    /// The squares of the ride.
    pub ray: u64,
    /// Square indices grow along the ride (the first blocker is the lowest bit).
    pub increasing: bool,
    /// May end on an empty square.
    pub quiet: bool,
    /// May capture.
    pub capture: bool,
}

/// A quiet leap that needs its path empty (a pawn's double step).
#[derive(Clone, Copy, Debug)]
pub struct LameBits {
    /// The squares that must be empty.
    pub path: u64,
    /// The landing square.
    pub target: u64,
}

/// The moves of one (seat, type, square), as bitboards: read together, so
/// kept together (one bounds check, one cache line).
#[derive(Clone, Copy, Debug, Default)]
pub struct SlotBits {
    /// Leap targets reachable by a quiet move.
    pub leap_quiet: u64,
    /// Leap targets reachable by a capture.
    pub leap_capture: u64,
    /// Targets of capture lines that may take en passant.
    pub en_passant: u64,
    /// All targets of any line (for the promotion test).
    pub reach: u64,
    /// Rides, by range into [`BitTables::ride_list`].
    pub rides: (u32, u32),
    /// Lame quiet leaps, by range into [`BitTables::lame_list`].
    pub lames: (u32, u32),
    /// The piece must go through the general generator (hoppers, jumps,
    /// lame captures, lame rides, or moves that are not all plain:
    /// [`RuleTable::plain_moves`]).
    pub general: bool,
    /// [`RuleTable::near_promotion`]: a promoted piece here needs the
    /// general generator too.
    pub near_promotion: bool,
}

/// The moves of every (seat, type, square), as bitboards.
#[derive(Clone, Debug, Default)]
pub struct BitTables {
    /// Per (seat, type, square) slot ([`RuleTable::slot`]).
    pub slots: Vec<SlotBits>,
    /// All rides.
    pub ride_list: Vec<RideBits>,
    /// All lame quiet leaps.
    pub lame_list: Vec<LameBits>,
}

impl BitTables {
    /// Builds the tables of a rule table whose board has at most 64 squares.
    pub fn build(rules: &RuleTable) -> Option<BitTables> {
        let nsq = rules.square_count();
        if nsq > 64 {
            return None;
        }
        let n_seats = rules.seats.len();
        let n_types = rules.pieces.len();
        let mut t = BitTables::default();
        let bit = |s: Sq| 1u64 << s;
        for seat in Seat::all(n_seats) {
            for kind in PieceType::all(n_types) {
                for sq in 0..nsq as Sq {
                    let (mut quiet, mut capture, mut ep, mut reach) = (0u64, 0u64, 0u64, 0u64);
                    let slot = rules.slot(seat, kind, sq);
                    let mut general = !rules.plain_moves[slot];
                    let ride_start = t.ride_list.len() as u32;
                    let lame_start = t.lame_list.len() as u32;
                    let ep_capturer = rules.pieces[kind].en_passant_capturer[seat];
                    for line in rules.lines(seat, kind, sq) {
                        let squares = rules.line_squares(line);
                        for s in squares {
                            reach |= bit(*s);
                        }
                        match line.kind {
                            LineKind::Leap if line.path == 0 => {
                                let target = bit(squares[0]);
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
                                    path: path.iter().fold(0, |m, s| m | bit(*s)),
                                    target: bit(landing[0]),
                                });
                            }
                            LineKind::Ride if line.path == 0 && !line.jump => {
                                t.ride_list.push(ride_bits(line, squares));
                                if line.en_passant || (line.capture && ep_capturer) {
                                    ep |= squares.iter().fold(0, |m, s| m | bit(*s));
                                }
                            }
                            _ => general = true,
                        }
                    }
                    t.slots.push(SlotBits {
                        leap_quiet: quiet,
                        leap_capture: capture,
                        en_passant: ep,
                        reach,
                        rides: (ride_start, t.ride_list.len() as u32),
                        lames: (lame_start, t.lame_list.len() as u32),
                        general,
                        near_promotion: rules.near_promotion[slot],
                    });
                }
            }
        }
        Some(t)
    }
}

fn ride_bits(line: &Line, squares: &[Sq]) -> RideBits {
    RideBits {
        ray: squares.iter().fold(0, |m, s| m | 1u64 << s),
        increasing: squares.len() < 2 || squares[1] > squares[0],
        quiet: line.quiet,
        capture: line.capture,
    }
}
