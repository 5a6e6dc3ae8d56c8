#define _GNU_SOURCE
#include "analyze/header-users.h"
#include "base/hash.h"
#include "kernel/kernel.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

static int sorted_hasn(const struct strvec *v, const char *s, size_t len)
{
	char *k = xstrndup(s, len);
	int has = strvec_sorted_has(v, k);

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

/*
 * For each token of t, the tag of the innermost struct or union body it is
 * in (the identifier after struct/union before its '{'), or NULL.
 * Allocated, t->nr entries.
 */
static const struct lex_token **record_tags(const struct lex_tokens *t)
{
	const struct lex_token **tag = xcalloc(t->nr + 1, sizeof(*tag));
	const struct lex_token **stack = xcalloc(t->nr + 1, sizeof(*stack));
	size_t depth = 0;

	for (size_t i = 0; i < t->nr; i++) {
		const struct lex_token *k = &t->v[i];

		tag[i] = depth ? stack[depth - 1] : NULL;
		if (k->directive || k->kind != TOKEN_PUNCT || k->len != 1)
			continue;
		if (k->text[0] == '{') {
			const struct lex_token *named = NULL;

			if (i >= 2 && t->v[i - 1].kind == TOKEN_IDENT &&
			    (lex_token_is(&t->v[i - 2], "struct") || lex_token_is(&t->v[i - 2], "union")))
				named = &t->v[i - 1];
			/* a function or block inside a record body cannot be: inherit it */
			stack[depth] = named ? named : (depth ? stack[depth - 1] : NULL);
			depth++;
		} else if (k->text[0] == '}' && depth) {
			depth--;
		}
	}
	free(stack);
	return tag;
}

/* "name\ttag" into scoped (sorted, each once) */
static void add_scoped(struct strvec *scoped, const char *name, const struct lex_token *tag)
{
	char *entry = xstrfmt("%s\t%.*s", name, (int)tag->len, tag->text);

	add_name(scoped, entry, strlen(entry));
	free(entry);
}

/*
 * A name is a member's only when declared on a removed line of a kept
 * struct's body and named nowhere else the change touched (a type or a
 * parameter in that body is a plain name).
 */
void header_users_names(const char *before, size_t before_len, const char *after,
			size_t after_len, struct strvec *names, struct strvec *members)
{
	struct strvec plain = STRVEC_INIT, scoped = STRVEC_INIT, member = STRVEC_INIT;
	struct lex_tokens tb = LEX_TOKENS_INIT, ta = LEX_TOKENS_INIT;
	struct strvec cb = STRVEC_INIT, ca = STRVEC_INIT, ids = STRVEC_INIT;
	size_t *fb, *fa;
	const struct lex_token **tag_before;

	lex_tokenize(before, before_len, &tb);
	lex_tokenize(after, after_len, &ta);
	chunks_of(&tb, &cb, &fb);
	chunks_of(&ta, &ca, &fa);
	tag_before = record_tags(&tb);
	for (size_t i = 0; i < ta.nr; i++)
		if (ta.v[i].kind == TOKEN_IDENT)
			strvec_pushf(&ids, "%.*s", (int)ta.v[i].len, ta.v[i].text);
	strvec_sort(&ids);
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

				if (strvec_sorted_has(other, c->v[i]))
					continue;
				if (t->v[at].directive_start) {
					if (end - at >= 3 && t->v[at + 1].len == 6 &&
					    !memcmp(t->v[at + 1].text, "define", 6))
						add_name(&plain, t->v[at + 2].text, t->v[at + 2].len);
				} else if (!side) {
					/*
					 * A member of a struct whose tag is gone breaks no
					 * user that does not name the tag (or a name that
					 * vanished with it): class_device's dev and kobj
					 * are every driver's words.
					 */
					const struct lex_token *tag = tag_before[at];

					if (tag && !sorted_hasn(&ids, tag->text, tag->len))
						continue;
					if (!tag) {
						declared_name(&t->v[at], end - at, &plain);
						continue;
					}
					declared_name(&t->v[at], end - at, &member);
					for (size_t m = 0; m < member.nr; m++)
						add_scoped(&scoped, member.v[m], tag);
					strvec_clear(&member);
				}
			}
		}
		strvec_clear(&sa);
		strvec_clear(&sb);
	}
	/* Identifiers the change removed altogether. */
	for (size_t i = 0; i < tb.nr; i++) {
		const struct lex_token *k = &tb.v[i], *tag = tag_before[i];

		if (k->kind != TOKEN_IDENT || is_keyword(k->text, k->len) ||
		    sorted_hasn(&ids, k->text, k->len))
			continue;
		if (tag && sorted_hasn(&ids, tag->text, tag->len)) {
			char *entry = xstrfmt("%.*s\t%.*s", (int)k->len, k->text, (int)tag->len, tag->text);
			int declared = strvec_sorted_has(&scoped, entry);

			free(entry);
			if (declared)
				continue;	/* the member itself, scoped above */
		}
		add_name(&plain, k->text, k->len);
	}
	for (size_t i = 0; i < plain.nr; i++)
		add_name(names, plain.v[i], strlen(plain.v[i]));
	for (size_t i = 0; i < scoped.nr; i++) {
		const char *tab = strchr(scoped.v[i], '\t');

		add_name(names, scoped.v[i], (size_t)(tab - scoped.v[i]));
		if (members && !sorted_hasn(&plain, scoped.v[i], (size_t)(tab - scoped.v[i])))
			add_name(members, scoped.v[i], strlen(scoped.v[i]));
	}
	strvec_clear(&plain);
	strvec_clear(&scoped);
	strvec_clear(&ids);
	strvec_clear(&cb);
	strvec_clear(&ca);
	free(tag_before);
	free(fb);
	free(fa);
	lex_tokens_release(&tb);
	lex_tokens_release(&ta);
}

