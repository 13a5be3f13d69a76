//! Player names: what a name may be made of, and the key under which two
//! names that look alike are the same name.
//!
//! A [`PlayerName`] has 2 to 20 characters, each an ASCII letter (`a`–`z`,
//! `A`–`Z`), an ASCII digit, `_` or `-`, and begins with a letter or a
//! digit (so that a name never reads as a command-line option, as in
//! `carolus connect --user -x`).
//!
//! "Letters" means ASCII letters only. Accented and non-Latin letters would
//! welcome more people, but each script brings look-alikes of the others
//! (Cyrillic `а` and Latin `a`, Greek `Ο` and Latin `O`), and telling them
//! apart reliably needs the full Unicode confusables data and mixed-script
//! rules. With ASCII only, everything that makes names dangerous to show —
//! right-to-left overrides, zero-width and other invisible characters,
//! look-alikes from other scripts, markup such as `<script>` — is refused
//! by the character set itself, and the error says which character is
//! refused and where, so that a person can fix it.
//!
//! Within ASCII, [`PlayerName::skeleton`] maps names that differ only by
//! case or by letters that look alike to the same key, which the server
//! keeps unique: `Carolus`, `caro1us`, `CAROLUS` and `CaroIus` are one name.
//! The table of look-alikes is in [`skeleton_of`]'s documentation.

use std::fmt;
use std::str::FromStr;

/// The fewest characters a name may have.
pub const MIN_NAME_CHARS: usize = 2;

/// The most characters a name may have.
pub const MAX_NAME_CHARS: usize = 20;

/// A valid player name, as the person typed it (case kept for display).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlayerName(String);

/// Why a name is refused.
///
/// Positions count characters (not bytes) from 1, as a person counts them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// The name has fewer than [`MIN_NAME_CHARS`] characters.
    #[error("a name needs at least {min} characters; this one has {chars}")]
    TooShort {
        /// The name's length in characters.
        chars: usize,
        /// The least length allowed.
        min: usize,
    },
    /// The name has more than [`MAX_NAME_CHARS`] characters.
    #[error("a name has at most {max} characters; this one has {chars}")]
    TooLong {
        /// The name's length in characters.
        chars: usize,
        /// The greatest length allowed.
        max: usize,
    },
    /// A character outside the allowed set.
    #[error("character {position} ({}) is not allowed in a name: {kind}", shown(*.character, *.kind))]
    Character {
        /// The refused character.
        character: char,
        /// Its position in the name, counting characters from 1.
        position: usize,
        /// What kind of character it is, for the message.
        kind: CharacterKind,
    },
    /// The first character is `_` or `-`.
    #[error("a name begins with a letter or a digit, not {character:?}")]
    LeadingPunctuation {
        /// The first character.
        character: char,
    },
}

/// The kinds of refused characters, so that the message can say why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharacterKind {
    /// A character that is not shown or that changes how text around it
    /// is shown: zero-width characters, direction marks and overrides,
    /// joiners, the byte-order mark, soft hyphens, variation selectors,
    /// control characters.
    Invisible,
    /// A space of any width.
    Space,
    /// A letter or digit outside ASCII (accented, Cyrillic, Greek, full
    /// width and so on), which may look like an ASCII one.
    NonAscii,
    /// Any other punctuation or symbol, such as `<`, `>`, `&`, `'`, `"`.
    Symbol,
}

impl fmt::Display for CharacterKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CharacterKind::Invisible => "an invisible or control character",
            CharacterKind::Space => "a space",
            CharacterKind::NonAscii => {
                "a letter or digit outside A–Z, a–z and 0–9 (names use unaccented Latin letters)"
            }
            CharacterKind::Symbol => "names use only letters, digits, _ and -",
        })
    }
}

impl CharacterKind {
    /// The kind of a character that is not allowed.
    fn of(c: char) -> Self {
        if is_invisible(c) {
            CharacterKind::Invisible
        } else if c.is_whitespace() {
            CharacterKind::Space
        } else if !c.is_ascii() && c.is_alphanumeric() {
            CharacterKind::NonAscii
        } else {
            CharacterKind::Symbol
        }
    }
}

