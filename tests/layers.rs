//! The layer rule of ARCHITECTURE.md, checked on the source: `level` uses nothing above it,
//! `solver` nothing of `lab`, `app` or `cli` (and no egui), `lab` nothing of `app` or `cli`,
//! `app`, `cli` and `lab` reach the solver only through its front door, its inspection API
//! and its textbook searches (they own no algorithm), each folder of `solver` uses only what
//! the folder table allows, and no two files of `app`, `solver`, `level`, `cli` or `lab`
//! import each other, directly or round a circle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `src/`, by module path (`["solver", "search", "core"]`; a `mod.rs`
/// is its directory's module), with its text minus line comments.
fn sources() -> BTreeMap<Vec<String>, (PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = BTreeMap::new();
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(&root).unwrap().with_extension("");
                let mut module: Vec<String> =
                    rel.iter().map(|c| c.to_string_lossy().into_owned()).collect();
                if module.last().is_some_and(|m| m == "mod") {
                    module.pop();
                }
                let text = std::fs::read_to_string(&path).unwrap();
                let code: String = text
                    .lines()
                    .map(|l| l.split("//").next().unwrap_or(""))
                    .collect::<Vec<_>>()
                    .join("\n");
                out.insert(module, (path, code));
            }
        }
    }
    out
}

/// The paths a file names that start with `crate`, `super` or `self`, with `use` groups
/// (`a::{b, c::{d, e}}`) expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let starts =
            ["crate::", "super::", "self::"].iter().any(|h| bytes[i..].starts_with(h.as_bytes()));
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        if starts && boundary {
            i = tree(code, i, Vec::new(), &mut out);
        } else {
            i += 1;
        }
    }
    out
}

/// Reads one path tree starting at `i` (segments, then maybe a `{…}` group), appending each
/// full path to `out` with `prefix` in front; returns where it ended.
fn tree(code: &str, mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let bytes = code.as_bytes();
    let mut path = prefix;
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'{' {
            i += 1;
            loop {
                while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b',') {
                    i += 1;
                }
                if i >= bytes.len() || bytes[i] == b'}' {
                    return i + 1;
                }
                i = tree(code, i, path.clone(), out);
            }
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if start == i {
            out.push(path);
            return i;
        }
        path.push(code[start..i].to_string());
        if bytes[i..].starts_with(b"::") {
            i += 2;
        } else {
            out.push(path);
            return i;
        }
    }
}

/// The module a path names, resolved from `module` (the file's own): `crate::a::b`,
/// `super::x`, `self::x`.
fn resolve(module: &[String], path: &[String]) -> Vec<String> {
    let mut cur: Vec<String> = module.to_vec();
    let mut rest = path;
    if rest.first().is_some_and(|s| s == "crate") {
        cur.clear();
        rest = &rest[1..];
    } else {
        while let Some(head) = rest.first() {
            match head.as_str() {
                "super" => {
                    cur.pop();
                }
                "self" => {}
                _ => break,
            }
            rest = &rest[1..];
        }
    }
    cur.extend(rest.iter().cloned());
    cur
}

/// For each file of `area`, the files of `area` it imports.
fn imports(
    files: &BTreeMap<Vec<String>, (PathBuf, String)>,
    area: &str,
) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut edges = BTreeMap::new();
    for (module, (_, code)) in files.iter().filter(|(m, _)| m[0] == area) {
        let mut to = BTreeSet::new();
        for path in paths(code) {
            let target = resolve(module, &path);
            // The longest prefix of the target that is a file.
            let file =
                (1..=target.len()).rev().map(|n| &target[..n]).find(|t| files.contains_key(*t));
            if let Some(file) = file
                && file[0] == area
                && file != module.as_slice()
            {
                to.insert(file.to_vec());
            }
        }
        edges.insert(module.clone(), to);
    }
    edges
}

