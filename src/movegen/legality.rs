//! Whether a pseudo-legal move is legal: checks and pins from one look
//! at the king, the lines a move must touch to matter, and the make/unmake
//! test where nothing else can decide.

use crate::moves::Move;
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{Position, RuleHandle};
use crate::rules::{Bitboard, RuleTable, Sq, SqSet, segment};
use crate::seat::Seat;

/// The most groups of piece types [`JudgedLines`] keeps check squares for;
/// further groups' squares are tested for every move.
pub(super) const CHECK_GROUPS: usize = 8;

/// What a move must avoid to be legal without being played
/// ([`Position::judged_lines`]).
#[derive(Clone, Copy, Default)]
pub(super) struct JudgedLines {
    /// Squares every move leaving or entering them is tested.
    pub(super) lines: SqSet,
    /// Squares every move leaving them is tested; entering them can only
    /// block a line toward a royal piece.
    pub(super) blocking: SqSet,
    /// Where checks are forbidden, per group of piece types (a type mask):
    /// the squares from which a piece of those types may give check, so
    /// that its moves entering them are tested.
    pub(super) checks: [(u64, SqSet); CHECK_GROUPS],
    /// The groups in use.
    pub(super) groups: usize,
    /// There are no flying general, mutual immunity, `dupleCheck` or
    /// pseudo-royal types that turn into walls: a royal or pseudo-royal
    /// piece's move (other than a capture, where captures explode; and of a
    /// pseudo-royal piece only, there) is as safe as its destination, the
    /// piece lifted from where it stood (hoppers and lame leapers
    /// included: the destination's attack lines are read with the piece
    /// gone from its square, and a step entering or leaving a line toward
    /// another royal piece is judged apart).
    pub(super) royal_steps: bool,
    /// Where plain captures that explode are judged without being played.
    pub(super) blasts: Option<UnplayedBlasts>,
    /// The royal piece is in check ([`Position::check_lines`]): `lines`
    /// holds the checking lines' squares, and a move that leaves and enters
    /// none of them leaves the check standing
    /// ([`Position::leaves_check_standing`]).
    pub(super) in_check: bool,
}

/// What [`Position::blast_capture_legal`] reads: the blast-immune types, and
/// the pseudo-royal pieces of the side to move and of its enemies before the
/// move.
#[derive(Clone, Copy, Debug)]
pub(super) struct UnplayedBlasts {
    pub(super) immune: u64,
    pub(super) ours: SqSet,
    pub(super) theirs: SqSet,
    /// Where known (perft's [`JudgedLines`]: no pseudo-royal piece of the
    /// side is attacked), the squares whose emptying may expose one: a
    /// capture whose blast empties none of them exposes none.
    pub(super) lines: Option<SqSet>,
}

impl JudgedLines {
    /// The squares from which a piece of `types` may give check.
    pub(super) fn add_checks(&mut self, types: u64, squares: SqSet) {
        let groups = &mut self.checks[..self.groups];
        if let Some(group) = groups.iter_mut().find(|(t, _)| *t == types) {
            group.1 |= squares;
        } else if self.groups < CHECK_GROUPS {
            self.checks[self.groups] = (types, squares);
            self.groups += 1;
        } else {
            self.lines |= squares;
        }
    }

    /// Whether a piece of type `mover` on `to` gives check (a square of
    /// its group, not one of `lines` where the groups ran out).
    #[inline]
    pub(super) fn checks_from(&self, mover: PieceType, to: Sq) -> bool {
        self.checks()
            .iter()
            .any(|(types, squares)| mover.is_in(*types) && squares.contains(to))
    }

    /// The groups in use.
    pub(super) fn checks(&self) -> &[(u64, SqSet)] {
        &self.checks[..self.groups]
    }

    /// The squares a move may not leave without being tested.
    #[inline]
    pub(super) fn left(&self) -> SqSet {
        self.lines | self.blocking
    }

