//! [`Position::from_setup`], the one fallible conversion of a [`Setup`]
//! into a position, and its readings of castling and en-passant fields.

use crate::piece::Piece;
use crate::piece_type::PieceType;
use crate::position::{CastlingRight, EnPassant, NO_SQ, Position, RuleHandle};
use crate::rules::{RuleTable, Sq};
use crate::seat::MAX_SEATS;
use crate::seat::Seat;
use crate::setup::parse_fen4;
use crate::setup::{FenError, Setup, error, parse_fen};

pub(super) fn read_castling(
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
            .geometry
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
            p.is_some() && p.seat() == seat && p.kind().is_in(rules.castling.rook_types)
        });
        if let Some(rook) = rook
            && rules.castling.geometry[seat][wing].is_some()
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
                    && p.kind().is_in(rules.castling.rook_types)
                    && rules.castling.geometry[seat][wing].is_some()
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

pub(super) fn read_en_passant(
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

impl<R: RuleHandle> Position<R> {
    /// Reads a two-player Fairy-Stockfish FEN for a variant.
    pub fn from_fen(rules: R, fen: &str) -> Result<Position<R>, FenError> {
        let setup = parse_fen(fen.trim(), rules.counting.is_some())?;
        Position::from_setup(rules, &setup)
    }

    /// Turns what a FEN or FEN4 says into a position of the variant, or
    /// says why it cannot be one: pieces and squares the variant does not
    /// have, castling and en-passant fields it cannot read, and positions
    /// that cannot arise (`Position::validate`). The one conversion every
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
            // Where drops need no hand (`freeDrops`), the pocket is read and
            // dropped, as Fairy-Stockfish does: the FEN never shows one.
            if rules.hand.as_ref().is_some_and(|h| h.free) {
                continue;
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
                if let (true, Some(geometry)) = (allowed, rules.castling.geometry[seat][wing])
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
            rules.royalty.checking
                && rules.royalty.pseudo.is_none()
                && rules.ends.extinction.is_none(),
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
        if rules.royalty.checking && rules.seats.len() == 2 && self.in_check(them) {
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
}

/// Reads an extras block: `{'enPassant':('','c8:d8','','')}`.
pub(crate) fn read_extras(
    pos: &mut Position<impl RuleHandle>,
    extra: &str,
    at: usize,
) -> Result<(), FenError> {
    let handle = pos.shared_rules().clone();
    let rules: &RuleTable = &handle;
    let Some(list) = extra
        .strip_prefix("{'enPassant':(")
        .and_then(|r| r.strip_suffix(")}"))
    else {
        // Other extras (chess.com writes several) carry nothing the rules need.
        return Ok(());
    };
    for (seat, item) in list.split(',').enumerate() {
        let item = item.trim().trim_matches('\'');
        if item.is_empty() {
            continue;
        }
        let bad = || {
            error(
                format!("`{item}` in the en-passant extras is not `skipped:pawn`"),
                at,
                at + extra.len(),
            )
        };
        let (skipped, pawn) = item.split_once(':').ok_or_else(bad)?;
        let square = |name: &str| {
            crate::board::Square::parse(name)
                .filter(|s| s.file < rules.files && s.rank < rules.ranks)
                .map(|s| rules.square(s.file, s.rank))
        };
        let (Some(skipped), Some(pawn)) = (square(skipped), square(pawn)) else {
            return Err(bad());
        };
        if seat >= rules.seats.len() {
            return Err(bad());
        }
        pos.set_en_passant(EnPassant {
            squares: [skipped, NO_SQ],
            victim: pawn,
            pusher: Seat::new(seat),
            shows_landing: false,
        });
    }
    Ok(())
}

impl<R: RuleHandle> Position<R> {
    /// Reads a position in the variant's own form: a FEN4 for more than two
    /// seats, a Fairy-Stockfish FEN otherwise.
    pub fn from_text(rules: R, text: &str) -> Result<Position<R>, FenError> {
        if rules.seats.len() > 2 {
            Position::from_fen4(rules, text)
        } else {
            Position::from_fen(rules, text)
        }
    }

    /// Reads a FEN4 for a variant of more than two seats.
    pub fn from_fen4(rules: R, text: &str) -> Result<Position<R>, FenError> {
        let letters: Vec<char> = rules.seats.iter().map(|s| s.letter).collect();
        let setup = parse_fen4(text.trim(), &letters)?;
        Position::from_setup(rules, &setup)
    }
}
