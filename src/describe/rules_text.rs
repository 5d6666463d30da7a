//! The rules in sentences, topic by topic, from the compiled rule table.

use super::Topic;
use super::render::capitalised;
use crate::definition::value::GameValue;
use crate::piece_type::PieceType;
use crate::position::Position;
use crate::rules::move_words::{either, extra_moves_in_words, moves_in_words};
use crate::rules::{
    Army, CountingRule, Enclosing, MaterialCounting, PalaceLines, PseudoRoyalty, Ranking,
    RuleTable, Sq, SqSet, WallingRule,
};
use crate::seat::Seat;

/// A piece's moves in sentences for the first seat, from the playable
/// square nearest the board's middle, and the moves it has only from its
/// starting square in the start position.
pub(super) fn piece_words(rules: &RuleTable, start: &str, index: usize) -> (String, String) {
    let kind = PieceType::new(index);
    let seat = Seat::FIRST;
    let (cf, cr) = (i32::from(rules.files) / 2, i32::from(rules.ranks) / 2);
    let Some(middle) = (0..rules.square_count() as Sq)
        .filter(|&sq| rules.playable[sq as usize])
        .min_by_key(|&sq| {
            let (f, r) = (i32::from(rules.file_of(sq)), i32::from(rules.rank_of(sq)));
            ((f - cf).abs().max((r - cr).abs()), sq)
        })
    else {
        return Default::default();
    };
    let moves = moves_in_words(rules, seat, kind, middle);
    let home = Position::from_text(rules, start).ok().and_then(|pos| {
        pos.pieces_of(seat)
            .iter()
            .copied()
            .find(|&sq| pos.piece_at(sq).kind() == kind)
    });
    let initial = home
        .map(|home| extra_moves_in_words(rules, seat, kind, home, middle))
        .unwrap_or_default();
    (moves, initial)
}

/// The rule topics: turn order, promotion, castling, en passant, how the
/// game is won and lost, draws, scoring, and the table.
pub(super) fn topics(rules: &RuleTable, start: &str) -> Vec<Topic> {
    let mut topics = Vec::new();
    let mut add = |title: &str, lines: Vec<String>| {
        if !lines.is_empty() {
            topics.push(Topic {
                title: title.to_string(),
                lines,
            });
        }
    };
    let seat_names: Vec<&str> = rules.seats.iter().map(|s| s.name.as_str()).collect();
    add(
        "Turns",
        vec![format!(
            "{} move in turn, in that order{}.",
            list(&seat_names),
            if rules.seats.len() > 2 {
                "; a player who is out is skipped"
            } else {
                ""
            }
        )],
    );
    add("Promotion", promotion(rules));
    add("Castling", castling(rules, start));
    add("En passant", en_passant(rules));
    add("Pieces in hand", hand(rules));
    add("Walls", walls(rules));
    add("Turning pieces over", turning_over(rules));
    add("First moves", cambodian(rules));
    add("Winning and losing", goals(rules));
    add("Draws", draws(rules));
    add("Scoring", scoring(rules));
    add("At the table", table(rules));
    topics
}

fn piece_name(rules: &RuleTable, kind: usize) -> String {
    rules.pieces[kind].key.clone()
}

fn types_named(rules: &RuleTable, bits: u64) -> Vec<String> {
    (0..rules.pieces.len().min(64))
        .filter(|&t| bits & (1 << t) != 0)
        .map(|t| piece_name(rules, t))
        .collect()
}

