#include "rewrite/core-file.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------ items */

int core_token_is(const struct core_file *f, size_t i, const char *s)
{
	return i < f->tokens.nr && lex_token_is(&f->tokens.v[i], s);
}

size_t core_token_start(const struct core_file *f, size_t first)
{
	return f->tokens.v[first].offset;
}

size_t core_token_end(const struct core_file *f, size_t last)
{
	return f->tokens.v[last].offset + f->tokens.v[last].len;
}

size_t core_match(const struct core_file *f, size_t open)
{
	return lex_tokens_match(f->tokens.v, f->tokens.nr, open);
}

static struct core_item *add_item(struct core_file *f, enum core_item_kind kind, size_t first,
				  size_t last)
{
	struct core_item *it;

	ALLOC_GROW(f->items, f->nr + 1, f->alloc);
	it = &f->items[f->nr++];
	memset(it, 0, sizeof(*it));
	it->kind = kind;
	it->first = first;
	it->last = last;
	it->open = (size_t)-1;
	return it;
}

static char *token_str(const struct core_file *f, size_t i)
{
	return xstrndup(f->tokens.v[i].text, f->tokens.v[i].len);
}

/*
 * Name a declaration or definition: the identifier before the first '(' at
 * depth 0 (function, prototype, macro invocation), else the one before the
 * first '=', '[', ':' or ';'; a struct definition is named by its tag.
 */
static void name_item(struct core_file *f, struct core_item *it)
{
	const struct lex_token *v = f->tokens.v;

	for (size_t j = it->first; j <= it->last; j++) {
		int prev_ident = j > it->first && v[j - 1].kind == TOKEN_IDENT && !v[j - 1].directive;

		if (v[j].directive)
			continue;
		if (core_token_is(f, j, "{")) {
			if (j >= it->first + 2 && prev_ident &&
			    (core_token_is(f, j - 2, "struct") || core_token_is(f, j - 2, "union"))) {
				it->is_struct = 1;
				it->open = j;
				it->name = token_str(f, j - 1);
			}
			return;
		}
		if (core_token_is(f, j, "(") && !prev_ident) {
			j = core_match(f, j);	/* int (*fp)(...): look further */
			continue;
		}
		if (core_token_is(f, j, "(") || core_token_is(f, j, "=") || core_token_is(f, j, "[") ||
		    core_token_is(f, j, ":") || core_token_is(f, j, ";")) {
			if (prev_ident)
				it->name = token_str(f, j - 1);
			return;
		}
	}
}

void core_file_parse(struct core_file *f, const char *text, size_t len)
{
	const struct lex_token *v;
	size_t nr;

	f->text = text;
	f->len = len;
	lex_tokenize(text, len, &f->tokens);
	v = f->tokens.v;
	nr = f->tokens.nr;
	for (size_t i = 0; i < nr;) {
		if (v[i].directive) {
			size_t j = i;
			struct core_item *it;

			while (j + 1 < nr && v[j + 1].directive && !v[j + 1].directive_start)
				j++;
			it = add_item(f, CORE_ITEM_DIRECTIVE, i, j);
			if (i + 2 <= j && core_token_is(f, i + 1, "define") && v[i + 2].kind == TOKEN_IDENT) {
				it->kind = CORE_ITEM_DEFINE;
				it->name = token_str(f, i + 2);
			}
			i = j + 1;
			continue;
		}
		{
			size_t j = i, last = nr - 1;
			enum core_item_kind kind = CORE_ITEM_DECLARATION;
			size_t open = (size_t)-1;
			struct core_item *it;

			for (; j < nr; j++) {
				if (v[j].directive)
					continue;
				if (core_token_is(f, j, "(") || core_token_is(f, j, "[")) {
					j = core_match(f, j);
					if (j >= nr)
						break;
					continue;
				}
				if (core_token_is(f, j, "{")) {
					size_t p = j;

					/* the body of a function: '{' after ')' (attributes aside) */
					while (p > i && v[p - 1].directive)
						p--;
					if (p > i && core_token_is(f, p - 1, ")")) {
						kind = CORE_ITEM_FUNCTION;
						open = j;
						last = core_match(f, j);
						if (last >= nr)
							last = nr - 1;
						break;
					}
					j = core_match(f, j);
					if (j >= nr)
						break;
					continue;
				}
				if (core_token_is(f, j, ";")) {
					last = j;
					break;
				}
			}
			if (j >= nr)
				last = nr - 1;
			/* trailing directives belong to the next item */
			while (last > i && v[last].directive)
				last--;
			it = add_item(f, kind, i, last);
			it->open = open;
			name_item(f, it);
			if (kind == CORE_ITEM_FUNCTION)
				it->open = open;
			i = last + 1;
		}
	}
}

