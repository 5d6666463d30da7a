//! A Fairy-Stockfish binary driven over UCI for the benchmark: one process
//! per binary, kept for the whole run; each perft is timed by the CPU time
//! the process spends between the `go perft` command and its `Nodes
//! searched` line, so start-up and variant loading are not counted.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use crate::cpu_time as cpu;

/// A running Fairy-Stockfish.
pub struct Reference {
    /// The binary.
    pub path: PathBuf,
    /// Its `id name`.
    pub name: String,
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The variant selected last.
    variant: String,
    /// The variants its `UCI_Variant` option lists (its built-ins).
    built_in: Vec<String>,
}

/// One timed perft.
pub struct Timed {
    /// The count.
    pub nodes: u64,
    /// CPU time when the system reports it, wall time otherwise.
    pub time: Duration,
}

impl Reference {
    /// Starts `path`, loading `variant_files` through `VariantPath`.
    pub fn start(path: &Path, variant_files: &[PathBuf]) -> Result<Reference, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run `{}`: {e}", path.display()))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        let mut engine = Reference {
            path: path.to_path_buf(),
            name: String::new(),
            child,
            input,
            output,
            variant: "chess".into(),
            built_in: Vec::new(),
        };
        engine.send("uci")?;
        let id = engine.read_until("uciok")?;
        engine.name = id
            .iter()
            .find_map(|l| l.strip_prefix("id name "))
            .unwrap_or("Fairy-Stockfish")
            .to_string();
        engine.built_in = id
            .iter()
            .find(|l| l.starts_with("option name UCI_Variant "))
            .map(|l| {
                l.split(" var ")
                    .skip(1)
                    .map(|v| v.split_whitespace().next().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default();
        if !variant_files.is_empty() {
            let paths: Vec<String> = variant_files
                .iter()
                .map(|p| p.display().to_string())
                .collect();
            engine.send(&format!(
                "setoption name VariantPath value {}",
                paths.join(":")
            ))?;
        }
        engine.send("isready")?;
        engine.read_until("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("{} stopped reading: {e}", self.path.display()))
    }

    /// The lines up to and including the one that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            match self.output.read_line(&mut line) {
                Ok(0) | Err(_) => {
                    return Err(format!("{} ended before `{prefix}`", self.path.display()));
                }
                Ok(_) => {}
            }
            let line = line.trim_end().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return Ok(lines);
            }
        }
    }

    /// Perft of `fen` in `variant` to `depth`, or why not (the variant is
    /// unknown to this binary).
    pub fn perft(&mut self, variant: &str, fen: &str, depth: u32) -> Result<Timed, String> {
        if variant != self.variant {
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
            self.send("isready")?;
            let lines = self.read_until("readyok")?;
            // Fairy-Stockfish announces a variant it loaded from a file, not
            // its built-ins, which its `UCI_Variant` option lists.
            let announced = lines
                .iter()
                .any(|l| l.starts_with(&format!("info string variant {variant} ")));
            if !announced && !self.built_in.iter().any(|v| v == variant) {
                return Err(format!("{} does not know {variant}", self.name));
            }
            self.variant = variant.to_string();
        }
        self.send(&format!("position fen {fen}"))?;
        let pid = self.child.id();
        let (cpu_before, wall) = (cpu::process(pid), Instant::now());
        self.send(&format!("go perft {depth}"))?;
        let lines = self.read_until("Nodes searched:")?;
        let time = match (cpu_before, cpu::process(pid)) {
            (Some(before), Some(after)) => after.saturating_sub(before),
            _ => wall.elapsed(),
        };
        let nodes = lines
            .last()
            .and_then(|l| l.strip_prefix("Nodes searched:"))
            .and_then(|n| n.trim().parse().ok())
            .ok_or("no node count")?;
        Ok(Timed { nodes, time })
    }
}

impl Drop for Reference {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
