# One Check suite per module; each links the same library as the program.
TEST_LIBRARIES_ALL = $(CDMIGRATE_LIBS) $(CHECK_LIBS)
TEST_COMPILE_FLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

check_PROGRAMS += tests/check_journal
TESTS += tests/check_journal
tests_check_journal_SOURCES = tests/check_journal.c
tests_check_journal_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_journal_LDADD = $(CDMIGRATE_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/check_diff
TESTS += tests/check_diff
tests_check_diff_SOURCES = tests/check_diff.c
tests_check_diff_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_diff_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_series
TESTS += tests/check_series
tests_check_series_SOURCES = tests/check_series.c
tests_check_series_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_series_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_scan
TESTS += tests/check_scan
tests_check_scan_SOURCES = tests/check_scan.c
tests_check_scan_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_scan_LDADD = $(CDMIGRATE_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/check_child tests/check_pool
TESTS += tests/check_child tests/check_pool
tests_check_child_SOURCES = tests/check_child.c
tests_check_child_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_child_LDADD = $(CDMIGRATE_LIBS) $(CHECK_LIBS)
tests_check_pool_SOURCES = tests/check_pool.c
tests_check_pool_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_pool_LDADD = $(CDMIGRATE_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/check_rewrite
TESTS += tests/check_rewrite
tests_check_rewrite_SOURCES = tests/check_rewrite.c
tests_check_rewrite_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_rewrite_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_exports tests/check_sysfs tests/check_report
TESTS += tests/check_exports tests/check_sysfs tests/check_report
tests_check_exports_SOURCES = tests/check_exports.c
tests_check_exports_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_exports_LDADD = $(TEST_LIBRARIES_ALL)
tests_check_sysfs_SOURCES = tests/check_sysfs.c
tests_check_sysfs_CFLAGS = $(TEST_COMPILE_FLAGS) $(JANSSON_CFLAGS)
tests_check_sysfs_LDADD = $(TEST_LIBRARIES_ALL)
tests_check_report_SOURCES = tests/check_report.c
tests_check_report_CFLAGS = $(TEST_COMPILE_FLAGS) $(JANSSON_CFLAGS)
tests_check_report_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_rewrite_core
TESTS += tests/check_rewrite_core
tests_check_rewrite_core_SOURCES = tests/check_rewrite_core.c
tests_check_rewrite_core_CFLAGS = $(TEST_COMPILE_FLAGS) $(LIBCLANG_CFLAGS) $(JANSSON_CFLAGS)
tests_check_rewrite_core_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_rewrite_core_text tests/check_rewrite_class_initializer
TESTS += tests/check_rewrite_core_text tests/check_rewrite_class_initializer
tests_check_rewrite_core_text_SOURCES = tests/check_rewrite_core_text.c
tests_check_rewrite_core_text_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_rewrite_core_text_LDADD = $(TEST_LIBRARIES_ALL)
tests_check_rewrite_class_initializer_SOURCES = tests/check_rewrite_class_initializer.c
tests_check_rewrite_class_initializer_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_rewrite_class_initializer_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_realign
TESTS += tests/check_realign
tests_check_realign_SOURCES = tests/check_realign.c
tests_check_realign_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_realign_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_kernel_version
TESTS += tests/check_kernel_version
tests_check_kernel_version_SOURCES = tests/check_kernel_version.c
tests_check_kernel_version_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_kernel_version_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_rewrite_virtual_bus
TESTS += tests/check_rewrite_virtual_bus
tests_check_rewrite_virtual_bus_SOURCES = tests/check_rewrite_virtual_bus.c
tests_check_rewrite_virtual_bus_CFLAGS = $(TEST_COMPILE_FLAGS) -DTOP_SRCDIR='"$(abs_top_srcdir)"'
tests_check_rewrite_virtual_bus_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_template
TESTS += tests/check_template
tests_check_template_SOURCES = tests/check_template.c
tests_check_template_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_template_LDADD = $(TEST_LIBRARIES_ALL)

check_PROGRAMS += tests/check_reach
TESTS += tests/check_reach
tests_check_reach_SOURCES = tests/check_reach.c
tests_check_reach_CFLAGS = $(TEST_COMPILE_FLAGS)
tests_check_reach_LDADD = $(TEST_LIBRARIES_ALL)
