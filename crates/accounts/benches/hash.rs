//! The cost of a login: hashing a password and verifying one with Argon2id
//! at OWASP's parameters (m = 19,456 KiB, t = 2, p = 1), and the dummy
//! verification of an unknown name, which must cost the same as a wrong
//! password.
//!
//! Run with `cargo bench -p carolus-accounts` (optionally followed by
//! `-- N`, the number of rounds, default 20). It prints the median and the
//! slowest time of each; hashing runs on one thread and waits for nothing,
//! so its time is its CPU time. It asserts nothing, because speed depends
//! on the machine; the target is at most 100 ms a login.

use std::time::{Duration, Instant};

use carolus_accounts::PasswordHasher;

/// One measured operation.
type Work<'a> = Box<dyn FnMut() + 'a>;

fn timed(rounds: usize, mut work: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[times.len() / 2], times[times.len() - 1])
}

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(20)
        .max(1);
    let hasher = match PasswordHasher::owasp() {
        Ok(hasher) => hasher,
        Err(error) => {
            eprintln!("cannot make the hasher: {error}");
            std::process::exit(1);
        }
    };
    let password = "correct horse battery staple";
    let stored = hasher.hash(password).unwrap_or_default();
    let (m, t, p) = hasher.cost();
    println!("Argon2id m={m} KiB t={t} p={p}; {rounds} rounds");
    println!(
        "{:<28} {:>12} {:>12}",
        "operation", "median ms", "slowest ms"
    );
    let rows: [(&str, Work); 4] = [
        ("hash (sign-up)", Box::new(|| drop(hasher.hash(password)))),
        (
            "verify, right password",
            Box::new(|| drop(hasher.verify(password, &stored))),
        ),
        (
            "verify, wrong password",
            Box::new(|| drop(hasher.verify("wrong horse", &stored))),
        ),
        (
            "dummy verify (unknown name)",
            Box::new(|| hasher.dummy_verify(password)),
        ),
    ];
    for (name, work) in rows {
        let (median, slowest) = timed(rounds, work);
        println!(
            "{:<28} {:>12.1} {:>12.1}",
            name,
            median.as_secs_f64() * 1000.0,
            slowest.as_secs_f64() * 1000.0
        );
    }
}
