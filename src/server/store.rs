//! Storage through sqlx: user variants, the rooms (and the instance that
//! hosts each) and finished games, in SQLite (a file, the default) or
//! PostgreSQL (by URL, for several instances sharing one database). The
//! schema is `migrations/`, embedded and applied at start, each file once
//! (the table `tetrarch_schema` records which); sqlx's own migration macro
//! would compile the whole sqlx stack a second time for itself.

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};

/// Who may see a stored variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Visibility {
    /// Only its owner (who holds its owner key).
    Private,
    /// Anyone with its link.
    Unlisted,
    /// Listed for everyone.
    Public,
}

impl Visibility {
    fn as_str(self) -> &'static str {
        match self {
            Visibility::Private => "private",
            Visibility::Unlisted => "unlisted",
            Visibility::Public => "public",
        }
    }

    fn parse(text: &str) -> Visibility {
        match text {
            "public" => Visibility::Public,
            "unlisted" => Visibility::Unlisted,
            _ => Visibility::Private,
        }
    }
}

/// A stored variant file.
#[derive(Clone, Debug, serde::Serialize)]
pub struct StoredVariant {
    /// Its id (in links).
    pub id: String,
    /// Who may see it.
    pub visibility: Visibility,
    /// The name of its (first) section.
    pub name: String,
    /// The file's text.
    pub text: String,
    /// When it was saved, in seconds since 1970.
    pub created: i64,
    /// The owner's key; kept out of what others see.
    #[serde(skip)]
    pub owner: String,
}

/// A finished game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct StoredGame {
    /// Its id (in links).
    pub id: String,
    /// The room it was played in.
    pub room: String,
    /// Its number in the room, from 1.
    pub number: i64,
    /// The variant's name.
    pub variant: String,
    /// `pgn` or `pgn4`.
    pub format: String,
    /// The result as the record writes it.
    pub result: String,
    /// The PGN or PGN4 text.
    pub record: String,
    /// When it ended, in seconds since 1970.
    pub finished: i64,
}

/// A room as the database knows it.
#[derive(Clone, Debug, serde::Serialize)]
pub struct StoredRoom {
    /// Its id.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The time control (`5+3`), if any.
    pub clock: Option<String>,
    /// The base URL of the instance that hosts it.
    pub instance: String,
    /// When it opened, in seconds since 1970.
    pub created: i64,
}

/// Steps of one room to add: JSON texts numbered from `first`.
#[derive(Clone, Debug)]
pub struct StepBatch {
    /// The room.
    pub room: String,
    /// The number of the first step.
    pub first: i64,
    /// The steps.
    pub steps: Vec<String>,
}

/// Why storage failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// The schema, in order: a version and its SQL.
const MIGRATIONS: &[(i64, &str)] = &[
    (1, include_str!("../../migrations/0001_playground.sql")),
    (2, include_str!("../../migrations/0002_resume.sql")),
];

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    sqlite: bool,
}

