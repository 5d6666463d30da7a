//! Bitboard tables: the moves of every (seat, type, square) as sets, so
//! that perft's last ply can count moves with population counts instead of
//! listing them. Built in the narrowest [`Bitboard`] type that holds the
//! board.

use std::ops::Deref;

use rustc_hash::FxHashMap;

use crate::piece_type::PieceType;
use crate::seat::Seat;

use super::herds::{Herd, HerdLeap};
use super::plain_types::PlainType;
use super::{Bitboard, Line, LineKind, RuleTable, Sq, SqSet};

/// Whether plain rides are read from slide tables ([`SlideBits`]): where
/// the compiler may use BMI2's `pext`, which packs a board's blockers into
/// a table index in one instruction. Elsewhere rides are walked one
/// direction at a time ([`RideBits`]).
pub const SLIDES: bool = cfg!(all(target_arch = "x86_64", target_feature = "bmi2"));

/// The most squares a slide's mask holds: its table has 2^n entries. A
/// longer ride (along a rank of 16) is walked.
const SLIDE_MASK_SQUARES: u32 = 12;

/// Rides from one square that both move and capture, read together on a
/// board of at most 64 squares: the squares they reach for each way of
/// filling `mask` (the squares that can stop them) are one entry of
/// the tables' slide targets, at `offset` plus the blockers packed
/// ([`pext`]).
#[derive(Clone, Copy, Debug)]
pub struct SlideBits {
    /// The squares whose occupants can stop one of the rides (each ride's
    /// squares but its last).
    pub mask: u64,
    /// Where the slide's entries start.
    pub offset: u32,
}

/// The bits of `x` under `mask`, packed into the low bits in order.
#[inline(always)]
pub fn pext(x: u64, mask: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    // SAFETY: the build enables BMI2 (the cfg above), so every CPU this
    // binary runs on has `pext`.
    unsafe {
        std::arch::x86_64::_pext_u64(x, mask)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let (mut out, mut bit, mut m) = (0, 1, mask);
        while m != 0 {
            if x & m & m.wrapping_neg() != 0 {
                out |= bit;
            }
            bit <<= 1;
            m &= m - 1;
        }
        out
    }
}

/// Every subset of `mask`, in increasing order: the `k`-th is the one
/// whose [`pext`] is `k`.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let subset = next?;
        let following = subset.wrapping_sub(mask) & mask;
        next = (following != 0).then_some(following);
        Some(subset)
    })
}

/// The squares a ride (its squares `ray`, their indices growing or not)
/// reaches among `occupied`: up to and including the first occupied one.
pub fn ride_reach<B: Bitboard>(ray: B, increasing: bool, occupied: B) -> B {
    let blockers = ray & occupied;
    if blockers.is_empty() {
        return ray;
    }
    let beyond = if increasing {
        B::above(blockers.lowest())
    } else {
        B::below(blockers.highest())
    };
    ray & !beyond
}

/// A ride, a hop or a grasshopper's hop as a bitboard: its squares, and
/// whether their indices grow.
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
    /// Where along the ray its moves end.
    pub form: RideForm,
}

/// Where the moves along a [`RideBits`] ray end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RideForm {
    /// A ride: on the squares up to the first piece, and on that piece.
    Ride,
    /// A hop (a cannon's line): beyond the first piece (the hurdle), on the
    /// squares up to the next piece, and on that piece.
    Hop,
    /// A grasshopper's hop: on the square just beyond the hurdle.
    Grasshop,
}

/// A leap that needs its path empty (a pawn's double step, xiangqi's
/// horse and elephant).
#[derive(Clone, Copy, Debug)]
pub struct LameBits<B> {
    /// The squares that must be empty.
    pub path: B,
    /// The landing square if the leap may end there quietly, else empty.
    pub quiet: B,
    /// The landing square if the leap may capture there, else empty.
    pub capture: B,
}

