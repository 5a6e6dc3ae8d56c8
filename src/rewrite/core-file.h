/*
 * core-file.h: the lexical tools of the driver-core passes
 * (unused-exports.h, virtual-parent.h, delete-class-device.h): a C text
 * cut into file-scope items on lex.h's tokens, and byte ranges removed
 * with the comments and blank lines that go with them.
 */
#ifndef CDMIGRATE_REWRITE_CORE_FILE_H
#define CDMIGRATE_REWRITE_CORE_FILE_H

#include "base/util.h"
#include "lex/lex.h"

/* ------------------------------------------------------------------ items */

enum core_item_kind {
	CORE_ITEM_DIRECTIVE,	/* a preprocessor line other than #define */
	CORE_ITEM_DEFINE,	/* #define NAME ..., continuation lines included */
	CORE_ITEM_FUNCTION,	/* a definition with a body */
	CORE_ITEM_DECLARATION,	/* up to a ';' at file scope: prototypes, objects,
				 * struct definitions, macro invocations */
};

struct core_item {
	enum core_item_kind kind;
	char *name;		/* the macro, function, object or struct tag; the
				 * invoked macro for EXPORT_SYMBOL(x) and the like;
				 * NULL when there is none */
	size_t first, last;	/* token indexes, inclusive */
	size_t open;		/* FUNCTION: the body's '{'; a struct definition:
				 * its '{'; else (size_t)-1 */
	int is_struct;		/* "struct tag { ... };": name is the tag */
};

/* A C text cut into file-scope items (lex_tokenize() tokens). */
struct core_file {
	const char *text;	/* borrowed: must outlive the struct */
	size_t len;
	struct lex_tokens tokens;
	struct core_item *items;
	size_t nr, alloc;
};
#define CORE_FILE_INIT { NULL, 0, LEX_TOKENS_INIT, NULL, 0, 0 }

void core_file_parse(struct core_file *f, const char *text, size_t len);
void core_file_release(struct core_file *f);

/* Byte extent of tokens first..last: first's offset to just after last. */
size_t core_token_start(const struct core_file *f, size_t first);
size_t core_token_end(const struct core_file *f, size_t last);

/*
 * The token closing the bracket at `open` ('(', '[' or '{'), or
 * f->tokens.nr when it is not closed.
 */
size_t core_match(const struct core_file *f, size_t open);

/* ---------------------------------------------------------------- removals */

struct core_range {
	size_t start, end;	/* bytes [start, end) */
	unsigned stmt:1;	/* a statement or member: its comment goes too */
};

/*
 * Byte ranges to remove from one text.  On apply, a range that covers whole
 * lines (nothing but blanks before it on its first line, nothing but blanks
 * or a comment after it on its last) is widened to those lines; ranges
 * separated by blank lines only merge; the comment block right above a
 * range goes with it when the range is a statement or member, or when a
 * blank line, a '}' line or the end follows the range; a standalone
 * comment (blank lines around it) right above that mentions one of `topic`
 * (case-insensitive) goes too; then one blank line of a pair the removal
 * brings together goes, as does a blank line left right after a '{' or
 * right before a '}'.
 */
struct core_removals {
	struct core_range *v;
	size_t nr, alloc;
	const char *const *topic;	/* NULL-terminated, or NULL */
};
#define CORE_REMOVALS_INIT { NULL, 0, 0, NULL }

void core_removals_add(struct core_removals *r, size_t start, size_t end, int stmt);
void core_removals_apply(const struct core_removals *r, const char *text, size_t len,
			 struct strbuf *out);
void core_removals_release(struct core_removals *r);

#endif
