/*
 * classify-sites.h: the sites of one file, the classify module's first
 * query (see classify-clang.h): a walk of its parse, of its inactive
 * #if branches and of the bodies of the macros it expands, kept in the
 * parse memo with its diagnostics.
 */
#ifndef CDMIGRATE_CLASSIFY_SITES_H
#define CDMIGRATE_CLASSIFY_SITES_H

#include "analyze/classify-memo.h"

/*
 * Classify file (relative to the tree), parsed on index, into r (zeroed
 * by the caller; its sites, diagnostics and errors are the caller's).
 */
void classify_sites_of(struct classify *c, CXIndex index, const char *file, struct file_result *r);

/*
 * classify_sites_of() of file, and of each of guests (headers, relative to
 * the tree) from the same parse: the sites in the guest, its inactive
 * branches and the bodies of the macros it expands, and the diagnostics
 * located in it, into guest_results[k] (zeroed by the caller, as r).  A
 * guest the parse did not enter (or a file libclang could not parse) gets
 * absent set and nothing else.  Through the parse memo: the guests' entries
 * are keyed by file's arguments.
 */
void classify_sites_with_guests(struct classify *c, CXIndex index, const char *file,
				const char *const *guests, size_t nr_guests,
				struct file_result *r, struct file_result *guest_results);

/*
 * Keep in the parse memo what classify_sites_of() would find in tu, a
 * parse of file (relative) made for another query with the classifier's
 * arguments and overlay, unless the memo has it already; nothing without
 * a memo.  A later classify_sites_of() of the file in a state whose
 * included files hold the same text (verify's parse before the change)
 * then takes it from the memo instead of parsing again.
 */
void classify_keep_sites(struct classify *c, CXTranslationUnit tu, const char *file);

#endif
