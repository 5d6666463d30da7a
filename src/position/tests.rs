//! The position's remembered answers and merged attack lines against
//! those found afresh.

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::game::Action;
use crate::game::Game;
use crate::moves::Move;
use crate::rng::SplitMix64;
use crate::rules::{RuleTable, compile};
use crate::seat::Seat;

use super::memo::untouched;
use super::{KingSafety, Position};

/// Checks, pins and attacked squares as the merged attack lines judge
/// them and as each enemy's own lines, walked in turn, judge them.
/// Returns how many comparisons were made.
fn compare_merged_with_seat_by_seat(pos: &Position) -> usize {
    let rules = pos.rules();
    let mut compared = 0;
    for seat in Seat::all(rules.seats.len()) {
        if let Some(king) = pos.royal(seat) {
            let (mut merged, mut walked) = (KingSafety::default(), KingSafety::default());
            pos.merged_king_safety(king, seat, &mut merged);
            pos.seat_by_seat_king_safety(king, seat, &mut walked);
            let fen = pos.fen();
            assert_eq!(
                merged.checkers, walked.checkers,
                "{fen}: checkers of {seat:?}"
            );
            assert_eq!(merged.answer_set(), walked.answer_set(), "{fen}: {seat:?}");
            assert_eq!(merged.pinned(), walked.pinned(), "{fen}: pins of {seat:?}");
            compared += 1;
        }
        let team = rules.seats[seat].team;
        for sq in 0..rules.square_count() as super::Sq {
            // Walking kings guard the squares around them, apart from
            // the attack lines.
            let seat_by_seat = Seat::all(rules.seats.len()).any(|s| {
                rules.seats[s].team != team && !pos.is_eliminated(s) && pos.attacked_by(sq, s)
            }) || rules.seats.len() > 2 && pos.guarded_by_walking_king(sq, seat);
            assert_eq!(
                pos.attacked_by_enemy(sq, seat),
                seat_by_seat,
                "{}: square {sq} against {seat:?}",
                pos.fen()
            );
            compared += 1;
        }
    }
    compared
}

/// With more than two seats, the merged attack lines (plain rides read
/// as bitboards, lines without an enemy piece passed by) agree with
/// each enemy's own lines in positions of random games of every
/// shipped variant, players resigning on the way (dead pieces, seats
/// out of play).
#[test]
fn merged_attack_lines_agree_with_each_enemys_own() {
    let catalog = Catalog::shipped();
    let mut variants = 0;
    let mut compared = 0;
    for name in catalog.names() {
        let definition = catalog.checked(name).expect("a shipped variant checks");
        let rules = Arc::new(compile(definition).expect("a shipped variant compiles"));
        if rules.seats.len() <= 2 {
            continue;
        }
        variants += 1;
        for seed in 0..6 {
            let mut game =
                Game::new(rules.clone(), definition.start_fen(), seed).expect("a valid start");
            let mut rng = SplitMix64::new(seed);
            for ply in 0..160 {
                compared += compare_merged_with_seat_by_seat(game.position());
                let Some(seat) = game.to_move() else { break };
                if game.result().is_some() || game.legal_moves().is_empty() {
                    break;
                }
                if game.position().is_eliminated(seat) {
                    game.play_auto().expect("a walking king moves");
                } else if ply % 50 == 49 {
                    game.act(Action::Resign, Some(seat)).expect("a resignation");
                } else {
                    let moves = game.legal_moves();
                    let mv = moves[rng.below(moves.len())];
                    game.play(mv).expect("a legal move");
                }
            }
        }
    }
    assert!(
        variants >= 6,
        "{variants} shipped variants of more than two seats"
    );
    assert!(compared > 100_000, "{compared} comparisons");
}

/// Plays `seeds` random games of `plies` plies at most of every shipped
/// variant, handing `visit` the variant's name and rule table, a copy
/// of each position before its move, and that position's legal moves.
fn visit_random_games(
    seeds: u64,
    plies: usize,
    mut visit: impl FnMut(&str, &RuleTable, &mut Position, &[Move]),
) {
    let catalog = Catalog::shipped();
    for name in catalog.names() {
        let definition = catalog.checked(name).expect("a shipped variant checks");
        let rules = Arc::new(compile(definition).expect("a shipped variant compiles"));
        for seed in 0..seeds {
            let mut game =
                Game::new(rules.clone(), definition.start_fen(), seed).expect("a valid start");
            let mut rng = SplitMix64::new(seed);
            for _ in 0..plies {
                if game.result().is_some() || game.legal_moves().is_empty() {
                    break;
                }
                let moves = game.legal_moves();
                let mut pos = game.position().clone();
                visit(name, &rules, &mut pos, moves);
                let mv = moves[rng.below(moves.len())];
                game.play(mv).expect("a legal move");
            }
        }
    }
}

