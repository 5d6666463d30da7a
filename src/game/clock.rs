//! Time controls and the players' clocks. Time is whatever the caller says
//! it is: every call takes the moment it happens at (a [`Duration`] since a
//! start the caller chose), so tests are exact and nothing sleeps.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::rules::MatchRules;
use crate::seat::MAX_SEATS;
use crate::seat::Seat;

/// How much time each player has: a base, plus an increment added after
/// each move (Fischer) and a delay given back from the time a move used
/// (Bronstein), either of which may be zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Time per player at the start.
    pub base: Duration,
    /// Added after each legal move.
    pub increment: Duration,
    /// Given back after each legal move, up to the time the move used.
    pub delay: Duration,
}

impl TimeControl {
    /// The controls a variant file offers: every pair of its
    /// `clockMinutes` and `clockIncrements` (no increment where it lists
    /// none).
    pub fn presets(rules: &MatchRules) -> Vec<TimeControl> {
        let increments: &[u32] = if rules.clock_increments.is_empty() {
            &[0]
        } else {
            &rules.clock_increments
        };
        rules
            .clock_minutes
            .iter()
            .flat_map(|&minutes| {
                increments.iter().map(move |&seconds| TimeControl {
                    base: Duration::from_secs(u64::from(minutes) * 60),
                    increment: Duration::from_secs(u64::from(seconds)),
                    delay: Duration::ZERO,
                })
            })
            .collect()
    }
}

/// A time control that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a time control: write minutes (at least one second's worth, at most a week), \
     then `+` and the seconds added per move, optionally `d` and a delay in seconds (each at most \
     an hour) (`5`, `5+3`, `10+0d2`)"
)]
pub struct TimeControlError(pub String);

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `MINUTES[+INCREMENT][dDELAY]`: `5`, `5+3`, `15+5`, `10+0d2`; minutes
    /// may have a fraction (`0.5`).
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let bad = || TimeControlError(text.to_string());
        let (rest, delay) = match text.split_once('d') {
            Some((rest, delay)) => (rest, delay.parse::<u32>().map_err(|_| bad())?),
            None => (text, 0),
        };
        let (minutes, increment) = match rest.split_once('+') {
            Some((minutes, increment)) => (minutes, increment.parse::<u32>().map_err(|_| bad())?),
            None => (rest, 0),
        };
        let minutes: f64 = minutes.parse().map_err(|_| bad())?;
        // At least a second and at most a week per player, at most an hour
        // added or delayed a move: beyond that a clock is a typo.
        if !(minutes * 60.0 >= 1.0 && minutes <= 7.0 * 24.0 * 60.0)
            || increment > 3600
            || delay > 3600
        {
            return Err(bad());
        }
        Ok(TimeControl {
            base: Duration::from_secs_f64(minutes * 60.0),
            increment: Duration::from_secs(u64::from(increment)),
            delay: Duration::from_secs(u64::from(delay)),
        })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let minutes = self.base.as_secs_f64() / 60.0;
        write!(f, "{minutes}+{}", self.increment.as_secs())?;
        if !self.delay.is_zero() {
            write!(f, "d{}", self.delay.as_secs())?;
        }
        Ok(())
    }
}

/// The players' clocks: one runs at a time, for the seat to move.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    remaining: [Duration; MAX_SEATS],
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, Duration)>,
}

impl Clocks {
    /// Every seat with the control's base time; no clock running.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            remaining: [control.base; MAX_SEATS],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time a seat has left at `at`.
    pub fn remaining(&self, seat: Seat, at: Duration) -> Duration {
        match self.running {
            Some((running, since)) if running == seat => {
                self.remaining[seat].saturating_sub(at.saturating_sub(since))
            }
            _ => self.remaining[seat],
        }
    }

    /// The seat whose clock runs.
    pub fn running(&self) -> Option<Seat> {
        self.running.map(|(seat, _)| seat)
    }

    /// When the running clock reaches zero.
    pub fn flag_fall(&self) -> Option<(Seat, Duration)> {
        self.running
            .map(|(seat, since)| (seat, since + self.remaining[seat]))
    }

    /// Starts `seat`'s clock at `at` (stopping any other).
    pub fn start(&mut self, seat: Seat, at: Duration) {
        self.stop(at);
        self.running = Some((seat, at));
    }

    /// Stops the running clock at `at`; returns the time it ran.
    pub fn stop(&mut self, at: Duration) -> Duration {
        let Some((seat, since)) = self.running.take() else {
            return Duration::ZERO;
        };
        let used = at.saturating_sub(since);
        self.remaining[seat] = self.remaining[seat].saturating_sub(used);
        used
    }

    /// The running seat moved at `at`: its clock stops, and it gets the
    /// increment and the delay (up to the time the move used).
    pub fn moved(&mut self, at: Duration) {
        let Some((seat, _)) = self.running else {
            return;
        };
        let used = self.stop(at);
        self.remaining[seat] += self.control.increment + self.control.delay.min(used);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn time_controls_read_and_write() {
        let control: TimeControl = "5+3".parse().expect("a control");
        assert_eq!(control.base, secs(300));
        assert_eq!(control.increment, secs(3));
        assert_eq!(control.to_string(), "5+3");
        let control: TimeControl = "10+0d2".parse().expect("a control");
        assert_eq!((control.base, control.delay), (secs(600), secs(2)));
        assert_eq!(control.to_string(), "10+0d2");
        assert_eq!(
            "0.5".parse::<TimeControl>().expect("half a minute").base,
            secs(30)
        );
        for bad in [
            "", "+3", "5+", "five", "0", "-5", "5+3d", "99999999", "NaN", "inf", "0.0001+0",
            "0.01", "5+3601", "5+0d4000",
        ] {
            let error = bad.parse::<TimeControl>().expect_err(bad);
            assert!(
                error.to_string().contains("is not a time control"),
                "{error}"
            );
        }
    }

    #[test]
    fn presets_pair_minutes_with_increments() {
        let rules = MatchRules {
            clock_minutes: vec![5, 10],
            clock_increments: vec![0, 3],
            ..MatchRules::default()
        };
        let names: Vec<String> = TimeControl::presets(&rules)
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(names, ["5+0", "5+3", "10+0", "10+3"]);
        assert!(TimeControl::presets(&MatchRules::default()).is_empty());
    }

    #[test]
    fn the_running_clock_counts_down_and_the_mover_gets_its_increment() {
        let white = Seat::new(0);
        let black = Seat::new(1);
        let mut clocks = Clocks::new("1+2".parse().expect("a control"));
        clocks.start(white, secs(0));
        assert_eq!(clocks.remaining(white, secs(10)), secs(50));
        assert_eq!(clocks.remaining(black, secs(10)), secs(60));
        clocks.moved(secs(10));
        assert_eq!(clocks.remaining(white, secs(10)), secs(52));
        clocks.start(black, secs(10));
        assert_eq!(clocks.flag_fall(), Some((black, secs(70))));
        assert_eq!(clocks.remaining(black, secs(100)), Duration::ZERO);
    }

    #[test]
    fn a_bronstein_delay_gives_back_at_most_the_time_used() {
        let white = Seat::new(0);
        let mut clocks = Clocks::new("1+0d5".parse().expect("a control"));
        clocks.start(white, secs(0));
        clocks.moved(secs(3));
        assert_eq!(clocks.remaining(white, secs(3)), secs(60));
        clocks.start(white, secs(3));
        clocks.moved(secs(13));
        assert_eq!(clocks.remaining(white, secs(13)), secs(55));
    }
}
