//! Bot specifications: text round trips and clear errors.

use carolus_ai::{AiError, BotSpec};

#[test]
fn specifications_round_trip_through_their_text() {
    for text in [
        "random",
        "greedy",
        "greedy:noise=0.25",
        "mcts",
        "mcts:level=3",
        "mcts:ms=500",
        "mcts:iterations=20000,threads=1",
        "mcts:level=4,ms=200,iterations=100,threads=2,explore=1.5,playout=3",
    ] {
        let spec: BotSpec = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(spec.to_string(), text);
        assert_eq!(spec.to_string().parse::<BotSpec>(), Ok(spec.clone()));
        assert_eq!(spec.build(1).name(), text);
    }
    // Options may come in any order; the text form orders them.
    let spec: BotSpec = "mcts:threads=1,ms=20".parse().expect("a spec");
    assert_eq!(spec.to_string(), "mcts:ms=20,threads=1");
    assert_eq!(
        "greedy:noise=0".parse::<BotSpec>().map(|s| s.to_string()),
        Ok("greedy".to_owned())
    );
}

#[test]
fn levels_name_bots_for_people() {
    assert_eq!("level:3".parse::<BotSpec>(), BotSpec::level(3));
    assert_eq!(BotSpec::level(5), Ok(BotSpec::MCTS));
    assert!(matches!(BotSpec::level(1), Ok(BotSpec::Greedy { .. })));
    assert_eq!(BotSpec::level(0), Err(AiError::BadLevel { level: 0 }));
    assert!(
        BotSpec::level(9)
            .unwrap_err()
            .to_string()
            .contains("1 (beginner) to 5")
    );
}

#[test]
fn bad_specifications_say_what_is_wrong() {
    let reason = |text: &str| match text.parse::<BotSpec>() {
        Err(AiError::BadSpec { spec, reason }) => {
            assert_eq!(spec, text);
            reason
        }
        Err(other) => other.to_string(),
        Ok(spec) => panic!("{text} parsed as {spec}"),
    };
    assert!(reason("").contains("missing"));
    assert_eq!(
        "alphabeta".parse::<BotSpec>(),
        Err(AiError::UnknownBot {
            spec: "alphabeta".to_owned(),
            name: "alphabeta".to_owned()
        })
    );
    assert_eq!(
        "alphabeta:depth=3"
            .parse::<BotSpec>()
            .map_err(|e| e.to_string()),
        Err(
            "bad bot specification \"alphabeta:depth=3\": unknown bot \"alphabeta\" \
             (expected random, greedy, mcts or level:N)"
                .to_owned()
        )
    );
    assert!(reason("random:ms=5").contains("no options"));
    assert!(reason("greedy:depth=2").contains("no option \"depth\""));
    assert!(reason("greedy:noise=-1").contains("at least 0"));
    assert!(reason("greedy:noise=abc").contains("at least 0"));
    assert!(reason("mcts:").contains("nothing follows"));
    assert!(reason("mcts:ms").contains("key=value"));
    assert!(reason("mcts:ms=").contains("key=value"));
    assert!(reason("mcts:ms=0").contains("at least 1"));
    assert!(reason("mcts:ms=-5").contains("at least 1"));
    assert!(reason("mcts:ms=1,ms=2").contains("twice"));
    assert!(reason("mcts:iterations=1e6").contains("whole number"));
    assert!(reason("mcts:threads=0").contains("at least 1"));
    assert!(reason("mcts:level=6").contains("1 to 5"));
    assert!(reason("mcts:speed=9").contains("it knows"));
    assert!(reason("level:0").contains("no level 0"));
    assert!(reason("level").contains("level:N"));
    let message = "mcts:ms=x".parse::<BotSpec>().unwrap_err().to_string();
    assert!(
        message.starts_with("bad bot specification \"mcts:ms=x\""),
        "{message}"
    );
}
