//! Turn by e-mail: mails to people when a game waits for their decision or
//! has ended, and the password-reset mail of accounts, sent outside any
//! request through a queue in the database.
//!
//! The parts, in the order a mail passes them:
//! - `triggers.rs` — after a committed change, which mails it calls for
//!   (pure: the tables before and after, who is connected);
//! - [`Recipients`] — who sits at a seat and wants mails: the one seam to
//!   the accounts; a server asks [`AccountRecipients`], its store's
//!   accounts, unless it is given others;
//! - `queue.rs` — the outbox in the database: one row per event and
//!   address (a unique key), claimed with a lease by one server's worker,
//!   marked sent once the SMTP server took it;
//! - `worker.rs` — the task `run` starts when `--smtp` is given: claims
//!   due mails, checks at the last moment that they are still wanted
//!   (the person has not moved, is not at the table, has not
//!   unsubscribed), gathers several waiting turns into one digest, sends
//!   and retries;
//! - `compose.rs` — the mails' words, in the person's language from the
//!   Fluent catalogs, with the table's link and a signed unsubscribe link
//!   (`token.rs`);
//! - `smtp.rs` — `--smtp URL` and sending with lettre;
//! - `unsubscribe.rs` — `GET`/`POST /unsubscribe`, which works without
//!   signing in.
//!
//! Sending is at least once towards the SMTP server and deduplicated in
//! the database: a mail is marked sent after the SMTP server accepted it,
//! so a server killed between the two sends it again after its lease
//! lapses, with the same `Message-ID` (made from the event and the
//! address), which lets the receiving side recognise it.

mod compose;
mod queue;
mod smtp;
mod token;
mod triggers;
pub(crate) mod unsubscribe;
mod worker;

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use carolus_l10n::Language;
use thiserror::Error;
use tokio::sync::{Notify, OnceCell};
use tracing::warn;

use crate::clock::Clock;
use crate::store::{Store, StoreError};
use crate::table::Table;

pub use smtp::{BadSmtpUrl, SmtpUrl};
pub(crate) use worker::start;

/// A person to write to: their address, language and player name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipient {
    pub address: String,
    pub language: Language,
    pub name: String,
}

/// What [`Recipients::for_seat`] answers, later.
pub type RecipientFuture<'a> =
    Pin<Box<dyn Future<Output = Result<Option<Recipient>, StoreError>> + Send + 'a>>;

/// Who is written to: the seam between mail and accounts.
///
/// The accounts (another part of the server) know who owns a seat, their
/// address, their language and whether they turned mails on; mail asks
/// them through this trait alone.
pub trait Recipients: Send + Sync + 'static {
    /// The person who owns seat `seat` (from 0) of game `game`, if they
    /// have an e-mail address and turned mails on; `None` for everyone
    /// else (a seat played by link, a computer, mails off).
    fn for_seat<'a>(&'a self, game: &'a str, seat: usize) -> RecipientFuture<'a>;
}

/// The accounts of the server's store: the signed-in owner of a seat, if
/// they gave an address and turned mails on, in the language of their
/// settings. What every server asks unless it is given other recipients.
#[derive(Clone, Debug)]
pub struct AccountRecipients(pub Store);

impl Recipients for AccountRecipients {
    fn for_seat<'a>(&'a self, game: &'a str, seat: usize) -> RecipientFuture<'a> {
        Box::pin(async move {
            let Some(owner) = self.0.seat_owner(game, seat).await? else {
                return Ok(None);
            };
            let (Some(address), true) = (owner.email, owner.mail_on) else {
                return Ok(None);
            };
            // The accounts keep only the languages the site offers; one
            // stored before a language was withdrawn falls back to English.
            let language = owner.language.parse().unwrap_or(Language::English);
            Ok(Some(Recipient {
                address,
                language,
                name: owner.name,
            }))
        })
    }
}

/// Recipients that nobody is among: for tests of what is queued when
/// nobody wants mail.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nobody;

impl Recipients for Nobody {
    fn for_seat<'a>(&'a self, _game: &'a str, _seat: usize) -> RecipientFuture<'a> {
        Box::pin(async { Ok(None) })
    }
}

/// The recipients a server asks, shared by its parts.
#[derive(Clone)]
pub struct SharedRecipients(pub Arc<dyn Recipients>);

impl Default for SharedRecipients {
    fn default() -> SharedRecipients {
        SharedRecipients(Arc::new(Nobody))
    }
}