/// The moves of one (seat, type, square), as bitboards: read together, so
/// kept together (one bounds check, one cache line on small boards).
#[derive(Clone, Copy, Debug, Default)]
pub struct SlotBits<B> {
    /// Leap targets reachable by a quiet move.
    pub leap_quiet: B,
    /// Leap targets reachable by a capture (inside the mobility region).
    pub leap_capture: B,
    /// Targets of capture lines that may take en passant.
    pub en_passant: B,
    /// Rides and hops, by range into [`BitTables::ride_list`].
    pub rides: (u32, u32),
    /// Rides read as slides, by range into the tables' slides (read by
    /// [`Entry::slide_reach`]).
    pub(super) slides: (u32, u32),
    /// Lame leaps, by range into [`BitTables::lame_list`].
    pub lames: (u32, u32),
    /// The squares a move may end on: all but those outside the type's
    /// mobility region and those it may not move to (`immobile`).
    pub destinations: B,
    /// The piece must go through the general generator (janggi's cannons,
    /// jumps, lame rides, or a restricted type
    /// ([`RuleTable::moves_restricted`]) near its promotion region, where
    /// the restriction spares promotions).
    pub general: bool,
    /// An unpromoted piece here may promote: its moves are not all plain
    /// ([`FastPaths::leap_slide_squares`](super::FastPaths::leap_slide_squares)).
    pub promoting: bool,
    /// [`PromotionRules::near`](super::PromotionRules::near): a promoted piece here may demote.
    pub near_promotion: bool,
    /// The type is royal: its steps are tested apart.
    pub royal: bool,
    /// The slot has rides, slides or lame leaps (most leapers have none).
    pub lined: bool,
    /// The targets of a piece here are those of its leaps and slides
    /// alone, whatever the position: no general move, royalty, en-passant
    /// capture, ride walked a direction at a time or lame leap (a knight's,
    /// a bishop's, a rook's, a queen's on 8 x 8 with BMI2). A move to one
    /// may still promote (`promoting`, or a promoted piece where
    /// `promotion.near` holds).
    pub plain: bool,
    /// [`RuleTable::uniform_forms`] of the slot's square: the number of
    /// forms of each move of an unpromoted and a promoted piece here where
    /// it is the same for every move (0 where it is not), so that a count
    /// of moves needs only the targets.
    pub uniform_forms: [u8; 2],
}

/// The moves of every (seat, type, square), as bitboards of type `B`.
///
/// The slides' ranges and tables are read without bounds checks (the
/// commonest lookups of perft's last ply): `BitTables::build` checks
/// once that every range lies within them, and they are never changed
/// afterwards (only this module and its siblings see them).
#[derive(Clone, Debug, Default)]
pub struct BitTables<B> {
    /// Per (seat, type, square) slot ([`RuleTable::slot`]).
    pub(super) slots: Vec<SlotBits<B>>,
    /// All rides not read as slides, and all hops.
    pub ride_list: Vec<RideBits<B>>,
    /// All slides.
    slide_list: Vec<SlideBits>,
    /// The squares each slide reaches, per occupancy of its mask; slides
    /// of the same rides share their entries.
    slide_targets: Vec<B>,
    /// All lame leaps.
    pub lame_list: Vec<LameBits<B>>,
    /// Per seat, its promotion region.
    pub zones: Vec<B>,
    /// Per seat, the types (a bit per type) with no move from any square:
    /// the move generator passes their pieces by (connect four's discs).
    pub moveless: Vec<u64>,
    /// All herds, seat by seat ([`BitTables::herds_of`]).
    pub herds: Vec<Herd>,
    /// Per seat, its herds, by range into `herds`.
    pub seat_herds: Vec<(u32, u32)>,
    /// All herds' leaps.
    pub herd_leaps: Vec<HerdLeap>,
    /// Per herd that may take en passant, per target square, the origins
    /// that may take en passant there ([`Herd::en_passant`]).
    pub herd_en_passant: Vec<u64>,
    /// All plain types, seat by seat ([`BitTables::plain_types_of`]).
    pub(super) plain_types: Vec<PlainType>,
    /// Per seat, its plain types, by range into `plain_types`.
    pub(super) seat_plain_types: Vec<(u32, u32)>,
    /// Per (attacker seat, square), where slides are read and every attack
    /// line ending there is a plain ride ([`RuleTable::ride_attack_summary`]):
    /// those rides as slides, by range into `attack_slide_list`
    /// ([`BitTables::attack_slides`]).
    attack_slide_index: Vec<(u32, u32)>,
    attack_slide_list: Vec<AttackSlide>,
    /// Per (seat, type) ([`RuleTable::seat_type`]), the squares its pieces
    /// may attack: its mobility region, every square without one (a square
    /// it may not move to, `immobile`, it still attacks). There, the
    /// squares a piece attacks are those its slot's capturing leaps and
    /// rides reach, as the attack lines ([`RuleTable::leap_attacks`],
    /// [`RuleTable::attack_lines`]) find them from the attacked square.
    pub attack_regions: Vec<B>,
}