/// "a, b and c".
fn list(items: &[&str]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].to_string(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The first seat's region in words: whole ranks, or the squares.
fn region(rules: &RuleTable, region: &[bool]) -> String {
    let inside = |sq: Sq| region.get(sq as usize) == Some(&true);
    let squares: Vec<Sq> = (0..rules.square_count() as Sq)
        .filter(|&s| inside(s) && rules.playable[s as usize])
        .collect();
    let ranks: Vec<u8> = (0..rules.ranks)
        .filter(|&r| {
            (0..rules.files).any(|f| inside(rules.square(f, r)))
                && (0..rules.files).all(|f| {
                    let s = rules.square(f, r);
                    inside(s) || !rules.playable[s as usize]
                })
        })
        .collect();
    let covered = ranks
        .iter()
        .all(|&r| squares.iter().filter(|&&s| rules.rank_of(s) == r).count() > 0)
        && squares.iter().all(|&s| ranks.contains(&rules.rank_of(s)));
    if !ranks.is_empty() && covered {
        let first = ranks[0] + 1;
        let last = ranks[ranks.len() - 1] + 1;
        if first == last {
            format!("rank {first}")
        } else if ranks.len() == usize::from(last - first + 1) {
            format!("ranks {first} to {last}")
        } else {
            let names: Vec<String> = ranks.iter().map(|r| (r + 1).to_string()).collect();
            format!("ranks {}", names.join(", "))
        }
    } else if squares.len() <= 16 {
        let names: Vec<String> = squares.iter().map(|&s| rules.square_name(s)).collect();
        names.join(", ")
    } else {
        format!("{} squares", squares.len())
    }
}

/// Each seat's region: "rank 8 for White, rank 1 for Black"; with more
/// than two seats the first seat's, the others' turned toward them.
/// Per seat, a flag per square of its set.
fn flags(rules: &RuleTable, sets: &[SqSet]) -> Vec<Vec<bool>> {
    sets.iter()
        .map(|set| {
            (0..rules.square_count() as Sq)
                .map(|s| set.contains(s))
                .collect()
        })
        .collect()
}

fn seat_regions(rules: &RuleTable, regions: &[Vec<bool>]) -> Option<String> {
    let described: Vec<(String, String)> = regions
        .iter()
        .zip(&rules.seats)
        .filter(|(r, _)| r.iter().any(|&b| b))
        .map(|(r, seat)| (region(rules, r), seat.name.clone()))
        .collect();
    let (first, name) = described.first()?;
    Some(if rules.seats.len() > 2 {
        format!("{first} for {name} (the others' turned toward them)")
    } else {
        let each: Vec<String> = described
            .iter()
            .map(|(r, name)| format!("{r} for {name}"))
            .collect();
        each.join(", ")
    })
}

fn promotion(rules: &RuleTable) -> Vec<String> {
    let mut lines = Vec::new();
    let seat = Seat::FIRST;
    let pawns: Vec<usize> = (0..rules.pieces.len())
        .filter(|&t| rules.pieces[t].promotes_as_pawn.get(seat.index()) == Some(&true))
        .collect();
    let choices: Vec<String> = rules.promotion.choices[seat.index()]
        .iter()
        .map(|p| piece_name(rules, p.index()))
        .collect();
    if !pawns.is_empty()
        && !choices.is_empty()
        && let Some(zone) = seat_regions(rules, &flags(rules, &rules.promotion.region))
    {
        let names: Vec<String> = pawns.iter().map(|&t| piece_name(rules, t)).collect();
        if rules.promotion.sittuyin {
            lines.push(format!(
                "A {pawn} standing on {zone} (any {pawn}, when it is the player's last) may, as its move, become a {choice} in place or on an empty square the {choice} could move to, unless the new piece would give check or attack an enemy piece there; reaching those squares promotes nothing. A player left with a king and one {pawn}, not in check, whose only moves are such promotions draws.",
                pawn = either(&names),
                choice = either(&choices),
            ));
        } else {
            lines.push(format!(
                "A {} reaching {zone} {} to a {}.",
                either(&names),
                if rules.promotion.mandatory_pawn {
                    "promotes"
                } else {
                    "may promote"
                },
                either(&choices),
            ));
        }
    }
    for (t, piece) in rules.pieces.iter().enumerate() {
        if let Some(to) = piece.promotes_to {
            lines.push(format!(
                "A {} moving into, out of or inside the promotion zone {} to a {}{}.",
                piece_name(rules, t),
                if rules.promotion.mandatory_piece {
                    "promotes"
                } else {
                    "may promote"
                },
                piece_name(rules, to.index()),
                if rules.promotion.piece_demotion {
                    "; a promoted piece may demote"
                } else {
                    ""
                }
            ));
        }
    }
    lines
}

fn castling(rules: &RuleTable, start: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for (seat, sides) in rules.castling.geometry.iter().enumerate() {
        for (side, geometry) in sides.iter().enumerate() {
            let Some(g) = geometry else { continue };
            let wing = if side == 0 { "king side" } else { "queen side" };
            let name = &rules.seats[seat].name;
            let text = match g.from {
                Some((king, rook)) => format!(
                    "{name}, {wing}: king {} to {}, rook {} to {}.",
                    rules.square_name(king),
                    rules.square_name(g.king_to),
                    rules.square_name(rook),
                    rules.square_name(g.rook_to)
                ),
                None => format!(
                    "{name}, {wing}: the king goes to {} and the rook to {}.",
                    rules.square_name(g.king_to),
                    rules.square_name(g.rook_to)
                ),
            };
            lines.push(text);
        }
    }
    let (kings, rooks) = (rules.castling.king_types, rules.castling.rook_types);
    if lines.is_empty() || kings == 0 || rooks == 0 {
        return Vec::new();
    }
    let (king, rook) = (
        either(&types_named(rules, kings)),
        either(&types_named(rules, rooks)),
    );
    lines.insert(
        0,
        format!(
            "A {king} and a {rook} that have not moved may castle when the squares between them \
             are empty and the {king} neither stands in, passes through nor lands on an attacked \
             square{}.",
            if !rules.castling.dropped_piece
                && Position::from_text(rules, start).is_ok_and(|p| p.castling().next().is_none())
            {
                " (the start position gives no one the right: only a position set up with castling \
                 rights does)"
            } else {
                ""
            }
        ),
    );
    if rules.castling.dropped_piece {
        lines.push(format!(
            "A {king} dropped on its castling square gains the right to castle with a {rook} in a corner of its rank; a {rook} dropped in such a corner, the right to castle with the {king} on its square."
        ));
    }
    if rules.castling.opposite {
        lines.push(format!(
            "Castling to one wing takes the opponent's right to castle to the same wing: the {king}s end on opposite wings."
        ));
    }
    if rules.chess960 {
        lines.insert(
            1,
            format!(
                "Chess960 castling: the {king} and the {rook} may start on any squares of the back rank; they end where the lines below say, every square either crosses or lands on must be empty but for the two of them, and the move is written as the {king} taking its {rook} (`e1h1`)."
            ),
        );
    }
    lines
}

fn en_passant(rules: &RuleTable) -> Vec<String> {
    let capturers: Vec<String> = (0..rules.pieces.len())
        .filter(|&t| rules.pieces[t].en_passant_capturer.iter().any(|&b| b))
        .map(|t| piece_name(rules, t))
        .collect();
    if capturers.is_empty() {
        return Vec::new();
    }
    vec![format!(
        "A {} may capture a piece that has just made a double step as if it had stepped once, {}.",
        either(&capturers),
        if rules.en_passant.next_player_only || rules.seats.len() <= 2 {
            "on the very next turn only"
        } else {
            "until the pawn's owner moves again"
        }
    )]
}

fn value_for_loser(value: GameValue) -> Option<&'static str> {
    match value {
        GameValue::Loss => Some("loses"),
        GameValue::Win => Some("wins"),
        GameValue::Draw => Some("draws"),
        GameValue::None => None,
    }
}

