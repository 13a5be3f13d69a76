//! A small SMTP server for tests: it listens on a port of this machine,
//! speaks enough SMTP for a mail client (EHLO, MAIL, RCPT, DATA, RSET,
//! NOOP, QUIT, without encryption: `smtp://127.0.0.1:PORT?tls=none`), and
//! hands every mail it accepts to the test. A test can have it refuse the
//! next mails for the moment (451) or for good (550), or hang in the
//! middle of one, as a slow or broken server would.
//!
//! Compiled only for tests and under the feature `test-support`.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// How the sink answers the end of a mail's data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// 250: taken.
    Accept,
    /// 451: not now; try again later.
    RefuseForNow,
    /// 550: never.
    RefuseForGood,
    /// No answer at all: the sink keeps the connection and says nothing
    /// more, as a server that hangs would.
    Hang,
}

/// A mail the sink accepted.
#[derive(Clone, Debug)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// The message as sent (headers, an empty line, the body), lines
    /// ending in CRLF, dot-stuffing undone.
    pub data: String,
}

impl Received {
    /// The value of the header `name` (its first occurrence, unfolded).
    pub fn header(&self, name: &str) -> Option<String> {
        let head = self.data.split("\r\n\r\n").next()?;
        let mut value: Option<String> = None;
        for line in head.split("\r\n") {
            if let Some(found) = value.as_mut() {
                if line.starts_with([' ', '\t']) {
                    found.push_str(line.trim_start());
                    continue;
                }
                break;
            }
            if let Some((key, rest)) = line.split_once(':')
                && key.eq_ignore_ascii_case(name)
            {
                value = Some(rest.trim().to_owned());
            }
        }
        value
    }

    /// The body after the headers, decoded if it was sent as
    /// quoted-printable or base64 (as mail clients send text that is not
    /// plain ASCII).
    pub fn body(&self) -> String {
        let body = self
            .data
            .split_once("\r\n\r\n")
            .map_or("", |(_, body)| body);
        let encoding = self
            .header("Content-Transfer-Encoding")
            .unwrap_or_default()
            .to_ascii_lowercase();
        match encoding.as_str() {
            "quoted-printable" => quoted_printable(body),
            "base64" => {
                use base64::Engine;
                let joined: String = body.split_whitespace().collect();
                let bytes = base64::engine::general_purpose::STANDARD
                    .decode(joined)
                    .unwrap_or_default();
                String::from_utf8_lossy(&bytes).replace("\r\n", "\n")
            }
            _ => body.replace("\r\n", "\n"),
        }
    }
}

fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\r\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'='
            && let Some(hex) = bytes.get(i + 1..i + 3)
            && let Ok(byte) = u8::from_str_radix(&String::from_utf8_lossy(hex), 16)
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).replace("\r\n", "\n")
}

/// The sink: a listener and its task, ended when the sink is dropped.
pub struct SmtpSink {
    port: u16,
    received: mpsc::UnboundedReceiver<Received>,
    /// Told each time the sink hangs in the middle of a mail.
    stalled: mpsc::UnboundedReceiver<()>,
    answers: Arc<Mutex<VecDeque<Answer>>>,
    task: JoinHandle<()>,
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl SmtpSink {
    /// A sink on a free port of 127.0.0.1.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port for the SMTP sink");
        let port = listener.local_addr().expect("the sink's address").port();
        let (sender, received) = mpsc::unbounded_channel();
        let (stall, stalled) = mpsc::unbounded_channel();
        let answers = Arc::new(Mutex::new(VecDeque::new()));
        let shared = Arc::clone(&answers);
        let task = tokio::spawn(async move {
            let mut connections = tokio::task::JoinSet::new();
            while let Ok((stream, _)) = listener.accept().await {
                let ends = Ends {
                    received: sender.clone(),
                    stalled: stall.clone(),
                };
                connections.spawn(converse(stream, ends, Arc::clone(&shared)));
                while connections.try_join_next().is_some() {}
            }
        });
        SmtpSink {
            port,
            received,
            stalled,
            answers,
            task,
        }
    }