/// Attack rides ending on one square, read as a slide: their first pieces
/// are the slide's reach, and the types that attack along them.
#[derive(Clone, Copy, Debug)]
pub struct AttackSlide {
    /// The rides, walked from the attacked square outward.
    pub slide: SlideBits,
    /// Bit `t` set when piece type `t` attacks along them.
    pub types: u64,
    /// Every square of the rides (their reach on an empty board): a group
    /// with none of the riders on it is passed by without its lookup.
    pub squares: u64,
}

/// One seat's slots of [`BitTables`], indexed by type and square.
#[derive(Clone, Copy)]
pub struct SeatSlots<'a, B> {
    slots: &'a [SlotBits<B>],
    squares: usize,
    tables: &'a BitTables<B>,
}

impl<'a, B> SeatSlots<'a, B> {
    /// The slot of the seat's `kind` on `sq`.
    #[inline]
    pub fn of(&self, kind: PieceType, sq: Sq) -> Slot<'a, B> {
        Entry {
            item: &self.slots[kind.index() * self.squares + usize::from(sq)],
            tables: self.tables,
        }
    }
}

/// A slot of a [`BitTables`] with its tables ([`SeatSlots::of`]).
pub type Slot<'a, B> = Entry<'a, SlotBits<B>, B>;

/// A slot or an attack slide of a [`BitTables`], with the tables it
/// indexes into: only the tables hand these out, so the ranges they hold
/// are the ones `BitTables::build` checked, and their slides are read
/// without bounds checks. Reads as the entry itself otherwise.
#[derive(Debug)]
pub struct Entry<'a, T, B> {
    item: &'a T,
    tables: &'a BitTables<B>,
}

impl<T, B> Clone for Entry<'_, T, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, B> Copy for Entry<'_, T, B> {}

impl<T, B> Deref for Entry<'_, T, B> {
    type Target = T;

    fn deref(&self) -> &T {
        self.item
    }
}

impl<B: Bitboard> Slot<'_, B> {
    /// The squares the slot's slides reach among `occupied` (their first
    /// piece included): one table entry per slide, by [`pext`].
    #[inline(always)]
    pub fn slide_reach(&self, occupied: u64) -> B {
        let (a, b) = self.item.slides;
        debug_assert!(a <= b && b as usize <= self.tables.slide_list.len());
        // SAFETY: the slot is one of `tables`' own (only `SeatSlots::of`
        // makes this entry), whose slide ranges `BitTables::build` checked
        // to lie within its slide list.
        let slides = unsafe { self.tables.slide_list.get_unchecked(a as usize..b as usize) };
        let mut reach = B::default();
        for slide in slides {
            // SAFETY: the slide is one of `tables`' slide list.
            reach |= unsafe { self.tables.slide_entry(slide, occupied) };
        }
        reach
    }
}

