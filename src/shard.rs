//! `--shard K/N`: part K of a job split into N parts, as `sente match` (its games) and
//! `sente rushhour universe` (its boards) read it.

/// Reads `K/N` with 1 ≤ K ≤ N: `(K, N)`, or an error naming the text.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard takes K/N with 1 <= K <= N, not '{text}'");
    let (k, n) = text.split_once('/').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_parse_or_explain() {
        assert_eq!(parse_shard("2/7"), Ok((2, 7)));
        assert_eq!(parse_shard(" 1 / 1 "), Ok((1, 1)));
        for bad in ["0/7", "8/7", "x", "1/", "1", "a/b", "1/0", "-1/2"] {
            let e = parse_shard(bad).unwrap_err();
            assert!(e.contains(bad) && e.contains("K/N"), "{e}");
        }
    }
}
