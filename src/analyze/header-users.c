#define _GNU_SOURCE
#include "analyze/header-users.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int sorted_has(const struct strvec *v, const char *s)
{
	return v->nr && bsearch(&s, v->v, v->nr, sizeof(*v->v), cmp_str) != NULL;
}

static int sorted_hasn(const struct strvec *v, const char *s, size_t len)
{
	char *k = xstrndup(s, len);
	int has = sorted_has(v, k);

	free(k);
	return has;
}

static void add_name(struct strvec *names, const char *s, size_t len)
{
	if (!sorted_hasn(names, s, len)) {
		char *k = xstrndup(s, len);

		strvec_push(names, k);
		strvec_sort(names);
		free(k);
	}
}

/* Words of C that name nothing a user could lose. */
static int is_keyword(const char *s, size_t len)
{
	static const char *const words[] = {
		"auto", "break", "case", "char", "const", "continue", "default", "define",
		"do", "double", "else", "enum", "extern", "float", "for", "goto", "if",
		"inline", "int", "long", "register", "return", "short", "signed", "sizeof",
		"static", "struct", "switch", "typedef", "union", "unsigned", "void",
		"volatile", "while", "__inline__", "__attribute__", "__user", "__iomem",
		"include", "ifdef", "ifndef", "endif", "undef", NULL
	};

	for (size_t i = 0; words[i]; i++)
		if (strlen(words[i]) == len && !memcmp(words[i], s, len))
			return 1;
	return 0;
}

/*
 * The text in chunks: one a directive, or the tokens up to a ';', '{' or
 * '}'; each chunk its token texts joined by one space (layout and
 * comments aside).  first[i] is the index of chunk i's first token.
 */
static void chunks_of(const struct lex_tokens *t, struct strvec *chunks, size_t **first)
{
	struct strbuf sb = STRBUF_INIT;
	size_t start = 0, alloc = 0;

	*first = NULL;
	for (size_t i = 0; i < t->nr; i++) {
		const struct lex_token *k = &t->v[i];
		int end;

		if (!sb.len)
			start = i;
		if (sb.len)
			strbuf_addch(&sb, ' ');
		strbuf_add(&sb, k->text, k->len);
		if (k->directive)
			end = i + 1 == t->nr || !t->v[i + 1].directive || t->v[i + 1].directive_start;
		else
			end = (k->kind == TOKEN_PUNCT && k->len == 1 && strchr(";{}", k->text[0])) ||
			      i + 1 == t->nr || t->v[i + 1].directive;
		if (end) {
			ALLOC_GROW(*first, chunks->nr + 1, alloc);
			(*first)[chunks->nr] = start;
			strvec_push(chunks, sb.buf);
			strbuf_reset(&sb);
		}
	}
	strbuf_release(&sb);
}

/* The name a code chunk declares: a prototype's, a member's, a variable's. */
static void declared_name(const struct lex_token *k, size_t n, struct strvec *names)
{
	const struct lex_token *last = NULL;
	int depth = 0;

	for (size_t i = 0; i < n; i++) {
		int punct = k[i].kind == TOKEN_PUNCT && k[i].len == 1;
		char ch = punct ? k[i].text[0] : 0;

		if (punct && ch == '(' && depth == 0) {
			/* int (*fn)(...): the name after the star */
			if (i + 2 < n && k[i + 1].len == 1 && k[i + 1].text[0] == '*' &&
			    k[i + 2].kind == TOKEN_IDENT) {
				last = &k[i + 2];
				break;
			}
			if (last && !is_keyword(last->text, last->len))
				break;	/* name(args): a prototype or a call in an initializer */
		}
		if (punct && (ch == '(' || ch == '['))
			depth++;
		else if (punct && (ch == ')' || ch == ']'))
			depth--;
		else if (depth == 0 && punct && strchr(";:=,{", ch))
			break;
		else if (depth == 0 && k[i].kind == TOKEN_IDENT)
			last = &k[i];
	}
	if (last && !is_keyword(last->text, last->len))
		add_name(names, last->text, last->len);
}

void header_users_names(const char *before, size_t before_len,
			const char *after, size_t after_len, struct strvec *names)
{
	struct lex_tokens tb = LEX_TOKENS_INIT, ta = LEX_TOKENS_INIT;
	struct strvec cb = STRVEC_INIT, ca = STRVEC_INIT, ids = STRVEC_INIT;
	size_t *fb, *fa;

	lex_tokenize(before, before_len, &tb);
	lex_tokenize(after, after_len, &ta);
	chunks_of(&tb, &cb, &fb);
	chunks_of(&ta, &ca, &fa);
	{
		struct strvec sa = STRVEC_INIT, sb = STRVEC_INIT;

		for (size_t i = 0; i < ca.nr; i++)
			strvec_push(&sa, ca.v[i]);
		for (size_t i = 0; i < cb.nr; i++)
			strvec_push(&sb, cb.v[i]);
		strvec_sort(&sa);
		strvec_sort(&sb);
		/* A chunk of either text the other lacks: what it names changed. */
		for (int side = 0; side < 2; side++) {
			const struct strvec *c = side ? &ca : &cb, *other = side ? &sb : &sa;
			const struct lex_tokens *t = side ? &ta : &tb;
			const size_t *f = side ? fa : fb;

			for (size_t i = 0; i < c->nr; i++) {
				size_t at = f[i], end = i + 1 < c->nr ? f[i + 1] : t->nr;

				if (sorted_has(other, c->v[i]))
					continue;
				if (t->v[at].directive_start) {
					if (end - at >= 3 && t->v[at + 1].len == 6 &&
					    !memcmp(t->v[at + 1].text, "define", 6))
						add_name(names, t->v[at + 2].text, t->v[at + 2].len);
				} else if (!side) {
					declared_name(&t->v[at], end - at, names);
				}
			}
		}
		strvec_clear(&sa);
		strvec_clear(&sb);
	}
	/* Identifiers the change removed altogether. */
	for (size_t i = 0; i < ta.nr; i++)
		if (ta.v[i].kind == TOKEN_IDENT)
			strvec_pushf(&ids, "%.*s", (int)ta.v[i].len, ta.v[i].text);
	strvec_sort(&ids);
	for (size_t i = 0; i < tb.nr; i++) {
		const struct lex_token *k = &tb.v[i];

		if (k->kind == TOKEN_IDENT && !is_keyword(k->text, k->len) &&
		    !sorted_hasn(&ids, k->text, k->len))
			add_name(names, k->text, k->len);
	}
	strvec_clear(&ids);
	strvec_clear(&cb);
	strvec_clear(&ca);
	free(fb);
	free(fa);
	lex_tokens_release(&tb);
	lex_tokens_release(&ta);
}

