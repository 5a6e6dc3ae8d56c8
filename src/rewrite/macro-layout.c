#include "rewrite/macro-layout.h"
#include "lex/lex.h"

#include <stdlib.h>
#include <string.h>

#define LINE_LIMIT 80

/* The text being edited, and its tokens (for the parentheses). */
struct layout {
	const char *t;
	size_t len, start, end;
	int in_macro;
	struct lex_tokens tk;
};

void macro_layout_add(struct macro_layout_edits *e, size_t off, size_t len, char *repl, int param, size_t lparen)
{
	ALLOC_GROW(e->v, e->nr + 1, e->alloc);
	e->v[e->nr].off = off;
	e->v[e->nr].len = len;
	e->v[e->nr].repl = repl;
	e->v[e->nr].param = param;
	e->v[e->nr].lparen = lparen;
	e->nr++;
}

static int edit_cmp(const void *a, const void *b)
{
	const struct macro_layout_edit *x = a, *y = b;

	if (x->off != y->off)
		return x->off < y->off ? -1 : 1;
	return y->param - x->param;	/* an insertion before a rename at the same place */
}

/* Display width of t[from, to), tabs at 8, starting at column `col`. */
static size_t width_from(const char *t, size_t from, size_t to, size_t col)
{
	for (size_t i = from; i < to; i++)
		col = t[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

static size_t width(const struct strbuf *sb)
{
	return width_from(sb->buf, 0, sb->len, 0);
}

/* Whitespace that brings column `from` to `to` (tabs first when asked). */
static void pad(struct strbuf *sb, size_t from, size_t to, int tabs)
{
	if (from >= to) {
		strbuf_addch(sb, ' ');
		return;
	}
	while (tabs && (from / 8 + 1) * 8 <= to) {
		strbuf_addch(sb, '\t');
		from = (from / 8 + 1) * 8;
	}
	while (from++ < to)
		strbuf_addch(sb, ' ');
}

/* One line of the definition: where its content ends and how it ends. */
struct line {
	size_t start, content_end, end;	/* end: after the newline (or the extent's end) */
	int backslash;
	size_t bs_col;			/* display column of the backslash */
	int tabs;			/* the padding before it holds a tab */
	int one_space;			/* the padding is a single space */
	int crlf;
};

static void read_line(const char *t, size_t pos, size_t limit, struct line *l)
{
	const char *nl = memchr(t + pos, '\n', limit - pos);
	size_t e = nl ? (size_t)(nl - t) : limit;

	l->start = pos;
	l->end = nl ? e + 1 : limit;
	l->crlf = nl && e > pos && t[e - 1] == '\r';
	if (l->crlf)
		e--;
	l->backslash = nl && e > pos && t[e - 1] == '\\';
	l->content_end = e;
	l->tabs = 0;
	l->one_space = 0;
	l->bs_col = 0;
	if (l->backslash) {
		size_t b = e - 1;

		l->bs_col = width_from(t, pos, b, 0);
		l->content_end = b;
		while (l->content_end > pos && (t[l->content_end - 1] == ' ' || t[l->content_end - 1] == '\t')) {
			l->tabs |= t[l->content_end - 1] == '\t';
			l->content_end--;
		}
		l->one_space = b - l->content_end == 1 && t[l->content_end] == ' ';
		if (l->content_end == b)
			l->bs_col = (size_t)-1;	/* no padding: keep the backslash attached */
	}
}

static void end_line(struct strbuf *sb, const struct line *l, int backslash, size_t bs_col,
		     int tabs, int newline)
{
	if (backslash) {
		if (bs_col == (size_t)-1)
			strbuf_addch(sb, ' ');
		else
			pad(sb, width(sb), bs_col, tabs);
		strbuf_addch(sb, '\\');
	}
	if (newline)
		strbuf_addstr(sb, l->crlf ? "\r\n" : "\n");
}

static void add_indent(struct strbuf *sb, size_t col)
{
	if (col)
		pad(sb, 0, col, 1);
}

/*
 * A rename that moves an open parenthesis moves the arguments aligned
 * under it on the following lines: queue their new indentation.
 */
static void plan_reindents(const struct layout *c, struct macro_layout_edits *ed)
{
	struct open_paren {
		size_t old_col, new_col;
	} *stack = NULL;
	size_t depth = 0, alloc = 0, nr_edits = ed->nr, t = 0, ls = lex_line_start(c->t, c->start);

	for (size_t pos = ls; pos < c->end;) {
		struct line l;
		size_t ws = pos, indent, shift_from = 0;
		long delta = 0;

		read_line(c->t, pos, c->end, &l);
		while (ws < l.content_end && (c->t[ws] == ' ' || c->t[ws] == '\t'))
			ws++;
		indent = width_from(c->t, pos, ws, 0);
		if (depth && ws < l.content_end && stack[depth - 1].old_col != stack[depth - 1].new_col &&
		    indent == stack[depth - 1].old_col + 1) {
			struct strbuf sb = STRBUF_INIT;

			add_indent(&sb, stack[depth - 1].new_col + 1);
			delta = (long)stack[depth - 1].new_col - (long)stack[depth - 1].old_col;
			macro_layout_add(ed, pos, ws - pos, strbuf_detach(&sb, NULL), 0, 0);
			shift_from = ws;
		}
		for (; t < c->tk.nr && c->start + c->tk.v[t].offset < l.end; t++) {
			const struct lex_token *k = &c->tk.v[t];
			size_t off = c->start + k->offset;

			if (off < pos || k->kind != TOKEN_PUNCT || k->len != 1)
				continue;
			if (c->t[off] == '(') {
				long d = shift_from && off >= shift_from ? delta : 0;

				for (size_t x = 0; x < nr_edits; x++)
					if (!ed->v[x].param && ed->v[x].off >= pos && ed->v[x].off < off)
						d += (long)strlen(ed->v[x].repl) - (long)ed->v[x].len;
				ALLOC_GROW(stack, depth + 1, alloc);
				stack[depth].old_col = width_from(c->t, pos, off, 0);
				stack[depth].new_col = (size_t)((long)stack[depth].old_col + d);
				depth++;
			} else if (c->t[off] == ')' && depth) {
				depth--;
			}
		}
		pos = l.end;
	}
	free(stack);
	if (ed->nr != nr_edits)
		sort_array(ed->v, ed->nr, sizeof(*ed->v), edit_cmp);
}

static void apply_edits(const struct layout *c, struct macro_layout_edits *ed, struct strbuf *out)
{
	size_t ls = c->start, e = 0, common_bs = (size_t)-1;
	size_t counts[LINE_LIMIT * 2] = { 0 }, best = 0;
	int common_tabs = 1, aligned = 0, in_macro = c->in_macro;
	const char *after = memchr(c->t + c->end, '\n', c->len - c->end);
	int crlf_last = after && after > c->t + c->end && after[-1] == '\r';

	ls = lex_line_start(c->t, ls);
	/* the macro's usual backslash column, for lines that gain one */
	for (size_t pos = ls; pos < c->end;) {
		struct line l;

		read_line(c->t, pos, c->end, &l);
		if (l.backslash && l.bs_col != (size_t)-1 && l.bs_col < LINE_LIMIT * 2 &&
		    ++counts[l.bs_col] > best) {
			best = counts[l.bs_col];
			common_bs = l.bs_col;
			common_tabs = l.tabs;
			aligned = !l.one_space;
		}
		pos = l.end;
	}
	/* the backslashes stand in a column (rather than one blank after the text) */
	aligned = best >= 2 || (best == 1 && aligned);

	for (size_t pos = ls; pos < c->end;) {
		struct line l;
		struct strbuf nl = STRBUF_INIT;
		size_t cursor = pos, lparen_col = (size_t)-1, break_at = 0, lp = (size_t)-1, param_len = 0;
		int has_param = 0, last;

		read_line(c->t, pos, c->end, &l);
		last = l.end >= c->end;
		if (last)
			l.crlf = crlf_last;
		if (l.backslash && l.one_space) {
			if (aligned && l.bs_col > common_bs) {
				/* it overflowed the macro's column: back to it if it can */
				l.bs_col = common_bs;
				l.tabs = common_tabs;
			} else if (!aligned || l.bs_col != common_bs) {
				l.bs_col = (size_t)-1;	/* " \" right after the text */
			}
		}
		if (e == ed->nr || ed->v[e].off > l.content_end) {
			size_t from = pos < c->start ? c->start : pos;

			strbuf_add(out, c->t + from, l.end - from);
			pos = l.end;
			continue;
		}
		for (size_t k = e; k < ed->nr && ed->v[k].off <= l.content_end; k++)
			if (ed->v[k].param) {
				lp = ed->v[k].lparen;
				break;
			}
		for (; e < ed->nr && ed->v[e].off <= l.content_end; e++) {
			struct macro_layout_edit *x = &ed->v[e];

			if (lp != (size_t)-1 && lp >= cursor && lp < x->off)
				lparen_col = width_from(c->t, cursor, lp, width(&nl)) + 1;
			strbuf_add(&nl, c->t + cursor, x->off - cursor);
			if (x->param && !has_param) {
				has_param = 1;
				break_at = nl.len;
				param_len = strlen(x->repl);
			}
			if (x->param)
				strbuf_addch(&nl, ' ');
			strbuf_addstr(&nl, x->repl);
			cursor = x->off + x->len;
		}
		strbuf_add(&nl, c->t + cursor, l.content_end - cursor);

		if (has_param && width(&nl) + (in_macro && (l.backslash || !last) ? 2 : 0) > LINE_LIMIT) {
			/* the new parameter starts a continuation line */
			struct strbuf first = STRBUF_INIT, second = STRBUF_INIT, third = STRBUF_INIT;
			size_t rest = break_at + 1, indent, tail = rest + param_len;

			if (lparen_col == (size_t)-1) {
				size_t w = 0;

				for (size_t i = pos; i < l.content_end && (c->t[i] == ' ' || c->t[i] == '\t'); i++)
					w = width_from(c->t, i, i + 1, w);
				indent = w;
			} else {
				indent = lparen_col;
			}
			strbuf_add(&first, nl.buf, break_at);
			end_line(&first, &l, in_macro, aligned ? common_bs : (size_t)-1,
				 aligned ? common_tabs : 0, 1);
			add_indent(&second, indent);
			strbuf_add(&second, nl.buf + rest, nl.len - rest);
			while (tail < nl.len && (nl.buf[tail] == ' ' || nl.buf[tail] == '\t'))
				tail++;
			if (width(&second) + (in_macro ? 2 : 0) > LINE_LIMIT && tail < nl.len) {
				/* still too long: the parameters after it go on a line of their own */
				strbuf_reset(&second);
				add_indent(&second, indent);
				strbuf_add(&second, nl.buf + rest, param_len);
				end_line(&second, &l, in_macro, aligned ? common_bs : (size_t)-1,
					 aligned ? common_tabs : 0, 1);
				add_indent(&third, indent);
				strbuf_add(&third, nl.buf + tail, nl.len - tail);
				end_line(&third, &l, l.backslash, l.bs_col, l.tabs, !last);
			} else {
				end_line(&second, &l, l.backslash, l.bs_col, l.tabs, !last);
			}
			strbuf_reset(&nl);
			strbuf_add(&nl, first.buf, first.len);
			strbuf_add(&nl, second.buf, second.len);
			strbuf_add(&nl, third.buf, third.len);
			strbuf_release(&first);
			strbuf_release(&second);
			strbuf_release(&third);
		} else {
			end_line(&nl, &l, l.backslash, l.bs_col, l.tabs, !last);
		}
		if (last && l.end > l.content_end && !l.backslash)
			strbuf_add(&nl, c->t + l.content_end, l.end - l.content_end);
		if (pos < c->start)
			strbuf_add(out, nl.buf + (c->start - pos), nl.len - (c->start - pos));
		else
			strbuf_add(out, nl.buf, nl.len);
		strbuf_release(&nl);
		pos = l.end;
	}
}

void macro_layout_apply(const char *text, size_t len, size_t start, size_t end, int in_macro,
			struct macro_layout_edits *ed, struct strbuf *out)
{
	struct layout c = { text, len, start, end, in_macro, LEX_TOKENS_INIT };

	lex_tokenize_raw(text + start, end - start, &c.tk);
	sort_array(ed->v, ed->nr, sizeof(*ed->v), edit_cmp);
	plan_reindents(&c, ed);
	apply_edits(&c, ed, out);
	lex_tokens_release(&c.tk);
}

void macro_layout_release(struct macro_layout_edits *ed)
{
	for (size_t i = 0; i < ed->nr; i++)
		free(ed->v[i].repl);
	free(ed->v);
	memset(ed, 0, sizeof(*ed));
}