    /// The squares a move of a piece of type `mover` (of any type, for a
    /// move that changes it) may not enter without being tested.
    #[inline]
    pub(super) fn entered(&self, mover: Option<PieceType>) -> SqSet {
        if self.groups == 0 {
            return self.lines;
        }
        self.checks()
            .iter()
            .filter(|(types, _)| mover.is_none_or(|t| t.is_in(*types)))
            .fold(self.lines, |m, (_, squares)| m | *squares)
    }
}

impl<R: RuleHandle> Position<R> {
    /// Whether a pseudo-legal move is legal: the mover's royal (and
    /// pseudo-royal) pieces are not left attacked, castling does not pass
    /// attacked squares, and, where checks are off, the move gives none.
    pub fn is_legal(&mut self, mv: Move) -> bool {
        if !self.makpong_allows(&mv) {
            return false;
        }
        if mv.gate().is_some() {
            // As Fairy-Stockfish judges it: a gating move is legal when its
            // move is, the gated piece blocking nothing.
            let base = mv.ungated();
            let mut offered = false;
            self.gatings(base, &self.gate_offer(), &mut |m| offered |= m == mv);
            return offered && self.is_legal(base);
        }
        let handle = self.shared_rules().clone();
        let rules: &RuleTable = &handle;
        // As Fairy-Stockfish judges it, a walling move is legal when its
        // move is, the wall shielding nothing, except where pseudo-royal
        // pieces are tested after the whole move (the new wall and the
        // duck's leaving count).
        if mv.wall().is_some() && rules.royalty.pseudo.is_none() {
            return self.is_legal(mv.unwalled());
        }
        let shape = mv.unwalled();
        let us = self.to_move();
        // While the kings face each other (bikjang), a pass is always legal
        // and every other move must break the facing.
        let facing = self.bikjang();
        if facing && matches!(mv, Move::Pass { .. }) {
            return true;
        }
        // A royal piece dropped from the hand (placement) may not land
        // attacked either.
        let royal = self.royal(us).is_some()
            || matches!(shape, Move::Drop { placed, .. } if rules.pieces[placed].royal);
        let pseudo = self.pseudo_royals(us);
        // With blasts, the opponent's pseudo-royal pieces before the move:
        // exploding one wins at once, and a piece touching one cannot be
        // taken.
        let theirs = self.enemy_pseudo_royals_if_blasts(us);
        if let Move::Castle { king, to, .. } = shape
            && (rules.pieces[self.piece_at(king).kind()].royal || pseudo.contains(king))
            && self.castles_through_attack(rules, mv, (king, to), &pseudo, &theirs)
        {
            return false;
        }
        if self.refused_capture_or_drop(mv, shape, &pseudo) {
            return false;
        }
        // Drops that may not give check, and sittuyin's promotions, which
        // never may.
        let drop_checks_tested = mv.is_drop() && rules.hand.as_ref().is_some_and(|h| !h.checks)
            || rules.promotion.sittuyin && matches!(shape, Move::Promotion { .. });
        let duple = rules.royalty.pseudo.is_some_and(|pseudo| pseudo.duple);
        if !royal
            && pseudo.is_empty()
            && !duple
            && rules.royalty.checking
            && !drop_checks_tested
            && !rules.flying_general
            && !facing
        {
            return true;
        }
        if let Some(blast) = self.unplayed_blasts(pseudo, theirs)
            && let Some(legal) = self.blast_capture_legal(mv, &blast)
        {
            return legal;
        }
        let pseudo = self.pseudo_royals_after(mv, shape, pseudo);
        self.legal_once_played(
            rules,
            mv,
            (&pseudo, &theirs),
            Judging {
                duple,
                facing,
                drop_checks_tested,
            },
        )
    }