impl fmt::Debug for SharedRecipients {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedRecipients")
    }
}

/// How a server sends mail: `carolus serve --smtp URL --mail-from ADDRESS
/// --public-url URL`.
#[derive(Clone, Debug)]
pub struct MailConfig {
    pub(crate) smtp: SmtpUrl,
    pub(crate) from: lettre::message::Mailbox,
    /// The site's address as people reach it, without a final `/`.
    pub(crate) public_url: String,
    /// How long a turn's mail waits before it is sent: a person who comes
    /// back to the table meanwhile (or has only reloaded the page) gets
    /// none.
    pub turn_delay: Duration,
    /// How long a worker's claim on a mail lasts: longer than sending one
    /// takes (the SMTP time-out), so that no other server sends it
    /// meanwhile.
    pub lease: Duration,
    /// How often a worker looks for mails queued by other servers, or due
    /// again after a failure.
    pub poll: Duration,
    /// After this many attempts that failed for the moment, a mail is
    /// given up.
    pub max_attempts: u32,
    /// The first wait after a failed attempt; it doubles with each.
    pub retry_after: Duration,
}

/// Why a mail setting is refused.
#[derive(Debug, Error)]
pub enum MailConfigError {
    #[error("--mail-from {0:?} is not an e-mail address: {1}")]
    From(String, String),
    #[error(
        "--public-url {0:?} must be the site's http:// or https:// address, without query or fragment"
    )]
    PublicUrl(String),
}

impl MailConfig {
    /// The settings of a server that sends mail through `smtp` as `from`,
    /// with links to `public_url`; the times take their defaults.
    pub fn new(smtp: SmtpUrl, from: &str, public_url: &str) -> Result<MailConfig, MailConfigError> {
        let from = from
            .parse()
            .map_err(|error: lettre::address::AddressError| {
                MailConfigError::From(from.to_owned(), error.to_string())
            })?;
        Ok(MailConfig {
            smtp,
            from,
            public_url: checked_public_url(public_url)?,
            turn_delay: Duration::from_secs(60),
            lease: 2 * smtp::TIMEOUT,
            poll: Duration::from_secs(5),
            max_attempts: 8,
            retry_after: Duration::from_secs(30),
        })
    }

    /// The site's address, without a final `/`.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }
}

/// `url` if it is an http(s) address of a site (a path is allowed, for a
/// site under a prefix), without its final `/`.
fn checked_public_url(url: &str) -> Result<String, MailConfigError> {
    let refused = || MailConfigError::PublicUrl(url.to_owned());
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(refused)?;
    let host = rest.split('/').next().unwrap_or_default();
    let clean = !host.is_empty()
        && !url.contains(['?', '#', ' ', '"', '<', '>', '\\'])
        && !url.chars().any(char::is_control)
        && !host.contains('@');
    if !clean {
        return Err(refused());
    }
    Ok(url.trim_end_matches('/').to_owned())
}

/// A server's mail: the settings (none without `--smtp`), the recipients,
/// the key of unsubscribe links and the worker's wake-up. Cheap to clone.
#[derive(Clone)]
pub(crate) struct Post {
    inner: Arc<PostInner>,
}

struct PostInner {
    config: Option<MailConfig>,
    recipients: SharedRecipients,
    /// Told when this server queued a mail, so that its worker looks at
    /// once rather than at its next poll.
    wake: Notify,
    key: OnceCell<token::Key>,
    /// This server's name in the outbox's claims.
    worker: String,
}

impl Post {
    pub(crate) fn new(config: Option<MailConfig>, recipients: SharedRecipients) -> Post {
        Post {
            inner: Arc::new(PostInner {
                config,
                recipients,
                wake: Notify::new(),
                key: OnceCell::new(),
                worker: format!("{}-{}", std::process::id(), crate::secret::new_game_id()),
            }),
        }
    }

    pub(crate) fn config(&self) -> Option<&MailConfig> {
        self.inner.config.as_ref()
    }

    /// The key that signs unsubscribe links, read from the database (and
    /// made there by the first server that needs it).
    pub(crate) async fn key(&self, store: &Store) -> Result<&token::Key, StoreError> {
        self.inner.key.get_or_try_init(|| queue::key(store)).await
    }