impl Entry<'_, AttackSlide, u64> {
    /// The squares the attack slide's rides reach among `occupied`: the
    /// first piece along each (and the empty squares before it).
    #[inline(always)]
    pub fn reach(&self, occupied: u64) -> u64 {
        // SAFETY: the slide is one of `tables`' own attack slides (only
        // `BitTables::attack_slides` makes this entry).
        unsafe { self.tables.slide_entry(&self.item.slide, occupied) }
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

/// What [`BitTables::add_slot`] reads of its (seat, type) besides the
/// square.
struct SlotShape<'a, B> {
    /// The type's moves are restricted (mobility, immobility).
    restricted: bool,
    /// The type may change (promote or demote).
    changes_type: bool,
    /// Where its moves may end.
    destinations: B,
    /// The seat's promotion region.
    region: &'a SqSet,
    /// Whether a move may end in the region, outside it, or both.
    ends_in_zone: &'a [bool],
    /// The build reads slides.
    slides: bool,
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
            tables: self,
        }
    }

    /// The attack rides of `seat` ending on `sq` as slides, or none where
    /// they are not read so (the attack lines are then walked).
    #[inline]
    pub fn attack_slides(
        &self,
        rules: &RuleTable,
        seat: Seat,
        sq: Sq,
    ) -> impl ExactSizeIterator<Item = Entry<'_, AttackSlide, B>> {
        let slides = match self
            .attack_slide_index
            .get(seat.index() * rules.square_count() + usize::from(sq))
        {
            Some(&(a, b)) => &self.attack_slide_list[a as usize..b as usize],
            None => &[],
        };
        slides.iter().map(|item| Entry { item, tables: self })
    }

    /// The entry of `slide`'s table for the blockers among `occupied`.
    ///
    /// # Safety
    ///
    /// `slide` is one of these tables' slides (a slot's or an attack
    /// slide): [`BitTables::build`] checked that each one's entries lie
    /// within `slide_targets`, and [`pext`] packs at most as many bits as
    /// the mask holds.
    #[inline(always)]
    unsafe fn slide_entry(&self, slide: &SlideBits, occupied: u64) -> B {
        let index = slide.offset as usize + pext(occupied, slide.mask) as usize;
        debug_assert!(index < self.slide_targets.len());
        // SAFETY: the caller's promise, above.
        unsafe { *self.slide_targets.get_unchecked(index) }
    }

    /// Checks what the unchecked reads of the slides rely on: every slot's
    /// slide range lies within the slide list, and every slide's entries
    /// (2 to the number of its mask's squares) within the tables. A
    /// failure is a bug in [`BitTables::build`].
    fn assert_slides_in_bounds(&self) {
        let fits = |slide: &SlideBits| {
            slide.mask.count_ones() <= SLIDE_MASK_SQUARES
                && slide.offset as usize + (1usize << slide.mask.count_ones())
                    <= self.slide_targets.len()
        };
        assert!(self.slide_list.iter().all(fits));
        assert!(self.attack_slide_list.iter().all(|a| fits(&a.slide)));
        assert!(
            self.slots
                .iter()
                .all(|s| s.slides.0 <= s.slides.1 && s.slides.1 as usize <= self.slide_list.len())
        );
    }

    /// A seat's herds.
    #[inline]
    pub fn herds_of(&self, seat: Seat) -> &[Herd] {
        let (a, b) = self.seat_herds[seat.index()];
        &self.herds[a as usize..b as usize]
    }

    /// Builds the tables of a rule table whose board `B` holds.
    fn build(rules: &RuleTable) -> BitTables<B> {
        let nsq = rules.square_count();
        debug_assert!(nsq <= B::SQUARES);
        let n_seats = rules.seats.len();
        let n_types = rules.pieces.len();
        let mut t = BitTables {
            attack_regions: vec![B::default(); n_seats * n_types],
            ..BitTables::default()
        };
        let slides = SLIDES && nsq <= 64;
        let mut shared_slides = FxHashMap::default();
        for seat in Seat::all(n_seats) {
            let region = &rules.promotion.region[seat];
            // Whether a move may end in the region and whether outside it.
            let ends_in_zone: &[bool] = match (!region.is_empty(), region.len() < nsq) {
                (true, false) => &[true],
                (false, true) => &[false],
                _ => &[false, true],
            };
            t.zones.push(
                (0..nsq as Sq)
                    .filter(|&s| region.contains(s))
                    .fold(B::default(), |m, s| m | B::square(s)),
            );
            t.moveless.push(
                PieceType::all(n_types)
                    .filter(|&kind| (0..nsq as Sq).all(|sq| rules.lines(seat, kind, sq).is_empty()))
                    .fold(0, |m, kind| m | 1 << kind.index()),
            );
            for kind in PieceType::all(n_types) {
                let restricted = rules.moves_restricted(seat, kind);
                let changes_type = rules.may_change_type(seat, kind);
                let seat_type = rules.seat_type(seat, kind);
                let destinations = (0..nsq as Sq)
                    .filter(|&s| {
                        rules.in_mobility_region(seat_type, s) && !rules.immobile_on(seat_type, s)
                    })
                    .fold(B::default(), |m, s| m | B::square(s));
                t.attack_regions[seat_type] = (0..nsq as Sq)
                    .filter(|&s| rules.in_mobility_region(seat_type, s))
                    .fold(B::default(), |m, s| m | B::square(s));
                for sq in 0..nsq as Sq {
                    t.add_slot(
                        rules,
                        (seat, kind, sq),
                        SlotShape {
                            restricted,
                            changes_type,
                            destinations,
                            region,
                            ends_in_zone,
                            slides,
                        },
                        &mut shared_slides,
                    );
                }
            }
        }
        if slides {
            t.add_attack_slides(rules, &mut shared_slides);
        }
        t.add_herds(rules);
        t.add_plain_types(rules);
        t.assert_slides_in_bounds();
        t
    }

    /// [`BitTables::build`]'s slot of one (seat, type, square): its leaps as
    /// bitboards, its rides, slides and lame leaps listed, and what the
    /// fast generator may assume of it.
    fn add_slot(
        &mut self,
        rules: &RuleTable,
        (seat, kind, sq): (Seat, PieceType, Sq),
        shape: SlotShape<'_, B>,
        shared_slides: &mut FxHashMap<Vec<SlideRide>, u32>,
    ) {
        let SlotShape {
            restricted,
            changes_type,
            destinations,
            region,
            ends_in_zone,
            slides,
        } = shape;
        let seat_type = rules.seat_type(seat, kind);
        let set = |squares: &[Sq]| squares.iter().fold(B::default(), |m, s| m | B::square(*s));
        let (mut quiet, mut capture, mut ep) = (B::default(), B::default(), B::default());
        let slot = rules.slot(seat, kind, sq);
        // Away from the promotion region, or where its type
        // never changes, a restricted type's moves are its
        // plain moves onto its destinations.
        let mut general = restricted && rules.promotion.near[slot] && changes_type;
        let ride_start = self.ride_list.len() as u32;
        let mut slide_rides = Vec::new();
        let lame_start = self.lame_list.len() as u32;
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
                // Not where it may take en passant.
                LineKind::Leap
                    if !(line.jump || line.en_passant || line.capture && ep_capturer) =>
                {
                    let (path, landing) = squares.split_at(line.path as usize);
                    let target = B::square(landing[0]);
                    let only = |allowed: bool| if allowed { target } else { B::default() };
                    self.lame_list.push(LameBits {
                        path: set(path),
                        quiet: only(line.quiet),
                        capture: only(line.capture),
                    });
                }
                LineKind::Ride if line.path == 0 && !line.jump => {
                    self.add_ride(
                        &mut slide_rides,
                        slides.then(|| SlideRide::new(rules, sq, squares)),
                        line,
                        squares,
                    );
                    if line.en_passant || (line.capture && ep_capturer) {
                        ep |= set(squares);
                    }
                }
                // A hop of any cannon but janggi's (which
                // neither hops over nor takes another).
                LineKind::Hop
                    if line.path == 0
                        && !(line.jump || line.en_passant || line.capture && ep_capturer)
                        && !kind.is_in(rules.janggi_cannons) =>
                {
                    self.ride_list.push(ride_bits(line, squares));
                }
                // Read as a slide where it lands both quietly
                // and by capture, as a ride is.
                LineKind::Grasshop
                    if line.path == 0
                        && !(line.jump || line.en_passant || line.capture && ep_capturer) =>
                {
                    self.add_ride(
                        &mut slide_rides,
                        slides.then(|| SlideRide::grasshop(rules, sq, squares)),
                        line,
                        squares,
                    );
                }
                _ => general = true,
            }
        }
        let rides = (ride_start, self.ride_list.len() as u32);
        let lames = (lame_start, self.lame_list.len() as u32);
        let slide_start = self.slide_list.len() as u32;
        self.add_slides(slide_rides, shared_slides);
        let slides = (slide_start, self.slide_list.len() as u32);
        self.slots.push(SlotBits {
            leap_quiet: quiet,
            // A piece captures and attacks only inside its
            // mobility region.
            leap_capture: capture & self.attack_regions[seat_type],
            destinations,
            en_passant: ep,
            rides,
            slides,
            lames,
            general,
            promoting: !rules.fast.leap_slide_squares[slot] && !restricted,
            near_promotion: rules.promotion.near[slot],
            royal: rules.pieces[kind].royal,
            lined: rides.0 != rides.1 || slides.0 != slides.1 || lames.0 != lames.1,
            plain: !general
                && !rules.pieces[kind].royal
                && ep.is_empty()
                && rides.0 == rides.1
                && lames.0 == lames.1,
            uniform_forms: rules.uniform_forms(seat_type, region.contains(sq), ends_in_zone),
        });
    }

    /// Reads each (seat, square)'s attack rides as slides, where every
    /// attack line ending there is a plain ride short enough: grouped by the
    /// types that attack along them, then by line as a piece's rides are
    /// (sharing their tables).
    fn add_attack_slides(
        &mut self,
        rules: &RuleTable,
        shared: &mut FxHashMap<Vec<SlideRide>, u32>,
    ) {
        let nsq = rules.square_count();
        for seat in Seat::all(rules.seats.len()) {
            for sq in 0..nsq as Sq {
                let start = self.attack_slide_list.len() as u32;
                let lines = rules.attack_lines(seat, sq);
                let rides: Vec<(u64, SlideRide)> = match rules.ride_attack_summary(seat, sq) {
                    Some(_) => lines
                        .iter()
                        .map(|a| {
                            (
                                a.types,
                                SlideRide::new(rules, sq, rules.line_squares(&a.line)),
                            )
                        })
                        .filter(|(_, r)| r.stoppers().count_ones() <= SLIDE_MASK_SQUARES)
                        .collect(),
                    None => Vec::new(),
                };
                if !rides.is_empty() && rides.len() == lines.len() {
                    let mut groups: Vec<(u64, Vec<SlideRide>)> = Vec::new();
                    for (types, ride) in rides {
                        match groups.iter_mut().find(|(t, _)| *t == types) {
                            Some((_, group)) => group.push(ride),
                            None => groups.push((types, vec![ride])),
                        }
                    }
                    for (types, group) in groups {
                        let slides = self.slides(group, shared);
                        for slide in slides {
                            let squares = self.slide_targets[slide.offset as usize].low_word();
                            self.attack_slide_list.push(AttackSlide {
                                slide,
                                types,
                                squares,
                            });
                        }
                    }
                }
                self.attack_slide_index
                    .push((start, self.attack_slide_list.len() as u32));
            }
        }
    }
}

