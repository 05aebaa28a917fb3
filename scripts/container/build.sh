#!/usr/bin/env bash
# `npm run container:build`: makes the base images (scripts/container/build-base.sh; kept while
# their inputs are unchanged), builds the app on this machine (`npm run build`, then
# scripts/container/stage-app.mjs: the production packages and the build in .container/app), then
# builds the Containerfile with buildah (APP=host: its runtime stage takes those files) into its
# own vfs store: no daemon, no registry. The image is localhost/daftar:latest (DAFTAR_IMAGE to
# change). `--prebuilt` uses build/ as it is (tests/e2e/container.spec.ts: `npm test` has just
# built it); `--in-image` runs `npm ci` and `npm run build` in the image's build stage instead, as
# `docker build .` does (slower: about 14 minutes on 2 cores). `--load` then hands it to the machine's
# docker (or podman, when there is no docker) for `docker compose up` (compose.yaml);
# `--archive FILE` writes it to a file that `docker load -i FILE` or `podman load -i FILE` reads.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_buildah
cd "$project_root"

archive=""
load=""
prebuilt=""
app=host
while [ $# -gt 0 ]; do
  case "$1" in
    --archive) archive="${2:?--archive needs a file name}"; shift 2 ;;
    --load) load=1; shift ;;
    --prebuilt) prebuilt=1; shift ;;
    --in-image) app=build; shift ;;
    *) echo "Unknown option $1; options: --load, --archive FILE, --prebuilt, --in-image." >&2; exit 1 ;;
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
based=$(date +%s)
echo "Base images ready in $((based - started)) s."
if [ "$app" = host ]; then
  [ -n "$prebuilt" ] || npm run --silent build
  node scripts/container/stage-app.mjs .container/app
  trap 'rm -rf "$project_root/.container"' EXIT
  echo "App staged in $(($(date +%s) - based)) s ($(du -sh .container/app | cut -f1))."
fi
npm_cache="$(npm config get cache)"
mkdir -p "$npm_cache"
# `npm ci` (APP=build) opens more files at once than buildah's default limit (1024) allows: the machine's own.
"${buildah_cmd[@]}" bud --isolation chroot --format docker --layers=false \
  --volume "$npm_cache:/root/.npm" --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" \
  --build-arg "BASE_BUILD=$base_build_image" --build-arg "BASE_RUNTIME=$base_runtime_image" --build-arg "APP=$app" \
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
