//! Lists the GUI page's files (`src/gui/page/`) for `gui/assets.rs` to build into the binary:
//! a new board or view module is served without being named anywhere else.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

fn main() -> io::Result<()> {
    let page = Path::new("src/gui/page");
    println!("cargo:rerun-if-changed={}", page.display());
    let mut files = Vec::new();
    collect(page, page, &mut files)?;
    files.sort();
    let mut list = String::from("&[\n");
    for file in &files {
        let mime = match Path::new(file).extension().and_then(|e| e.to_str()) {
            Some("html") => "HTML",
            Some("js") => "JS",
            Some("css") => "CSS",
            Some("svg") => "SVG",
            other => panic!("src/gui/page/{file}: no content type for {other:?}"),
        };
        list.push_str(&format!("    asset!({file:?}, {mime}),\n"));
    }
    list.push(']');
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::write(out.join("page_assets.rs"), list)
}

/// The files under `dir`, as paths relative to `root` with `/` between parts.
fn collect(root: &Path, dir: &Path, files: &mut Vec<String>) -> io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(root, &path, files)?;
        } else if let Ok(relative) = path.strip_prefix(root) {
            let parts: Vec<String> = relative
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push(parts.join("/"));
        }
    }
    Ok(())
}