/// Whether `c` is invisible or changes the display of the text around it.
///
/// The ranges are Unicode's default-ignorable and format characters that
/// matter for spoofing; any of them is refused anyway, this only picks the
/// message.
fn is_invisible(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}'                // soft hyphen
            | '\u{034F}'              // combining grapheme joiner
            | '\u{061C}'              // Arabic letter mark
            | '\u{115F}'..='\u{1160}' // Hangul fillers
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}' // Mongolian selectors and vowel separator
            | '\u{200B}'..='\u{200F}' // zero-width space, (non-)joiner, LRM, RLM
            | '\u{202A}'..='\u{202E}' // embeddings and overrides
            | '\u{2060}'..='\u{206F}' // word joiner, invisible operators, isolates
            | '\u{3164}'              // Hangul filler
            | '\u{FE00}'..='\u{FE0F}' // variation selectors
            | '\u{FEFF}'              // byte-order mark, zero-width no-break space
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFFB}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}' // tags and variation selectors supplement
        )
}

/// A refused character as a message shows it: its code point, and the
/// character itself in quotes when it is visible, so that an invisible one
/// never hides in the message too.
fn shown(c: char, kind: CharacterKind) -> String {
    match kind {
        CharacterKind::Invisible | CharacterKind::Space => format!("U+{:04X}", u32::from(c)),
        CharacterKind::NonAscii | CharacterKind::Symbol => format!("{c:?}, U+{:04X}", u32::from(c)),
    }
}

/// Whether `c` may stand in a name.
fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

impl PlayerName {
    /// Checks `text` and makes it a name.
    ///
    /// Characters are checked first, so that input that is not a name at
    /// all (markup, a sentence) is refused by its first wrong character
    /// rather than by its length.
    pub fn parse(text: &str) -> Result<Self, NameError> {
        if let Some((index, character)) = text.chars().enumerate().find(|&(_, c)| !is_name_char(c))
        {
            return Err(NameError::Character {
                character,
                position: index + 1,
                kind: CharacterKind::of(character),
            });
        }
        // Every character is ASCII now, so bytes are characters.
        let chars = text.len();
        if chars < MIN_NAME_CHARS {
            return Err(NameError::TooShort {
                chars,
                min: MIN_NAME_CHARS,
            });
        }
        if chars > MAX_NAME_CHARS {
            return Err(NameError::TooLong {
                chars,
                max: MAX_NAME_CHARS,
            });
        }
        match text.chars().next() {
            Some(character @ ('_' | '-')) => Err(NameError::LeadingPunctuation { character }),
            _ => Ok(PlayerName(text.to_owned())),
        }
    }

    /// The name as it was typed.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The key that is the same for names that differ only by case or by
    /// look-alike letters; see [`skeleton_of`].
    pub fn skeleton(&self) -> String {
        skeleton_of(&self.0)
    }
}

/// The look-alike key of a name's characters.
///
/// Each character is replaced by the representative of its class, so that
/// two names get one key exactly when they differ only by characters of the
/// same class:
///
/// | class                         | key  |
/// |-------------------------------|------|
/// | a letter and its capital      | the small letter |
/// | `0`, `o`, `O`                 | `o`  |
/// | `1`, `i`, `I`, `l`, `L`       | `l`  |
/// | `m`, `M` and the pair `rn`    | `rn` |
/// | `w`, `W` and the pair `vv`    | `vv` |
/// | `d`, `D` and the pair `cl`    | `cl` |
/// | `5`, `s`, `S`                 | `s`  |
/// | `2`, `z`, `Z`                 | `z`  |
/// | `8`, `b`, `B`                 | `b`  |
/// | `6`, `9`, `g`, `G`, `q`, `Q`  | `g`  |
/// | `_`, `-`                      | `_`  |
///
/// `i` joins `l`'s class because `I` looks like `l` and must also equal
/// `i` (names differing only by case are one name). The multi-letter look
/// alikes work by spelling the single letter out: `m` becomes `rn`, so
/// `rn` and `m` give the same key without any search for pairs. The table
/// errs on the side of refusing: two names one would never confuse may
/// share a key (`mila` and `mlla`), which only means the second person
/// picks another name.
pub fn skeleton_of(name: &str) -> String {
    let mut key = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        match c.to_ascii_lowercase() {
            '0' | 'o' => key.push('o'),
            '1' | 'i' | 'l' => key.push('l'),
            'm' => key.push_str("rn"),
            'w' => key.push_str("vv"),
            'd' => key.push_str("cl"),
            '5' | 's' => key.push('s'),
            '2' | 'z' => key.push('z'),
            '8' | 'b' => key.push('b'),
            '6' | '9' | 'g' | 'q' => key.push('g'),
            '-' | '_' => key.push('_'),
            other => key.push(other),
        }
    }
    key
}

