//! Rooms that outlive their server: how a room was set up is recorded when
//! it opens, and every step that changes it as it happens
//! ([`super::room::Step`]). On start an instance resumes its open rooms by
//! replaying their steps (their people away, the clocks stopped until a
//! player returns, as on a disconnection), and closes the ones it cannot
//! set up again; on a stop it ends them without closing them.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::App;
use super::author::{CheckRequest, check_text};
use super::failure::{Failure, bad};
use super::quota::Share;
use super::room::{RoomConfig, Step, spawn};
use super::rules_cache::{Compiled, VariantKey};
use super::work::Budget;
use crate::catalog::Catalog;
use crate::game::TimeControl;
use crate::position::Position;
use crate::rules::compile;
use crate::shuffle::{Shuffle, shuffled_start};
use crate::source::SourceFile;

/// The variant a room plays.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum VariantSource {
    /// A shipped or `--variants` variant, by name.
    Named(String),
    /// A section of a user's file (the first playable one when none is
    /// named).
    Text {
        /// The file.
        text: String,
        /// The section.
        section: Option<String>,
    },
}

impl VariantSource {
    fn key(&self) -> VariantKey {
        match self {
            VariantSource::Named(name) => (None, Some(name.clone())),
            VariantSource::Text { text, section } => (Some(text.clone()), section.clone()),
        }
    }
}

/// How a room was set up: what replaying its steps starts from.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct RoomSetup {
    pub(super) source: VariantSource,
    /// The start position, when it is not the variant's own (shuffled).
    pub(super) start: Option<String>,
    /// The time control (`5+3`).
    pub(super) control: Option<String>,
    pub(super) bots: Vec<Option<u8>>,
    pub(super) host: String,
    pub(super) seed: u64,
}

/// A room's shares of the server's room caps: the whole server's, and the
/// client's that opened it (none for a resumed room).
pub(super) type RoomShares = (Share<()>, Option<Share<IpAddr>>);

impl App {
    /// The variant of `source`, from the cache or prepared within the work
    /// budget, and the room's start when shuffled.
    pub(super) async fn variant(
        &self,
        client: IpAddr,
        source: &VariantSource,
        shuffle: Option<Shuffle>,
    ) -> Result<(Compiled, Option<String>), Failure> {
        let key = source.key();
        let cached = self.rules.get(&key);
        if let (Some(compiled), None) = (&cached, shuffle) {
            // Compiled, checked and its start set up for an open room.
            return Ok((compiled.clone(), None));
        }
        let base = self.base.clone();
        let job_source = source.clone();
        let (compiled, start) = self
            .work
            .run(client, move |budget| {
                prepare(&base, &job_source, cached, shuffle, budget)
            })
            .await?
            .map_err(|why| {
                if why.starts_with("checking this file takes more") {
                    Failure(StatusCode::UNPROCESSABLE_ENTITY, why)
                } else {
                    bad(why)
                }
            })?;
        Ok((self.rules.keep(key, compiled), start))
    }

    /// Starts a room's task (replaying `steps` first), registered until it
    /// ends.
    pub(super) fn start_room(
        self: &Arc<Self>,
        id: String,
        setup: &RoomSetup,
        compiled: Compiled,
        steps: Vec<Step>,
        shares: RoomShares,
    ) -> Result<(), String> {
        let control = match setup.control.as_deref() {
            Some(text) => Some(
                text.parse::<TimeControl>()
                    .map_err(|e| format!("its clock: {e}"))?,
            ),
            None => None,
        };
        let config = RoomConfig {
            id: id.clone(),
            start: setup
                .start
                .clone()
                .unwrap_or_else(|| compiled.start.clone()),
            variant_start: compiled.start,
            rules: compiled.rules,
            control,
            bots: setup.bots.clone(),
            host: setup.host.clone(),
            seed: setup.seed,
            bot_pace: self.config.bot_pace,
            bot_think: self.config.bot_think,
            idle_close: self.config.idle_close,
        };
        let weak = Arc::downgrade(self);
        let handle = spawn(
            config,
            steps,
            self.store.clone(),
            self.step_log.clone(),
            self.searchers.clone(),
            move |id| {
                if let Some(app) = weak.upgrade() {
                    app.rooms.lock().expect("no panic holds it").remove(&id);
                }
                drop(shares);
            },
        );
        self.rooms
            .lock()
            .expect("no panic holds it")
            .insert(id, handle);
        Ok(())
    }

