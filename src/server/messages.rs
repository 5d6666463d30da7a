//! What browsers and the server say to each other over a room's websocket,
//! as JSON objects tagged by `type`. A client sends [`ClientMessage`]s; the
//! server answers with the whole room as this client may see it
//! ([`RoomView`], after every change) or an [`ServerMessage::Error`] that
//! changed nothing.

use serde::{Deserialize, Serialize};

/// A request from a browser in a room.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Take a free seat.
    Sit {
        /// The seat, in turn order from 0.
        seat: usize,
    },
    /// Give a seat back before the game starts.
    Stand {
        /// The seat.
        seat: usize,
    },
    /// The host seats a bot (level 0: a random mover).
    SeatBot {
        /// The seat.
        seat: usize,
        /// Its level.
        level: u8,
    },
    /// Reserve a bot's seat, to play it from the next game.
    Reserve {
        /// The seat.
        seat: usize,
    },
    /// The host removes a bot after the result.
    RemoveBot {
        /// The seat.
        seat: usize,
    },
    /// Play a move of the seat to move, in the variant's notation.
    Move {
        /// The move (`e2e4`, `h2-h4`).
        text: String,
    },
    /// Offer a draw.
    Offer,
    /// Accept the open draw offer.
    Accept,
    /// Decline it.
    Decline,
    /// Claim a draw, now or with the move that produces the position.
    Claim {
        /// The move, if the claim names one.
        #[serde(default)]
        text: Option<String>,
    },
    /// Claim the win by a points lead.
    ClaimWin,
    /// Resign.
    Resign,
    /// The host pauses the game.
    Pause,
    /// The host resumes it.
    Resume,
    /// The host starts the next game after the result.
    NewGame,
}

/// A message from the server.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The room now.
    State(Box<RoomView>),
    /// A request was refused; nothing changed.
    Error {
        /// Why, in a sentence.
        message: String,
    },
}

/// A square: file and rank from 0.
pub type Coord = [u8; 2];

/// The room as one client may see it.
#[derive(Clone, Debug, Serialize)]
pub struct RoomView {
    /// The room's id.
    pub room: String,
    /// The variant's name.
    pub variant: String,
    /// The time control (`5+3`), if any.
    pub clock: Option<String>,
    /// `seating` (waiting for players), `playing`, `over` or `closed`.
    pub phase: &'static str,
    /// The game's number in the room, from 1.
    pub number: u32,
    /// Files of the board.
    pub files: u8,
    /// Ranks of the board.
    pub ranks: u8,
    /// Squares cut out of the board.
    pub holes: Vec<Coord>,
    /// The seats, in turn order.
    pub seats: Vec<SeatView>,
    /// Who this client is.
    pub you: YouView,
    /// The variant's piece types.
    pub kinds: Vec<KindView>,
    /// Every piece and wall on the board.
    pub pieces: Vec<PieceView>,
    /// Per seat, the pieces in hand (empty where the variant has no hands).
    pub hands: Vec<Vec<HandView>>,
    /// The seat to move, while the game runs.
    pub to_move: Option<usize>,
    /// The last move's squares.
    pub last: Option<[Coord; 2]>,
    /// The squares of royal pieces in check.
    pub checks: Vec<Coord>,
    /// The moves played: in SAN for two players (as PGN writes them), in
    /// the four-player notation for more.
    pub moves: Vec<String>,
    /// This client's legal moves, when one of its seats is to move.
    pub legal: Vec<LegalView>,
    /// Why the game is paused (`host`, `empty`), if it is.
    pub paused: Option<&'static str>,
    /// The result in words, once the game is over.
    pub result: Option<String>,
    /// The winners (seat indexes), once the game is over.
    pub winners: Vec<usize>,
    /// Seats that have yet to answer an open draw offer.
    pub draw_offer: Vec<usize>,
    /// What happened, oldest first (the last 100 lines).
    pub log: Vec<String>,
    /// Finished games of this room, downloadable at `/api/games/{id}`.
    pub games: Vec<String>,
}

/// One seat.
#[derive(Clone, Debug, Serialize)]
pub struct SeatView {
    /// Its name (`White`, `Red`).
    pub name: String,
    /// The way its pawns go (`north`, `east`, `south`, `west`): the board
    /// is turned so that a viewer's seat goes up.
    pub forward: &'static str,
    /// Its team.
    pub team: usize,
    /// `open`, `person` or `bot`.
    pub occupant: &'static str,
    /// The person's name, or the bot's description.
    pub player: Option<String>,
    /// The player's connection dropped.
    pub away: bool,
    /// The seat is out of the game.
    pub out: bool,
    /// Its points.
    pub score: i32,
    /// Its time left in milliseconds, with a clock.
    pub clock_ms: Option<u64>,
    /// Its clock is running.
    pub running: bool,
    /// Who reserved the bot's seat.
    pub reserved_by: Option<String>,
}

/// Who the client is.
#[derive(Clone, Debug, Serialize)]
pub struct YouView {
    /// The seats it holds.
    pub seats: Vec<usize>,
    /// It is the room's host.
    pub host: bool,
}

/// A piece type: its letter and the key that defines it, so that the
/// usual pieces are drawn with their usual figures.
#[derive(Clone, Debug, Serialize)]
pub struct KindView {
    /// Its letter, upper case.
    pub letter: char,
    /// Its key (`king`, `knight`, `customPiece1`).
    pub key: String,
}

/// A piece or wall.
#[derive(Clone, Debug, Serialize)]
pub struct PieceView {
    /// Its square.
    pub at: Coord,
    /// Its seat (none for a wall).
    pub seat: Option<usize>,
    /// Its letter, upper case (`*` for a wall).
    pub letter: char,
    /// It is a promoted piece.
    pub promoted: bool,
    /// It is dead (grey).
    pub dead: bool,
}

/// Pieces of one type in a seat's hand.
#[derive(Clone, Debug, Serialize)]
pub struct HandView {
    /// Their letter, upper case.
    pub letter: char,
    /// How many.
    pub count: u8,
}

/// A legal move.
#[derive(Clone, Debug, Serialize)]
pub struct LegalView {
    /// The square the piece leaves; `null` for a drop.
    pub from: Option<Coord>,
    /// For a drop, the letter of the piece taken from the hand.
    pub drop: Option<char>,
    /// The square it lands on (the king's, for castling).
    pub to: Coord,
    /// The move in the variant's notation (what [`ClientMessage::Move`] sends).
    pub text: String,
    /// The letter of the piece it becomes, for a promotion (and a drop of
    /// a promoted piece).
    pub promotion: Option<char>,
    /// For a gating move, the piece put from the hand and its square
    /// (`H@g1`).
    pub gate: Option<String>,
    /// For a walling move, the square of the wall it puts (`b1`).
    pub wall: Option<String>,
}
