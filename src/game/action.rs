//! What a player may do besides moving, and why a step can be refused.

/// The rule a draw claim invokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimRule {
    /// The position has occurred the claimable number of times.
    Repetition,
    /// Enough moves without capture or pawn move have been made.
    NMove,
}

/// An action a player takes instead of, or besides, a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The player gives up.
    Resign,
    /// The player's time ran out.
    Timeout,
    /// The player offers a draw (at most once per own turn).
    OfferDraw,
    /// The player accepts the open draw offer.
    AcceptDraw,
    /// The player declines the open draw offer.
    DeclineDraw,
    /// The player to move claims a draw; with a move, the claim is about
    /// the position that move would produce (if the claim does not hold,
    /// the move is played).
    ClaimDraw(ClaimRule, Option<crate::moves::Move>),
    /// The player to move claims the win by a points lead.
    ClaimWin,
}

/// Why a move or an action was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The move is not legal here.
    #[error("`{0}` is not a legal move")]
    Illegal(String),
    /// The text is not a move in the variant's notation.
    #[error("`{0}` is not a move: {1}")]
    Notation(String, String),
    /// Only the seat to move may do this.
    #[error("{0} is not the seat to move")]
    NotToMove(String),
    /// The seat is out of the game.
    #[error("{0} is out of the game")]
    Eliminated(String),
    /// `auto` is only for a walking king.
    #[error("only a resigned player's walking king moves by itself")]
    NotWalking,
    /// A king's move was given with an action that is not a leaving.
    #[error("only a resignation or a timeout comes with a king's move")]
    NotLeaving,
    /// The variant has no draw offers.
    #[error("this variant has no draw offers")]
    NoDrawOffers,
    /// A second offer in one turn.
    #[error("{0} has already offered a draw this turn")]
    OfferedThisTurn(String),
    /// No draw offer is open (or it is the seat's own).
    #[error("no draw offer is open to {0}")]
    NoOpenOffer(String),
    /// The claimed condition does not hold.
    #[error("the claim does not hold: {0}")]
    ClaimDoesNotHold(String),
}
