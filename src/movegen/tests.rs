//! The fast generator's and the exposure mask's shortcuts against moves
//! made and tested.

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::game::Game;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rng::SplitMix64;
use crate::rules::{BitTables, Bitboard, BoardBits, RuleTable, Sq, SqSet, compile};
use crate::source::SourceFile;

use super::JudgedLines;

/// Calls `visit` with the positions of `games` random games (up to
/// `plies` plies) of every shipped variant and every `variants.ini`
/// section of the corpus that tetrarch plays and whose rules are
/// `wanted`; returns how many variants `visit` said it used.
pub(super) fn visit_random_positions(
    (games, plies): (u64, usize),
    wanted: impl Fn(&RuleTable) -> bool,
    mut visit: impl FnMut(&Arc<RuleTable>, &mut Position) -> bool,
) -> usize {
    let mut catalog = Catalog::shipped();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/fsf/variants.ini");
    let text = std::fs::read_to_string(path).expect("the corpus's variants.ini");
    catalog.load(SourceFile::new("variants.ini", text));
    let mut variants = 0;
    for name in catalog.names() {
        let Ok(definition) = catalog.checked(name) else {
            continue;
        };
        let Ok(rules) = compile(definition) else {
            continue;
        };
        if !wanted(&rules) {
            continue;
        }
        let rules = Arc::new(rules);
        let mut used = false;
        for seed in 0..games {
            let Ok(mut game) = Game::new(rules.clone(), definition.start_fen(), seed) else {
                continue;
            };
            let mut rng = SplitMix64::new(seed);
            for _ in 0..plies {
                if game.result().is_some() || game.legal_moves().is_empty() {
                    break;
                }
                let mut pos = game.position().clone();
                used |= visit(&rules, &mut pos);
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len())])
                    .expect("a legal move");
            }
        }
        variants += usize::from(used);
    }
    variants
}

/// The side to move's royal and pseudo-royal pieces, and its first one.
fn lifted_pieces(pos: &Position) -> SqSet {
    let us = pos.to_move();
    let mut lifted = pos.pseudo_royals(us);
    for sq in pos
        .royal(us)
        .into_iter()
        .chain(pos.pieces_of(us).first().copied())
    {
        lifted.insert(sq);
    }
    lifted
}

/// Compares [`Position::step_dangers`] for the piece on `from` with
/// [`Position::attacked_by_enemy`] on every square, the piece lifted;
/// returns whether the map was given.
fn compare_dangers_with_attacks<B: Bitboard>(
    pos: &mut Position,
    bits: &BitTables<B>,
    from: Sq,
) -> bool {
    let Some(dangers) = pos.step_dangers(bits, B::ALL, from) else {
        return false;
    };
    let us = pos.to_move();
    let piece = pos.lift(from);
    for sq in 0..pos.rules().square_count() as Sq {
        assert_eq!(
            !(dangers & B::square(sq)).is_empty(),
            pos.attacked_by_enemy(sq, us),
            "{}: square {sq}, the piece on {from} lifted",
            pos.fen()
        );
    }
    pos.drop_back(from, piece);
    true
}

/// The squares the enemy attacks, mapped at once from the bitboard
/// tables ([`Position::step_dangers`]), are those each square's attack
/// lines give, with a royal, pseudo-royal or other piece of the side to
/// move lifted, in positions of random games.
#[test]
fn mapped_dangers_are_the_attacked_squares() {
    let mut mapped = 0;
    let variants = visit_random_positions(
        (2, 30),
        |_| true,
        |rules, pos| {
            let before = mapped;
            for from in lifted_pieces(pos).iter() {
                mapped += usize::from(match &rules.bits {
                    BoardBits::Narrow(bits) => compare_dangers_with_attacks(pos, bits, from),
                    BoardBits::Double(bits) => compare_dangers_with_attacks(pos, bits, from),
                    BoardBits::Wide(bits) => compare_dangers_with_attacks(pos, bits, from),
                });
            }
            mapped > before
        },
    );
    assert!(variants > 150, "{variants} variants mapped");
    assert!(mapped > 10_000, "{mapped} maps compared");
}

