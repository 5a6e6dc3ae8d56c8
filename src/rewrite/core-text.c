#define _GNU_SOURCE
#include "rewrite/core-text.h"
#include "kernel/manifest.h"
#include "lex/template.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "lex/lex.h"

/* ------------------------------------------------------------ fragment files */

static int is_ident(const char *s, size_t n)
{
	if (!n || !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		return 0;
	for (size_t i = 1; i < n; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return 0;
	return 1;
}

static int blank(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
			return 0;
	return 1;
}

/* "S.M" into tag and member; 0 when it is not two identifiers. */
static int split_member(const char *s, char **tag, char **member)
{
	const char *dot = strchr(s, '.');

	if (!dot || !is_ident(s, (size_t)(dot - s)) || !is_ident(dot + 1, strlen(dot + 1)))
		return 0;
	*tag = xstrndup(s, (size_t)(dot - s));
	*member = xstrdup(dot + 1);
	return 1;
}

/* "before FUNC: PROVIDES" or "after ...: PROVIDES" into a new section. */
static int parse_section(struct core_text_section *s, const char *line)
{
	const char *colon = strchr(line, ':'), *rest;
	char *anchor, *provides;
	size_t n;
	int ok = 1;

	memset(s, 0, sizeof(*s));
	s->members = (struct strvec)STRVEC_INIT;
	if (starts_with(line, "before ")) {
		s->where = CORE_TEXT_BEFORE;
		rest = line + strlen("before ");
	} else if (starts_with(line, "after ")) {
		s->where = CORE_TEXT_AFTER;
		rest = line + strlen("after ");
	} else {
		return 0;
	}
	if (!colon || colon < rest)
		return 0;
	anchor = xstrndup_trimmed(rest, (size_t)(colon - rest));
	provides = xstrndup_trimmed(colon + 1, strlen(colon + 1));
	if (strchr(anchor, '.')) {
		const char *dot = strchr(anchor, '.'), *p;

		if (s->where != CORE_TEXT_AFTER || !is_ident(anchor, (size_t)(dot - anchor))) {
			ok = 0;
		} else {
			s->where = CORE_TEXT_AFTER_MEMBER;
			s->anchor = xstrndup(anchor, (size_t)(dot - anchor));
			for (p = dot + 1; ok; ) {
				const char *bar = strchr(p, '|');

				n = bar ? (size_t)(bar - p) : strlen(p);
				if (!is_ident(p, n))
					ok = 0;
				else
					strvec_pushf(&s->members, "%.*s", (int)n, p);
				if (!bar)
					break;
				p = bar + 1;
			}
		}
	} else if (is_ident(anchor, strlen(anchor))) {
		s->anchor = xstrdup(anchor);
	} else {
		ok = 0;
	}
	n = strlen(provides);
	if (!ok) {
		;
	} else if (n > 2 && !strcmp(provides + n - 2, "()") && is_ident(provides, n - 2)) {
		s->provides = CORE_TEXT_DECLARATION;
		s->name = xstrndup(provides, n - 2);
	} else if (strchr(provides, '.')) {
		s->provides = CORE_TEXT_MEMBER;
		ok = split_member(provides, &s->tag, &s->name);
	} else if (is_ident(provides, n)) {
		s->provides = CORE_TEXT_DEFINITION;
		s->name = xstrdup(provides);
	} else {
		ok = 0;
	}
	free(anchor);
	free(provides);
	return ok;
}

static void section_release(struct core_text_section *s)
{
	free(s->anchor);
	strvec_clear(&s->members);
	free(s->name);
	free(s->tag);
	free(s->text);
}

/* The text of a section: its lines without the blank ones around them. */
static char *section_text(const struct strbuf *body)
{
	size_t start = 0, end = body->len;

	while (start < end) {
		const char *nl = memchr(body->buf + start, '\n', end - start);
		size_t eol = nl ? (size_t)(nl - body->buf) : end;

		if (!blank(body->buf + start, eol - start))
			break;
		start = eol + 1;
	}
	while (end > start && (body->buf[end - 1] == '\n' || body->buf[end - 1] == ' ' ||
			       body->buf[end - 1] == '\t' || body->buf[end - 1] == '\r'))
		end--;
	if (start >= end)
		return NULL;
	return xstrfmt("%.*s\n", (int)(end - start), body->buf + start);
}

int core_text_parse(struct core_text *ct, const char *path, const char *text, size_t len)
{
	struct template_section *sections;
	size_t nr = template_sections(text, len, &sections);
	int rc = 0;

	ct->path = xstrdup(path);
	for (size_t i = 0; i < nr && !rc; i++) {
		const struct template_section *t = &sections[i];
		struct core_text_section *open;
		struct strbuf body = STRBUF_INIT;

		if (starts_with(t->head, "file ")) {
			free(ct->target);
			ct->target = xstrndup_trimmed(t->head + 5, strlen(t->head + 5));
			continue;
		}
		if (!ct->target) {
			rc = error("%s:%u: a section before \"@@ file PATH\"", path, t->line);
			break;
		}
		ALLOC_GROW(ct->v, ct->nr + 1, ct->alloc);
		open = &ct->v[ct->nr++];
		if (!parse_section(open, t->head))
			rc = error("%s:%u: expected \"@@ before|after ANCHOR: PROVIDES\"", path, t->line);
		open->line = t->line;
		strbuf_addstr(&body, t->body);
		if (!rc && !(open->text = section_text(&body)))
			rc = error("%s:%u: empty section", path, open->line);
		strbuf_release(&body);
	}
	template_sections_free(sections, nr);
	if (!rc && !ct->nr)
		rc = error("%s: no section (\"@@ before|after ANCHOR: PROVIDES\")", path);
	return rc;
}

void core_text_release(struct core_text *ct)
{
	for (size_t i = 0; i < ct->nr; i++)
		section_release(&ct->v[i]);
	free(ct->v);
	free(ct->path);
	free(ct->target);
	memset(ct, 0, sizeof(*ct));
}

/* ------------------------------------------------------------ the target text */

/*
 * The code tokens of a text (no directive lines), with the brace and
 * parenthesis depth before each.
 */
struct code {
	const char *text;
	size_t len;
	struct lex_tokens all;
	struct lex_token *v;
	int *brace, *paren;
	size_t nr;
};

static void code_init(struct code *c, const char *text, size_t len)
{
	int brace = 0, paren = 0;

	memset(c, 0, sizeof(*c));
	c->text = text;
	c->len = len;
	c->all = (struct lex_tokens)LEX_TOKENS_INIT;
	lex_tokenize(text, len, &c->all);
	c->v = xcalloc(c->all.nr + 1, sizeof(*c->v));
	c->brace = xcalloc(c->all.nr + 1, sizeof(int));
	c->paren = xcalloc(c->all.nr + 1, sizeof(int));
	for (size_t i = 0; i < c->all.nr; i++) {
		const struct lex_token *t = &c->all.v[i];

		if (t->directive)
			continue;
		c->brace[c->nr] = brace;
		c->paren[c->nr] = paren;
		c->v[c->nr++] = *t;
		if (t->kind != TOKEN_PUNCT || t->len != 1)
			continue;
		if (*t->text == '{')
			brace++;
		else if (*t->text == '}' && brace)
			brace--;
		else if (*t->text == '(' || *t->text == '[')
			paren++;
		else if ((*t->text == ')' || *t->text == ']') && paren)
			paren--;
	}
}

static void code_release(struct code *c)
{
	lex_tokens_release(&c->all);
	free(c->v);
	free(c->brace);
	free(c->paren);
}

static int tok_is(const struct code *c, size_t i, const char *s)
{
	return i < c->nr && lex_token_is(&c->v[i], s);
}

static int tok_ident(const struct code *c, size_t i, const char *name)
{
	return i < c->nr && c->v[i].kind == TOKEN_IDENT && lex_token_is(&c->v[i], name);
}

/* A member or field access: the token before i is "->" or ".". */
static int after_access(const struct code *c, size_t i)
{
	return i > 0 && (tok_is(c, i - 1, "->") || tok_is(c, i - 1, "."));
}

/*
 * The function NAME defined at file scope: its name token and the braces
 * of its body.  Returns 0 when there is none.
 */
static int find_function(const struct code *c, const char *name, size_t *at, size_t *open,
			 size_t *close)
{
	for (size_t i = 0; i + 1 < c->nr; i++) {
		size_t k;

		if (c->brace[i] || c->paren[i] || !tok_ident(c, i, name) || !tok_is(c, i + 1, "("))
			continue;
		k = lex_tokens_match(c->v, c->nr, i + 1) + 1;
		/* attributes between the parameters and the body */
		while (k + 1 < c->nr && c->v[k].kind == TOKEN_IDENT) {
			k++;
			if (tok_is(c, k, "("))
				k = lex_tokens_match(c->v, c->nr, k) + 1;
		}
		if (!tok_is(c, k, "{"))
			continue;
		*at = i;
		*open = k;
		*close = lex_tokens_match(c->v, c->nr, k);
		if (*close >= c->nr)
			return 0;
		return 1;
	}
	return 0;
}

/*
 * Whether the declaration holding token i (at file scope) says `word`: back
 * to the ';' or the closing brace that ends what comes before it.
 */
static int declaration_says(const struct code *c, size_t i, const char *word)
{
	while (i > 0 && !(c->brace[i - 1] == 0 && tok_is(c, i - 1, ";")) &&
	       !(c->brace[i - 1] == 1 && tok_is(c, i - 1, "}"))) {
		i--;
		if (tok_ident(c, i, word))
			return 1;
	}
	return 0;
}

/* NAME defined at file scope: a function with a body, or an object. */
static int is_defined(const struct code *c, const char *name)
{
	size_t at, open, close;

	if (find_function(c, name, &at, &open, &close))
		return 1;
	for (size_t i = 0; i + 1 < c->nr; i++)
		if (!c->brace[i] && !c->paren[i] && tok_ident(c, i, name) &&
		    (tok_is(c, i + 1, "=") || tok_is(c, i + 1, ";") || tok_is(c, i + 1, "[") ||
		     tok_is(c, i + 1, ",")) &&
		    !declaration_says(c, i, "extern") && !declaration_says(c, i, "typedef"))
			return 1;
	return 0;
}

/* NAME(...) declared or defined at file scope. */
static int is_declared(const struct code *c, const char *name)
{
	for (size_t i = 0; i + 1 < c->nr; i++)
		if (!c->brace[i] && !c->paren[i] && tok_ident(c, i, name) && tok_is(c, i + 1, "("))
			return 1;
	return 0;
}

/* NAME called inside a function (not as a member). */
static int is_called(const struct code *c, const char *name)
{
	for (size_t i = 0; i + 1 < c->nr; i++)
		if (c->brace[i] && tok_ident(c, i, name) && tok_is(c, i + 1, "(") && !after_access(c, i))
			return 1;
	return 0;
}

/* The braces of "struct TAG { ... }" at file scope; 0 when there is none. */
static int find_struct(const struct code *c, const char *tag, size_t *open, size_t *close)
{
	for (size_t i = 0; i + 2 < c->nr; i++) {
		if (c->brace[i] || !tok_ident(c, i, "struct") || !tok_ident(c, i + 1, tag) ||
		    !tok_is(c, i + 2, "{"))
			continue;
		*open = i + 2;
		*close = lex_tokens_match(c->v, c->nr, i + 2);
		return *close < c->nr;
	}
	return 0;
}

/*
 * The ';' that ends the declaration of member M directly in the struct
 * whose braces are open..close (a plain member, an array, a bit-field, or
 * a function pointer "(*M)(...)"); 0 when there is none.
 */
static size_t member_end(const struct code *c, size_t open, size_t close, const char *member)
{
	int level = c->brace[open] + 1, paren = c->paren[open];

	for (size_t i = open + 1; i < close; i++) {
		int plain, pointer;

		if (c->brace[i] != level || !tok_ident(c, i, member))
			continue;
		plain = c->paren[i] == paren &&
			(tok_is(c, i + 1, ";") || tok_is(c, i + 1, ",") || tok_is(c, i + 1, "[") ||
			 tok_is(c, i + 1, ":"));
		pointer = c->paren[i] == paren + 1 && tok_is(c, i - 1, "*") && tok_is(c, i - 2, "(") &&
			  tok_is(c, i + 1, ")");
		if (!plain && !pointer)
			continue;
		for (size_t k = i + 1; k < close; k++)
			if (c->brace[k] == level && c->paren[k] == paren && tok_is(c, k, ";"))
				return k;
	}
	return 0;
}

static int has_member(const struct code *c, const char *tag, const char *member)
{
	size_t open, close;

	return find_struct(c, tag, &open, &close) && member_end(c, open, close, member);
}

/* The offset just after the end of the line holding offset `at`. */
static size_t after_line(const char *text, size_t len, size_t at)
{
	const char *nl = memchr(text + at, '\n', len - at);

	return nl ? (size_t)(nl - text) + 1 : len;
}

/*
 * Where text goes before function FUNC: the start of the line where its
 * declaration starts, or of the comments right above it (no blank line
 * between), but not before `floor` (the end of the code before it).
 */
static size_t before_function(const struct code *c, size_t at)
{
	size_t s = at, pos, floor;

	while (s > 0 && !c->brace[s - 1] && !tok_is(c, s - 1, ";") && !tok_is(c, s - 1, "}"))
		s--;
	floor = s > 0 ? c->v[s - 1].offset + c->v[s - 1].len : 0;
	pos = lex_line_start(c->text, c->v[s].offset);
	while (pos > floor) {
		size_t end = pos - 1, start = lex_line_start(c->text, end), k = end;

		while (k > start && (c->text[k - 1] == ' ' || c->text[k - 1] == '\t' ||
				     c->text[k - 1] == '\r'))
			k--;
		if (k - start >= 2 && c->text[k - 2] == '*' && c->text[k - 1] == '/') {
			size_t open = k - 2;

			while (open > floor && !(c->text[open] == '/' && c->text[open + 1] == '*'))
				open--;
			if (!(c->text[open] == '/' && c->text[open + 1] == '*') ||
			    !blank(c->text + lex_line_start(c->text, open), open - lex_line_start(c->text, open)))
				break;
			pos = lex_line_start(c->text, open);
		} else {
			size_t b = start;

			while (b < k && (c->text[b] == ' ' || c->text[b] == '\t'))
				b++;
			if (!(k - b >= 2 && c->text[b] == '/' && c->text[b + 1] == '/'))
				break;
			pos = start;
		}
	}
	return pos < floor ? lex_line_start(c->text, c->v[s].offset) : pos;
}

/* -------------------------------------------------------------------- apply */

struct insertion {
	size_t offset;
	size_t order;		/* the section's index: same offset, file order */
	char *text;
};

static int insertion_cmp(const void *a, const void *b)
{
	const struct insertion *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static char *substitute(const char *text, const char *link)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text, *at;

	while ((at = strstr(p, "@link@"))) {
		strbuf_add(&sb, p, (size_t)(at - p));
		strbuf_addstr(&sb, link);
		p = at + strlen("@link@");
	}
	strbuf_addstr(&sb, p);
	return strbuf_detach(&sb, NULL);
}

/* The section exports NAME: EXPORT_SYMBOL(NAME) or EXPORT_SYMBOL_GPL(NAME). */
static int exports(const struct code *c, const char *name)
{
	for (size_t i = 0; i + 3 < c->nr; i++)
		if ((tok_ident(c, i, "EXPORT_SYMBOL") || tok_ident(c, i, "EXPORT_SYMBOL_GPL")) &&
		    tok_is(c, i + 1, "(") && tok_ident(c, i + 2, name) && tok_is(c, i + 3, ")"))
			return 1;
	return 0;
}

/* The section names NAME (not as a member). */
static int names(const struct code *c, const char *name)
{
	for (size_t i = 0; i < c->nr; i++)
		if (tok_ident(c, i, name) && !after_access(c, i))
			return 1;
	return 0;
}

static int present(const struct code *c, const struct core_text_section *s)
{
	switch (s->provides) {
	case CORE_TEXT_DEFINITION:
		return is_defined(c, s->name);
	case CORE_TEXT_DECLARATION:
		return is_declared(c, s->name);
	case CORE_TEXT_MEMBER:
		return has_member(c, s->tag, s->name);
	}
	return 0;
}

static void describe(struct strbuf *sb, const struct core_text_section *s)
{
	strbuf_reset(sb);
	if (s->provides == CORE_TEXT_MEMBER)
		strbuf_addf(sb, "%s.%s", s->tag, s->name);
	else
		strbuf_addf(sb, "%s%s", s->name, s->provides == CORE_TEXT_DECLARATION ? "()" : "");
}

/* The offset where section s goes in the target, or -1 when it has no place. */
static long place(const struct code *c, const struct core_text_section *s)
{
	size_t at, open, close, end = 0;

	switch (s->where) {
	case CORE_TEXT_BEFORE:
		if (!find_function(c, s->anchor, &at, &open, &close))
			return -1;
		return (long)before_function(c, at);
	case CORE_TEXT_AFTER:
		if (!find_function(c, s->anchor, &at, &open, &close))
			return -1;
		return (long)after_line(c->text, c->len, c->v[close].offset);
	case CORE_TEXT_AFTER_MEMBER:
		if (!find_struct(c, s->anchor, &open, &close))
			return -1;
		for (size_t m = 0; m < s->members.nr && !end; m++)
			end = member_end(c, open, close, s->members.v[m]);
		if (!end)
			return -1;
		return (long)after_line(c->text, c->len, c->v[end].offset);
	}
	return -1;
}

int core_text_apply(const struct core_text *ct, const char *text, size_t len, const char *link,
		    struct strbuf *out, struct strvec *added)
{
	struct code target;
	struct code *sections = xcalloc(ct->nr + 1, sizeof(*sections));
	char **texts = xcalloc(ct->nr + 1, sizeof(*texts));
	int *want = xcalloc(ct->nr + 1, sizeof(int)), *have = xcalloc(ct->nr + 1, sizeof(int));
	struct insertion *ins = xcalloc(ct->nr + 1, sizeof(*ins));
	struct strbuf what = STRBUF_INIT;
	size_t nr_ins = 0, pos = 0;
	int changed = 1, rc = 0;

	code_init(&target, text, len);
	for (size_t i = 0; i < ct->nr; i++) {
		texts[i] = substitute(ct->v[i].text, link);
		code_init(&sections[i], texts[i], strlen(texts[i]));
		have[i] = present(&target, &ct->v[i]);
	}
	/* what is missing and needed, to a fixed point over the sections' names */
	while (changed) {
		changed = 0;
		for (size_t i = 0; i < ct->nr; i++) {
			const struct core_text_section *s = &ct->v[i];
			int needed = s->provides != CORE_TEXT_DEFINITION ||
				     exports(&sections[i], s->name) || is_called(&target, s->name);

			if (want[i] || have[i])
				continue;
			for (size_t j = 0; !needed && j < ct->nr; j++)
				needed = want[j] && names(&sections[j], s->name);
			if (needed)
				want[i] = changed = 1;
		}
	}
	for (size_t i = 0; i < ct->nr && !rc; i++) {
		const struct core_text_section *s = &ct->v[i];
		long at;

		if (!want[i])
			continue;
		at = place(&target, s);
		describe(&what, s);
		if (at < 0) {
			rc = error("%s: no %s%s%s for %s (%s:%u): the driver core is not shaped as "
				   "expected; add it by hand", ct->target,
				   s->where == CORE_TEXT_AFTER_MEMBER ? "member of struct " : "function ",
				   s->anchor, s->where == CORE_TEXT_AFTER_MEMBER ? "" : "()", what.buf,
				   ct->path, s->line);
			break;
		}
		ins[nr_ins].offset = (size_t)at;
		ins[nr_ins].order = i;
		ins[nr_ins].text = s->where == CORE_TEXT_BEFORE ? xstrfmt("%s\n", texts[i]) :
				   s->where == CORE_TEXT_AFTER ? xstrfmt("\n%s", texts[i]) :
				   xstrdup(texts[i]);
		nr_ins++;
		if (added)
			strvec_push(added, what.buf);
	}
	strbuf_reset(out);
	if (!rc) {
		sort_array(ins, nr_ins, sizeof(*ins), insertion_cmp);
		for (size_t i = 0; i < nr_ins; i++) {
			strbuf_add(out, text + pos, ins[i].offset - pos);
			strbuf_addstr(out, ins[i].text);
			pos = ins[i].offset;
		}
		strbuf_add(out, text + pos, len - pos);
	}
	for (size_t i = 0; i < ct->nr; i++) {
		code_release(&sections[i]);
		free(texts[i]);
	}
	for (size_t i = 0; i < nr_ins; i++)
		free(ins[i].text);
	code_release(&target);
	strbuf_release(&what);
	free(sections);
	free(texts);
	free(want);
	free(have);
	free(ins);
	return rc ? -1 : (int)nr_ins;
}

const char *core_text_link(const char *text, size_t len)
{
	struct code c;
	int class_node;

	if (!text)
		return "node";
	code_init(&c, text, len);
	class_node = has_member(&c, "device", "class_node");
	code_release(&c);
	return class_node ? "class_node" : "node";
}

/* --------------------------------------------------------------------- pass */

static int fragment_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The fragment files of 30-core/, sorted. */
static int list_fragments(const char *dir, struct strvec *files)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d)
		return error_errno("%s: cannot read the core text: reinstall cdmigrate", dir);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.' && ends_with(e->d_name, ".in"))
			strvec_push(files, e->d_name);
	closedir(d);
	if (files->nr)
		sort_array(files->v, files->nr, sizeof(*files->v), fragment_cmp);
	return 0;
}

