//! `tetrarch describe`: a variant in words, markdown, JSON or SVG, for
//! authors and players (the overview itself is [`crate::describe`]).

use std::path::{Path, PathBuf};

use super::Exit;
use super::load::{checked, load_catalog};
use super::output::{print, tell};
use crate::describe::{board_svg, markdown, overview, piece_svg, text};

/// What `describe` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Plain text with text diagrams.
    Text,
    /// A markdown page.
    Markdown,
    /// The overview as JSON.
    Json,
    /// SVG pictures: one per piece and the start position.
    Svg,
}

/// Runs `describe`.
pub fn run(
    variant: &str,
    variants: &[PathBuf],
    format: Format,
    out: Option<&Path>,
) -> Result<(), Exit> {
    let catalog = load_catalog(variants)?;
    let def = checked(&catalog, variant)?;
    let o = overview(def);
    let files: Vec<(String, String)> = match format {
        Format::Text => vec![(format!("{}.txt", o.name), text(&o))],
        Format::Markdown => vec![(format!("{}.md", o.name), markdown(&o))],
        Format::Json => vec![(
            format!("{}.json", o.name),
            serde_json::to_string_pretty(&o).expect("an overview serialises") + "\n",
        )],
        Format::Svg => {
            if out.is_none() {
                tell(
                    "error: --format svg writes one file per piece and one for the start position: give --out DIR",
                );
                return Err(Exit::Usage);
            }
            let mut files: Vec<(String, String)> = board_svg(&o)
                .map(|svg| (format!("{}-start.svg", o.name), svg))
                .into_iter()
                .collect();
            for piece in &o.pieces {
                if let Some(svg) = piece_svg(piece) {
                    files.push((format!("{}-{}.svg", o.name, piece.key), svg));
                }
            }
            files
        }
    };
    match out {
        None => {
            for (_, content) in &files {
                print(content)?;
            }
            Ok(())
        }
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| {
                tell(format_args!(
                    "error: cannot create `{}`: {e}",
                    dir.display()
                ));
                Exit::Usage
            })?;
            for (name, content) in &files {
                let path = dir.join(name);
                std::fs::write(&path, content).map_err(|e| {
                    tell(format_args!(
                        "error: cannot write `{}`: {e}",
                        path.display()
                    ));
                    Exit::Usage
                })?;
                print(format_args!("wrote {}\n", path.display()))?;
            }
            Ok(())
        }
    }
}