    /// Resumes the open rooms this instance hosted (on SQLite, every open
    /// room); a room that cannot be set up again is closed, with why.
    /// Returns how many resumed and how many closed.
    pub(super) async fn resume_rooms(
        self: &Arc<Self>,
    ) -> Result<(usize, usize), super::StoreError> {
        let rooms = self.store.rooms_to_resume(&self.instance).await?;
        let (mut resumed, mut closed) = (0, 0);
        for (room, setup) in rooms {
            match self.resume_room(&room.id, setup.as_deref()).await {
                Ok(()) => {
                    if room.instance != self.instance {
                        self.store.move_room(&room.id, &self.instance).await?;
                    }
                    resumed += 1;
                }
                Err(why) => {
                    eprintln!("tetrarch serve: room {} is closed: {why}", room.id);
                    self.store.close_room(&room.id).await?;
                    closed += 1;
                }
            }
        }
        Ok((resumed, closed))
    }

    async fn resume_room(self: &Arc<Self>, id: &str, setup: Option<&str>) -> Result<(), String> {
        let setup: RoomSetup = serde_json::from_str(
            setup.ok_or("it was opened before rooms were recorded for a restart")?,
        )
        .map_err(|e| format!("its setup cannot be read: {e}"))?;
        let texts = self.store.room_steps(id).await.map_err(|e| e.to_string())?;
        let steps = texts
            .iter()
            .map(|t| serde_json::from_str::<Step>(t))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| format!("a step cannot be read: {e}"))?;
        let slot = self
            .room_slots
            .take(())
            .ok_or("the server's room cap is reached")?;
        let local = IpAddr::from([127, 0, 0, 1]);
        let (compiled, _) = self
            .variant(local, &setup.source, None)
            .await
            .map_err(|f| f.1)?;
        self.start_room(id.to_string(), &setup, compiled, steps, (slot, None))
    }

    /// Ends every room without closing it (the server is stopping): each
    /// writes its last steps and closes its connections; waits at most
    /// `patience`.
    pub(super) async fn stop_rooms(&self, patience: Duration) {
        let handles: Vec<_> = self
            .rooms
            .lock()
            .expect("no panic holds it")
            .values()
            .cloned()
            .collect();
        for handle in handles {
            let _ = handle.tx.send(super::room::RoomInput::Shutdown).await;
        }
        let _ = tokio::time::timeout(patience, async {
            while !self.rooms.lock().expect("no panic holds it").is_empty() {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
        .await;
    }
}

/// The rules and the start position of the variant a room will play: a
/// named one, or a section of a file, checked within the work budget (a
/// file's every section is checked first, as `tetrarch check` does);
/// shuffled when asked. `cached`: the rules compiled for an earlier room.
fn prepare(
    base: &[Arc<SourceFile>],
    source: &VariantSource,
    cached: Option<Compiled>,
    shuffle: Option<Shuffle>,
    budget: &Budget,
) -> Result<(Compiled, Option<String>), String> {
    let mut catalog = Catalog::default();
    for file in base {
        catalog.load(file.clone());
    }
    let name = match (source, &cached) {
        (_, Some(cached)) => {
            if let VariantSource::Text { text, .. } = source {
                catalog.load(SourceFile::new(super::author::FILE_NAME, text.as_str()));
            }
            cached.name.clone()
        }
        (VariantSource::Named(name), None) => name.clone(),
        (VariantSource::Text { text, section }, None) => {
            let request = CheckRequest {
                text: text.clone(),
                section: section.clone(),
            };
            let reply = check_text(base, &request, &|| budget.spent()).map_err(|stopped| {
                format!(
                    "checking this file takes more than the server gives a request: {} of its {} sections were checked",
                    stopped.checked, stopped.sections
                )
            })?;
            let Some(name) = reply.described.filter(|_| reply.playable) else {
                return Err(
                    "the file has no section that can be played: fix its errors first".into(),
                );
            };
            catalog.load(SourceFile::new(super::author::FILE_NAME, text.as_str()));
            name
        }
    };
    let def = catalog.checked(&name).map_err(|e| e.to_string())?;
    let compiled = match cached {
        Some(cached) => cached,
        None => Compiled {
            rules: Arc::new(compile(def).map_err(|e| e.to_string())?),
            name,
            start: def.start_fen().to_string(),
        },
    };
    let shuffled = match shuffle {
        Some(shuffle) => Some(shuffled_start(def, shuffle).map_err(|e| format!("start: {e}"))?),
        None => None,
    };
    let start = shuffled.as_deref().unwrap_or(&compiled.start);
    Position::from_text(compiled.rules.as_ref(), start)
        .map_err(|e| format!("the start position: {e}"))?;
    Ok((compiled, shuffled))
}
