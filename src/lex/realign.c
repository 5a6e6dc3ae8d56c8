/*
 * realign.c: re-indent aligned continuation lines after a rename moved
 * their parenthesis.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "lex/realign.h"

struct line {
	const char *text;
	size_t len;		/* without the newline */
};

static size_t split_lines(const char *text, size_t len, struct line **out)
{
	size_t nr = 0, alloc = 0;
	struct line *v = NULL;
	size_t start = 0;

	for (size_t i = 0; i <= len; i++) {
		if (i < len && text[i] != '\n')
			continue;
		if (i == len && start == len)
			break;
		ALLOC_GROW(v, nr + 1, alloc);
		v[nr].text = text + start;
		v[nr].len = i - start;
		nr++;
		start = i + 1;
	}
	*out = v;
	return nr;
}

static void set_add(struct hash_table *set, const struct line *l, size_t index)
{
	hash_table_add(set, l->text, l->len, index);
}

/* Index of the first line of `before` with l's text, or -1. */
static long set_find(const struct hash_table *set, const struct line *l)
{
	const size_t *i = hash_table_find(set, l->text, l->len);

	return i ? (long)*i : -1;
}

/* The newline after line l of text, unless l is text's last line and has none. */
static void add_line_end(struct strbuf *out, const struct line *l, const struct strbuf *text)
{
	if (l->text + l->len < text->buf + text->len)
		strbuf_addch(out, '\n');
}

/* A pass's result: out replaces *after when it changed n lines; returns n. */
static size_t keep_if_changed(struct strbuf *after, struct strbuf *out, size_t n)
{
	if (n) {
		strbuf_release(after);
		*after = *out;
	} else {
		strbuf_release(out);
	}
	return n;
}

#define MAX_DEPTH 64

/*
 * Parentheses of one line, in display columns, skipping comments and
 * literals.  `stack`/`depth` carry what is open; `in_comment` carries a
 * block comment from line to line.  A ')' with nothing open lowers depth
 * below the caller's start: returned as -1 so the caller stops.
 */
static int scan_parens(const struct line *l, int *in_comment, size_t *stack, int *depth)
{
	size_t col = 0;
	int underflow = 0;

	for (size_t i = 0; i < l->len; i++) {
		char c = l->text[i];

		if (*in_comment) {
			if (c == '*' && i + 1 < l->len && l->text[i + 1] == '/') {
				*in_comment = 0;
				i++;
				col += 2;
				continue;
			}
		} else if (c == '/' && i + 1 < l->len && l->text[i + 1] == '/') {
			break;
		} else if (c == '/' && i + 1 < l->len && l->text[i + 1] == '*') {
			*in_comment = 1;
			i++;
			col += 2;
			continue;
		} else if (c == '"' || c == '\'') {
			/* a literal ends on its line in the code we align */
			size_t j = i + 1;

			while (j < l->len && l->text[j] != c) {
				if (l->text[j] == '\\')
					j++;
				j++;
			}
			col += (j < l->len ? j : l->len - 1) - i + 1;
			i = j < l->len ? j : l->len;
			continue;
		} else if (c == '(') {
			if (*depth < MAX_DEPTH)
				stack[*depth] = col;
			(*depth)++;
		} else if (c == ')') {
			if (*depth > 0)
				(*depth)--;
			else
				underflow = 1;
		}
		col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
	}
	return underflow ? -1 : 0;
}

/* Columns of the leading white space; *bytes its length, *aligned whether it
 * holds a space (tabs then spaces: the line was aligned on purpose). */
static size_t indentation(const struct line *l, size_t *bytes, int *aligned)
{
	size_t col = 0, i = 0;

	*aligned = 0;
	for (; i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'); i++) {
		if (l->text[i] == ' ')
			*aligned = 1;
		col = l->text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	}
	*bytes = i;
	return col;
}

static int first_is_hash(const struct line *l)
{
	for (size_t i = 0; i < l->len; i++)
		if (l->text[i] != ' ' && l->text[i] != '\t')
			return l->text[i] == '#';
	return 0;
}

/*
 * What of a line the rules never change: the line without its leading
 * white space and, in a field line ".name<white>= value", without the
 * white space before '='.  A line whose key occurs in `before` was only
 * re-indented (by this module, or by the step), so a second run sees the
 * same lines as changed as the first.
 */