void core_file_release(struct core_file *f)
{
	for (size_t i = 0; i < f->nr; i++)
		free(f->items[i].name);
	free(f->items);
	f->items = NULL;
	f->nr = f->alloc = 0;
	lex_tokens_release(&f->tokens);
}

/* ---------------------------------------------------------------- removals */

void core_removals_add(struct core_removals *r, size_t start, size_t end, int stmt)
{
	ALLOC_GROW(r->v, r->nr + 1, r->alloc);
	r->v[r->nr].start = start;
	r->v[r->nr].end = end;
	r->v[r->nr].stmt = !!stmt;
	r->nr++;
}

void core_removals_release(struct core_removals *r)
{
	free(r->v);
	r->v = NULL;
	r->nr = r->alloc = 0;
}

struct range {
	size_t start, end;
	int whole, stmt;
};

/* Just after the '\n' that ends the line holding pos (len at the end). */
static size_t line_end(const char *text, size_t len, size_t pos)
{
	while (pos < len && text[pos] != '\n')
		pos++;
	return pos < len ? pos + 1 : len;
}

static int blank(const char *text, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++)
		if (!isspace((unsigned char)text[i]))
			return 0;
	return 1;
}

/* The first, or last, non-blank character of [start, end), or 0. */
static char first_char(const char *text, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++)
		if (!isspace((unsigned char)text[i]))
			return text[i];
	return 0;
}

static char last_char(const char *text, size_t start, size_t end)
{
	while (end > start && isspace((unsigned char)text[end - 1]))
		end--;
	return end > start ? text[end - 1] : 0;
}

static int ends_comment(const char *text, size_t start, size_t end)
{
	while (end > start && isspace((unsigned char)text[end - 1]))
		end--;
	return end - start >= 2 && text[end - 2] == '*' && text[end - 1] == '/';
}

/*
 * The start of the line opening the comment that ends the line [ls, le),
 * when that comment stands alone on its lines; else (size_t)-1.
 */
static size_t comment_block_start(const char *text, size_t ls, size_t le)
{
	size_t e = le;

	while (e > ls && isspace((unsigned char)text[e - 1]))
		e--;
	if (!ends_comment(text, ls, le) || e < 4)
		return (size_t)-1;
	for (size_t p = e - 2; p-- > 0;) {
		if (text[p] == '*' && p > 0 && text[p - 1] == '/') {
			size_t cs = lex_line_start(text, p - 1);

			return blank(text, cs, p - 1) ? cs : (size_t)-1;
		}
		if (text[p] == '/' && p > 0 && text[p - 1] == '*')
			return (size_t)-1;	/* another comment closed first: not ours */
	}
	return (size_t)-1;
}

static int mentions_topic(const char *text, size_t start, size_t end, const char *const *topic)
{
	for (size_t t = 0; topic && topic[t]; t++) {
		size_t n = strlen(topic[t]);

		for (size_t i = start; i + n <= end; i++)
			if (!strncasecmp(text + i, topic[t], n))
				return 1;
	}
	return 0;
}

static int compare_ranges(const void *va, const void *vb)
{
	const struct range *a = va, *b = vb;

	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->end < b->end ? -1 : a->end > b->end;
}

