#define _GNU_SOURCE
#include "rewrite/attr-names.h"
#include "kernel/kernel.h"
#include "lex/lex.h"
#include "rewrite/macro-convert.h"

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

/*
 * The identifiers and punctuation of the code the rules see, from lex:
 * the #if 0 branches (`#if 0 && x` too: LEX_IF0_PREFIX), literals and
 * directive lines left out, but for the body of a #define that
 * macro_convert_is_pasted() does not select: that is code, its name
 * included.  Punctuators and numbers are cut as the rules were written
 * against: a run of [A-Za-z0-9_] is a token, any other character is one
 * (`->` is `-`, `>`; `1.5e+3` is `1`, `.`, `5e`, `+`, `3`).
 */
static void tokenize(const char *t, size_t len, struct toks *out)
{
	struct lex_tokens lx = LEX_TOKENS_INIT;

	lex_tokenize_opt(t, len, &lx, LEX_IF0_PREFIX);
	for (size_t i = 0; i < lx.nr; i++) {
		const struct lex_token *k = &lx.v[i];

		if (k->directive_start) {
			size_t end = i + 1;

			while (end < lx.nr && lx.v[end].directive && !lx.v[end].directive_start)
				end++;
			if (end > i + 2 && lex_token_is(&lx.v[i + 1], "define") &&
			    !macro_convert_is_pasted(t, lx.v[i + 2].offset,
						       lx.v[end - 1].offset + lx.v[end - 1].len))
				i++;	/* the body is code */
			else
				i = end - 1;	/* #include <...>, #ifdef NAME, #endif: nothing to rename */
			continue;
		}
		if (k->kind == TOKEN_STRING || k->kind == TOKEN_CHAR)
			continue;
		/* a number or punctuator: its runs of [A-Za-z0-9_], its other characters one by one */
		for (size_t at = k->offset, end = k->offset + k->len; at < end;) {
			struct tok *o;

			ALLOC_GROW(out->v, out->nr + 1, out->alloc);
			o = &out->v[out->nr++];
			o->off = at;
			o->ident = lex_ident_start((unsigned char)t[at]);
			if (k->kind == TOKEN_IDENT || lex_ident_char((unsigned char)t[at]))
				while (at < end && lex_ident_char((unsigned char)t[at]))
					at++;
			else
				at++;
			o->len = at - o->off;
		}
	}
	lex_tokens_release(&lx);
}

static int tok_is(const char *t, const struct toks *tk, size_t i, const char *s)
{
	return i < tk->nr && strlen(s) == tk->v[i].len && !memcmp(t + tk->v[i].off, s, tk->v[i].len);
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

/*
 * The function-like macros the text defines whose first parameter is the
 * sysfs name of what they build (`__stringify(p)` or `#p` in the body): a
 * file's own __ATTR(), such as DECLARE_ATTR(power, 0644, show, store) in
 * an array of attributes.  Pushed to `out`.
 */
static void find_attr_macros(const char *t, size_t len, struct strvec *out)
{
	struct lex_tokens lx = LEX_TOKENS_INIT;

	lex_tokenize_opt(t, len, &lx, LEX_IF0_PREFIX);
	for (size_t i = 0; i + 4 < lx.nr; i++) {
		const struct lex_token *name = &lx.v[i + 2], *p = &lx.v[i + 4];
		size_t end = i + 1;

		if (!lx.v[i].directive_start)
			continue;
		while (end < lx.nr && lx.v[end].directive && !lx.v[end].directive_start)
			end++;
		if (lex_token_is(&lx.v[i + 1], "define") && name->kind == TOKEN_IDENT &&
		    lex_token_is(&lx.v[i + 3], "(") && lx.v[i + 3].offset == name->offset + name->len &&
		    p->kind == TOKEN_IDENT && i + 5 < end &&
		    (lex_token_is(&lx.v[i + 5], ",") || lex_token_is(&lx.v[i + 5], ")")))
			for (size_t k = i + 6; k + 1 < end; k++)
				if (lx.v[k + 1].kind == TOKEN_IDENT && lx.v[k + 1].len == p->len &&
				    !memcmp(t + lx.v[k + 1].offset, t + p->offset, p->len) &&
				    (lex_token_is(&lx.v[k], "#") ||
				     (lex_token_is(&lx.v[k], "(") && k > 0 &&
				      lex_token_is(&lx.v[k - 1], "__stringify")))) {
					strvec_pushf(out, "%.*s", (int)name->len, t + name->offset);
					break;
				}
		i = end - 1;
	}
	lex_tokens_release(&lx);
}

/* `M ( n ,` at i with M __ATTR or one of `macros` and n clashing: the index of n, else 0. */
static size_t clash_attr(const char *t, const struct toks *tk, size_t i, const struct strvec *macros)
{
	size_t n = clash_arg(t, tk, i, "__ATTR");

	for (size_t m = 0; !n && m < macros->nr; m++)
		n = clash_arg(t, tk, i, macros->v[m]);
	return n;
}

/* Mark the tokens that define a clashing attribute (1 in defs[]). */
static void find_definitions(const char *t, size_t len, const struct toks *tk, char *defs)
{
	struct strvec macros = STRVEC_INIT;

	find_attr_macros(t, len, &macros);
	for (size_t i = 0; i < tk->nr; i++) {
		size_t n = clash_arg(t, tk, i, "CLASS_DEVICE_ATTR"), j;

		if (n) {
			defs[n] = 1;
			continue;
		}
		/* struct class_device_attribute a[...] = { ..., __ATTR(n, ...), ... }; (or M(n, ...)) */
		if (!tok_is(t, tk, i, "struct") || !tok_is(t, tk, i + 1, "class_device_attribute") ||
		    i + 2 >= tk->nr || !tk->v[i + 2].ident)
			continue;
		j = i + 3;
		if (tok_is(t, tk, j, "[")) {
			j = matching(t, tk, j) + 1;
			if (!tok_is(t, tk, j, "=") || !tok_is(t, tk, j + 1, "{"))
				continue;
			for (size_t k = j + 2, close = matching(t, tk, j + 1); k < close; k++)
				if ((n = clash_attr(t, tk, k, &macros)))
					defs[n] = 1;
		} else if (tok_is(t, tk, j, "=") && (n = clash_attr(t, tk, j + 1, &macros))) {
			defs[n] = 1;
		}
	}
	strvec_clear(&macros);
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
	find_definitions(text, len, &tk, defs);
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
	find_definitions(text, len, &tk, defs);
	find_taken(text, &tk, defs);
	for (size_t i = 0; i < tk.nr; i++) {
		const struct tok *k = &tk.v[i];

		/*
		 * `static const CLASS_DEVICE_ATTR(...)` (2.6.21's rtc): spatch
		 * parses no declarer after a qualifier, and device_create_file()
		 * takes its attribute unqualified, so the const goes (as the
		 * kernel's own conversion wrote it).
		 */
		if (tok_is(text, &tk, i, "const") && i + 2 < tk.nr &&
		    tok_is(text, &tk, i + 1, "CLASS_DEVICE_ATTR") && tok_is(text, &tk, i + 2, "(")) {
			strbuf_add(out, text + pos, k->off - pos);
			pos = tk.v[i + 1].off;
			renamed++;
			continue;
		}
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
	find_definitions(t, f->content->len, &tk, defs);
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