    /// [`Position::is_legal`]'s test of a castling whose king is royal or
    /// pseudo-royal: whether it castles out of, or through, an attacked
    /// square.
    fn castles_through_attack(
        &mut self,
        rules: &RuleTable,
        mv: Move,
        (king, to): (Sq, Sq),
        pseudo: &SqSet,
        theirs: &SqSet,
    ) -> bool {
        let us = self.to_move();
        // The king may not castle out of, or through, an attacked square
        // (a pseudo-royal one judged with the move's wall standing and
        // the duck gone, as Fairy-Stockfish judges it).
        let lifted = self.stand_wall(mv.wall());
        // A pseudo-royal king is judged lifted from its square, on each
        // square from its start to the one before its destination (that
        // one is judged after the whole move), as Fairy-Stockfish
        // judges it: in atomic, a rook checking a king that touches the
        // enemy king still attacks the squares beyond it.
        let lift_king = pseudo.contains(king) && mv.wall() != Some(king);
        let king_piece = if lift_king {
            self.lift(king)
        } else {
            Piece::NONE
        };
        let attacked = segment(rules, king, to)
            .filter(|&s| !lift_king || s != to || to == king)
            .any(|s| self.attacked_by_enemy(s, us) && !self.touches(s, theirs));
        if lift_king {
            self.drop_back(king, king_piece);
        }
        self.unstand_wall(mv.wall(), lifted);
        attacked
    }

    /// [`Position::is_legal`]'s refusals before a move is played: a
    /// pseudo-royal piece capturing where it would turn into a wall, pieces
    /// of a mutually immune type taking each other, and a drop the bishops'
    /// balance forbids.
    fn refused_capture_or_drop(&self, mv: Move, shape: Move, pseudo: &SqSet) -> bool {
        let rules = self.rules();
        // A pseudo-royal piece may not capture where it would turn into a
        // wall (`petrifyOnCaptureTypes`).
        if let Some(from) = mv.from()
            && pseudo.contains(from)
            && self.piece_at(from).kind().is_in(rules.petrify)
            && self.is_capture(&mv)
        {
            return true;
        }
        // Pieces of a mutually immune type may not capture each other.
        if rules.mutually_immune != 0
            && self.is_capture(&mv)
            && let Some(from) = mv.from()
        {
            let mover = self.piece_at(from).kind();
            let victim = self.piece_at(mv.to());
            if mover.is_in(rules.mutually_immune) && victim.is_some() && victim.kind() == mover {
                return true;
            }
        }
        if let Move::Drop { placed, to, .. } = shape
            && self
                .bishop_balance()
                .is_some_and(|balance| !balance.allows(placed, to))
        {
            return true;
        }
        false
    }

    /// The mover's pseudo-royal pieces once `mv` (of shape `shape`, its wall
    /// set aside) is played, from those before it.
    fn pseudo_royals_after(&self, mv: Move, shape: Move, mut pseudo: SqSet) -> SqSet {
        let rules = self.rules();
        let us = self.to_move();
        match (mv.from(), shape) {
            (Some(from), _) if pseudo.contains(from) => {
                pseudo.remove(from);
                pseudo.insert(mv.to());
            }
            // A dropped piece of a pseudo-royal type is pseudo-royal.
            (None, Move::Drop { placed, to, .. }) if rules.pseudo_royal_type(placed) => {
                pseudo.insert(to);
            }
            _ => {}
        }
        // A pawn's promotion to a pseudo-royal type, as Fairy-Stockfish
        // judges it: the new piece is pseudo-royal while the count allows,
        // else the type's pieces all lose their royalty (a piece promotion
        // changes nothing there).
        if let (Some(pseudo_royalty), Move::Promotion { to, piece, .. }) =
            (rules.royalty.pseudo, shape)
            && piece.is_in(pseudo_royalty.types)
        {
            if u32::from(self.count(us, piece)) >= pseudo_royalty.limit {
                for &sq in self.pieces_of(us) {
                    if self.piece_at(sq).kind() == piece {
                        pseudo.remove(sq);
                    }
                }
            } else {
                pseudo.insert(to);
            }
        }
        pseudo
    }