fn goals(rules: &RuleTable) -> Vec<String> {
    let mut lines = Vec::new();
    let royal: Vec<String> = (0..rules.pieces.len())
        .filter(|&t| rules.pieces[t].royal)
        .map(|t| piece_name(rules, t))
        .collect();
    royal_goals(rules, &royal, &mut lines);
    board_rules(rules, &royal, &mut lines);
    stalemate_and_material(rules, &mut lines);
    extinction_and_flags(rules, &mut lines);
    passes(rules, &mut lines);
    connections(rules, &mut lines);
    ranking(rules, &mut lines);
    lines
}

/// [`goals`]'s part on the royal and pseudo-royal pieces, blasts, petrification
/// and the captures they forbid.
fn royal_goals(rules: &RuleTable, royal: &[String], lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    let many = rules.seats.len() > 2;
    if !royal.is_empty() && rules.royalty.checking {
        lines.push(format!(
            "The {} is royal: no move may leave it attacked.",
            either(royal)
        ));
        if rules.shatar_mate.is_some() {
            lines.push("Shatar's mate: a mate given by knights alone is forbidden and wins for the mated side; a mate counts only if one of the series of checks that led to it was given by a knight, rook or bers (a shak), else the game is drawn (niol).".to_string());
        }
        if rules.makpong {
            lines.push(format!(
                "A {} in check may not step away: it may only take its checker, when only one piece gives check.",
                either(royal)
            ));
        }
        if let Some(v) = value_for_loser(adj.checkmate_value) {
            lines.push(format!(
                "A player who is checkmated {v}{}.",
                if many && rules.royalty.eliminate_when_mated && !adj.team_loses {
                    " and is out of the game; the others play on"
                } else if adj.team_loses && many {
                    ", with their team"
                } else {
                    ""
                }
            ));
            if many {
                lines.push(if adj.mate_at_move {
                    "Checkmate is judged after every move, for every player still in; stalemate when the player's turn arrives.".to_string()
                } else {
                    "Checkmate and stalemate are judged when the player's turn arrives: the moves of the players in between may still change them.".to_string()
                });
            }
        }
    }
    if let Some(PseudoRoyalty {
        types: mask,
        limit,
        duple,
    }) = rules.royalty.pseudo
    {
        let types: Vec<String> = (0..rules.pieces.len())
            .filter(|&t| PieceType::new(t).is_in(mask))
            .map(|t| piece_name(rules, t))
            .collect();
        let kind = either(&types);
        lines.push(if limit <= 1 {
            format!("The last {kind} of a player is royal: no move may leave it attacked.")
        } else if limit as usize >= rules.square_count() {
            format!("Every {kind} is royal: no move may leave one attacked.")
        } else {
            format!("While a player has at most {limit} pieces of the type {kind}, each is royal: no move may leave one attacked.")
        });
        if duple {
            lines.push(format!(
                "No move may leave every {kind} of a player attacked at once."
            ));
        }
        if rules.blast.is_some() {
            lines.push(format!(
                "A {kind} next to an enemy {kind} cannot be taken, since the capture would explode the taker's own; exploding one wins."
            ));
        }
    }
    if let Some(immune) = rules.blast {
        let spared: Vec<String> = (0..rules.pieces.len())
            .filter(|&t| PieceType::new(t).is_in(immune))
            .map(|t| piece_name(rules, t))
            .collect();
        lines.push(format!(
            "A capture explodes: the capturing piece and every piece next to the target square leave the board too (pawns next to it stay{}).",
            if spared.is_empty() {
                String::new()
            } else {
                format!(", and so does any {}", either(&spared))
            }
        ));
    }
    let petrified: Vec<String> = (0..rules.pieces.len())
        .filter(|&t| PieceType::new(t).is_in(rules.petrify))
        .map(|t| piece_name(rules, t))
        .collect();
    if !petrified.is_empty() {
        lines.push(format!(
            "A {} that captures turns into a wall on the square it took (after an explosion, the wall stands there all the same); walls never move and cannot be taken, and a royal piece that would turn to stone may not capture.",
            either(&petrified)
        ));
    }
    let immune: Vec<String> = (0..rules.pieces.len())
        .filter(|&t| PieceType::new(t).is_in(rules.mutually_immune))
        .map(|t| piece_name(rules, t))
        .collect();
    if !immune.is_empty() {
        lines.push(format!(
            "A {} may not capture a piece of its own type.",
            either(&immune)
        ));
    }
}

