//! Passwords: which ones an account may have, and how they are kept.
//!
//! **Policy** ([`check_password`]). A password has at least
//! [`MIN_PASSWORD_CHARS`] characters and at most [`MAX_PASSWORD_CHARS`]; it
//! is not one of the 10,000 commonest passwords (the list shipped in
//! `data/common-passwords.txt`, whose source `data/README.md` gives), nor
//! one of them followed by up to [`MAX_WEAK_SUFFIX`] digits or symbols
//! (`Password2024!`), nor the account's name, alone or so followed, nor a
//! look-alike of it (`Car0lus` for Carolus, as [`PlayerName::skeleton`]
//! compares names). The comparisons ignore case. Nothing else is demanded (no required digits or
//! capitals): length and not being guessable first are what make a
//! password strong. Passwords are compared and hashed as the UTF-8 bytes
//! the person typed, without Unicode normalisation.
//!
//! **Storage** ([`PasswordHasher`]). Passwords are hashed with Argon2id at
//! OWASP's recommended cost (19,456 KiB of memory, 2 passes, 1 lane; see
//! [`PasswordHasher::owasp`]) with a random 16-byte salt from the
//! operating system, and kept as PHC strings
//! (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), which carry their own
//! parameters: a hash made at an older cost still verifies, and
//! [`Verified::Yes`] says when it should be replaced. The hash comparison is
//! in constant time (the `password-hash` crate's), and
//! [`PasswordHasher::dummy_verify`] lets a login for a name that has no
//! account spend the same work as a wrong password, so that the answer's
//! timing does not tell which names exist.
//!
//! One check costs about as much CPU as one login: `carolus bench
//! --login` measures it (the target is at most 100 ms).

use std::collections::HashSet;
use std::hint::black_box;
use std::sync::LazyLock;

use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{self, PasswordHasher as _, PasswordVerifier as _};
use argon2::{Algorithm, Argon2, Params, Version};

use crate::name::{PlayerName, skeleton_of};

/// The fewest characters a password may have.
pub const MIN_PASSWORD_CHARS: usize = 10;

/// The most characters a password may have: enough for any passphrase,
/// and a bound on what one sign-up makes the server hash.
pub const MAX_PASSWORD_CHARS: usize = 256;

/// The most digits and symbols after a common password (or the name) for
/// which the whole is still refused as common.
pub const MAX_WEAK_SUFFIX: usize = 6;

/// The commonest passwords, small letters, most common first.
const COMMON_PASSWORDS: &str = include_str!("../data/common-passwords.txt");

static COMMON: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| COMMON_PASSWORDS.lines().collect());

/// Why a password is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PasswordError {
    /// Fewer than [`MIN_PASSWORD_CHARS`] characters.
    #[error("a password needs at least {min} characters; this one has {chars}")]
    TooShort {
        /// The password's length in characters.
        chars: usize,
        /// The least length allowed.
        min: usize,
    },
    /// More than [`MAX_PASSWORD_CHARS`] characters.
    #[error("a password has at most {max} characters; this one has {chars}")]
    TooLong {
        /// The password's length in characters.
        chars: usize,
        /// The greatest length allowed.
        max: usize,
    },
    /// One of the commonest passwords, perhaps with a few digits or
    /// symbols after it.
    #[error("this password is one of the most common ones, which are guessed first")]
    Common,
    /// The account's name, perhaps with a few digits or symbols after it.
    #[error("a password must not be the account's name")]
    SameAsName,
}

/// Checks a new password for the account `name` against the policy.
pub fn check_password(password: &str, name: &PlayerName) -> Result<(), PasswordError> {
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(PasswordError::TooShort {
            chars,
            min: MIN_PASSWORD_CHARS,
        });
    }
    if chars > MAX_PASSWORD_CHARS {
        return Err(PasswordError::TooLong {
            chars,
            max: MAX_PASSWORD_CHARS,
        });
    }
    // The name's look-alike key, so that `Car0lus` is refused for Carolus.
    let lower = password.to_lowercase();
    let name = name.skeleton();
    if skeleton_of(&lower) == name
        || weak_stem(&lower).is_some_and(|stem| skeleton_of(stem) == name)
    {
        return Err(PasswordError::SameAsName);
    }
    if is_common(password) {
        return Err(PasswordError::Common);
    }
    Ok(())
}

