//! The catalogs agree: each parses whole, defines every message once, and
//! the German and French ones have exactly the English messages, each with
//! the same variables, so that whatever a front end asks of one language
//! it can ask of all three. (What the terminal game asks for is checked in
//! carolus-tui's tests, what the page asks for in carolus-web's.)

use std::collections::BTreeSet;

use carolus_l10n::{Language, variables};
use fluent_syntax::ast::Entry;

#[test]
fn every_catalog_parses_whole_and_defines_each_message_once() {
    for language in Language::ALL {
        let resource = fluent_syntax::parser::parse(language.source())
            .unwrap_or_else(|(_, errors)| panic!("{language}.ftl does not parse: {errors:?}"));
        let mut seen = BTreeSet::new();
        for entry in &resource.body {
            match entry {
                Entry::Message(message) => assert!(
                    seen.insert(message.id.name),
                    "{language}.ftl defines {} twice",
                    message.id.name
                ),
                Entry::Junk { content } => panic!("{language}.ftl: junk {content:?}"),
                _ => {}
            }
        }
        assert!(seen.len() > 150, "{language}.ftl is read whole");
    }
}

#[test]
fn every_catalog_has_the_english_messages_with_the_same_variables() {
    let english = variables(Language::English).unwrap();
    for language in [Language::German, Language::French] {
        let other = variables(language).unwrap();
        let missing: Vec<_> = english
            .keys()
            .filter(|id| !other.contains_key(*id))
            .collect();
        let extra: Vec<_> = other
            .keys()
            .filter(|id| !english.contains_key(*id))
            .collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{language}.ftl lacks {missing:?} and has {extra:?}"
        );
        for (id, used) in &english {
            assert_eq!(&other[id], used, "{language}.ftl: the variables of {id}");
        }
    }
}

#[test]
fn every_message_formats_in_every_language_without_falling_back() {
    for language in Language::ALL {
        let catalog = carolus_l10n::catalog(language);
        for id in variables(language).unwrap().keys() {
            assert!(catalog.has(id), "{language}: {id}");
        }
    }
}