/// [`goals`]'s part on checks forbidden, the flying general, the palace lines,
/// janggi's cannons and king capture.
fn board_rules(rules: &RuleTable, royal: &[String], lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    let many = rules.seats.len() > 2;
    if !royal.is_empty() && !rules.royalty.checking && !rules.royalty.king_capture {
        lines.push(format!(
            "Checks are forbidden: no move may attack an enemy {}, nor leave one's own attacked.",
            either(royal)
        ));
    }
    if rules.flying_general {
        lines.push(format!(
            "No move may leave the two {} facing each other on a file or rank with no piece between them (the flying general).",
            if royal.is_empty() { "kings".to_string() } else { format!("{}s", either(royal)) }
        ));
    }
    let PalaceLines {
        squares: palace,
        types: diagonal_types,
    } = &rules.palace_lines;
    if !palace.is_empty() && *diagonal_types != 0 {
        let squares: Vec<String> = palace.iter().map(|&s| rules.square_name(s)).collect();
        lines.push(format!(
            "On the palace lines ({}) a {} also moves diagonally, along the lines only: a wazir (and a king that moves as one) one step, a soldier one step forward, a rook riding and Janggi's cannon hopping as on a bishop's lines.",
            squares.join(" "),
            either(&types_named(rules, *diagonal_types))
        ));
    }
    if rules.janggi_cannons != 0 {
        let cannons = types_named(rules, rules.janggi_cannons);
        lines.push(format!(
            "A {} may neither hop over nor capture another.",
            either(&cannons)
        ));
    }
    if rules.royalty.king_capture {
        lines.push(
            if rules.royalty.king_capture_eliminates {
                "Kings may be captured; a captured king puts its player out."
            } else if adj.team_loses && many {
                "Kings may be captured; a captured king loses, with its team."
            } else {
                "Kings may be captured; a captured king loses."
            }
            .to_string(),
        );
    }
}

/// [`goals`]'s part on stalemate and games decided by counting material.
fn stalemate_and_material(rules: &RuleTable, lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    if adj.stalemate_piece_count
        && let Some(v) = value_for_loser(adj.stalemate_value)
    {
        lines.push(format!(
            "A player with no legal move who is not in check {v} with fewer pieces than the opponent, and the opposite with more; with as many, the game is drawn."
        ));
    } else if let Some(v) = value_for_loser(adj.stalemate_value) {
        // Where every player passes instead, only a player without pieces
        // is left without a move.
        lines.push(if rules.pass_on_stalemate.iter().all(|&p| p) {
            format!("A player with no piece left to move (or pass with) {v}.")
        } else {
            format!("A player with no legal move who is not in check {v}.")
        });
    }
    let counted = match adj.material_counting {
        MaterialCounting::None => None,
        MaterialCounting::WhiteDrawOdds => Some("is a win for White"),
        MaterialCounting::BlackDrawOdds => Some("is a win for Black"),
        MaterialCounting::Unweighted => {
            Some("is won by the player with more pieces on the board (drawn with as many)")
        }
        MaterialCounting::Janggi => Some(
            "is decided by Janggi's material count (rook 13, cannon 7, horse 5, elephant and advisor 3, soldier 2; Black is given 1.5 points)",
        ),
    };
    if let Some(counted) = counted {
        lines.push(format!(
            "A game drawn by stalemate, repetition or the move-count rule {counted}."
        ));
    }
}

/// [`goals`]'s part on extinction, flag regions and counted checks.
fn extinction_and_flags(rules: &RuleTable, lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    if let Some(types) = rules.ends.extinction
        && let Some(v) = value_for_loser(adj.extinction_value)
    {
        let names = if types == u64::MAX {
            "all of their pieces".to_string()
        } else {
            format!("every {}", either(&types_named(rules, types)))
        };
        lines.push(format!(
            "A player who loses {names}{} {v}.",
            if rules.ends.extinction_count > 0 {
                format!(" (down to {})", rules.ends.extinction_count)
            } else {
                String::new()
            }
        ));
    }
    if let Some((types, regions)) = &rules.ends.flag {
        let names = if *types == u64::MAX {
            "any piece".to_string()
        } else {
            format!("a {}", either(&types_named(rules, *types)))
        };
        lines.push(format!(
            "A player who brings {names} to their region ({}){} wins{}.",
            seat_regions(rules, regions).unwrap_or_else(|| "none".into()),
            if rules.ends.flag_count > 1 {
                format!(", {} of them,", rules.ends.flag_count)
            } else {
                String::new()
            },
            if rules.flag_piece_safe {
                ", if it cannot be captured there"
            } else {
                ""
            }
        ));
    }
    if rules.ends.check_counting {
        lines
            .push("Checks are counted: the player who gives the set number of checks wins.".into());
    }
}

/// [`goals`]'s part on passes, bikjang and janggi's ban on moving back and
/// forth.
fn passes(rules: &RuleTable, lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    if rules.pass.iter().any(|&p| p) {
        lines.push("A player who is not in check may pass; two passes in a row end the game (a draw unless material is counted).".to_string());
    }
    if rules.bikjang {
        lines.push("While the kings face each other on a file or rank with no piece between them (bikjang), the player to move must break the facing or pass, even in check; a pass that leaves them facing ends the game (a draw unless material is counted).".to_string());
    }
    if adj.back_and_forth_loses {
        lines.push("A player who, not in check, moves a piece that can enter the opponent's palace back and forth between two squares twice over (a pass may stand for one move away) loses.".to_string());
    }
    if rules.pass_on_stalemate.iter().any(|&p| p) {
        lines.push("A player with no legal move who is not in check passes instead; two passes in a row end the game (a draw unless material is counted).".to_string());
    }
}

