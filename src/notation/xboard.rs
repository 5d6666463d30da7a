//! XBoard's spelling of moves: ranks numbered from 0 on boards of ten
//! ranks, `@@@@` for a pass, a walling promotion's piece after the wall.

/// XBoard's name of a pass (`pass`, `passOnStalemate`), as Fairy-Stockfish
/// speaks XBoard.
pub const PASS: &str = "@@@@";

/// A move's text from the variant's notation to XBoard's: on boards of ten
/// ranks the ranks are numbered 0 to 9, a pass (a move from a square to
/// itself, `e2e2`) is `@@@@`, and a walling promotion writes its piece
/// after the wall (`e7e8,e8d5q`, as Fairy-Stockfish speaks XBoard).
pub fn to_xboard(text: &str, ranks: u8) -> String {
    let half = text.len() / 2;
    if text.len() >= 4
        && text.is_char_boundary(half)
        && text[..half] == text[half..]
        && text[..half].starts_with(|c: char| c.is_ascii_lowercase())
        && text[1..half].chars().all(|c| c.is_ascii_digit())
    {
        return PASS.to_string();
    }
    let text = shift_ranks(text, ranks, -1);
    match text.split_once(',') {
        Some((play, wall)) if play.ends_with(|c: char| !c.is_ascii_digit()) => {
            let (squares, suffix) = play.split_at(play.len() - 1);
            format!("{squares},{wall}{suffix}")
        }
        _ => text,
    }
}

/// A move's text from XBoard's to the variant's notation.
pub fn from_xboard(text: &str, ranks: u8) -> String {
    let text = match text.split_once(',') {
        Some((play, wall)) if wall.ends_with(|c: char| !c.is_ascii_digit()) => {
            let (squares, suffix) = wall.split_at(wall.len() - 1);
            format!("{play}{suffix},{squares}")
        }
        _ => text.to_string(),
    };
    shift_ranks(&text, ranks, 1)
}

fn shift_ranks(text: &str, ranks: u8, by: i32) -> String {
    if ranks != 10 {
        return text.to_string();
    }
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut after_file = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() && after_file {
            let mut digits = c.to_string();
            while let Some(d) = chars.next_if(char::is_ascii_digit) {
                digits.push(d);
            }
            match digits.parse::<i32>() {
                Ok(n) => out += &(n + by).to_string(),
                Err(_) => out += &digits,
            }
            after_file = false;
        } else {
            out.push(c);
            // A rank follows a file letter, or a piece letter in SAN's
            // rank disambiguation (`R3d1`).
            after_file = c.is_ascii_alphabetic();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_ranks_are_numbered_from_zero() {
        assert_eq!(to_xboard("e2e4", 10), "e1e3");
        assert_eq!(to_xboard("a9a10q", 10), "a8a9q");
        assert_eq!(from_xboard("a8a9q", 10), "a9a10q");
        assert_eq!(from_xboard("j0j1", 10), "j1j2");
        assert_eq!(to_xboard("e2e4", 8), "e2e4");
        assert_eq!(to_xboard("e2e2", 10), "@@@@");
        assert_eq!(to_xboard("a10a10", 10), "@@@@");
        assert_eq!(to_xboard("a1a1,a1a3", 8), "a1a1,a1a3");
        assert_eq!(to_xboard("a11a12", 12), "a11a12");
        // SAN: a rank after a piece letter is a rank too; castling is not.
        assert_eq!(from_xboard("R3d1#", 10), "R4d2#");
        assert_eq!(from_xboard("0-0", 10), "0-0");
    }
}
