#define _GNU_SOURCE
#include "rewrite/class-initializer.h"

#include <stdlib.h>
#include <string.h>

#include "lex/lex.h"

#define ARGS "CDMIGRATE_CLASS_ARGS"
#define FIELDS "CDMIGRATE_CLASS_FIELDS"

/* The fields class_create() leaves to an assignment after it. */
static const char *const assignable[] = {
	"release", "hotplug", "uevent", "class_dev_attrs", "dev_release", "dev_uevent", "dev_attrs", NULL
};

int class_initializer_can_move(const char *field, size_t n)
{
	if ((n == 4 && !memcmp(field, "name", 4)) || (n == 5 && !memcmp(field, "owner", 5)))
		return 1;
	for (size_t k = 0; assignable[k]; k++)
		if (strlen(assignable[k]) == n && !memcmp(assignable[k], field, n))
			return 1;
	return 0;
}

/* ---------------------------------------------------------- the initializer */

enum line_kind { LINE_ASSIGN, LINE_IF, LINE_ELSE, LINE_ENDIF, LINE_DIRECTIVE };

struct lines {
	struct strvec text;
	enum line_kind *kind;
	size_t alloc;
};

static void add_line(struct lines *l, enum line_kind kind, const char *text)
{
	ALLOC_GROW(l->kind, l->text.nr + 1, l->alloc);
	l->kind[l->text.nr] = kind;
	strvec_push(&l->text, text);
}

static void drop_line(struct lines *l, size_t i)
{
	free(l->text.v[i]);
	memmove(l->text.v + i, l->text.v + i + 1, (l->text.nr - i) * sizeof(*l->text.v));
	memmove(l->kind + i, l->kind + i + 1, (l->text.nr - i - 1) * sizeof(*l->kind));
	l->text.nr--;
}

