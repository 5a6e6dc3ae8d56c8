# The step manifest and its semantic patches: installed, and turned into the
# program's step table at build time.
SEMANTIC_PATCH_FILES = $(wildcard $(top_srcdir)/semantic-patches/*/*.cocci $(top_srcdir)/semantic-patches/*/*.h $(top_srcdir)/semantic-patches/*/*.c $(top_srcdir)/semantic-patches/*/*.in $(top_srcdir)/semantic-patches/*/*.txt)
semanticpatchdir = $(pkgdatadir)
nobase_dist_semanticpatch_DATA = semantic-patches/steps semantic-patches/README
install-data-local:
	for f in $(SEMANTIC_PATCH_FILES); do \
		rel=$${f#$(top_srcdir)/}; \
		$(MKDIR_P) "$(DESTDIR)$(pkgdatadir)/$$(dirname $$rel)" && \
		$(INSTALL_DATA) "$$f" "$(DESTDIR)$(pkgdatadir)/$$rel" || exit 1; \
	done
uninstall-local:
	rm -rf "$(DESTDIR)$(pkgdatadir)/semantic-patches"

BUILT_SOURCES += src/kernel/manifest-table.c
CLEANFILES += src/kernel/manifest-table.c
EXTRA_DIST += src/kernel/gen-manifest.py
src/kernel/manifest-table.c: $(top_srcdir)/semantic-patches/steps $(top_srcdir)/src/kernel/gen-manifest.py $(SEMANTIC_PATCH_FILES)
	$(AM_V_GEN)$(MKDIR_P) src/kernel && $(PYTHON3) $(top_srcdir)/src/kernel/gen-manifest.py \
		$(top_srcdir)/semantic-patches/steps $(top_srcdir)/semantic-patches $@
