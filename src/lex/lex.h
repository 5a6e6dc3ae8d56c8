/*
 * lex.h: the C tokenizer, the one every lexical analysis uses (exports,
 * the sysfs prediction, the report, the rewriter passes): identifiers,
 * numbers, string and character literals (quotes kept), punctuators (the
 * two- and three-character ones C has as one token).  Comments and backslash-newlines are skipped; tokens of a
 * preprocessor directive line are marked `directive` (its '#' is marked
 * `directive_start` too).  The text of `#if 0` ... `#else`/`#elif`/`#endif`
 * (nesting followed) yields no token.  Tokens point into the text, which
 * must outlive them.
 */
#ifndef CDMIGRATE_LEX_H
#define CDMIGRATE_LEX_H
#include <stddef.h>

/*
 * Characters of C identifiers: [A-Za-z_] starts one, [A-Za-z0-9_] continues
 * it.  Take a char or an unsigned char value; bytes above 127 are neither.
 */
static inline int lex_ident_start(int c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline int lex_ident_char(int c)
{
	return lex_ident_start(c) || (c >= '0' && c <= '9');
}

/* The offset where the line holding text[at] starts (just after a '\n', or 0). */
static inline size_t lex_line_start(const char *text, size_t at)
{
	while (at > 0 && text[at - 1] != '\n')
		at--;
	return at;
}

enum lex_token_kind {
	TOKEN_IDENT,
	TOKEN_NUMBER,
	TOKEN_STRING,
	TOKEN_CHAR,
	TOKEN_PUNCT,
};

/* 32 bytes: a report holds the tokens of every file it reads at once. */
struct lex_token {
	const char *text;
	size_t offset;			/* byte offset in the text */
	unsigned len;
	unsigned line, column;		/* 1-based, columns in bytes */
	unsigned kind:3;		/* enum lex_token_kind */
	unsigned directive:1;
	unsigned directive_start:1;
};

struct lex_tokens {
	struct lex_token *v;
	size_t nr, alloc;
};
#define LEX_TOKENS_INIT { NULL, 0, 0 }

void lex_tokenize(const char *text, size_t len, struct lex_tokens *out);
void lex_tokens_release(struct lex_tokens *t);

/*
 * Like lex_tokenize(), but the text of #if 0 branches yields tokens too:
 * a fragment as written (a macro's definition, its body).
 */
void lex_tokenize_raw(const char *text, size_t len, struct lex_tokens *out);

/*
 * Options of lex_tokenize_opt().  LEX_IF0_PREFIX: an #if whose condition
 * starts with the number 0 is an #if 0 whatever follows it (`#if 0 && x`,
 * but `#if 0 || x` too), the way the attr-names pass has read code since
 * it had a tokenizer of its own; plain lex_tokenize() skips `#if 0` alone.
 */
#define LEX_IF0_PREFIX (1u << 0)

/* lex_tokenize() with the options above. */
void lex_tokenize_opt(const char *text, size_t len, struct lex_tokens *out, unsigned flags);

/*
 * The value of the condition of an #if or #elif (its tokens after the
 * keyword): 1 true, 0 false, -1 unknown.
 */
typedef int (*lex_condition_fn)(const struct lex_token *v, size_t n, void *data);

/*
 * Like lex_tokenize(), but every conditional is decided by fn: the
 * branches it makes false (and the #else of a true one) yield no token;
 * with an unknown condition every branch is read.  The directive lines of
 * the conditionals themselves are kept when their enclosing branch is read.
 */
void lex_tokenize_cond(const char *text, size_t len, struct lex_tokens *out,
		       lex_condition_fn fn, void *data);

/* Nonzero when token t is spelled s. */
int lex_token_is(const struct lex_token *t, const char *s);

/*
 * The index of the token closing the bracket ('(', '[' or '{') at v[open],
 * counting only non-directive tokens when open is not a directive token;
 * nr when it is not closed.
 */
size_t lex_tokens_match(const struct lex_token *v, size_t nr, size_t open);

#endif
