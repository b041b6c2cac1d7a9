//! Every rule option a game declares reaches the game form: the option lines sente announces
//! (read here from the engine itself) each give a field, labelled with the declaration's label,
//! under their variant, but for those a board sets elsewhere (Rush Hour's metric).

use super::harness::{Browser, sente, start_server};
use std::io::Write;
use std::process::{Command, Stdio};

/// The rule options sente announces, as (name, type) pairs, from `uci`.
fn announced_rules() -> Vec<(String, String)> {
    let mut child = Command::new(sente())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start sente");
    let mut input = child.stdin.take().expect("stdin");
    writeln!(input, "uci\nquit").expect("write");
    drop(input);
    let output = child.wait_with_output().expect("sente's output");
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("option name "))
        .filter_map(|l| l.split_once(" type "))
        .map(|(name, rest)| {
            (
                name.to_string(),
                rest.split(' ').next().unwrap_or("").to_string(),
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
#[cfg_attr(sente_no_browser, ignore = "chromium or chromedriver not found")]
async fn every_declared_rule_option_is_a_field_of_the_game_form() {
    let b = Browser::start("rules").await;
    let server = start_server(&[]);
    b.open(&server.url).await;
    b.wait("the welcome", "window.senteApp.store.welcome").await;
    let options = b
        .eval(
            "window.senteApp.store.welcome.engines.find((e) => e.name === 'sente').options \
             .filter((o) => o.rule_of).map((o) => [o.name, o.rule_of, o.label])",
        )
        .await;
    let options = options
        .as_array()
        .expect("the engine's rule options")
        .clone();
    let announced = announced_rules();
    // Each rule option the page knows is one sente announces, and every announced option of a
    // game is known as a rule.
    for (name, _) in &announced {
        let known = options.iter().any(|o| o[0] == name.as_str());
        let rule = ![
            "UCI_Variant",
            "Hash",
            "Clear Hash",
            "Threads",
            "OwnBook",
            "Opponent",
            "OpponentTemperature",
            "Algorithm",
            "SearchTrace",
            "TraceLimit",
            "PuzzleHeuristic",
        ]
        .contains(&name.as_str());
        assert_eq!(known, rule, "{name}");
    }
    for option in &options {
        let (name, variant, label) = (
            option[0].as_str().unwrap(),
            option[1].as_str().unwrap(),
            option[2].as_str().unwrap(),
        );
        b.set_value("#variant", variant).await;
        let elsewhere = b
            .eval(&format!(
                "window.senteApp.boardFor('{variant}')?.rulesElsewhere || []"
            ))
            .await;
        let shown = !elsewhere
            .as_array()
            .is_some_and(|names| names.iter().any(|n| n == name));
        b.wait(
            &format!("the {variant} form"),
            &format!(
                "{}document.getElementById('rule-{name}')",
                if shown { "" } else { "!" }
            ),
        )
        .await;
        if shown {
            let row = b
                .eval(&format!(
                    "document.getElementById('rule-{name}').closest('.row').textContent"
                ))
                .await;
            assert!(row.as_str().unwrap_or("").contains(label), "{name}: {row}");
        }
    }
    b.close().await;
}
