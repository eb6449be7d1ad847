#!/usr/bin/env bash
# Usage: scripts/validate-e-invoices.sh FILE...   (Factur-X PDFs, CII or UBL XML; *peppol*.xml also
# gets the Peppol BIS rules). Validates them all in one JVM (the first file costs ~5 s of start-up,
# each further one ~0.1-2 s) and prints one verdict per file with its errors and warnings; exits 1 if
# any file is INVALID. See deploy/local/mustang/ValidateMany.java for what counts as invalid.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$root/scripts/install-mustang.sh"
dir="$root/.tools/mustang"
# C1 only and the serial collector: a short batch run starts ~40 % faster on 2 cores.
exec java -Xmx1g -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData \
  -cp "$dir/classes:$dir/libs/*" ValidateMany "$@"