/// [`goals`]'s part on connections, castling wins and a full board.
fn connections(rules: &RuleTable, lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    // What the connection rules give the player who completes one, and
    // which pieces count.
    let outcome = match adj.connect_value {
        GameValue::Win => "wins",
        GameValue::Loss => "loses",
        // As the adjudicator judges an ending without a value: a draw.
        GameValue::Draw | GameValue::None => "draws",
    };
    let pieces = if rules.ends.connect_types == u64::MAX {
        "pieces".to_string()
    } else {
        format!("{}s", either(&types_named(rules, rules.ends.connect_types)))
    };
    if rules.ends.connect > 0 {
        lines.push(format!(
            "A player who lines up {} {pieces} {outcome}.",
            rules.ends.connect
        ));
    }
    if rules.ends.connect_square > 0 {
        let n = rules.ends.connect_square;
        lines.push(format!(
            "A player who fills a {n} × {n} square with their {pieces} {outcome}."
        ));
    }
    if rules.ends.collinear > 0 {
        lines.push(format!(
            "A player with {} {pieces} on one line, gaps allowed, {outcome}.",
            rules.ends.collinear
        ));
    }
    for (seat, [first, second]) in rules.ends.connect_regions.iter().enumerate() {
        if !first.is_empty() && !second.is_empty() {
            let inside = |set: &SqSet| -> Vec<bool> {
                (0..rules.square_count() as Sq)
                    .map(|s| set.contains(s))
                    .collect()
            };
            let (a, b) = (
                region(rules, &inside(first)),
                region(rules, &inside(second)),
            );
            lines.push(format!(
                "{} {outcome} by joining {a} to {b} with a chain of {pieces}, grown from {a} east and north only (and diagonally north-east and south-east where diagonals count), as Fairy-Stockfish searches it.",
                rules.seats[seat].name
            ));
        }
    }
    for (seat, wins) in rules.ends.castling_wins.iter().enumerate() {
        let wings: Vec<&str> = [(wins[0], "king side"), (wins[1], "queen side")]
            .iter()
            .filter(|(w, _)| *w)
            .map(|(_, name)| *name)
            .collect();
        if let (false, Some(seat)) = (wings.is_empty(), rules.seats.get(seat)) {
            lines.push(format!(
                "{} wins at once by castling on the {}, and loses once it can never castle there again.",
                seat.name,
                wings.join(" or the ")
            ));
        }
    }
    if rules.ends.full_board {
        lines.push(
            if adj.material_counting == MaterialCounting::None {
                "The game ends as soon as the board is full: a draw."
            } else {
                "The game ends as soon as the board is full: material is counted."
            }
            .to_string(),
        );
    }
}

/// [`goals`]'s part on compulsory captures, and with more players who wins and
/// what becomes of a player's pieces once out.
fn ranking(rules: &RuleTable, lines: &mut Vec<String>) {
    let adj = &rules.adjudication;
    let many = rules.seats.len() > 2;
    if rules.must_capture {
        lines.push("Capturing is compulsory.".to_string());
    }
    if many {
        lines.push(match adj.ranking {
            Ranking::Survival => "The last player (or team) still in wins.".to_string(),
            Ranking::Points => {
                "Points decide: when the game ends, the top scorers win.".to_string()
            }
            Ranking::PointsWinnerOnly => {
                "Points decide: when the game ends, only first place wins.".to_string()
            }
        });
    }
    if many && !adj.team_loses {
        let army = |a: Army| match a {
            Army::Remove => "leave the board",
            Army::Dead => "stay as dead pieces, which anyone may capture for nothing",
            Army::DeadKingWalks => "go dead but the king, which walks on by itself",
        };
        lines.push(format!(
            "An eliminated player's pieces {}; a resigning player's pieces {}.",
            army(adj.eliminated_army),
            army(adj.resigned_army)
        ));
    }
}

/// Where captured pieces go, and how pieces in hand are dropped.
/// Cambodian chess's first moves (`cambodianMoves`).
fn cambodian(rules: &RuleTable) -> Vec<String> {
    if rules.cambodian.is_none() {
        return Vec::new();
    }
    vec![
        "A king still on its gate square (named in the FEN's castling field) may leap like a knight to an empty square of the rank ahead, unless it is in check; a fers still on its gate may step two squares straight ahead onto an empty square. Leaving the gate, or being taken there, ends the right; a rook that moves onto the file or rank of the enemy king on its gate takes that king's leap away.".to_string(),
    ]
}

