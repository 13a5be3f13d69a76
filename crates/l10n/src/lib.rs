//! The words of Carolus in English, German and French: the message
//! catalogs in Project Fluent's syntax (`locales/{en,de,fr}.ftl`) and their
//! reading in Rust.
//!
//! There is one copy of each catalog, here. The terminal game formats its
//! messages with [`Catalog`]; the browser client (carolus-web) embeds the
//! same files and serves them to the page, whose own small reader
//! (`crates/web/assets/js/i18n.js`) formats them in the browser. What both
//! say — families, seats, territories, moves, the sentences of the game
//! log — is therefore said once; messages only the terminal shows have ids
//! beginning with `tui-`.
//!
//! The language is chosen by the front end: a command-line option parsed
//! with [`Language::from_str`](std::str::FromStr), or the environment the
//! Unix way ([`Language::from_environment`]).
//!
//! ```
//! use carolus_l10n::{Arg, Language, catalog};
//!
//! let german = catalog(Language::German);
//! let text = german.format("log-disc", &[("name", Arg::from("Anna")), ("disc", Arg::from(3u8))]);
//! assert_eq!(text, "Anna wählt Scheibe 3.");
//! assert_eq!("fr".parse::<Language>(), Ok(Language::French));
//! assert_eq!(Language::from_locale("de_DE.UTF-8"), Language::German);
//! ```

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use unic_langid::LanguageIdentifier;

/// A language of the game: those of the rule documents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    English,
    German,
    French,
}

impl Language {
    /// Every language, English (the fallback) first.
    pub const ALL: [Language; 3] = [Language::English, Language::German, Language::French];

    /// The language's code, as `--lang` takes it and the catalog's file is
    /// named: `en`, `de`, `fr`.
    pub const fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::German => "de",
            Language::French => "fr",
        }
    }

    /// The catalog's text, as written in `locales/`.
    pub const fn source(self) -> &'static str {
        match self {
            Language::English => include_str!("../locales/en.ftl"),
            Language::German => include_str!("../locales/de.ftl"),
            Language::French => include_str!("../locales/fr.ftl"),
        }
    }

    /// The language a locale name stands for, the way Unix writes them
    /// (`de_DE.UTF-8`, `fr_CA`, `en_GB@euro`, `de`): its language part.
    /// Any other language, and the `C` and `POSIX` locales, mean English.
    pub fn from_locale(locale: &str) -> Language {
        let language = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match language.as_str() {
            "de" => Language::German,
            "fr" => Language::French,
            _ => Language::English,
        }
    }

    /// The language of the environment, as Unix programs find the language
    /// of their messages: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty decides ([`Language::from_locale`]); none
    /// means English.
    pub fn from_environment() -> Language {
        Language::from_variables(|name| std::env::var(name).ok())
    }

    /// As [`Language::from_environment`], with the variables read by
    /// `variable` (for tests, which must not change the process's
    /// environment).
    pub fn from_variables(variable: impl Fn(&str) -> Option<String>) -> Language {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(variable)
            .find(|value| !value.is_empty())
            .map_or(Language::English, |value| Language::from_locale(&value))
    }

    /// The codes of every language, for messages: "en, de or fr".
    pub fn codes() -> String {
        let codes: Vec<&str> = Language::ALL.iter().map(|l| l.code()).collect();
        match codes.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => codes.join(""),
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A language code that is not one of the game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLanguage(pub String);

impl fmt::Display for UnknownLanguage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a language of the game: give {}",
            self.0,
            Language::codes()
        )
    }
}

impl std::error::Error for UnknownLanguage {}

impl FromStr for Language {
    type Err = UnknownLanguage;

    /// A language by its code (`en`, `de`, `fr`), in any case.
    fn from_str(text: &str) -> Result<Language, UnknownLanguage> {
        Language::ALL
            .into_iter()
            .find(|language| language.code().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| UnknownLanguage(text.to_owned()))
    }
}