static size_t merge(struct range *v, size_t nr, const char *text)
{
	size_t out = 0;

	sort_array(v, nr, sizeof(*v), compare_ranges);
	for (size_t i = 0; i < nr; i++) {
		struct range *last = out ? &v[out - 1] : NULL;

		if (last && (v[i].start <= last->end ||
			     (last->whole && v[i].whole && blank(text, last->end, v[i].start)))) {
			if (v[i].end > last->end)
				last->end = v[i].end;
			last->stmt |= v[i].stmt;
			continue;
		}
		v[out++] = v[i];
	}
	return out;
}

void core_removals_apply(const struct core_removals *r, const char *text, size_t len,
			 struct strbuf *out)
{
	struct range *v = xcalloc(r->nr + 1, sizeof(*v));
	size_t nr = r->nr, pos = 0;

	/* Widen to whole lines where the range is alone on them. */
	for (size_t i = 0; i < nr; i++) {
		size_t s = r->v[i].start, e = r->v[i].end, ls = lex_line_start(text, s), p = e;

		v[i].start = s;
		v[i].end = e;
		v[i].stmt = r->v[i].stmt;
		while (p < len && (text[p] == ' ' || text[p] == '\t'))
			p++;
		if (p + 1 < len && text[p] == '/' && text[p + 1] == '*') {
			const char *close = strstr(text + p + 2, "*/");
			size_t q = close ? (size_t)(close - text) + 2 : len;

			if (q <= line_end(text, len, p)) {
				p = q;
				while (p < len && (text[p] == ' ' || text[p] == '\t'))
					p++;
			}
		}
		if (p < len && text[p] == '\r')
			p++;
		if (blank(text, ls, s) && (p >= len || text[p] == '\n')) {
			v[i].start = ls;
			v[i].end = p < len ? p + 1 : len;
			v[i].whole = 1;
		}
	}
	nr = merge(v, nr, text);

	/* Comments that go with what they describe. */
	for (size_t i = 0; i < nr; i++) {
		size_t ls, cs, next_end;

		if (!v[i].whole || !v[i].start)
			continue;
		ls = lex_line_start(text, v[i].start - 1);
		cs = comment_block_start(text, ls, v[i].start);
		next_end = line_end(text, len, v[i].end);
		if (cs != (size_t)-1 &&
		    (v[i].stmt || v[i].end >= len || blank(text, v[i].end, next_end) ||
		     first_char(text, v[i].end, next_end) == '}')) {
			v[i].start = cs;
			continue;
		}
		if (cs == (size_t)-1 && r->topic && blank(text, ls, v[i].start) && ls > 0) {
			size_t above = lex_line_start(text, ls - 1);

			cs = comment_block_start(text, above, ls);
			if (cs != (size_t)-1 && mentions_topic(text, cs, ls, r->topic) &&
			    (cs == 0 || blank(text, lex_line_start(text, cs - 1), cs)))
				v[i].start = cs;
		}
	}
	nr = merge(v, nr, text);

	/* One blank line where two meet; none after '{' or before '}'. */
	for (size_t i = 0; i < nr; i++) {
		size_t prev_start, next_end;
		int prev_blank, next_blank, at_end;

		if (!v[i].whole)
			continue;
		prev_start = v[i].start ? lex_line_start(text, v[i].start - 1) : 0;
		next_end = line_end(text, len, v[i].end);
		prev_blank = v[i].start && blank(text, prev_start, v[i].start);
		at_end = v[i].end >= len;
		next_blank = !at_end && blank(text, v[i].end, next_end);
		if (prev_blank && (next_blank || at_end || first_char(text, v[i].end, next_end) == '}') &&
		    (i == 0 || v[i - 1].end <= prev_start))
			v[i].start = prev_start;
		else if ((!v[i].start || last_char(text, prev_start, v[i].start) == '{') &&
			 next_blank && (i + 1 >= nr || v[i + 1].start >= next_end))
			v[i].end = next_end;
	}

	for (size_t i = 0; i < nr; i++) {
		if (v[i].start > pos)
			strbuf_add(out, text + pos, v[i].start - pos);
		if (v[i].end > pos)
			pos = v[i].end;
	}
	if (pos < len)
		strbuf_add(out, text + pos, len - pos);
	free(v);
}
