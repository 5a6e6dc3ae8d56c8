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

#endif
