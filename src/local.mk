# The library every program and test links against, then the program.
# Sources by layer, lowest first: a folder includes only from itself and
# the folders before it in this list (doc/design.md).
noinst_LIBRARIES += src/libcdmigrate.a
src_libcdmigrate_a_CFLAGS = $(AM_CFLAGS) $(LIBCLANG_CFLAGS) $(JANSSON_CFLAGS) $(XXHASH_CFLAGS)
src_libcdmigrate_a_SOURCES = \
	src/base/cache.c src/base/cache.h \
	src/base/child.c src/base/child.h \
	src/base/git.c src/base/git.h \
	src/base/hash.c src/base/hash.h \
	src/base/pool.c src/base/pool.h \
	src/base/threads.c src/base/threads.h \
	src/base/util.c src/base/util.h \
	src/base/walk.c src/base/walk.h \
	src/lex/bodies.c src/lex/bodies.h \
	src/lex/lex.c src/lex/lex.h \
	src/lex/lexscan.c src/lex/lexscan.h \
	src/lex/realign.c src/lex/realign.h \
	src/lex/template.c src/lex/template.h \
	src/kernel/kernel-version.c src/kernel/kernel-version.h \
	src/kernel/arch.c src/kernel/arch.h \
	src/kernel/kbuild.c src/kernel/kbuild.h \
	src/kernel/kconfig.c src/kernel/kconfig.h \
	src/kernel/kernel.c src/kernel/kernel.h \
	src/kernel/maintainers.c src/kernel/maintainers.h \
	src/kernel/manifest.c src/kernel/manifest.h \
	src/kernel/subsystem.c src/kernel/subsystem.h \
	src/kernel/reach.c src/kernel/reach.h \
	src/analyze/classify-clang.c src/analyze/classify-clang.h \
	src/analyze/classify-jobs.c src/analyze/classify-jobs.h \
	src/analyze/classify-memo.c src/analyze/classify-memo.h \
	src/analyze/classify-queries.c \
	src/analyze/classify-sites.c src/analyze/classify-sites.h \
	src/analyze/classify.h \
	src/analyze/exports.c src/analyze/exports.h \
	src/analyze/macro-body.c src/analyze/macro-body.h \
	src/analyze/header-users.c src/analyze/header-users.h \
	src/analyze/output.c src/analyze/output.h \
	src/analyze/parse-setup.c src/analyze/parse-setup.h \
	src/analyze/prefilter.c src/analyze/prefilter.h \
	src/analyze/scan.c src/analyze/scan.h \
	src/analyze/site.c src/analyze/site.h \
	src/rewrite/aligned-structs.c src/rewrite/aligned-structs.h \
	src/rewrite/api-names.c src/rewrite/api-names.h \
	src/rewrite/attr-names.c src/rewrite/attr-names.h \
	src/rewrite/callback-callers.c src/rewrite/callback-callers.h \
	src/rewrite/class-initializer.c src/rewrite/class-initializer.h \
	src/rewrite/context.c src/rewrite/context.h \
	src/rewrite/err-include.c src/rewrite/err-include.h \
	src/rewrite/interface-callbacks.c src/rewrite/interface-callbacks.h \
	src/rewrite/core-file.c src/rewrite/core-file.h \
	src/rewrite/core-text.c src/rewrite/core-text.h \
	src/rewrite/delete-class-device.c src/rewrite/delete-class-device.h \
	src/rewrite/deletion.c src/rewrite/deletion.h \
	src/rewrite/macro-callbacks.c src/rewrite/macro-callbacks.h \
	src/rewrite/macro-convert.c src/rewrite/macro-convert.h \
	src/rewrite/macro-layout.c src/rewrite/macro-layout.h \
	src/rewrite/macro-members.c src/rewrite/macro-members.h \
	src/rewrite/member-users.c src/rewrite/member-users.h \
	src/rewrite/rewrite.c src/rewrite/rewrite.h \
	src/rewrite/unused-exports.c src/rewrite/unused-exports.h \
	src/rewrite/vfile.c src/rewrite/vfile.h \
	src/rewrite/virtual-bus.c src/rewrite/virtual-bus.h \
	src/rewrite/virtual-bus-classes.c src/rewrite/virtual-bus-classes.h \
	src/rewrite/virtual-bus-template.c src/rewrite/virtual-bus-template.h \
	src/rewrite/virtual-parent.c src/rewrite/virtual-parent.h \
	src/plan/plan.c src/plan/plan.h \
	src/report/report.c src/report/report.h \
	src/report/report-baseline.c \
	src/report/report-migration.c src/report/report-migration.h \
	src/report/sysfs.h \
	src/report/sysfs-attrs.c \
	src/report/sysfs-devices.c \
	src/report/sysfs-predict.c \
	src/report/sysfs-read.c src/report/sysfs-read.h \
	src/report/userspace.c src/report/userspace.h \
	src/report/userspace-glob.c src/report/userspace-glob.h \
	src/report/userspace-read.c \
	src/report/writer.c src/report/writer.h \
	src/report/writer-html.c \
	src/report/writer-json.c \
	src/report/writer-md.c \
	src/report/writer-text.c \
	src/engine/bisect.c src/engine/bisect.h \
	src/engine/checkpatch.c src/engine/checkpatch.h \
	src/engine/diff.c src/engine/diff.h \
	src/engine/diffstat.c src/engine/diffstat.h \
	src/engine/engine.c src/engine/engine.h \
	src/engine/group.c src/engine/group.h \
	src/engine/hold-back.c src/engine/hold-back.h \
	src/engine/journal.c src/engine/journal.h \
	src/engine/migrate.c src/engine/migrate.h \
	src/engine/migrate-types.h \
	src/engine/result.c src/engine/result.h \
	src/engine/series-cache.c src/engine/series-cache.h \
	src/engine/series-plan.c src/engine/series-plan.h \
	src/engine/series.c src/engine/series.h \
	src/engine/slice.c src/engine/slice.h \
	src/engine/spatch.c src/engine/spatch.h \
	src/engine/step-cache.c src/engine/step-cache.h \
	src/engine/step.c src/engine/step.h \
	src/engine/task.c src/engine/task.h \
	src/engine/verify.c src/engine/verify.h \
	src/engine/working-set.c src/engine/working-set.h \
	$(NULL)
nodist_src_libcdmigrate_a_SOURCES = src/kernel/manifest-table.c

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
