# The libFuzzer targets (configure --enable-fuzz, CC=clang; runner/fuzz
# builds them in build-fuzz/ and runs them).  One fuzz/fuzz-<name>.c per
# reader of outside bytes; fuzz/corpus/<name>/ is its seed corpus and
# fuzz/regressions/<name>/ the inputs that once broke it (replayed by
# runner/test-fuzz-regressions in every build).
FUZZ_TARGETS = \
	fuzz/fuzz-baseline \
	fuzz/fuzz-cache \
	fuzz/fuzz-journal \
	fuzz/fuzz-lex \
	fuzz/fuzz-prefilter \
	fuzz/fuzz-realign \
	fuzz/fuzz-spatch \
	fuzz/fuzz-template \
	$(NULL)

EXTRA_DIST += fuzz/fuzz.h $(FUZZ_TARGETS:=.c)

# Each target again with fuzz/replay.c's main() instead of libFuzzer's,
# in every build: runner/test-fuzz-regressions feeds them the inputs.
FUZZ_REPLAY = \
	fuzz/replay-baseline \
	fuzz/replay-cache \
	fuzz/replay-journal \
	fuzz/replay-lex \
	fuzz/replay-prefilter \
	fuzz/replay-realign \
	fuzz/replay-spatch \
	fuzz/replay-template \
	$(NULL)
check_PROGRAMS += $(FUZZ_REPLAY)

if ENABLE_FUZZ
EXTRA_PROGRAMS = $(FUZZ_TARGETS)
CLEANFILES += $(FUZZ_TARGETS)
fuzz-targets: $(FUZZ_TARGETS)
.PHONY: fuzz-targets
fuzz_fuzz_baseline_SOURCES = fuzz/fuzz-baseline.c fuzz/fuzz.h
fuzz_fuzz_baseline_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_baseline_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_cache_SOURCES = fuzz/fuzz-cache.c fuzz/fuzz.h
fuzz_fuzz_cache_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_cache_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_journal_SOURCES = fuzz/fuzz-journal.c fuzz/fuzz.h
fuzz_fuzz_journal_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_journal_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_lex_SOURCES = fuzz/fuzz-lex.c fuzz/fuzz.h
fuzz_fuzz_lex_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_lex_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_prefilter_SOURCES = fuzz/fuzz-prefilter.c fuzz/fuzz.h
fuzz_fuzz_prefilter_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_prefilter_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_realign_SOURCES = fuzz/fuzz-realign.c fuzz/fuzz.h
fuzz_fuzz_realign_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_realign_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_spatch_SOURCES = fuzz/fuzz-spatch.c fuzz/fuzz.h
fuzz_fuzz_spatch_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_spatch_LDFLAGS = -fsanitize=fuzzer
fuzz_fuzz_template_SOURCES = fuzz/fuzz-template.c fuzz/fuzz.h
fuzz_fuzz_template_LDADD = $(CDMIGRATE_LIBS)
fuzz_fuzz_template_LDFLAGS = -fsanitize=fuzzer
endif
fuzz_replay_baseline_SOURCES = fuzz/fuzz-baseline.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_baseline_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_cache_SOURCES = fuzz/fuzz-cache.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_cache_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_journal_SOURCES = fuzz/fuzz-journal.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_journal_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_lex_SOURCES = fuzz/fuzz-lex.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_lex_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_prefilter_SOURCES = fuzz/fuzz-prefilter.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_prefilter_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_realign_SOURCES = fuzz/fuzz-realign.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_realign_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_spatch_SOURCES = fuzz/fuzz-spatch.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_spatch_LDADD = $(CDMIGRATE_LIBS)
fuzz_replay_template_SOURCES = fuzz/fuzz-template.c fuzz/replay.c fuzz/fuzz.h
fuzz_replay_template_LDADD = $(CDMIGRATE_LIBS)
