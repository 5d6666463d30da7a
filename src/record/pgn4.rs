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
//! `#` for every player it mates. A player leaving in its turn writes the
//! letter after its walking king's move in that turn (`Kh12-g13R`: resigned,
//! `Ke12-e13T`: timed out); otherwise the letter takes a quarter-turn of its
//! own, as does `S` (stalemated).

use crate::game::{Event, GameResult, Outcome};
use crate::moves::Move;
use crate::notation::MoveText;
use crate::notation::san::piece_letter;
use crate::piece::Piece;
use crate::record::pgn::tag;
use crate::rules::RuleTable;
use crate::rules::{Army, Ranking};
use crate::seat::Seat;

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

/// A four-player game to write.
pub struct GameRecord<'a> {
    /// The FEN4 it started from.
    pub start: &'a str,
    /// Its events, in the order they happened.
    pub events: &'a [Event],
    /// The players, by seat.
    pub names: &'a [String],
    /// Each seat's points at the end.
    pub scores: &'a [i32],
    /// When it started.
    pub started: time::OffsetDateTime,
}

/// The PGN4 of a four-player game of `rules`.
pub fn pgn4(rules: &RuleTable, game: &GameRecord) -> Result<String, Pgn4Error> {
    let GameRecord {
        start,
        events,
        names,
        scores,
        started,
    } = *game;
    if rules.seats.len() != 4 {
        return Err(Pgn4Error::NotFourPlayers {
            variant: rules.name.clone(),
            seats: rules.seats.len(),
        });
    }
    let result = events.iter().find_map(|e| match e {
        Event::GameOver(result) => Some(result),
        _ => None,
    });
    let mut out = String::new();
    tag(&mut out, "Variant", variant_tag(rules));
    tag(&mut out, "RuleVariants", &rule_variants(rules).join(" "));
    tag(&mut out, "StartFen4", start);
    for (seat_tag, name) in SEAT_TAGS.iter().zip(names) {
        tag(&mut out, seat_tag, name);
    }
    tag(
        &mut out,
        "Result",
        &result_tag(rules, result, names, scores),
    );
    if let Some(result) = result {
        tag(&mut out, "Termination", result.rule.name());
    }
    tag(&mut out, "Site", "tetrarch");
    tag(&mut out, "Date", &chess_com_date(started));
    let plies = events
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. }))
        .count();
    tag(&mut out, "CurrentMove", &plies.to_string());
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