/*
 * The next identifier of text from *i on: 1 with its start and length
 * (*i past it), 0 at the end.  A plain scan, comments and strings
 * included: lexing every candidate costs more than it saves.
 */
static int next_identifier(const char *text, size_t len, size_t *i, size_t *start, size_t *n)
{
	while (*i < len) {
		if (!lex_ident_start((unsigned char)text[*i]) ||
		    (*i && lex_ident_char((unsigned char)text[*i - 1]))) {
			(*i)++;
			continue;
		}
		*start = *i;
		while (*i < len && lex_ident_char((unsigned char)text[*i]))
			(*i)++;
		*n = *i - *start;
		return 1;
	}
	return 0;
}

int header_users_mentions(const char *text, size_t len, const struct strvec *names)
{
	size_t i = 0, s, n;

	if (!names->nr)
		return 0;
	while (next_identifier(text, len, &i, &s, &n))
		if (sorted_hasn(names, text + s, n))
			return 1;
	return 0;
}

/* Whether the n bytes at s are the name (the text before the tab) of the member entry m. */
static int member_name_is(const char *m, const char *s, size_t n)
{
	return !strncmp(m, s, n) && m[n] == '\t';
}

/*
 * Whether the identifier of n bytes at text + at names a struct type: its
 * tag after `struct` or `union`, or a member named like the tag reached
 * through (`dev->class->release`: kernel members are named after their
 * type).  A bare word does not: `pdev->class >> 8` is a PCI class code,
 * and a file that only says that never holds a struct class.
 */