/// Seconds since 1970.
pub fn now_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Opens the database `target`: a `sqlite:` or `postgres://` URL, or a
    /// file path (SQLite, created if missing); applies the migrations.
    pub async fn open(target: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let url = if target.contains("://") || target.starts_with("sqlite:") {
            target.to_string()
        } else {
            format!("sqlite://{target}?mode=rwc")
        };
        let sqlite = url.starts_with("sqlite:");
        // SQLite takes one writer at a time: one connection avoids busy
        // errors, and it is kept for the life of the server (an in-memory
        // database lives only as long as its connection). PostgreSQL gets
        // a pool.
        let options = if sqlite {
            AnyPoolOptions::new()
                .max_connections(1)
                .min_connections(1)
                .idle_timeout(None)
                .max_lifetime(None)
        } else {
            AnyPoolOptions::new().max_connections(8)
        };
        let pool = options.connect(&url).await?;
        if sqlite && !url.contains(":memory:") {
            // Every room step is a write: the write-ahead log makes one
            // cheap, and a commit survives a killed process.
            sqlx::raw_sql("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
                .execute(&pool)
                .await?;
        }
        migrate(&pool, !sqlite).await?;
        Ok(Store { pool, sqlite })
    }

    /// Whether the database is SQLite (one instance's own).
    pub fn is_sqlite(&self) -> bool {
        self.sqlite
    }

    /// Saves a variant file.
    pub async fn save_variant(&self, variant: &StoredVariant) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO variants (id, owner, visibility, name, text, created) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&variant.id)
        .bind(&variant.owner)
        .bind(variant.visibility.as_str())
        .bind(&variant.name)
        .bind(&variant.text)
        .bind(variant.created)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A stored variant by id.
    pub async fn variant(&self, id: &str) -> Result<Option<StoredVariant>, StoreError> {
        let row = sqlx::query(
            "SELECT id, owner, visibility, name, text, created FROM variants WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|row| StoredVariant {
            id: row.get(0),
            owner: row.get(1),
            visibility: Visibility::parse(&row.get::<String, _>(2)),
            name: row.get(3),
            text: row.get(4),
            created: row.get(5),
        }))
    }

    /// The public variants, newest first (at most `limit`).
    pub async fn public_variants(&self, limit: i64) -> Result<Vec<StoredVariant>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, owner, visibility, name, text, created FROM variants WHERE visibility = 'public' ORDER BY created DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|row| StoredVariant {
                id: row.get(0),
                owner: row.get(1),
                visibility: Visibility::Public,
                name: row.get(3),
                text: row.get(4),
                created: row.get(5),
            })
            .collect())
    }

    /// Records that a room opened on an instance, and how it was set up
    /// (JSON, to resume it after a restart).
    pub async fn open_room(&self, room: &StoredRoom, setup: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO rooms (id, variant, clock, instance, created, setup) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&room.id)
        .bind(&room.variant)
        .bind(room.clock.as_deref())
        .bind(&room.instance)
        .bind(room.created)
        .bind(setup)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Adds rooms' steps (JSON), each room's numbered from its `first`,
    /// all in one transaction.
    pub async fn add_steps(&self, batches: &[StepBatch]) -> Result<(), StoreError> {
        use sqlx::Connection;
        let mut connection = self.pool.acquire().await?;
        let mut transaction = connection.begin().await?;
        for batch in batches {
            for (n, step) in (batch.first..).zip(&batch.steps) {
                sqlx::query("INSERT INTO room_steps (room, n, step) VALUES ($1, $2, $3)")
                    .bind(&batch.room)
                    .bind(n)
                    .bind(step)
                    .execute(&mut *transaction)
                    .await?;
            }
        }
        transaction.commit().await?;
        Ok(())
    }

    /// The rooms an instance starting at `instance` resumes: its own open
    /// ones, and on SQLite (one instance's database) every open one. Each
    /// comes with its setup, if it was recorded.
    pub async fn rooms_to_resume(
        &self,
        instance: &str,
    ) -> Result<Vec<(StoredRoom, Option<String>)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, variant, clock, instance, created, setup FROM rooms WHERE closed IS NULL AND (instance = $1 OR $2 = 1) ORDER BY created, id",
        )
        .bind(instance)
        .bind(i64::from(self.sqlite))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|row| {
                let setup: Option<String> = row.get(5);
                (room_of(row), setup)
            })
            .collect())
    }

    /// A room's steps (JSON), in order.
    pub async fn room_steps(&self, room: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT step FROM room_steps WHERE room = $1 ORDER BY n")
            .bind(room)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.into_iter().map(|row| row.get(0)).collect())
    }

    /// Records that a room is now hosted at `instance`.
    pub async fn move_room(&self, id: &str, instance: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE rooms SET instance = $1 WHERE id = $2")
            .bind(instance)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records that a room closed; its steps are no longer needed.
    pub async fn close_room(&self, id: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE rooms SET closed = $1 WHERE id = $2")
            .bind(now_seconds())
            .bind(id)
            .execute(&self.pool)
            .await?;
        sqlx::query("DELETE FROM room_steps WHERE room = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// An open room by id, on whichever instance hosts it.
    pub async fn room(&self, id: &str) -> Result<Option<StoredRoom>, StoreError> {
        let row = sqlx::query(
            "SELECT id, variant, clock, instance, created FROM rooms WHERE id = $1 AND closed IS NULL",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(room_of))
    }

    /// The open rooms of every instance, newest first (at most `limit`).
    pub async fn open_rooms(&self, limit: i64) -> Result<Vec<StoredRoom>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, variant, clock, instance, created FROM rooms WHERE closed IS NULL ORDER BY created DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(room_of).collect())
    }

    /// Saves a finished game; a game saved already (a room replaying its
    /// steps after a restart finishes it again) is kept as it was.
    pub async fn save_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO games (id, room, number, variant, format, result, record, finished) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING",
        )
        .bind(&game.id)
        .bind(&game.room)
        .bind(game.number)
        .bind(&game.variant)
        .bind(&game.format)
        .bind(&game.result)
        .bind(&game.record)
        .bind(game.finished)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// A finished game by id.
    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = sqlx::query(
            "SELECT id, room, number, variant, format, result, record, finished FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(game_of))
    }

    /// The finished games of a room, in order.
    pub async fn room_games(&self, room: &str) -> Result<Vec<StoredGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, room, number, variant, format, result, record, finished FROM games WHERE room = $1 ORDER BY number",
        )
        .bind(room)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.into_iter().map(game_of).collect())
    }
}

