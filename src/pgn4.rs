//! Games of four players written as PGN4, the format chess.com's
//! four-player chess exports and its readers (such as the `pgn4` crate)
//! take: tags (`[Variant]`, `[RuleVariants]`, `[StartFen4]`, a name per
//! seat as `[Red]`, `[Blue]`, `[Yellow]`, `[Green]` in turn order,
//! `[Result]`, `[Termination]`), then numbered rounds of up to four
//! quarter-turns separated by `..`.
//!
//! A move is written long, with piece letters (none for the pawn):
//! `h2-h3`, `Nj1-i3`, `Qg1xQn8` (a capture names the captured piece),
//! `d7-d8=Q`, `O-O` / `O-O-O`; then a `+` for every king it checks and a
//! `#` for every player it mates. A player leaving takes a quarter-turn of
//! its own: `R` resigned, `T` timed out, `S` stalemated; a walking king's
//! moves carry the letter of how its player left (`Ka4-b5R`).

use crate::game::{Event, GameResult, Outcome};
use crate::moves::Move;
use crate::piece::Piece;
use crate::rules::RuleTable;
use crate::rules::{Army, Ranking};
use crate::seat::{MAX_SEATS, Seat};

/// The tag names of the four seats, in turn order.
const SEAT_TAGS: [&str; 4] = ["Red", "Blue", "Yellow", "Green"];

/// Why a game cannot be written as PGN4.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Pgn4Error {
    /// PGN4 has exactly four seats.
    #[error("PGN4 records games of four players; {variant} has {seats}")]
    NotFourPlayers {
        /// The variant.
        variant: String,
        /// Its number of seats.
        seats: usize,
    },
}

/// One quarter-turn: a seat's move, or the letter of how it left.
struct Quarter {
    seat: Seat,
    text: String,
}

/// The PGN4 of a four-player game of `rules` started from the FEN4
/// `start`, from the game's events in the order they happened. `names`
/// are the players, by seat; `scores` each seat's points at the end.
pub fn pgn4(
    rules: &RuleTable,
    start: &str,
    events: &[Event],
    names: &[String],
    scores: &[i32],
) -> Result<String, Pgn4Error> {
    if rules.seats.len() != 4 {
        return Err(Pgn4Error::NotFourPlayers {
            variant: rules.name.clone(),
            seats: rules.seats.len(),
        });
    }
    let teams = {
        let mut seen: Vec<usize> = rules.seats.iter().map(|s| s.team).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() < rules.seats.len()
    };
    let result = events.iter().find_map(|e| match e {
        Event::GameOver(result) => Some(result),
        _ => None,
    });
    let mut out = String::new();
    let tag = |out: &mut String, name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    let variant = if teams {
        "Teams"
    } else if rules.adjudication.ranking == Ranking::PointsWinnerOnly {
        "Solo"
    } else {
        "FFA"
    };
    tag(&mut out, "Variant", variant);
    tag(&mut out, "RuleVariants", &rule_variants(rules).join(" "));
    tag(&mut out, "StartFen4", start);
    for (seat_tag, name) in SEAT_TAGS.iter().zip(names) {
        tag(&mut out, seat_tag, name);
    }
    tag(
        &mut out,
        "Result",
        &result_text(rules, teams, result, names, scores),
    );
    if let Some(result) = result {
        tag(&mut out, "Termination", result.rule.name());
    }
    tag(&mut out, "Site", "tetrarch");
    tag(&mut out, "TetrarchVariant", &rules.name);
    // chess.com leaves three empty lines before the moves.
    out += "\n\n\n";
    let quarters = quarters(rules, events);
    let mut round = 0;
    let mut last: Option<Seat> = None;
    for quarter in &quarters {
        if last.is_none_or(|l| quarter.seat.index() <= l.index()) {
            if last.is_some() {
                out.push('\n');
            }
            round += 1;
            out += &format!("{round}. {}", quarter.text);
        } else {
            out += &format!(" .. {}", quarter.text);
        }
        last = Some(quarter.seat);
    }
    out.push('\n');
    Ok(out)
}

/// chess.com's rule switches that this variant's rules match.
fn rule_variants(rules: &RuleTable) -> Vec<&'static str> {
    let mut list = Vec::new();
    if rules
        .pieces
        .iter()
        .any(|p| p.en_passant_capturer.iter().any(|&b| b))
    {
        list.push("EnPassant");
    }
    if rules.adjudication.resigned_army == Army::DeadKingWalks {
        list.push("DeadKingWalking");
    }
    list
}