static int names_tag(const char *text, size_t len, size_t at, size_t n)
{
	static const char *const records[] = { "struct", "union", NULL };
	size_t b = at, e = at + n;

	while (b && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\n'))
		b--;
	for (size_t r = 0; records[r]; r++) {
		size_t k = strlen(records[r]);

		if (b >= k && !memcmp(text + b - k, records[r], k) &&
		    (b == k || !lex_ident_char((unsigned char)text[b - k - 1])))
			return 1;
	}
	while (e < len && (text[e] == ' ' || text[e] == '\t' || text[e] == '\n'))
		e++;
	return e < len && (text[e] == '.' || (text[e] == '-' && e + 1 < len && text[e + 1] == '>'));
}

/*
 * Mark in seen (per entry of members: bit 1 its name is in text, bit 2
 * its tag, named as a type: names_tag()) what the identifier of n bytes
 * at text + at is; whether it is a member's name.
 */
static int note_member(const struct strvec *members, char *seen, const char *text, size_t len,
		       size_t at, size_t n)
{
	const char *s = text + at;
	int member = 0, tag_checked = 0, is_tag = 0;

	for (size_t m = 0; members && m < members->nr; m++) {
		const char *tag = strchr(members->v[m], '\t') + 1;

		if (member_name_is(members->v[m], s, n)) {
			seen[m] |= 1;
			member = 1;
		}
		if (strlen(tag) == n && !memcmp(tag, s, n)) {
			if (!tag_checked) {
				tag_checked = 1;
				is_tag = names_tag(text, len, at, n);
			}
			if (is_tag)
				seen[m] |= 2;
		}
	}
	return member;
}

/* Whether a member's name and its tag were both in the text. */
static int whole_member_seen(const struct strvec *members, const char *seen)
{
	for (size_t m = 0; members && m < members->nr; m++)
		if (seen[m] == 3)
			return 1;
	return 0;
}

int header_users_mentions_scoped(const char *text, size_t len, const struct strvec *names,
				 const struct strvec *members)
{
	char *seen;
	int hit = 0;
	size_t i = 0, s, n;

	if (!members || !members->nr)
		return header_users_mentions(text, len, names);
	seen = xcalloc(members->nr, 1);
	while (!hit && next_identifier(text, len, &i, &s, &n))
		if (!note_member(members, seen, text, len, s, n) && sorted_hasn(names, text + s, n))
			hit = 1;
	hit = hit || whole_member_seen(members, seen);
	free(seen);
	return hit;
}

/* A word of the matcher: what it is to which header. */
struct matcher_word {
	char *text;
	int tag;	/* some member's tag: its use as a type is looked for */
};

struct header_users_matcher {
	struct matcher_word *words;
	size_t nr_words, alloc_words;
	struct hash_table index;	/* word -> its index in words */
	size_t nr;			/* headers */
	size_t **plain;			/* of header k: its words that count alone */
	size_t *nr_plain;
	size_t **member_pairs;		/* of header k: (member word, tag word) pairs */
	size_t *nr_pairs;
};

static size_t matcher_word(struct header_users_matcher *m, const char *s, size_t n)
{
	size_t *at = hash_table_find(&m->index, s, n);

	if (at)
		return *at;
	ALLOC_GROW(m->words, m->nr_words + 1, m->alloc_words);
	m->words[m->nr_words].text = xstrndup(s, n);
	m->words[m->nr_words].tag = 0;
	/* the table borrows the key: words[] may move, the string does not */
	hash_table_add(&m->index, m->words[m->nr_words].text, n, m->nr_words);
	return m->nr_words++;
}

struct header_users_matcher *header_users_matcher_new(const struct strvec *names,
						      const struct strvec *members, size_t nr)
{
	struct header_users_matcher *m = xcalloc(1, sizeof(*m));

	m->nr = nr;
	m->plain = xcalloc(nr + 1, sizeof(*m->plain));
	m->nr_plain = xcalloc(nr + 1, sizeof(*m->nr_plain));
	m->member_pairs = xcalloc(nr + 1, sizeof(*m->member_pairs));
	m->nr_pairs = xcalloc(nr + 1, sizeof(*m->nr_pairs));
	for (size_t k = 0; k < nr; k++) {
		const struct strvec *mk = members ? &members[k] : NULL;

		/* as note_member(): a member's name never counts alone */
		for (size_t i = 0; i < names[k].nr; i++) {
			const char *w = names[k].v[i];
			int member = 0;

			for (size_t j = 0; mk && j < mk->nr && !member; j++)
				member = member_name_is(mk->v[j], w, strlen(w));
			if (member)
				continue;
			m->plain[k] = xrealloc(m->plain[k], (m->nr_plain[k] + 1) * sizeof(**m->plain));
			m->plain[k][m->nr_plain[k]++] = matcher_word(m, w, strlen(w));
		}
		for (size_t j = 0; mk && j < mk->nr; j++) {
			const char *tab = strchr(mk->v[j], '\t');
			size_t tag;

			m->member_pairs[k] = xrealloc(m->member_pairs[k],
						      (m->nr_pairs[k] + 2) * sizeof(**m->member_pairs));
			m->member_pairs[k][m->nr_pairs[k]++] = matcher_word(m, mk->v[j], (size_t)(tab - mk->v[j]));
			tag = matcher_word(m, tab + 1, strlen(tab + 1));
			m->words[tag].tag = 1;
			m->member_pairs[k][m->nr_pairs[k]++] = tag;
		}
	}
	return m;
}

void header_users_matcher_hits(const struct header_users_matcher *m, const char *text, size_t len,
			       char *hits)
{
	/* per word: bit 1 in text as an identifier, bit 2 as a type's tag (names_tag()) */
	char *seen = xcalloc(m->nr_words + 1, 1);
	size_t i = 0, s, n;

	while (next_identifier(text, len, &i, &s, &n)) {
		size_t *w = hash_table_find(&m->index, text + s, n);

		if (!w)
			continue;
		seen[*w] |= 1;
		if (m->words[*w].tag && !(seen[*w] & 2) && names_tag(text, len, s, n))
			seen[*w] |= 2;
	}
	for (size_t k = 0; k < m->nr; k++) {
		hits[k] = 0;
		for (size_t p = 0; p < m->nr_plain[k] && !hits[k]; p++)
			hits[k] = seen[m->plain[k][p]] & 1;
		for (size_t p = 0; p + 1 < m->nr_pairs[k] && !hits[k]; p += 2)
			hits[k] = (seen[m->member_pairs[k][p]] & 1) && (seen[m->member_pairs[k][p + 1]] & 2);
	}
	free(seen);
}

void header_users_matcher_free(struct header_users_matcher *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->nr_words; i++)
		free(m->words[i].text);
	free(m->words);
	hash_table_release(&m->index);
	for (size_t k = 0; k < m->nr; k++) {
		free(m->plain[k]);
		free(m->member_pairs[k]);
	}
	free(m->plain);
	free(m->nr_plain);
	free(m->member_pairs);
	free(m->nr_pairs);
	free(m);
}