/* #if groups with nothing left inside, and empty last branches, go. */
static void drop_empty_groups(struct lines *l)
{
	int changed = 1;

	while (changed) {
		changed = 0;
		for (size_t i = 0; i + 1 < l->text.nr && !changed; i++) {
			if (l->kind[i + 1] != LINE_ENDIF)
				continue;
			if (l->kind[i] == LINE_IF) {
				drop_line(l, i + 1);
				drop_line(l, i);
				changed = 1;
			} else if (l->kind[i] == LINE_ELSE) {
				drop_line(l, i);
				changed = 1;
			}
		}
	}
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* s without blanks around it, and a run of blanks holding a newline as one space. */
static char *tidy(const char *s, size_t n)
{
	struct strbuf sb = STRBUF_INIT;

	while (n && is_space(*s)) {
		s++;
		n--;
	}
	while (n && is_space(s[n - 1]))
		n--;
	for (size_t i = 0; i < n; i++) {
		size_t j = i;
		int newline = 0;

		while (j < n && is_space(s[j]))
			newline |= s[j++] == '\n';
		if (j > i && newline) {
			strbuf_addch(&sb, ' ');
			i = j - 1;
		} else {
			strbuf_addch(&sb, s[i]);
		}
	}
	return strbuf_detach(&sb, NULL);
}

struct parse {
	struct class_initializer *ci;
	const char *name;
	struct lines lines;
	int cond;			/* #if depth */
	struct strbuf *why;
};

/* One element of the initializer: ".field = value" (comments blanked). */
static int element(struct parse *p, const char *s, size_t n)
{
	size_t i = 0, f;
	char *field, *value;
	int rc = 0;

	while (i < n && is_space(s[i]))
		i++;
	if (i == n)
		return 0;
	if (s[i] != '.') {
		strbuf_addf(p->why, "a positional initializer");
		return -1;
	}
	for (i++; i < n && is_space(s[i]); i++)
		;
	for (f = i; i < n && lex_ident_char(s[i]); i++)
		;
	field = xstrndup(s + f, i - f);
	while (i < n && is_space(s[i]))
		i++;
	if (!*field || i == n || s[i] != '=') {
		strbuf_addf(p->why, "an initializer element that is not \".field = value\"");
		free(field);
		return -1;
	}
	value = tidy(s + i + 1, n - i - 1);
	if (!*value) {
		strbuf_addf(p->why, ".%s has no value before a preprocessor line or the end", field);
		free(field);
		free(value);
		return -1;
	}
	if (!strcmp(field, "name") || !strcmp(field, "owner")) {
		char **slot = !strcmp(field, "name") ? &p->ci->name : &p->ci->owner;

		if (p->cond) {
			strbuf_addf(p->why, ".%s under an #if: class_create() takes it as an argument",
				    field);
			rc = -1;
		} else if (*slot) {
			strbuf_addf(p->why, ".%s given twice", field);
			rc = -1;
		} else {
			*slot = value;
			value = NULL;
		}
	} else {
		size_t k;

		for (k = 0; assignable[k] && strcmp(assignable[k], field); k++)
			;
		if (assignable[k]) {
			char *line = xstrfmt("%s->%s = %s;", p->name, field, value);

			add_line(&p->lines, LINE_ASSIGN, line);
			free(line);
		} else {
			strbuf_addf(p->why, "it sets .%s, which cannot be set after class_create()",
				    field);
			rc = -1;
		}
	}
	free(field);
	free(value);
	return rc;
}

/* A preprocessor line text[0, n) ('#' first). */
static int directive(struct parse *p, const char *s, size_t n)
{
	size_t i = 1, k;
	enum line_kind kind = LINE_DIRECTIVE;
	char *line;

	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	for (k = i; k < n && lex_ident_char(s[k]); k++)
		;
	if ((k - i == 2 && !memcmp(s + i, "if", 2)) || (k - i == 5 && !memcmp(s + i, "ifdef", 5)) ||
	    (k - i == 6 && !memcmp(s + i, "ifndef", 6))) {
		kind = LINE_IF;
		p->cond++;
	} else if ((k - i == 4 && (!memcmp(s + i, "else", 4) || !memcmp(s + i, "elif", 4)))) {
		kind = LINE_ELSE;
	} else if (k - i == 5 && !memcmp(s + i, "endif", 5)) {
		kind = LINE_ENDIF;
		p->cond--;
	}
	if (p->cond < 0 || (kind == LINE_ELSE && !p->cond)) {
		strbuf_addf(p->why, "an #%.*s without its #if in the initializer", (int)(k - i), s + i);
		return -1;
	}
	while (n && is_space(s[n - 1]))
		n--;
	line = xstrndup(s, n);
	add_line(&p->lines, kind, line);
	free(line);
	return 0;
}

int class_initializer_parse(struct class_initializer *ci, const char *name, const char *text,
			    size_t len, struct strbuf *why)
{
	struct parse p = { ci, name, { STRVEC_INIT, NULL, 0 }, 0, why };
	struct strbuf elem = STRBUF_INIT;
	size_t i = 1, end = len && text[len - 1] == '}' ? len - 1 : len;
	int depth = 0, line_start = 1, code = 0, rc = 0;

	while (i < end && !rc) {
		char c = text[i];

		if (c == '/' && i + 1 < end && text[i + 1] == '*') {
			const char *close = memmem(text + i + 2, end - i - 2, "*/", 2);

			i = close ? (size_t)(close - text) + 2 : end;
			strbuf_addch(&elem, ' ');
		} else if (c == '/' && i + 1 < end && text[i + 1] == '/') {
			while (i < end && text[i] != '\n')
				i++;
		} else if (c == '#' && line_start) {
			size_t j = i;

			while (j < end && text[j] != '\n')
				j += text[j] == '\\' && j + 1 < end && text[j + 1] == '\n' ? 2 : 1;
			if (depth) {
				strbuf_addstr(why, "a preprocessor line inside the value of a field");
				rc = -1;
			} else {
				/* a last element may go without its comma */
				if (code)
					rc = element(&p, elem.buf, elem.len);
				strbuf_reset(&elem);
				code = 0;
				if (!rc)
					rc = directive(&p, text + i, j - i);
			}
			i = j;
		} else if (c == '"' || c == '\'') {
			size_t j = i + 1;

			while (j < end && text[j] != c && text[j] != '\n')
				j += text[j] == '\\' ? 2 : 1;
			j = j < end ? j + 1 : end;
			strbuf_add(&elem, text + i, j - i);
			i = j;
			code = 1;
			line_start = 0;
		} else if (c == ',' && !depth) {
			rc = element(&p, elem.buf, elem.len);
			strbuf_reset(&elem);
			code = 0;
			line_start = 0;
			i++;
		} else {
			if (c == '(' || c == '[' || c == '{')
				depth++;
			else if ((c == ')' || c == ']' || c == '}') && depth)
				depth--;
			if (c == '\n') {
				line_start = 1;
			} else if (!is_space(c)) {
				line_start = 0;
				code = 1;
			}
			strbuf_addch(&elem, c);
			i++;
		}
	}
	if (!rc)
		rc = element(&p, elem.buf, elem.len);
	if (!rc && p.cond) {
		strbuf_addstr(why, "an #if without its #endif in the initializer");
		rc = -1;
	}
	if (!rc && !ci->name) {
		strbuf_addstr(why, "no .name");
		rc = -1;
	}
	if (!rc) {
		drop_empty_groups(&p.lines);
		for (size_t k = 0; k < p.lines.text.nr; k++)
			strvec_push(&ci->lines, p.lines.text.v[k]);
		if (!ci->owner)
			ci->owner = xstrdup("THIS_MODULE");
	}
	strvec_clear(&p.lines.text);
	free(p.lines.kind);
	strbuf_release(&elem);
	return rc;
}

void class_initializer_release(struct class_initializer *ci)
{
	free(ci->owner);
	free(ci->name);
	strvec_clear(&ci->lines);
	ci->owner = ci->name = NULL;
}

/* ------------------------------------------------------------ the C text */

/* Code tokens of a text (directive lines left out) and their brace depth. */
struct code {
	struct lex_tokens all;
	struct lex_token *v;
	int *brace;
	size_t nr;
};

static void code_init(struct code *c, const char *text, size_t len)
{
	int brace = 0;

	memset(c, 0, sizeof(*c));
	lex_tokenize(text, len, &c->all);
	c->v = xcalloc(c->all.nr + 1, sizeof(*c->v));
	c->brace = xcalloc(c->all.nr + 1, sizeof(int));
	for (size_t i = 0; i < c->all.nr; i++) {
		const struct lex_token *t = &c->all.v[i];

		if (t->directive)
			continue;
		c->brace[c->nr] = brace;
		c->v[c->nr++] = *t;
		if (lex_token_is(t, "{"))
			brace++;
		else if (lex_token_is(t, "}") && brace)
			brace--;
	}
}

static void code_release(struct code *c)
{
	lex_tokens_release(&c->all);
	free(c->v);
	free(c->brace);
}

static int tok_is(const struct code *c, size_t i, const char *s)
{
	return i < c->nr && lex_token_is(&c->v[i], s);
}

static size_t tok_end(const struct code *c, size_t i)
{
	return c->v[i].offset + c->v[i].len;
}

/* A placeholder MARK ( name ) at token i. */
static int placeholder(const struct code *c, size_t i, const char *mark, const char *name)
{
	return tok_is(c, i, mark) && tok_is(c, i + 1, "(") && tok_is(c, i + 3, ")") &&
	       c->v[i + 2].kind == TOKEN_IDENT && (!name || tok_is(c, i + 2, name));
}

/*
 * The file-scope definition "struct class NAME ... = { ... };": the token
 * indexes of "struct", NAME, the braces and the ';'.  0 when there is none.
 */
struct definition {
	size_t start, name, open, close, semi;
};

static int find_definition(const struct code *c, const char *name, struct definition *d)
{
	for (size_t i = 0; i + 4 < c->nr; i++) {
		size_t k = i + 2;

		if (c->brace[i] || !tok_is(c, i, "struct") || !tok_is(c, i + 1, "class") ||
		    !tok_is(c, k, name))
			continue;
		while (k + 1 < c->nr && !tok_is(c, k + 1, "=") && !tok_is(c, k + 1, ";") &&
		       !tok_is(c, k + 1, "{") && !tok_is(c, k + 1, ","))
			k++;
		if (!tok_is(c, k + 1, "=") || !tok_is(c, k + 2, "{"))
			continue;
		d->start = i;
		d->name = i + 2;
		d->open = k + 2;
		d->close = lex_tokens_match(c->v, c->nr, d->open);
		d->semi = d->close + 1;
		if (!tok_is(c, d->semi, ";"))
			continue;
		return 1;
	}
	return 0;
}

static size_t columns(const char *s, size_t from, size_t to)
{
	size_t col = 0;

	for (size_t i = from; i < to; i++)
		col = s[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

static size_t line_end(const char *s, size_t len, size_t at)
{
	const char *nl = memchr(s + at, '\n', len - at);

	return nl ? (size_t)(nl - s) : len;
}

struct edit {
	size_t start, end;
	char *text;
};

static int edit_cmp(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;

	return x->start < y->start ? 1 : x->start > y->start ? -1 : 0;
}

/* "OWNER, NAME", broken after the comma when the line would pass 80 columns. */
static char *arguments(const char *text, size_t len, size_t at, size_t after,
		       const struct class_initializer *ci)
{
	size_t ls = lex_line_start(text, at), le = line_end(text, len, after);
	size_t col = columns(text, ls, at);
	struct strbuf sb = STRBUF_INIT;

	strbuf_addf(&sb, "%s, %s", ci->owner, ci->name);
	if (col + strlen(sb.buf) + (le - after) > 80) {
		strbuf_reset(&sb);
		strbuf_addf(&sb, "%s,\n", ci->owner);
		for (size_t c = 0; (c / 8 + 1) * 8 <= col; c = (c / 8 + 1) * 8)
			strbuf_addch(&sb, '\t');
		for (size_t c = col / 8 * 8; c < col; c++)
			strbuf_addch(&sb, ' ');
		strbuf_addstr(&sb, ci->name);
	}
	return strbuf_detach(&sb, NULL);
}

int class_initializer_apply(struct strbuf *sb, const char *name, const struct class_initializer *ci,
			    int with_definition)
{
	struct code c;
	struct edit *e = NULL;
	size_t nr = 0, alloc = 0;
	struct definition d;

	code_init(&c, sb->buf, sb->len);
	for (size_t i = 0; i + 3 < c.nr; i++) {
		if (placeholder(&c, i, ARGS, name)) {
			ALLOC_GROW(e, nr + 1, alloc);
			e[nr].start = c.v[i].offset;
			e[nr].end = tok_end(&c, i + 3);
			e[nr].text = arguments(sb->buf, sb->len, e[nr].start, e[nr].end, ci);
			nr++;
		} else if (placeholder(&c, i, FIELDS, name) && tok_is(&c, i + 4, ";")) {
			size_t ls = lex_line_start(sb->buf, c.v[i].offset), ind = ls;
			struct strbuf block = STRBUF_INIT;

			while (sb->buf[ind] == ' ' || sb->buf[ind] == '\t')
				ind++;
			for (size_t k = 0; k < ci->lines.nr; k++)
				strbuf_addf(&block, "%.*s%s\n", ci->lines.v[k][0] == '#' ? 0 : (int)(ind - ls),
					    sb->buf + ls, ci->lines.v[k]);
			ALLOC_GROW(e, nr + 1, alloc);
			e[nr].start = ls;
			e[nr].end = line_end(sb->buf, sb->len, tok_end(&c, i + 4));
			if (e[nr].end < sb->len)
				e[nr].end++;
			e[nr].text = strbuf_detach(&block, NULL);
			nr++;
		}
	}
	if (with_definition && find_definition(&c, name, &d)) {
		ALLOC_GROW(e, nr + 1, alloc);
		e[nr].start = c.v[d.start].offset;
		e[nr].end = tok_end(&c, d.semi);
		e[nr].text = xstrfmt("struct class *%.*s;",
				     (int)(tok_end(&c, d.open - 2) - c.v[d.name].offset),
				     sb->buf + c.v[d.name].offset);
		nr++;
	}
	code_release(&c);
	if (nr)
		sort_array(e, nr, sizeof(*e), edit_cmp);
	for (size_t i = 0; i < nr; i++) {
		struct strbuf out = STRBUF_INIT;

		strbuf_add(&out, sb->buf, e[i].start);
		strbuf_addstr(&out, e[i].text);
		strbuf_add(&out, sb->buf + e[i].end, sb->len - e[i].end);
		strbuf_reset(sb);
		strbuf_add(sb, out.buf, out.len);
		strbuf_release(&out);
		free(e[i].text);
	}
	free(e);
	return (int)nr;
}

/* -------------------------------------------------------------------- pass */

/* A class of the run: its placeholders' files and its definition. */
struct class_job {
	char *name;
	struct rewrite_file *def;
	struct strvec files;		/* with placeholders */
	int has_fields;			/* a CDMIGRATE_CLASS_FIELDS placeholder */
	struct class_initializer ci;
	unsigned line;			/* of the definition */
};

static int defines(struct rewrite_file *f, const char *name, struct definition *d, unsigned *line)
{
	struct code c;
	int found;

	code_init(&c, f->content->buf, f->content->len);
	found = find_definition(&c, name, d);
	if (found && line)
		*line = c.v[d->start].line;
	code_release(&c);
	return found;
}

/* The definition for a placeholder of `name` in file f (see the header). */
static struct rewrite_file *definition_for(struct rewrite_context *ctx, struct rewrite_file *f,
					   const char *name, struct strbuf *why)
{
	struct definition d;
	struct rewrite_file *found = NULL;
	int count = 0;

	if (defines(f, name, &d, NULL))
		return f;
	for (int tier = 0; tier < 2 && !count; tier++) {
		for (size_t i = 0; i < ctx->nr; i++) {
			struct rewrite_file *g = &ctx->files[i];

			if (!g->in_step || g == f || (!tier && strcmp(g->subsystem, f->subsystem)))
				continue;
			if (defines(g, name, &d, NULL)) {
				found = g;
				count++;
			}
		}
	}
	if (count == 1)
		return found;
	strbuf_addf(why, count ? "struct class %s is defined in %d files" :
		    "no definition of struct class %s", name, count);
	return NULL;
}

static void job_add_file(struct class_job *j, const char *path)
{
	if (!strvec_has(&j->files, path))
		strvec_push(&j->files, path);
}

/* Replace sb[at, at + len) with text. */
static void splice(struct strbuf *sb, size_t at, size_t len, const char *text)
{
	struct strbuf out = STRBUF_INIT;

	strbuf_add(&out, sb->buf, at);
	strbuf_addstr(&out, text);
	strbuf_add(&out, sb->buf + at + len, sb->len - at - len);
	strbuf_reset(sb);
	strbuf_add(sb, out.buf, out.len);
	strbuf_release(&out);
}

/* How many times text names identifier `name`. */
static size_t names(const struct strbuf *text, const char *name)
{
	struct code c;
	size_t n = 0;

	code_init(&c, text->buf, text->len);
	for (size_t i = 0; i < c.nr; i++)
		n += tok_is(&c, i, name);
	code_release(&c);
	return n;
}

/*
 * The file-scope definition "static T fn(...) {" in text: its "static"
 * token's offset and the prototype "T fn(...)" in one line (runs of
 * spaces, tabs and newlines made one space), appended to proto.
 */
static int static_function(const struct strbuf *text, const char *fn, size_t *static_at,
			   struct strbuf *proto)
{
	struct code c;
	int found = 0;

	code_init(&c, text->buf, text->len);
	for (size_t i = 1; i + 1 < c.nr && !found; i++) {
		size_t close, from = i;

		if (c.brace[i] || !tok_is(&c, i, fn) || !tok_is(&c, i + 1, "("))
			continue;
		close = lex_tokens_match(c.v, c.nr, i + 1);
		if (close >= c.nr || !tok_is(&c, close + 1, "{"))
			continue;
		while (from > 0 && !tok_is(&c, from - 1, ";") && !tok_is(&c, from - 1, "}") &&
		       !tok_is(&c, from - 1, "static"))
			from--;
		if (from == 0 || !tok_is(&c, from - 1, "static"))
			break;
		*static_at = c.v[from - 1].offset;
		for (size_t at = c.v[from].offset, end = tok_end(&c, close); at < end; at++) {
			if (strchr(" \t\n", text->buf[at])) {
				while (at + 1 < end && strchr(" \t\n", text->buf[at + 1]))
					at++;
				strbuf_addch(proto, ' ');
			} else {
				strbuf_addch(proto, text->buf[at]);
			}
		}
		found = 1;
	}
	code_release(&c);
	return found;
}

/* The one step header declaring "extern struct class *name;", and the end of that line. */
static struct rewrite_file *extern_header(struct rewrite_context *ctx, const char *name, size_t *eol)
{
	struct rewrite_file *found = NULL;
	struct strbuf decl = STRBUF_INIT;

	strbuf_addf(&decl, "extern struct class *%s;", name);
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *h = &ctx->files[i];
		const char *at;
		size_t len = strlen(h->path);

		if (!h->in_step || len < 2 || strcmp(h->path + len - 2, ".h") ||
		    !(at = strstr(h->content->buf, decl.buf)))
			continue;
		if (found) {
			found = NULL;
			break;
		}
		found = h;
		*eol = line_end(h->content->buf, h->content->len, (size_t)(at - h->content->buf));
	}
	strbuf_release(&decl);
	return found;
}

/*
 * A function static in the definition's file, assigned after class_create()
 * in another file, which does not see it (a class registered away from
 * where it is defined): the function loses its static and its prototype
 * joins the class's extern declaration in the header that declares it, so
 * the assignment compiles.  Without such a header the assignment is left,
 * and said: verify holds the file back on the undeclared name.
 */
static void make_visible(struct rewrite_context *ctx, struct class_job *job)
{
	for (size_t k = 0; k < job->ci.lines.nr; k++) {
		const char *line = job->ci.lines.v[k], *eq = strstr(line, " = ");
		struct strbuf fn = STRBUF_INIT, proto = STRBUF_INIT;
		size_t static_at, eol = 0;
		struct rewrite_file *h;

		if (line[0] == '#' || !eq)
			continue;
		strbuf_add(&fn, eq + 3, strcspn(eq + 3, ";"));
		for (size_t i = 0; i < fn.len; i++)
			if (!lex_ident_char((unsigned char)fn.buf[i]))
				strbuf_reset(&fn);
		if (!fn.len || !static_function(job->def->content, fn.buf, &static_at, &proto)) {
			strbuf_release(&fn);
			strbuf_release(&proto);
			continue;
		}
		for (size_t f = 0; f < job->files.nr; f++) {
			struct rewrite_file *u = rewrite_file_find(ctx, job->files.v[f]);
			size_t field = (size_t)(eq - line) - strlen(job->name) - 2;

			if (u == job->def || !strstr(u->content->buf, line) || names(u->content, fn.buf) > 1)
				continue;
			h = extern_header(ctx, job->name, &eol);
			if (!h) {
				strvec_pushf(ctx->log, "%s: class-initializer: %s->%.*s = %s after "
					     "class_create() names a function static in %s, and no header "
					     "of the step declares struct class %s for both: left for a "
					     "human (move the assignment or the function)", u->path,
					     job->name, (int)field, line + strlen(job->name) + 2, fn.buf,
					     job->def->path, job->name);
				break;
			}
			strbuf_addch(&proto, ';');
			splice(h->content, eol, 0, "\n");
			splice(h->content, eol + 1, 0, proto.buf);
			splice(job->def->content, static_at, strlen("static "), "");
			strvec_pushf(ctx->log, "%s: class-initializer: %s, static in %s, is assigned "
				     "after class_create() here: no longer static, declared in %s",
				     u->path, fn.buf, job->def->path, h->path);
			break;
		}
		strbuf_release(&fn);
		strbuf_release(&proto);
	}
}

int rewrite_class_initializer(struct rewrite_context *ctx)
{
	struct class_job *jobs = NULL;
	size_t nr = 0, alloc = 0;
	struct strbuf why = STRBUF_INIT;
	int rc = 0;

	/* the placeholders, and the definition each one stands for */
	for (size_t i = 0; i < ctx->nr && !rc; i++) {
		struct rewrite_file *f = &ctx->files[i];
		struct code c;

		if (!f->in_step || !strstr(f->content->buf, "CDMIGRATE_CLASS_"))
			continue;
		code_init(&c, f->content->buf, f->content->len);
		for (size_t t = 0; t + 3 < c.nr && !rc; t++) {
			int fields = placeholder(&c, t, FIELDS, NULL);
			char *name;
			struct rewrite_file *def;
			size_t j;

			if (!fields && !placeholder(&c, t, ARGS, NULL))
				continue;
			name = xstrndup(c.v[t + 2].text, c.v[t + 2].len);
			def = definition_for(ctx, f, name, &why);
			if (!def) {
				rc = error("%s:%u: class-initializer: %s", f->path, c.v[t].line, why.buf);
				free(name);
				break;
			}
			for (j = 0; j < nr && (strcmp(jobs[j].name, name) || jobs[j].def != def); j++)
				;
			if (j == nr) {
				ALLOC_GROW(jobs, nr + 1, alloc);
				memset(&jobs[nr], 0, sizeof(*jobs));
				jobs[nr].name = name;
				jobs[nr].def = def;
				jobs[nr].files = (struct strvec)STRVEC_INIT;
				jobs[nr].ci = (struct class_initializer)CLASS_INITIALIZER_INIT;
				nr++;
			} else {
				free(name);
			}
			jobs[j].has_fields |= fields;
			job_add_file(&jobs[j], f->path);
		}
		code_release(&c);
	}
	/* every initializer first: a refusal changes nothing */
	for (size_t j = 0; j < nr && !rc; j++) {
		struct class_job *job = &jobs[j];
		struct definition d;
		struct code c;

		defines(job->def, job->name, &d, &job->line);
		code_init(&c, job->def->content->buf, job->def->content->len);
		strbuf_reset(&why);
		if (class_initializer_parse(&job->ci, job->name, job->def->content->buf + c.v[d.open].offset,
					    tok_end(&c, d.close) - c.v[d.open].offset, &why) < 0)
			rc = error("%s:%u: class-initializer: struct class %s cannot become a "
				   "class_create(): %s; convert it by hand", job->def->path, job->line,
				   job->name, why.buf);
		else if (job->ci.lines.nr && !job->has_fields)
			rc = error("%s:%u: class-initializer: struct class %s sets fields to assign "
				   "after class_create(), but a registration does not check it",
				   job->def->path, job->line, job->name);
		code_release(&c);
	}
	for (size_t j = 0; j < nr && !rc; j++) {
		struct class_job *job = &jobs[j];
		struct strbuf set = STRBUF_INIT;

		for (size_t k = 0; k < job->files.nr; k++) {
			struct rewrite_file *f = rewrite_file_find(ctx, job->files.v[k]);

			class_initializer_apply(f->content, job->name, &job->ci, f == job->def);
		}
		if (!strvec_has(&job->files, job->def->path))
			class_initializer_apply(job->def->content, job->name, &job->ci, 1);
		make_visible(ctx, job);
		for (size_t k = 0; k < job->ci.lines.nr; k++) {
			const char *line = job->ci.lines.v[k], *f = line + strlen(job->name) + 2;

			if (line[0] != '#')
				strbuf_addf(&set, "%s%.*s", set.len ? ", " : ", then sets ",
					    (int)strcspn(f, " "), f);
		}
		strvec_pushf(ctx->log, "%s:%u: class-initializer: struct class %s becomes a pointer: "
			     "class_create(%s, %s)%s", job->def->path, job->line, job->name,
			     job->ci.owner, job->ci.name, set.buf);
		strbuf_release(&set);
	}
	for (size_t j = 0; j < nr; j++) {
		free(jobs[j].name);
		strvec_clear(&jobs[j].files);
		class_initializer_release(&jobs[j].ci);
	}
	free(jobs);
	strbuf_release(&why);
	return rc ? REWRITE_REFUSED : 0;
}
