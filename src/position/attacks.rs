//! Attacks on a square: the attack lines ending there, read outward
//! from the square, per seat or merged over the enemy seats.

use super::Position;
use super::RuleHandle;
use crate::rules::{AttackSlide, BitTables, Bitboard, BoardBits, Entry, PseudoRoyalty, Sq, SqSet};
use crate::seat::MAX_SEATS;
use crate::seat::Seat;

/// The most groups of rides toward a square an [`AttackWatch`] holds.
pub(crate) const WATCHED_RIDES: usize = 4;

/// The enemy pieces that may attack one square
/// ([`Position::attack_watch`]): those that leap to it, and each group of
/// rides toward it with the pieces riding it.
#[derive(Clone, Copy)]
pub(crate) struct AttackWatch<'a> {
    leapers: u64,
    rides: [Option<(Entry<'a, AttackSlide, u64>, u64)>; WATCHED_RIDES],
}

impl AttackWatch<'_> {
    /// Whether the square is attacked with only the pieces of `alive` on
    /// the board (a subset of the position's).
    #[inline]
    pub(crate) fn attacked(&self, alive: u64) -> bool {
        self.leapers & alive != 0
            || self
                .rides
                .iter()
                .map_while(|ride| *ride)
                .any(|(slide, riders)| slide.reach(alive) & riders & alive != 0)
    }
}

impl<R: RuleHandle> Position<R> {
    /// Whether the side that just moved (`us`) attacks an enemy royal piece.
    pub(super) fn gives_check_after(&self, us: Seat) -> bool {
        Seat::all(self.rules.seats.len())
            .filter(|&s| self.rules.seats[s].team != self.rules.seats[us].team)
            .any(|s| self.royal(s).is_some_and(|k| self.attacked_by(k, us)))
    }

    /// The seat's live pieces of `types` (a bit per type) on `squares`
    /// (boards of at most 64 squares). Most attack groups hold none of the
    /// seat's pieces: `own`, the seat's occupied squares (dead pieces among
    /// them, read once by the caller), is tested first, before its pieces
    /// are gathered type by type.
    #[inline(always)]
    pub(super) fn pieces_on(&self, seat: Seat, own: u64, squares: u64, types: u64) -> u64 {
        if squares & own == 0 {
            0
        } else {
            squares & self.pieces_of_types(seat, types)
        }
    }

    /// The squares of a seat's live pieces of the given types (a bit per
    /// type), as a bitboard (boards of at most 64 squares).
    #[inline]
    pub(crate) fn pieces_of_types(&self, seat: Seat, types: u64) -> u64 {
        let n_types = self.rules.pieces.len();
        // The seat's bitboards, one per type (`seat_type` order).
        let own = &self.piece_bits[seat.index() * n_types..][..n_types];
        let mut bits = 0;
        let mut t = types;
        while t != 0 {
            let kind = t.trailing_zeros() as usize;
            t &= t - 1;
            if let Some(of_type) = own.get(kind) {
                bits |= of_type;
            }
        }
        bits
    }

    /// Whether the rule table's ride summary of `seat`'s attack lines
    /// toward `sq` ([`RuleTable::ride_attack_summary`]) shows no piece of a
    /// type riding them on any of their squares: then no ride toward `sq`
    /// holds an attacker (boards of at most 64 squares).
    #[inline]
    pub(crate) fn no_rider_toward(&self, seat: Seat, sq: Sq) -> bool {
        self.summary_riders(seat, sq, u64::MAX) == Some(0)
    }

    /// Where the rule table has a ride summary of `seat`'s attack lines
    /// toward `sq` ([`RuleTable::ride_attack_summary`]): the seat's pieces
    /// of its types (and of `wanted`) on its squares.
    #[inline(always)]
    pub(super) fn summary_riders(&self, seat: Seat, sq: Sq, wanted: u64) -> Option<u64> {
        self.rules
            .ride_attack_summary(seat, sq)
            .map(|(squares, types)| {
                let own = self.seat_occupied[seat].low_bits();
                self.pieces_on(seat, own, squares, types & wanted)
            })
    }

    /// Whether a square is attacked by pieces of `seat`.
    pub fn attacked_by(&self, sq: Sq, seat: Seat) -> bool {
        self.find_attacker(sq, seat, |_| true)
    }

    /// Walks the pieces of `seat` attacking `sq` until `accept` takes one;
    /// returns whether one was taken. Kept out of line: inlined into
    /// [`Position::attacked_by_enemy`], it makes Kiwipete's perft slower
    /// (`docs/performance.md`, inlining).
    #[inline(never)]
    pub fn find_attacker(&self, sq: Sq, seat: Seat, accept: impl FnMut(Sq) -> bool) -> bool {
        self.find_attacker_of_types(sq, seat, u64::MAX, accept)
    }