/// A moment as chess.com's `[Date]` writes it: `Mon Apr 13 2026 21:09:32
/// GMT+0000 (Coordinated Universal Time)`.
fn chess_com_date(at: time::OffsetDateTime) -> String {
    let at = at.to_offset(time::UtcOffset::UTC);
    let weekday = at.weekday().to_string();
    let month = at.month().to_string();
    format!(
        "{} {} {:02} {} {:02}:{:02}:{:02} GMT+0000 (Coordinated Universal Time)",
        &weekday[..3],
        &month[..3],
        at.day(),
        at.year(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

/// Whether some seats play as a team.
fn has_teams(rules: &RuleTable) -> bool {
    let mut seen: Vec<usize> = rules.seats.iter().map(|s| s.team).collect();
    seen.sort_unstable();
    seen.dedup();
    seen.len() < rules.seats.len()
}

/// chess.com's name of the game the rules play: `Teams`, `Solo` (points,
/// only the winner counts) or `FFA`.
pub fn variant_tag(rules: &RuleTable) -> &'static str {
    if has_teams(rules) {
        "Teams"
    } else if rules.adjudication.ranking == Ranking::PointsWinnerOnly {
        "Solo"
    } else {
        "FFA"
    }
}

/// The `[Result]` value of a game of `rules` with these players (by
/// seat), as [`pgn4`] writes it.
pub fn result_tag(
    rules: &RuleTable,
    result: Option<&GameResult>,
    names: &[String],
    scores: &[i32],
) -> String {
    let Some(result) = result else {
        return "*".into();
    };
    match (&result.outcome, has_teams(rules)) {
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

/// chess.com's rule switches (`[RuleVariants]`) that this variant's rules
/// match.
fn rule_variants(rules: &RuleTable) -> Vec<String> {
    let mut list = Vec::new();
    if has_en_passant(rules) {
        list.push("EnPassant".to_string());
    }
    if rules.adjudication.resigned_army == Army::DeadKingWalks {
        list.push("DeadKingWalking".to_string());
    }
    if let [only] = promotion_letters(rules).as_slice() {
        list.push(format!("PromoteTo={}", only.to_ascii_uppercase()));
    }
    // chess.com lists its switches in alphabetical order.
    list.sort();
    list
}

fn has_en_passant(rules: &RuleTable) -> bool {
    rules
        .pieces
        .iter()
        .any(|p| p.en_passant_capturer.iter().any(|&b| b))
}

/// The letters of the pieces the first seat's pawns promote to.
fn promotion_letters(rules: &RuleTable) -> Vec<char> {
    rules
        .promotion
        .choices
        .first()
        .map(|types| types.iter().map(|&t| rules.pieces[t].letter).collect())
        .unwrap_or_default()
}

/// The variant keys that make `rules` play as a record's chess.com rule
/// switches (`[RuleVariants "EnPassant DeadKingWalking PromoteTo=D"]`) say:
/// none where they agree. A switch tetrarch does not play, or one that
/// would turn on a rule the variant lacks, is refused with its name.
pub fn switch_keys(rules: &RuleTable, switches: &str) -> Result<Vec<String>, String> {
    let tokens: Vec<&str> = switches.split_whitespace().collect();
    let mut keys = Vec::new();
    let mut promotion = None;
    for &token in &tokens {
        match token {
            // The players' names hidden: no rule of the board.
            "Anonymous" | "SemiAnonymous" | "EnPassant" | "DeadKingWalking" => {}
            _ => match token.strip_prefix("PromoteTo=") {
                Some(letter) if letter.len() == 1 => promotion = Some(letter.to_ascii_lowercase()),
                _ => {
                    return Err(format!(
                        "the record's RuleVariants name `{token}`, a chess.com rule that tetrarch does not play"
                    ));
                }
            },
        }
    }
    let named = |token: &str| tokens.contains(&token);
    match (named("EnPassant"), has_en_passant(rules)) {
        (true, false) => {
            return Err(format!(
                "the record's RuleVariants name `EnPassant`, which `{}` does not play",
                rules.name
            ));
        }
        (false, true) => keys.push("enPassantTypes =".to_string()),
        _ => {}
    }
    let walks = rules.adjudication.resigned_army == Army::DeadKingWalks;
    if !has_teams(rules) {
        match (named("DeadKingWalking"), walks) {
            (true, false) => keys.push("resignedArmy = deadKingWalks".to_string()),
            (false, true) => keys.push("resignedArmy = dead".to_string()),
            _ => {}
        }
    }
    let sorted = |letters: &mut Vec<char>| {
        letters.sort_unstable();
        letters.clone()
    };
    let wanted = promotion.unwrap_or_else(|| "qrbn".to_string());
    if sorted(&mut promotion_letters(rules)) != sorted(&mut wanted.chars().collect()) {
        keys.push(format!("promotionPieceTypes = {wanted}"));
    }
    Ok(keys)
}

/// The quarter-turns the events make.
fn quarters(rules: &RuleTable, events: &[Event]) -> Vec<Quarter> {
    let mut w = QuarterWriter {
        rules,
        quarters: Vec::new(),
        leaving: None,
        letter: None,
        pending: None,
        captured: None,
        suffix: String::new(),
        checked_before: Vec::new(),
        checked_now: Vec::new(),
    };
    for event in events {
        match event {
            Event::Moved { seat, text } => {
                w.flush();
                // A player that left in its turn: its walking king's move
                // in that turn carries the letter (`Kh12-g13R`).
                let letter = w.leaving.take().and_then(|(who, how)| {
                    if who == *seat {
                        Some(how)
                    } else {
                        w.quarters.push(Quarter {
                            seat: who,
                            text: how.to_string(),
                        });
                        None
                    }
                });
                w.pending = Some((*seat, *text));
                w.letter = letter;
                w.checked_before = std::mem::take(&mut w.checked_now);
                w.checked_before.retain(|s| s != seat);
            }
            // The first piece taken is the one on the target square, or
            // the pawn taken en passant.
            Event::Capture { piece, .. } => {
                w.captured.get_or_insert(*piece);
            }
            // A `+` for each king the move puts in check: one already in
            // check (its player has not moved since) is not the move's.
            Event::Check { seats } => {
                for seat in seats.iter() {
                    if !w.checked_before.contains(&seat) {
                        w.suffix.push('+');
                    }
                    w.checked_now.push(seat);
                }
            }
            Event::Checkmate { seat, .. } => {
                if w.pending.is_some() {
                    w.suffix.push('#');
                } else {
                    // A mate found with no move before it: a walking king
                    // mated as its player leaves (`R#`), or a seat mated
                    // at the start; the mark takes the mated seat's turn.
                    w.put_leaving();
                    match w.quarters.last_mut() {
                        Some(last) if last.seat == *seat && last.text.len() == 1 => {
                            last.text.push('#')
                        }
                        _ => w.quarters.push(Quarter {
                            seat: *seat,
                            text: "#".into(),
                        }),
                    }
                }
            }
            Event::Stalemate { seat } => {
                w.flush();
                w.put_leaving();
                w.quarters.push(Quarter {
                    seat: *seat,
                    text: "S".into(),
                });
            }
            Event::Resigned { seat } | Event::TimedOut { seat } => {
                w.flush();
                w.put_leaving();
                let how = if matches!(event, Event::Resigned { .. }) {
                    'R'
                } else {
                    'T'
                };
                w.leaving = Some((*seat, how));
            }
            _ => {}
        }
    }
    w.flush();
    w.put_leaving();
    w.quarters
}

/// The quarter-turns written so far and the move being written.
struct QuarterWriter<'a> {
    rules: &'a RuleTable,
    quarters: Vec<Quarter>,
    /// A seat that has just left, and how (`R`, `T`), until the next move
    /// says whether its walking king moved in that turn.
    leaving: Option<(Seat, char)>,
    /// The letter of how the pending move's player left in its turn.
    letter: Option<char>,
    /// The move being written: its seat and text.
    pending: Option<(Seat, MoveText)>,
    /// The piece it took.
    captured: Option<Piece>,
    /// Its `+` and `#` marks.
    suffix: String,
    /// The seats in check after the previous move, and after this one.
    checked_before: Vec<Seat>,
    checked_now: Vec<Seat>,
}

impl QuarterWriter<'_> {
    /// Writes the pending move as a quarter-turn.
    fn flush(&mut self) {
        let Some((seat, text)) = self.pending.take() else {
            return;
        };
        let rules = self.rules;
        let mv = text.mv;
        let mut body = match mv {
            Move::Castle { wing: 0, .. } => "O-O".to_string(),
            Move::Castle { .. } => "O-O-O".to_string(),
            Move::Drop { placed, to, .. } => format!(
                "{}@{}",
                rules.pieces[placed].letter.to_ascii_uppercase(),
                rules.square_name(to)
            ),
            _ => {
                let mut body: String = piece_letter(rules, text.piece.kind()).into_iter().collect();
                body += &rules.square_name(mv.from().unwrap_or(mv.to()));
                match self.captured.take() {
                    Some(victim) => {
                        body.push('x');
                        body.extend(piece_letter(rules, victim.kind()));
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
        body += &self.suffix;
        self.suffix.clear();
        self.captured = None;
        if let Some(how) = self.letter.take() {
            body.push(how);
        }
        self.quarters.push(Quarter { seat, text: body });
    }

    /// Writes a leaving that no move of its seat followed as a quarter-turn
    /// of its own (`R`, `T`).
    fn put_leaving(&mut self) {
        if let Some((seat, how)) = self.leaving.take() {
            self.quarters.push(Quarter {
                seat,
                text: how.to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_written_as_chess_com_writes_them() {
        // 2026-04-13 21:09:32 UTC, a Monday.
        let at = time::OffsetDateTime::from_unix_timestamp(1_776_114_572).expect("a moment");
        assert_eq!(
            super::chess_com_date(at),
            "Mon Apr 13 2026 21:09:32 GMT+0000 (Coordinated Universal Time)"
        );
    }
}
