#!/usr/bin/env bash
# Runs the ready-to-copy CI jobs of docs/ci.md the way a runner would, so the documented snippets
# cannot rot: the GitHub Actions job's steps are extracted from the markdown and executed in a
# fresh clone of this repository (actions/checkout = git clone of HEAD; each `run:` in bash -e;
# actions/upload-artifact = the listed paths must exist). The GitLab job must run the very same
# commands (checked line by line), so running one tests both.
#   bash scripts/ci_snippets.sh [WORKDIR]     (default: a fresh mktemp directory)
# Exit 0 when every step succeeded; otherwise the failing step is printed and the exit is 1.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
doc="$repo/docs/ci.md"
work="${1:-$(mktemp -d)}"

# The yaml block that follows a "## <title>" heading.
block() {
  awk -v title="$1" '
    $0 == "## " title { in_section = 1; next }
    in_section && /^## / { exit }
    in_section && /^```yaml/ { in_block = 1; next }
    in_block && /^```/ { exit }
    in_block { print }' "$doc"
}

github="$(block "GitHub Actions")"
gitlab="$(block "GitLab CI")"
[ -n "$github" ] || { echo "ci_snippets: no GitHub Actions yaml block in $doc" >&2; exit 1; }
[ -n "$gitlab" ] || { echo "ci_snippets: no GitLab CI yaml block in $doc" >&2; exit 1; }

mapfile -t gh_runs < <(printf '%s\n' "$github" | sed -n 's/^ *- run: //p')
mapfile -t gl_runs < <(printf '%s\n' "$gitlab" | sed -n '/^  script:/,/^  [a-z]/s/^    - //p')
if [ "${gh_runs[*]}" != "${gl_runs[*]}" ]; then
  echo "ci_snippets: the GitLab script differs from the GitHub run steps:" >&2
  diff <(printf '%s\n' "${gh_runs[@]}") <(printf '%s\n' "${gl_runs[@]}") >&2 || true
  exit 1
fi
printf '%s\n' "$github" | grep -q 'uses: actions/checkout' ||
  { echo "ci_snippets: the GitHub job does not check out the repository" >&2; exit 1; }

echo "== ci_snippets: actions/checkout -> git clone $repo $work/checkout"
rm -rf "$work/checkout"
git clone --quiet "$repo" "$work/checkout"
cd "$work/checkout"
for step in "${gh_runs[@]}"; do
  echo "== ci_snippets: run: $step"
  if ! bash -euo pipefail -c "$step"; then
    echo "ci_snippets: FAILED step: $step (in $work/checkout)" >&2
    exit 1
  fi
done

# actions/upload-artifact: every listed path must exist (the report and the JUnit file).
mapfile -t artifacts < <(printf '%s\n' "$github" | awk '/path: \|/ { p = 1; next } p && /^ +[^ ]/ && !/:/ { print $1 } p && /:/ { p = 0 }')
[ "${#artifacts[@]}" -gt 0 ] || { echo "ci_snippets: no artifact paths found" >&2; exit 1; }
for a in "${artifacts[@]}"; do
  [ -s "$a" ] || { echo "ci_snippets: artifact $a missing or empty" >&2; exit 1; }
  echo "== ci_snippets: artifact $a: $(wc -c <"$a") bytes"
done
echo "== ci_snippets: every step of the documented CI job passed"
