//! CPU time, the measure benchmarks compare (wall time on a shared machine
//! counts the other programs too), for this thread and for every thread of
//! another process, read from Linux's CPU-time clocks.
//!
//! These clocks count to the nanosecond, the running slice included. The
//! scheduler statistics in `/proc/*/schedstat` that were read before move
//! only at the timer tick (every 4 ms on the development VMs), which is a
//! tenth of a 40 ms perft: ratios of such readings came out as 32/16 or
//! 28/12.

use std::time::Duration;

/// The CPU time of the calling thread so far, when the system reports it.
pub fn this_thread() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    return clock_time(libc::CLOCK_THREAD_CPUTIME_ID);
    #[cfg(not(target_os = "linux"))]
    return None;
}

/// The CPU time of every thread of process `pid` so far, when the system
/// reports it.
pub fn process(pid: u32) -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        let pid = libc::pid_t::try_from(pid).ok()?;
        let mut clock: libc::clockid_t = 0;
        // SAFETY: `clock` is a valid place for the clock's id, which is all
        // the call writes.
        let failed = unsafe { libc::clock_getcpuclockid(pid, &mut clock) };
        if failed != 0 {
            return None;
        }
        clock_time(clock)
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = pid;
        None
    }
}

/// The time a clock reads.
#[cfg(target_os = "linux")]
fn clock_time(clock: libc::clockid_t) -> Option<Duration> {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid, writable timespec, which is all the call
    // writes.
    let failed = unsafe { libc::clock_gettime(clock, &mut time) };
    if failed != 0 {
        return None;
    }
    Some(Duration::new(
        u64::try_from(time.tv_sec).ok()?,
        u32::try_from(time.tv_nsec).ok()?,
    ))
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::{process, this_thread};

    /// A fifth of a millisecond of work shows in the thread's clock, which
    /// a clock moving at the timer tick (4 ms) would mostly not show; the
    /// process's clock counts at least as much.
    #[test]
    #[cfg(target_os = "linux")]
    fn clocks_count_below_the_timer_tick() {
        let before = this_thread().expect("the thread's CPU clock");
        let start = Instant::now();
        let mut spins = 0u64;
        while start.elapsed() < Duration::from_micros(200) {
            spins = std::hint::black_box(spins + 1);
        }
        let after = this_thread().expect("the thread's CPU clock");
        let spent = after - before;
        assert!(
            spent > Duration::ZERO && spent < Duration::from_millis(100),
            "{spent:?} for {spins} spins"
        );
        let whole = process(std::process::id()).expect("the process's CPU clock");
        assert!(whole >= after, "process {whole:?}, thread {after:?}");
    }
}