/// The groups of two or more files that import each other round a circle (Tarjan).
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct Tarjan<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a [String], (usize, usize)>,
        stack: Vec<&'a [String]>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a [String]) {
            let n = self.index.len();
            self.index.insert(v, (n, n));
            self.stack.push(v);
            for w in &self.edges[v] {
                let w = w.as_slice();
                match self.index.get(w) {
                    None => {
                        self.visit(w);
                        let low = self.index[w].1.min(self.index[v].1);
                        self.index.get_mut(v).unwrap().1 = low;
                    }
                    Some(&(wi, _)) if self.stack.contains(&w) => {
                        let low = wi.min(self.index[v].1);
                        self.index.get_mut(v).unwrap().1 = low;
                    }
                    Some(_) => {}
                }
            }
            let (vi, vl) = self.index[v];
            if vi == vl {
                let mut group = Vec::new();
                while let Some(w) = self.stack.pop() {
                    group.push(w.join("/"));
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut t = Tarjan { edges, index: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_slice()) {
            t.visit(v);
        }
    }
    t.found
}

/// Files of `area` whose code names any of `forbidden`, with the first name found.
fn offenders(
    files: &BTreeMap<Vec<String>, (PathBuf, String)>,
    area: &str,
    forbidden: &[&str],
) -> Vec<String> {
    files
        .iter()
        .filter(|(m, _)| m[0] == area)
        .filter_map(|(_, (path, code))| {
            let bad = forbidden.iter().find(|f| code.contains(*f))?;
            Some(format!("{} uses {bad}", path.display()))
        })
        .collect()
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let files = sources();
    assert!(files.keys().any(|m| m[0] == "solver"), "the sources were found");
    let level = offenders(&files, "level", &["crate::solver", "crate::app", "crate::cli", "egui"]);
    assert!(level.is_empty(), "level uses nothing above it: {level:#?}");
    let lab = offenders(&files, "lab", &["crate::app", "crate::cli", "egui"]);
    assert!(lab.is_empty(), "lab uses nothing of app or cli: {lab:#?}");
    let solver =
        offenders(&files, "solver", &["crate::lab", "crate::app", "crate::cli", "egui", "eframe"]);
    assert!(solver.is_empty(), "solver knows nothing of lab, app, cli or egui: {solver:#?}");
    // The app, the CLI and the lab reach the solver through its front door (the items
    // `solver` re-exports), its inspection API and its textbook searches, never its
    // internals: they own no algorithm.
    let internals = ["model", "analysis", "search", "algo", "deadlock", "bounds"]
        .map(|m| format!("crate::solver::{m}::"));
    let internals: Vec<&str> = internals.iter().map(String::as_str).collect();
    let app = offenders(&files, "app", &internals);
    assert!(app.is_empty(), "app uses the solver's front door only: {app:#?}");
    let cli = offenders(&files, "cli", &internals);
    assert!(cli.is_empty(), "cli uses the solver's front door only: {cli:#?}");
    let lab = offenders(&files, "lab", &internals);
    assert!(lab.is_empty(), "lab uses the solver's front door and textbook only: {lab:#?}");
}

#[test]
fn no_two_files_of_an_area_import_each_other() {
    let files = sources();
    let mut found = Vec::new();
    for area in ["app", "solver", "level", "cli", "lab"] {
        let edges = imports(&files, area);
        assert!(!edges.is_empty(), "{area} has files");
        found.extend(circles(&edges));
    }
    assert!(found.is_empty(), "import circles between files: {found:#?}");
}

#[test]
fn the_import_reader_finds_groups_and_relative_paths() {
    let code = "use crate::a::{b, c::{d, e}};\nuse super::f::G;\nlet x = self::h(1);";
    let found = paths(code);
    let names: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        names,
        ["crate::a::b", "crate::a::c::d", "crate::a::c::e", "super::f::G", "self::h"]
    );
    let module: Vec<String> = ["app", "state"].map(String::from).to_vec();
    assert_eq!(resolve(&module, &found[3]), ["app", "f", "G"].map(String::from));
    // A circle of two files is found, a chain is not.
    let m = |s: &str| s.split('/').map(String::from).collect::<Vec<_>>();
    let mut edges = BTreeMap::new();
    edges.insert(m("x/a"), BTreeSet::from([m("x/b")]));
    edges.insert(m("x/b"), BTreeSet::from([m("x/a"), m("x/c")]));
    edges.insert(m("x/c"), BTreeSet::new());
    assert_eq!(circles(&edges), vec![vec!["x/a".to_string(), "x/b".to_string()]]);
}