/// What every move's wall does (`wallingRule`).
fn walls(rules: &RuleTable) -> Vec<String> {
    let Some(walling) = &rules.walling else {
        return Vec::new();
    };
    let where_ = match walling.rule {
        WallingRule::Arrow => {
            "on an empty square the moved piece could reach from where it landed by a move that takes nothing (an arrow)"
        }
        WallingRule::Duck => {
            "on any empty square, and the wall already on the board leaves it: the duck moves every turn and may not stay where it stood"
        }
        WallingRule::Edge => {
            "on an empty square of the board's edge or next (orthogonally) to a wall"
        }
        WallingRule::Past => "on the square the piece left",
        WallingRule::Static => "on any empty square",
    };
    let mut lines = vec![if walling.or_move {
        format!(
            "Instead of moving a piece, a player may put a wall {where_}. Nothing moves onto or through a wall, and walls cannot be taken."
        )
    } else {
        format!(
            "Every move of a piece also puts a wall {where_}. Nothing moves onto or through a wall, and walls cannot be taken; drops put no wall."
        )
    }];
    let board: Vec<Sq> = (0..rules.square_count() as Sq)
        .filter(|&s| rules.playable[s as usize])
        .collect();
    let closed = |set: &crate::rules::SqSet| -> Vec<Sq> {
        board
            .iter()
            .copied()
            .filter(|&s| !set.contains(s))
            .collect()
    };
    let first = closed(&walling.region[0]);
    let same = walling.region.iter().all(|set| closed(set) == first);
    if same && !first.is_empty() && first.len() <= 16 {
        let names: Vec<String> = first.iter().map(|&s| rules.square_name(s)).collect();
        lines.push(format!("No wall may go on {}.", names.join(", ")));
    } else if !(same && first.is_empty()) {
        let regions: Vec<Vec<bool>> = walling
            .region
            .iter()
            .map(|set| {
                (0..rules.square_count() as Sq)
                    .map(|s| set.contains(s))
                    .collect()
            })
            .collect();
        if let Some(text) = seat_regions(rules, &regions) {
            lines.push(format!("Walls may only go on {text}."));
        }
    }
    lines
}

/// Enemy pieces a move turns over (`flipEnclosedPieces`).
fn turning_over(rules: &RuleTable) -> Vec<String> {
    let Some(rule) = rules.flip else {
        return Vec::new();
    };
    // The drop rules are refused as flipping rules when compiling.
    let text = match rule {
        Enclosing::Reversi => Some(
            "The enemy pieces a drop or move outflanks, the runs between it and the player's own pieces along the eight lines, turn over to the player.",
        ),
        Enclosing::Ataxx => Some(
            "Every enemy piece next to the square a drop or move ends on turns over to the player.",
        ),
        Enclosing::Quadwrangle => Some(
            "Every enemy piece next to the square a move ends on turns over to the player; after a drop, only where the dropped piece touches one of the player's own.",
        ),
        Enclosing::Snort | Enclosing::Anyside | Enclosing::Top => None,
    };
    text.map(str::to_string).into_iter().collect()
}

fn hand(rules: &RuleTable) -> Vec<String> {
    let Some(hand) = &rules.hand else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    if hand.captures_to_hand {
        lines.push(if hand.drop_loop {
            "A captured piece goes to the capturer's hand, as the piece it is (a promoted one stays promoted).".to_string()
        } else {
            "A captured piece goes to the capturer's hand; a promoted one goes back as what it was promoted from.".to_string()
        });
    }
    if hand.gating {
        lines.push("Gating: when a piece leaves a gate square (at the start, the back-rank squares the FEN's castling field names), its player may put a piece from their hand on the square it leaves; when castling, on the king's or the rook's square. A gate closes once its piece has moved or been captured.".to_string());
    }
    if !hand.drops {
        return lines;
    }
    lines.push(if hand.free {
        "Instead of moving, a player may drop a piece of any of the variant's types on an empty square, as a piece of their own: drops need no hand, and none is kept.".to_string()
    } else {
        "Instead of moving, a player may drop a piece from their hand on an empty square, as a piece of their own.".to_string()
    });
    if !hand.enclosing_start.is_empty() {
        let squares: Vec<String> = hand
            .enclosing_start
            .iter()
            .map(|s| rules.square_name(s))
            .collect();
        lines.push(format!(
            "While one of {} is empty, drops go there and nowhere else.",
            squares.join(" ")
        ));
    }
    if let Some(rule) = hand.enclosing {
        lines.push(
            match rule {
                Enclosing::Reversi => "A drop must outflank: along some line from it, a run of enemy pieces ends on one of the player's own.",
                Enclosing::Ataxx | Enclosing::Quadwrangle => "A drop goes next to one of the player's own pieces.",
                Enclosing::Snort => "A drop may not go orthogonally next to an enemy piece.",
                Enclosing::Top => "A drop goes on the first rank or on top of a piece, as in connect four.",
                Enclosing::Anyside => "A piece is dropped by sliding it in along a rank or file from an empty edge square: it stops against the first piece, or at the far edge.",
            }
            .to_string(),
        );
    }
    let all = rules.playable.iter().filter(|&&p| p).count();
    for t in 0..rules.pieces.len() {
        let regions: Vec<Vec<bool>> = Seat::all(rules.seats.len())
            .map(|s| {
                let open = &hand.region[rules.seat_type(s, PieceType::new(t))];
                (0..rules.square_count())
                    .map(|q| open.contains(q as crate::rules::Sq))
                    .collect()
            })
            .collect();
        let limited = regions
            .iter()
            .any(|r| r.iter().filter(|&&b| b).count() < all);
        if limited {
            let text = seat_regions(rules, &regions).unwrap_or_else(|| "no square".to_string());
            lines.push(format!(
                "{} may be dropped only on {text}.",
                capitalised(&a_piece(rules, t))
            ));
        }
    }
    if let Some((kind, limit)) = hand.no_doubled {
        let piece = capitalised(&a_piece(rules, kind.index()));
        lines.push(match limit {
            0 => format!("{piece} may never be dropped."),
            1 => format!(
                "{piece} may not be dropped on a file that already holds one of its player's."
            ),
            _ => format!(
                "{piece} may not be dropped on a file that already holds {limit} of its player's."
            ),
        });
    }
    if hand.promoted {
        lines.push("A piece that can promote may also be dropped promoted.".to_string());
    }
    if !hand.checks {
        lines.push("A drop may not give check.".to_string());
    }
    if let Some(types) = hand.must_drop {
        let names = types_named(rules, types);
        lines.push(format!(
            "While a player holds a {} in hand and can drop it, they must drop one.",
            either(&names)
        ));
    }
    if let Some(bishop) = hand.opposite_coloured_bishops {
        lines.push(format!(
            "A player's {} pieces must end up on squares of both colours.",
            piece_name(rules, bishop.index())
        ));
    }
    if let Some(pawn) = hand.pawn_drop_mate_loses {
        lines.push(format!(
            "Mating by dropping {} is forbidden: such a mate loses for the player who gives it.",
            a_piece(rules, pawn.index())
        ));
    }
    lines
}

