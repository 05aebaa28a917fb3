#!/usr/bin/env bash
# `npm run container:build`: makes the base images (scripts/container/build-base.sh), then builds
# the Containerfile with buildah into its own vfs store: no daemon, no registry. The image is
# localhost/daftar:latest (DAFTAR_IMAGE to change). `--load` then hands it to the machine's
# docker (or podman, when there is no docker) for `docker compose up` (compose.yaml);
# `--archive FILE` writes it to a file that `docker load -i FILE` or `podman load -i FILE` reads.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_buildah
cd "$project_root"

archive=""
load=""
while [ $# -gt 0 ]; do
  case "$1" in
    --archive) archive="${2:?--archive needs a file name}"; shift 2 ;;
    --load) load=1; shift ;;
    *) echo "Unknown option $1; options: --load, --archive FILE." >&2; exit 1 ;;
  esac
done
engine=""
if [ -n "$load" ]; then
  if command -v docker >/dev/null; then engine=docker
  elif command -v podman >/dev/null; then engine=podman
  else echo "--load needs docker or podman." >&2; exit 1
  fi
fi

started=$(date +%s)
"$project_root/scripts/container/build-base.sh"
npm_cache="$(npm config get cache)"
mkdir -p "$npm_cache"
# `npm ci` opens more files at once than buildah's default limit (1024) allows: the machine's own.
"${buildah_cmd[@]}" bud --isolation chroot --format docker --layers=false \
  --volume "$npm_cache:/root/.npm" --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" \
  --build-arg "BASE_BUILD=$base_build_image" --build-arg "BASE_RUNTIME=$base_runtime_image" \
  --file Containerfile --tag "$image" .
# The build stage's image is not needed once the runtime stage has its files.
"${buildah_cmd[@]}" rmi --prune >/dev/null 2>&1 || true
size=$("${buildah_cmd[@]}" images --format '{{.Size}}' "$image" 2>/dev/null || echo '?')
echo "Built $image in $(($(date +%s) - started)) s: $size uncompressed."
if [ -n "$archive" ]; then
  rm -f "$archive"
  "${buildah_cmd[@]}" push --quiet "$image" "docker-archive:$archive:$image"
  echo "Wrote $archive ($(du -h "$archive" | cut -f1)): docker load -i $archive (or podman load)."
fi
if [ -n "$engine" ]; then
  tarball="$(mktemp -u "${TMPDIR:-/tmp}/daftar-image.XXXXXX.tar")"
  "${buildah_cmd[@]}" push --quiet "$image" "docker-archive:$tarball:$image"
  "$engine" load -i "$tarball"
  rm -f "$tarball"
  echo "Loaded $image into $engine: $engine compose up -d (compose.yaml)."
fi
