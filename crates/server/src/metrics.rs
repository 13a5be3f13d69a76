//! Counters for `GET /metrics`, in the Prometheus text format: games
//! running, moves played (Prometheus derives moves per second from the
//! counter), how long a move took from its arrival to its commit, the
//! computer players' queue and the open WebSocket connections.

use std::fmt::Write;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::Duration;

/// Upper bounds of the move latency histogram's buckets, in seconds.
const LATENCY_BUCKETS: [f64; 10] = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0];

/// The server's counters.
#[derive(Debug, Default)]
pub struct Metrics {
    games_running: AtomicI64,
    games_in_memory: AtomicI64,
    moves: AtomicU64,
    /// Cumulative counts per bucket of [`LATENCY_BUCKETS`], then +Inf.
    latency_buckets: [AtomicU64; LATENCY_BUCKETS.len() + 1],
    latency_sum_micros: AtomicU64,
    latency_count: AtomicU64,
    connections: AtomicI64,
    changes_followed: AtomicU64,
    changes_deferred: AtomicU64,
}

impl Metrics {
    pub fn game_started(&self) {
        self.games_running.fetch_add(1, Ordering::Relaxed);
    }

    pub fn game_ended(&self) {
        self.games_running.fetch_sub(1, Ordering::Relaxed);
    }

    /// A game's task started (`true`) or ended: the game entered or left
    /// the server's memory.
    pub fn game_in_memory(&self, entered: bool) {
        self.games_in_memory
            .fetch_add(if entered { 1 } else { -1 }, Ordering::Relaxed);
    }

    /// Games whose task runs on this server, over or not.
    pub fn games_in_memory(&self) -> i64 {
        self.games_in_memory.load(Ordering::Relaxed)
    }

    /// A move was played; a person's move took `latency` from arrival to
    /// commit (a computer's move is counted with zero, outside the
    /// histogram).
    pub fn move_played(&self, latency: Duration) {
        self.moves.fetch_add(1, Ordering::Relaxed);
        if latency.is_zero() {
            return;
        }
        let seconds = latency.as_secs_f64();
        let bucket = LATENCY_BUCKETS
            .iter()
            .position(|&bound| seconds <= bound)
            .unwrap_or(LATENCY_BUCKETS.len());
        self.latency_buckets[bucket].fetch_add(1, Ordering::Relaxed);
        self.latency_sum_micros
            .fetch_add(latency.as_micros() as u64, Ordering::Relaxed);
        self.latency_count.fetch_add(1, Ordering::Relaxed);
    }

    pub fn connection_opened(&self) {
        self.connections.fetch_add(1, Ordering::Relaxed);
    }

    pub fn connection_closed(&self) {
        self.connections.fetch_sub(1, Ordering::Relaxed);
    }

    /// Another server changed a game loaded here, and the change was
    /// followed at once (`true`: someone here watches the game) or left to
    /// be read back when the game is next used here.
    pub fn other_server_changed(&self, followed: bool) {
        let counter = if followed {
            &self.changes_followed
        } else {
            &self.changes_deferred
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Moves played since the server started.
    pub fn moves(&self) -> u64 {
        self.moves.load(Ordering::Relaxed)
    }

    /// The counters in the Prometheus text format, with `ai_queue` the
    /// positions waiting for a search thread.
    pub fn render(&self, ai_queue: usize) -> String {
        let mut out = String::new();
        let mut gauge = |name: &str, help: &str, kind: &str, value: String| {
            let _ = writeln!(
                out,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        };
        gauge(
            "carolus_games_running",
            "Games loaded on this server that are not over.",
            "gauge",
            self.games_running.load(Ordering::Relaxed).to_string(),
        );
        gauge(
            "carolus_games_in_memory",
            "Games held in this server's memory, over or not: each leaves it once nobody here uses it.",
            "gauge",
            self.games_in_memory().to_string(),
        );
        gauge(
            "carolus_moves_total",
            "Moves played by people and computer players.",
            "counter",
            self.moves().to_string(),
        );
        gauge(
            "carolus_ai_queue_length",
            "Positions waiting for a computer player's thread.",
            "gauge",
            ai_queue.to_string(),
        );
        gauge(
            "carolus_websocket_connections",
            "Open WebSocket connections.",
            "gauge",
            self.connections.load(Ordering::Relaxed).to_string(),
        );
        if let Some(bytes) = resident_memory() {
            gauge(
                "process_resident_memory_bytes",
                "Resident memory of the server process.",
                "gauge",
                bytes.to_string(),
            );
        }
        let name = "carolus_move_latency_seconds";
        let _ = writeln!(
            out,
            "# HELP {name} Time from a person's move arriving to its commit.\n# TYPE {name} histogram"
        );
        let mut cumulative = 0;
        for (index, bucket) in self.latency_buckets.iter().enumerate() {
            cumulative += bucket.load(Ordering::Relaxed);
            let bound = LATENCY_BUCKETS
                .get(index)
                .map_or("+Inf".to_owned(), f64::to_string);
            let _ = writeln!(out, "{name}_bucket{{le=\"{bound}\"}} {cumulative}");
        }
        let sum = self.latency_sum_micros.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}");
        let _ = writeln!(
            out,
            "{name}_count {}",
            self.latency_count.load(Ordering::Relaxed)
        );
        let name = "carolus_other_servers_changes_total";
        let _ = writeln!(
            out,
            "# HELP {name} Other servers' changes to games loaded here: followed at once (someone here watches the game) or deferred until the game is next used here.\n\
             # TYPE {name} counter\n\
             {name}{{handled=\"followed\"}} {}\n\
             {name}{{handled=\"deferred\"}} {}",
            self.changes_followed.load(Ordering::Relaxed),
            self.changes_deferred.load(Ordering::Relaxed),
        );
        out
    }
}

/// The process's resident memory in bytes, where the system tells it
/// (Linux's `/proc`).
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    let kilobytes: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kilobytes * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latencies_fall_into_cumulative_buckets() {
        let metrics = Metrics::default();
        metrics.move_played(Duration::from_micros(500));
        metrics.move_played(Duration::from_millis(30));
        metrics.move_played(Duration::from_secs(3));
        metrics.move_played(Duration::ZERO);
        let text = metrics.render(2);
        assert!(text.contains("carolus_moves_total 4\n"), "{text}");
        assert!(text.contains("carolus_ai_queue_length 2\n"), "{text}");
        assert!(text.contains("le=\"0.001\"} 1\n"), "{text}");
        assert!(text.contains("le=\"0.05\"} 2\n"), "{text}");
        assert!(text.contains("le=\"+Inf\"} 3\n"), "{text}");
        assert!(
            text.contains("carolus_move_latency_seconds_count 3\n"),
            "{text}"
        );
    }
}
