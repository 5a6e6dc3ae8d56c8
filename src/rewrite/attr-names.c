#define _GNU_SOURCE
#include "rewrite/attr-names.h"
#include "kernel/kernel.h"
#include "lex/lex.h"
#include "rewrite/macro-callbacks.h"

#include <stdlib.h>
#include <string.h>

#define OLD_PREFIX "class_device_attr_"
#define OLD_PREFIX_LEN (sizeof(OLD_PREFIX) - 1)

struct tok {
	size_t off, len;
	int ident;
};

struct toks {
	struct tok *v;
	size_t nr, alloc;
};

/* The end of the logical line starting at i (backslash-newlines joined). */
static size_t directive_end(const char *t, size_t i, size_t len)
{
	while (i < len && t[i] != '\n') {
		if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *close = memmem(t + i + 2, len - i - 2, "*/", 2);

			i = close ? (size_t)(close - t) + 2 : len;
			continue;
		}
		if (t[i] == '\\' && i + 1 < len && (t[i + 1] == '\n' ||
						    (t[i + 1] == '\r' && i + 2 < len && t[i + 2] == '\n'))) {
			i += t[i + 1] == '\n' ? 2 : 3;
			continue;
		}
		i++;
	}
	return i;
}

static size_t skip_blanks(const char *t, size_t i, size_t end)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t'))
		i++;
	return i;
}

/* The directive's name at i (after '#'): its extent in *name, *name_len. */
static size_t directive_name(const char *t, size_t i, size_t end, size_t *name, size_t *name_len)
{
	i = skip_blanks(t, i, end);
	*name = i;
	while (i < end && lex_ident_char((unsigned char)t[i]))
		i++;
	*name_len = i - *name;
	return i;
}

static int word_is(const char *t, size_t off, size_t len, const char *w)
{
	return strlen(w) == len && !memcmp(t + off, w, len);
}

/*
 * From the line after an `#if 0` at `i`: the offset where code resumes
 * (after the matching #else, #elif or #endif line).
 */
static size_t skip_if0(const char *t, size_t i, size_t len)
{
	int depth = 0;

	while (i < len) {
		size_t ls = skip_blanks(t, i, len), end = directive_end(t, i, len), name, name_len;

		if (ls < len && t[ls] == '#') {
			directive_name(t, ls + 1, end, &name, &name_len);
			if (word_is(t, name, name_len, "if") || word_is(t, name, name_len, "ifdef") ||
			    word_is(t, name, name_len, "ifndef")) {
				depth++;
			} else if (word_is(t, name, name_len, "endif")) {
				if (depth-- == 0)
					return end;
			} else if (depth == 0 && (word_is(t, name, name_len, "else") ||
						  word_is(t, name, name_len, "elif"))) {
				return end;
			}
		}
		i = end < len ? end + 1 : len;
	}
	return len;
}

/*
 * The identifiers and punctuation of the code the rules see: comments,
 * literals, #if 0 branches, #include lines and the pasted macro bodies
 * left out.
 */
