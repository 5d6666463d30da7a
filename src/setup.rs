//! Fairy-Stockfish FEN into a [`Position`] and back, and moves in
//! Fairy-Stockfish's UCI notation.

use crate::fen::{FenError, Setup, parse_fen};
use crate::moves::{CastleGate, Move, MoveError, MoveList};
use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{CastlingRight, EnPassant, MAX_SEATS, NO_SQ, Position, RuleHandle};
use crate::rules::{RuleTable, Sq};
use crate::seat::Seat;
use crate::setup_fen4::read_extras;

fn error(message: impl Into<String>, start: usize, end: usize) -> FenError {
    FenError::new(message, start, end)
}

impl<R: RuleHandle> Position<R> {
    /// Reads a two-player Fairy-Stockfish FEN for a variant.
    pub fn from_fen(rules: R, fen: &str) -> Result<Position<R>, FenError> {
        let setup = parse_fen(fen.trim(), rules.counting.is_some())?;
        Position::from_setup(rules, &setup)
    }

    /// Turns what a FEN or FEN4 says into a position of the variant, or
    /// says why it cannot be one: pieces and squares the variant does not
    /// have, castling and en-passant fields it cannot read, and positions
    /// that cannot arise ([`Position::validate`]). The one conversion every
    /// command and `check` use.
    pub fn from_setup(rules: R, setup: &Setup) -> Result<Position<R>, FenError> {
        let board = if setup.four {
            "the board field describes"
        } else {
            "the board is"
        };
        if setup.files != rules.files || setup.ranks != rules.ranks {
            return Err(error(
                format!(
                    "{board} {} × {} squares, but `{}` is played on {} × {}",
                    setup.files, setup.ranks, rules.name, rules.files, rules.ranks
                ),
                setup.board_start,
                setup.board_end,
            ));
        }
        let mut pos = Position::empty(rules.clone());
        for (square, p) in &setup.pieces {
            let Some(base) = rules.piece_by_letter(p.letter) else {
                let message = if setup.four {
                    format!(
                        "the board field has `{}`, which is not a piece of `{}`",
                        p.letter.to_ascii_uppercase(),
                        rules.name
                    )
                } else {
                    format!("`{}` is not a piece of `{}`", p.letter, rules.name)
                };
                return Err(error(message, p.offset, p.offset + 1));
            };
            let seat = p.seat.unwrap_or(Seat::FIRST);
            let sq = rules.square(square.file, square.rank);
            if !rules.playable[sq as usize] {
                let message = if setup.four {
                    format!("the board field puts a piece on {square}, which is a hole")
                } else {
                    format!("{square} is not a square of the board")
                };
                return Err(error(message, p.offset, p.offset + 1));
            }
            let piece = match (p.promoted, rules.pieces[base].promotes_to) {
                (true, Some(promoted)) => Piece::new(seat, promoted).with_promoted_from(base),
                (true, None) => Piece::new(seat, base).with_from_pawn(),
                _ => Piece::new(seat, base),
            };
            pos.put(sq, if p.dead { piece.killed() } else { piece });
        }
        for square in &setup.blocked {
            // A FEN4 `x` is a hole of the board, a FEN `*` a wall on it.
            if !setup.four {
                pos.put(rules.square(square.file, square.rank), Piece::WALL);
            }
        }
        for p in &setup.hand {
            let Some(kind) = rules.piece_by_letter(p.letter) else {
                return Err(error(
                    format!(
                        "`{}` in the pocket is not a piece of `{}`",
                        p.letter, rules.name
                    ),
                    p.offset,
                    p.offset + 1,
                ));
            };
            if rules.hand.is_none() {
                return Err(error(
                    format!(
                        "`{}` has no pieces in hand, but the pocket lists some",
                        rules.name
                    ),
                    p.offset,
                    p.offset + 1,
                ));
            }
            let seat = p.seat.unwrap_or(Seat::FIRST);
            if pos.in_hand(seat, kind) == u8::MAX {
                return Err(error(
                    "the pocket holds more than 255 pieces of one type",
                    p.offset,
                    p.offset + 1,
                ));
            }
            pos.add_to_hand(seat, kind);
        }
        pos.style.pocket = setup.has_pocket;
        pos.set_to_move(setup.to_move);
        for (seat, &out) in setup.eliminated.iter().enumerate() {
            if out && seat < rules.seats.len() {
                pos.set_eliminated(Seat::new(seat));
            }
        }
        if let Some(checks) = setup.checks {
            let mut all = [0; MAX_SEATS];
            all[..2].copy_from_slice(&checks);
            pos.set_checks(all);
        } else if rules.ends.check_counting && !setup.four {
            // Without the field, Fairy-Stockfish lets the next check win.
            let mut all = [0; MAX_SEATS];
            all[..2].copy_from_slice(&[1, 1]);
            pos.set_checks(all);
        }
        if let Some(castling) = &setup.castling {
            read_castling(&mut pos, &castling.text, castling.at)?;
        }
        pos.register_dropped_castling_rights();
        if let Some(ep) = &setup.en_passant {
            read_en_passant(&mut pos, &ep.text, ep.at)?;
        }
        for (wing, flags) in setup.castling_flags.iter().enumerate() {
            for (seat, &allowed) in Seat::all(rules.seats.len()).zip(flags) {
                // A declared right is kept as written; castling itself
                // needs the king and rook on their squares.
                if let (true, Some(geometry)) = (allowed, rules.castling[seat][wing])
                    && let Some((king, rook)) = geometry.from
                {
                    pos.add_castling_right(CastlingRight {
                        seat,
                        wing,
                        king,
                        rook,
                    });
                }
            }
        }
        if !setup.scores.is_empty() {
            pos.set_scores(&setup.scores);
        }
        if let Some(halfmove) = setup.halfmove {
            pos.set_counters(halfmove, setup.fullmove.unwrap_or(1));
        }
        // A running count takes the halfmove field for its plies, as
        // Fairy-Stockfish reads it.
        if let Some(limit) = setup.counting_limit.filter(|&l| l > 0) {
            pos.set_counting(pos.halfmove(), limit);
            pos.set_counters(0, pos.fullmove());
        }
        for extra in &setup.extras {
            read_extras(&mut pos, &extra.text, extra.at)?;
        }
        pos.validate(setup.board_end)?;
        Ok(pos)
    }