    /// [`Position::is_legal`]'s last test: the move played (its board part
    /// alone where nothing else changes what is read), then no royal or
    /// pseudo-royal piece of the mover left attacked, no `dupleCheck`, no
    /// facing generals and, where checks are off, no check given.
    fn legal_once_played(
        &mut self,
        rules: &RuleTable,
        mv: Move,
        (pseudo, theirs): (&SqSet, &SqSet),
        judging: Judging,
    ) -> bool {
        let us = self.to_move();
        let Judging {
            duple,
            facing,
            drop_checks_tested,
        } = judging;
        // Where a blast and a petrification meet, Fairy-Stockfish judges the
        // move as if the exploded square stayed empty (the new wall shields
        // nothing); tetrarch judges it the same way.
        let petrified_blast = rules.blast.is_some()
            && rules.petrify != 0
            && self.is_capture(&mv)
            && self.moving_piece(&mv).kind().is_in(rules.petrify);
        // Fairy-Stockfish's test clears the blast's neighbourhood of every
        // square a piece other than a pawn held before the move: a wall put
        // on the square the capturing piece left next to its target shields
        // nothing there.
        let blasted_wall = rules.blast.is_some()
            && self.is_capture(&mv)
            && mv.from().is_some_and(|from| {
                mv.wall() == Some(from)
                    && !rules.pieces[self.piece_at(from).kind()].builtin_pawn
                    && self.blast_neighbours(mv.to()).contains(from)
            });
        // Nothing but the board part of a normal move changes what the
        // tests below read where no blast, petrification, wall, flip,
        // elimination or Cambodian gate follows: every plain normal move
        // (`FastPaths::usual_moves`) and every quiet one without flips or
        // gates (the others follow captures only). It is played alone.
        let shifted = match mv {
            Move::Normal { from, to }
                if rules.fast.usual_moves
                    || self.piece_at(to).is_none()
                        && rules.flip.is_none()
                        && rules.cambodian.is_none() =>
            {
                Some((from, to, self.shift(from, to)))
            }
            _ => {
                self.make(mv);
                None
            }
        };
        let wall = petrified_blast.then(|| self.lift(mv.to()));
        let from_wall = blasted_wall
            .then(|| mv.from())
            .flatten()
            .map(|from| (from, self.lift(from)));
        let mut legal = !self.in_check(us);
        // As Fairy-Stockfish: no pseudo-royal piece may be left attacked,
        // and with `dupleCheck` not every piece of the pseudo-royal types
        // (however many there are) may be.
        if legal && !pseudo.is_empty() {
            legal = if rules.blast.is_some() {
                self.blast_safe(us, pseudo, theirs)
            } else {
                pseudo.iter().all(|s| !self.threatened_pseudo_royal(s, us))
            };
        }
        if legal && duple {
            legal = !self.duple_checked(us);
        }
        if legal && (rules.flying_general || facing) {
            legal = !self.generals_face();
        }
        if legal && (!rules.royalty.checking || drop_checks_tested) {
            let team = rules.seats[us].team;
            legal = Seat::all(rules.seats.len())
                .filter(|&s| rules.seats[s].team != team)
                .all(|s| !self.in_check(s));
        }
        if let Some(wall) = wall {
            self.drop_back(mv.to(), wall);
        }
        if let Some((from, wall)) = from_wall {
            self.drop_back(from, wall);
        }
        match shifted {
            Some((from, to, victim)) => self.unshift(from, to, victim),
            None => self.unmake(),
        }
        legal
    }

    /// Where captures explode and nothing but the pseudo-royal pieces'
    /// safety decides a plain capture (the side to move has no royal piece,
    /// and there is no `dupleCheck`, petrification, ban on checks, flying
    /// general or bikjang): what [`Position::blast_capture_legal`] needs,
    /// with the side's pseudo-royal pieces (`ours`) and its enemies'
    /// (`theirs`) before the move.
    pub(super) fn unplayed_blasts(&self, ours: SqSet, theirs: SqSet) -> Option<UnplayedBlasts> {
        let rules = self.rules();
        let immune = rules.blast?;
        let simple = self.royal(self.to_move()).is_none()
            && rules.royalty.pseudo.is_none_or(|pseudo| !pseudo.duple)
            && rules.petrify == 0
            && rules.royalty.checking
            && !rules.flying_general
            && !self.bikjang();
        simple.then_some(UnplayedBlasts {
            immune,
            ours,
            theirs,
            lines: None,
        })
    }

