//! The client's address behind a reverse proxy: the per-client rate limits
//! count each client behind nginx, not nginx itself.
//!
//! Only a connection from an address the server was told to trust
//! (`--trusted-proxies`) may name the client: its `Forwarded` header
//! (RFC 7239), or else its `X-Forwarded-For`. Each proxy on the way
//! appends the address it heard from, so the list reads from the client
//! on the left to the last proxy on the right, followed by the peer
//! itself; the client is the right-most address that is not a trusted
//! proxy. Whatever lies left of it was written by the client and may be
//! anything, so it is never read. A header that cannot be read where it
//! matters (an address that does not parse, an obfuscated or `unknown`
//! one) leaves the peer's own address as the client's: a request is never
//! refused, nor a panic caused, by what a client wrote.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

use axum::http::HeaderMap;

/// The addresses whose connections may name the client: networks in CIDR
/// notation (`10.0.0.0/8`, `::1/128`) or single addresses. Empty by
/// default: every client is its connection's peer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    networks: Vec<Network>,
}

/// One network: an address and how many of its leading bits count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    fn contains(&self, address: IpAddr) -> bool {
        match (self.address, address) {
            (IpAddr::V4(network), IpAddr::V4(address)) => same_prefix(
                network.to_bits().into(),
                address.to_bits().into(),
                self.prefix,
                32,
            ),
            (IpAddr::V6(network), IpAddr::V6(address)) => {
                same_prefix(network.to_bits(), address.to_bits(), self.prefix, 128)
            }
            _ => false,
        }
    }
}

/// Whether `a` and `b`, numbers of `width` bits, agree in their first
/// `prefix` bits.
fn same_prefix(a: u128, b: u128, prefix: u8, width: u32) -> bool {
    let ignored = width - u32::from(prefix);
    ignored >= width || (a >> ignored) == (b >> ignored)
}

/// Why a list of trusted proxies cannot be read: the entry and what is
/// wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadNetwork {
    entry: String,
    reason: &'static str,
}

impl fmt::Display for BadNetwork {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.entry, self.reason)
    }
}

impl std::error::Error for BadNetwork {}

impl FromStr for TrustedProxies {
    type Err = BadNetwork;