    /// Checks what makes a position impossible to play: a seat still in
    /// with more than one royal piece, or without one where checks are on,
    /// or, with two seats and checks on, the side not to move in check.
    /// `board_end` is where the board part of the text ends.
    pub(crate) fn validate(&self, board_end: usize) -> Result<(), FenError> {
        let rules = self.rules();
        let Some(royal) = rules
            .pieces
            .iter()
            .position(|p| p.royal)
            .map(PieceType::new)
        else {
            return Ok(());
        };
        // More than one royal piece a seat is never playable (Fairy-Stockfish
        // refuses it too). Without checks a seat may have lost its king; with
        // pseudo-royal pieces it may go without one (maharajah), and so may
        // a seat whose game extinction decides (horde's White). A king still
        // in hand (placement) is yet to come.
        let fewest = u16::from(
            rules.checking && rules.pseudo_royal.is_none() && rules.ends.extinction.is_none(),
        );
        for seat in self.active_seats() {
            let kings = self.count(seat, royal);
            let in_hand = u16::from(self.in_hand(seat, royal));
            if kings > 1 || kings + in_hand < fewest {
                return Err(error(
                    format!(
                        "{} has {kings} royal pieces (`{}`); a position needs {}",
                        rules.seats[seat].name,
                        rules.pieces[royal].letter,
                        if kings > 1 { "at most one" } else { "one" }
                    ),
                    0,
                    board_end,
                ));
            }
        }
        let them = self.to_move().next(rules.seats.len());
        if rules.checking && rules.seats.len() == 2 && self.in_check(them) {
            return Err(error(
                format!(
                    "{} is in check but not to move: the position cannot arise",
                    rules.seats[them].name
                ),
                0,
                board_end,
            ));
        }
        Ok(())
    }

