//! The SMTP server mails go through: `--smtp URL` read and checked at
//! start, and a mail sent with lettre (tokio, rustls).
//!
//! - `smtp://USER:PASSWORD@HOST:PORT` — STARTTLS, required (port 587 if
//!   none is given): no password or mail crosses the network unencrypted;
//!   a server that does not offer STARTTLS is an error, never a fallback.
//! - `smtps://USER:PASSWORD@HOST:PORT` — TLS from the first byte (port
//!   465 by default).
//! - `smtp://HOST:PORT?tls=none` — no encryption at all: for a relay on
//!   the same machine or a private network you trust, and for tests (a
//!   warning is logged when the host is not this machine).
//!
//! User and password are optional and percent-decoded (`%40` for `@`).
//! Certificates are checked against the Web's roots (webpki-roots).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use thiserror::Error;

/// How long one SMTP command may take before the attempt counts as
/// failed (and is retried later).
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// How the connection to the SMTP server is encrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Security {
    /// STARTTLS, required.
    StartTls,
    /// TLS from the start (`smtps://`).
    Implicit,
    /// None (`?tls=none`).
    Plain,
}

/// A checked `--smtp URL`. Its `Display` hides the password.
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpUrl {
    pub(crate) security: Security,
    pub(crate) host: String,
    pub(crate) port: u16,
    user: Option<String>,
    password: Option<String>,
}

/// Why an `--smtp` URL is refused.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("{url:?} is not an SMTP server's URL: {reason}")]
pub struct BadSmtpUrl {
    url: String,
    reason: String,
}

impl FromStr for SmtpUrl {
    type Err = BadSmtpUrl;

    fn from_str(text: &str) -> Result<SmtpUrl, BadSmtpUrl> {
        let refuse = |reason: &str| BadSmtpUrl {
            url: crate::store::without_password(text),
            reason: reason.to_owned(),
        };
        let url = url::Url::parse(text).map_err(|error| refuse(&error.to_string()))?;
        let mut security = match url.scheme() {
            "smtp" => Security::StartTls,
            "smtps" => Security::Implicit,
            _ => {
                return Err(refuse(
                    "it must begin with smtp:// (STARTTLS) or smtps:// (TLS)",
                ));
            }
        };
        let host = match url.host() {
            Some(url::Host::Domain(name)) if !name.is_empty() => name.to_owned(),
            Some(url::Host::Ipv4(address)) => address.to_string(),
            Some(url::Host::Ipv6(address)) => address.to_string(),
            _ => return Err(refuse("it names no host")),
        };
        if !matches!(url.path(), "" | "/") {
            return Err(refuse("it has a path; an SMTP server is a host and a port"));
        }
        if url.fragment().is_some() {
            return Err(refuse("it has a fragment (#…)"));
        }
        for (key, value) in url.query_pairs() {
            match (key.as_ref(), value.as_ref()) {
                ("tls", "none") if security == Security::StartTls => security = Security::Plain,
                ("tls", "none") => {
                    return Err(refuse("smtps:// is TLS; tls=none goes with smtp:// only"));
                }
                ("tls", other) => {
                    return Err(refuse(&format!(
                        "tls={other} is not known; the only choice is tls=none"
                    )));
                }
                (other, _) => {
                    return Err(refuse(&format!(
                        "the parameter {other:?} is not known; the only one is tls=none"
                    )));
                }
            }
        }
        let port = url.port().unwrap_or(match security {
            Security::StartTls | Security::Plain => 587,
            Security::Implicit => 465,
        });
        let decode = |text: &str| {
            percent_decode(text)
                .ok_or_else(|| refuse("its user or password is not percent-encoded UTF-8"))
        };
        let user = Some(decode(url.username())?).filter(|user| !user.is_empty());
        let password = url.password().map(decode).transpose()?;
        if password.is_some() && user.is_none() {
            return Err(refuse("it has a password but no user"));
        }
        let smtp = SmtpUrl {
            security,
            host,
            port,
            user,
            password,
        };
        // The TLS settings are made now, so that a fault shows at start.
        smtp.transport()
            .map_err(|error| refuse(&error.to_string()))?;
        Ok(smtp)
    }
}

fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

