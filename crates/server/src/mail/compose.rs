//! The mails' words and headers: each mail in its person's language from
//! the Fluent catalogs (carolus-l10n, messages `mail-…`), as plain text,
//! with the link to the table and a signed unsubscribe link, and the
//! headers that let mail programs offer unsubscribing in one click
//! (`List-Unsubscribe`, `List-Unsubscribe-Post`, RFC 8058).
//!
//! Names come from people: in a plain-text body they cannot run anything,
//! and any control character is replaced, so that no name breaks a line
//! or a header; the subject holds only the game's id.

use carolus_l10n::{Arg, Catalog, Language, catalog};
use lettre::Message;
use lettre::message::Mailbox;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::MailConfig;
use super::queue::{Claimed, Kind};
use super::token::Key;

/// A mail ready to send, before its headers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub text: String,
    /// `Message-ID`, the same whenever the same events go to the same
    /// address.
    pub message_id: String,
    /// The unsubscribe page's link.
    pub unsubscribe: String,
}

/// Why a queued mail cannot be written: its payload is not what this
/// server queues (a bug, or a row written by hand).
#[derive(Debug, thiserror::Error)]
#[error("the mail's payload lacks {0}")]
pub struct Unwritable(&'static str);

/// `text` with every control character replaced, so that a name stays on
/// its line.
fn plain(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '\u{fffd}' } else { c })
        .collect()
}

/// The link to game `game`'s table.
fn table_link(config: &MailConfig, game: &str) -> String {
    format!("{}/games/{game}", config.public_url)
}

/// The link to the unsubscribe page of `address`, in `language`.
pub fn unsubscribe_link(
    config: &MailConfig,
    key: &Key,
    address: &str,
    language: Language,
) -> String {
    format!(
        "{}/unsubscribe?token={}&lang={}",
        config.public_url,
        key.sign(address),
        language.code()
    )
}

/// The `Message-ID` of the mail about `events` to `address`: the same
/// for the same events and address, so that a mail sent again after a
/// crash is recognised as the same.
pub fn message_id(config: &MailConfig, events: &[&str], address: &str) -> String {
    let mut events = events.to_vec();
    events.sort_unstable();
    let mut hash = Sha256::new();
    for event in events {
        hash.update(event.as_bytes());
        hash.update(b"\n");
    }
    hash.update(super::token::normal(address).as_bytes());
    let digest = hash.finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    let host = config
        .public_url
        .split("://")
        .nth(1)
        .and_then(|rest| rest.split(['/', ':']).next())
        .filter(|host| !host.is_empty() && !host.starts_with('['))
        .unwrap_or("carolus.invalid");
    format!("<{hex}@{host}>")
}

/// The names of the seats other than `seat`, joined.
fn others(words: &Catalog, names: &[String], seat: usize) -> String {
    let others: Vec<String> = names
        .iter()
        .enumerate()
        .filter(|(index, _)| *index != seat)
        .map(|(_, name)| plain(name))
        .collect();
    if others.is_empty() {
        return words.text("mail-nobody");
    }
    others.join(", ")
}

