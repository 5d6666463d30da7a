//! Immediate game ends name the rule and the seat, worked out by hand from
//! the rule text (Fairy-Stockfish's meaning of each key; RULES.md for seats).

use tetrarch::catalog::Catalog;
use tetrarch::position::ImmediateEnd;
use tetrarch::position::Position;
use tetrarch::rules::compile;
use tetrarch::seat::Seat;
use tetrarch::source::SourceFile;

const SECTIONS: &str = "\
[queenless:chess]
extinctionPieceTypes = q
extinctionValue = loss
[lines:chess]
connectN = 3
connectDiagonal = false
[racing:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
checking = false
";

fn end(variant: &str, fen: &str) -> Option<ImmediateEnd> {
    let mut catalog = Catalog::shipped();
    catalog.load(SourceFile::new("outcome.ini", SECTIONS));
    let def = catalog.checked(variant).expect("no errors");
    let rules = compile(def).expect("supported");
    Position::from_text(&rules, fen)
        .expect("a valid FEN")
        .immediate_end()
}

#[test]
fn extinction_names_the_seat_whose_pieces_are_gone() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(end("queenless", start), None);
    let black_queenless = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        end("queenless", black_queenless),
        Some(ImmediateEnd::Extinction { seat: Seat::new(1) })
    );
}

#[test]
fn connection_is_judged_for_the_seat_that_just_moved() {
    // Black (to move) sees White's three pawns on the third rank.
    let fen = "4k3/8/8/8/8/PPP5/8/4K3 b - - 0 1";
    assert_eq!(
        end("lines", fen),
        Some(ImmediateEnd::Connect { seat: Seat::FIRST })
    );
    // Three on a diagonal do not count with `connectDiagonal = false`.
    let diagonal = "4k3/8/8/8/2P5/1P6/P7/4K3 b - - 0 1";
    assert_eq!(end("lines", diagonal), None);
}

#[test]
fn a_king_on_its_flag_region_ends_the_game_for_its_seat() {
    // White's king reached rank 8; without `flagMove`, Black gets no answer.
    let fen = "K7/8/8/8/8/8/8/7k b - - 0 1";
    assert_eq!(
        end("racing", fen),
        Some(ImmediateEnd::Flag { seat: Seat::FIRST })
    );
}

#[test]
fn one_team_left_ends_a_four_player_game() {
    let catalog = Catalog::shipped();
    let def = catalog.checked("4pc-teams").expect("shipped");
    let rules = compile(def).expect("supported");
    let start = Position::from_text(&rules, def.start_fen()).expect("the start");
    assert_eq!(start.immediate_end(), None);
    // Blue and Green (the second team) eliminated: Red and Yellow are left.
    let fen4 = def.start_fen().replacen("R-0,0,0,0-", "R-0,1,0,1-", 1);
    let pos = Position::from_text(&rules, &fen4).expect("a valid FEN4");
    assert_eq!(
        pos.immediate_end(),
        Some(ImmediateEnd::LastTeam { team: 0 })
    );
}
