//! `tetrarch serve`: runs the playground server (see [`crate::server`])
//! on a tokio runtime until the process is stopped; prints the address it
//! listens on once it accepts connections.

use std::path::PathBuf;

use super::Exit;
use super::load::load_catalog;
use super::output::{say, tell};
use crate::catalog::Catalog;
use crate::server::{ServeConfig, serve};

/// Serves with `config`, the `--variants` files loaded after the shipped ones.
pub fn run(variants: &[PathBuf], mut config: ServeConfig) -> Result<(), Exit> {
    let catalog = load_catalog(variants)?;
    let shipped = Catalog::shipped().files.len();
    config.variants = catalog.files[shipped..]
        .iter()
        .map(|f| f.source.clone())
        .collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| {
            tell(format_args!(
                "error: cannot start the server's runtime: {e}"
            ));
            Exit::Usage
        })?;
    let mut announced = Ok(());
    let served = runtime.block_on(serve(config, |address| {
        announced = say(format_args!(
            "tetrarch serve: listening on http://{address}"
        ));
    }));
    announced?;
    served.map_err(|e| {
        tell(format_args!("error: {e}"));
        Exit::Usage
    })
}
