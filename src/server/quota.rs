//! Counted limits: how many of something (connections, rooms, checks in
//! progress) one holder — a client's address, or the whole server — has at
//! once. Taking a share and counting it happen under one lock, so that
//! concurrent requests cannot pass the limit together; a share is given
//! back when its [`Share`] is dropped.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, Mutex};

/// At most `max` shares per key.
#[derive(Debug)]
pub(super) struct Quota<K: Hash + Eq + Clone> {
    max: usize,
    held: Mutex<HashMap<K, usize>>,
}

/// One share of a [`Quota`], given back when dropped.
#[derive(Debug)]
pub(super) struct Share<K: Hash + Eq + Clone> {
    quota: Arc<Quota<K>>,
    key: K,
}

impl<K: Hash + Eq + Clone> Quota<K> {
    /// A quota of `max` shares per key.
    pub(super) fn new(max: usize) -> Arc<Quota<K>> {
        Arc::new(Quota {
            max,
            held: Mutex::new(HashMap::new()),
        })
    }

    /// The most shares a key may hold.
    pub(super) fn max(&self) -> usize {
        self.max
    }

    /// A share for `key`, or `None` when it holds `max` already.
    pub(super) fn take(self: &Arc<Self>, key: K) -> Option<Share<K>> {
        let mut held = self.held.lock().expect("no panic holds it");
        let count = held.entry(key.clone()).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Share {
            quota: self.clone(),
            key,
        })
    }
}

impl<K: Hash + Eq + Clone> Drop for Share<K> {
    fn drop(&mut self) {
        let mut held = self.quota.held.lock().expect("no panic holds it");
        if let Some(count) = held.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_counted_per_key_and_given_back_when_dropped() {
        let quota = Quota::new(2);
        let a = quota.take("a").expect("first");
        let _b = quota.take("a").expect("second");
        assert!(quota.take("a").is_none());
        let _other = quota.take("b").expect("another key has its own");
        drop(a);
        assert!(quota.take("a").is_some());
    }

    #[test]
    fn concurrent_takers_never_pass_the_limit() {
        let quota = Quota::new(5);
        let taken: Vec<_> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..40).map(|_| scope.spawn(|| quota.take(()))).collect();
            handles
                .into_iter()
                .map(|h| h.join().expect("no panic"))
                .collect()
        });
        assert_eq!(taken.iter().filter(|s| s.is_some()).count(), 5);
    }
}