/// Whether `password`, ignoring case, is one of the commonest passwords or
/// one of them followed by at most [`MAX_WEAK_SUFFIX`] digits or symbols.
pub fn is_common(password: &str) -> bool {
    let lower = password.to_lowercase();
    COMMON.contains(lower.as_str()) || weak_stem(&lower).is_some_and(|stem| COMMON.contains(stem))
}

/// `text` without the ASCII digits and symbols at its end, when there are
/// between one and [`MAX_WEAK_SUFFIX`] of them and something is left.
fn weak_stem(text: &str) -> Option<&str> {
    let stem = text.trim_end_matches(|c: char| c.is_ascii_digit() || c.is_ascii_punctuation());
    let suffix = text.len() - stem.len();
    (1..=MAX_WEAK_SUFFIX)
        .contains(&suffix)
        .then_some(stem)
        .filter(|s| !s.is_empty())
}

/// A failure of hashing itself, as opposed to a wrong password: the
/// server's fault or its store's, never the person's.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HashError {
    /// The stored hash is not a PHC string this crate can verify.
    #[error("the stored password hash cannot be read: {0}")]
    Stored(String),
    /// The cost parameters are outside what Argon2 allows.
    #[error("invalid Argon2 parameters: {0}")]
    Parameters(String),
    /// Hashing failed (the operating system gave no random salt, or
    /// Argon2 refused its input).
    #[error("password hashing failed: {0}")]
    Hashing(String),
}

/// The result of checking a password against its stored hash.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub enum Verified {
    /// The password is right. `needs_rehash` says that the stored hash
    /// was made with other parameters than the hasher's and should be
    /// replaced by a new hash of this password.
    Yes {
        /// Whether to store a new hash.
        needs_rehash: bool,
    },
    /// The password is wrong.
    No,
}

/// Argon2id with fixed cost parameters: hashes new passwords and verifies
/// passwords against stored PHC strings.
#[derive(Clone, Debug)]
pub struct PasswordHasher {
    params: Params,
    /// A hash of a password nobody has, at this hasher's cost, for
    /// [`PasswordHasher::dummy_verify`].
    dummy: String,
}

impl PasswordHasher {
    /// OWASP's recommended memory for Argon2id, in KiB (19 MiB).
    pub const OWASP_MEMORY_KIB: u32 = 19_456;
    /// OWASP's recommended number of passes with that memory.
    pub const OWASP_ITERATIONS: u32 = 2;
    /// OWASP's recommended parallelism (lanes).
    pub const OWASP_PARALLELISM: u32 = 1;

    /// The hasher at OWASP's parameters (m = 19,456 KiB, t = 2, p = 1),
    /// the one the server uses. Making it costs one hash (the dummy's).
    pub fn owasp() -> Result<Self, HashError> {
        Self::with_cost(
            Self::OWASP_MEMORY_KIB,
            Self::OWASP_ITERATIONS,
            Self::OWASP_PARALLELISM,
        )
    }

    /// A hasher at another cost: `memory_kib` KiB of memory (at least 8
    /// per lane), `iterations` passes, `parallelism` lanes.
    pub fn with_cost(
        memory_kib: u32,
        iterations: u32,
        parallelism: u32,
    ) -> Result<Self, HashError> {
        let params = Params::new(memory_kib, iterations, parallelism, None)
            .map_err(|e| HashError::Parameters(e.to_string()))?;
        let mut hasher = PasswordHasher {
            params,
            dummy: String::new(),
        };
        let mut unguessable = [0u8; 32];
        getrandom::fill(&mut unguessable).map_err(|e| HashError::Hashing(e.to_string()))?;
        hasher.dummy = hasher.hash_bytes(&unguessable)?;
        Ok(hasher)
    }

    /// The memory cost in KiB, passes and lanes.
    pub fn cost(&self) -> (u32, u32, u32) {
        (
            self.params.m_cost(),
            self.params.t_cost(),
            self.params.p_cost(),
        )
    }

