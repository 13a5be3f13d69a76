//! How long a bot may think: a time limit, an iteration limit and a stop flag
//! that another thread can raise, turned into one check the searches call.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The thinking allowance for one decision.
///
/// Every limit that is set applies; the search ends at the first one reached.
/// A bot whose specification names its own limit (`mcts:ms=500`) applies that
/// one as well. With no limit at all the tree search thinks for
/// [`Budget::DEFAULT_TIME`].
#[derive(Clone, Debug, Default)]
pub struct Budget {
    /// Wall-clock time from the call of `choose`; the answer arrives within
    /// this time plus a few milliseconds.
    pub time: Option<Duration>,
    /// Search iterations (tree-search playouts, summed over threads). The
    /// random and greedy bots do a fixed amount of work and ignore it.
    pub iterations: Option<u64>,
    /// Raised by another thread to ask for an answer now.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// The thinking time of a search that is given no limit at all.
    pub const DEFAULT_TIME: Duration = Duration::from_secs(1);

    /// A time limit.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..Budget::default()
        }
    }

    /// An iteration limit: reproducible with a fixed seed.
    pub fn iterations(iterations: u64) -> Budget {
        Budget {
            iterations: Some(iterations),
            ..Budget::default()
        }
    }

    /// The same budget with a time limit as well.
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Budget {
        self.time = Some(time);
        self
    }

    /// The same budget with an iteration limit as well.
    #[must_use]
    pub fn with_iterations(mut self, iterations: u64) -> Budget {
        self.iterations = Some(iterations);
        self
    }

    /// The same budget with a stop flag: once it is set, the bot answers
    /// with the best move found so far.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Budget {
        self.stop = Some(stop);
        self
    }
}

/// A budget turned into the limits one search runs under.
#[derive(Clone, Debug)]
pub(crate) struct Limits {
    deadline: Option<Instant>,
    pub(crate) iterations: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// The limits of `budget` together with a bot's own time and iteration
    /// caps; the default time applies only when nothing limits the search.
    pub(crate) fn new(
        budget: &Budget,
        own_time: Option<Duration>,
        own_iterations: Option<u64>,
    ) -> Limits {
        let start = Instant::now();
        let iterations = min_option(budget.iterations, own_iterations);
        let mut time = min_option(budget.time, own_time);
        if time.is_none() && iterations.is_none() && budget.stop.is_none() {
            time = Some(Budget::DEFAULT_TIME);
        }
        // Stop a little early, so that merging the threads' results and
        // returning fit in the allowance even on a busy machine.
        let deadline = time.map(|time| {
            let margin = (time / 20).min(Duration::from_millis(10));
            start + time.saturating_sub(margin)
        });
        Limits {
            deadline,
            iterations,
            stop: budget.stop.clone(),
        }
    }

    /// The time left before the deadline, if there is one.
    pub(crate) fn time_left(&self) -> Option<Duration> {
        self.deadline
            .map(|deadline| deadline.saturating_duration_since(Instant::now()))
    }

    /// Whether the search must end now: the stop flag is up or time is out.
    /// (The iteration limit is counted by the searches themselves.)
    #[inline]
    pub(crate) fn expired(&self) -> bool {
        if let Some(stop) = &self.stop
            && stop.load(Ordering::Relaxed)
        {
            return true;
        }
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

fn min_option<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tighter_limit_wins_and_no_limit_means_the_default_time() {
        let limits = Limits::new(&Budget::iterations(100), None, Some(50));
        assert_eq!(limits.iterations, Some(50));
        assert!(limits.deadline.is_none());
        let limits = Limits::new(&Budget::default(), None, None);
        assert!(limits.deadline.is_some());
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits::new(&Budget::default().with_stop(flag.clone()), None, None);
        assert!(limits.deadline.is_none());
        assert!(!limits.expired());
        flag.store(true, Ordering::Relaxed);
        assert!(limits.expired());
    }
}
