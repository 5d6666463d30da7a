//! The compiled rules of the variants rooms play, shared: every room of
//! the same variant text and section holds the same [`RuleTable`], compiled
//! once. An entry lives as long as a room holds its rules.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use crate::rules::RuleTable;

/// What identifies a variant: the text of a user's file (none for the
/// shipped ones and `--variants`) and the section asked for (none: the
/// file's first playable one).
pub(super) type VariantKey = (Option<String>, Option<String>);

/// A variant ready for rooms: its rules, its section's name and its own
/// start position.
#[derive(Clone, Debug)]
pub(super) struct Compiled {
    pub(super) rules: Arc<RuleTable>,
    pub(super) name: String,
    pub(super) start: String,
}

#[derive(Debug)]
struct Entry {
    rules: Weak<RuleTable>,
    name: String,
    start: String,
}

/// The cache.
#[derive(Debug, Default)]
pub(super) struct RulesCache {
    entries: Mutex<HashMap<VariantKey, Entry>>,
}

impl RulesCache {
    /// The variant of `key`, if a room holds its rules.
    pub(super) fn get(&self, key: &VariantKey) -> Option<Compiled> {
        let entries = self.entries.lock().expect("no panic holds it");
        let entry = entries.get(key)?;
        Some(Compiled {
            rules: entry.rules.upgrade()?,
            name: entry.name.clone(),
            start: entry.start.clone(),
        })
    }

    /// Keeps `compiled` for `key`, and returns the rules rooms share: the
    /// ones already kept if another request compiled them meanwhile.
    pub(super) fn keep(&self, key: VariantKey, compiled: Compiled) -> Compiled {
        let mut entries = self.entries.lock().expect("no panic holds it");
        entries.retain(|_, e| e.rules.strong_count() > 0);
        if let Some(rules) = entries.get(&key).and_then(|e| e.rules.upgrade()) {
            return Compiled { rules, ..compiled };
        }
        entries.insert(
            key,
            Entry {
                rules: Arc::downgrade(&compiled.rules),
                name: compiled.name.clone(),
                start: compiled.start.clone(),
            },
        );
        compiled
    }
}