char **header_users_candidate_hits(const char *tree, const struct strvec *cands,
				   const struct strvec *names, const struct strvec *members, size_t nr,
				   int (*skip)(const char *path, void *data), void *data)
{
	struct header_users_matcher *matcher = header_users_matcher_new(names, members, nr);
	struct hash_table scanned = HASH_TABLE_INIT;	/* path (cands' string) -> index in found */
	char **found = NULL;		/* of each file scanned: its hit for each header */
	size_t nr_found = 0, alloc_found = 0;
	char **hits = xcalloc(nr + 1, sizeof(*hits));

	for (size_t k = 0; k < nr; k++) {
		hits[k] = xcalloc(cands[k].nr + 1, 1);
		for (size_t i = 0; i < cands[k].nr; i++) {
			const char *path = cands[k].v[i];
			size_t *at;

			if (skip && skip(path, data))
				continue;
			at = hash_table_find(&scanned, path, strlen(path));
			if (!at) {
				struct strbuf text = STRBUF_INIT;
				char *abs = path_join(tree, path);

				ALLOC_GROW(found, nr_found + 1, alloc_found);
				found[nr_found] = xcalloc(nr + 1, 1);
				if (strbuf_read_file(&text, abs) == 0)
					header_users_matcher_hits(matcher, text.buf, text.len, found[nr_found]);
				hash_table_add(&scanned, path, strlen(path), nr_found);
				at = hash_table_find(&scanned, path, strlen(path));
				nr_found++;
				strbuf_release(&text);
				free(abs);
			}
			hits[k][i] = found[*at][k];
		}
	}
	header_users_matcher_free(matcher);
	hash_table_release(&scanned);
	for (size_t i = 0; i < nr_found; i++)
		free(found[i]);
	free(found);
	return hits;
}

void header_users_hits_free(char **hits, size_t nr)
{
	if (!hits)
		return;
	for (size_t k = 0; k < nr; k++)
		free(hits[k]);
	free(hits);
}