int header_users_mentions(const char *text, size_t len, const struct strvec *names)
{
	size_t i = 0;

	if (!names->nr)
		return 0;
	/* A plain scan: lexing every candidate costs more than it saves. */
	while (i < len) {
		size_t s;

		if (!lex_ident_start((unsigned char)text[i]) ||
		    (i && lex_ident_char((unsigned char)text[i - 1]))) {
			i++;
			continue;
		}
		s = i;
		while (i < len && lex_ident_char((unsigned char)text[i]))
			i++;
		if (sorted_hasn(names, text + s, i - s))
			return 1;
	}
	return 0;
}

size_t header_users_macro_names(const char *text, size_t len, struct strvec *names)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	struct strvec found = STRVEC_INIT;
	size_t added = 0;

	lex_tokenize(text, len, &t);
	for (size_t i = 0; i + 2 < t.nr; i++) {
		size_t j;
		int hit = 0;

		if (!t.v[i].directive_start || t.v[i + 1].len != 6 || memcmp(t.v[i + 1].text, "define", 6))
			continue;
		for (j = i + 3; j < t.nr && t.v[j].directive && !t.v[j].directive_start; j++)
			hit |= t.v[j].kind == TOKEN_IDENT && sorted_hasn(names, t.v[j].text, t.v[j].len);
		if (hit && !sorted_hasn(names, t.v[i + 2].text, t.v[i + 2].len))
			strvec_pushf(&found, "%.*s", (int)t.v[i + 2].len, t.v[i + 2].text);
		i = j - 1;
	}
	for (size_t i = 0; i < found.nr; i++)
		if (!sorted_has(names, found.v[i])) {
			add_name(names, found.v[i], strlen(found.v[i]));
			added++;
		}
	strvec_clear(&found);
	lex_tokens_release(&t);
	return added;
}

/* "FILE\nMSG" of an error text, the line and column left out. */
static char *error_key(const char *text, int mask_quotes)
{
	const char *sep = strstr(text, ": error: ");
	struct strbuf sb = STRBUF_INIT;
	const char *msg = text;

	if (sep) {
		const char *end = sep;

		/* drop ":LINE:COL" from FILE:LINE:COL */
		for (int k = 0; k < 2; k++) {
			const char *p = end;

			while (p > text && p[-1] >= '0' && p[-1] <= '9')
				p--;
			if (p > text && p < end && p[-1] == ':')
				end = p - 1;
		}
		strbuf_add(&sb, text, (size_t)(end - text));
		msg = sep + 9;
	} else if (starts_with(text, "error: ")) {
		msg = text + 7;
	}
	strbuf_addch(&sb, '\n');
	if (!mask_quotes) {
		strbuf_addstr(&sb, msg);
	} else {
		int in = 0;

		for (const char *p = msg; *p; p++) {
			if (*p == '\'') {
				in = !in;
				strbuf_addstr(&sb, in ? "'" : "...'");
			} else if (!in) {
				strbuf_addch(&sb, *p);
			}
		}
	}
	return strbuf_detach(&sb, NULL);
}

void header_users_new_errors(const struct strvec *before, const struct strvec *after,
			     struct strvec *new_errors)
{
	char *used_b = xcalloc(before->nr + 1, 1), *matched = xcalloc(after->nr + 1, 1);

	for (int mask = 0; mask < 2; mask++) {
		char **kb = xcalloc(before->nr + 1, sizeof(char *));

		for (size_t b = 0; b < before->nr; b++)
			kb[b] = error_key(before->v[b], mask);
		for (size_t a = 0; a < after->nr; a++) {
			char *ka;

			if (matched[a])
				continue;
			ka = error_key(after->v[a], mask);
			for (size_t b = 0; b < before->nr && !matched[a]; b++)
				if (!used_b[b] && !strcmp(ka, kb[b]))
					used_b[b] = matched[a] = 1;
			free(ka);
		}
		for (size_t b = 0; b < before->nr; b++)
			free(kb[b]);
		free(kb);
	}
	for (size_t a = 0; a < after->nr; a++)
		if (!matched[a])
			strvec_push(new_errors, after->v[a]);
	free(used_b);
	free(matched);
}
