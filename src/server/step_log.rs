//! Writing rooms' steps: one task takes every room's new steps and writes
//! all that arrived meanwhile in one transaction (a group commit), then
//! tells each room its steps are written. A room sends its views only
//! after that, so what a browser sees survives a kill.

use tokio::sync::{mpsc, oneshot};

use super::store::{StepBatch, Store};

/// The most batches written in one transaction.
const GROUP: usize = 1024;

/// Where rooms send their steps.
#[derive(Clone, Debug)]
pub(super) struct StepLog {
    tx: mpsc::Sender<(StepBatch, oneshot::Sender<Result<(), String>>)>,
}

impl StepLog {
    /// Starts the writer on `store`.
    pub(super) fn start(store: Store) -> StepLog {
        let (tx, mut rx) = mpsc::channel::<(StepBatch, oneshot::Sender<Result<(), String>>)>(GROUP);
        tokio::spawn(async move {
            let mut group = Vec::new();
            while rx.recv_many(&mut group, GROUP).await > 0 {
                let (batches, waiting): (Vec<_>, Vec<_>) = group.drain(..).unzip();
                let written = store.add_steps(&batches).await.map_err(|e| e.to_string());
                for done in waiting {
                    let _ = done.send(written.clone());
                }
            }
        });
        StepLog { tx }
    }

    /// Writes a room's steps, numbered from `first`; returns once they are
    /// written.
    pub(super) async fn write(
        &self,
        room: &str,
        first: i64,
        steps: Vec<String>,
    ) -> Result<(), String> {
        let (done, written) = oneshot::channel();
        let batch = StepBatch {
            room: room.to_string(),
            first,
            steps,
        };
        self.tx
            .send((batch, done))
            .await
            .map_err(|_| "the step writer has stopped".to_string())?;
        written
            .await
            .map_err(|_| "the step writer has stopped".to_string())?
    }
}
