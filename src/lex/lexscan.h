/*
 * lexscan.h: find identifiers in C text without parsing it.
 *
 * Used where the parser sees nothing: inactive #if branches (scan) and the
 * residual check after a migration (report).  Comments, string and
 * character literals are skipped; an identifier is a maximal run of
 * [A-Za-z0-9_] that does not start with a digit.
 */
#ifndef CDMIGRATE_LEXSCAN_H
#define CDMIGRATE_LEXSCAN_H

#include <stddef.h>

/* Called for each matching identifier: 1-based line and byte column. */
typedef void (*lexscan_fn)(const char *ident, size_t len, unsigned line,
			   unsigned column, void *data);

/*
 * Scan text[start, end) of a buffer (offsets; line numbers are counted from
 * the buffer's beginning) and call fn for every identifier that contains one
 * of the NULL-terminated `needles` as a substring.  With first_per_line set,
 * only the first match of each line is reported.  A range starting inside a
 * comment is scanned as code from `start`.
 */
void lexscan_identifiers(const char *text, size_t start, size_t end,
			 const char *const *needles, int first_per_line,
			 lexscan_fn fn, void *data);

/*
 * Call fn for the name of every function text[0, len) defines at file scope
 * (a name, its parenthesized parameters, then '{') that is not static and
 * whose parameter list contains one of the NULL-terminated needles.  Skips
 * comments, literals and preprocessor lines; a definition whose name or
 * parameters come from a macro is missed.
 */
void lexscan_definitions(const char *text, size_t len, const char *const *needles,
			 void (*fn)(const char *name, size_t len, void *data), void *data);

/*
 * Called for each word of a comment or a string literal that contains a
 * needle: in_string is 1 in a string or character literal, 0 in a comment.
 */
typedef void (*lexscan_mention_fn)(const char *word, size_t len, unsigned line,
				   unsigned column, int in_string, void *data);

/*
 * The other half of lexscan_identifiers(): call fn for every word (a run of
 * [A-Za-z0-9_]) inside the comments and literals of text[0, len) that
 * contains one of the NULL-terminated needles.
 */
void lexscan_mentions(const char *text, size_t len, const char *const *needles,
		      lexscan_mention_fn fn, void *data);

/*
 * Whether the code of text[0, len) names what a parse could find a site
 * in: outside comments and literals (directive lines and #if 0 branches
 * are code here), an identifier that contains one of the NULL-terminated
 * `needles` (unless `ignore`, when not NULL, says yes of it: the word and
 * its length) or equals one of the NULL-terminated `names`, or a use of
 * `struct <tag>` that can declare an object or a member of that type.
 * Two uses cannot, and alone they do not count: the forward declaration
 * `struct tag;` and, outside directives, a pointer `struct tag *...` whose
 * declaration declares pointers only (`struct tag *a, b;` declares an
 * object b: after a comma of its own level each declarator starts with
 * '*') or that ends inside parentheses (a parameter, a cast, sizeof).
 */
int lexscan_code_names(const char *text, size_t len, const char *const *needles,
		       int (*ignore)(const char *word, size_t len),
		       const char *const *names, const char *tag);

/*
 * Whether the word before `ident` (a pointer into text) is struct, union
 * or enum: `struct class_device` is the type, `*class_device` a name.
 */
int lexscan_after_tag_keyword(const char *text, const char *ident);

/*
 * Whether text[start, end) begins with an `#if 0` or `#elif 0` directive
 * (spaces, tabs and a comment may follow the 0): the branch no
 * configuration compiles.  `start` may point at the '#' or at blanks before
 * it, as libclang's skipped ranges do.
 */
int lexscan_starts_if_zero(const char *text, size_t start, size_t end);

/*
 * Call fn for every #include directive of text[0, len) that names its
 * file between <> (quoted 0) or "" (quoted 1), in order: `name` points
 * into text, `len` bytes.  Lexical: a directive in an inactive #if branch
 * counts too, one in a block comment may; a computed #include (a macro)
 * and #include_next are not reported.
 */
void lexscan_includes(const char *text, size_t len,
		      void (*fn)(const char *name, size_t len, int quoted, void *data), void *data);

#endif
