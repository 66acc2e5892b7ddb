# Totals for .ci/run: every step adds to one `N passed, N failed` line, and no failed step can hide in it.
# Sourced by .ci/run (and by tests/unit/ci/tally.test.ts).
passed=0
failed=0
step_failed=0
count() { # adds a test step's `N passed, N failed` line to the totals; $2 is the step's exit status
  local line p=0 f=0
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
  if [ -n "$line" ]; then
    p=$(echo "$line" | cut -d' ' -f1)
    f=$(echo "$line" | cut -d' ' -f3)
  fi
  # A step that failed without saying so (crashed before its summary, or a summary of 0 failed) is a failure.
  if [ "$2" != 0 ] && [ "$f" = 0 ]; then f=1; fi
  if [ "$2" != 0 ]; then step_failed=1; fi
  passed=$(( passed + p ))
  failed=$(( failed + f ))
}
check() { # runs a step that has no tests of its own; a failure counts as one failed check
  echo "== $*"
  if "$@"; then passed=$(( passed + 1 )); else failed=$(( failed + 1 )); step_failed=1; fi
}