    /// Whether a plain capture by a piece that explodes with its victim is
    /// legal, found as [`Position::is_legal`] finds it after playing the
    /// move ([`Position::blast_safe`]) but without playing it: the capture's
    /// squares and the blast are lifted off the board for the attack tests.
    /// `None` for any other move.
    pub(super) fn blast_capture_legal(&mut self, mv: Move, blast: &UnplayedBlasts) -> Option<bool> {
        let Move::Normal { from, to } = mv else {
            return None;
        };
        if self.piece_at(to).is_none() || self.piece_at(from).kind().is_in(blast.immune) {
            return None;
        }
        let (mut ours, theirs) = (blast.ours, &blast.theirs);
        if ours.contains(from) {
            ours.remove(from);
            ours.insert(to);
        }
        let blasted = self.blast_neighbours(to);
        let explodes = |set: &SqSet| set.contains(to) || set.intersects(&blasted);
        if explodes(&ours) {
            return Some(false);
        }
        if explodes(theirs) {
            return Some(true);
        }
        if let Some(lines) = &blast.lines {
            let mut emptied = blasted;
            emptied.insert(from);
            emptied.insert(to);
            if !emptied.intersects(lines) {
                return Some(true);
            }
        }
        let us = self.to_move();
        let mover = self.lift(from);
        let victim = self.lift(to);
        let mut lifted = [(0, Piece::NONE); 8];
        for (slot, sq) in lifted.iter_mut().zip(blasted.iter()) {
            *slot = (sq, self.lift(sq));
        }
        let safe = self.blast_safe(us, &ours, theirs);
        for &(sq, piece) in lifted.iter().take(blasted.len()) {
            self.drop_back(sq, piece);
        }
        self.drop_back(to, victim);
        self.drop_back(from, mover);
        Some(safe)
    }

    /// Whether an enemy piece could take `seat`'s pseudo-royal piece on
    /// `sq`: enemy pseudo-royal pieces that would turn into a wall by
    /// capturing cannot (as Fairy-Stockfish judges it).
    pub(super) fn threatened_pseudo_royal(&self, sq: Sq, seat: Seat) -> bool {
        let rules = self.rules();
        let unable = rules
            .royalty
            .pseudo
            .map_or(0, |pseudo| pseudo.types & rules.petrify);
        if unable == 0 {
            return self.attacked_by_enemy(sq, seat);
        }
        let team = rules.seats[seat].team;
        Seat::all(rules.seats.len())
            .filter(|&s| rules.seats[s].team != team && !self.is_eliminated(s))
            .any(|s| self.find_attacker(sq, s, |from| !self.piece_at(from).kind().is_in(unable)))
    }

    /// Whether the kings face each other under Janggi's bikjang rule
    /// (`bikjangRule`).
    pub fn bikjang(&self) -> bool {
        self.rules().bikjang && self.generals_face()
    }

    /// Whether two royal pieces face each other on a rank or file with no
    /// piece (or hole) between them: what the flying general forbids.
    pub(super) fn generals_face(&self) -> bool {
        let rules = self.rules();
        self.aligned_royals().any(|(a, b)| {
            segment(rules, a, b)
                .filter(|&s| s != a && s != b)
                .all(|s| rules.playable[s as usize] && self.piece_at(s).is_none())
        })
    }

