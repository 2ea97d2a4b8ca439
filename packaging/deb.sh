#!/usr/bin/env bash
# Builds the Debian package: the release binary, then the manual pages and the bash, zsh and
# fish completions it writes of itself (so they match its parser), then `cargo deb`, which
# installs them where Debian puts them (Cargo.toml, [package.metadata.deb] assets).
# Needs cargo-deb 3 or newer (`cargo install cargo-deb`).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
out=target/packaging
rm -rf "$out"
mkdir -p "$out/man" "$out/completions"
target/release/sokolab man --dir "$out/man"
gzip -9n "$out"/man/*.1
target/release/sokolab completions bash > "$out/completions/sokolab"
target/release/sokolab completions zsh > "$out/completions/_sokolab"
target/release/sokolab completions fish > "$out/completions/sokolab.fish"
cargo deb --no-build "$@"
