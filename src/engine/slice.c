#include "engine/slice.h"
#include "engine/diff.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

/* Whether the sorted v holds the n bytes at s as a string. */
/*
 * Why bodies and not whole functions: a function that stays may call one
 * that went, and spatch types the call by its declaration; why only
 * bodies without a directive: an #if inside one may hold what the parse
 * of the rest needs.  Matching is what costs: spatch tries every rule on
 * every function of a file, and again after each rule that changed it.
 */
size_t slice_text(const char *text, size_t len, const struct strvec *needed, struct strbuf *out)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	size_t from = 0, start = 0, gone = 0;
	int depth = 0;

	lex_tokenize(text, len, &t);
	strbuf_grow(out, len);
	for (size_t i = 0; i < t.nr; i++) {
		const struct lex_token *k = &t.v[i];
		size_t close, j;
		int keep = 0;

		if (k->directive) {
			if (!depth)
				start = i + 1;
			continue;
		}
		if (k->kind != TOKEN_PUNCT)
			continue;
		if (lex_token_is(k, ";") && !depth) {
			start = i + 1;
			continue;
		}
		if (lex_token_is(k, "}")) {
			depth -= depth > 0;
			if (!depth)
				start = i + 1;
			continue;
		}
		if (!lex_token_is(k, "{"))
			continue;
		if (depth++)
			continue;
		/* a function's body: "{" at file scope right after the ")" of its head */
		for (j = i; j > start && t.v[j - 1].directive; j--)
			;
		if (j == start || !lex_token_is(&t.v[j - 1], ")"))
			continue;
		close = lex_tokens_match(t.v, t.nr, i);
		if (close >= t.nr)
			break;
		for (j = start; j <= close && !keep; j++)
			keep = t.v[j].directive ||
			       (t.v[j].kind == TOKEN_IDENT && strvec_sorted_has_n(needed, t.v[j].text, t.v[j].len));
		if (!keep) {
			size_t open_at = k->offset, close_at = t.v[close].offset;

			strbuf_add(out, text + from, open_at - from);
			strbuf_addch(out, ';');
			for (size_t b = open_at + 1; b <= close_at; b++)
				strbuf_addch(out, text[b] == '\n' ? '\n' : ' ');
			from = close_at + 1;
			gone++;
		}
		i = close;
		depth = 0;
		start = close + 1;
	}
	strbuf_add(out, text + from, len - from);
	lex_tokens_release(&t);
	return gone;
}

/* Offsets of the starts of text's lines; *nr gets their count. */
static size_t *line_starts(const char *text, size_t len, size_t *nr)
{
	size_t n = 1, *v;

	for (size_t i = 0; i < len; i++)
		n += text[i] == '\n' && i + 1 < len;
	v = xcalloc(n + 1, sizeof(*v));
	*nr = 0;
	v[(*nr)++] = 0;
	for (size_t i = 0; i < len; i++)
		if (text[i] == '\n' && i + 1 < len)
			v[(*nr)++] = i + 1;
	v[*nr] = len;
	return v;
}

/* Line `line` (1-based) of text without its newline, as offset and length; 0 when past the end. */
static int line_of(const char *text, const size_t *starts, size_t nr, unsigned line, size_t *at, size_t *n)
{
	size_t end;

	if (!line || line > nr)
		return 0;
	*at = starts[line - 1];
	end = starts[line];
	if (end > *at && text[end - 1] == '\n')
		end--;
	*n = end - *at;
	return 1;
}

int slice_restore(struct file_diff *d, const char *original, size_t original_len,
		  const char *sliced, size_t sliced_len)
{
	size_t nr_o, nr_s, *lo = line_starts(original, original_len, &nr_o);
	size_t *ls = line_starts(sliced, sliced_len, &nr_s);
	int rc = nr_o == nr_s ? 0 : -1;

	for (size_t h = 0; h < d->nr && !rc; h++) {
		struct diff_hunk *hunk = &d->hunks[h];
		struct strbuf lines = STRBUF_INIT;
		unsigned old = hunk->old_count ? hunk->old_start : hunk->old_start + 1;

		for (const char *p = hunk->lines; *p && !rc;) {
			const char *eol = strchr(p, '\n');
			size_t n = eol ? (size_t)(eol - p) + 1 : strlen(p);
			size_t oa, on, sa, sn;

			if (*p == ' ' || *p == '-') {
				if (!line_of(original, lo, nr_o, old, &oa, &on) ||
				    !line_of(sliced, ls, nr_s, old, &sa, &sn)) {
					rc = -1;
					break;
				}
				/* a removed line must be one slicing left as it was */
				if (*p == '-' && (on != sn || memcmp(original + oa, sliced + sa, on)))
					rc = -1;
				strbuf_addch(&lines, *p);
				strbuf_add(&lines, original + oa, on);
				strbuf_addch(&lines, '\n');
				old++;
			} else {
				strbuf_add(&lines, p, n);
			}
			p += n;
		}
		if (!rc) {
			free(hunk->lines);
			hunk->lines = strbuf_detach(&lines, NULL);
		}
		strbuf_release(&lines);
	}
	free(lo);
	free(ls);
	return rc;
}
