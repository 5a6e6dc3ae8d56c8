# The Check suites: one tests/check_<name>.c each, built from that file
# alone and linked with tests/test-lib.c (main() and the shared helpers,
# test-lib.h) and the program's library.  To add a suite, write
# tests/check_<name>.c (include "test-lib.h", define test_suite()) and add
# its line below: nothing else names it.
CHECK_SUITES = \
	tests/check_cache \
	tests/check_checkpatch \
	tests/check_child \
	tests/check_diff \
	tests/check_exports \
	tests/check_git \
	tests/check_group \
	tests/check_hash \
	tests/check_header_users \
	tests/check_journal \
	tests/check_kernel_version \
	tests/check_maintainers \
	tests/check_manifest \
	tests/check_output \
	tests/check_parse_setup \
	tests/check_plan \
	tests/check_pool \
	tests/check_reach \
	tests/check_realign \
	tests/check_report \
	tests/check_rewrite \
	tests/check_rewrite_class_initializer \
	tests/check_rewrite_core \
	tests/check_rewrite_core_text \
	tests/check_rewrite_virtual_bus \
	tests/check_scan \
	tests/check_series \
	tests/check_series_plan \
	tests/check_slice \
	tests/check_spatch \
	tests/check_sysfs \
	tests/check_template \
	tests/check_userspace \
	tests/check_util \
	tests/check_verify \
	$(NULL)

check_PROGRAMS += $(CHECK_SUITES)
TESTS += $(CHECK_SUITES)

check_LIBRARIES = tests/libtest.a
tests_libtest_a_SOURCES = tests/test-lib.c tests/test-lib.h

# Automake has per-program flags but no per-folder ones: the suites are
# the only programs without their own _LDADD, and their objects get Check's
# and the library headers' flags from a pattern-specific variable, so the
# program's own flags stay as they are.
LDADD = tests/libtest.a $(CDMIGRATE_LIBS) $(CHECK_LIBS)
tests/%.o: AM_CFLAGS += $(CHECK_CFLAGS) $(LIBCLANG_CFLAGS) $(JANSSON_CFLAGS)
