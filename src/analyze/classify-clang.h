/*
 * classify-clang.h: what the files of the classify module share from
 * classify-clang.c.  Not for use outside analyze/classify*.c.
 *
 * The classify module (classify.h) is the one owner of libclang and is
 * written in five files, each one concern, each including only the
 * headers of the files before it:
 *
 *	classify-clang.c	the classifier's lifecycle and libclang itself:
 *				parse arguments, the overlay, parsing, the
 *				diagnostics, the type and attribute helpers
 *	classify-memo.c		the parse memo (classify-memo.h)
 *	classify-sites.c	the sites of one file (classify-sites.h)
 *	classify-jobs.c		the worker threads and the whole-run queries
 *				(classify-jobs.h)
 *	classify-queries.c	the other queries: macro definitions, record
 *				fields, member uses, macro members, named
 *				functions
 *
 * Only these files include clang-c/Index.h.
 */
#ifndef CDMIGRATE_CLASSIFY_CLANG_H
#define CDMIGRATE_CLASSIFY_CLANG_H

#include <clang-c/Index.h>

#include "analyze/classify.h"

/* An overlay file's content hash, for the parse memo. */
struct overlay_hash {
	const char *name;	/* absolute: the overlay's Filename */
	char hash[33];
};

struct classify {
	char *tree;		/* absolute, real path */
	char *kernel;		/* absolute, real path */
	char *scratch;		/* our temporary directory */
	struct parse_setup *setup;	/* the parse arguments of each file */
	int jobs;
	int type_errors;	/* classify_options.type_errors: the view of a parse's diagnostics */
	struct CXUnsavedFile *overlay;	/* absolute names, borrowed contents */
	size_t nr_overlay;
	struct overlay_hash *overlay_hashes;	/* in strcmp order of name */
	char overlay_new_key[33];	/* the overlay's files the disk lacks, hashed */
};

/* An owned copy of a CXString (the caller frees it), disposed at once. */
char *classify_take_string(CXString s);

/*
 * The arguments parse-setup gives `file`, whose content is `content`
 * (NULL: the overlay's or the disk's), appended to args.
 */
void classify_parse_args(struct classify *c, const char *file, const char *content, size_t len,
			 struct strvec *args);

/* The arch `file` (relative to the tree) is parsed for, with the overlay's content.  Allocated. */
char *classify_file_arch(struct classify *c, const char *file);

/* The overlay's content hash of the absolute path, or NULL when it has none. */
const char *classify_overlay_hash_of(const struct classify *c, const char *abs);

/*
 * Parse file (relative to the tree) on index, with content instead of the
 * overlay's or the disk's when not NULL.  The caller disposes of the
 * translation unit; NULL when libclang could not parse it.
 */
CXTranslationUnit classify_parse(struct classify *c, CXIndex index, const char *file,
				 const char *content, size_t len);

/* A type with its pointers and arrays taken off: the struct tag left, if any. */
struct type_shape {
	char *record;		/* struct tag after pointers/arrays, or NULL; the caller frees */
	int pointers;
	int arrays;
};

void classify_type_shape(CXType t, struct type_shape *s);
/* Whether s is struct `tag` (behind any pointers and arrays). */
int classify_shape_is(const struct type_shape *s, const char *tag);
/* Whether cursor carries __attribute__((aligned)). */
int classify_has_aligned_attr(CXCursor cursor);

/*
 * A parse's diagnostics that count, in the order clang gave them, each
 * "E<text>" for an error or "W<text>" for one of the warnings parse-setup
 * enables (a type mismatch or an implicit declaration), appended to
 * diags: every parse keeps both, and each classifier's view
 * (classify_view_diagnostics()) takes the warnings as errors or leaves
 * them, so that scan's, the step passes' and verify's parses of a file in
 * one state are one parse and one memo entry.
 */
void classify_collect_diagnostics(const struct classify *c, CXTranslationUnit tu,
				  struct strvec *diags);
/* The same, of those diagnostics only whose spelling location is in `only`. */
void classify_collect_diagnostics_in(const struct classify *c, CXTranslationUnit tu, CXFile only,
				     struct strvec *diags);

/*
 * The errors of diags as c counts them: their number, the first
 * (allocated, the caller frees) and all (appended when all is not NULL),
 * in order.
 */
void classify_view_diagnostics(const struct classify *c, const struct strvec *diags,
			       unsigned *errors, char **first, struct strvec *all);

/*
 * One file parsed for a collector: its translation unit, its own CXFile
 * and text (the overlay's, when the engine holds the file).  Every query
 * that walks one file opens it here.
 */
struct parsed_file {
	CXIndex index;
	CXTranslationUnit tu;
	CXFile main;
	const char *text;	/* NULL when libclang has no contents for it */
	size_t size;
};

/*
 * Parse file into pf, on index (a worker's, kept) or, with index NULL, on
 * one of the file's own.  0, or -1 when libclang could not parse `file`
 * (nothing to close then).
 */
int classify_parsed_file_open(struct classify *c, CXIndex index, const char *file,
			      struct parsed_file *pf);
void classify_parsed_file_close(struct parsed_file *pf);

#endif
