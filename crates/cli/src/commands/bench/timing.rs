//! What the benchmarks share to report times: percentiles of a sample,
//! and the processor time of the calling thread, which a machine shared
//! with other work changes far less than the clock.

use std::time::Duration;

use serde::Serialize;

/// The median, 95th percentile and maximum of a sample (nearest rank).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Percentiles {
    pub p50: f64,
    pub p95: f64,
    pub max: f64,
}

impl Percentiles {
    pub fn of(mut values: Vec<f64>) -> Percentiles {
        values.sort_by(f64::total_cmp);
        let at = |share: f64| {
            let index = ((values.len() as f64 * share).ceil() as usize).saturating_sub(1);
            values.get(index).copied().unwrap_or(0.0)
        };
        Percentiles {
            p50: at(0.5),
            p95: at(0.95),
            max: at(1.0),
        }
    }
}

/// The processor time the calling thread has used so far.
#[cfg(unix)]
pub fn thread_time() -> Duration {
    let time = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    Duration::new(
        u64::try_from(time.tv_sec).unwrap_or(0),
        u32::try_from(time.tv_nsec).unwrap_or(0),
    )
}

/// Elsewhere the processor time is not measured.
#[cfg(not(unix))]
pub fn thread_time() -> Duration {
    Duration::ZERO
}

pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