impl FromStr for PlayerName {
    type Err = NameError;

    fn from_str(text: &str) -> Result<Self, NameError> {
        PlayerName::parse(text)
    }
}

impl fmt::Display for PlayerName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for PlayerName {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused_character(text: &str) -> (char, usize, CharacterKind) {
        match PlayerName::parse(text) {
            Err(NameError::Character {
                character,
                position,
                kind,
            }) => (character, position, kind),
            other => panic!("{text:?} gave {other:?}, not a refused character"),
        }
    }

    #[test]
    fn names_of_letters_digits_underscores_and_hyphens_are_accepted() {
        for text in [
            "ab",
            "Carolus",
            "karl_der-Grosse",
            "a1",
            "9lives",
            "x-y_z",
            "abcdefghij0123456789",
        ] {
            let name: PlayerName = text.parse().unwrap();
            assert_eq!(name.to_string(), text, "kept as typed");
        }
    }

    #[test]
    fn lengths_outside_two_to_twenty_are_refused_with_the_length() {
        assert_eq!(
            PlayerName::parse("a"),
            Err(NameError::TooShort { chars: 1, min: 2 })
        );
        assert_eq!(
            PlayerName::parse(""),
            Err(NameError::TooShort { chars: 0, min: 2 })
        );
        assert_eq!(
            PlayerName::parse("abcdefghij0123456789x"),
            Err(NameError::TooLong { chars: 21, max: 20 })
        );
    }

    #[test]
    fn a_name_begins_with_a_letter_or_digit() {
        assert_eq!(
            PlayerName::parse("-rf"),
            Err(NameError::LeadingPunctuation { character: '-' })
        );
        assert_eq!(
            PlayerName::parse("__"),
            Err(NameError::LeadingPunctuation { character: '_' })
        );
        assert!(PlayerName::parse("a_").is_ok());
    }

    #[test]
    fn markup_is_refused_at_its_first_character() {
        assert_eq!(
            refused_character("<script>alert(1)</script>"),
            ('<', 1, CharacterKind::Symbol)
        );
        assert_eq!(
            refused_character("bob\"onload="),
            ('"', 4, CharacterKind::Symbol)
        );
        assert_eq!(
            refused_character("a&amp;b"),
            ('&', 2, CharacterKind::Symbol)
        );
        assert_eq!(
            refused_character("o'brien"),
            ('\'', 2, CharacterKind::Symbol)
        );
    }

    #[test]
    fn direction_overrides_and_invisible_characters_are_refused_as_invisible() {
        for (text, character, position) in [
            ("ad\u{202E}nimda", '\u{202E}', 3), // right-to-left override
            ("ab\u{202D}c", '\u{202D}', 3),     // left-to-right override
            ("ab\u{2067}c", '\u{2067}', 3),     // right-to-left isolate
            ("\u{200F}abc", '\u{200F}', 1),     // right-to-left mark
            ("ka\u{200B}rl", '\u{200B}', 3),    // zero-width space
            ("ka\u{200D}rl", '\u{200D}', 3),    // zero-width joiner
            ("karl\u{FEFF}", '\u{FEFF}', 5),    // zero-width no-break space
            ("ka\u{00AD}rl", '\u{00AD}', 3),    // soft hyphen
            ("ka\u{2060}rl", '\u{2060}', 3),    // word joiner
            ("karl\u{FE0F}", '\u{FE0F}', 5),    // variation selector
            ("ka\u{E0041}rl", '\u{E0041}', 3),  // tag letter
            ("ka\u{0000}rl", '\u{0000}', 3),    // NUL
            ("karl\n", '\n', 5),
        ] {
            assert_eq!(
                refused_character(text),
                (character, position, CharacterKind::Invisible),
                "{}",
                text.escape_unicode()
            );
        }
    }

    #[test]
    fn spaces_are_refused_as_spaces() {
        assert_eq!(
            refused_character("karl der"),
            (' ', 5, CharacterKind::Space)
        );
        assert_eq!(
            refused_character("karl\u{00A0}d"),
            ('\u{00A0}', 5, CharacterKind::Space)
        );
        assert_eq!(
            refused_character("karl\u{3000}d"),
            ('\u{3000}', 5, CharacterKind::Space)
        );
    }