/// A piece's name with its article: "a pawn", "an archbishop".
fn a_piece(rules: &RuleTable, kind: usize) -> String {
    let name = piece_name(rules, kind);
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    format!("{article} {name}")
}

/// A counting rule in words, with its limits (Fairy-Stockfish's).
fn counting_text(rule: CountingRule) -> &'static str {
    match rule {
        CountingRule::Makruk => {
            "Counting (makruk): once no pawn is left, the weaker side counts: the stronger side must mate within 64 moves (the board's honour); against a king left alone the limit is the pieces' honour that the stronger side's material sets (two rooks 8 moves, a rook 16, two silvers 22, two knights 32, a silver 44, else 64), counted from the number of pieces on the board. A count run past its limit draws."
        }
        CountingRule::Cambodian => {
            "Counting (Cambodian): as in makruk, the limits one move shorter (63 for the board's honour; 7, 15, 21, 31, 43 or 63 for the pieces'), the board's honour counted by a side with at most three pieces. A count run past its limit draws."
        }
        CountingRule::Asean => {
            "Counting (ASEAN): once no pawn is left, a king left alone counts from zero: the other side must mate within a limit its material sets (a rook 16 moves, a silver 44, a knight 64). A count run past its limit draws."
        }
    }
}

fn draws(rules: &RuleTable) -> Vec<String> {
    let adj = &rules.adjudication;
    let mut lines = Vec::new();
    if adj.n_move > 0 {
        lines.push(format!(
            "The game is drawn after {} {} without a capture or a pawn move{}.",
            adj.n_move,
            if adj.n_move_in_plies {
                "moves (counting every player's)"
            } else {
                "moves by each player"
            },
            if adj.n_move_claim > 0 && adj.n_move_claim < adj.n_move {
                format!("; from {} a player may claim it", adj.n_move_claim)
            } else {
                String::new()
            }
        ));
    } else if adj.n_move_claim > 0 {
        lines.push(format!(
            "After {} moves without a capture or a pawn move a player may claim a draw.",
            adj.n_move_claim
        ));
    }
    if let Some(counting) = &rules.counting {
        lines.push(counting_text(counting.rule).to_string());
    }
    if adj.n_fold > 0 {
        let judged = if adj.n_fold_absolute {
            rules.seats[Seat::FIRST].name.as_str()
        } else {
            "the player to move"
        };
        let value = match adj.n_fold_value {
            GameValue::Draw | GameValue::None => "draws".to_string(),
            GameValue::Loss => format!("loses for {judged}"),
            GameValue::Win => format!("wins for {judged}"),
        };
        lines.push(format!(
            "The {} occurrence of a position {value}{}.",
            ordinal(adj.n_fold),
            if adj.n_fold_claim > 0 && adj.n_fold_claim < adj.n_fold {
                let claimed = match adj.n_fold_value {
                    GameValue::Draw | GameValue::None => "a draw".to_string(),
                    _ => format!("that end ({value})"),
                };
                format!(
                    "; from the {} a player may claim {claimed}",
                    ordinal(adj.n_fold_claim)
                )
            } else {
                String::new()
            }
        ));
    }
    if adj.n_fold > 0 && adj.perpetual_check_loses {
        lines.push(
            "Perpetual check is forbidden: when a position repeats and one player gave check in every position since its first occurrence, that player loses; when both did, the game is drawn."
                .to_string(),
        );
    }
    if adj.n_fold > 0 && rules.chasing.is_some() {
        lines.push(
            "Chasing is forbidden (Asian Xiangqi Federation rules, as Fairy-Stockfish judges them): a move chases the pieces it newly attacks that are unprotected or stronger than the attacker (a rook by a horse or cannon; a rook, cannon or horse by an elephant or advisor), not kings nor soldiers that have not crossed the river. When a position repeats and one player chased the same piece at every move since its first occurrence, without checking throughout, that player loses; when both did, the game is drawn. Once 20 plies are played, the n-move rule waits a move longer for each check beyond ten that one player gave."
                .to_string(),
        );
    }
    if adj.insufficient_material_draw {
        let minors: Vec<String> = (0..rules.pieces.len())
            .filter(|&t| PieceType::new(t).is_in(adj.insufficient_pieces))
            .map(|t| piece_name(rules, t))
            .collect();
        lines.push(match (minors.is_empty(), adj.insufficient_material_each) {
            (true, _) => "The game is drawn when every player still in has a bare king.".to_string(),
            (false, true) => format!(
                "The game is drawn when every player still in has a bare king, or a king and a single {}.",
                either(&minors)
            ),
            (false, false) => format!(
                "The game is drawn when no one has the material left to mate: bare kings, and at most one {} on the board.",
                either(&minors)
            ),
        });
    }
    if adj.last_leave_draw_pieces != 0 && rules.seats.len() > 2 {
        let minors: Vec<String> = (0..rules.pieces.len())
            .filter(|&t| PieceType::new(t).is_in(adj.last_leave_draw_pieces))
            .map(|t| piece_name(rules, t))
            .collect();
        lines.push(format!(
            "When the last player but one resigns or runs out of time, leaving a player with a bare king or a king and a single {}, the game ends by insufficient material: both score a draw's points, and the last player the points of the other walking kings.",
            either(&minors)
        ));
    }
    if adj.draw_offers {
        lines.push(if rules.seats.len() > 2 {
            "Players may offer a draw (once per turn); every player still in must accept."
                .to_string()
        } else {
            "Players may offer a draw (once per turn).".to_string()
        });
    }
    lines
}

