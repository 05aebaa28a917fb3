#!/usr/bin/env bash
# Makes the two base images the Containerfile starts FROM, without pulling anything from a
# registry: `FROM scratch` plus the Node 24 binary of the project's own `node` package
# (node_modules/node/bin/node, installed by `npm ci`), the shared libraries it and the native
# packages (libsql, sharp, and the build's rolldown, lightningcss and Tailwind) load, found with
# ldd, and a non-root user `daftar` (uid and gid 10001).
#
#   localhost/daftar-base:runtime  node, its libraries, /etc/passwd and /etc/group, /tmp
#   localhost/daftar-base:build    the same plus /bin/sh (dash), a few coreutils (env, rm, mkdir,
#                                  mv, cp, ls, cat) and npm, for the build stage's `npm ci` and
#                                  `npm run build`
#
# Both are kept and made again only when their inputs change (`inputs_hash` below).
#
# Usage: scripts/container/build-base.sh (`npm run container:build` runs it first).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_buildah
cd "$project_root"

node_bin="$(readlink -f node_modules/node/bin/node 2>/dev/null || true)"
if [ ! -x "$node_bin" ]; then
  echo "node_modules/node/bin/node is missing: run npm ci first." >&2
  exit 1
fi
node_version="$("$node_bin" --version)"
case "$node_version" in
  v24.*) ;;
  *) echo "node_modules/node/bin/node is $node_version, not Node 24." >&2; exit 1 ;;
esac
npm_dir="$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)"


# A merged-/usr layout like Debian's, so the paths ldd prints resolve the same way inside.
make_root() {
  local root="$1"
  mkdir -p "$root"/usr/{bin,lib,lib64,local/bin} "$root"/{etc,tmp,data}
  ln -s usr/bin "$root/bin"
  ln -s usr/lib "$root/lib"
  ln -s usr/lib64 "$root/lib64"
  chmod 1777 "$root/tmp"
  printf 'root:x:0:0:root:/root:/usr/sbin/nologin\ndaftar:x:10001:10001:Daftar:/app:/usr/sbin/nologin\n' >"$root/etc/passwd"
  printf 'root:x:0:\ndaftar:x:10001:\n' >"$root/etc/group"
  # The data volume's mount point belongs to the user the server runs as.
  chown 10001:10001 "$root/data"
  chmod 700 "$root/data"
  cp "$node_bin" "$root/usr/local/bin/node"
}

# Copies each shared library the given files load (as ldd resolves it on this machine) to the
# same path in the root; libraries shipped inside node_modules (sharp's libvips) come with it.
copy_libraries() {
  local root="$1"
  shift
  local lib dest
  ldd "$@" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\/.*ld-linux/ { print $1 }' |
    grep -E '^/(usr/)?lib' | grep -v '/\.\./' | sort -u | while read -r lib; do
    dest="$root$(readlink -f "$(dirname "$lib")")"
    mkdir -p "$dest"
    cp -L "$lib" "$dest/$(basename "$lib")"
  done
}

native_modules=()
while IFS= read -r file; do native_modules+=("$file"); done < <(
  find node_modules \( -name '*.node' -o -name '*.so' -o -name '*.so.*' \) -path '*linux-x64*' ! -path '*musl*' -type f | sort
)

build_tools=(/bin/dash /usr/bin/env /bin/rm /bin/mkdir /bin/mv /bin/cp /bin/ls /bin/cat)

# The images are made again only when what goes into them changed: this script, Node, npm, the
# native modules, the build tools and every library they load (as ldd resolves it now). The hash
# of those files is a label on both images; the store (common.sh) outside the clone keeps them.
inputs_hash="$(
  {
    sha256sum "${BASH_SOURCE[0]}" "$(dirname "${BASH_SOURCE[0]}")/common.sh" "$node_bin" "$npm_dir/package.json"
    ldd "$node_bin" "${native_modules[@]}" "${build_tools[@]}" 2>/dev/null |
      awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\/.*ld-linux/ { print $1 }' | sort -u | xargs -r sha256sum
    printf '%s\0' "${native_modules[@]}" "${build_tools[@]}" | xargs -0 -r sha256sum
  } | awk '{ print $1 }' | sha256sum | cut -c1-16
)"
label_of() {
  "${buildah_cmd[@]}" inspect --type image --format '{{index .Docker.Config.Labels "daftar.base-inputs"}}' "$1" 2>/dev/null || true
}
if [ "$(label_of "$base_runtime_image")" = "$inputs_hash" ] && [ "$(label_of "$base_build_image")" = "$inputs_hash" ]; then
  echo "Base images are current (inputs $inputs_hash): kept."
  exit 0
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/daftar-base.XXXXXX")"
trap 'rm -rf "$work"' EXIT

runtime="$work/runtime"
make_root "$runtime"
copy_libraries "$runtime" "$node_bin" "${native_modules[@]}"

build="$work/build"
make_root "$build"
copy_libraries "$build" "$node_bin" "${native_modules[@]}" "${build_tools[@]}"
for tool in "${build_tools[@]}"; do cp "$(readlink -f "$tool")" "$build/usr/bin/$(basename "$tool")"; done
ln -s dash "$build/usr/bin/sh"
mkdir -p "$build/usr/local/lib/node_modules"
cp -a "$npm_dir" "$build/usr/local/lib/node_modules/npm"
for tool in npm npx; do
  printf '#!/bin/sh\nexec node /usr/local/lib/node_modules/npm/bin/%s-cli.js "$@"\n' "$tool" >"$build/usr/local/bin/$tool"
  chmod 755 "$build/usr/local/bin/$tool"
done

commit_base() {
  local root="$1" name="$2" container
  container="$("${buildah_cmd[@]}" from scratch)"
  "${buildah_cmd[@]}" copy --quiet "$container" "$root" / >/dev/null
  "${buildah_cmd[@]}" config --env PATH=/usr/local/bin:/usr/bin --label "org.opencontainers.image.description=Daftar base: Node $node_version" \
    --label "daftar.base-inputs=$inputs_hash" "$container"
  "${buildah_cmd[@]}" commit --quiet --rm "$container" "$name" >/dev/null
  echo "Base image $name: Node $node_version, $(du -sh "$root" | cut -f1) uncompressed (inputs $inputs_hash)."
}
commit_base "$runtime" "$base_runtime_image"
commit_base "$build" "$base_build_image"
