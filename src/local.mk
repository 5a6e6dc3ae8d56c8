# The library every program and test links against, then the program.
noinst_LIBRARIES += src/libcdmigrate.a
src_libcdmigrate_a_CFLAGS = $(AM_CFLAGS) $(LIBCLANG_CFLAGS) $(JANSSON_CFLAGS) $(XXHASH_CFLAGS)
src_libcdmigrate_a_SOURCES = \
	src/util.c src/util.h \
	src/site.c src/site.h \
	src/walk.c src/walk.h \
	src/prefilter.c src/prefilter.h \
	src/lexscan.c src/lexscan.h \
	src/subsystem.c src/subsystem.h \
	src/reach.c src/reach.h \
	src/classify.c src/classify.h \
	src/scan.c src/scan.h \
	src/output.c src/output.h \
	src/journal.c src/journal.h \
	src/manifest.c src/manifest.h \
	src/plan.c src/plan.h \
	src/child.c src/child.h \
	src/pool.c src/pool.h \
	src/diff.c src/diff.h \
	src/series.c src/series.h \
	src/spatch.c src/spatch.h \
	src/migrate.c src/migrate.h \
	src/kernel-version.c src/kernel-version.h \
	src/realign.c src/realign.h \
	src/template.c src/template.h \
	src/rewrite.c src/rewrite.h \
	src/rewrite-core.c src/rewrite-core.h \
	src/rewrite-unused-exports.c \
	src/rewrite-virtual-parent.c \
	src/rewrite-delete.c \
	src/cache.c src/cache.h \
	src/rewrite-macro-callbacks.c src/rewrite-macro-callbacks.h \
	src/rewrite-attr-names.c src/rewrite-attr-names.h \
	src/rewrite-aligned-structs.c src/rewrite-aligned-structs.h \
	src/rewrite-class-initializer.c src/rewrite-class-initializer.h \
	src/rewrite-core-text.c src/rewrite-core-text.h \
	src/rewrite-virtual-bus.c src/rewrite-virtual-bus.h \
	src/exports.c src/exports.h \
	src/sysfs.c src/sysfs.h \
	src/report.c src/report.h \
	src/html.c src/html.h \
	$(NULL)
nodist_src_libcdmigrate_a_SOURCES = src/manifest-table.c

CDMIGRATE_LIBS = src/libcdmigrate.a $(LIBCLANG_LIBS) $(JANSSON_LIBS) $(XXHASH_LIBS) -lpthread

bin_PROGRAMS += src/cdmigrate
src_cdmigrate_SOURCES = \
	src/main.c \
	src/cmd/commands.h \
	src/cmd/options.c src/cmd/options.h \
	src/cmd/help.c \
	src/cmd/scan.c \
	src/cmd/plan.c \
	src/cmd/migrate.c \
	src/cmd/undo.c \
	src/cmd/verify.c \
	src/cmd/report.c \
	$(NULL)
src_cdmigrate_LDADD = $(CDMIGRATE_LIBS)

dist_man_MANS += doc/cdmigrate.1
