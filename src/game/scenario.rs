//! Scenario files: a variant, a start, steps (moves and actions) and what
//! must hold after each, in TOML (the format of SCENARIOS.md). A scenario
//! runs on a [`Game`]; it passes when every step is accepted or refused as
//! it says and every expectation holds.
//!
//! Besides SCENARIOS.md's keys, a step may hold only `expect` (checked on
//! the position as it stands, before or between steps).

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::action::{Action, ClaimRule, Refusal};
use super::adjudicator::Game;
use crate::catalog::{Catalog, LookupError};
use crate::diagnostic::Diagnostic;
use crate::rules::compile;
use crate::seat::Seat;
use crate::source::{Location, SourceFile};

/// A scenario file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioSpec {
    variant: Spanned<String>,
    #[serde(default)]
    variants: Vec<Spanned<String>>,
    start: Option<Spanned<String>>,
    title: Option<String>,
    #[serde(default)]
    seed: u64,
    #[serde(default, rename = "step")]
    steps: Vec<Spanned<StepSpec>>,
}

/// One `[[step]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct StepSpec {
    #[serde(rename = "move")]
    mv: Option<Spanned<String>>,
    action: Option<Spanned<String>>,
    by: Option<Spanned<String>>,
    rule: Option<Spanned<String>>,
    #[serde(default)]
    refused: bool,
    expect: Option<Expect>,
}

/// The keys of `expect = { ... }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Expect {
    result: Option<Spanned<String>>,
    winners: Option<Vec<Spanned<String>>>,
    rule: Option<Spanned<String>>,
    to_move: Option<Spanned<String>>,
    check: Option<Vec<Spanned<String>>>,
    eliminated: Option<Vec<Spanned<String>>>,
    scores: Option<Spanned<BTreeMap<String, i64>>>,
    legal: Option<u64>,
    fen: Option<String>,
}

/// Why a scenario could not run at all.
#[derive(Debug)]
pub enum ScenarioError {
    /// The file (or a variant file it names) cannot be read, or it names a
    /// variant that does not exist or cannot be played: exit 2.
    Environment(String),
    /// The scenario file is wrong (syntax, an unknown key, a bad move or
    /// seat): a diagnostic at its place.
    Invalid(Box<Diagnostic>),
}

/// An expectation that did not hold, or a step accepted or refused against
/// the file's word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The step, from 1.
    pub step: usize,
    /// The step's line in the file.
    pub line: usize,
    /// What the file expected.
    pub expected: String,
    /// What happened.
    pub got: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "step {}: expected {}, got {} (line {})",
            self.step, self.expected, self.got, self.line
        )
    }
}

/// A scenario's run: its event log and its first failure, if any.
#[derive(Clone, Debug)]
pub struct Report {
    /// The scenario's title.
    pub title: Option<String>,
    /// One line per event or refusal, each naming its step.
    pub log: Vec<String>,
    /// The first failure; `None` when the scenario passed.
    pub failure: Option<Failure>,
}

/// The scenario files a path stands for: the file itself, or every `.toml`
/// file under a folder, recursively, in name order.
pub fn scenario_files(path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(path, &mut out);
    out
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(path) else {
        // Not a folder: a file (an unreadable one is reported when run).
        out.push(path.to_path_buf());
        return;
    };
    let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    found.sort();
    for entry in found {
        if entry.is_dir() {
            collect(&entry, out);
        } else if entry.extension().is_some_and(|e| e == "toml") {
            out.push(entry);
        }
    }
}

/// Reads and runs a scenario file.
pub fn run_file(path: &Path) -> Result<Report, ScenarioError> {
    let text = crate::text_file::read_text(path).map_err(|e| {
        ScenarioError::Environment(format!("cannot read `{}`: {e}", path.display()))
    })?;
    let file = SourceFile::new(path.display().to_string(), text);
    let base = path.parent().unwrap_or(Path::new("."));
    run(&file, base)
}