fn names_of(payload: &Value) -> Vec<String> {
    payload["names"]
        .as_array()
        .map(|names| {
            names
                .iter()
                .map(|name| name.as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn text_of<'a>(payload: &'a Value, field: &'static str) -> Result<&'a str, Unwritable> {
    payload[field].as_str().ok_or(Unwritable(field))
}

fn number_of(payload: &Value, field: &'static str) -> Result<usize, Unwritable> {
    payload[field]
        .as_u64()
        .map(|n| n as usize)
        .ok_or(Unwritable(field))
}

/// The mail of `mails`, all to one address in one language: a turn, a
/// digest of several turns, a game's end or a password reset.
pub fn letter(config: &MailConfig, key: &Key, mails: &[&Claimed]) -> Result<Letter, Unwritable> {
    let first = mails.first().ok_or(Unwritable("a mail"))?;
    let language = first.language;
    let words = catalog(language);
    let to = plain(first.payload["to"].as_str().unwrap_or_default());
    let mut lines = vec![
        words.format("mail-greeting", &[("name", Arg::from(&to))]),
        String::new(),
    ];
    let subject = match first.kind {
        Kind::Turn if mails.len() == 1 => {
            let game = text_of(&first.payload, "game")?;
            let seat = number_of(&first.payload, "seat")?;
            let players = others(words, &names_of(&first.payload), seat);
            lines.push(words.format(
                "mail-turn-text",
                &[("game", Arg::from(game)), ("players", Arg::from(players))],
            ));
            lines.push(String::new());
            lines.push(words.format(
                "mail-open-table",
                &[("link", Arg::from(table_link(config, game)))],
            ));
            words.format("mail-turn-subject", &[("game", Arg::from(game))])
        }
        Kind::Turn => {
            lines.push(words.format("mail-digest-text", &[("count", Arg::from(mails.len()))]));
            lines.push(String::new());
            for mail in mails {
                let game = text_of(&mail.payload, "game")?;
                let seat = number_of(&mail.payload, "seat")?;
                let players = others(words, &names_of(&mail.payload), seat);
                lines.push(format!(
                    "- {}",
                    words.format(
                        "mail-digest-game",
                        &[("game", Arg::from(game)), ("players", Arg::from(players))],
                    )
                ));
                lines.push(format!("  {}", table_link(config, game)));
            }
            words.format("mail-digest-subject", &[("count", Arg::from(mails.len()))])
        }
        Kind::Ended => {
            let game = text_of(&first.payload, "game")?;
            let seat = number_of(&first.payload, "seat")?;
            let names = names_of(&first.payload);
            lines.push(words.format(
                "mail-ended-text",
                &[
                    ("game", Arg::from(game)),
                    ("players", Arg::from(others(words, &names, seat))),
                ],
            ));
            let result = &first.payload["result"];
            let castles: Vec<usize> = result["castles"]
                .as_array()
                .map(|all| {
                    all.iter()
                        .map(|n| n.as_u64().unwrap_or(0) as usize)
                        .collect()
                })
                .unwrap_or_default();
            let winners: Vec<usize> = result["winners"]
                .as_array()
                .map(|all| {
                    all.iter()
                        .filter_map(|n| n.as_u64())
                        .map(|n| n as usize)
                        .collect()
                })
                .unwrap_or_default();
            if let Some(&best) = winners.first() {
                let named: Vec<String> = winners
                    .iter()
                    .map(|&winner| plain(names.get(winner).map_or("?", String::as_str)))
                    .collect();
                lines.push(words.format(
                    "result",
                    &[
                        ("names", Arg::from(named.join(", "))),
                        ("count", Arg::from(winners.len())),
                        (
                            "castles",
                            Arg::from(castles.get(best).copied().unwrap_or(0)),
                        ),
                    ],
                ));
            }
            if let Some(&own) = castles.get(seat) {
                lines.push(words.format("mail-ended-own", &[("castles", Arg::from(own))]));
            }
            lines.push(String::new());
            lines.push(words.format(
                "mail-open-table",
                &[("link", Arg::from(table_link(config, game)))],
            ));
            words.format("mail-ended-subject", &[("game", Arg::from(game))])
        }
        Kind::Reset => {
            let link = text_of(&first.payload, "link")?;
            lines.push(words.format("mail-reset-text", &[("name", Arg::from(&to))]));
            lines.push(String::new());
            lines.push(plain(link));
            lines.push(String::new());
            lines.push(words.text("mail-reset-ignore"));
            words.text("mail-reset-subject")
        }
    };
    let unsubscribe = unsubscribe_link(config, key, &first.recipient, language);
    lines.push(String::new());
    lines.push("-- ".to_owned());
    lines.push(words.text("mail-unsubscribe"));
    lines.push(unsubscribe.clone());
    let events: Vec<&str> = mails.iter().map(|mail| mail.event.as_str()).collect();
    Ok(Letter {
        subject,
        text: lines.join("\n") + "\n",
        message_id: message_id(config, &events, &first.recipient),
        unsubscribe,
    })
}

/// `List-Unsubscribe: <URL>`.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(
            text.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned(),
        ))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// Why a letter could not become a message.
#[derive(Debug, thiserror::Error)]
pub enum Unsendable {
    #[error("the address {0:?} is not one mail can go to: {1}")]
    Address(String, String),
    #[error("the mail could not be built: {0}")]
    Build(String),
}

/// The message of `letter` from `from` to `address`.
pub fn message(from: &Mailbox, address: &str, letter: Letter) -> Result<Message, Unsendable> {
    let to: Mailbox = address
        .parse()
        .map_err(|error: lettre::address::AddressError| {
            Unsendable::Address(address.to_owned(), error.to_string())
        })?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(letter.subject)
        .message_id(Some(letter.message_id))
        .header(ListUnsubscribe(letter.unsubscribe))
        .header(ListUnsubscribePost)
        .header(ContentType::TEXT_PLAIN)
        .body(letter.text)
        .map_err(|error| Unsendable::Build(error.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> MailConfig {
        MailConfig::new(
            "smtp://127.0.0.1:2525?tls=none".parse().unwrap(),
            "Carolus <carolus@example.org>",
            "https://carolus.example/",
        )
        .unwrap()
    }

    fn claimed(kind: Kind, event: &str, language: Language, payload: Value) -> Claimed {
        Claimed {
            id: 1,
            event: event.to_owned(),
            recipient: "anna@example.org".to_owned(),
            language,
            kind,
            payload,
            attempts: 1,
        }
    }

    fn turn(game: &str, language: Language) -> Claimed {
        claimed(
            Kind::Turn,
            &format!("turn:{game}:0:7"),
            language,
            serde_json::json!({
                "game": game, "seat": 1, "ply": 7, "takebacks": 0,
                "names": ["Bert\r\nBcc: x@evil.example", "Anna"], "to": "Anna",
            }),
        )
    }

    #[test]
    fn a_turns_mail_is_in_the_persons_language_with_the_tables_link() {
        let key = Key::random();
        let mail = turn("abcdefghijkm", Language::German);
        let letter = letter(&config(), &key, &[&mail]).unwrap();
        assert_eq!(letter.subject, "Du bist am Zug in Partie abcdefghijkm");
        assert!(letter.text.starts_with("Hallo Anna,\n"), "{}", letter.text);
        assert!(
            letter
                .text
                .contains("https://carolus.example/games/abcdefghijkm\n"),
            "{}",
            letter.text
        );
        // The name's line break is replaced: the name stays on its line.
        assert!(
            letter.text.contains("Bert\u{fffd}\u{fffd}Bcc"),
            "{}",
            letter.text
        );
        assert!(
            letter
                .unsubscribe
                .starts_with("https://carolus.example/unsubscribe?token=")
        );
        assert!(letter.unsubscribe.ends_with("&lang=de"));
        assert!(letter.text.contains(&letter.unsubscribe));
        let token = letter.unsubscribe.split("token=").nth(1).unwrap();
        let token = token.split('&').next().unwrap();
        assert_eq!(key.verify(token).as_deref(), Some("anna@example.org"));
    }

    #[test]
    fn several_turns_make_a_digest_and_the_same_events_the_same_message_id() {
        let key = Key::random();
        let first = turn("abcdefghijkm", Language::French);
        let second = turn("nmkjihgfedcb", Language::French);
        let digest = letter(&config(), &key, &[&first, &second]).unwrap();
        assert_eq!(digest.subject, "2 parties attendent votre coup");
        assert!(
            digest
                .text
                .contains("https://carolus.example/games/abcdefghijkm")
        );
        assert!(
            digest
                .text
                .contains("https://carolus.example/games/nmkjihgfedcb")
        );
        let again = letter(&config(), &key, &[&second, &first]).unwrap();
        assert_eq!(digest.message_id, again.message_id);
        assert!(
            digest.message_id.ends_with("@carolus.example>"),
            "{}",
            digest.message_id
        );
        let alone = letter(&config(), &key, &[&first]).unwrap();
        assert_ne!(alone.message_id, digest.message_id);
    }

    #[test]
    fn an_ended_games_mail_gives_the_result() {
        let mail = claimed(
            Kind::Ended,
            "ended:abcdefghijkm",
            Language::English,
            serde_json::json!({
                "game": "abcdefghijkm", "seat": 0, "names": ["Anna", "Bert"], "to": "Anna",
                "result": { "winners": [1], "castles": [3, 10], "rounds": 9 },
            }),
        );
        let letter = letter(&config(), &Key::random(), &[&mail]).unwrap();
        assert_eq!(letter.subject, "Game abcdefghijkm has ended");
        assert!(
            letter.text.contains("Bert wins with 10 castles."),
            "{}",
            letter.text
        );
        assert!(
            letter.text.contains("You built 3 castles."),
            "{}",
            letter.text
        );
    }

    #[test]
    fn a_reset_mail_carries_its_link_and_a_mail_has_the_unsubscribe_headers() {
        let mail = claimed(
            Kind::Reset,
            "reset:1",
            Language::English,
            serde_json::json!({ "link": "https://carolus.example/reset#t=abc", "to": "Anna" }),
        );
        let config = config();
        let letter = letter(&config, &Key::random(), &[&mail]).unwrap();
        assert!(
            letter
                .text
                .contains("https://carolus.example/reset#t=abc\n")
        );
        assert!(letter.text.contains("one hour"), "{}", letter.text);
        let message = message(&config.from, "anna@example.org", letter.clone()).unwrap();
        let text = String::from_utf8(message.formatted()).unwrap();
        assert!(
            text.contains(&format!("List-Unsubscribe: <{}>", letter.unsubscribe)),
            "{text}"
        );
        assert!(text.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
        assert!(text.contains(&format!("Message-ID: {}", letter.message_id)));
        assert!(matches!(
            self::message(&config.from, "not an address", letter),
            Err(Unsendable::Address(..))
        ));
    }

    #[test]
    fn a_payload_without_its_fields_is_refused_not_guessed() {
        let mail = claimed(
            Kind::Turn,
            "turn:x",
            Language::English,
            serde_json::json!({}),
        );
        assert!(letter(&config(), &Key::random(), &[&mail]).is_err());
    }
}