/// A ride to be read as a slide: its squares, their order, and the line
/// it lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct SlideRide {
    /// The lines the ride lies on: a file (0), a rank (1), either
    /// diagonal (2), or another (3). Rides on one line (a rook's two along
    /// a file) or on the two diagonals (a bishop's four) share a slide: one
    /// lookup, in a table of at most 2^9 entries per square on 8 x 8.
    /// Files and ranks stay apart: together, a rook's table would have
    /// 4,096 entries per square on 8 x 8 (0.8 MB), and chess perft ran
    /// slower with it.
    direction: u8,
    /// The squares of the ride.
    ray: u64,
    /// Square indices grow along the ride.
    increasing: bool,
    /// A grasshopper's hop: it reaches the square just beyond its first
    /// piece, not the squares up to that piece.
    grasshop: bool,
}

impl SlideRide {
    /// The ride from `from` over `squares` (not empty, all below 64).
    fn new(rules: &RuleTable, from: Sq, squares: &[Sq]) -> SlideRide {
        let df = i32::from(rules.file_of(squares[0])) - i32::from(rules.file_of(from));
        let dr = i32::from(rules.rank_of(squares[0])) - i32::from(rules.rank_of(from));
        let direction = if df == 0 {
            0
        } else if dr == 0 {
            1
        } else if df == dr || df == -dr {
            2
        } else {
            3
        };
        SlideRide {
            direction,
            ray: squares.iter().fold(0, |m, s| m | 1u64 << s),
            increasing: squares.len() < 2 || squares[1] > squares[0],
            grasshop: false,
        }
    }

