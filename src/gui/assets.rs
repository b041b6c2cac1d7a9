//! The page's files, built into the binary (no build step, nothing read or downloaded at run
//! time), and the only paths the server answers besides `/ws`: a request names one of them
//! exactly, or gets 404 (so `/../`, `%2e%2e` and the like reach nothing).

/// One built-in file.
pub struct Asset {
    /// Its path under `/` (`boards/connect4.js`).
    pub path: &'static str,
    /// Its `Content-Type`.
    pub mime: &'static str,
    /// Its bytes.
    pub body: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $mime:expr) => {
        Asset {
            path: $path,
            mime: $mime,
            body: include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/gui/page/", $path)),
        }
    };
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// Every file of the page, as `build.rs` finds them under `page/`.
pub const ASSETS: &[Asset] = include!(concat!(env!("OUT_DIR"), "/page_assets.rs"));

/// Data the page fetches, built in from outside `page/`: the Rush Hour puzzle set drawn from
/// the 6x6 universe.
pub const DATA: &[Asset] = &[Asset {
    path: "data/rushhour-6x6-puzzles.txt",
    mime: "text/plain; charset=utf-8",
    body: crate::games::rushhour::puzzles::TEXT.as_bytes(),
}];

/// The file for a request path (`/` is `index.html`); exact names only.
pub fn find(path: &str) -> Option<&'static Asset> {
    let name = path.strip_prefix('/')?;
    let name = if name.is_empty() { "index.html" } else { name };
    ASSETS.iter().chain(DATA).find(|a| a.path == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_file_is_built_in_and_nothing_else_is_reachable() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/gui/page");
        let mut on_disk = Vec::new();
        let mut stack = vec![dir.clone()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else {
                    let rel = path
                        .strip_prefix(&dir)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    on_disk.push(rel);
                }
            }
        }
        on_disk.sort();
        let mut built: Vec<String> = ASSETS.iter().map(|a| a.path.to_string()).collect();
        built.sort();
        assert_eq!(on_disk, built);
        assert_eq!(find("/").map(|a| a.path), Some("index.html"));
        assert_eq!(
            find("/boards/tree.js").map(|a| a.path),
            Some("boards/tree.js")
        );
        let set = find("/data/rushhour-6x6-puzzles.txt").map(|a| a.body);
        assert_eq!(
            set,
            Some(crate::games::rushhour::puzzles::text().as_bytes())
        );
        for bad in [
            "/../Cargo.toml",
            "/%2e%2e/Cargo.toml",
            "/boards/../index.html",
            "//etc/passwd",
            "/boards/",
            "index.html",
            "/INDEX.HTML",
        ] {
            assert!(find(bad).is_none(), "{bad}");
        }
    }
}
