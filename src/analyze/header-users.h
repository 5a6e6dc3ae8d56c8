/*
 * header-users.h: what a changed header can break in the files that use
 * it, and which errors of a parse are new.
 *
 * Verify parses the files a step changed; a file it did not change still
 * sees the header's new text.  The names a header's change can break a
 * user through are: the macros whose definition changed, the names
 * declared on a changed line (a member renamed or retyped, a prototype,
 * a typedef), and every identifier the change removed.  An unchanged file
 * that reaches the header and mentions one of them (itself, or through a
 * macro of another header that does) is a user to parse before and after;
 * a member of a struct the header keeps counts only in a file that also
 * names the struct's tag as a type: `struct class`, or a member named like
 * it reached through (`dev->class->release`); `pdev->class >> 8` is a
 * word, not the type.
 *
 * Errors are compared by (file, message), never by line: a change moves
 * lines.  A message the step renamed something in ("no member named
 * 'class_dev'" becoming "no member named 'dev'") matches the old one of the
 * same file with the quoted names left aside, once the exact matches are
 * taken.
 */
#ifndef CDMIGRATE_HEADER_USERS_H
#define CDMIGRATE_HEADER_USERS_H

#include "base/util.h"

/*
 * Append to names (sorted, each once) the names a change of a header from
 * `before` to `after` can break a user through.  members, unless NULL,
 * gets ("name\ttag", sorted, each once) those of them that break a user
 * only as a member of a struct the change keeps: a file that never names
 * the tag cannot reach the member (a struct class that lost .release
 * breaks no file_operations user).
 */
void header_users_names(const char *before, size_t before_len, const char *after,
			size_t after_len, struct strvec *names, struct strvec *members);

/* Whether text holds one of the sorted names as an identifier token. */
int header_users_mentions(const char *text, size_t len, const struct strvec *names);

/*
 * header_users_mentions(), a name of members (header_users_names())
 * counting only when text also names its tag.
 */
int header_users_mentions_scoped(const char *text, size_t len, const struct strvec *names,
				 const struct strvec *members);

/*
 * header_users_mentions_scoped() of many texts against the names and
 * members of several headers at once (verify's candidate users): made
 * once, asked once a text, one pass over the text whatever the number of
 * headers.  The matcher copies what it needs.
 */
struct header_users_matcher;
struct header_users_matcher *header_users_matcher_new(const struct strvec *names,
						      const struct strvec *members, size_t nr);
/* hits[k] (nr of them) = header_users_mentions_scoped(text, len, &names[k], &members[k]) */
void header_users_matcher_hits(const struct header_users_matcher *m, const char *text, size_t len,
			       char *hits);
void header_users_matcher_free(struct header_users_matcher *m);

/*
 * The candidate users of nr changed headers (cands[k]: paths relative to
 * tree, the prefilter's for header k) judged by
 * header_users_mentions_scoped() of names[k] and members[k]: hits[k][i]
 * for cands[k].v[i], allocated, freed by header_users_hits_free().  A
 * file skip() refuses (skip may be NULL) is not read and has no hit; one
 * that is a candidate of several headers is read and scanned once (a
 * matcher of all of them), an unreadable one has no hit.
 */
char **header_users_candidate_hits(const char *tree, const struct strvec *cands,
				   const struct strvec *names, const struct strvec *members, size_t nr,
				   int (*skip)(const char *path, void *data), void *data);
void header_users_hits_free(char **hits, size_t nr);

/*
 * The first of names (sorted) for which header_users_mentions_scoped()
 * of that one name holds, or NULL: a member of members (the whole set,
 * as there) named in text beside its tag answers names->v[0]; else the
 * first name text holds as an identifier that is no member's name.  One
 * pass over text, however many names.
 */
const char *header_users_first_mentioned(const char *text, size_t len, const struct strvec *names,
					 const struct strvec *members);

/*
 * Append to names (kept sorted) the name of every #define of text whose
 * body mentions one of names; returns how many it added.  A header's macro
 * over a changed name breaks its own users too.
 */
size_t header_users_macro_names(const char *text, size_t len, struct strvec *names);

/*
 * The errors of `after` that are not in `before` ("FILE:LINE:COL: error:
 * MSG" texts of one parse each), appended to new_errors in the order of
 * after.  Each error of before matches at most one of after: first by
 * (FILE, MSG), then by FILE and MSG with what it quotes ('...') left aside.
 */
void header_users_new_errors(const struct strvec *before, const struct strvec *after,
			     struct strvec *new_errors);

/*
 * Append to names (sorted, each once) the file-scope names a change of a
 * file from `before` to `after` declares anew for other files: each
 * declaration at brace depth 0 that is not static, a typedef or a struct,
 * union or enum definition, whose text changed (a global object retyped, a
 * function whose prototype changed, an extern).  Names without a lower-case
 * letter are left out: at file scope they are macro invocations (an
 * attribute declarator, EXPORT_SYMBOL); so are the names of the
 * class_device API and of their struct device counterparts
 * (kernel_renames): every user's change names them, and a user that misses
 * the new API fails its own parse.  Another file whose change names
 * one of them depends on this change: one goes back, both go back.
 */
void header_users_changed_globals(const char *before, size_t before_len,
				  const char *after, size_t after_len, struct strvec *names);

/*
 * Append to names (sorted, each once) every identifier of the parts of a
 * change from `before` to `after` that differ (statements and directive
 * lines of either text the other lacks).
 */
void header_users_changed_identifiers(const char *before, size_t before_len,
				      const char *after, size_t after_len, struct strvec *names);

/*
 * Append to names (sorted, each once) the identifiers of `before` that
 * `after` no longer has anywhere (comments and strings aside): what a
 * change removed outright, as a declaration and its definition in
 * another file both lose the function's name.
 */
void header_users_vanished_names(const char *before, size_t before_len,
				 const char *after, size_t after_len, struct strvec *names);

/* Whether the sorted a and b share a name; *shared (may be NULL) gets it. */
int header_users_intersect(const struct strvec *a, const struct strvec *b, const char **shared);

#endif