int rewrite_core_text(struct rewrite_context *ctx)
{
	char *dir = path_join(manifest_patch_dir(), "30-core");
	struct strvec files = STRVEC_INIT;
	struct rewrite_file *device_h = rewrite_file_find(ctx, "include/linux/device.h");
	const char *link;
	int rc = 0;

	if (list_fragments(dir, &files) < 0) {
		free(dir);
		return -1;
	}
	link = core_text_link(device_h ? device_h->content->buf : NULL,
			      device_h ? device_h->content->len : 0);
	for (size_t i = 0; i < files.nr && !rc; i++) {
		char *path = path_join(dir, files.v[i]);
		struct strbuf raw = STRBUF_INIT, out = STRBUF_INIT;
		struct strvec added = STRVEC_INIT;
		struct core_text ct = CORE_TEXT_INIT;
		struct rewrite_file *f;
		int n;

		if (strbuf_read_file(&raw, path) < 0)
			rc = error_errno("%s: cannot read", path);
		else if (core_text_parse(&ct, path, raw.buf, raw.len) < 0)
			rc = -1;
		else if ((f = rewrite_file_find(ctx, ct.target)) && f->in_step) {
			n = core_text_apply(&ct, f->content->buf, f->content->len, link, &out, &added);
			if (n < 0) {
				rc = REWRITE_REFUSED;
			} else if (n > 0) {
				struct strbuf line = STRBUF_INIT;

				strbuf_reset(f->content);
				strbuf_add(f->content, out.buf, out.len);
				strbuf_addf(&line, "%s: core-text: added", ct.target);
				for (size_t k = 0; k < added.nr; k++)
					strbuf_addf(&line, "%s %s", k ? "," : "", added.v[k]);
				strvec_push(ctx->log, line.buf);
				strbuf_release(&line);
			}
		}
		core_text_release(&ct);
		strvec_clear(&added);
		strbuf_release(&raw);
		strbuf_release(&out);
		free(path);
	}
	strvec_clear(&files);
	free(dir);
	return rc;
}