/// Runs a scenario read from `file`; `variants` paths are relative to `base`.
pub fn run(file: &Arc<SourceFile>, base: &Path) -> Result<Report, ScenarioError> {
    let at = |start: usize, end: usize| Location::new(file, start, end);
    let invalid = |message: String, start: usize, end: usize| {
        ScenarioError::Invalid(Box::new(Diagnostic::error(message).at(&at(start, end))))
    };
    let spec: ScenarioSpec = toml::from_str(&file.text).map_err(|e| {
        let span = e.span().unwrap_or(0..0);
        invalid(
            e.message().trim_end().to_string(),
            span.start,
            span.end.max(span.start + 1).min(file.text.len()),
        )
    })?;
    let mut catalog = Catalog::shipped();
    for extra in &spec.variants {
        let path = base.join(extra.get_ref());
        let text = crate::text_file::read_text(&path).map_err(|e| {
            ScenarioError::Environment(format!("cannot read `{}`: {e}", path.display()))
        })?;
        catalog.load(SourceFile::new(path.display().to_string(), text));
    }
    let name = spec.variant.get_ref();
    let span = spec.variant.span();
    let def = catalog.checked(name).map_err(|e| match e {
        LookupError::Unknown { .. } => ScenarioError::Environment(e.to_string()),
        LookupError::HasErrors { .. } => invalid(e.to_string(), span.start, span.end),
    })?;
    let rules = compile(def).map_err(|e| ScenarioError::Environment(e.to_string()))?;
    let start = spec
        .start
        .as_ref()
        .map_or(def.start_fen(), |s| s.get_ref().as_str());
    let mut game = Game::new(Arc::new(rules), start, spec.seed).map_err(|e| {
        let span = spec.start.as_ref().map_or(span.clone(), |s| s.span());
        invalid(format!("invalid start position: {e}"), span.start, span.end)
    })?;
    let mut log = Vec::new();
    for (index, step) in spec.steps.iter().enumerate() {
        let number = index + 1;
        let line = file.line_col(step.span().start).0;
        let outcome = take_step(&mut game, step.get_ref(), &invalid)?;
        let fail = |expected: String, got: String| Failure {
            step: number,
            line,
            expected,
            got,
        };
        match &outcome {
            Some(Ok(events)) => {
                for event in events {
                    log.push(format!("step {number}: {}", event.describe(game.rules())));
                }
            }
            Some(Err(refusal)) => log.push(format!("step {number}: refused: {refusal}")),
            None => {}
        }
        let refused = matches!(outcome, Some(Err(_)));
        if step.get_ref().refused && !refused {
            let failure = fail("the step to be refused".into(), "it accepted".into());
            return Ok(Report {
                title: spec.title.clone(),
                log,
                failure: Some(failure),
            });
        }
        if let Some(Err(refusal)) = &outcome
            && !step.get_ref().refused
        {
            let failure = fail(
                "the step to be accepted".into(),
                format!("refused: {refusal}"),
            );
            return Ok(Report {
                title: spec.title.clone(),
                log,
                failure: Some(failure),
            });
        }
        if let Some(expect) = &step.get_ref().expect
            && let Some((expected, got)) = check(&game, expect, &invalid)?
        {
            return Ok(Report {
                title: spec.title.clone(),
                log,
                failure: Some(fail(expected, got)),
            });
        }
    }
    Ok(Report {
        title: spec.title.clone(),
        log,
        failure: None,
    })
}

type Invalid<'a> = dyn Fn(String, usize, usize) -> ScenarioError + 'a;

/// The seat a name in the file names, or a diagnostic at it.
fn seat(game: &Game, name: &Spanned<String>, invalid: &Invalid<'_>) -> Result<Seat, ScenarioError> {
    game.seat_named(name.get_ref()).ok_or_else(|| {
        let names: Vec<&str> = game.rules().seats.iter().map(|s| s.name.as_str()).collect();
        let span = name.span();
        invalid(
            format!(
                "unknown seat `{}`; this variant's seats are {}",
                name.get_ref(),
                names.join(", ")
            ),
            span.start,
            span.end,
        )
    })
}