    /// A grasshopper's hop from `from` over `squares` (not empty, all
    /// below 64): where it lands depends on the occupants of the squares
    /// up to its first piece, as a ride's reach does.
    fn grasshop(rules: &RuleTable, from: Sq, squares: &[Sq]) -> SlideRide {
        SlideRide {
            grasshop: true,
            ..SlideRide::new(rules, from, squares)
        }
    }

    /// The squares the ride reaches among `occupied`: a ride's, up to and
    /// with its first piece; a grasshopper's hop's, the square just beyond
    /// it, if the ray goes on.
    fn reach(&self, occupied: u64) -> u64 {
        if !self.grasshop {
            return ride_reach(self.ray, self.increasing, occupied);
        }
        let blockers = self.ray & occupied;
        if blockers == 0 {
            return 0;
        }
        let beyond = if self.increasing {
            self.ray & u64::above(blockers.lowest())
        } else {
            self.ray & u64::below(blockers.highest())
        };
        match (beyond, self.increasing) {
            (0, _) => 0,
            (b, true) => u64::square(b.lowest()),
            (b, false) => u64::square(b.highest()),
        }
    }

    /// The squares whose occupant can stop the ride: all but its last.
    fn stoppers(&self) -> u64 {
        let last = if self.increasing {
            1u64 << (63 - self.ray.leading_zeros())
        } else {
            self.ray & self.ray.wrapping_neg()
        };
        self.ray & !last
    }
}