    /// The position as a Fairy-Stockfish FEN.
    pub fn fen(&self) -> String {
        let rules = self.rules();
        let mut out = String::new();
        for r in (0..rules.ranks).rev() {
            let mut empty = 0;
            for f in 0..rules.files {
                let p = self.piece_at(rules.square(f, r));
                if p.is_none() {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                if p.is_wall() {
                    out.push('*');
                    continue;
                }
                if p.promoted() {
                    out.push('+');
                }
                let letter = rules.pieces[p.unpromoted_kind()].letter;
                out.push(if p.seat() == Seat::FIRST {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                });
                if p.from_pawn() && !p.promoted() && self.marks_promoted() {
                    out.push('~');
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if r > 0 {
                out.push('/');
            }
        }
        // As in Fairy-Stockfish, drops that need no hand show no pocket.
        let free = rules.hand.as_ref().is_some_and(|h| h.free);
        if !free && (self.style.pocket || rules.hand.as_ref().is_some_and(|h| h.drops)) {
            out.push('[');
            out.push_str(&self.pocket());
            out.push(']');
        }
        out.push(' ');
        out.push(if self.to_move() == Seat::FIRST {
            'w'
        } else {
            'b'
        });
        out.push(' ');
        out.push_str(&self.castling_field());
        out.push(' ');
        // Fairy-Stockfish writes the squares in board order (a1 first).
        let mut listed = [NO_SQ; 3];
        let mut n = 0;
        for ep in self.en_passant() {
            let landing = ep.shows_landing.then_some(ep.victim);
            for s in ep
                .squares
                .iter()
                .copied()
                .filter(|s| *s != NO_SQ)
                .chain(landing)
            {
                if n < listed.len() {
                    listed[n] = s;
                    n += 1;
                }
            }
        }
        listed[..n].sort_unstable();
        let counting = self.counting();
        if let Some((_, limit)) = counting {
            // A running count is written in the en-passant field's place.
            out.push_str(&limit.to_string());
        } else {
            for s in &listed[..n] {
                out.push_str(&rules.square_name(*s));
            }
            if n == 0 {
                out.push('-');
            }
        }
        if rules.ends.check_counting {
            let [a, b, ..] = self.checks_remaining();
            out.push_str(&format!(" {a}+{b}"));
        }
        let halfmove = counting.map_or(self.halfmove(), |(ply, _)| ply);
        out.push_str(&format!(" {halfmove} {}", self.fullmove()));
        out
    }

    /// The pieces in hand as a FEN's pocket lists them: White's in upper
    /// case, then Black's, each in Fairy-Stockfish's order of piece types.
    pub fn pocket(&self) -> String {
        let rules = self.rules();
        let mut out = String::new();
        let Some(hand) = &rules.hand else {
            return out;
        };
        for seat in Seat::all(rules.seats.len()) {
            for &kind in &hand.fen_order {
                let letter = rules.pieces[kind].letter;
                let letter = if seat == Seat::FIRST {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                };
                for _ in 0..self.in_hand(seat, kind) {
                    out.push(letter);
                }
            }
        }
        out
    }

    /// Whether the FEN marks pieces promoted from pawns with `~`: where
    /// they go back to a hand as pawns (this board's, or the partner's on a
    /// second board), as Fairy-Stockfish writes it.
    fn marks_promoted(&self) -> bool {
        self.rules()
            .hand
            .as_ref()
            .is_some_and(|h| h.captures_to_hand && !h.drop_loop || h.two_boards)
    }

    fn castling_field(&self) -> String {
        let rules = self.rules();
        let mut out = String::new();
        for seat in Seat::all(2) {
            let mut letters = String::new();
            for wing in 0..2 {
                for right in self.castling().filter(|r| r.seat == seat && r.wing == wing) {
                    // Chess960 writes every right by its rook's file
                    // (Shredder-FEN), as Fairy-Stockfish does.
                    let outermost =
                        !rules.chess960 && self.outermost_rook(seat, wing) == Some(right.rook);
                    letters.push(if outermost {
                        if wing == 0 { 'k' } else { 'q' }
                    } else {
                        (b'a' + rules.file_of(right.rook)) as char
                    });
                }
            }
            if rules.gating && gates_active(self, seat) {
                letters.push_str(&self.gate_letters(seat));
            }
            if seat == Seat::FIRST {
                letters.make_ascii_uppercase();
            }
            out.push_str(&letters);
        }
        // Fairy-Stockfish writes no `-` while gates remain that it does not
        // write (a side whose hand emptied has not moved since).
        if out.is_empty() && !(rules.gating && self.has_gates()) {
            "-".into()
        } else {
            out
        }
    }

    /// The files of a seat's gates that its castling letters do not
    /// already name (the king's file with any right but Chess960's, a
    /// right's rook file), in file order, as Fairy-Stockfish writes them.
    fn gate_letters(&self, seat: Seat) -> String {
        let rules = self.rules();
        let rights: Vec<&CastlingRight> = self.castling().filter(|r| r.seat == seat).collect();
        let mut files: Vec<u8> = self
            .gates(seat)
            .iter()
            .map(|sq| rules.file_of(sq))
            .filter(|&f| {
                !rights.iter().any(|r| {
                    (!rules.chess960 && rules.file_of(r.king) == f) || rules.file_of(r.rook) == f
                })
            })
            .collect();
        files.sort_unstable();
        files.dedup();
        files.iter().map(|&f| (b'a' + f) as char).collect()
    }

    /// The square a castling letter names on a seat's castling rank, as
    /// Fairy-Stockfish finds it: a file letter its file; `k` (`q`) the
    /// first castling rook from the variant's king-side (queen-side) rook
    /// file inward, else the board's edge.
    fn castling_letter_square(&self, seat: Seat, letter: char) -> Option<Sq> {
        let rules = self.rules();
        let rank = *rules.castling_rank.get(seat.index())?;
        let last = rules.files - 1;
        let is_rook = |f: u8| {
            let p = self.piece_at(rules.square(f, rank));
            p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling_pieces.1)
        };
        let (king_side_file, queen_side_file) = rules.castling_rook_files;
        let file = match letter {
            'k' => (0..=king_side_file.min(last))
                .rev()
                .find(|&f| is_rook(f))
                .unwrap_or(0),
            'q' => (queen_side_file.min(last)..=last)
                .find(|&f| is_rook(f))
                .unwrap_or(last),
            f => f as u8 - b'a',
        };
        Some(rules.square(file, rank))
    }

    /// The castling king of a seat on its castling rank.
    fn castling_king(&self, seat: Seat) -> Option<Sq> {
        let rules = self.rules();
        let rank = *rules.castling_rank.get(seat.index())?;
        let kings: Vec<Sq> = (0..rules.files)
            .map(|f| rules.square(f, rank))
            .filter(|s| {
                let p = self.piece_at(*s);
                p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling_pieces.0)
            })
            .collect();
        kings
            .iter()
            .find(|s| rules.file_of(**s) == rules.castling_king_file)
            .or(kings.first())
            .copied()
    }

    /// The outermost castling rook of a seat on a wing.
    fn outermost_rook(&self, seat: Seat, wing: usize) -> Option<Sq> {
        let rules = self.rules();
        let king = self.castling_king(seat)?;
        let rank = rules.rank_of(king);
        let is_rook = |s: Sq| {
            let p = self.piece_at(s);
            p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling_pieces.1)
        };
        let kf = rules.file_of(king);
        // Scan inward from the rook file the variant names (the corner by default).
        let (king_side_file, queen_side_file) = rules.castling_rook_files;
        if wing == 0 {
            let outer = king_side_file.min(rules.files - 1);
            (kf + 1..=outer)
                .rev()
                .map(|f| rules.square(f, rank))
                .find(|s| is_rook(*s))
        } else {
            (queen_side_file..kf)
                .map(|f| rules.square(f, rank))
                .find(|s| is_rook(*s))
        }
    }
}

