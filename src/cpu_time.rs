//! CPU time, the measure benchmarks compare (wall time on a shared machine
//! counts the other programs too): Linux's scheduler statistics, in
//! nanoseconds, for this thread and for every thread of another process.

use std::time::Duration;

/// The CPU time of the calling thread so far, when the system reports it.
pub fn this_thread() -> Option<Duration> {
    schedstat("/proc/thread-self/schedstat")
}

/// The CPU time of every thread of process `pid` so far.
pub fn process(pid: u32) -> Option<Duration> {
    let mut total = Duration::ZERO;
    for task in std::fs::read_dir(format!("/proc/{pid}/task")).ok()? {
        let path = task.ok()?.path().join("schedstat");
        total += schedstat(&path.to_string_lossy()).unwrap_or_default();
    }
    Some(total)
}

/// The first number of a `schedstat` file: nanoseconds on the CPU.
fn schedstat(path: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(path).ok()?;
    let nanos = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}