static void tokenize(const char *t, size_t len, struct toks *out)
{
	size_t i = 0;
	int line_start = 1;

	while (i < len) {
		char c = t[i];

		if (c == '\n') {
			line_start = 1;
			i++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			i++;
		} else if (c == '\\' && i + 1 < len && (t[i + 1] == '\n' || t[i + 1] == '\r')) {
			/* a continuation line does not start a directive */
			i += t[i + 1] == '\r' && i + 2 < len && t[i + 2] == '\n' ? 3 : 2;
		} else if (c == '#' && line_start) {
			size_t end = directive_end(t, i, len), name, name_len, after;

			after = directive_name(t, i + 1, end, &name, &name_len);
			line_start = 0;
			if (word_is(t, name, name_len, "if")) {
				size_t v = skip_blanks(t, after, end);

				if (v < end && t[v] == '0' && (v + 1 >= end || !lex_ident_char((unsigned char)t[v + 1]))) {
					i = skip_if0(t, end < len ? end + 1 : len, len);
					continue;
				}
				i = end;
			} else if (word_is(t, name, name_len, "define")) {
				size_t m = skip_blanks(t, after, end);

				if (macro_callbacks_is_pasted(t, m, end)) {
					i = end;
					continue;
				}
				i = after;	/* the body is code */
			} else {
				i = end;	/* #include <...>, #ifdef NAME, #endif: nothing to rename */
			}
		} else if (c == '/' && i + 1 < len && t[i + 1] == '/') {
			while (i < len && t[i] != '\n')
				i++;
		} else if (c == '/' && i + 1 < len && t[i + 1] == '*') {
			const char *close = memmem(t + i + 2, len - i - 2, "*/", 2);

			i = close ? (size_t)(close - t) + 2 : len;
		} else if (c == '"' || c == '\'') {
			i++;
			while (i < len && t[i] != c && t[i] != '\n')
				i += t[i] == '\\' && i + 1 < len ? 2 : 1;
			if (i < len && t[i] == c)
				i++;
			line_start = 0;
		} else {
			struct tok k;

			k.off = i;
			k.ident = lex_ident_start((unsigned char)c);
			if (k.ident || (c >= '0' && c <= '9'))
				while (i < len && lex_ident_char((unsigned char)t[i]))
					i++;
			else
				i++;
			k.len = i - k.off;
			line_start = 0;
			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			out->v[out->nr++] = k;
		}
	}
}

static int tok_is(const char *t, const struct toks *tk, size_t i, const char *s)
{
	return i < tk->nr && word_is(t, tk->v[i].off, tk->v[i].len, s);
}

/* Index of the token closing the bracket at `open`, or tk->nr. */
static size_t matching(const char *t, const struct toks *tk, size_t open)
{
	char o = t[tk->v[open].off], cl = o == '(' ? ')' : o == '{' ? '}' : ']';
	int depth = 0;

	for (size_t i = open; i < tk->nr; i++) {
		if (tk->v[i].len != 1)
			continue;
		if (t[tk->v[i].off] == o)
			depth++;
		else if (t[tk->v[i].off] == cl && --depth == 0)
			return i;
	}
	return tk->nr;
}

/* `NAME ( n ,` at i with n clashing: the index of n, else 0. */
static size_t clash_arg(const char *t, const struct toks *tk, size_t i, const char *name)
{
	if (tok_is(t, tk, i, name) && tok_is(t, tk, i + 1, "(") && i + 2 < tk->nr &&
	    tk->v[i + 2].ident && tok_is(t, tk, i + 3, ",") &&
	    kernel_is_device_entry(t + tk->v[i + 2].off, tk->v[i + 2].len))
		return i + 2;
	return 0;
}

/* Mark the tokens that define a clashing attribute (1 in defs[]). */
static void find_definitions(const char *t, const struct toks *tk, char *defs)
{
	for (size_t i = 0; i < tk->nr; i++) {
		size_t n = clash_arg(t, tk, i, "CLASS_DEVICE_ATTR"), j;

		if (n) {
			defs[n] = 1;
			continue;
		}
		/* struct class_device_attribute a[...] = { ..., __ATTR(n, ...), ... }; */
		if (!tok_is(t, tk, i, "struct") || !tok_is(t, tk, i + 1, "class_device_attribute") ||
		    i + 2 >= tk->nr || !tk->v[i + 2].ident)
			continue;
		j = i + 3;
		if (tok_is(t, tk, j, "[")) {
			j = matching(t, tk, j) + 1;
			if (!tok_is(t, tk, j, "=") || !tok_is(t, tk, j + 1, "{"))
				continue;
			for (size_t k = j + 2, close = matching(t, tk, j + 1); k < close; k++)
				if ((n = clash_arg(t, tk, k, "__ATTR")))
					defs[n] = 1;
		} else if (tok_is(t, tk, j, "=") && (n = clash_arg(t, tk, j + 1, "__ATTR"))) {
			defs[n] = 1;
		}
	}
}