    /// The pairs of royal pieces (of different seats) on one rank or file.
    pub(super) fn aligned_royals(&self) -> impl Iterator<Item = (Sq, Sq)> + '_ {
        let rules = self.rules();
        let n = rules.seats.len();
        let royals = move || Seat::all(n).filter_map(|s| self.royal(s));
        royals().enumerate().flat_map(move |(i, a)| {
            royals().skip(i + 1).filter_map(move |b| {
                let aligned =
                    rules.file_of(a) == rules.file_of(b) || rules.rank_of(a) == rules.rank_of(b);
                aligned.then_some((a, b))
            })
        })
    }

    /// Where the side to move has one royal piece, which an enemy attacks,
    /// and no move changes an attack but through the squares it leaves and
    /// enters (two seats, no pseudo-royal piece, blast, flip or wall): the
    /// squares of every enemy leap and of every enemy attack line toward it
    /// that holds a piece of a type attacking along it. Every check comes
    /// along squares of this set, the attacker's own among them.
    pub(super) fn check_lines(&self, us: Seat) -> Option<SqSet> {
        let rules = self.rules();
        if rules.seats.len() != 2
            || rules.royalty.pseudo.is_some()
            || rules.blast.is_some()
            || rules.flip.is_some()
            || rules.walling.is_some()
        {
            return None;
        }
        let king = self.royal(us)?;
        let enemy = self.other_seat_if_enemy(us)?;
        if !self.attacked_by(king, enemy) {
            return None;
        }
        let mut squares = SqSet::default();
        for &(leaps, _) in rules.leap_attacks(enemy, king) {
            squares |= SqSet::from_words([leaps, 0, 0, 0]);
        }
        for attack in rules.attack_lines(enemy, king) {
            if self.manned(attack, enemy) {
                let line = rules.line_squares(&attack.line);
                line.iter().for_each(|&s| squares.insert(s));
            }
        }
        Some(squares)
    }

    /// Whether a live piece of `enemy` of a type attacking along `attack`
    /// stands on one of its squares: on boards of at most 64 squares, one
    /// test of the line's squares against the attackers'.
    pub(super) fn manned(&self, attack: &crate::rules::AttackLine, enemy: Seat) -> bool {
        if attack.span != 0 {
            return attack.span & self.pieces_of_types(enemy, attack.types) != 0;
        }
        self.rules().line_squares(&attack.line).iter().any(|&s| {
            let p = self.piece_at(s);
            p.is_some() && p.seat() == enemy && !p.dead() && p.kind().is_in(attack.types)
        })
    }

    /// Whether `m`, in check along `lines` ([`Position::check_lines`]),
    /// leaves the check standing: a move of one piece that is not royal
    /// and becomes none (a plain move, promotion, demotion or drop, not
    /// always tested), leaving and entering no square of `lines`.
    pub(super) fn leaves_check_standing(&self, m: &Move, lines: &SqSet) -> bool {
        let rules = self.rules();
        let royal = |kind: PieceType| rules.pieces[kind].royal;
        let placed_royal = match *m {
            Move::Normal { from, .. } => royal(self.piece_at(from).kind()),
            Move::Promotion { from, piece, .. }
            | Move::PiecePromotion { from, piece, .. }
            | Move::PieceDemotion { from, piece, .. } => {
                royal(self.piece_at(from).kind()) || royal(piece)
            }
            Move::Drop { placed, .. } => royal(placed),
            _ => return false,
        };
        !placed_royal
            && !self.always_tested(m)
            && m.from().is_none_or(|from| !lines.contains(from))
            && !lines.contains(m.to())
    }

    /// The squares a move must leave or enter to be made and tested (see
    /// [`Position::exposure`]); where checks are forbidden (`checking =
    /// false`) also those from which it may give check or uncover one
    /// ([`Position::check_reach`]); written into `judged` (at its default),
    /// which is not moved about: it is large. False when every move is
    /// tested. `tested` is [`Position::tested_pieces`].
    pub(super) fn judged_lines(&self, us: Seat, tested: &SqSet, judged: &mut JudgedLines) -> bool {
        let rules = self.rules();
        if let Some((lines, blocking)) = self.exposure(us, tested) {
            judged.lines = lines;
            judged.blocking = blocking;
        } else if let Some(check) = self.check_lines(us) {
            // In check: a move touching the checking lines is tested, any
            // other leaves the check standing.
            judged.lines = check;
            judged.in_check = true;
        } else {
            return false;
        }
        judged.royal_steps = rules
            .royalty
            .pseudo
            .is_none_or(|pseudo| !pseudo.duple && pseudo.types & rules.petrify == 0)
            && !rules.flying_general
            && rules.mutually_immune == 0;
        if rules.blast.is_some() {
            // The tested pieces are the pseudo-royal ones wherever
            // unplayed blasts apply (not with `dupleCheck`).
            judged.blasts = self
                .unplayed_blasts(*tested, self.enemy_pseudo_royals_if_blasts(us))
                .map(|blasts| UnplayedBlasts {
                    lines: Some(judged.left()),
                    ..blasts
                });
        }
        rules.royalty.checking || self.check_reach(us, judged)
    }

    /// The pieces whose own moves are always tested: pseudo-royal ones and,
    /// with `dupleCheck`, every piece of their types.
    pub(super) fn tested_pieces(&self, us: Seat) -> SqSet {
        let mut tested = self.pseudo_royals(us);
        for s in self.duple_candidates(us).iter() {
            tested.insert(s);
        }
        tested
    }

    /// Whether a move is always made and tested: a capture that explodes
    /// pieces or that a mutual immunity may forbid, and a promotion that
    /// may change which pieces are pseudo-royal.
    #[inline(always)]
    pub(super) fn always_tested(&self, m: &Move) -> bool {
        let rules = self.rules();
        self.captures_tested() && self.is_capture(m)
            || (rules.royalty.promotions_touch_pseudo || rules.promotion.sittuyin)
                && matches!(m, Move::Promotion { .. })
    }

    /// Whether every capture is made and tested: captures explode pieces
    /// or a mutual immunity may forbid them.
    #[inline(always)]
    pub(super) fn captures_tested(&self) -> bool {
        let rules = self.rules();
        rules.blast.is_some() || rules.mutually_immune != 0
    }

    /// Whether a move is legal where [`Position::judged_lines`] found
    /// `judged`: an [`Position::unexposed`] move is (unless always
    /// tested), a plain move giving check where checks are forbidden is
    /// not, a royal step [`Position::royal_step_unexposed`] is when its
    /// destination is safe, a drop [`Position::drop_unexposed`] is unless it
    /// puts a pseudo-royal piece where it is attacked, and so is a
    /// pseudo-royal piece's promotion or demotion that keeps it so; any
    /// other move is made and tested.
    #[inline(always)]
    pub(super) fn judged_legal(&mut self, m: &Move, judged: &JudgedLines, tested: &SqSet) -> bool {
        if judged.in_check && self.leaves_check_standing(m, &judged.lines) {
            return false;
        }
        if self.always_tested(m) {
            if let Some(blast) = &judged.blasts
                && let Some(legal) = self.blast_capture_legal(*m, blast)
            {
                return legal;
            }
            return self.is_legal(*m);
        }
        if self.unexposed(m, judged, tested) {
            return true;
        }
        match *m {
            // Where checks are forbidden, a piece entering a square from
            // which its type attacks the enemy royal piece gives check.
            Move::Normal { from, to } if judged.checks_from(self.piece_at(from).kind(), to) => {
                false
            }
            Move::Normal { from, to } if self.royal_step_unexposed(from, to, judged, tested) => {
                self.royal_step_safe(from, to)
            }
            // A pseudo-royal piece that turns into a type it stays
            // pseudo-royal as (gethenian's king and queen), the others'
            // pseudo-royalty unchanged, is as safe as its destination.
            Move::PiecePromotion { from, to, piece } | Move::PieceDemotion { from, to, piece }
                if self.royal_step_unexposed(from, to, judged, tested)
                    && !judged.entered(Some(piece)).contains(to)
                    && self.stays_pseudo_royal(from, piece) =>
            {
                self.royal_step_safe(from, to)
            }
            Move::Drop { placed, to, .. } if self.drop_unexposed(placed, to, judged) => {
                !self.rules().pseudo_royal_type(placed) || self.safe_for_royalty(to)
            }
            _ => self.is_legal(*m),
        }
    }

    /// Whether a plain move of the royal or pseudo-royal piece on `from`
    /// (pseudo-royal ones are on `tested`) needs no more than its
    /// destination's safety ([`Position::royal_step_safe`]): the rules allow
    /// it ([`JudgedLines::royal_steps`]) and the move leaves and enters no
    /// square `judged` names, so it uncovers no attack on another royal or
    /// pseudo-royal piece (and gives no check where checks are forbidden).
    pub(super) fn royal_step_unexposed(
        &self,
        from: Sq,
        to: Sq,
        judged: &JudgedLines,
        tested: &SqSet,
    ) -> bool {
        let kind = self.piece_at(from).kind();
        let rules = self.rules();
        judged.royal_steps
            && (rules.pieces[kind].royal && rules.blast.is_none() || tested.contains(from))
            && !judged.left().contains(from)
            && !judged.entered(Some(kind)).contains(to)
    }

    /// Whether a drop of `placed` on `to` needs no more than, for a piece
    /// of a pseudo-royal type, its square's safety: the rules allow it
    /// ([`JudgedLines::royal_steps`]), the piece is not royal, drops may
    /// give check and have no bishop-colour rule, and `to` is no square
    /// `judged` names for it (a drop elsewhere can only block a line).
    pub(super) fn drop_unexposed(&self, placed: PieceType, to: Sq, judged: &JudgedLines) -> bool {
        let rules = self.rules();
        judged.royal_steps
            && !rules.pieces[placed].royal
            && rules
                .hand
                .as_ref()
                .is_some_and(|h| h.checks && h.opposite_coloured_bishops.is_none())
            && !judged.entered(Some(placed)).contains(to)
    }

    /// Whether a move (not [`Position::always_tested`]) is legal without
    /// being played: a plain move, promotion or demotion of a piece that is
    /// neither royal nor on `tested` (pseudo-royal pieces), leaving no
    /// square of `judged.lines` and entering none that
    /// [`JudgedLines::entered`] names for it.
    #[inline(always)]
    pub(super) fn unexposed(&self, m: &Move, judged: &JudgedLines, tested: &SqSet) -> bool {
        let Some(from) = m.from() else {
            return false;
        };
        let shaped = matches!(
            m,
            Move::Normal { .. }
                | Move::Promotion { .. }
                | Move::PiecePromotion { .. }
                | Move::PieceDemotion { .. }
        );
        if !shaped || judged.left().contains(from) || tested.contains(from) {
            return false;
        }
        let kind = self.piece_at(from).kind();
        // A promotion or demotion may give check as another type.
        let mover = matches!(m, Move::Normal { .. }).then_some(kind);
        !judged.entered(mover).contains(m.to()) && !self.rules().pieces[kind].royal
    }

    /// Whether the Makpong rule (`makpongRule`) lets a move be played: a
    /// royal piece in check may only move by taking its only checker.
    pub(super) fn makpong_allows(&self, mv: &Move) -> bool {
        let rules = self.rules();
        if !rules.makpong {
            return true;
        }
        let us = self.to_move();
        let Some(from) = mv.from() else {
            return true;
        };
        if !rules.pieces[self.piece_at(from).kind()].royal || !self.in_check(us) {
            return true;
        }
        let mut checkers = SqSet::default();
        for seat in
            Seat::all(rules.seats.len()).filter(|&s| rules.seats[s].team != rules.seats[us].team)
        {
            self.find_attacker(from, seat, |sq| {
                checkers.insert(sq);
                false
            });
        }
        checkers.iter().count() == 1 && checkers.contains(mv.to())
    }
}

/// What [`Position::is_legal`] found before playing a move that its last
/// test needs.
#[derive(Clone, Copy)]
struct Judging {
    /// `dupleCheck`: not every piece of the pseudo-royal types may be left
    /// attacked.
    duple: bool,
    /// The kings faced each other (bikjang) before the move.
    facing: bool,
    /// The move may not give check (a drop where drops may not, or a
    /// sittuyin promotion).
    drop_checks_tested: bool,
}