/// The `[Result]` value: `1-0` (the first seat's team won), `0-1`, `Draw`
/// or `Aborted` in a team game; otherwise every seat's name and points
/// (`Red: 20 - Blue: 3 - …`; in a game without points, 1 for a winner);
/// `*` while the game goes on.
fn result_text(
    rules: &RuleTable,
    teams: bool,
    result: Option<&GameResult>,
    names: &[String],
    scores: &[i32],
) -> String {
    let Some(result) = result else {
        return "*".into();
    };
    match (&result.outcome, teams) {
        (Outcome::Aborted, _) => "Aborted".into(),
        (Outcome::Draw, true) => "Draw".into(),
        (Outcome::Win { winners }, true) => {
            let first_team = rules.seats[Seat::FIRST].team;
            if winners.iter().any(|&w| rules.seats[w].team == first_team) {
                "1-0".into()
            } else {
                "0-1".into()
            }
        }
        (outcome, false) => {
            let points = rules.adjudication.ranking != Ranking::Survival;
            Seat::all(4)
                .map(|seat| {
                    let value = if points {
                        scores[seat.index()]
                    } else {
                        i32::from(outcome.winners().contains(&seat))
                    };
                    format!("{}: {value}", names[seat.index()])
                })
                .collect::<Vec<_>>()
                .join(" - ")
        }
    }
}

/// The quarter-turns the events make.
fn quarters(rules: &RuleTable, events: &[Event]) -> Vec<Quarter> {
    let letter = |piece: Piece| {
        let kind = &rules.pieces[piece.kind()];
        if kind.key == "pawn" {
            String::new()
        } else {
            kind.letter.to_ascii_uppercase().to_string()
        }
    };
    let mut quarters: Vec<Quarter> = Vec::new();
    // How each seat left, once it has: its walking king's moves say so.
    let mut left: [Option<char>; MAX_SEATS] = [None; MAX_SEATS];
    // The move being written and what its events add to it.
    let mut captured: Option<Piece> = None;
    let mut pending: Option<(Seat, crate::notation::MoveText)> = None;
    let mut suffix = String::new();
    let flush = |quarters: &mut Vec<Quarter>,
                 pending: &mut Option<(Seat, crate::notation::MoveText)>,
                 captured: &mut Option<Piece>,
                 suffix: &mut String,
                 left: &[Option<char>; MAX_SEATS]| {
        let Some((seat, text)) = pending.take() else {
            return;
        };
        let mv = text.mv;
        let mut body = match mv {
            Move::Castle { wing: 0, .. } => "O-O".to_string(),
            Move::Castle { .. } => "O-O-O".to_string(),
            _ => {
                let mut body = letter(text.piece);
                body += &rules.square_name(mv.from());
                match captured.take() {
                    Some(victim) => {
                        body.push('x');
                        body += &letter(victim);
                    }
                    None => body.push('-'),
                }
                body += &rules.square_name(mv.to());
                if let Some(piece) = mv.promotion() {
                    body.push('=');
                    body.push(rules.pieces[piece].letter.to_ascii_uppercase());
                }
                body
            }
        };
        body += suffix;
        suffix.clear();
        *captured = None;
        if let Some(how) = left[seat.index()] {
            body.push(how);
        }
        quarters.push(Quarter { seat, text: body });
    };
    for event in events {
        match event {
            Event::Moved { seat, text } => {
                flush(
                    &mut quarters,
                    &mut pending,
                    &mut captured,
                    &mut suffix,
                    &left,
                );
                pending = Some((*seat, *text));
            }
            // The first piece taken is the one on the target square, or
            // the pawn taken en passant.
            Event::Capture { piece, .. } => {
                captured.get_or_insert(*piece);
            }
            Event::Check { seats } => {
                suffix.extend(seats.iter().map(|_| '+'));
            }
            Event::Checkmate { seat, .. } => {
                if pending.is_some() {
                    suffix.push('#');
                } else {
                    // A mate found with no move before it: a walking king
                    // mated as its player leaves (`R#`), or a seat mated
                    // at the start; the mark takes the mated seat's turn.
                    match quarters.last_mut() {
                        Some(last) if last.seat == *seat && last.text.len() == 1 => {
                            last.text.push('#')
                        }
                        _ => quarters.push(Quarter {
                            seat: *seat,
                            text: "#".into(),
                        }),
                    }
                }
            }
            Event::Stalemate { seat } => {
                flush(
                    &mut quarters,
                    &mut pending,
                    &mut captured,
                    &mut suffix,
                    &left,
                );
                quarters.push(Quarter {
                    seat: *seat,
                    text: "S".into(),
                });
            }
            Event::Resigned { seat } | Event::TimedOut { seat } => {
                flush(
                    &mut quarters,
                    &mut pending,
                    &mut captured,
                    &mut suffix,
                    &left,
                );
                let how = if matches!(event, Event::Resigned { .. }) {
                    'R'
                } else {
                    'T'
                };
                left[seat.index()] = Some(how);
                quarters.push(Quarter {
                    seat: *seat,
                    text: how.to_string(),
                });
            }
            _ => {}
        }
    }
    flush(
        &mut quarters,
        &mut pending,
        &mut captured,
        &mut suffix,
        &left,
    );
    quarters
}