/*
 * Mark with 2 in defs[] the names of CLASS_DEVICE_ATTR(n, ...) whose
 * struct device name dev_attr_n the text already has (DEVICE_ATTR(n, ...)
 * or dev_attr_n named): defined twice once converted.
 */
static void find_taken(const char *t, const struct toks *tk, char *defs)
{
	static const char prefix[] = "dev_attr_";
	const size_t plen = sizeof(prefix) - 1;

	for (size_t i = 0; i + 3 < tk->nr; i++) {
		size_t n = i + 2;

		if (!tok_is(t, tk, i, "CLASS_DEVICE_ATTR") || !tok_is(t, tk, i + 1, "(") ||
		    !tk->v[n].ident || !tok_is(t, tk, i + 3, ",") || defs[n] ||
		    kernel_is_device_entry(t + tk->v[n].off, tk->v[n].len))
			continue;
		for (size_t k = 0; k < tk->nr; k++) {
			const struct tok *x = &tk->v[k];
			int hit = 0;

			if (!x->ident)
				continue;
			if (x->len == plen + tk->v[n].len && !memcmp(t + x->off, prefix, plen) &&
			    !memcmp(t + x->off + plen, t + tk->v[n].off, tk->v[n].len))
				hit = 1;
			else if (k >= 2 && tok_is(t, tk, k - 2, "DEVICE_ATTR") &&
				 tok_is(t, tk, k - 1, "(") && x->len == tk->v[n].len &&
				 !memcmp(t + x->off, t + tk->v[n].off, x->len))
				hit = 1;
			if (hit) {
				defs[n] = 2;
				break;
			}
		}
	}
}

/* Whether the text's CLASS_DEVICE_ATTR(n, ...) meets a taken dev_attr_n. */
static int taken_here(const char *t, const struct toks *tk, const char *defs, const char *n,
		      size_t n_len)
{
	for (size_t i = 0; i < tk->nr; i++)
		if (defs[i] == 2 && tk->v[i].len == n_len && !memcmp(t + tk->v[i].off, n, n_len))
			return 1;
	return 0;
}

void attr_names_stem(const char *path, struct strbuf *out)
{
	const char *base = strrchr(path, '/'), *dot;

	base = base ? base + 1 : path;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		dot = base + strlen(base);
	if (base == dot || (*base >= '0' && *base <= '9'))
		strbuf_addstr(out, "attr_");
	for (const char *p = base; p < dot; p++)
		strbuf_addch(out, lex_ident_char((unsigned char)*p) ? *p : '_');
}

void attr_names_defined(const char *text, size_t len, struct strvec *out)
{
	struct toks tk = { NULL, 0, 0 };
	char *defs;

	tokenize(text, len, &tk);
	defs = xcalloc(tk.nr + 1, 1);
	find_definitions(text, &tk, defs);
	for (size_t i = 0; i < tk.nr; i++) {
		char *name;
		int seen = 0;

		if (!defs[i])
			continue;
		name = xstrndup(text + tk.v[i].off, tk.v[i].len);
		for (size_t k = 0; k < out->nr && !seen; k++)
			seen = !strcmp(out->v[k], name);
		if (!seen)
			strvec_push(out, name);
		free(name);
	}
	free(defs);
	free(tk.v);
}

/* The name a clashing attribute `n` gets in the file of stem `own`. */
static void clash_name(const char *n, size_t n_len, const char *own, int defined_here,
		       attr_names_definers_fn definers, void *data, struct strbuf *out)
{
	char *name = xstrndup(n, n_len);
	const char *const *stems = definers(name, data);
	size_t nr = 0;
	int own_defines = defined_here;

	for (; stems && stems[nr]; nr++)
		if (!strcmp(stems[nr], own))
			own_defines = 1;
	strbuf_addstr(out, own_defines || nr != 1 ? own : stems[0]);
	strbuf_addch(out, '_');
	strbuf_addstr(out, name);
	free(name);
}