    #[test]
    fn look_alikes_from_other_scripts_are_refused_as_non_ascii() {
        // Cyrillic а, о, е and Greek Ο, Α in otherwise Latin names: the
        // mixed-script spoofs of "admin" and "Otto".
        assert_eq!(
            refused_character("\u{0430}dmin"),
            ('\u{0430}', 1, CharacterKind::NonAscii)
        );
        assert_eq!(
            refused_character("adm\u{0456}n"),
            ('\u{0456}', 4, CharacterKind::NonAscii)
        );
        assert_eq!(
            refused_character("\u{039F}tto"),
            ('\u{039F}', 1, CharacterKind::NonAscii)
        );
        assert_eq!(
            refused_character("K\u{0391}RL"),
            ('\u{0391}', 2, CharacterKind::NonAscii)
        );
        // Whole names in one other script, full-width Latin, accents.
        assert_eq!(
            refused_character("\u{041A}\u{0430}\u{0440}\u{043B}"),
            ('\u{041A}', 1, CharacterKind::NonAscii)
        );
        assert_eq!(
            refused_character("\u{FF4B}arl"),
            ('\u{FF4B}', 1, CharacterKind::NonAscii)
        );
        assert_eq!(
            refused_character("Zo\u{00E9}"),
            ('\u{00E9}', 3, CharacterKind::NonAscii)
        );
        // A combining accent after an ASCII letter is not a letter itself.
        assert_eq!(refused_character("Zoe\u{0301}").0, '\u{0301}');
        // Mathematical bold digits look like digits.
        assert_eq!(refused_character("a\u{1D7CF}").2, CharacterKind::NonAscii);
    }

    #[test]
    fn the_message_names_the_character_and_its_place() {
        let error = PlayerName::parse("ka\u{200B}rl").unwrap_err();
        assert_eq!(
            error.to_string(),
            "character 3 (U+200B) is not allowed in a name: an invisible or control character"
        );
        let error = PlayerName::parse("<b>").unwrap_err();
        assert_eq!(
            error.to_string(),
            "character 1 ('<', U+003C) is not allowed in a name: names use only letters, digits, _ and -"
        );
    }

    #[test]
    fn names_that_differ_only_by_case_share_a_skeleton() {
        let key = |text: &str| PlayerName::parse(text).unwrap().skeleton();
        assert_eq!(key("Carolus"), key("carolus"));
        assert_eq!(key("CAROLUS"), key("carolus"));
        assert_eq!(key("KarlDerGrosse"), key("karldergrosse"));
    }

    #[test]
    fn names_that_differ_only_by_look_alikes_share_a_skeleton() {
        let key = |text: &str| PlayerName::parse(text).unwrap().skeleton();
        for (a, b) in [
            ("Carolus", "CaroIus"), // capital I for l
            ("Carolus", "Caro1us"), // one for l
            ("Carolus", "CAR0LUS"), // zero for O
            ("Ilse", "ilse"),
            ("Ilse", "lIse"),
            ("modern", "rnodern"), // rn for m
            ("wolf", "vvolf"),     // vv for w
            ("dora", "clora"),     // cl for d
            ("Sam", "5am"),
            ("Zed", "2ed"),
            ("Bob", "8ob"),
            ("gogo", "9o6o"),
            ("karl_g", "karl-g"),
        ] {
            assert_eq!(key(a), key(b), "{a} and {b}");
        }
    }

    #[test]
    fn names_that_do_not_look_alike_keep_different_skeletons() {
        let key = |text: &str| PlayerName::parse(text).unwrap().skeleton();
        for (a, b) in [
            ("karl", "kurt"),
            ("anna", "anne"),
            ("ab", "abc"),
            ("barn", "bar"),
            ("carolus", "carolus1x"),
        ] {
            assert_ne!(key(a), key(b), "{a} and {b}");
        }
    }

    #[test]
    fn a_skeleton_is_its_own_skeleton() {
        // The server may store skeletons and compare a new name's skeleton
        // with them; spelling out m, w and d must not change on a second pass.
        for text in ["Modern_World", "D0ris-I1l", "Qwerty58"] {
            let once = skeleton_of(text);
            assert_eq!(skeleton_of(&once), once);
        }
    }
}