/// The legal move a step's text names, or the refusal; text that is not a
/// move in the variant's notation is a mistake in the file, at its place.
fn step_move(
    game: &Game,
    text: &Spanned<String>,
    invalid: &Invalid<'_>,
) -> Result<Result<crate::moves::Move, Refusal>, ScenarioError> {
    match game.parse_move(text.get_ref()) {
        Err(Refusal::Notation(_, why)) => {
            let span = text.span();
            Err(invalid(
                format!("`{}` is not a move: {why}", text.get_ref()),
                span.start,
                span.end,
            ))
        }
        found => Ok(found),
    }
}

/// Plays one step: `None` for a step with only an expectation.
fn take_step(
    game: &mut Game,
    step: &StepSpec,
    invalid: &Invalid<'_>,
) -> Result<Option<Result<Vec<super::Event>, Refusal>>, ScenarioError> {
    let misplaced = |key: &str, value: &Spanned<String>, why: &str| {
        let span = value.span();
        invalid(format!("`{key}` {why}"), span.start, span.end)
    };
    let action = match &step.action {
        None => {
            if let Some(by) = &step.by {
                return Err(misplaced("by", by, "goes with an `action`"));
            }
            if let Some(rule) = &step.rule {
                return Err(misplaced(
                    "rule",
                    rule,
                    "goes with `action = \"claim-draw\"`",
                ));
            }
            let Some(text) = &step.mv else {
                return Ok(None);
            };
            return Ok(Some(if text.get_ref() == "auto" {
                game.play_auto()
            } else {
                step_move(game, text, invalid)?.and_then(|mv| game.play(mv))
            }));
        }
        Some(action) => action,
    };
    let by = step
        .by
        .as_ref()
        .map(|b| seat(game, b, invalid))
        .transpose()?;
    let claim = action.get_ref() == "claim-draw";
    if let Some(rule) = step.rule.as_ref().filter(|_| !claim) {
        return Err(misplaced(
            "rule",
            rule,
            "goes with `action = \"claim-draw\"`",
        ));
    }
    if let Some(mv) = step.mv.as_ref().filter(|_| !claim) {
        return Err(misplaced(
            "move",
            mv,
            "goes with `action = \"claim-draw\"` only; a step is one move or one action",
        ));
    }
    let chosen = match action.get_ref().as_str() {
        "resign" => Action::Resign,
        "timeout" => Action::Timeout,
        "offer-draw" => Action::OfferDraw,
        "accept-draw" => Action::AcceptDraw,
        "decline-draw" => Action::DeclineDraw,
        "claim-win" => Action::ClaimWin,
        "claim-draw" => {
            let Some(rule) = &step.rule else {
                let span = action.span();
                return Err(invalid(
                    "`claim-draw` needs `rule = \"repetition\"` or `rule = \"n-move\"`".into(),
                    span.start,
                    span.end,
                ));
            };
            let claimed = match rule.get_ref().as_str() {
                "repetition" => ClaimRule::Repetition,
                "n-move" => ClaimRule::NMove,
                other => {
                    return Err(misplaced(
                        "rule",
                        rule,
                        &format!("is `{other}`; a draw claim is `repetition` or `n-move`"),
                    ));
                }
            };
            let mv = match &step.mv {
                None => None,
                Some(text) => match step_move(game, text, invalid)? {
                    Ok(mv) => Some(mv),
                    Err(refusal) => return Ok(Some(Err(refusal))),
                },
            };
            Action::ClaimDraw(claimed, mv)
        }
        other => {
            return Err(misplaced(
                "action",
                action,
                &format!(
                    "is `{other}`; an action is one of resign, timeout, offer-draw, accept-draw, decline-draw, claim-draw, claim-win"
                ),
            ));
        }
    };
    Ok(Some(game.act(chosen, by)))
}