fn read_castling(
    pos: &mut Position<impl RuleHandle>,
    field: &str,
    at: usize,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let handle = pos.shared_rules().clone();
    let rules: &RuleTable = &handle;
    if !rules.gating
        && rules
            .castling
            .iter()
            .all(|wings| wings.iter().all(Option::is_none))
    {
        // Castling is off: Fairy-Stockfish ignores the field and writes `-`.
        return Ok(());
    }
    for (i, c) in field.char_indices() {
        let seat = Seat::new(usize::from(c.is_ascii_lowercase()));
        let bad = || {
            error(
                format!("`{c}` is not a castling right of this position"),
                at + i,
                at + i + c.len_utf8(),
            )
        };
        let lower = c.to_ascii_lowercase();
        let named_file = (lower.is_ascii_lowercase() && (lower as u8 - b'a') < rules.files)
            .then(|| lower as u8 - b'a');
        if !matches!(lower, 'k' | 'q') && named_file.is_none() {
            return Err(bad());
        }
        if rules.gating {
            // Gates open only on the seat's own pieces; a file letter names
            // a gate and, where the seat has no pieces to gate, a Chess960
            // castling right.
            let gate = pos.castling_letter_square(seat, lower);
            if let Some(sq) = gate.filter(|&sq| {
                let p = pos.piece_at(sq);
                p.is_some() && !p.is_wall() && p.seat() == seat
            }) {
                pos.open_gate(sq);
            }
            match pos.castling_king(seat) {
                Some(king) if matches!(lower, 'k' | 'q') => pos.open_gate(king),
                _ if gates_active(pos, seat) => continue,
                _ => {}
            }
        }
        let Some(king) = pos.castling_king(seat) else {
            // Fairy-Stockfish keeps rights without a king; ignore them.
            continue;
        };
        let (wing, rook) = match (lower, named_file) {
            ('k', _) => (0, pos.outermost_rook(seat, 0)),
            ('q', _) => (1, pos.outermost_rook(seat, 1)),
            (_, Some(file)) => {
                let sq = rules.square(file, rules.rank_of(king));
                (usize::from(file < rules.file_of(king)), Some(sq))
            }
            _ => return Err(bad()),
        };
        let rook = rook.filter(|&sq| {
            let p = pos.piece_at(sq);
            p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling_pieces.1)
        });
        if let Some(rook) = rook
            && rules.castling[seat][wing].is_some()
        {
            pos.add_castling_right(CastlingRight {
                seat,
                wing,
                king,
                rook,
            });
        }
    }
    if rules.gating {
        // A gated king without rights castles with every gated rook
        // (Chess960 gating variants), as Fairy-Stockfish reads it.
        for seat in Seat::all(2) {
            let gates = pos.gates(seat);
            let Some(king) = pos.castling_king(seat).filter(|k| gates.contains(*k)) else {
                continue;
            };
            if pos.castling().any(|r| r.seat == seat) || !gates_active(pos, seat) {
                continue;
            }
            for rook in gates.iter() {
                let p = pos.piece_at(rook);
                let wing = usize::from(rules.file_of(rook) < rules.file_of(king));
                if rook != king
                    && p.kind().is_in(rules.castling_pieces.1)
                    && rules.castling[seat][wing].is_some()
                {
                    pos.add_castling_right(CastlingRight {
                        seat,
                        wing,
                        king,
                        rook,
                    });
                }
            }
        }
    }
    Ok(())
}