impl<B: Bitboard> BitTables<B> {
    /// Adds one slot's rides as slides: rides on one line together
    /// while their mask stays small, each slide's table shared
    /// with every earlier slide of the same rides (`shared`).
    fn add_slides(&mut self, rides: Vec<SlideRide>, shared: &mut FxHashMap<Vec<SlideRide>, u32>) {
        let slides = self.slides(rides, shared);
        self.slide_list.extend(slides);
    }

    /// Adds a slot's ride or grasshopper's hop on `line`: onto `slide_rides`
    /// as `slide` where it is offered (the build reads slides), the line
    /// moves and captures alike and its stoppers fit a table; else onto the
    /// ride list.
    fn add_ride(
        &mut self,
        slide_rides: &mut Vec<SlideRide>,
        slide: Option<SlideRide>,
        line: &Line,
        squares: &[Sq],
    ) {
        match slide.filter(|r| {
            line.quiet && line.capture && r.stoppers().count_ones() <= SLIDE_MASK_SQUARES
        }) {
            Some(ride) => slide_rides.push(ride),
            None => self.ride_list.push(ride_bits(line, squares)),
        }
    }

    /// Rides as slides, as [`BitTables::add_slides`] groups them, their
    /// tables added to `slide_targets` where no earlier slide shares them.
    fn slides(
        &mut self,
        mut rides: Vec<SlideRide>,
        shared: &mut FxHashMap<Vec<SlideRide>, u32>,
    ) -> Vec<SlideBits> {
        rides.sort_unstable();
        let mut groups: Vec<(u64, Vec<SlideRide>)> = Vec::new();
        for ride in rides {
            match groups.last_mut() {
                Some((mask, group))
                    if group[0].direction == ride.direction
                        && (*mask | ride.stoppers()).count_ones() <= SLIDE_MASK_SQUARES =>
                {
                    *mask |= ride.stoppers();
                    group.push(ride);
                }
                _ => groups.push((ride.stoppers(), vec![ride])),
            }
        }
        let mut slides = Vec::with_capacity(groups.len());
        for (mask, group) in groups {
            let targets = &mut self.slide_targets;
            let offset = *shared.entry(group.clone()).or_insert_with(|| {
                let offset = targets.len() as u32;
                targets.extend(subsets(mask).map(|occupied| {
                    let reach = group.iter().fold(0u64, |m, r| m | r.reach(occupied));
                    B::from_low_bits(u128::from(reach))
                }));
                offset
            });
            slides.push(SlideBits { mask, offset });
        }
        slides
    }
}

