# The tests that are scripts: each a TESTS entry of `make check`, next to
# the Check suites (tests/local.mk), under the same harness.  A script
# prints TAP (source runner/tap.sh: tap_ok, tap_fail, tap_skip, tap_done)
# or just exits 0 (passed), 77 (skipped: its last line says why) or
# anything else (failed); runner/as-tap tells them apart (Makefile.am).
# A script that prints lines starting "ok" or "not ok" is read as TAP by
# the driver: it must print the plan too (runner/tap.sh does).
# To add one: write runner/<name> (executable, #!/bin/sh) and add its line
# below.  Longest first: `make -j2 check` starts them in this order, so the
# long ones do not end up alone at the end (the times are in each .log,
# "# runner/<name>: N s").  check-layers: the layering of src/
# (doc/design.md), one result for all of src/; check-docs: the src/ paths
# the docs name exist, and doc/design.md's table lists every module.
RUNNER_TESTS = \
	runner/testcases \
	runner/test-regress \
	runner/test-migrate \
	runner/test-faults \
	runner/test-kill \
	runner/test-hostile \
	runner/test-racy \
	runner/regress \
	runner/test-virtual-bus \
	runner/test-delete \
	runner/test-series \
	runner/test-submission \
	runner/test-html \
	runner/test-scan \
	runner/test-core \
	runner/test-userspace \
	runner/test-markdown \
	runner/test-fuzz-regressions \
	runner/check-layers \
	runner/check-docs \
	$(NULL)

TESTS += $(RUNNER_TESTS)
EXTRA_DIST += $(RUNNER_TESTS) runner/as-tap runner/tap.sh runner/fuzz runner/test-sanitize runner/lsan.supp \
	runner/checkpatch-for-perl