/// Whether a seat's gates can still be used: it holds pieces in hand, or
/// captures may yet fill its hand. Fairy-Stockfish forgets the gates of a
/// seat whose hand is empty for good, and does not write them.
pub(crate) fn gates_active(pos: &Position<impl RuleHandle>, seat: Seat) -> bool {
    match &pos.rules().hand {
        Some(hand) if hand.gating => hand.captures_to_hand || pos.has_hand(seat),
        _ => true,
    }
}

fn read_en_passant(
    pos: &mut Position<impl RuleHandle>,
    field: &str,
    at: usize,
) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let rules = pos.rules();
    // Up to two passed squares, and possibly the pushed piece's square.
    let mut listed = [NO_SQ; 3];
    let mut n = 0;
    let mut rest = field;
    let mut offset = at;
    while !rest.is_empty() {
        // A square name: one letter (of any width, to report it), then digits.
        let first = rest.chars().next().map_or(0, char::len_utf8);
        let digits_end = rest[first..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(rest.len(), |i| i + first);
        let name = &rest[..digits_end];
        let sq = crate::board::Square::parse(name)
            .filter(|s| s.file < rules.files && s.rank < rules.ranks)
            .ok_or_else(|| {
                error(
                    format!("`{name}` is not an en-passant square"),
                    offset,
                    offset + name.len(),
                )
            })?;
        if n == listed.len() {
            return Err(error(
                format!("`{field}` names more than three en-passant squares"),
                at,
                at + field.len(),
            ));
        }
        let sq = rules.square(sq.file, sq.rank);
        if listed[..n].contains(&sq) {
            return Err(error(
                format!("`{field}` names `{name}` twice"),
                at,
                at + field.len(),
            ));
        }
        listed[n] = sq;
        n += 1;
        offset += name.len();
        rest = &rest[digits_end..];
    }
    // Fairy-Stockfish lists the passed squares, and for custom pieces also
    // the square the pushed piece stands on; otherwise it stands one step
    // beyond the last passed square.
    let pusher = pos.to_move().previous(rules.seats.len());
    // A FEN lists them in board order; the pusher passed them in its
    // forward order, whatever order the field names them in (squares level
    // with each other in board order, so that any order reads the same).
    let (df, dr) = rules.seats[pusher].forward.apply(crate::betza::Offset {
        forward: 1,
        right: 0,
    });
    listed[..n].sort_by_key(|&s| {
        (
            rules.file_of(s) as i32 * df + rules.rank_of(s) as i32 * dr,
            s,
        )
    });
    let pushed = listed[..n].iter().position(|&s| {
        let p = pos.piece_at(s);
        p.is_some() && !p.is_wall() && p.seat() == pusher
    });
    if let (true, Some(i)) = (n > 1, pushed) {
        let victim = listed[i];
        let mut squares = [NO_SQ; 2];
        for (slot, s) in squares
            .iter_mut()
            .zip(listed[..n].iter().filter(|&&s| s != victim))
        {
            *slot = *s;
        }
        pos.set_en_passant(EnPassant {
            squares,
            victim,
            pusher,
            shows_landing: true,
        });
        return Ok(());
    }
    let last = listed[n - 1];
    let squares = [listed[0], listed[1]];
    if n == 3 {
        return Err(error(
            format!("`{field}` names more than two en-passant squares before the pushed piece"),
            at,
            at + field.len(),
        ));
    }
    let (vf, vr) = (
        rules.file_of(last) as i32 + df,
        rules.rank_of(last) as i32 + dr,
    );
    if vf < 0 || vr < 0 || vf >= rules.files as i32 || vr >= rules.ranks as i32 {
        return Err(error(
            format!("`{field}` cannot be an en-passant square"),
            at,
            at + field.len(),
        ));
    }
    let mut victim = rules.square(vf as u8, vr as u8);
    // After a triple step whose second passed square no enemy piece could
    // take on, only the first is written: the pushed piece stands one
    // step further.
    let (wf, wr) = (vf + df, vr + dr);
    let owned = |s: Sq| {
        let p = pos.piece_at(s);
        p.is_some() && !p.is_wall() && p.seat() == pusher
    };
    if n == 1
        && pos.piece_at(victim).is_none()
        && (0..rules.files as i32).contains(&wf)
        && (0..rules.ranks as i32).contains(&wr)
        && owned(rules.square(wf as u8, wr as u8))
    {
        victim = rules.square(wf as u8, wr as u8);
    }
    pos.set_en_passant(EnPassant {
        squares,
        victim,
        pusher,
        shows_landing: false,
    });
    Ok(())
}