/// In check, where [`Position::check_lines`] applies, in positions of
/// random games of every variant: no pseudo-legal move that leaves and
/// enters no square of the checking lines is legal, made and tested;
/// and, where no compulsory capture, hand, gate, wall or pass adds to
/// the pseudo-legal moves or takes from them, the moves counted are
/// those made and tested legal.
#[test]
fn moves_touching_no_checking_line_leave_the_check_standing() {
    let (mut standing, mut counted) = (0, 0);
    let variants = visit_random_positions(
        (8, 80),
        |_| true,
        |rules, pos| {
            let us = pos.to_move();
            let Some(lines) = pos.check_lines(us) else {
                return false;
            };
            let mut list = MoveList::default();
            pos.pseudo_moves(&mut list);
            let mut legal = 0;
            for &m in list.as_slice() {
                let is_legal = pos.is_legal(m);
                legal += u64::from(is_legal);
                if pos.leaves_check_standing(&m, &lines) {
                    assert!(!is_legal, "{}: {m:?} is legal", pos.fen());
                    standing += 1;
                }
            }
            let plain_list = !rules.must_capture
                && rules.hand.is_none()
                && !rules.gating
                && rules.walling.is_none()
                && !rules.pass[us]
                && !rules.promotion.sittuyin
                && !rules.makpong
                && rules.cambodian.is_none();
            if plain_list && pos.immediate_end().is_none() {
                assert_eq!(pos.count_legal_moves(), legal, "{}", pos.fen());
                counted += 1;
            }
            true
        },
    );
    assert!(variants > 100, "{variants} variants in check");
    assert!(
        standing > 50_000,
        "{standing} moves leaving the check standing"
    );
    assert!(counted > 1_500, "{counted} positions counted");
}

/// In positions of random games (`games` of up to `plies` plies) of
/// the variants whose rules are `wanted`, where the exposure path
/// applies: every pseudo-legal move that `judged_by_destination` picks
/// (from its squares, the judged lines and the tested pieces) is
/// judged by its destination's safety ([`Position::royal_step_safe`])
/// as making it and testing the position judges it
/// ([`Position::is_legal`]). Returns how many variants had such a move
/// and how many moves were compared.
fn compare_destination_judgements(
    (games, plies): (u64, usize),
    wanted: impl Fn(&RuleTable) -> bool,
    judged_by_destination: impl Fn(&Position, Move, &JudgedLines, &SqSet) -> Option<(Sq, Sq)>,
) -> (usize, usize) {
    let mut compared = 0;
    let variants = visit_random_positions((games, plies), wanted, |rules, pos| {
        if !rules.fast.exposure_legality[pos.to_move()] || pos.bikjang() {
            return false;
        }
        let us = pos.to_move();
        let tested = pos.tested_pieces(us);
        let mut judged = JudgedLines::default();
        if !pos.judged_lines(us, &tested, &mut judged) {
            return false;
        }
        let mut moves = MoveList::default();
        pos.pseudo_moves(&mut moves);
        let before = compared;
        for &m in moves.as_slice() {
            if pos.always_tested(&m) {
                continue;
            }
            let Some((from, to)) = judged_by_destination(pos, m, &judged, &tested) else {
                continue;
            };
            let fen = pos.fen();
            assert_eq!(
                pos.royal_step_safe(from, to),
                pos.is_legal(m),
                "{fen}: {m:?}"
            );
            compared += 1;
        }
        compared > before
    });
    (variants, compared)
}

/// Where the exposure path judges a royal or pseudo-royal piece's step
/// by its destination's safety alone ([`Position::royal_step_unexposed`],
/// hoppers and lame leapers included), that safety is what making the
/// step and testing the position finds ([`Position::is_legal`]), in
/// positions of random games.
#[test]
fn royal_steps_judged_by_their_destination_are_those_made_and_tested() {
    let (variants, judged_steps) = compare_destination_judgements(
        (2, 30),
        |_| true,
        |pos, m, judged, tested| {
            let Move::Normal { from, to } = m else {
                return None;
            };
            pos.royal_step_unexposed(from, to, judged, tested)
                .then_some((from, to))
        },
    );
    assert!(variants > 30, "{variants} variants with steps judged");
    assert!(judged_steps > 5_000, "{judged_steps} steps compared");
}

/// Where a pseudo-royal piece's promotion or demotion keeps it (and
/// every other piece) as pseudo-royal as it was
/// ([`Position::stays_pseudo_royal`]) and enters and leaves no judged
/// square, its destination's safety is what making the move and
/// testing the position finds, in positions of random games (gethenian's
/// king and queen turn into each other at every move).
#[test]
fn pseudo_royal_turns_judged_by_their_destination_are_those_made_and_tested() {
    let (variants, judged_turns) = compare_destination_judgements(
        (6, 60),
        |rules| rules.royalty.pseudo.is_some(),
        |pos, m, judged, tested| {
            let (Move::PiecePromotion { from, to, piece }
            | Move::PieceDemotion { from, to, piece }) = m
            else {
                return None;
            };
            (pos.royal_step_unexposed(from, to, judged, tested)
                && !judged.entered(Some(piece)).contains(to)
                && pos.stays_pseudo_royal(from, piece))
            .then_some((from, to))
        },
    );
    assert!(variants >= 1, "{variants} variants with turns judged");
    assert!(judged_turns > 500, "{judged_turns} turns compared");
}