fn ordinal(n: u32) -> String {
    match n {
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        5 => "fifth".into(),
        6 => "sixth".into(),
        n => format!("{n}th"),
    }
}

fn scoring(rules: &RuleTable) -> Vec<String> {
    let adj = &rules.adjudication;
    let s = &adj.scoring;
    let mut lines = Vec::new();
    let captures: Vec<String> = s
        .capture
        .iter()
        .enumerate()
        .filter(|(_, p)| **p != 0)
        .map(|(t, p)| format!("{} {p}", piece_name(rules, t)))
        .collect();
    if !captures.is_empty() {
        lines.push(format!(
            "Capturing a live piece scores: {}.",
            captures.join(", ")
        ));
    }
    if let Some(p) = s.promoted_capture {
        lines.push(format!("A promoted piece is worth {p} when captured."));
    }
    if s.checkmate != 0 {
        lines.push(format!("Checkmating a player scores {}.", s.checkmate));
    }
    if s.stalemate != 0 {
        lines.push(format!(
            "A player stalemated at their turn scores {} (and is out).",
            s.stalemate
        ));
    }
    if s.multi_check != [0; 4] {
        // "5 (1 with a queen)", or "1" when a queen makes no difference.
        let points = |other: i32, queen: i32| {
            if other == queen {
                other.to_string()
            } else {
                format!("{other} ({queen} with a queen)")
            }
        };
        lines.push(format!(
            "Checking two kings at once scores {}; three kings {}.",
            points(s.multi_check[0], s.multi_check[1]),
            points(s.multi_check[2], s.multi_check[3])
        ));
    }
    if s.draw != 0 {
        lines.push(format!(
            "A drawn game gives every player still in {}.",
            s.draw
        ));
    }
    if s.survivor_king_bonus != 0 {
        lines.push(format!(
            "The last player scores {} for each other king still on the board.",
            s.survivor_king_bonus
        ));
    }
    if s.walking_king_stalemate != 0 {
        lines.push(format!(
            "A walking king stalemated gives {} shared among the players still in.",
            s.walking_king_stalemate
        ));
    }
    if adj.claim_win_lead > 0 {
        lines.push(format!(
            "With two players left, a lead of {} lets the leader claim the win.",
            adj.claim_win_lead
        ));
    }
    if adj.auto_win_lead > 0 {
        lines.push(format!(
            "With two players left, a lead of {} ends the game.",
            adj.auto_win_lead
        ));
    }
    lines
}

fn table(rules: &RuleTable) -> Vec<String> {
    let m = &rules.match_rules;
    let adj = &rules.adjudication;
    let mut lines = Vec::new();
    if !m.clock_minutes.is_empty() {
        let minutes: Vec<String> = m.clock_minutes.iter().map(|n| n.to_string()).collect();
        let increments: Vec<String> = m.clock_increments.iter().map(|n| n.to_string()).collect();
        lines.push(format!(
            "Clocks: {} minutes, with {} seconds added per move.",
            minutes.join(", "),
            increments.join(", ")
        ));
    }
    if adj.timeout_insufficient_draw {
        lines.push(
            "Running out of time loses, but draws when the opponent cannot mate.".to_string(),
        );
    }
    if adj.abort_moves > 0 {
        lines.push(format!(
            "A resignation or timeout before every player has made {} moves, with no points scored, aborts the game.",
            adj.abort_moves
        ));
    }
    match adj.abort_own_moves {
        0 => {}
        1 => lines.push(
            "A resignation or timeout before the player's first move aborts the game.".to_string(),
        ),
        n => lines.push(format!(
            "A resignation or timeout by a player who has made fewer than {n} moves aborts the game."
        )),
    }
    if let Some(s) = m.reconnect_seconds {
        lines.push(format!(
            "A disconnected player has {s} seconds to come back before counting as having left."
        ));
    }
    if let Some(s) = m.empty_table_seconds {
        lines.push(format!(
            "A table everyone has left closes after {s} seconds."
        ));
    }
    if m.starting_seat_rotates {
        lines.push("The first seat to move rotates from game to game.".to_string());
    }
    lines
}
