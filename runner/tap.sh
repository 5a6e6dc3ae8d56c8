# runner/tap.sh: the results of a runner script, as TAP (sourced: . runner/tap.sh).
#
# Each check prints one TAP line, numbered in order:
#   tap_ok DESCRIPTION...         ok 3 - DESCRIPTION
#   tap_fail DESCRIPTION...       not ok 4 - DESCRIPTION
#   tap_skip DESCRIPTION WHY      ok 5 - DESCRIPTION # SKIP WHY
#   tap_xfail DESCRIPTION WHY     not ok 6 - DESCRIPTION # TODO WHY
#                                 (a known failure: counted as skipped)
# and tap_done ends the output with the plan "1..N" and the summary line
# "N passed, N failed, N skipped" (runner/test-all and a reader both look
# for it), returning 1 when a check failed, else 0: end a script with
# `tap_done`, or `tap_done; exit` from the middle of one.  Anything else
# the script prints (diffs, reproduce lines: indent them) is commentary;
# automake's tap-driver (make check) copies it to the test's .log.
# The counts are in $tap_passed, $tap_failed and $tap_skipped.

tap_n=0
tap_passed=0
tap_failed=0
tap_skipped=0

# A description is one line, its '#' escaped (# SKIP would be a directive).
tap_line() {
	printf '%s\n' "$*" | tr '\n' ' ' | sed 's/#/\\#/g; s/ *$//'
}

tap_ok() {
	tap_n=$((tap_n + 1))
	tap_passed=$((tap_passed + 1))
	echo "ok $tap_n - $(tap_line "$*")"
}

tap_fail() {
	tap_n=$((tap_n + 1))
	tap_failed=$((tap_failed + 1))
	echo "not ok $tap_n - $(tap_line "$*")"
}

tap_skip() {
	tap_n=$((tap_n + 1))
	tap_skipped=$((tap_skipped + 1))
	echo "ok $tap_n - $(tap_line "$1") # SKIP $(tap_line "${2:-}")"
}

tap_xfail() {
	tap_n=$((tap_n + 1))
	tap_skipped=$((tap_skipped + 1))
	echo "not ok $tap_n - $(tap_line "$1") # TODO $(tap_line "${2:-}")"
}

tap_done() {
	echo "1..$tap_n"
	echo "$tap_passed passed, $tap_failed failed, $tap_skipped skipped"
	[ "$tap_failed" -eq 0 ]
}