    /// Queues the mails that `before` becoming `after` calls for, with the
    /// seats connected to this server as `connected`; the recipients are
    /// asked and the rows written on a task of their own, so that the
    /// game's task does not wait for them.
    pub(crate) fn after_change(
        &self,
        store: &Store,
        clock: &Clock,
        before: &Table,
        after: &Table,
        connected: &[bool],
    ) {
        let Some(config) = self.config() else {
            return;
        };
        let events = triggers::events(
            &triggers::Facts::of(before),
            &triggers::Facts::of(after),
            connected,
        );
        if events.is_empty() {
            return;
        }
        let post = self.clone();
        let store = store.clone();
        let names = after.record().names.clone().unwrap_or_default();
        let result = after.record().result.clone();
        let due_ms = clock.now_ms() + config.turn_delay.as_millis() as i64;
        let now_ms = clock.now_ms();
        tokio::spawn(async move {
            for event in events {
                let queued = post
                    .queue_event(&store, &event, &names, result.as_ref(), now_ms, due_ms)
                    .await;
                if let Err(error) = queued {
                    warn!(event = %event.key(), %error, "a mail could not be queued");
                }
            }
            post.inner.wake.notify_one();
        });
    }

    async fn queue_event(
        &self,
        store: &Store,
        event: &triggers::Event,
        names: &[String],
        result: Option<&serde_json::Value>,
        now_ms: i64,
        due_ms: i64,
    ) -> Result<(), StoreError> {
        for seat in event.seats() {
            let Some(recipient) = self.inner.recipients.0.for_seat(event.game(), seat).await?
            else {
                continue;
            };
            let (kind, payload, due) = match event {
                triggers::Event::Turn {
                    game,
                    ply,
                    takebacks,
                    ..
                } => (
                    queue::Kind::Turn,
                    serde_json::json!({
                        "game": game, "seat": seat, "ply": ply, "takebacks": takebacks,
                        "names": names, "to": recipient.name,
                    }),
                    due_ms,
                ),
                triggers::Event::Ended { game, .. } => (
                    queue::Kind::Ended,
                    serde_json::json!({
                        "game": game, "seat": seat, "names": names, "result": result,
                        "to": recipient.name,
                    }),
                    now_ms,
                ),
            };
            queue::enqueue(
                store,
                &queue::NewMail {
                    event: event.key(),
                    recipient: &recipient,
                    kind,
                    payload: payload.to_string(),
                    created_ms: now_ms,
                    due_ms: due,
                },
            )
            .await?;
        }
        Ok(())
    }

    /// Queues the password-reset mail of `recipient`'s account, with the
    /// link that sets a new password (valid one hour): for the accounts.
    /// `request` names the reset (e.g. its token's hash in hex), so that
    /// the same request is never queued twice. The link is kept in the
    /// outbox only until the mail is sent.
    pub(crate) async fn queue_password_reset(
        &self,
        store: &Store,
        clock: &Clock,
        recipient: &Recipient,
        request: &str,
        link: &str,
    ) -> Result<(), StoreError> {
        let now_ms = clock.now_ms();
        queue::enqueue(
            store,
            &queue::NewMail {
                event: format!("reset:{request}"),
                recipient,
                kind: queue::Kind::Reset,
                payload: serde_json::json!({ "link": link, "to": recipient.name }).to_string(),
                created_ms: now_ms,
                due_ms: now_ms,
            },
        )
        .await?;
        self.inner.wake.notify_one();
        Ok(())
    }
}

/// Whether `address` asked, by an unsubscribe link, for no more mails
/// about games: what the settings show.
pub(crate) async fn unsubscribed(store: &Store, address: &str) -> Result<bool, StoreError> {
    queue::opted_out(store, address).await
}

/// Lets mails about games go to `address` again: its person turned them
/// on in the settings, which undoes an earlier unsubscribe link.
pub(crate) async fn resubscribe(store: &Store, address: &str) -> Result<(), StoreError> {
    queue::clear_opt_out(store, address).await
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod url_tests {
    use super::*;

    #[test]
    fn a_public_url_is_a_sites_address() {
        assert_eq!(
            checked_public_url("https://carolus.example/").unwrap(),
            "https://carolus.example"
        );
        assert_eq!(
            checked_public_url("http://127.0.0.1:8080/play").unwrap(),
            "http://127.0.0.1:8080/play"
        );
        for bad in [
            "carolus.example",
            "ftp://carolus.example",
            "https://",
            "https://carolus.example/?a=1",
            "https://user@carolus.example",
            "https://carolus.example/#top",
        ] {
            assert!(checked_public_url(bad).is_err(), "{bad}");
        }
    }
}