const char *header_users_first_mentioned(const char *text, size_t len, const struct strvec *names,
					 const struct strvec *members)
{
	char *seen = xcalloc(members ? members->nr + 1 : 1, 1);
	struct strvec named = STRVEC_INIT;	/* the names text holds, not as members */
	const char *first = NULL;
	size_t i = 0, s, n;

	while (next_identifier(text, len, &i, &s, &n))
		if (!note_member(members, seen, text, len, s, n) && strvec_sorted_has_n(names, text + s, n))
			add_name(&named, text + s, n);
	if (whole_member_seen(members, seen))
		first = names->nr ? names->v[0] : NULL;
	for (size_t k = 0; k < names->nr && !first; k++)
		if (strvec_sorted_has(&named, names->v[k]))
			first = names->v[k];
	strvec_clear(&named);
	free(seen);
	return first;
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
		if (!strvec_sorted_has(names, found.v[i])) {
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

/* One text of a change, cut in chunks, each marked when the other text lacks it. */
struct change_side {
	struct lex_tokens tokens;
	struct strvec chunks;
	size_t *first;		/* chunk i's first token */
	char *changed;		/* chunk i is not in the other text */
	unsigned *depth;	/* brace depth at chunk i's first token */
};

static void side_cut(struct change_side *s, const char *text, size_t len)
{
	unsigned depth = 0;
	size_t c = 0;

	memset(s, 0, sizeof(*s));
	lex_tokenize(text, len, &s->tokens);
	chunks_of(&s->tokens, &s->chunks, &s->first);
	s->changed = xcalloc(s->chunks.nr + 1, 1);
	s->depth = xcalloc(s->chunks.nr + 1, sizeof(*s->depth));
	for (size_t i = 0; i < s->tokens.nr; i++) {
		const struct lex_token *k = &s->tokens.v[i];

		while (c < s->chunks.nr && s->first[c] == i)
			s->depth[c++] = depth;
		if (k->directive || k->kind != TOKEN_PUNCT || k->len != 1)
			continue;
		if (k->text[0] == '{')
			depth++;
		else if (k->text[0] == '}' && depth)
			depth--;
	}
}

static void side_mark(struct change_side *s, const struct change_side *other)
{
	struct strvec sorted = STRVEC_INIT;

	for (size_t i = 0; i < other->chunks.nr; i++)
		strvec_push(&sorted, other->chunks.v[i]);
	strvec_sort(&sorted);
	for (size_t i = 0; i < s->chunks.nr; i++)
		s->changed[i] = !strvec_sorted_has(&sorted, s->chunks.v[i]);
	strvec_clear(&sorted);
}

static void change_cut(struct change_side side[2], const char *before, size_t before_len,
		       const char *after, size_t after_len)
{
	side_cut(&side[0], before, before_len);
	side_cut(&side[1], after, after_len);
	side_mark(&side[0], &side[1]);
	side_mark(&side[1], &side[0]);
}

static void change_release(struct change_side side[2])
{
	for (int k = 0; k < 2; k++) {
		lex_tokens_release(&side[k].tokens);
		strvec_clear(&side[k].chunks);
		free(side[k].first);
		free(side[k].changed);
		free(side[k].depth);
	}
}

static int has_lower(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (s[i] >= 'a' && s[i] <= 'z')
			return 1;
	return 0;
}

/* Whether a file-scope chunk is private to its file or defines a type. */
static int chunk_is_local(const struct lex_token *k, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (lex_token_is(&k[i], "static") || lex_token_is(&k[i], "typedef"))
			return 1;
	/* name(args);  at file scope: a macro invocation (module_init), no object */
	if (n >= 2 && k[0].kind == TOKEN_IDENT && lex_token_is(&k[1], "("))
		return 1;
	/* struct foo;  : a type declared ahead */
	if (n == 3 && (lex_token_is(&k[0], "struct") || lex_token_is(&k[0], "union") ||
		       lex_token_is(&k[0], "enum")) && lex_token_is(&k[2], ";"))
		return 1;
	/* struct foo {  /  enum {  : a type, not an object */
	return n && (lex_token_is(&k[0], "struct") || lex_token_is(&k[0], "union") ||
		     lex_token_is(&k[0], "enum")) &&
	       lex_token_is(&k[n - 1], "{") && (n == 2 || (n == 3 && k[1].kind == TOKEN_IDENT));
}

/* A name of the class_device API or of its struct device counterpart. */
static int is_api_name(const char *name)
{
	for (size_t i = 0; i < kernel_nr_renames; i++)
		if (!strcmp(kernel_renames[i].old, name) || !strcmp(kernel_renames[i].new, name))
			return 1;
	return 0;
}

void header_users_changed_globals(const char *before, size_t before_len,
				  const char *after, size_t after_len, struct strvec *names)
{
	struct change_side side[2];

	change_cut(side, before, before_len, after, after_len);
	for (int k = 0; k < 2; k++) {
		const struct change_side *s = &side[k];

		for (size_t i = 0; i < s->chunks.nr; i++) {
			size_t at = s->first[i], end = i + 1 < s->chunks.nr ? s->first[i + 1] : s->tokens.nr;
			struct strvec one = STRVEC_INIT;

			if (!s->changed[i] || s->depth[i] || s->tokens.v[at].directive ||
			    chunk_is_local(&s->tokens.v[at], end - at))
				continue;
			declared_name(&s->tokens.v[at], end - at, &one);
			for (size_t n = 0; n < one.nr; n++)
				if (has_lower(one.v[n], strlen(one.v[n])) && !is_api_name(one.v[n]))
					add_name(names, one.v[n], strlen(one.v[n]));
			strvec_clear(&one);
		}
	}
	change_release(side);
}

/* names becomes the sorted union of names and found, each once; found is emptied. */
static void union_into(struct strvec *names, struct strvec *found)
{
	for (size_t i = 0; i < names->nr; i++)
		strvec_push(found, names->v[i]);
	strvec_sort(found);
	strvec_clear(names);
	for (size_t i = 0; i < found->nr; i++)
		if (!i || strcmp(found->v[i], found->v[i - 1]))
			strvec_push(names, found->v[i]);
	strvec_clear(found);
}

void header_users_changed_identifiers(const char *before, size_t before_len,
				      const char *after, size_t after_len, struct strvec *names)
{
	struct change_side side[2];
	struct strvec found = STRVEC_INIT;

	change_cut(side, before, before_len, after, after_len);
	for (int k = 0; k < 2; k++) {
		const struct change_side *s = &side[k];

		for (size_t i = 0; i < s->chunks.nr; i++) {
			size_t end = i + 1 < s->chunks.nr ? s->first[i + 1] : s->tokens.nr;

			if (!s->changed[i])
				continue;
			for (size_t t = s->first[i]; t < end; t++)
				if (s->tokens.v[t].kind == TOKEN_IDENT)
					strvec_pushf(&found, "%.*s", (int)s->tokens.v[t].len,
						     s->tokens.v[t].text);
		}
	}
	union_into(names, &found);
	change_release(side);
}

static void identifiers_of(const char *text, size_t len, struct strvec *out)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	struct strvec found = STRVEC_INIT;

	lex_tokenize(text, len, &t);
	for (size_t i = 0; i < t.nr; i++)
		if (t.v[i].kind == TOKEN_IDENT)
			strvec_pushf(&found, "%.*s", (int)t.v[i].len, t.v[i].text);
	strvec_sort(&found);
	for (size_t i = 0; i < found.nr; i++)
		if (!i || strcmp(found.v[i], found.v[i - 1]))
			strvec_push(out, found.v[i]);
	strvec_clear(&found);
	lex_tokens_release(&t);
}

void header_users_vanished_names(const char *before, size_t before_len,
				 const char *after, size_t after_len, struct strvec *names)
{
	struct strvec was = STRVEC_INIT, now = STRVEC_INIT, found = STRVEC_INIT;

	identifiers_of(before, before_len, &was);
	identifiers_of(after, after_len, &now);
	for (size_t i = 0; i < was.nr; i++)
		if (!strvec_sorted_has(&now, was.v[i]))
			strvec_push(&found, was.v[i]);
	union_into(names, &found);
	strvec_clear(&was);
	strvec_clear(&now);
}

int header_users_intersect(const struct strvec *a, const struct strvec *b, const char **shared)
{
	size_t i = 0, j = 0;

	while (i < a->nr && j < b->nr) {
		int c = strcmp(a->v[i], b->v[j]);

		if (!c) {
			if (shared)
				*shared = a->v[i];
			return 1;
		}
		if (c < 0)
			i++;
		else
			j++;
	}
	return 0;
}