/* Display width of text[from, to) on one line, tabs to multiples of 8. */
static size_t width(const char *t, size_t from, size_t to)
{
	size_t w = 0;

	for (size_t i = from; i < to; i++)
		w = t[i] == '\t' ? (w / 8 + 1) * 8 : w + 1;
	return w;
}

#define LINE_LIMIT 80

static void add_indent(struct strbuf *out, size_t col)
{
	for (size_t n = 0; n < col / 8; n++)
		strbuf_addch(out, '\t');
	for (size_t n = 0; n < col % 8; n++)
		strbuf_addch(out, ' ');
}

/*
 * The arguments after the renamed first one of CLASS_DEVICE_ATTR( at token
 * `paren`, up to its `)` at token `close`, appended to `out` the way spatch
 * lays out a declaration a rule rewrites whole, so that a renamed
 * attribute reads as if a rule had renamed it (the rules then make it
 * DEVICE_ATTR(, 6 columns shorter): ", " between them, a new line aligned
 * after the parenthesis (tabs, then spaces) before one that would end past
 * column 80.  `col` is the column after the renamed argument.  An argument
 * written over several lines or holding a comment makes the function give
 * up: it returns 0 and appends nothing; else 1.
 */
static int reflow_arguments(const char *t, const struct toks *tk, size_t paren, size_t close,
			    size_t col, struct strbuf *out)
{
	static const size_t shift = sizeof("CLASS_DEVICE_ATTR") - sizeof("DEVICE_ATTR");
	size_t ls = tk->v[paren].off, align, depth = 0, first = paren + 2;
	struct strbuf args = STRBUF_INIT;

	while (ls > 0 && t[ls - 1] != '\n')
		ls--;
	align = width(t, ls, tk->v[paren].off) + 1 - shift;
	if (!tok_is(t, tk, first, ",") || !tok_is(t, tk, close + 1, ";"))
		return 0;
	for (size_t i = first + 1, sep = first; i <= close; i++) {
		int last = i == close;
		size_t from, to;

		if (!last) {
			if (tk->v[i].len == 1 && strchr("([{", t[tk->v[i].off]))
				depth++;
			else if (tk->v[i].len == 1 && strchr(")]}", t[tk->v[i].off]))
				depth--;
			if (depth || !tok_is(t, tk, i, ","))
				continue;
		}
		/* the argument: the text between two separators, blanks trimmed */
		from = tk->v[sep].off + 1;
		to = tk->v[i].off;
		while (from < to && strchr(" \t\r\n", t[from]))
			from++;
		while (to > from && strchr(" \t\r\n", t[to - 1]))
			to--;
		if (from == to || memchr(t + from, '\n', to - from) ||
		    memmem(t + from, to - from, "/*", 2) || memmem(t + from, to - from, "//", 2)) {
			strbuf_release(&args);
			return 0;
		}
		/* ", arg" then "," or ");" */
		if (col + 2 + (to - from) + (last ? 2 : 1) > LINE_LIMIT) {
			strbuf_addstr(&args, ",");
			if (memmem(t + ls, tk->v[close].off - ls, "\r\n", 2))
				strbuf_addch(&args, '\r');
			strbuf_addch(&args, '\n');
			add_indent(&args, align);
			col = align;
		} else {
			strbuf_addstr(&args, ", ");
			col += 2;
		}
		strbuf_add(&args, t + from, to - from);
		col += to - from;
		sep = i;
	}
	strbuf_add(out, args.buf, args.len);
	strbuf_release(&args);
	return 1;
}