/// Fairy-Stockfish's UCI notation for a move of `pos`: `e2e4`, `e7e8q`,
/// `e1g1` (castling as the king's move, or as the king taking its rook when
/// the king could also step to its castling square as an ordinary move),
/// `a1b2+` / `a1b2-` (piece promotion and demotion), `b1c3h` (gating; a
/// castling gating on the rook's square as the rook's move, `h1e1h`).
pub fn uci(pos: &Position<impl RuleHandle>, mv: &Move) -> String {
    uci_text(pos.rules(), mv, castling_names_rook(pos, mv))
}

/// Whether Fairy-Stockfish names a move of `pos` by the rook's square:
/// every castling in a Chess960 variant, else a castling whose king could
/// also step to its destination as an ordinary move.
pub fn castling_names_rook(pos: &Position<impl RuleHandle>, mv: &Move) -> bool {
    matches!(mv.unwalled(), Move::Castle { king, to, .. } if pos.rules().chess960 || pos.steps_to(king, to))
}

/// The UCI text of a move, given whether a castling is named by its rook's
/// square ([`castling_names_rook`]).
pub fn uci_text(rules: &RuleTable, mv: &Move, names_rook: bool) -> String {
    // A wall follows its move as Fairy-Stockfish writes it: a comma, the
    // square the move named last and the wall's square (`d1a1,a1b1`).
    if let Some(wall) = mv.wall() {
        let base = mv.unwalled();
        let landed = match base {
            Move::Castle { rook, .. } if names_rook => rook,
            _ => base.to(),
        };
        return format!(
            "{},{}{}",
            uci_text(rules, &base, names_rook),
            rules.square_name(landed),
            rules.square_name(wall)
        );
    }
    let (from, to) = match *mv {
        // A castling that gates on the rook's square is written as the rook
        // moving to the king's square, as Fairy-Stockfish writes it.
        Move::Castle {
            king,
            rook,
            gate: Some(CastleGate { on_rook: true, .. }),
            ..
        } => (Some(rook), king),
        Move::Castle { king, rook, .. } if names_rook => (Some(king), rook),
        _ => (mv.from(), mv.to()),
    };
    let Some(from) = from else {
        return drop_text(rules, mv);
    };
    let mut s = format!("{}{}", rules.square_name(from), rules.square_name(to));
    // With `wallOrMove`, Fairy-Stockfish writes a move of a piece with the
    // wall suffix of its empty wall field, the first square (`a2a3,a3a1`).
    let idle_wall = rules.wall_or_move() && !matches!(mv, Move::Pass { .. } | Move::Walled { .. });
    let idle_wall =
        idle_wall.then(|| format!(",{}{}", rules.square_name(to), rules.square_name(0)));
    match *mv {
        Move::Promotion { piece, .. } => s.push(rules.pieces[piece].letter),
        Move::PiecePromotion { .. } => s.push('+'),
        Move::PieceDemotion { .. } => s.push('-'),
        _ => {}
    }
    // A gating move adds the gated piece's letter (`b1c3h`, `e1g1e`).
    if let Some((piece, _)) = mv.gate() {
        s.push(rules.pieces[piece].letter.to_ascii_lowercase());
    }
    s.extend(idle_wall);
    s
}

