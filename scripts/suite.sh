#!/usr/bin/env bash
# The suite as `make test` runs it, once the packages are in: ruff, then pytest on its workers
# with mypy beside them and, for the whole suite, the mutation sample beside them too (one long
# test whose mutants run at the lowest priority) in a pytest of its own. Their reports follow
# the tests'; any of them failing fails the run. Arguments go to pytest (`make test
# PYTEST_ARGS="tests/engine -q"`: a part, the sample only if the part names it).
set -uo pipefail

bin="${VENV:-.venv}/bin"
workers="${TEST_WORKERS:-3}"
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

"$bin/ruff" check . || exit 1

"$bin/mypy" >"$logs/mypy" 2>&1 &
typing=$!
beside=()
sampling=""
if [ $# -eq 0 ]; then
  "$bin/pytest" -q tests/mutation >"$logs/mutation" 2>&1 &
  sampling=$!
  beside=(--ignore=tests/mutation)
fi

"$bin/pytest" -n "$workers" --dist worksteal --durations=30 "${beside[@]}" "$@"
failed=$?

wait "$typing" || failed=1
cat "$logs/mypy"
if [ -n "$sampling" ]; then
  wait "$sampling" || failed=1
  echo "The mutation sample, beside the workers (tests/mutation):"
  cat "$logs/mutation"
fi
exit "$failed"