/// A value for a message's variable: a text, or a number (which selects
/// plural forms, as in `{ $count -> [one] … *[other] … }`).
#[derive(Clone, Debug, PartialEq)]
pub enum Arg<'a> {
    Text(Cow<'a, str>),
    Number(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Arg<'a> {
        Arg::Text(Cow::Borrowed(text.as_str()))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

macro_rules! number_args {
    ($($number:ty),*) => {
        $(impl From<$number> for Arg<'_> {
            fn from(number: $number) -> Self {
                Arg::Number(number as f64)
            }
        })*
    };
}

// No u64: seeds are u64, and a number goes through f64, which would round
// them; a seed is given as text.
number_args!(u8, u16, u32, usize, i32);

/// One language's messages, ready to format.
pub struct Catalog {
    language: Language,
    bundle: FluentBundle<FluentResource>,
}

/// The catalog of `language`, read once for the whole program.
pub fn catalog(language: Language) -> &'static Catalog {
    static CATALOGS: [OnceLock<Catalog>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    let index = Language::ALL
        .iter()
        .position(|&l| l == language)
        .unwrap_or(0);
    CATALOGS[index].get_or_init(|| Catalog::new(language))
}

impl Catalog {
    fn new(language: Language) -> Catalog {
        let identifier =
            LanguageIdentifier::from_bytes(language.code().as_bytes()).unwrap_or_default();
        let mut bundle = FluentBundle::new_concurrent(vec![identifier]);
        // The terminal measures and cuts text by its cells; the invisible
        // marks Fluent puts around variables for bidirectional text would
        // count and could be cut in half. The page shows text without them
        // too.
        bundle.set_use_isolating(false);
        // The catalogs are part of the program and their tests parse them
        // whole; should one ever hold an error, the entries that did parse
        // are still used rather than none.
        let resource = match FluentResource::try_new(language.source().to_owned()) {
            Ok(resource) | Err((resource, _)) => resource,
        };
        // An id defined twice keeps its first definition (the tests forbid
        // it anyway).
        let _ = bundle.add_resource(resource);
        Catalog { language, bundle }
    }

    /// The language of the catalog.
    pub fn language(&self) -> Language {
        self.language
    }

    /// Whether the catalog has the message `id`.
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// The message `id`, which has no variables.
    pub fn text(&self, id: &str) -> String {
        self.format(id, &[])
    }

    /// The message `id` with its variables filled in from `args`. A message
    /// this catalog lacks comes from the English one, and one that is
    /// nowhere is shown as its id, so that a gap shows rather than breaks
    /// the game (the catalog tests keep both from happening).
    pub fn format(&self, id: &str, args: &[(&str, Arg)]) -> String {
        if let Some(text) = self.try_format(id, args) {
            return text;
        }
        if self.language != Language::English
            && let Some(text) = catalog(Language::English).try_format(id, args)
        {
            return text;
        }
        id.to_owned()
    }

    fn try_format(&self, id: &str, args: &[(&str, Arg)]) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            let value = match value {
                Arg::Text(text) => FluentValue::from(text.as_ref()),
                Arg::Number(number) => FluentValue::from(*number),
            };
            fluent_args.set(*name, value);
        }
        // A missing variable is written as `{$name}` and reported in
        // `errors`; the text is still the best there is.
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some(text.into_owned())
    }

    /// `value` with `places` decimals, with the language's decimal sign:
    /// `1.5` in English, `1,5` in German and French.
    pub fn decimal(&self, value: f64, places: usize) -> String {
        let text = format!("{value:.places$}");
        match self.language {
            Language::English => text,
            Language::German | Language::French => text.replace('.', ","),
        }
    }
}

/// Every message of `language`'s catalog with the variables it uses (in
/// any variant), for tests that check what a program asks for; or the
/// catalog's syntax errors.
pub fn variables(language: Language) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let resource = fluent_syntax::parser::parse(language.source())
        .map_err(|(_, errors)| format!("{language}.ftl does not parse: {errors:?}"))?;
    let mut messages = BTreeMap::new();
    for entry in resource.body {
        if let Entry::Message(message) = entry {
            let mut found = BTreeSet::new();
            if let Some(pattern) = &message.value {
                pattern_variables(pattern, &mut found);
            }
            messages.insert(message.id.name.to_owned(), found);
        }
    }
    Ok(messages)
}