/// The attacks remembered across the moves from one position
/// ([`Position::attacked_by_enemy_recalled`]) are those found afresh,
/// for every square, every seat, with or without its royal piece
/// lifted, after every move from the positions of random games of
/// every shipped variant.
#[test]
fn remembered_attacks_are_those_found_afresh() {
    let (mut compared, mut remembered, mut safeties) = (0, 0, 0);
    visit_random_games(2, 40, |_, rules, pos, moves| {
        // A seat and a lifted piece at a time, so that one move's
        // answers serve the next ones.
        for seat in Seat::all(rules.seats.len()) {
            for lifting in [false, true] {
                for &mv in moves {
                    pos.make(mv);
                    let lifted = pos.royal(seat).filter(|_| lifting);
                    let (n, r) = compare_recalled_with_afresh(pos, seat, lifted);
                    (compared, remembered) = (compared + n, remembered + r);
                    if !lifting {
                        safeties += compare_recalled_safety(pos, seat);
                    }
                    pos.unmake();
                }
            }
        }
    });
    assert!(compared > 1_000_000, "{compared} comparisons");
    assert!(
        remembered > compared / 4,
        "{remembered} of {compared} remembered"
    );
    assert!(safeties > 10_000, "{safeties} checks and pins remembered");
}

/// A double or triple step that [`Position::passes_unreached`] tells
/// leaves no target leaves none when its passed squares are found:
/// every such step of random games of every shipped variant.
#[test]
fn steps_told_unreached_leave_no_target() {
    let (mut told, mut targets) = (0, 0);
    visit_random_games(3, 60, |name, rules, pos, moves| {
        let us = pos.to_move();
        for &mv in moves {
            let Move::Normal { from, to } = mv else {
                continue;
            };
            let info = &rules.pieces[pos.piece_at(from).kind()];
            let Some(way) = rules.double_step_way(from, to) else {
                continue;
            };
            if !info.leaves_en_passant[us] || pos.piece_at(to).is_some() {
                continue;
            }
            pos.make(mv);
            let found = pos.double_step_targets(us, from, to);
            if pos.passes_unreached(rules, us, info, from, way) {
                assert!(found.is_none(), "{name}: {mv:?} to {}", pos.fen());
                told += 1;
            }
            targets += usize::from(found.is_some());
            pos.unmake();
        }
    });
    assert!(told > 10_000, "{told} steps told unreached");
    assert!(targets > 1_000, "{targets} steps left a target");
}

/// Compares [`Position::king_safety_recalled`] with
/// [`Position::king_safety`] for `seat`; returns 1 where the answer
/// was remembered.
fn compare_recalled_safety(pos: &mut Position, seat: Seat) -> usize {
    let remembered = pos.royal(seat).is_some_and(|king| {
        pos.usual_last_ply().is_some_and(|(node, from, to)| {
            let memo = &pos.safety_memo;
            memo.key == Position::<Arc<RuleTable>>::memo_key(node, seat, king)
                && untouched(&memo.squares, (from, to))
        })
    });
    let (recalled, afresh) = (pos.king_safety_recalled(seat), pos.king_safety(seat));
    let fen = pos.fen();
    assert_eq!(recalled.checkers, afresh.checkers, "{fen}: {seat:?}");
    assert_eq!(
        recalled.answer_set(),
        afresh.answer_set(),
        "{fen}: {seat:?}"
    );
    assert_eq!(recalled.pinned(), afresh.pinned(), "{fen}: {seat:?}");
    usize::from(remembered)
}

/// Compares [`Position::attacked_by_enemy_recalled`] with
/// [`Position::attacked_by_enemy`] on every square for `seat`, with
/// the piece on `lifted` taken off the board. Returns how many squares
/// were compared, and of them how many answers were remembered.
fn compare_recalled_with_afresh(
    pos: &mut Position,
    seat: Seat,
    lifted: Option<super::Sq>,
) -> (usize, usize) {
    let piece = lifted.map(|sq| (sq, pos.lift(sq)));
    let mut remembered = 0;
    let squares = pos.rules().square_count() as super::Sq;
    for sq in 0..squares {
        let held = pos.usual_last_ply().is_some_and(|(node, from, to)| {
            let memo = &pos.attack_memo[sq as usize];
            let key =
                Position::<Arc<RuleTable>>::memo_key(node, seat, lifted.unwrap_or(super::NO_SQ));
            memo.key == key && untouched(&memo.squares, (from, to))
        });
        remembered += usize::from(held);
        let afresh = pos.attacked_by_enemy(sq, seat);
        let recalled = pos.attacked_by_enemy_recalled(sq, seat, lifted.unwrap_or(super::NO_SQ));
        assert_eq!(recalled, afresh, "{}: square {sq}, {seat:?}", pos.fen());
    }
    if let Some((sq, piece)) = piece {
        pos.drop_back(sq, piece);
    }
    (usize::from(squares), remembered)
}