static void line_key(const struct line *l, struct strbuf *key)
{
	size_t i = 0, name, eq;

	strbuf_reset(key);
	while (i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'))
		i++;
	if (i < l->len && l->text[i] == '.') {
		name = i + 1;
		while (name < l->len && (isalnum((unsigned char)l->text[name]) || l->text[name] == '_'))
			name++;
		eq = name;
		while (eq < l->len && (l->text[eq] == ' ' || l->text[eq] == '\t'))
			eq++;
		if (eq > name && eq < l->len && l->text[eq] == '=' &&
		    !(eq + 1 < l->len && l->text[eq + 1] == '=')) {
			strbuf_add(key, l->text + i, name - i);
			strbuf_add(key, l->text + eq, l->len - eq);
			return;
		}
	}
	strbuf_add(key, l->text + i, l->len - i);
}

/*
 * A line indented with tabs only was aligned too when, unchanged, it
 * followed in `before` a line whose open parenthesis it sat under: an
 * alignment that fell on a tab stop.
 */
static int was_aligned(const struct hash_table *set, const struct line *old_lines,
		       const struct line *l, size_t col)
{
	long k = set_find(set, l);
	size_t stack[MAX_DEPTH];
	int depth = 0, comment = 0;

	if (k <= 0)
		return 0;
	scan_parens(&old_lines[k - 1], &comment, stack, &depth);
	return depth > 0 && depth <= MAX_DEPTH && stack[depth - 1] + 1 == col;
}

/*
 * A designated initializer line ".field<tabs>= value": the column
 * of its '=' when the white space before it holds a tab (the kernel's way
 * to line up a table of fields), else 0.  *name_end: the column after the
 * field name; *ws and *ws_len: the white space before '='.
 */
static size_t field_equals_column(const struct line *l, size_t *name_end,
				  size_t *ws, size_t *ws_len)
{
	size_t i = 0, col = 0, start;
	int tab = 0;

	for (; i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'); i++)
		col = l->text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	if (i == 0 || i >= l->len || l->text[i] != '.')
		return 0;
	for (i++, col++; i < l->len && (isalnum((unsigned char)l->text[i]) || l->text[i] == '_'); i++)
		col++;
	*name_end = col;
	start = i;
	for (; i < l->len && (l->text[i] == ' ' || l->text[i] == '\t'); i++) {
		tab |= l->text[i] == '\t';
		col = l->text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	}
	if (!tab || i >= l->len || l->text[i] != '=' || (i + 1 < l->len && l->text[i + 1] == '='))
		return 0;
	*ws = start;
	*ws_len = i - start;
	return col;
}

/*
 * The '=' column line i had before the step, when every field of its table
 * changed: the line as many lines below the nearest unchanged line above
 * it in `before` as it is in `after`, if that is a field line too.
 */
static size_t old_equals_column(const struct hash_table *keys, const struct line *old_lines,
				size_t nr_old, const struct line *lines, size_t i)
{
	size_t name_end, ws, ws_len;
	struct strbuf key = STRBUF_INIT;

	for (size_t a = i; a-- > 0;) {
		long b;

		line_key(&lines[a], &key);
		b = set_find(keys, &(struct line){ key.buf, key.len });

		if (b < 0) {
			if (!field_equals_column(&lines[a], &name_end, &ws, &ws_len))
				break;
			continue;
		}
		strbuf_release(&key);
		if ((size_t)b + (i - a) >= nr_old)
			return 0;
		return field_equals_column(&old_lines[(size_t)b + (i - a)], &name_end, &ws, &ws_len);
	}
	strbuf_release(&key);
	return 0;
}

/* Whether the key of line l occurs in `before` (keys: the set of its keys). */
static int key_known(const struct hash_table *keys, const struct line *l, struct strbuf *key)
{
	line_key(l, key);
	return set_find(keys, &(struct line){ key->buf, key->len }) >= 0;
}

/* l re-indented to column `col`: tabs, then spaces. */
static void reindent(const struct line *l, size_t col, struct strbuf *out)
{
	size_t bytes;
	int aligned;

	indentation(l, &bytes, &aligned);
	strbuf_reset(out);
	for (size_t t = 0; t < col / 8; t++)
		strbuf_addch(out, '\t');
	for (size_t s = 0; s < col % 8; s++)
		strbuf_addch(out, ' ');
	strbuf_add(out, l->text + bytes, l->len - bytes);
}

/*
 * lines into *after, each moved line as its new text and each field at
 * its new '=' column; how many changed (after is left as it was for 0).
 */
static size_t write_realigned(const struct line *lines, size_t nr, const size_t *target,
			      const struct strbuf *moved_text, const size_t *equals_at,
			      struct strbuf *after)
{
	struct strbuf out = STRBUF_INIT;
	size_t moved = 0;

	for (size_t i = 0; i < nr; i++) {
		if (target[i]) {
			strbuf_add(&out, moved_text[i].buf, moved_text[i].len);
			moved++;
		} else if (equals_at[i]) {
			size_t name_end, ws, ws_len, col;

			field_equals_column(&lines[i], &name_end, &ws, &ws_len);
			strbuf_add(&out, lines[i].text, ws);
			for (col = name_end; col < equals_at[i]; col = (col / 8 + 1) * 8)
				strbuf_addch(&out, '\t');
			strbuf_add(&out, lines[i].text + ws + ws_len, lines[i].len - ws - ws_len);
			moved++;
		} else {
			strbuf_add(&out, lines[i].text, lines[i].len);
		}
		add_line_end(&out, &lines[i], after);
	}
	return keep_if_changed(after, &out, moved);
}

/*
 * One pass from the top.  A line opens a chain when it ends inside a
 * parenthesis and changed: not in `before` at all, or, when it is itself
 * a continuation line of a chain above, changed beyond its indentation
 * (its key is new): a line this module only re-indented does not open
 * one, so a second run opens the same chains as the first.  Each chain
 * scans its opener as it will be written (moved, if an earlier chain
 * moved it).  Every decision depends only on what a run leaves as it
 * was, which makes the result idempotent.
 */
size_t realign_continuations(const char *before, size_t before_len, struct strbuf *after)
{
	struct line *old_lines, *lines;
	size_t nr_old = split_lines(before, before_len, &old_lines);
	size_t nr = split_lines(after->buf, after->len, &lines);
	size_t n1 = nr ? nr : 1;
	size_t *target = xcalloc(n1, sizeof(*target));	/* 0: unchanged */
	char *claimed = xcalloc(n1, 1);		/* a continuation line of a chain */
	int *comment_at = xcalloc(n1, sizeof(*comment_at));
	size_t *equals_at = xcalloc(n1, sizeof(*equals_at));	/* 0: as is */
	struct strbuf *moved_text = xcalloc(n1, sizeof(*moved_text));
	struct strbuf *old_keys = xcalloc(nr_old ? nr_old : 1, sizeof(*old_keys));
	struct strbuf key = STRBUF_INIT;
	struct hash_table set = HASH_TABLE_INIT, keys = HASH_TABLE_INIT;
	size_t moved;
	int in_comment = 0;

	for (size_t i = 0; i < nr_old; i++) {
		set_add(&set, &old_lines[i], i);
		old_keys[i] = (struct strbuf)STRBUF_INIT;
		line_key(&old_lines[i], &old_keys[i]);
		set_add(&keys, &(struct line){ old_keys[i].buf, old_keys[i].len }, i);
	}

	for (size_t i = 0; i < nr; i++) {
		size_t stack[MAX_DEPTH];
		int depth = 0;

		moved_text[i] = (struct strbuf)STRBUF_INIT;
		comment_at[i] = in_comment;
		scan_parens(&lines[i], &in_comment, stack, &depth);
	}
	for (size_t i = 0; i < nr; i++) {
		size_t stack[MAX_DEPTH];
		int depth = 0, open, comment = comment_at[i];
		struct line opener = lines[i];

		if (first_is_hash(&lines[i]))
			continue;
		if (claimed[i] ? key_known(&keys, &lines[i], &key) : set_find(&set, &lines[i]) >= 0)
			continue;
		if (target[i])
			opener = (struct line){ moved_text[i].buf, moved_text[i].len };
		scan_parens(&opener, &comment, stack, &depth);
		if (depth <= 0 || depth > MAX_DEPTH)
			continue;
		open = depth;
		for (size_t j = i + 1; j < nr; j++) {
			size_t bytes, col, want = stack[open - 1] + 1;
			int aligned, inner = 0;
			size_t inner_stack[MAX_DEPTH];

			if (!lines[j].len || first_is_hash(&lines[j]))
				break;
			col = indentation(&lines[j], &bytes, &aligned);
			if (bytes == lines[j].len)
				break;
			/* tabs only, but under the parenthesis now or before the step */
			if (!aligned)
				aligned = col == want || was_aligned(&set, old_lines, &lines[j], col);
			if (!aligned || claimed[j])
				break;
			claimed[j] = 1;
			if (col != want) {
				target[j] = want;
				reindent(&lines[j], want, &moved_text[j]);
			}
			/* go on only while the same parenthesis stays the open one */
			if (scan_parens(&lines[j], &comment, inner_stack, &inner) < 0 || inner != 0)
				break;
		}
	}
	/*
	 * A renamed field of a table (.add becomes .add_dev) takes the '='
	 * column of its nearest unchanged neighbour, with tabs.  Not a
	 * continuation line, nor a line that opens a chain (its parenthesis
	 * would move after its chain was aligned to it).
	 */
	for (size_t i = 0; i < nr; i++) {
		size_t name_end, ws, ws_len, eq, want = 0;
		size_t stack[MAX_DEPTH];
		int depth = 0, comment = comment_at[i];

		if (claimed[i] || key_known(&keys, &lines[i], &key))
			continue;
		eq = field_equals_column(&lines[i], &name_end, &ws, &ws_len);
		if (!eq)
			continue;
		scan_parens(&lines[i], &comment, stack, &depth);
		if (depth > 0)
			continue;
		/* the nearest unchanged field of the same table, above or below */
		for (int d = -1; d <= 1 && !want; d += 2) {
			size_t n_end, n_ws, n_len, col;

			for (long j = (long)i + d; j >= 0 && (size_t)j < nr; j += d) {
				struct line l = target[j] ? (struct line){ moved_text[j].buf, moved_text[j].len }
							  : lines[j];

				col = field_equals_column(&l, &n_end, &n_ws, &n_len);
				if (!col)
					break;
				if (key_known(&keys, &lines[j], &key)) {
					want = col;
					break;
				}
			}
		}
		if (!want)
			want = old_equals_column(&keys, old_lines, nr_old, lines, i);
		if (want && want != eq && want % 8 == 0 && want > name_end)
			equals_at[i] = want;
	}
	moved = write_realigned(lines, nr, target, moved_text, equals_at, after);
	for (size_t i = 0; i < nr; i++)
		strbuf_release(&moved_text[i]);
	for (size_t i = 0; i < nr_old; i++)
		strbuf_release(&old_keys[i]);
	strbuf_release(&key);
	free(moved_text);
	free(old_keys);
	hash_table_release(&set);
	hash_table_release(&keys);
	free(target);
	free(claimed);
	free(comment_at);
	free(equals_at);
	free(old_lines);
	free(lines);
	return moved;
}

/* Display columns of a whole line, tabs to the next multiple of 8. */
static size_t width_of(const struct line *l)
{
	size_t col = 0, n = l->len;

	/* a CRLF file's lines end in '\r': no column */
	if (n && l->text[n - 1] == '\r')
		n--;
	for (size_t i = 0; i < n; i++)
		col = l->text[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

size_t realign_fit_width(const char *before, size_t before_len, struct strbuf *after)
{
	struct line *old_lines, *lines;
	size_t nr_old = split_lines(before, before_len, &old_lines);
	size_t nr = split_lines(after->buf, after->len, &lines);
	long *was = xcalloc(nr ? nr : 1, sizeof(*was));	/* the old line it re-indents, or -1 */
	char *restore = xcalloc(nr ? nr : 1, 1);	/* 1: old indentation, 2: narrowed */
	struct strbuf *narrowed = xcalloc(nr ? nr : 1, sizeof(*narrowed));
	struct strbuf *old_keys = xcalloc(nr_old ? nr_old : 1, sizeof(*old_keys));
	struct strbuf key = STRBUF_INIT;
	struct hash_table set = HASH_TABLE_INIT, keys = HASH_TABLE_INIT;
	size_t restored = 0;

	for (size_t i = 0; i < nr_old; i++) {
		set_add(&set, &old_lines[i], i);
		old_keys[i] = (struct strbuf)STRBUF_INIT;
		line_key(&old_lines[i], &old_keys[i]);
		set_add(&keys, &(struct line){ old_keys[i].buf, old_keys[i].len }, i);
	}
	for (size_t i = 0; i < nr; i++) {
		was[i] = -1;
		narrowed[i] = (struct strbuf)STRBUF_INIT;
		if (set_find(&set, &lines[i]) >= 0 || first_is_hash(&lines[i]))
			continue;
		line_key(&lines[i], &key);
		if (key.len && key.buf[0] != '.')
			was[i] = set_find(&keys, &(struct line){ key.buf, key.len });
	}
	/* a run of re-indented lines goes back whole when one of them outgrew 80 columns */
	for (size_t i = 0; i < nr;) {
		size_t j = i;
		int over = 0;

		if (was[i] < 0) {
			i++;
			continue;
		}
		while (j < nr && was[j] >= 0) {
			over |= width_of(&lines[j]) > REALIGN_MAX_WIDTH &&
				width_of(&old_lines[was[j]]) <= REALIGN_MAX_WIDTH;
			j++;
		}
		for (size_t k = i; over && k < j; k++)
			restore[k] = 1;
		i = j;
	}
	for (size_t i = 0; i < nr; i++)
		restored += restore[i];
	/*
	 * A new aligned continuation line that is too wide moves left to the
	 * rightmost tab stop where it fits, at least a tab deeper than the
	 * line it continues.
	 */
	for (size_t i = 1; i < nr; i++) {
		size_t bytes, prev_bytes, col, floor, tabs = 0;
		int aligned, prev_aligned;
		struct line rest;

		if (restore[i] || set_find(&set, &lines[i]) >= 0 || first_is_hash(&lines[i]) ||
		    first_is_hash(&lines[i - 1]) || width_of(&lines[i]) <= REALIGN_MAX_WIDTH)
			continue;
		col = indentation(&lines[i], &bytes, &aligned);
		if (!aligned || bytes == lines[i].len)
			continue;
		indentation(&lines[i - 1], &prev_bytes, &prev_aligned);
		while (tabs < prev_bytes && lines[i - 1].text[tabs] == '\t')
			tabs++;
		floor = tabs * 8 + 8;
		rest = (struct line){ lines[i].text + bytes, lines[i].len - bytes };
		for (size_t stop = col / 8 * 8; stop >= floor && stop > 0; stop -= 8) {
			struct strbuf *t;

			if (stop + width_of(&rest) > REALIGN_MAX_WIDTH)
				continue;
			t = &narrowed[i];
			strbuf_reset(t);
			for (size_t k = 0; k < stop / 8; k++)
				strbuf_addch(t, '\t');
			strbuf_add(t, rest.text, rest.len);
			restore[i] = 2;
			restored++;
			break;
		}
	}
	/*
	 * Lines aligned with one another stay so: in a run of aligned lines
	 * at one column (a call's or a prototype's continuation lines) where
	 * one moved left, every line takes the leftmost tab stop any of them
	 * moved to.  The rest fit there: they fitted further right.
	 */
	for (size_t i = 1; i < nr;) {
		size_t col, bytes, j, stop = SIZE_MAX;
		int aligned;

		col = indentation(&lines[i], &bytes, &aligned);
		if (!aligned || bytes == lines[i].len || restore[i] == 1 || first_is_hash(&lines[i])) {
			i++;
			continue;
		}
		for (j = i; j < nr; j++) {
			size_t b, c = indentation(&lines[j], &b, &aligned);

			if (!aligned || c != col || b == lines[j].len || restore[j] == 1 ||
			    first_is_hash(&lines[j]))
				break;
			if (restore[j] == 2) {
				size_t tabs = 0;

				while (tabs < narrowed[j].len && narrowed[j].buf[tabs] == '\t')
					tabs++;
				if (tabs * 8 < stop)
					stop = tabs * 8;
			}
		}
		for (size_t k = i; stop != SIZE_MAX && k < j; k++) {
			size_t b;

			indentation(&lines[k], &b, &aligned);
			if (restore[k] != 2)
				restored++;
			strbuf_reset(&narrowed[k]);
			for (size_t t = 0; t < stop / 8; t++)
				strbuf_addch(&narrowed[k], '\t');
			strbuf_add(&narrowed[k], lines[k].text + b, lines[k].len - b);
			restore[k] = 2;
		}
		i = j;
	}
	if (restored) {
		struct strbuf out = STRBUF_INIT;

		for (size_t i = 0; i < nr; i++) {
			struct line narrow = { narrowed[i].buf, narrowed[i].len };
			const struct line *l = restore[i] == 2 ? &narrow
					       : restore[i] ? &old_lines[was[i]] : &lines[i];

			strbuf_add(&out, l->text, l->len);
			add_line_end(&out, &lines[i], after);
		}
		keep_if_changed(after, &out, restored);
	}
	for (size_t i = 0; i < nr_old; i++)
		strbuf_release(&old_keys[i]);
	strbuf_release(&key);
	free(old_keys);
	hash_table_release(&set);
	hash_table_release(&keys);
	for (size_t i = 0; i < nr; i++)
		strbuf_release(&narrowed[i]);
	free(narrowed);
	free(was);
	free(restore);
	free(old_lines);
	free(lines);
	return restored;
}

static int ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * One line's "struct tag * name" and "struct tag* name" made "struct tag
 * *name", outside comments and literals (in_comment carries a block
 * comment over lines).  Returns whether it changed anything.
 */
static int space_pointers(const struct line *l, int *in_comment, struct strbuf *out)
{
	int changed = 0;

	strbuf_reset(out);
	for (size_t i = 0; i < l->len;) {
		const char *t = l->text;

		if (*in_comment) {
			if (t[i] == '*' && i + 1 < l->len && t[i + 1] == '/') {
				*in_comment = 0;
				strbuf_add(out, t + i, 2);
				i += 2;
			} else {
				strbuf_addch(out, t[i++]);
			}
			continue;
		}
		if (t[i] == '/' && i + 1 < l->len && t[i + 1] == '/') {
			strbuf_add(out, t + i, l->len - i);
			break;
		}
		if (t[i] == '/' && i + 1 < l->len && t[i + 1] == '*') {
			*in_comment = 1;
			strbuf_add(out, t + i, 2);
			i += 2;
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			size_t j = i + 1;

			while (j < l->len && t[j] != t[i])
				j += t[j] == '\\' ? 2 : 1;
			j = j < l->len ? j + 1 : l->len;
			strbuf_add(out, t + i, j - i);
			i = j;
			continue;
		}
		if (!strncmp(t + i, "struct", 6) && (i == 0 || !ident_char(t[i - 1])) &&
		    i + 6 < l->len && (t[i + 6] == ' ' || t[i + 6] == '\t')) {
			size_t tag = i + 6, tag_end, star, star_end, name, name_end;

			while (tag < l->len && (t[tag] == ' ' || t[tag] == '\t'))
				tag++;
			tag_end = tag;
			while (tag_end < l->len && ident_char(t[tag_end]))
				tag_end++;
			star = tag_end;
			while (star < l->len && (t[star] == ' ' || t[star] == '\t'))
				star++;
			star_end = star;
			while (star_end < l->len && t[star_end] == '*')
				star_end++;
			name = star_end;
			while (name < l->len && (t[name] == ' ' || t[name] == '\t'))
				name++;
			name_end = name;
			while (name_end < l->len && ident_char(t[name_end]))
				name_end++;
			if (tag_end > tag && star_end > star && name_end > name &&
			    !isdigit((unsigned char)t[name]) &&
			    !(name_end - name == 5 && !strncmp(t + name, "const", 5)) &&
			    (star == tag_end || name != star_end)) {
				/* the blanks before '*' may align a table: kept */
				strbuf_add(out, t + i, star - i);
				if (star == tag_end)
					strbuf_addch(out, ' ');
				strbuf_add(out, t + star, star_end - star);
				i = name;
				changed = 1;
				continue;
			}
			strbuf_add(out, t + i, tag_end - i);
			i = tag_end;
			continue;
		}
		strbuf_addch(out, t[i++]);
	}
	return changed;
}

size_t realign_pointer_spacing(const char *before, size_t before_len, struct strbuf *after)
{
	struct line *old_lines, *lines;
	size_t nr_old = split_lines(before, before_len, &old_lines);
	size_t nr = split_lines(after->buf, after->len, &lines);
	struct strbuf out = STRBUF_INIT, one = STRBUF_INIT;
	struct hash_table set = HASH_TABLE_INIT;
	size_t changed = 0;
	int in_comment = 0;

	for (size_t i = 0; i < nr_old; i++)
		set_add(&set, &old_lines[i], i);
	for (size_t i = 0; i < nr; i++) {
		if (space_pointers(&lines[i], &in_comment, &one) && !first_is_hash(&lines[i]) &&
		    set_find(&set, &lines[i]) < 0) {
			strbuf_add(&out, one.buf, one.len);
			changed++;
		} else {
			strbuf_add(&out, lines[i].text, lines[i].len);
		}
		add_line_end(&out, &lines[i], after);
	}
	keep_if_changed(after, &out, changed);
	strbuf_release(&one);
	hash_table_release(&set);
	free(old_lines);
	free(lines);
	return changed;
}

size_t realign_indent_tabs(const char *before, size_t before_len, struct strbuf *after)
{
	struct line *old_lines, *lines;
	size_t nr_old = split_lines(before, before_len, &old_lines);
	size_t nr = split_lines(after->buf, after->len, &lines);
	struct strbuf out = STRBUF_INIT;
	struct hash_table set = HASH_TABLE_INIT;
	size_t changed = 0;

	for (size_t i = 0; i < nr_old; i++)
		set_add(&set, &old_lines[i], i);
	for (size_t i = 0; i < nr; i++) {
		size_t bytes, col, run = 0, worst = 0;
		int aligned, space_tab = 0;

		col = indentation(&lines[i], &bytes, &aligned);
		for (size_t k = 0; k < bytes; k++) {
			run = lines[i].text[k] == ' ' ? run + 1 : 0;
			worst = run > worst ? run : worst;
			space_tab |= lines[i].text[k] == '\t' && k && lines[i].text[k - 1] == ' ';
		}
		if ((worst >= 8 || space_tab) && bytes < lines[i].len && set_find(&set, &lines[i]) < 0) {
			for (size_t t = 0; t < col / 8; t++)
				strbuf_addch(&out, '\t');
			for (size_t sp = 0; sp < col % 8; sp++)
				strbuf_addch(&out, ' ');
			strbuf_add(&out, lines[i].text + bytes, lines[i].len - bytes);
			changed++;
		} else {
			strbuf_add(&out, lines[i].text, lines[i].len);
		}
		add_line_end(&out, &lines[i], after);
	}
	keep_if_changed(after, &out, changed);
	hash_table_release(&set);
	free(old_lines);
	free(lines);
	return changed;
}

/* Where a too wide line may break, found by break_point(). */
struct wrap_point {
	size_t cut;		/* bytes kept on the first line (the ',' or '(' included) */
	size_t resume;		/* byte the second line starts at (blanks skipped) */
	size_t align;		/* column to align the second line at, 0: tabs */
	size_t stack[MAX_DEPTH];	/* the parentheses open at the cut, their columns */
	int depth;
};

/*
 * The rightmost break of l whose first part fits in `limit` columns:
 * after a comma inside parentheses, the outermost such list first (the
 * next line aligned under the parenthesis), else after an opening parenthesis (the next line two
 * tabs deeper than l).  l may continue inside parentheses opened on the
 * lines before it: open[0..depth) their columns.  Strings, characters
 * and comments are never cut.  Returns 0 when there is none.
 */
static int break_point(const struct line *l, size_t limit, const size_t *open, int open_depth,
		       struct wrap_point *w)
{
	size_t stack[MAX_DEPTH], col = 0, best_comma = 0, best_paren = 0;
	int depth = open_depth < MAX_DEPTH ? open_depth : MAX_DEPTH;
	struct wrap_point comma, paren;

	memcpy(stack, open, (size_t)depth * sizeof(*stack));
	for (size_t i = 0; i < l->len; i++) {
		char c = l->text[i];

		if (c == '/' && i + 1 < l->len && (l->text[i + 1] == '/' || l->text[i + 1] == '*'))
			break;
		if (c == '"' || c == '\'') {
			size_t j = i + 1;

			while (j < l->len && l->text[j] != c)
				j += l->text[j] == '\\' ? 2 : 1;
			col += (j < l->len ? j : l->len - 1) - i + 1;
			i = j < l->len ? j : l->len;
			continue;
		}
		col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
		if (c == '(') {
			if (depth < MAX_DEPTH)
				stack[depth++] = col;
			if (col <= limit && i + 1 < l->len && l->text[i + 1] != ')') {
				best_paren = i + 1;
				memcpy(paren.stack, stack, (size_t)depth * sizeof(*stack));
				paren.depth = depth;
			}
		} else if (c == ')') {
			if (depth > 0)
				depth--;
		} else if (c == ',' && depth > 0 && col <= limit && i + 1 < l->len &&
			   (!best_comma || depth <= comma.depth)) {
			/* the outermost list first: an inner call stays whole where it can */
			best_comma = i + 1;
			memcpy(comma.stack, stack, (size_t)depth * sizeof(*stack));
			comma.depth = depth;
		}
	}
	if (!best_comma && !best_paren)
		return 0;
	*w = best_comma ? comma : paren;
	w->cut = best_comma ? best_comma : best_paren;
	w->resume = w->cut;
	while (w->resume < l->len && (l->text[w->resume] == ' ' || l->text[w->resume] == '\t'))
		w->resume++;
	w->align = best_comma ? w->stack[w->depth - 1] : 0;
	return w->resume < l->len;
}

/* A line ending in a backslash (a macro's body): the bytes before the padding before it. */
static size_t backslash_body(const struct line *l)
{
	size_t n = l->len;

	if (!n || l->text[n - 1] != '\\')
		return 0;
	n--;
	while (n && (l->text[n - 1] == ' ' || l->text[n - 1] == '\t'))
		n--;
	return n;
}

/* Append text (n bytes) then, for a macro line, the padding and the backslash within the limit. */
static void add_with_backslash(struct strbuf *out, const char *text, size_t n, int macro)
{
	struct line l = { text, n };
	size_t w;

	strbuf_add(out, text, n);
	if (!macro)
		return;
	w = width_of(&l);
	if (w < REALIGN_MAX_WIDTH - 8) {
		/* the last tab stop before the limit, where the kernel's backslashes sit */
		for (size_t col = w; col < REALIGN_MAX_WIDTH - 8; col = (col / 8 + 1) * 8)
			strbuf_addch(out, '\t');
	} else {
		strbuf_addch(out, ' ');
	}
	strbuf_addch(out, '\\');
}

size_t realign_wrap(const char *before, size_t before_len, struct strbuf *after)
{
	struct line *old_lines, *lines;
	size_t nr_old = split_lines(before, before_len, &old_lines);
	size_t nr = split_lines(after->buf, after->len, &lines);
	struct strbuf out = STRBUF_INIT, cur = STRBUF_INIT;
	struct hash_table set = HASH_TABLE_INIT;
	size_t wrapped = 0;
	int in_comment = 0;

	for (size_t i = 0; i < nr_old; i++)
		set_add(&set, &old_lines[i], i);
	for (size_t i = 0; i < nr; i++) {
		size_t stack[MAX_DEPTH], open[MAX_DEPTH], body, tabs = 0, start;
		int open_depth;
		int depth = 0, was_comment = in_comment, macro, rounds = 0;
		struct line l = lines[i];

		scan_parens(&lines[i], &in_comment, stack, &depth);
		/* a CRLF line is left: its macro backslash would hide behind the '\r' */
		if (was_comment || set_find(&set, &l) >= 0 || width_of(&l) <= REALIGN_MAX_WIDTH ||
		    (first_is_hash(&l) && !backslash_body(&l)) || (l.len && l.text[l.len - 1] == '\r')) {
			strbuf_add(&out, l.text, l.len);
			goto next;
		}
		body = backslash_body(&l);
		macro = body > 0;
		start = out.len;
		if (macro && first_is_hash(&l)) {
			/* a #define line: only its backslash moves */
			add_with_backslash(&out, l.text, body, 1);
			goto counted;
		}
		while (tabs < l.len && l.text[tabs] == '\t')
			tabs++;
		strbuf_reset(&cur);
		strbuf_add(&cur, l.text, macro ? body : l.len);
		open_depth = 0;
		for (;;) {
			struct line c = { cur.buf, cur.len };
			struct wrap_point w;
			size_t limit = REALIGN_MAX_WIDTH - (macro ? 2 : 0);
			struct strbuf rest = STRBUF_INIT;

			if (width_of(&c) <= limit || rounds++ > 16 ||
			    !break_point(&c, limit, open, open_depth, &w)) {
				/* a part that fits nowhere: the line stays as it was */
				if (width_of(&c) > limit) {
					out.len = start;
					strbuf_add(&out, l.text, l.len);
					break;
				}
				add_with_backslash(&out, cur.buf, cur.len, macro);
				break;
			}
			add_with_backslash(&out, cur.buf, w.cut, macro);
			strbuf_addch(&out, '\n');
			{
				struct line tail = { cur.buf + w.resume, cur.len - w.resume };
				size_t col = w.align;

				/* under the parenthesis while that leaves room to go on */
				if (!col || (col + width_of(&tail) > limit && col + 24 > limit))
					col = tabs * 8 + 16;
				/* what the next part continues: its innermost parenthesis starts where it does */
				memcpy(open, w.stack, (size_t)w.depth * sizeof(*open));
				open_depth = w.depth;
				if (open_depth)
					open[open_depth - 1] = col;
				for (size_t t = 0; t < col / 8; t++)
					strbuf_addch(&rest, '\t');
				for (size_t sp = 0; sp < col % 8; sp++)
					strbuf_addch(&rest, ' ');
				strbuf_add(&rest, tail.text, tail.len);
			}
			strbuf_reset(&cur);
			strbuf_add(&cur, rest.buf, rest.len);
			strbuf_release(&rest);
		}
counted:
		wrapped += out.len - start != l.len || memcmp(out.buf + start, l.text, l.len);
next:
		add_line_end(&out, &lines[i], after);
	}
	keep_if_changed(after, &out, wrapped);
	strbuf_release(&cur);
	hash_table_release(&set);
	free(old_lines);
	free(lines);
	return wrapped;
}

/* rounds of realign_step_output() before it gives up on a fixed point */
#define REALIGN_MAX_ROUNDS 8

/* A line starting with one of these is a statement, not a declaration. */
static const char *const statement_words[] = { "return", "goto", "case", "else", "do", NULL };

/*
 * A declaration line in the tab-aligned style of a struct body: tabs,
 * a type of words and single spaces ("struct device", "unsigned long"),
 * white space with a tab in it, the declarator ('*'s, a name, an array
 * size) and ';'.  Gives the byte range of that white space and the
 * display columns the type ends at and the declarator starts at; 0 when
 * the line is not one.
 */
static int member_columns(const struct line *l, size_t *ws_start, size_t *ws_end,
			  size_t *type_end, size_t *name_col)
{
	size_t bytes, col, end = l->len, decl, k;
	int aligned, tab = 0;

	col = indentation(l, &bytes, &aligned);
	if (!bytes || aligned)
		return 0;
	while (end > bytes && (l->text[end - 1] == ' ' || l->text[end - 1] == '\t'))
		end--;
	if (end <= bytes || l->text[end - 1] != ';')
		return 0;
	for (decl = end - 1; decl > bytes; decl--) {
		char c = l->text[decl - 1];

		if (!isalnum((unsigned char)c) && c != '_' && c != '*' && c != '[' && c != ']')
			break;
	}
	if (decl == end - 1 || (l->text[decl] != '*' && l->text[decl] != '_' &&
				!isalpha((unsigned char)l->text[decl])))
		return 0;
	for (k = decl; k > bytes && (l->text[k - 1] == ' ' || l->text[k - 1] == '\t'); k--)
		tab |= l->text[k - 1] == '\t';
	if (!tab || k == bytes)
		return 0;
	for (size_t i = bytes; i < k; i++)
		if (!isalnum((unsigned char)l->text[i]) && l->text[i] != '_' && l->text[i] != ' ')
			return 0;
	for (size_t w = 0; statement_words[w]; w++) {
		size_t n = strlen(statement_words[w]);

		if (k - bytes >= n && !strncmp(l->text + bytes, statement_words[w], n) &&
		    (k - bytes == n || l->text[bytes + n] == ' '))
			return 0;
	}
	*ws_start = k;
	*ws_end = decl;
	*type_end = col + (k - bytes);
	for (col = *type_end; k < decl; k++)
		col = l->text[k] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	*name_col = col;
	return 1;
}

size_t realign_member_columns(const char *before, size_t before_len, struct strbuf *after)
{
	struct line *old_lines, *lines;
	size_t nr_old = split_lines(before, before_len, &old_lines);
	size_t nr = split_lines(after->buf, after->len, &lines);
	struct hash_table set = HASH_TABLE_INIT;
	struct strbuf out = STRBUF_INIT;
	size_t changed = 0;

	for (size_t i = 0; i < nr_old; i++)
		set_add(&set, &old_lines[i], i);
	for (size_t i = 0; i < nr; i++) {
		size_t ws_start, ws_end, type_end, name_col, want = 0;

		if (set_find(&set, &lines[i]) < 0 &&
		    member_columns(&lines[i], &ws_start, &ws_end, &type_end, &name_col)) {
			/* the nearest unchanged declaration of the same block, above or below */
			for (int d = -1; d <= 1 && !want; d += 2) {
				for (long j = (long)i + d; j >= 0 && (size_t)j < nr; j += d) {
					size_t s, e, t, n;

					if (!member_columns(&lines[j], &s, &e, &t, &n))
						break;
					if (set_find(&set, &lines[j]) >= 0) {
						want = n;
						break;
					}
				}
			}
		}
		if (want && want != name_col && want % 8 == 0 && want > type_end) {
			size_t col = type_end;

			strbuf_add(&out, lines[i].text, ws_start);
			while (col < want) {
				strbuf_addch(&out, '\t');
				col = (col / 8 + 1) * 8;
			}
			strbuf_add(&out, lines[i].text + ws_end, lines[i].len - ws_end);
			changed++;
		} else {
			strbuf_add(&out, lines[i].text, lines[i].len);
		}
		add_line_end(&out, &lines[i], after);
	}
	keep_if_changed(after, &out, changed);
	hash_table_release(&set);
	free(old_lines);
	free(lines);
	return changed;
}

int realign_step_output(const char *before, size_t before_len, struct strbuf *after)
{
	struct strbuf was = STRBUF_INIT;
	int changed;

	struct strbuf round = STRBUF_INIT;
	int rounds;

	strbuf_add(&was, after->buf, after->len);
	/*
	 * A pass may undo another's move (fit_width, a too wide realignment)
	 * and a wrap moves the parenthesis the next lines align under, so the
	 * passes run again until a round changes nothing.  The bound only
	 * guards against two passes undoing each other for ever;
	 * fuzz-realign checks that what comes out is a fixed point.
	 */
	for (rounds = 0; rounds < REALIGN_MAX_ROUNDS; rounds++) {
		strbuf_reset(&round);
		strbuf_add(&round, after->buf, after->len);
		realign_continuations(before, before_len, after);
		realign_pointer_spacing(before, before_len, after);
		realign_indent_tabs(before, before_len, after);
		realign_member_columns(before, before_len, after);
		realign_fit_width(before, before_len, after);
		realign_wrap(before, before_len, after);
		if (round.len == after->len && !memcmp(round.buf, after->buf, round.len))
			break;
	}
	changed = was.len != after->len || memcmp(was.buf, after->buf, was.len);
	strbuf_release(&round);
	strbuf_release(&was);
	return changed;
}