    fn argon2(&self) -> Argon2<'static> {
        Argon2::new(Algorithm::Argon2id, Version::V0x13, self.params.clone())
    }

    fn hash_bytes(&self, password: &[u8]) -> Result<String, HashError> {
        self.argon2()
            .hash_password(password)
            .map(|hash| hash.to_string())
            .map_err(|e| HashError::Hashing(e.to_string()))
    }

    /// The PHC string to store for `password`, with a new random salt.
    pub fn hash(&self, password: &str) -> Result<String, HashError> {
        self.hash_bytes(password.as_bytes())
    }

    /// Checks `password` against `stored`, a PHC string made by
    /// [`PasswordHasher::hash`] (at this cost or another).
    ///
    /// The time taken depends on the stored hash's cost, never on how
    /// much of the password is right.
    pub fn verify(&self, password: &str, stored: &str) -> Result<Verified, HashError> {
        let parsed = PasswordHash::new(stored).map_err(|e| HashError::Stored(e.to_string()))?;
        if parsed.algorithm.as_str() != Algorithm::Argon2id.as_str() {
            return Err(HashError::Stored(format!(
                "the algorithm is {}, not argon2id",
                parsed.algorithm
            )));
        }
        match self.argon2().verify_password(password.as_bytes(), &parsed) {
            Ok(()) => Ok(Verified::Yes {
                needs_rehash: self.differs(&parsed),
            }),
            Err(password_hash::Error::PasswordInvalid) => Ok(Verified::No),
            Err(e) => Err(HashError::Stored(e.to_string())),
        }
    }

    /// Spends the work of one [`PasswordHasher::verify`] at this cost and
    /// finds nothing: for a login to a name that has no account, so that it
    /// takes as long as a wrong password for a name that has one. (That
    /// holds for stored hashes at this hasher's cost; a hash at an older
    /// cost is replaced at its owner's next sign-in, see [`Verified`].)
    pub fn dummy_verify(&self, password: &str) {
        // The dummy hash is of 32 random bytes that were never kept, so no
        // password matches it; the result is only work.
        let outcome = self.verify(password, &self.dummy);
        black_box(outcome).ok();
    }

    /// Whether `stored` should be replaced by a hash at this hasher's cost:
    /// it was made with other parameters, another algorithm or version, or
    /// cannot be read at all.
    pub fn needs_rehash(&self, stored: &str) -> bool {
        PasswordHash::new(stored).map_or(true, |parsed| self.differs(&parsed))
    }

    fn differs(&self, parsed: &PasswordHash) -> bool {
        parsed.algorithm.as_str() != Algorithm::Argon2id.as_str()
            || parsed.version != Some(Version::V0x13.into())
            || Params::try_from(parsed).map_or(true, |params| {
                (params.m_cost(), params.t_cost(), params.p_cost()) != self.cost()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(text: &str) -> PlayerName {
        PlayerName::parse(text).unwrap()
    }

    /// A hasher cheap enough for tests about behaviour, not cost.
    fn cheap() -> PasswordHasher {
        PasswordHasher::with_cost(64, 1, 1).unwrap()
    }

    #[test]
    fn the_shipped_list_has_ten_thousand_small_letter_passwords() {
        assert_eq!(COMMON.len(), 10_000);
        assert_eq!(COMMON_PASSWORDS.lines().next(), Some("123456"));
        assert!(
            COMMON
                .iter()
                .all(|p| *p == p.to_lowercase() && !p.is_empty())
        );
    }

    #[test]
    fn passwords_shorter_than_ten_characters_are_refused() {
        assert_eq!(
            check_password("xK9#mQ2$v", &name("karl")),
            Err(PasswordError::TooShort { chars: 9, min: 10 })
        );
        // Characters, not bytes: ten umlauts are ten characters.
        assert_eq!(check_password("ääääääääää", &name("karl")), Ok(()));
        assert_eq!(check_password("xK9#mQ2$vw", &name("karl")), Ok(()));
    }

    #[test]
    fn passwords_longer_than_the_maximum_are_refused() {
        let long = "Lorem ipsum dolor sit amet ".repeat(10);
        assert_eq!(
            check_password(&long, &name("karl")),
            Err(PasswordError::TooLong {
                chars: 270,
                max: 256
            })
        );
    }

    #[test]
    fn common_passwords_are_refused_whatever_their_case() {
        for common in [
            "qwertyuiop",
            "1234567890",
            "QWERTYUIOP",
            "Password123",
            "MANCHESTER",
            "q1w2e3r4t5",
        ] {
            assert_eq!(
                check_password(common, &name("karl")),
                Err(PasswordError::Common),
                "{common}"
            );
        }
    }

    #[test]
    fn common_passwords_with_a_few_digits_or_symbols_after_them_are_refused() {
        for weak in [
            "Password2024!",
            "dragon123456",
            "monkey!!!!!!",
            "letmein2025",
        ] {
            assert_eq!(
                check_password(weak, &name("karl")),
                Err(PasswordError::Common),
                "{weak}"
            );
        }
        // Seven digits after a common word are more than a weak suffix.
        assert_eq!(check_password("dragon1234567", &name("karl")), Ok(()));
    }

    #[test]
    fn uncommon_passwords_pass() {
        for good in [
            "correct horse battery",
            "Zwei Ritter im Turm",
            "kaiser-karl-faehrt-rhein",
            "9fT!qL2#zR",
        ] {
            assert_eq!(check_password(good, &name("karl")), Ok(()), "{good}");
        }
    }

    #[test]
    fn the_name_is_not_a_password() {
        assert_eq!(
            check_password("Karolingian", &name("karolingian")),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(
            check_password("KarlDerGrosse", &name("KarlDerGrosse")),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(
            check_password("karldergrosse1!", &name("KarlDerGrosse")),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(
            check_password("KarIDerGr0sse", &name("KarlDerGrosse")),
            Err(PasswordError::SameAsName)
        );
        assert_eq!(
            check_password("karldergrosse-or-not", &name("KarlDerGrosse")),
            Ok(())
        );
    }

    #[test]
    fn a_hash_is_a_phc_string_that_verifies_its_password_only() {
        let hasher = cheap();
        let stored = hasher.hash("correct horse battery").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=64,t=1,p=1$"),
            "{stored}"
        );
        assert_eq!(
            hasher.verify("correct horse battery", &stored),
            Ok(Verified::Yes {
                needs_rehash: false
            })
        );
        assert_eq!(
            hasher.verify("correct horse batterY", &stored),
            Ok(Verified::No)
        );
        assert_eq!(hasher.verify("", &stored), Ok(Verified::No));
    }

    #[test]
    fn each_hash_has_its_own_salt() {
        let hasher = cheap();
        assert_ne!(
            hasher.hash("same password").unwrap(),
            hasher.hash("same password").unwrap()
        );
    }

    #[test]
    fn the_owasp_hasher_makes_owasp_hashes() {
        // One hash at full cost (making the hasher hashes its dummy).
        let hasher = PasswordHasher::owasp().unwrap();
        assert_eq!(hasher.cost(), (19_456, 2, 1));
        assert!(
            hasher.dummy.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{}",
            hasher.dummy
        );
        assert!(!hasher.needs_rehash(&hasher.dummy));
    }

    #[test]
    fn a_hash_at_another_cost_verifies_and_asks_to_be_rehashed() {
        let old = PasswordHasher::with_cost(32, 1, 1).unwrap();
        let new = cheap();
        let stored = old.hash("correct horse battery").unwrap();
        assert!(new.needs_rehash(&stored));
        assert!(!old.needs_rehash(&stored));
        assert_eq!(
            new.verify("correct horse battery", &stored),
            Ok(Verified::Yes { needs_rehash: true })
        );
        assert_eq!(new.verify("wrong horse battery", &stored), Ok(Verified::No));
    }

    #[test]
    fn other_algorithms_and_unreadable_hashes_are_errors_and_need_rehashing() {
        let hasher = cheap();
        let stored = hasher.hash("correct horse battery").unwrap();
        let argon2i = stored.replacen("$argon2id$", "$argon2i$", 1);
        assert!(matches!(
            hasher.verify("correct horse battery", &argon2i),
            Err(HashError::Stored(_))
        ));
        assert!(hasher.needs_rehash(&argon2i));
        for junk in [
            "",
            "plaintext",
            "$argon2id$v=19$m=64,t=1,p=1$",
            "$argon2id$v=19$m=x$AAAA$AAAA",
        ] {
            assert!(
                matches!(hasher.verify("x", junk), Err(HashError::Stored(_))),
                "{junk:?}"
            );
            assert!(hasher.needs_rehash(junk), "{junk:?}");
        }
    }

    #[test]
    fn parameters_argon2_refuses_are_an_error() {
        assert!(matches!(
            PasswordHasher::with_cost(64, 0, 1),
            Err(HashError::Parameters(_))
        ));
        assert!(matches!(
            PasswordHasher::with_cost(1, 1, 1),
            Err(HashError::Parameters(_))
        ));
    }

    #[test]
    fn the_dummy_verification_matches_no_password() {
        let hasher = cheap();
        for password in ["", "correct horse battery", "\u{0}"] {
            assert_eq!(hasher.verify(password, &hasher.dummy), Ok(Verified::No));
            hasher.dummy_verify(password);
        }
        // It is made at the hasher's own cost, so it costs what a real
        // verification costs.
        assert!(!hasher.needs_rehash(&hasher.dummy));
    }
}