fn ride_bits<B: Bitboard>(line: &Line, squares: &[Sq]) -> RideBits<B> {
    RideBits {
        ray: squares.iter().fold(B::default(), |m, s| m | B::square(*s)),
        increasing: squares.len() < 2 || squares[1] > squares[0],
        quiet: line.quiet,
        capture: line.capture,
        form: match line.kind {
            LineKind::Hop => RideForm::Hop,
            LineKind::Grasshop => RideForm::Grasshop,
            _ => RideForm::Ride,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A mask's subsets come each once, inside the mask, the `k`-th
    /// packing to `k`, for masks of several shapes.
    #[test]
    fn subsets_come_in_pext_order() {
        for mask in [
            0u64,
            1,
            0x8000_0000_0000_0001,
            0x0101_0101_0101_0100,
            0x007e_0000_0000_7e00,
        ] {
            let all: Vec<u64> = subsets(mask).collect();
            assert_eq!(all.len(), 1 << mask.count_ones(), "mask {mask:#x}");
            for (k, &subset) in all.iter().enumerate() {
                assert_eq!(subset & !mask, 0, "mask {mask:#x} subset {k}");
                assert_eq!(pext(subset, mask), k as u64, "mask {mask:#x} subset {k}");
            }
        }
    }

    /// A ride reaches up to its first occupied square, in either order of
    /// square indices.
    #[test]
    fn rides_stop_on_their_first_blocker() {
        let ray: u64 = 0b0111_1110; // squares 1..=6
        assert_eq!(ride_reach(ray, true, 0), ray);
        assert_eq!(ride_reach(ray, true, 1 << 3 | 1 << 5), 0b0000_1110);
        assert_eq!(ride_reach(ray, false, 1 << 3 | 1 << 5), 0b0110_0000);
        assert_eq!(ride_reach(ray, false, 1 << 7), ray);
    }

    /// A grasshopper's hop lands just beyond its first piece, in either
    /// order of square indices, and nowhere when no piece stands on its
    /// ray or the first one stands on its last square.
    #[test]
    fn grasshops_land_just_beyond_their_first_piece() {
        let hop = |increasing| SlideRide {
            direction: 1,
            ray: 0b0111_1110, // squares 1..=6
            increasing,
            grasshop: true,
        };
        assert_eq!(hop(true).reach(0), 0);
        assert_eq!(hop(true).reach(1 << 3 | 1 << 4), 1 << 4);
        assert_eq!(hop(true).reach(1 << 1), 1 << 2);
        assert_eq!(hop(true).reach(1 << 6), 0);
        assert_eq!(hop(false).reach(1 << 3 | 1 << 5), 1 << 4);
        assert_eq!(hop(false).reach(1 << 1 | 1 << 0), 0);
        assert_eq!(hop(false).reach(1 << 6), 1 << 5);
        // Its last square's occupant does not move the landing.
        assert_eq!(hop(true).stoppers(), 0b0011_1110);
        assert_eq!(hop(false).stoppers(), 0b0111_1100);
    }
}
