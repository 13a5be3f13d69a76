//! The mail worker: a task of `run`, started only when the server has
//! `--smtp`, that sends the outbox's due mails.
//!
//! It claims due mails (see `queue.rs`), and for each address checks, at
//! the last moment, what is still wanted: nothing but a password reset for
//! an address that unsubscribed; no turn's mail when the game has moved
//! on or the person is connected to the table here. The turns still
//! waiting for one address go as one mail (a digest when there are
//! several). A mail is marked sent once the SMTP server accepted it; one
//! it refused for the moment is tried again later, each wait twice the
//! last, and given up after [`MailConfig::max_attempts`]; one it refused
//! for good is recorded as failed with the reason.
//!
//! The worker wakes when this server queues a mail, and polls for those
//! the other servers queued and those due again. On shutdown it stops
//! between two mails, and a mail under way is left to its lease (or, on
//! SQLite, to the next start).

use std::collections::BTreeMap;
use std::time::Duration;

use carolus_rules::Seat;
use tokio::task::JoinHandle;
use tracing::{info, warn};

use super::compose::{self, Letter};
use super::queue::{self, Claimed, Kind, Outcome};
use super::smtp::{self, SendError, Transport};
use super::{MailConfig, Post};
use crate::live::Command;
use crate::state::AppState;
use crate::store::StoreError;

/// The most mails one claim takes.
const CLAIM_LIMIT: usize = 50;

/// The longest wait between two attempts at one mail.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(6 * 3600);

/// Starts the worker if the server sends mail; it ends when the server
/// shuts down.
pub(crate) fn start(state: &AppState) -> Option<JoinHandle<()>> {
    let config = state.post().config()?.clone();
    let transport = match config.smtp.transport() {
        Ok(transport) => transport,
        Err(error) => {
            // The URL was checked at start; this cannot fail after that.
            warn!(%error, smtp = %config.smtp, "no mail will be sent");
            return None;
        }
    };
    if !config.smtp.is_local() && config.smtp.security == smtp::Security::Plain {
        warn!(smtp = %config.smtp, "mails go to a server on another machine without encryption");
    }
    info!(smtp = %config.smtp, "sending mail");
    Some(tokio::spawn(work(state.clone(), config, transport)))
}

async fn work(state: AppState, config: MailConfig, transport: Transport) {
    let mut shutdown = state.shutdown_signal();
    if let Err(error) = queue::release_all(state.store()).await {
        warn!(%error, "the mails claimed before the start could not be freed");
    }
    let post = state.post().clone();
    loop {
        loop {
            if *shutdown.borrow() {
                return;
            }
            let now = state.clock().now_ms();
            let claimed = queue::claim(
                state.store(),
                post.worker(),
                config.lease,
                CLAIM_LIMIT,
                config.turn_delay,
                now,
            )
            .await;
            match claimed {
                Ok(mails) if mails.is_empty() => break,
                Ok(mails) => {
                    let sending = deliver(&state, &config, &transport, mails);
                    tokio::select! {
                        () = sending => {}
                        _ = shutdown.changed() => return,
                    }
                }
                Err(error) => {
                    warn!(%error, "cannot look for mails to send");
                    break;
                }
            }
        }
        tokio::select! {
            () = tokio::time::sleep(config.poll) => {}
            () = post.woken() => {}
            _ = shutdown.changed() => return,
        }
    }
}

/// Sends `mails`, grouped by address.
async fn deliver(
    state: &AppState,
    config: &MailConfig,
    transport: &Transport,
    mails: Vec<Claimed>,
) {
    let mut by_address: BTreeMap<String, Vec<Claimed>> = BTreeMap::new();
    for mail in mails {
        by_address
            .entry(mail.recipient.clone())
            .or_default()
            .push(mail);
    }
    for (address, mails) in by_address {
        if let Err(error) = deliver_to(state, config, transport, &address, mails).await {
            warn!(%error, "the mails to an address could not be handled; they are tried again after their lease");
        }
    }
}

async fn deliver_to(
    state: &AppState,
    config: &MailConfig,
    transport: &Transport,
    address: &str,
    mails: Vec<Claimed>,
) -> Result<(), StoreError> {
    let store = state.store();
    let opted_out = queue::opted_out(store, address).await?;
    let mut turns = Vec::new();
    let mut others = Vec::new();
    for mail in mails {
        let wanted = match mail.kind {
            Kind::Reset => true,
            _ if opted_out => false,
            Kind::Ended => true,
            Kind::Turn => turn_still_wanted(state, &mail).await?,
        };
        if !wanted {
            finish(state, &[&mail], Outcome::Skipped, None).await?;
        } else if mail.kind == Kind::Turn {
            turns.push(mail);
        } else {
            others.push(mail);
        }
    }
    // The turns for one address in one language make one mail.
    let mut by_language: BTreeMap<&str, Vec<&Claimed>> = BTreeMap::new();
    for mail in &turns {
        by_language
            .entry(mail.language.code())
            .or_default()
            .push(mail);
    }
    for group in by_language.into_values() {
        send_one(state, config, transport, address, &group).await?;
    }
    for mail in &others {
        send_one(state, config, transport, address, &[mail]).await?;
    }
    Ok(())
}