/// What each folder of `src/solver` may use besides itself: ARCHITECTURE.md's folder table.
/// Each name is a folder or a top-level file of `src/solver` (`solver` is its `mod.rs`, the
/// front door's re-exports); `*` is everything.
const FOLDER_TABLE: [(&str, &str); 12] = [
    ("model", ""),
    ("analysis", "model"),
    ("bounds", "model analysis"),
    // `techniques.rs` is vocabulary: it uses no other solver file (checked below).
    ("deadlock", "model analysis techniques"),
    ("search", "model analysis deadlock bounds techniques"),
    ("algo", "model analysis deadlock bounds techniques search"),
    ("textbook", "model analysis deadlock bounds techniques search"),
    // The catalogue builds every search, traced by the inspector's observer or not.
    ("methods", "model analysis deadlock bounds techniques search algo textbook inspect config"),
    ("optimize", FRONT_DOOR_AND_BELOW),
    ("generate", FRONT_DOOR_AND_BELOW),
    // The oracle judges the detectors by a search of its own, under the front door's limits.
    ("oracle", "model analysis deadlock techniques config solution watch"),
    ("inspect", "*"),
];

/// The front door's files and everything below them but the inspector (the rating, a front
/// door file, counts box changes with the optimiser's searches).
const FRONT_DOOR_AND_BELOW: &str = "model analysis deadlock bounds techniques search algo \
    textbook methods optimize solver config outcome rating solution solve watch";

/// Top-level solver files that lower folders may use, which must themselves use no other
/// solver file.
const VOCABULARY: [&str; 1] = ["techniques"];

/// The part of the solver a module of it belongs to: its folder, its top-level file's name,
/// or `solver` for `solver/mod.rs`.
fn part(module: &[String]) -> &str {
    module.get(1).map_or("solver", String::as_str)
}

/// Every import of a solver file that reaches another part of the solver, as (the file's
/// module, the file, the part it reaches, the path as written).
fn solver_imports(
    files: &BTreeMap<Vec<String>, (PathBuf, String)>,
) -> Vec<(&[String], &Path, &str, String)> {
    let mut out = Vec::new();
    for (module, (path, code)) in files.iter().filter(|(m, _)| m[0] == "solver") {
        for written in paths(code) {
            if written.iter().all(|s| s == "super") {
                // `use super::*`: an inline test module's glob of the file itself.
                continue;
            }
            let target = resolve(module, &written);
            let file = (1..=target.len())
                .rev()
                .map(|n| &target[..n])
                .find_map(|t| files.get_key_value(t).map(|(k, _)| k));
            if let Some(file) = file
                && file[0] == "solver"
                && part(file) != part(module)
            {
                out.push((module.as_slice(), path.as_path(), part(file), written.join("::")));
            }
        }
    }
    out
}

#[test]
fn each_solver_folder_uses_only_what_the_folder_table_allows() {
    let files = sources();
    let mut found = Vec::new();
    for (module, file, reached, written) in solver_imports(&files) {
        if module.len() == 1 {
            // `solver/mod.rs`, the front door, re-exports from every part.
            continue;
        }
        let from = part(module);
        let top_level = !file.ends_with("mod.rs") && module.len() == 2;
        let allowed = if top_level {
            // Of the top-level files, only the vocabulary's are checked.
            if !VOCABULARY.contains(&from) {
                continue;
            }
            ""
        } else {
            match FOLDER_TABLE.iter().find(|(folder, _)| *folder == from) {
                Some((_, allowed)) => *allowed,
                None => {
                    found.push(format!("{}: folder {from} is not in the table", file.display()));
                    continue;
                }
            }
        };
        if allowed != "*" && !allowed.split_whitespace().any(|a| a == reached) {
            found.push(format!("{} uses {written} ({reached})", file.display()));
        }
    }
    found.sort();
    found.dedup();
    assert!(found.is_empty(), "imports the folder table does not allow: {found:#?}");
}
