//! An engine's `info` line read into the fields the page shows (unknown words skipped).

use super::wire::InfoMessage;

/// Reads an `info` line into fields (unknown words are skipped).
pub fn parse_info(line: &str) -> InfoMessage {
    let mut info = InfoMessage::default();
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut i = usize::from(words.first() == Some(&"info"));
    let number = |w: Option<&&str>| w.and_then(|w| w.parse::<u64>().ok());
    while i < words.len() {
        match words[i] {
            "depth" => info.depth = number(words.get(i + 1)),
            "seldepth" => info.seldepth = number(words.get(i + 1)),
            "nodes" => info.nodes = number(words.get(i + 1)),
            "nps" => info.nps = number(words.get(i + 1)),
            "time" => info.time_ms = number(words.get(i + 1)),
            "hashfull" => info.hashfull = number(words.get(i + 1)),
            "score" => {
                if let (Some(kind @ ("cp" | "mate")), Some(value)) = (
                    words.get(i + 1).copied(),
                    words.get(i + 2).and_then(|v| v.parse::<i64>().ok()),
                ) {
                    info.score_kind = Some(kind.to_string());
                    info.score = Some(value);
                    i += 2;
                }
                i += 1;
                continue;
            }
            "lowerbound" | "upperbound" => {
                info.bound = Some(words[i].to_string());
                i += 1;
                continue;
            }
            "pv" => {
                info.pv = words[i + 1..]
                    .iter()
                    .take(256)
                    .map(|w| w.to_string())
                    .collect();
                break;
            }
            "string" => {
                info.string = Some(words[i + 1..].join(" "));
                break;
            }
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_are_read_into_fields() {
        let info = parse_info(
            "info depth 7 seldepth 9 score cp -12 upperbound nodes 4000 nps 20000 time 200 hashfull 3 pv 4 4 3",
        );
        assert_eq!((info.depth, info.seldepth), (Some(7), Some(9)));
        assert_eq!(
            (info.score_kind.as_deref(), info.score),
            (Some("cp"), Some(-12))
        );
        assert_eq!(info.bound.as_deref(), Some("upperbound"));
        assert_eq!(
            (info.nodes, info.nps, info.time_ms),
            (Some(4000), Some(20000), Some(200))
        );
        assert_eq!(info.pv, ["4", "4", "3"]);
        let text = parse_info("info string solved -3");
        assert_eq!(text.string.as_deref(), Some("solved -3"));
        let mate = parse_info("info depth x score mate 3 currmove 4");
        assert_eq!((mate.depth, mate.score), (None, Some(3)));
    }
}