/* Does one of the definitions marked in defs[] name `n`? */
static int defines(const char *t, const struct toks *tk, const char *defs, const char *n, size_t n_len)
{
	for (size_t i = 0; i < tk->nr; i++)
		if (defs[i] && tk->v[i].len == n_len && !memcmp(t + tk->v[i].off, n, n_len))
			return 1;
	return 0;
}

size_t attr_names_convert(const char *text, size_t len, const char *stem,
			  attr_names_definers_fn definers, void *data, struct strbuf *out)
{
	struct toks tk = { NULL, 0, 0 };
	size_t pos = 0, renamed = 0;
	char *defs;

	tokenize(text, len, &tk);
	defs = xcalloc(tk.nr + 1, 1);
	find_definitions(text, &tk, defs);
	find_taken(text, &tk, defs);
	for (size_t i = 0; i < tk.nr; i++) {
		const struct tok *k = &tk.v[i];

		if (defs[i] == 2) {
			/*
			 * Only the C name is taken: the sysfs file of another
			 * object keeps its name, so the attribute is spelled
			 * out with __ATTR() under a free C name.
			 */
			strbuf_add(out, text + pos, tk.v[i - 2].off - pos);
			strbuf_addf(out, "struct class_device_attribute dev_attr_%s_%.*s =\n\t__ATTR(",
				    stem, (int)k->len, text + k->off);
			pos = k->off;
			renamed++;
			continue;
		}
		if (defs[i]) {
			size_t name_at;

			strbuf_add(out, text + pos, k->off - pos);
			name_at = out->len;
			clash_name(text + k->off, k->len, stem, 1, definers, data, out);
			if (i >= 2 && tok_is(text, &tk, i - 2, "CLASS_DEVICE_ATTR")) {
				size_t close = matching(text, &tk, i - 1), ls = k->off;

				while (ls > 0 && text[ls - 1] != '\n')
					ls--;
				if (close < tk.nr &&
				    reflow_arguments(text, &tk, i - 1, close,
						     width(text, ls, k->off) - (sizeof("CLASS_DEVICE_ATTR") -
										sizeof("DEVICE_ATTR")) +
						     (out->len - name_at), out)) {
					pos = tk.v[close].off;
					renamed++;
					i = close;
					continue;
				}
			}
		} else if (k->ident && k->len > OLD_PREFIX_LEN &&
			   !memcmp(text + k->off, OLD_PREFIX, OLD_PREFIX_LEN)) {
			const char *x = text + k->off + OLD_PREFIX_LEN;
			size_t x_len = k->len - OLD_PREFIX_LEN;

			strbuf_add(out, text + pos, k->off - pos);
			strbuf_addstr(out, "dev_attr_");
			if (taken_here(text, &tk, defs, x, x_len))
				strbuf_addf(out, "%s_%.*s", stem, (int)x_len, x);
			else if (kernel_is_device_entry(x, x_len))
				clash_name(x, x_len, stem, defines(text, &tk, defs, x, x_len),
					   definers, data, out);
			else
				strbuf_add(out, x, x_len);
		} else {
			continue;
		}
		pos = k->off + k->len;
		renamed++;
	}
	strbuf_add(out, text + pos, len - pos);
	free(defs);
	free(tk.v);
	return renamed;
}

/* Which files of the step define which clashing attribute, by subsystem. */
struct definer {
	const char *subsystem;
	char *stem;
	struct strvec names;
};

struct definers {
	struct definer *v;
	size_t nr;
	const char *subsystem;		/* of the file being converted */
	const char **list;		/* the answer's storage */
	size_t list_alloc;
};