    /// The `--smtp` URL of the sink.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}?tls=none", self.port)
    }

    /// Answers the next mails' data with `answers`, in order; after them,
    /// every mail is accepted.
    pub fn answer_next(&self, answers: &[Answer]) {
        self.answers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(answers.iter().copied());
    }

    /// The next mail accepted; panics if none comes within `within`.
    pub async fn next(&mut self, within: Duration) -> Received {
        tokio::time::timeout(within, self.received.recv())
            .await
            .unwrap_or_else(|_| panic!("no mail reached the SMTP sink within {within:?}"))
            .expect("the SMTP sink's task ended")
    }

    /// Waits until the sink hangs in the middle of a mail (see
    /// [`Answer::Hang`]); panics if it does not within `within`.
    pub async fn stalled(&mut self, within: Duration) {
        tokio::time::timeout(within, self.stalled.recv())
            .await
            .unwrap_or_else(|_| panic!("the SMTP sink did not hang within {within:?}"))
            .expect("the SMTP sink's task ended")
    }

    /// Every mail accepted so far and not yet taken.
    pub fn taken(&mut self) -> Vec<Received> {
        let mut mails = Vec::new();
        while let Ok(mail) = self.received.try_recv() {
            mails.push(mail);
        }
        mails
    }
}

/// Where a conversation reports.
struct Ends {
    received: mpsc::UnboundedSender<Received>,
    stalled: mpsc::UnboundedSender<()>,
}

/// One client's conversation.
async fn converse(stream: TcpStream, ends: Ends, answers: Arc<Mutex<VecDeque<Answer>>>) {
    let (reader, mut writer) = stream.into_split();
    let mut reader = BufReader::new(reader);
    let say = async |writer: &mut tokio::net::tcp::OwnedWriteHalf, text: &str| {
        writer.write_all(text.as_bytes()).await.is_ok()
    };
    if !say(&mut writer, "220 sink ESMTP ready\r\n").await {
        return;
    }
    let mut from = String::new();
    let mut to = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        match reader.read_line(&mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let command = line.trim_end().to_owned();
        let upper = command.to_ascii_uppercase();
        let reply = if upper.starts_with("EHLO") {
            "250-sink\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("HELO") || upper == "NOOP" {
            "250 OK\r\n"
        } else if upper.starts_with("RSET") {
            from.clear();
            to.clear();
            "250 OK\r\n"
        } else if let Some(rest) = upper.strip_prefix("MAIL FROM:") {
            from = address(&command[command.len() - rest.len()..]);
            "250 OK\r\n"
        } else if let Some(rest) = upper.strip_prefix("RCPT TO:") {
            to.push(address(&command[command.len() - rest.len()..]));
            "250 OK\r\n"
        } else if upper == "DATA" {
            if !say(&mut writer, "354 go on; end with a dot\r\n").await {
                return;
            }
            let Some(data) = read_data(&mut reader).await else {
                return;
            };
            let answer = answers
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .pop_front()
                .unwrap_or(Answer::Accept);
            match answer {
                Answer::Accept => {
                    let _ = ends.received.send(Received {
                        from: from.clone(),
                        to: std::mem::take(&mut to),
                        data,
                    });
                    "250 OK taken\r\n"
                }
                Answer::RefuseForNow => "451 4.3.0 not now, try later\r\n",
                Answer::RefuseForGood => "550 5.1.1 no such mailbox\r\n",
                Answer::Hang => {
                    // Hold the connection until the client gives up.
                    let _ = ends.stalled.send(());
                    let mut rest = String::new();
                    while reader.read_line(&mut rest).await.is_ok_and(|n| n > 0) {
                        rest.clear();
                    }
                    return;
                }
            }
        } else if upper == "QUIT" {
            let _ = say(&mut writer, "221 bye\r\n").await;
            return;
        } else {
            "500 not understood\r\n"
        };
        if !say(&mut writer, reply).await {
            return;
        }
    }
}

/// The address in `<…>` of a MAIL or RCPT command's argument.
fn address(argument: &str) -> String {
    let argument = argument.trim();
    match (argument.find('<'), argument.find('>')) {
        (Some(start), Some(end)) if start < end => argument[start + 1..end].to_owned(),
        _ => argument.to_owned(),
    }
}

/// A mail's data up to the line holding a single dot.
async fn read_data(reader: &mut BufReader<tokio::net::tcp::OwnedReadHalf>) -> Option<String> {
    let mut data = String::new();
    let mut line = String::new();
    loop {
        line.clear();
        if reader.read_line(&mut line).await.ok()? == 0 {
            return None;
        }
        if line == ".\r\n" || line == ".\n" {
            return Some(data);
        }
        let line = line.strip_prefix('.').unwrap_or(&line);
        data.push_str(line.trim_end_matches(['\r', '\n']));
        data.push_str("\r\n");
    }
}