/// A drop in Fairy-Stockfish's UCI notation: the piece's letter in upper
/// case, `@` and the square (`P@e4`); a promoted drop as `+` and the
/// unpromoted letter (`+P@e4`).
fn drop_text(rules: &RuleTable, mv: &Move) -> String {
    let Move::Drop { piece, placed, to } = *mv else {
        return String::new();
    };
    let letter = rules.pieces[piece].letter.to_ascii_uppercase();
    let square = rules.square_name(to);
    if placed == piece {
        format!("{letter}@{square}")
    } else {
        format!("+{letter}@{square}")
    }
}

/// Finds the legal move with the given UCI notation; text that is not of
/// UCI's form (`e2e4`, `e7e8q`, `a1b2+`) is a [`MoveError::Notation`].
pub fn parse_uci(pos: &mut Position<impl RuleHandle>, text: &str) -> Result<Move, MoveError> {
    check_uci_form(text, pos.rules()).map_err(MoveError::Notation)?;
    let mut list = MoveList::default();
    pos.legal_moves(&mut list);
    // With `wallOrMove`, a move of a piece is also read without the
    // meaningless wall suffix Fairy-Stockfish writes (`a2a3` for
    // `a2a3,a3a1`).
    let idle_wall = pos.rules().wall_or_move();
    list.as_slice()
        .iter()
        .copied()
        .find(|m| {
            let name = uci(pos, m);
            name == text || idle_wall && m.wall().is_none() && name.split(',').next() == Some(text)
        })
        .ok_or(MoveError::Illegal)
}

