//! The message catalogs (assets/locales/*.ftl), read with the Rust
//! implementation of Project Fluent: every catalog parses, has the same
//! messages with the same variables as the English one, and stays inside
//! the part of the syntax that the page's own reader (assets/js/i18n.js)
//! understands. The examples in `l10n-examples.json` are formatted here
//! and by the page's reader (tests/unit), so that both agree word for word.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use serde_json::Value;
use unic_langid::LanguageIdentifier;

const LANGUAGES: [&str; 3] = ["en", "de", "fr"];

fn catalog(language: &str) -> String {
    let bytes = carolus_web::file(&format!("locales/{language}.ftl")).expect("the catalog exists");
    String::from_utf8(bytes.into_owned()).expect("a catalog is UTF-8")
}

/// Every message's variables, and any construct outside the page's subset.
fn messages(language: &str) -> (BTreeMap<String, BTreeSet<String>>, Vec<String>) {
    let source = catalog(language);
    let resource = fluent_syntax::parser::parse(source.as_str())
        .unwrap_or_else(|(_, errors)| panic!("{language}.ftl does not parse: {errors:?}"));
    let mut messages = BTreeMap::new();
    let mut outside = Vec::new();
    for entry in resource.body {
        match entry {
            Entry::Message(message) => {
                let id = message.id.name.to_owned();
                if !message.attributes.is_empty() {
                    outside.push(format!("{id}: attributes"));
                }
                let mut variables = BTreeSet::new();
                match &message.value {
                    Some(pattern) => walk(pattern, &id, &mut variables, &mut outside),
                    None => outside.push(format!("{id}: no value")),
                }
                messages.insert(id, variables);
            }
            Entry::Term(term) => outside.push(format!("-{}: a term", term.id.name)),
            Entry::Junk { content } => outside.push(format!("junk: {content}")),
            _ => {}
        }
    }
    (messages, outside)
}

fn walk(
    pattern: &Pattern<&str>,
    id: &str,
    variables: &mut BTreeSet<String>,
    outside: &mut Vec<String>,
) {
    for element in &pattern.elements {
        let PatternElement::Placeable { expression } = element else {
            continue;
        };
        match expression {
            Expression::Inline(inline) => inline_expression(inline, id, variables, outside),
            Expression::Select { selector, variants } => {
                inline_expression(selector, id, variables, outside);
                if !matches!(selector, InlineExpression::VariableReference { .. }) {
                    outside.push(format!("{id}: a select on something other than a variable"));
                }
                for variant in variants {
                    walk(&variant.value, id, variables, outside);
                }
            }
        }
    }
}

fn inline_expression(
    expression: &InlineExpression<&str>,
    id: &str,
    variables: &mut BTreeSet<String>,
    outside: &mut Vec<String>,
) {
    match expression {
        InlineExpression::VariableReference { id: variable } => {
            variables.insert(variable.name.to_owned());
        }
        InlineExpression::StringLiteral { .. } => {}
        other => outside.push(format!("{id}: {other:?} is not read by the page")),
    }
}

#[test]
fn every_catalog_parses_and_stays_inside_the_pages_syntax() {
    for language in LANGUAGES {
        let (messages, outside) = messages(language);
        assert!(messages.len() > 100, "{language}.ftl is read whole");
        assert!(outside.is_empty(), "{language}.ftl: {outside:#?}");
    }
}

#[test]
fn every_catalog_has_the_english_messages_with_the_same_variables() {
    let (english, _) = messages("en");
    for language in ["de", "fr"] {
        let (other, _) = messages(language);
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
        for (id, variables) in &english {
            assert_eq!(
                &other[id], variables,
                "{language}.ftl: the variables of {id}"
            );
        }
    }
}

#[test]
fn the_examples_read_as_written() {
    let examples: Vec<Value> =
        serde_json::from_str(include_str!("l10n-examples.json")).expect("the examples are JSON");
    for example in examples {
        let language = example["language"].as_str().unwrap();
        let id = example["id"].as_str().unwrap();
        let identifier: LanguageIdentifier = language.parse().unwrap();
        let mut bundle = FluentBundle::new(vec![identifier]);
        // The page shows text as it is, without Unicode isolation marks.
        bundle.set_use_isolating(false);
        bundle
            .add_resource(FluentResource::try_new(catalog(language)).expect("the catalog parses"))
            .expect("no message is defined twice");
        let mut args = FluentArgs::new();
        for (name, value) in example["args"].as_object().unwrap() {
            let value = match value {
                Value::Number(number) => FluentValue::from(number.as_f64().unwrap()),
                other => FluentValue::from(other.as_str().unwrap().to_owned()),
            };
            args.set(name.clone(), value);
        }
        let message = bundle
            .get_message(id)
            .unwrap_or_else(|| panic!("{language}: no {id}"));
        let mut errors = Vec::new();
        let text = bundle.format_pattern(message.value().unwrap(), Some(&args), &mut errors);
        assert!(errors.is_empty(), "{language} {id}: {errors:?}");
        assert_eq!(text, example["text"].as_str().unwrap(), "{language} {id}");
    }
}

/// The ids the pages ask for: `t("id")` in the scripts (an id built with
/// `${…}` stands for every id it can begin with) and `data-l10n="id"` in
/// the document.
fn ids_asked_for() -> Vec<(String, String)> {
    let mut asked = Vec::new();
    for name in carolus_web::files() {
        let text = String::from_utf8(carolus_web::file(&name).unwrap().into_owned()).unwrap();
        for opening in ["t(\"", "t(`", "data-l10n=\""] {
            for (at, _) in text.match_indices(opening) {
                let preceded_by_word = text[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_alphanumeric() || c == '.');
                if preceded_by_word && opening != "data-l10n=\"" {
                    continue;
                }
                let rest = &text[at + opening.len()..];
                let id: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '$')
                    .collect();
                asked.push((name.to_string(), id));
            }
        }
    }
    asked
}

#[test]
fn every_message_the_pages_ask_for_is_in_the_english_catalog() {
    let (english, _) = messages("en");
    let asked = ids_asked_for();
    assert!(asked.len() > 100, "the scripts are read");
    for (file, id) in asked {
        let known = match id.split_once('$') {
            Some((prefix, _)) => english.keys().any(|known| known.starts_with(prefix)),
            None => english.contains_key(&id),
        };
        assert!(
            known,
            "{file} asks for the message {id:?}, which en.ftl lacks"
        );
    }
}
