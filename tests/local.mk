# One Check suite per module; each links the same library as the program.
TEST_LIBRARIES_ALL = $(CDMIGRATE_LIBS) $(CHECK_LIBS)
TEST_COMPILE_FLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)

check_PROGRAMS += tests/check_journal
TESTS += tests/check_journal
tests_check_journal_SOURCES = tests/check_journal.c
tests_check_journal_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_journal_LDADD = $(CDMIGRATE_LIBS) $(CHECK_LIBS)
