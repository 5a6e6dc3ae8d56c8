/*
 * vfile.h: a step file's code as the lexical passes of step 50 walk it:
 * its tokens outside comments and directive lines, each bracket paired
 * with the other, each token's brace depth and the file-scope block
 * holding it.  The predicates are safe past the end: a token index
 * >= nr matches nothing.
 */
#ifndef CDMIGRATE_REWRITE_VFILE_H
#define CDMIGRATE_REWRITE_VFILE_H

#include <stddef.h>

#include "lex/lex.h"
#include "rewrite/context.h"

struct vfile {
	struct rewrite_file *rf;	/* not owned */
	struct lex_tokens all;		/* every token, directive lines too */
	struct lex_token *v;		/* the code tokens, pointing into rf's text */
	size_t nr;
	int *brace;		/* brace depth before the token */
	size_t *pair;		/* the other bracket of a bracket token, or nr */
	size_t *body;		/* the '{' of the file-scope block holding it, or nr */
};

/* Tokenize rf's text as it is now; vfile_release() frees what c owns. */
void vfile_init(struct vfile *c, struct rewrite_file *rf);
void vfile_release(struct vfile *c);

/* Token i is the punctuator, keyword or identifier s. */
int vfile_is(const struct vfile *c, size_t i, const char *s);
int vfile_is_ident(const struct vfile *c, size_t i);
/* The text of token i; the caller frees it. */
char *vfile_text(const struct vfile *c, size_t i);
/* The tokens [a, b) without blanks between them; the caller frees it. */
char *vfile_joined(const struct vfile *c, size_t a, size_t b);

/*
 * The first token of the postfix expression ending at token `last`
 * (identifiers, "." and "->", calls and subscripts, parenthesized
 * expressions).
 */
size_t vfile_expr_start(const struct vfile *c, size_t last);
/*
 * Token i starts a statement (not the body of an if or else without
 * braces: the rules' "E = f(...); ... if (...)" do not match there).
 */
int vfile_stmt_start(const struct vfile *c, size_t i);
/*
 * "LHS = CALL(" with CALL at token i, LHS the whole left side of a
 * statement: its first token in *lhs.  0 when the call is not so.
 */
int vfile_assigned_call(const struct vfile *c, size_t i, size_t *lhs);
/* "if ( LHS )" at i, LHS the tokens [a, b): the index past the ')' (0: not). */
size_t vfile_if_on(const struct vfile *c, size_t i, size_t a, size_t b);
/* The tokens [a, b) occur at k. */
int vfile_same_tokens(const struct vfile *c, size_t k, size_t a, size_t b);
/* The end of the statement starting at i: its ';', or the '}' of its block. */
size_t vfile_stmt_end(const struct vfile *c, size_t i);
/* The first token of the file-scope declaration holding token i. */
size_t vfile_decl_start(const struct vfile *c, size_t i);

#endif