static const char *const *definers_of(const char *name, void *data)
{
	struct definers *d = data;
	size_t n = 0;

	for (size_t i = 0; i < d->nr; i++) {
		const struct definer *f = &d->v[i];
		int defines = 0, seen = 0;

		if (strcmp(f->subsystem, d->subsystem))
			continue;
		for (size_t k = 0; k < f->names.nr && !defines; k++)
			defines = !strcmp(f->names.v[k], name);
		for (size_t k = 0; k < n && defines && !seen; k++)
			seen = !strcmp(d->list[k], f->stem);
		if (!defines || seen)
			continue;
		ALLOC_GROW(d->list, n + 2, d->list_alloc);
		d->list[n++] = f->stem;
	}
	ALLOC_GROW(d->list, n + 1, d->list_alloc);
	d->list[n] = NULL;
	return d->list;
}

/* Might the file name an attribute the old way?  (Saves a tokenization.) */
static int may_hold(const struct rewrite_file *f)
{
	return f->in_step && (memmem(f->content->buf, f->content->len, "class_device_attr", 17) ||
			      memmem(f->content->buf, f->content->len, "CLASS_DEVICE_ATTR", 17));
}

/* Say which attributes got a free C name (before the file's text changes). */
static void log_taken(struct rewrite_context *ctx, const struct rewrite_file *f, const char *stem)
{
	const char *t = f->content->buf;
	struct toks tk = { NULL, 0, 0 };
	char *defs;

	tokenize(t, f->content->len, &tk);
	defs = xcalloc(tk.nr + 1, 1);
	find_definitions(t, &tk, defs);
	find_taken(t, &tk, defs);
	for (size_t i = 0; i < tk.nr; i++)
		if (defs[i] == 2)
			strvec_pushf(ctx->log, "%s: attr-names: attribute %.*s of a class device is "
				     "dev_attr_%s_%.*s in C: dev_attr_%.*s is taken in the file (another "
				     "object's attribute); its sysfs file keeps the name %.*s",
				     f->path, (int)tk.v[i].len, t + tk.v[i].off, stem,
				     (int)tk.v[i].len, t + tk.v[i].off, (int)tk.v[i].len,
				     t + tk.v[i].off, (int)tk.v[i].len, t + tk.v[i].off);
	free(defs);
	free(tk.v);
}

int rewrite_attr_names(struct rewrite_context *ctx)
{
	struct definers d;

	memset(&d, 0, sizeof(d));
	d.v = xcalloc(ctx->nr ? ctx->nr : 1, sizeof(*d.v));
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];
		struct definer *def = &d.v[d.nr];
		struct strbuf stem = STRBUF_INIT;

		if (!may_hold(f))
			continue;
		def->subsystem = f->subsystem;
		def->names = (struct strvec)STRVEC_INIT;
		attr_names_defined(f->content->buf, f->content->len, &def->names);
		attr_names_stem(f->path, &stem);
		def->stem = strbuf_detach(&stem, NULL);
		d.nr++;
	}
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];
		struct strbuf out = STRBUF_INIT, stem = STRBUF_INIT;

		if (!may_hold(f))
			continue;
		attr_names_stem(f->path, &stem);
		d.subsystem = f->subsystem;
		if (attr_names_convert(f->content->buf, f->content->len, stem.buf, definers_of, &d, &out)) {
			struct strvec defined = STRVEC_INIT;

			/* a renamed definition changes what userspace sees: say so */
			attr_names_defined(f->content->buf, f->content->len, &defined);
			for (size_t n = 0; n < defined.nr; n++)
				strvec_pushf(ctx->log, "%s: attr-names: attribute %s renamed %s_%s: every "
					     "struct device has a %s entry already; its sysfs file "
					     "changes name", f->path, defined.v[n], stem.buf,
					     defined.v[n], defined.v[n]);
			strvec_clear(&defined);
			log_taken(ctx, f, stem.buf);
			strbuf_reset(f->content);
			strbuf_add(f->content, out.buf, out.len);
		}
		strbuf_release(&out);
		strbuf_release(&stem);
	}
	for (size_t i = 0; i < d.nr; i++) {
		free(d.v[i].stem);
		strvec_clear(&d.v[i].names);
	}
	free(d.v);
	free(d.list);
	return 0;
}