/// Checks that `text` starts with two squares of the board (of the move
/// `whole`); returns what follows them.
fn check_two_squares<'a>(text: &'a str, whole: &str, rules: &RuleTable) -> Result<&'a str, String> {
    let mut rest = text;
    for _ in 0..2 {
        let digits = rest
            .char_indices()
            .skip(1)
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(rest.len(), |(i, _)| i);
        let name = &rest[..digits];
        let square = crate::board::Square::parse(name)
            .filter(|_| name.starts_with(|c: char| c.is_ascii_lowercase()))
            .ok_or_else(|| format!("`{whole}` does not start with two squares"))?;
        if square.file >= rules.files || square.rank >= rules.ranks {
            return Err(format!("`{name}` is not on the board"));
        }
        rest = &rest[digits..];
    }
    Ok(rest)
}

/// Checks that `text` is two board squares and at most one promotion
/// letter, `+` or `-`.
fn check_uci_form(text: &str, rules: &RuleTable) -> Result<(), String> {
    let expected =
        "write a move as two squares and an optional promotion: `e2e4`, `e7e8q`, `a1b2+`";
    let text = match (text.split_once(','), rules.walling.is_some()) {
        (Some((play, wall)), true) => {
            let wall_form =
                "write a wall after a comma as the move's last square and the wall's: `d1a1,a1b1`";
            let after =
                check_two_squares(wall, wall, rules).map_err(|e| format!("{e}; {wall_form}"))?;
            if !after.is_empty() {
                return Err(format!("`{after}` after the wall's squares; {wall_form}"));
            }
            play
        }
        (Some(_), false) => {
            return Err(format!("`{text}` names a wall; this variant has none"));
        }
        (None, true) if !text.contains('@') && !rules.wall_or_move() => {
            return Err(format!(
                "`{text}` names no wall; in this variant a move also puts one: `d1a1,a1b1`"
            ));
        }
        (None, _) => text,
    };
    if let Some((piece, square)) = text.split_once('@') {
        if !rules.hand.as_ref().is_some_and(|h| h.drops) {
            return Err(format!(
                "`{text}` is a drop; this variant has no pieces in hand"
            ));
        }
        let letter = piece.strip_prefix('+').unwrap_or(piece);
        let mut letters = letter.chars();
        let (Some(l), None) = (letters.next(), letters.next()) else {
            return Err(format!(
                "`{text}` is not a drop; write a drop as a piece letter, `@` and a square: `P@e4`"
            ));
        };
        if rules.piece_by_letter(l.to_ascii_lowercase()).is_none() {
            return Err(format!("`{l}` is not a piece of `{}`", rules.name));
        }
        let on_board = crate::board::Square::parse(square)
            .is_some_and(|s| s.file < rules.files && s.rank < rules.ranks);
        if !on_board {
            return Err(format!("`{square}` is not a square of the board"));
        }
        return Ok(());
    }
    let rest = check_two_squares(text, text, rules).map_err(|e| format!("{e}; {expected}"))?;
    match rest {
        "" | "+" | "-" => Ok(()),
        s if s.len() == 1 && s.chars().all(|c| c.is_ascii_lowercase()) => Ok(()),
        _ => Err(format!(
            "`{rest}` after the squares is not a promotion; {expected}"
        )),
    }
}