impl fmt::Display for SmtpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = match self.security {
            Security::Implicit => "smtps",
            _ => "smtp",
        };
        write!(f, "{scheme}://")?;
        if let Some(user) = &self.user {
            write!(f, "{user}")?;
            if self.password.is_some() {
                write!(f, ":***")?;
            }
            write!(f, "@")?;
        }
        let host = if self.host.contains(':') {
            format!("[{}]", self.host)
        } else {
            self.host.clone()
        };
        write!(f, "{host}:{}", self.port)?;
        if self.security == Security::Plain {
            write!(f, "?tls=none")?;
        }
        Ok(())
    }
}

impl fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SmtpUrl({self})")
    }
}

/// The transport to an SMTP server.
pub type Transport = AsyncSmtpTransport<Tokio1Executor>;

impl SmtpUrl {
    /// Whether the host is this machine.
    pub fn is_local(&self) -> bool {
        self.host == "localhost"
            || self
                .host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|address| address.is_loopback())
    }

    /// The transport to this server (each mail on a connection of its
    /// own: mails are few, and a connection kept open would only break).
    pub fn transport(&self) -> Result<Transport, lettre::transport::smtp::Error> {
        let builder = match self.security {
            Security::StartTls => Transport::starttls_relay(&self.host)?,
            Security::Implicit => Transport::relay(&self.host)?,
            Security::Plain => Transport::builder_dangerous(&self.host),
        };
        let builder = builder.port(self.port).timeout(Some(TIMEOUT));
        let builder = match (&self.user, &self.password) {
            (Some(user), password) => builder.credentials(Credentials::new(
                user.clone(),
                password.clone().unwrap_or_default(),
            )),
            _ => builder,
        };
        Ok(builder.build())
    }
}

/// Why a mail was not sent.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SendError {
    /// It may go through later: the server was away, busy, or answered 4xx.
    #[error("{0}")]
    ForNow(String),
    /// The server refused it for good (5xx): sending it again would not
    /// help.
    #[error("{0}")]
    ForGood(String),
}

/// Sends `message` through `transport`.
pub async fn send(transport: &Transport, message: Message) -> Result<(), SendError> {
    match transport.send(message).await {
        Ok(_) => Ok(()),
        Err(error) if error.is_permanent() => Err(SendError::ForGood(error.to_string())),
        Err(error) => Err(SendError::ForNow(error.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_smtp_url_says_how_the_mails_travel() {
        let url: SmtpUrl = "smtp://carolus%40example.org:s%3Acret@mail.example.org"
            .parse()
            .unwrap();
        assert_eq!(url.security, Security::StartTls);
        assert_eq!((url.host.as_str(), url.port), ("mail.example.org", 587));
        assert_eq!(url.user.as_deref(), Some("carolus@example.org"));
        assert_eq!(url.password.as_deref(), Some("s:cret"));
        assert_eq!(
            url.to_string(),
            "smtp://carolus@example.org:***@mail.example.org:587"
        );
        assert!(!url.is_local());

        let url: SmtpUrl = "smtps://mail.example.org:2465".parse().unwrap();
        assert_eq!((url.security, url.port), (Security::Implicit, 2465));
        assert_eq!(
            "smtps://mail.example.org".parse::<SmtpUrl>().unwrap().port,
            465
        );

        let url: SmtpUrl = "smtp://127.0.0.1:2525?tls=none".parse().unwrap();
        assert_eq!(url.security, Security::Plain);
        assert!(url.is_local());
        assert_eq!(url.to_string(), "smtp://127.0.0.1:2525?tls=none");
    }

    #[test]
    fn a_malformed_smtp_url_is_refused_saying_why() {
        for (url, why) in [
            ("mail.example.org", "relative URL"),
            ("http://mail.example.org", "smtp://"),
            ("smtp://", "no host"),
            ("smtp://mail.example.org/inbox", "path"),
            ("smtps://mail.example.org?tls=none", "smtp:// only"),
            ("smtp://mail.example.org?tls=maybe", "tls=maybe"),
            ("smtp://mail.example.org?port=25", "\"port\""),
            ("smtp://:secret@mail.example.org", "no user"),
            ("smtp://mail.example.org:99999", "invalid port"),
        ] {
            let error = url.parse::<SmtpUrl>().unwrap_err().to_string();
            assert!(error.contains(why), "{url}: {error}");
        }
        // The password never shows in the message.
        let error = "smtp://me:hunter2@mail.example.org/x"
            .parse::<SmtpUrl>()
            .unwrap_err()
            .to_string();
        assert!(!error.contains("hunter2"), "{error}");
    }
}