fn pattern_variables(pattern: &Pattern<&str>, found: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_variables(expression, found);
        }
    }
}

fn expression_variables(expression: &Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        Expression::Inline(inline) => inline_variables(inline, found),
        Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                pattern_variables(&variant.value, found);
            }
        }
    }
}

fn inline_variables(inline: &InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_owned());
        }
        InlineExpression::Placeable { expression } => expression_variables(expression, found),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn environment<'a>(pairs: &'a [(&str, &str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            pairs
                .iter()
                .find(|(key, _)| *key == name)
                .map(|(_, value)| (*value).to_owned())
        }
    }

    #[test]
    fn a_locale_name_means_its_language_and_any_other_means_english() {
        assert_eq!(Language::from_locale("de_DE.UTF-8"), Language::German);
        assert_eq!(Language::from_locale("de_AT"), Language::German);
        assert_eq!(Language::from_locale("fr_CA.utf8"), Language::French);
        assert_eq!(Language::from_locale("fr"), Language::French);
        assert_eq!(Language::from_locale("FR_fr"), Language::French);
        assert_eq!(Language::from_locale("en_GB@euro"), Language::English);
        assert_eq!(Language::from_locale("es_ES.UTF-8"), Language::English);
        assert_eq!(Language::from_locale("C"), Language::English);
        assert_eq!(Language::from_locale("C.UTF-8"), Language::English);
        assert_eq!(Language::from_locale("POSIX"), Language::English);
        assert_eq!(Language::from_locale(""), Language::English);
    }

    #[test]
    fn lc_all_comes_before_lc_messages_which_comes_before_lang() {
        let from = |pairs: &[(&str, &str)]| Language::from_variables(environment(pairs));
        assert_eq!(from(&[]), Language::English);
        assert_eq!(from(&[("LANG", "de_DE.UTF-8")]), Language::German);
        assert_eq!(
            from(&[("LANG", "de_DE.UTF-8"), ("LC_MESSAGES", "fr_FR.UTF-8")]),
            Language::French
        );
        assert_eq!(
            from(&[
                ("LANG", "de_DE.UTF-8"),
                ("LC_MESSAGES", "fr_FR.UTF-8"),
                ("LC_ALL", "C")
            ]),
            Language::English,
            "LC_ALL=C asks for the untranslated messages"
        );
        // An empty variable is as good as unset.
        assert_eq!(
            from(&[("LC_ALL", ""), ("LANG", "fr_BE.UTF-8")]),
            Language::French
        );
        // The first set variable decides, even for a language the game
        // does not speak.
        assert_eq!(
            from(&[("LC_MESSAGES", "es_ES.UTF-8"), ("LANG", "de_DE.UTF-8")]),
            Language::English
        );
    }

    #[test]
    fn lang_codes_are_the_three_languages_and_nothing_else() {
        assert_eq!("de".parse::<Language>(), Ok(Language::German));
        assert_eq!(" FR ".parse::<Language>(), Ok(Language::French));
        assert_eq!("en".parse::<Language>(), Ok(Language::English));
        let error = "es".parse::<Language>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "\"es\" is not a language of the game: give en, de or fr"
        );
        assert!("de_DE".parse::<Language>().is_err());
    }

    #[test]
    fn numbers_choose_plural_forms_and_missing_messages_fall_back() {
        let english = catalog(Language::English);
        let moves = |catalog: &Catalog, count: u32| {
            catalog.format("game-moves", &[("count", Arg::from(count))])
        };
        assert_eq!(moves(english, 1), "one move");
        assert_eq!(moves(english, 2), "2 moves");
        assert_eq!(moves(catalog(Language::German), 12), "12 Züge");
        // French counts 0 as singular; the catalog says so where it matters.
        assert_eq!(moves(catalog(Language::French), 0), "aucun coup");
        assert_eq!(english.text("no-such-message"), "no-such-message");
        assert_eq!(catalog(Language::German).decimal(1.25, 1), "1,2");
        assert_eq!(english.decimal(1.5, 1), "1.5");
    }
}