/// Applies the migrations not applied yet, each in a transaction with its
/// record in `tetrarch_schema`, on one connection. On PostgreSQL an
/// advisory lock keeps instances starting together from racing (SQLite
/// has one writer anyway).
async fn migrate(pool: &AnyPool, postgres: bool) -> Result<(), StoreError> {
    let mut connection = pool.acquire().await?;
    if postgres {
        sqlx::query("SELECT pg_advisory_lock(7260016)")
            .execute(&mut *connection)
            .await?;
    }
    let applied = apply(&mut connection).await;
    if postgres {
        sqlx::query("SELECT pg_advisory_unlock(7260016)")
            .execute(&mut *connection)
            .await?;
    }
    applied
}

async fn apply(connection: &mut sqlx::AnyConnection) -> Result<(), StoreError> {
    use sqlx::Connection;
    sqlx::raw_sql("CREATE TABLE IF NOT EXISTS tetrarch_schema (version BIGINT PRIMARY KEY)")
        .execute(&mut *connection)
        .await?;
    for (version, sql) in MIGRATIONS {
        let applied = sqlx::query("SELECT version FROM tetrarch_schema WHERE version = $1")
            .bind(*version)
            .fetch_optional(&mut *connection)
            .await?;
        if applied.is_some() {
            continue;
        }
        let mut transaction = connection.begin().await?;
        sqlx::raw_sql(sql).execute(&mut *transaction).await?;
        sqlx::query("INSERT INTO tetrarch_schema (version) VALUES ($1)")
            .bind(*version)
            .execute(&mut *transaction)
            .await?;
        transaction.commit().await?;
    }
    Ok(())
}

fn room_of(row: sqlx::any::AnyRow) -> StoredRoom {
    StoredRoom {
        id: row.get(0),
        variant: row.get(1),
        clock: row.get(2),
        instance: row.get(3),
        created: row.get(4),
    }
}

fn game_of(row: sqlx::any::AnyRow) -> StoredGame {
    StoredGame {
        id: row.get(0),
        room: row.get(1),
        number: row.get(2),
        variant: row.get(3),
        format: row.get(4),
        result: row.get(5),
        record: row.get(6),
        finished: row.get(7),
    }
}