    /// Reads networks separated by commas, such as
    /// `127.0.0.1,10.0.0.0/8,::1`.
    fn from_str(text: &str) -> Result<TrustedProxies, BadNetwork> {
        let networks = text
            .split(',')
            .map(str::trim)
            .map(|entry| {
                let bad = |reason| BadNetwork {
                    entry: entry.to_owned(),
                    reason,
                };
                let (address, prefix) = match entry.split_once('/') {
                    Some((address, prefix)) => (address, Some(prefix)),
                    None => (entry, None),
                };
                let address: IpAddr = address.parse().map_err(|_| {
                    bad("expected an IPv4 or IPv6 address, or a network such as 10.0.0.0/8")
                })?;
                let width = if address.is_ipv4() { 32 } else { 128 };
                let prefix = match prefix {
                    None => width,
                    Some(prefix) => prefix
                        .parse::<u8>()
                        .ok()
                        .filter(|&prefix| prefix <= width)
                        .ok_or_else(|| {
                            bad(if address.is_ipv4() {
                                "the prefix after / must be a whole number from 0 to 32"
                            } else {
                                "the prefix after / must be a whole number from 0 to 128"
                            })
                        })?,
                };
                Ok(Network {
                    address: address.to_canonical(),
                    prefix,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(TrustedProxies { networks })
    }
}

impl TrustedProxies {
    /// Whether no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.networks.is_empty()
    }

    fn trusts(&self, address: IpAddr) -> bool {
        self.networks
            .iter()
            .any(|network| network.contains(address))
    }

    /// The client's address of a request that came over a connection from
    /// `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let peer = peer.to_canonical();
        if !self.trusts(peer) {
            return peer;
        }
        let hops = if headers.contains_key("forwarded") {
            forwarded_for(headers)
        } else {
            forwarded_by_header(headers)
        };
        let Some(hops) = hops else {
            return peer;
        };
        // From the right: past the trusted proxies, the first address that
        // is not one of them is the client's.
        let mut client = peer;
        for hop in hops.iter().rev() {
            let Some(address) = hop else {
                return peer;
            };
            client = *address;
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// The `for` addresses of every `Forwarded` header, in order; `None` for
/// an element whose address cannot be read. `None` altogether if a header
/// is not text.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    for value in headers.get_all("forwarded") {
        for element in split_outside_quotes(value.to_str().ok()?, ',') {
            let address = split_outside_quotes(element, ';')
                .into_iter()
                .filter_map(|pair| pair.split_once('='))
                .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                .and_then(|(_, value)| node_address(unquote(value.trim())?));
            hops.push(address);
        }
    }
    Some(hops)
}

/// The addresses of every `X-Forwarded-For` header, in order; `None` for
/// one that cannot be read. `None` altogether without the header, or if
/// a header is not text.
fn forwarded_by_header(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut hops = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        for hop in value.to_str().ok()?.split(',') {
            hops.push(node_address(hop.trim()));
        }
    }
    (!hops.is_empty()).then_some(hops)
}

/// `text` cut at every `separator` that is not inside a quoted string.
fn split_outside_quotes(text: &str, separator: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let mut escaped = false;
    for (index, character) in text.char_indices() {
        match character {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            _ if character == separator && !quoted => {
                parts.push(&text[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

/// A token or a quoted string's content; `None` for an unterminated
/// quote.
fn unquote(value: &str) -> Option<&str> {
    match value.strip_prefix('"') {
        Some(rest) => rest.strip_suffix('"'),
        None => Some(value),
    }
}

/// The address of a node as proxies write it: `192.0.2.1`,
/// `192.0.2.1:4711`, `2001:db8::1`, `[2001:db8::1]` or
/// `[2001:db8::1]:4711`. `None` for anything else (`unknown`, an
/// obfuscated `_name`, garbage).
fn node_address(text: &str) -> Option<IpAddr> {
    let address = text
        .parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .or_else(|| {
            text.strip_prefix('[')?
                .strip_suffix(']')?
                .parse::<IpAddr>()
                .ok()
        })?;
    Some(address.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn proxies(text: &str) -> TrustedProxies {
        text.parse().unwrap()
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.append(*name, HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    const NGINX: &str = "10.0.0.5";

    #[test]
    fn networks_are_read_in_cidr_notation_or_as_single_addresses() {
        let trusted = proxies("10.0.0.0/8, 127.0.0.1,fd00::/8,::1");
        assert!(trusted.trusts(ip("10.200.3.4")));
        assert!(!trusted.trusts(ip("11.0.0.1")));
        assert!(trusted.trusts(ip("127.0.0.1")));
        assert!(!trusted.trusts(ip("127.0.0.2")));
        assert!(trusted.trusts(ip("fd12::7")));
        assert!(trusted.trusts(ip("::1")));
        assert!(!trusted.trusts(ip("::2")));
        // A peer on an IPv6 socket that came over IPv4.
        assert!(
            trusted
                .client(ip("::ffff:10.0.0.5"), &HeaderMap::new())
                .is_ipv4()
        );
        assert!(proxies("0.0.0.0/0").trusts(ip("203.0.113.9")));
        assert!(!proxies("0.0.0.0/0").trusts(ip("2001:db8::1")));
    }

    #[test]
    fn a_list_that_does_not_read_names_the_entry_and_what_is_wrong() {
        let error = "10.0.0.0/8,10.0.0.0/33"
            .parse::<TrustedProxies>()
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"10.0.0.0/33\": the prefix after / must be a whole number from 0 to 32"
        );
        assert!("::1/129".parse::<TrustedProxies>().is_err());
        assert!("nginx".parse::<TrustedProxies>().is_err());
        assert!("10.0.0.0/x".parse::<TrustedProxies>().is_err());
        assert!("".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_writes() {
        let trusted = proxies(NGINX);
        let spoofed = headers(&[
            ("x-forwarded-for", "198.51.100.1"),
            ("forwarded", "for=198.51.100.2"),
        ]);
        assert_eq!(
            trusted.client(ip("203.0.113.9"), &spoofed),
            ip("203.0.113.9")
        );
        assert_eq!(
            TrustedProxies::default().client(ip("203.0.113.9"), &spoofed),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_client_is_the_right_most_untrusted_address() {
        let trusted = proxies("10.0.0.0/24");
        let client = |pairs: &[(&'static str, &str)]| trusted.client(ip(NGINX), &headers(pairs));
        assert_eq!(
            client(&[("x-forwarded-for", "203.0.113.9")]),
            ip("203.0.113.9")
        );
        // The client wrote an address of its own in front: nginx appended
        // the one it heard from, and only that one counts.
        assert_eq!(
            client(&[("x-forwarded-for", "198.51.100.1, 203.0.113.9")]),
            ip("203.0.113.9")
        );
        // A chain of trusted proxies is passed over.
        assert_eq!(
            client(&[("x-forwarded-for", "198.51.100.1, 203.0.113.9, 10.0.0.7")]),
            ip("203.0.113.9")
        );
        // Several headers are one list.
        assert_eq!(
            client(&[
                ("x-forwarded-for", "198.51.100.1"),
                ("x-forwarded-for", "203.0.113.9, 10.0.0.7")
            ]),
            ip("203.0.113.9")
        );
        // Nothing but trusted proxies: the left-most.
        assert_eq!(
            client(&[("x-forwarded-for", "10.0.0.8, 10.0.0.7")]),
            ip("10.0.0.8")
        );
        // No header: the peer.
        assert_eq!(client(&[]), ip(NGINX));
    }

    #[test]
    fn addresses_are_read_with_ports_and_in_ipv6() {
        let trusted = proxies("10.0.0.0/24");
        let client =
            |value: &str| trusted.client(ip(NGINX), &headers(&[("x-forwarded-for", value)]));
        assert_eq!(client("203.0.113.9:4711"), ip("203.0.113.9"));
        assert_eq!(client("2001:db8::1"), ip("2001:db8::1"));
        assert_eq!(client("[2001:db8::1]"), ip("2001:db8::1"));
        assert_eq!(client("[2001:db8::1]:4711"), ip("2001:db8::1"));
        assert_eq!(client("::ffff:203.0.113.9"), ip("203.0.113.9"));
    }

    #[test]
    fn forwarded_is_read_with_its_quoted_values_and_parameters() {
        let trusted = proxies("10.0.0.0/24");
        let client = |value: &str| trusted.client(ip(NGINX), &headers(&[("forwarded", value)]));
        assert_eq!(client("for=203.0.113.9"), ip("203.0.113.9"));
        assert_eq!(client("For=\"203.0.113.9:4711\""), ip("203.0.113.9"));
        assert_eq!(
            client("for=\"[2001:db8:cafe::17]:4711\";proto=https;by=10.0.0.5"),
            ip("2001:db8:cafe::17")
        );
        assert_eq!(
            client("for=198.51.100.1, for=203.0.113.9;host=\"a,b;c\", for=10.0.0.7"),
            ip("203.0.113.9")
        );
        // Forwarded wins over X-Forwarded-For, which a proxy that writes
        // Forwarded may have passed on from the client unchecked.
        assert_eq!(
            trusted.client(
                ip(NGINX),
                &headers(&[
                    ("forwarded", "for=203.0.113.9"),
                    ("x-forwarded-for", "198.51.100.1")
                ])
            ),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn a_header_that_does_not_read_leaves_the_peer() {
        let trusted = proxies("10.0.0.0/24");
        for (name, value) in [
            ("x-forwarded-for", "not an address"),
            ("x-forwarded-for", ""),
            ("x-forwarded-for", "203.0.113.9, garbage"),
            ("x-forwarded-for", "300.1.2.3"),
            ("forwarded", "for=unknown"),
            ("forwarded", "for=_hidden"),
            ("forwarded", "for=\"[2001:db8::1]:4711"),
            ("forwarded", "proto=https"),
            ("forwarded", "for"),
            ("forwarded", "==;;,,\""),
        ] {
            assert_eq!(
                trusted.client(ip(NGINX), &headers(&[(name, value)])),
                ip(NGINX),
                "{name}: {value}"
            );
        }
        // Text that is not UTF-8.
        let mut raw = HeaderMap::new();
        raw.insert(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"\xff203.0.113.9").unwrap(),
        );
        assert_eq!(trusted.client(ip(NGINX), &raw), ip(NGINX));
        // Garbage left of the client is never read.
        assert_eq!(
            trusted.client(
                ip(NGINX),
                &headers(&[("x-forwarded-for", "garbage, 203.0.113.9")])
            ),
            ip("203.0.113.9")
        );
    }
}