/// Checks an expectation: the first key that does not hold, as (expected,
/// got).
fn check(
    game: &Game,
    expect: &Expect,
    invalid: &Invalid<'_>,
) -> Result<Option<(String, String)>, ScenarioError> {
    let names = |seats: &[Seat]| -> String {
        let list: Vec<String> = seats
            .iter()
            .map(|&s| format!("\"{}\"", game.seat_name(s)))
            .collect();
        format!("[{}]", list.join(", "))
    };
    let seat_set = |list: &[Spanned<String>]| -> Result<Vec<Seat>, ScenarioError> {
        let mut seats = list
            .iter()
            .map(|n| seat(game, n, invalid))
            .collect::<Result<Vec<_>, _>>()?;
        seats.sort();
        seats.dedup();
        Ok(seats)
    };
    let result = game.result();
    if let Some(want) = &expect.result {
        let got = result.map_or("ongoing", |r| r.outcome.name());
        if !["ongoing", "win", "draw", "aborted"].contains(&want.get_ref().as_str()) {
            let span = want.span();
            return Err(invalid(
                format!(
                    "`{}` is not a result; expected `ongoing`, `win`, `draw` or `aborted`",
                    want.get_ref()
                ),
                span.start,
                span.end,
            ));
        }
        if want.get_ref() != got {
            return Ok(Some((
                format!("result = \"{}\"", want.get_ref()),
                format!("\"{got}\""),
            )));
        }
    }
    if let Some(want) = &expect.winners {
        let want = seat_set(want)?;
        let got = result.map_or(&[][..], |r| r.outcome.winners());
        if want != got {
            return Ok(Some((format!("winners = {}", names(&want)), names(got))));
        }
    }
    if let Some(want) = &expect.rule {
        let got = result.map_or("none (the game is not over)".to_string(), |r| {
            format!("\"{}\"", r.rule)
        });
        if format!("\"{}\"", want.get_ref()) != got {
            return Ok(Some((format!("rule = \"{}\"", want.get_ref()), got)));
        }
    }
    if let Some(want) = &expect.to_move {
        let seat = seat(game, want, invalid)?;
        let got = game.to_move();
        if got != Some(seat) {
            let got = got.map_or("none (the game is over)".to_string(), |s| {
                format!("\"{}\"", game.seat_name(s))
            });
            return Ok(Some((
                format!("to_move = \"{}\"", game.seat_name(seat)),
                got,
            )));
        }
    }
    if let Some(want) = &expect.check {
        let want = seat_set(want)?;
        let got = game.checked_seats();
        if want != got {
            return Ok(Some((format!("check = {}", names(&want)), names(&got))));
        }
    }
    if let Some(want) = &expect.eliminated {
        let want = seat_set(want)?;
        let got = game.eliminated();
        if want != got {
            return Ok(Some((
                format!("eliminated = {}", names(&want)),
                names(&got),
            )));
        }
    }
    if let Some(want) = &expect.scores {
        for (name, &points) in want.get_ref() {
            let span = want.span();
            let spanned = Spanned::new(span, name.clone());
            let seat = seat(game, &spanned, invalid)?;
            let got = game.score(seat);
            if i64::from(got) != points {
                return Ok(Some((
                    format!("scores.{} = {points}", game.seat_name(seat)),
                    got.to_string(),
                )));
            }
        }
    }
    if let Some(want) = expect.legal {
        let got = game.legal_moves().len() as u64;
        if want != got {
            return Ok(Some((format!("legal = {want}"), got.to_string())));
        }
    }
    if let Some(want) = &expect.fen {
        let got = game.fen();
        if *want != got {
            return Ok(Some((format!("fen = \"{want}\""), format!("\"{got}\""))));
        }
    }
    Ok(None)
}
