#!/usr/bin/env bash
# Installs kubeconform into .tools/go-bin from the Go module proxy, and the Kubernetes JSON schemas
# it validates the chart against into .tools/kubernetes-json-schema, both pinned and idempotent.
# The schemas come from the PyPI package kubernetes-validate, which ships them per Kubernetes
# version, so validation needs no network at test time (docs/chart.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version=v0.7.0
schemas_package=1.33.1
kube_version=v1.33.0
bin="$root/.tools/go-bin/kubeconform"
schemas="$root/.tools/kubernetes-json-schema"

# A go-installed binary reports "development" to -v; its build info names the module version.
if ! { [ -x "$bin" ] && go version -m "$bin" 2>/dev/null | grep -q "kubeconform[[:space:]]*${version}[[:space:]]"; }; then
  echo "installing kubeconform ${version} into .tools/go-bin (go install)" >&2
  mkdir -p "$root/.tools/go-bin"
  GOBIN="$root/.tools/go-bin" GOFLAGS=-mod=mod go install "github.com/yannh/kubeconform/cmd/kubeconform@${version}" \
    >"$root/.tools/kubeconform-install.log" 2>&1 \
    || { tail -n 20 "$root/.tools/kubeconform-install.log" >&2; exit 1; }
fi

stamp="$schemas/.installed"
want="kubernetes-validate==${schemas_package} ${kube_version} relative-refs"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then exit 0; fi
echo "installing the Kubernetes ${kube_version} JSON schemas (kubernetes-validate ${schemas_package}, PyPI)" >&2
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m pip download --quiet --no-deps --only-binary=:all: -d "$tmp" "kubernetes-validate==${schemas_package}" \
  >"$root/.tools/kubeconform-schemas.log" 2>&1 \
  || { tail -n 20 "$root/.tools/kubeconform-schemas.log" >&2; exit 1; }
python3 - "$tmp"/kubernetes_validate-*.whl "$tmp/out" "$kube_version" <<'PY'
import json, pathlib, sys, zipfile
wheel, out, version = sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3]
prefix = f"kubernetes_validate/kubernetes-json-schema/{version}-local-strict/"
out.mkdir(parents=True)
count = 0
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if name.startswith(prefix) and name.endswith(".json"):
            # The package resolves "/api/_definitions.json" against each schema's $id through its
            # own registry; kubeconform resolves references against the schema file, so the $id
            # goes and the references are made relative to the file.
            schema = json.loads(z.read(name))
            schema.pop("$id", None)
            text = json.dumps(schema).replace('"/api/_definitions.json#', '"_definitions.json#')
            (out / name[len(prefix):]).write_text(text)
            count += 1
if count < 100:
    sys.exit(f"only {count} schemas for {version} in {wheel}")
PY
rm -rf "$schemas"
mkdir -p "$(dirname "$schemas")"
mv "$tmp/out" "$schemas"
echo "$want" >"$stamp"
