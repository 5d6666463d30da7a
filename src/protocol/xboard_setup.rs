//! How XBoard learns a variant it does not know: a `setup` command with the
//! piece-to-character table, the board size and the start position, then
//! one `piece` command per piece type with its moves in Betza notation,
//! as Fairy-Stockfish sends them (XBoard 4.9's protocol; see
//! <https://www.gnu.org/software/xboard/Betza.html>).

use crate::definition::Definition;
use crate::rules::RuleTable;

/// XBoard's piece types in table order: the letter each shows by default.
/// The first five and the last (the king) are chess's; the sixteen between
/// are XBoard's fairy pieces.
const XBOARD_TYPES: &[u8; 22] = b"PNBRQFEACWMOHIJGDVLSUK";

/// The `setup` and `piece` lines that teach XBoard the variant of `def`
/// (compiled as `rules`), or why they cannot: more piece types than XBoard
/// has, or a board larger than 16 × 16.
pub fn setup_lines(def: &Definition, rules: &RuleTable) -> Result<Vec<String>, String> {
    if rules.files > 16 || rules.ranks > 16 {
        return Err(format!(
            "XBoard draws boards up to 16 × 16; {} is {} × {}",
            def.name, rules.files, rules.ranks
        ));
    }
    let mut slots: [Option<usize>; 22] = [None; 22];
    // Chess's letters and a same-lettered fairy slot first, so that the
    // usual pieces keep their pictures; the others take the free slots.
    let mut rest = Vec::new();
    for (i, piece) in def.pieces.iter().enumerate() {
        let upper = piece.letter.to_ascii_uppercase() as u8;
        match XBOARD_TYPES.iter().position(|&t| t == upper) {
            Some(slot) if slots[slot].is_none() => slots[slot] = Some(i),
            _ => rest.push(i),
        }
    }
    for i in rest {
        let Some(slot) = (5..21).find(|&s| slots[s].is_none()) else {
            return Err(format!(
                "{} has {} piece types; XBoard shows at most 22",
                def.name,
                def.pieces.len()
            ));
        };
        slots[slot] = Some(i);
    }
    let letters = |upper: bool| -> String {
        slots
            .iter()
            .map(|slot| match slot {
                Some(i) if upper => def.pieces[*i].letter.to_ascii_uppercase(),
                Some(i) => def.pieces[*i].letter,
                None => '.',
            })
            .collect()
    };
    let mut lines = vec![format!(
        "setup ({}{}) {}x{}+{}_fairy {}",
        letters(true),
        letters(false),
        rules.files,
        rules.ranks,
        rules.pocket_size(),
        def.start_fen()
    )];
    let castling_king = castling_suffix(rules);
    for piece in &def.pieces {
        let mut betza = piece.betza.text.clone();
        if let Some(step) = def.initial_step_betza(piece) {
            betza += step;
        }
        let type_index = rules.pieces.iter().position(|p| p.letter == piece.letter);
        if let (Some((types, suffix)), Some(t)) = (&castling_king, type_index)
            && types & (1 << t) != 0
        {
            betza += suffix;
        }
        lines.push(format!(
            "piece {}& {betza}",
            piece.letter.to_ascii_uppercase()
        ));
    }
    Ok(lines)
}

/// The castling king types and their Betza castling (`O2`: the king moves
/// two squares), when the variant castles.
fn castling_suffix(rules: &RuleTable) -> Option<(u64, String)> {
    let [Some(king_side), Some(queen_side)] = rules.castling.geometry.first()? else {
        return None;
    };
    let kings = rules.castling.king_types;
    let span = rules
        .file_of(king_side.king_to)
        .abs_diff(rules.file_of(queen_side.king_to));
    (kings != 0).then(|| (kings, format!("O{}", span / 2)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::Catalog;
    use crate::rules::compile;

    fn lines(name: &str) -> Vec<String> {
        let catalog = Catalog::shipped();
        let def = catalog.checked(name).expect("shipped");
        setup_lines(def, &compile(def).expect("supported")).expect("XBoard can show it")
    }

    /// Chess as Fairy-Stockfish would describe it: the usual letters in
    /// their slots, the pawn's double step and the king's castling added.
    #[test]
    fn chess_pieces_keep_their_slots_and_moves() {
        let lines = lines("chess");
        assert_eq!(
            lines[0],
            "setup (PNBRQ................Kpnbrq................k) 8x8+0_fairy \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert!(
            lines.contains(&"piece P& fmWfceFifmnD".to_string()),
            "{lines:?}"
        );
        assert!(lines.contains(&"piece K& KO2".to_string()), "{lines:?}");
        assert!(lines.contains(&"piece N& N".to_string()), "{lines:?}");
    }

    /// Tetrion Prime's fairy pieces go to free slots, each letter once.
    #[test]
    fn fairy_pieces_take_free_slots() {
        let lines = lines("tetrion-prime");
        let table = lines[0].split(['(', ')']).nth(1).expect("a table");
        assert_eq!(table.len(), 44);
        let white: String = table[..22].chars().filter(|c| *c != '.').collect();
        let mut unique: Vec<char> = white.chars().collect();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), white.len(), "{table}");
        assert_eq!(lines.len(), 1 + white.len(), "{lines:?}");
    }
}