/// Whether a turn's mail is still wanted: the game still waits for the
/// same decision, and the person is not at the table on this server.
async fn turn_still_wanted(state: &AppState, mail: &Claimed) -> Result<bool, StoreError> {
    let payload = &mail.payload;
    let (Some(game), Some(seat), Some(ply), Some(takebacks)) = (
        payload["game"].as_str(),
        payload["seat"].as_u64(),
        payload["ply"].as_i64(),
        payload["takebacks"].as_i64(),
    ) else {
        return Ok(false);
    };
    if !queue::still_awaited(state.store(), game, ply, takebacks).await? {
        return Ok(false);
    }
    let present = match (state.live_game(game), Seat::new(seat as usize)) {
        (Some(handle), Some(seat)) => handle
            .ask(|answer| Command::Connected { seat, answer })
            .await
            .unwrap_or(false),
        _ => false,
    };
    Ok(!present)
}

async fn send_one(
    state: &AppState,
    config: &MailConfig,
    transport: &Transport,
    address: &str,
    mails: &[&Claimed],
) -> Result<(), StoreError> {
    let key = state.post().key(state.store()).await?;
    let message = compose::letter(config, key, mails)
        .map_err(|error| error.to_string())
        .and_then(|letter: Letter| {
            compose::message(&config.from, address, letter).map_err(|error| error.to_string())
        });
    let message = match message {
        Ok(message) => message,
        Err(reason) => {
            warn!(%reason, "a mail cannot be written; it is given up");
            return finish(state, mails, Outcome::Failed, Some(&reason)).await;
        }
    };
    match smtp::send(transport, message).await {
        Ok(()) => finish(state, mails, Outcome::Sent, None).await,
        Err(SendError::ForGood(reason)) => {
            warn!(%reason, "the SMTP server refused a mail for good");
            finish(state, mails, Outcome::Failed, Some(&reason)).await
        }
        Err(SendError::ForNow(reason)) => {
            let now = state.clock().now_ms();
            for mail in mails {
                if mail.attempts >= i64::from(config.max_attempts) {
                    let reason = format!("given up after {} attempts: {reason}", mail.attempts);
                    warn!(%reason, "a mail could not be sent");
                    finish(state, &[mail], Outcome::Failed, Some(&reason)).await?;
                } else {
                    let wait = retry_wait(config.retry_after, mail.attempts);
                    info!(%reason, wait_s = wait.as_secs(), "a mail could not be sent; trying again later");
                    queue::retry_later(
                        state.store(),
                        state.post().worker(),
                        mail.id,
                        wait,
                        &reason,
                        now,
                    )
                    .await?;
                }
            }
            Ok(())
        }
    }
}

/// How long to wait after the `attempts`-th failed attempt: `first`,
/// doubled with each attempt, at most [`MAX_RETRY_WAIT`].
pub fn retry_wait(first: Duration, attempts: i64) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1).clamp(0, 20)).unwrap_or(20);
    first.saturating_mul(1 << doublings).min(MAX_RETRY_WAIT)
}

async fn finish(
    state: &AppState,
    mails: &[&Claimed],
    outcome: Outcome,
    error: Option<&str>,
) -> Result<(), StoreError> {
    let now = state.clock().now_ms();
    for mail in mails {
        let held = queue::finish(
            state.store(),
            state.post().worker(),
            mail.id,
            outcome,
            error,
            now,
        )
        .await?;
        if !held {
            // The lease lapsed during the attempt and another server
            // claimed the mail: it may go twice, with one Message-ID.
            warn!(event = %mail.event, "a mail's claim lapsed while it was sent");
        }
    }
    Ok(())
}

impl Post {
    /// This server's name in the outbox's claims.
    pub(crate) fn worker(&self) -> &str {
        &self.inner.worker
    }

    /// Completes when this server queued a mail.
    async fn woken(&self) {
        self.inner.wake.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_wait_after_a_failure_doubles_up_to_a_cap() {
        let first = Duration::from_secs(30);
        assert_eq!(retry_wait(first, 1), Duration::from_secs(30));
        assert_eq!(retry_wait(first, 2), Duration::from_secs(60));
        assert_eq!(retry_wait(first, 4), Duration::from_secs(240));
        assert_eq!(retry_wait(first, 40), MAX_RETRY_WAIT);
        assert_eq!(retry_wait(first, 0), first);
    }
}
