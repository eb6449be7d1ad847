#!/usr/bin/env bash
# Installs the e-invoice validator into .tools/mustang: the Mustang validator and the Peppol BIS rules
# from Maven Central (deploy/local/mustang/pom.xml), and ValidateMany.java compiled against them.
# Idempotent: it installs again only when the POM or ValidateMany.java changed (their digest is kept in
# .tools/mustang/.installed). Needs Java 17+ (a JDK: javac) and Maven. Prints where it installed.
# Run the validator with scripts/validate-e-invoices.sh (docs/e-invoicing.md).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
src="$root/deploy/local/mustang"
dir="$root/.tools/mustang"

digest="$(cat "$src/pom.xml" "$src/ValidateMany.java" | sha256sum | cut -d' ' -f1)"
if [ -f "$dir/.installed" ] && [ "$(cat "$dir/.installed")" = "$digest" ]; then
  echo "mustang: installed in ${dir#"$root"/}" >&2
  exit 0
fi

for tool in java javac mvn; do
  command -v "$tool" >/dev/null || {
    echo "install-mustang: $tool not found; install a JDK 17+ and Maven (Debian: apt-get install openjdk-17-jdk-headless maven)" >&2
    exit 1
  }
done
spec="$(java -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
if [ "${spec%%.*}" -lt 17 ]; then
  echo "install-mustang: the Mustang validator needs Java 17+, found $spec" >&2
  exit 1
fi

echo "mustang: installing the Mustang validator and the Peppol rules into ${dir#"$root"/} (Maven Central)" >&2
# Resolved and compiled into a scratch directory and swapped in, so an interrupted install never
# leaves a half-filled classpath that looks installed.
tmp="$root/.tools/mustang.tmp.$$"
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"
mkdir -p "$tmp/classes"
log="$root/.tools/mustang-install.log"
mvn -B -q -f "$src/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp/libs" >"$log" 2>&1 ||
  { tail -n 20 "$log" >&2; echo "install-mustang: maven failed (full log: ${log#"$root"/})" >&2; exit 1; }
javac -nowarn -encoding UTF-8 -cp "$tmp/libs/*" -d "$tmp/classes" "$src/ValidateMany.java" >>"$log" 2>&1 ||
  { tail -n 20 "$log" >&2; echo "install-mustang: javac failed (full log: ${log#"$root"/})" >&2; exit 1; }
echo "$digest" >"$tmp/.installed"
rm -rf "$dir"
mv "$tmp" "$dir"
echo "mustang: installed in ${dir#"$root"/}" >&2