    /// [`Position::find_attacker`] among the pieces of the given types
    /// (bits) only.
    #[inline(always)]
    pub(super) fn find_attacker_of_types(
        &self,
        sq: Sq,
        seat: Seat,
        types: u64,
        accept: impl FnMut(Sq) -> bool,
    ) -> bool {
        if self.rules().square_count() <= 64 {
            self.find_attacker_with::<u64>(sq, seat, types, accept)
        } else {
            self.find_attacker_with::<u128>(sq, seat, types, accept)
        }
    }

    /// [`Position::find_attacker_of_types`] with rides read as bitboards of
    /// type `B` where the board fits 128 squares.
    #[inline(always)]
    pub(super) fn find_attacker_with<B: Bitboard>(
        &self,
        sq: Sq,
        seat: Seat,
        wanted: u64,
        mut accept: impl FnMut(Sq) -> bool,
    ) -> bool {
        let rules = self.rules();
        let board = &self.board;
        let occupied = B::from_set(&self.occupied);
        let own = self.seat_occupied[seat].low_bits();
        for &(squares, types) in rules.leap_attacks(seat, sq) {
            let mut found = self.pieces_on(seat, own, squares, types & wanted);
            while found != 0 {
                let from = found.trailing_zeros() as Sq;
                found &= found - 1;
                if accept(from) {
                    return true;
                }
            }
        }
        // Where they are read as slides, the rides' first pieces
        // come from one table per group of rides.
        if let BoardBits::Narrow(bits) = &rules.bits {
            let slides = bits.attack_slides(rules, seat, sq);
            if slides.len() != 0 {
                return self.slide_attacker(slides, seat, (own, wanted), accept);
            }
        }
        // Where every attack line is a plain ride, a ray is read only when
        // one of the pieces that may ride along some line stands on it.
        let riders = match self.summary_riders(seat, sq, wanted) {
            Some(0) => return false,
            Some(riders) => B::from_low_bits(u128::from(riders)),
            None => B::from_set(&self.seat_occupied[seat]),
        };
        for attack in rules.attack_lines(seat, sq) {
            let line = &attack.line;
            let mut hit = |s: Sq| {
                let p = board[s as usize];
                p.is_some()
                    && p.seat() == seat
                    && !p.dead()
                    && p.kind().is_in(attack.types & wanted)
                    && accept(s)
            };
            if line.kind == crate::rules::LineKind::Ride && attack.ray != 0 {
                let blockers = B::from_low_bits(attack.ray) & occupied;
                // Only look at the first piece when one that may attack
                // stands on the ray.
                if !(blockers & riders).is_empty() {
                    let first = if attack.increasing {
                        blockers.lowest()
                    } else {
                        blockers.highest()
                    };
                    if hit(first) {
                        return true;
                    }
                }
            } else if self.line_hits(line, &mut hit) {
                return true;
            }
        }
        false
    }

    /// The squares of the pieces a blast takes next to its capture
    /// ([`Position::blast_neighbours`]), on boards of at most 64 squares
    /// with two seats (no dead pieces): every piece but those of the
    /// types no blast takes (pawns, the immune ones).
    pub(crate) fn blast_victim_bits(&self) -> u64 {
        let rules = self.rules();
        let spared = rules.all_types() & !rules.blast_victims;
        Seat::all(rules.seats.len())
            .map(|seat| self.seat_occupied[seat].low_bits() & !self.pieces_of_types(seat, spared))
            .fold(0, |all, bits| all | bits)
    }

