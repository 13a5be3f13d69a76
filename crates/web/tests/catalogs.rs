//! The message catalogs as the page gets them (carolus-l10n's
//! `locales/*.ftl`, served under `/assets/locales/`): the files served are
//! carolus-l10n's own, every catalog stays inside the part of Project
//! Fluent's syntax that the page's own reader (assets/js/i18n.js)
//! understands, and every message the pages ask for exists. The examples
//! in `l10n-examples.json` are formatted here with carolus-l10n (Rust's
//! fluent-bundle, as the terminal game formats them) and by the page's
//! reader (tests/unit), so that both agree word for word. (That every
//! catalog has the same messages with the same variables is carolus-l10n's
//! own test.)

use std::collections::{BTreeMap, BTreeSet};

use carolus_l10n::{Arg, Language};
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use serde_json::Value;

const LANGUAGES: [&str; 3] = ["en", "de", "fr"];

fn catalog(language: &str) -> String {
    let bytes = carolus_web::file(&format!("locales/{language}.ftl")).expect("the catalog exists");
    String::from_utf8(bytes.into_owned()).expect("a catalog is UTF-8")
}

#[test]
fn the_page_is_served_the_one_copy_of_each_catalog() {
    for language in Language::ALL {
        assert_eq!(catalog(language.code()), language.source(), "{language}");
    }
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
fn the_examples_read_as_written() {
    let examples: Vec<Value> =
        serde_json::from_str(include_str!("l10n-examples.json")).expect("the examples are JSON");
    for example in examples {
        let language: Language = example["language"].as_str().unwrap().parse().unwrap();
        let id = example["id"].as_str().unwrap();
        let catalog = carolus_l10n::catalog(language);
        assert!(catalog.has(id), "{language}: no {id}");
        let args: Vec<(&str, Arg)> = example["args"]
            .as_object()
            .unwrap()
            .iter()
            .map(|(name, value)| {
                let value = match value {
                    Value::Number(number) => Arg::Number(number.as_f64().unwrap()),
                    other => Arg::from(other.as_str().unwrap()),
                };
                (name.as_str(), value)
            })
            .collect();
        let text = catalog.format(id, &args);
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
