# Shared by the container scripts: buildah with its own vfs store (no daemon, no root-owned
# /var/lib/containers needed, works in a clean clone), the image names, and Node 24 from the
# project's own `node` package.
# shellcheck shell=bash
project_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# The image store: vfs keeps full copies of each layer, so it lives outside the project (the build
# context) and is reused between builds. DAFTAR_CONTAINER_STORE moves it.
store="${DAFTAR_CONTAINER_STORE:-${TMPDIR:-/tmp}/daftar-containers}"
buildah_cmd=(buildah --storage-driver vfs --root "$store/root" --runroot "$store/runroot")
base_runtime_image="localhost/daftar-base:runtime"
base_build_image="localhost/daftar-base:build"
image="${DAFTAR_IMAGE:-localhost/daftar:latest}"

require_buildah() {
  if ! command -v buildah >/dev/null; then
    echo "buildah is not installed (Debian: apt-get install -y buildah)." >&2
    exit 1
  fi
}