    /// What decides whether `enemy`'s pieces attack `sq`, read once for
    /// many occupancies the position does not hold (as blasts would leave
    /// it, [`AttackWatch::attacked`]): on boards of at most 64 squares
    /// where every attack line toward `sq` is a plain leap or is read as a
    /// slide ([`crate::rules::BitTables::attack_slides`]), in at most
    /// [`WATCHED_RIDES`] groups of rides that hold an enemy piece riding
    /// them; `None` elsewhere. `bits` are the rule table's narrow tables.
    pub(crate) fn attack_watch<'a>(
        &self,
        bits: &'a BitTables<u64>,
        sq: Sq,
        enemy: Seat,
    ) -> Option<AttackWatch<'a>> {
        let rules = self.rules();
        let slides = bits.attack_slides(rules, enemy, sq);
        if slides.len() == 0 && !rules.attack_lines(enemy, sq).is_empty() {
            return None;
        }
        let own = self.seat_occupied[enemy].low_bits();
        let mut watch = AttackWatch {
            leapers: 0,
            rides: [None; WATCHED_RIDES],
        };
        for &(squares, types) in rules.leap_attacks(enemy, sq) {
            watch.leapers |= self.pieces_on(enemy, own, squares, types);
        }
        let mut watched = watch.rides.iter_mut();
        for attack in slides {
            if attack.squares & own == 0 {
                continue;
            }
            let riders = attack.squares & self.pieces_of_types(enemy, attack.types);
            if riders != 0 {
                *watched.next()? = Some((attack, riders));
            }
        }
        Some(watch)
    }

    /// [`Position::find_attacker_with`]'s rides read as slides
    /// ([`crate::rules::BitTables::attack_slides`]): the first piece along
    /// each group of rides, where it is one of `riders` (the seat's pieces)
    /// and of a `wanted` type attacking along the group. The ride summary
    /// is not read first: a group's squares hold none of the seat's pieces
    /// as often, and the summary's walk over the riding types costs more
    /// than the lookups it saves (`docs/performance.md`, inlining).
    #[inline(always)]
    pub(super) fn slide_attacker<'a>(
        &self,
        slides: impl Iterator<Item = Entry<'a, AttackSlide, u64>>,
        seat: Seat,
        (riders, wanted): (u64, u64),
        mut accept: impl FnMut(Sq) -> bool,
    ) -> bool {
        let occupied = self.occupied.low_bits();
        for attack in slides {
            if attack.squares & riders == 0 {
                continue;
            }
            let first = attack.reach(occupied) & riders;
            if first == 0 {
                continue;
            }
            let mut found = first & self.pieces_of_types(seat, attack.types & wanted);
            while found != 0 {
                let from = found.trailing_zeros() as Sq;
                found &= found - 1;
                if accept(from) {
                    return true;
                }
            }
        }
        false
    }

    /// Walks an attack line outward from the attacked square and hands
    /// `hit` the square of the piece that would attack along it (the first
    /// piece of a ride, the landing square of a leap whose path allows it,
    /// the piece behind a hopper's hurdle), always an occupied one; returns
    /// what `hit` said.
    #[inline]
    pub(super) fn line_hits(
        &self,
        line: &crate::rules::Line,
        hit: &mut impl FnMut(Sq) -> bool,
    ) -> bool {
        let rules = self.rules();
        let board = &self.board;
        let squares = rules.line_squares(line);
        match line.kind {
            crate::rules::LineKind::Leap => {
                let (path, landing) = squares.split_at(line.path as usize);
                // Most landing squares are empty: that is read first.
                if board[landing[0] as usize].is_none() {
                    return false;
                }
                let path_ok = if line.jump {
                    path.iter().any(|s| board[*s as usize].is_some())
                } else {
                    path.iter().all(|s| board[*s as usize].is_none())
                };
                path_ok && hit(landing[0])
            }
            crate::rules::LineKind::Ride => {
                let step = line.path as usize + 1;
                for chunk in squares.chunks_exact(step) {
                    let (path, landing) = chunk.split_at(step - 1);
                    if path.iter().any(|s| board[*s as usize].is_some()) {
                        return false;
                    }
                    let s = landing[0];
                    if board[s as usize].is_some() {
                        return hit(s);
                    }
                }
                false
            }
            crate::rules::LineKind::Hop => {
                let Some(h) = squares.iter().position(|s| board[*s as usize].is_some()) else {
                    return false;
                };
                let hurdle = board[squares[h] as usize];
                squares[h + 1..]
                    .iter()
                    .find(|s| board[**s as usize].is_some())
                    .is_some_and(|a| {
                        !(rules.is_janggi_cannon(hurdle)
                            && rules.is_janggi_cannon(board[*a as usize]))
                            && hit(*a)
                    })
            }
            crate::rules::LineKind::Grasshop => {
                board[squares[0] as usize].is_some()
                    && squares[1..]
                        .iter()
                        .find(|s| board[**s as usize].is_some())
                        .is_some_and(|a| hit(*a))
            }
        }
    }

    /// Whether `sq` is attacked by any active enemy of `seat`, or guarded
    /// by an enemy walking king (eliminated seats attack nothing else).
    /// With more than two seats, one walk of the merged attack lines tests
    /// every enemy at once.
    #[inline]
    pub fn attacked_by_enemy(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        match rules.seats.len() {
            // Alone, a seat has no enemy.
            0 | 1 => false,
            2 => self
                .other_seat_if_enemy(seat)
                .is_some_and(|enemy| self.attacked_by(sq, enemy)),
            _ => self.attacked_by_enemy_seats(sq, seat) || self.guarded_by_walking_king(sq, seat),
        }
    }

    /// Whether a walking king of another team stands next to `sq`: no king
    /// may step beside it (chess.com's record 100787652, where Blue's king
    /// cannot flee next to Red's walking king and is mated), though it
    /// attacks nothing else and, never standing beside a king of a player
    /// still in, gives no check.
    pub(super) fn guarded_by_walking_king(&self, sq: Sq, seat: Seat) -> bool {
        if self.state.eliminated == 0 {
            return false;
        }
        let rules = self.rules();
        let team = rules.seats[seat].team;
        Seat::all(rules.seats.len()).any(|s| {
            rules.seats[s].team != team
                && self.is_eliminated(s)
                && self.royal(s).is_some_and(|k| {
                    let df = rules.file_of(k).abs_diff(rules.file_of(sq));
                    let dr = rules.rank_of(k).abs_diff(rules.rank_of(sq));
                    k != sq && df <= 1 && dr <= 1
                })
        })
    }

    /// With two seats, the other one where it is an active enemy of `seat`
    /// (not its team's, not eliminated): the only seat that may attack it.
    #[inline(always)]
    pub(crate) fn other_seat_if_enemy(&self, seat: Seat) -> Option<Seat> {
        self.rules().opponents[seat].filter(|&other| !self.is_eliminated(other))
    }

    /// [`Position::attacked_by_enemy`] with more than two seats: one walk
    /// of the merged attack lines tests every enemy at once. Out of line:
    /// the two-seat test is inlined where it is asked.
    #[inline(never)]
    pub(super) fn attacked_by_enemy_seats(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        let team = rules.seats[seat].team;
        let threats = self.active_enemy_squares(team);
        let lines = rules.enemy_attacks_on(sq);
        lines.rays.iter().any(|attack| {
            attack.ray.intersects(&threats)
                && Self::nearest_on_ray(attack, attack.ray & self.occupied)
                    .is_some_and(|s| self.enemy_attacks_from(s, team, &attack.types))
        }) || lines.others_reach.intersects(&threats)
            && lines.others.iter().any(|attack| {
                self.line_hits(&attack.line, &mut |s: Sq| {
                    self.enemy_attacks_from(s, team, &attack.types)
                })
            })
    }

    /// [`Position::attacked_by_enemy`] counting only the pieces on the
    /// board, where some were taken off it with [`Position::lift`] (the
    /// piece-type sets still hold them).
    pub(crate) fn attacked_by_enemy_on_board(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        if rules.seats.len() > 2 {
            // Every attack line is read from the board.
            return self.attacked_by_enemy(sq, seat);
        }
        let team = rules.seats[seat].team;
        Seat::all(rules.seats.len()).any(|s| {
            rules.seats[s].team != team
                && !self.is_eliminated(s)
                && self.find_attacker(sq, s, |from| self.board[from as usize].is_some())
        })
    }

    /// The squares of the pieces of the seats in play not of `team`: every
    /// enemy attacker stands on one.
    #[inline]
    pub(super) fn active_enemy_squares(&self, team: usize) -> SqSet {
        let rules = self.rules();
        let mut threats = SqSet::EMPTY;
        for s in Seat::all(rules.seats.len()) {
            if rules.seats[s].team != team && !self.is_eliminated(s) {
                threats |= self.seat_occupied[s];
            }
        }
        threats
    }

    /// Whether the piece on `s` belongs to an active enemy of `team` and is
    /// of a type that attacks along a merged attack line (`types`, per seat).
    #[inline]
    pub(crate) fn enemy_attacks_from(&self, s: Sq, team: usize, types: &[u64; MAX_SEATS]) -> bool {
        let p = self.board[s as usize];
        p.is_some()
            && !p.is_wall()
            && !p.dead()
            && self.rules.seats[p.seat()].team != team
            && !self.is_eliminated(p.seat())
            && p.kind().is_in(types[p.seat()])
    }

    /// Whether a seat's royal piece is attacked by an active enemy.
    pub fn in_check(&self, seat: Seat) -> bool {
        self.royal(seat)
            .is_some_and(|k| self.attacked_by_enemy(k, seat))
    }

    /// Whether a seat is in check as Fairy-Stockfish reports it and judges
    /// mate by: its royal piece is attacked by an active enemy, or one of its
    /// pseudo-royal pieces is, or (`dupleCheck`) every piece of its
    /// pseudo-royal types is. Legality reads [`Position::in_check`] and the
    /// pseudo-royal rules of the move generator instead.
    pub fn checked(&self, seat: Seat) -> bool {
        if self.in_check(seat) {
            return true;
        }
        let Some(PseudoRoyalty { duple, .. }) = self.rules.royalty.pseudo else {
            return false;
        };
        // With blasts, a piece touching an enemy pseudo-royal piece cannot be
        // taken: the capture would explode the taker's own.
        let theirs = self.enemy_pseudo_royals_if_blasts(seat);
        self.pseudo_royals(seat)
            .iter()
            .any(|s| self.attacked_by_enemy(s, seat) && !self.touches(s, &theirs))
            || (duple && self.duple_checked(seat))
    }
}
