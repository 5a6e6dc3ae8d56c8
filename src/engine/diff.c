#include "engine/diff.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/child.h"

/* diff and patch finish in milliseconds on any source file; this only stops a hang. */
#define DIFF_CHILD_TIMEOUT_MS 120000

/* Lines of context diff_merge() keeps around a change, as diff -u does. */
#define MERGE_CONTEXT 3

#define NO_NEWLINE_MARKER "\\ No newline at end of file\n"

void file_diff_init(struct file_diff *d)
{
	d->path = NULL;
	d->hunks = NULL;
	d->nr = d->alloc = 0;
}

void file_diff_add_hunk(struct file_diff *d, unsigned old_start, unsigned old_count,
			unsigned new_start, unsigned new_count, const char *lines)
{
	struct diff_hunk *h;

	ALLOC_GROW(d->hunks, d->nr + 1, d->alloc);
	h = &d->hunks[d->nr++];
	h->old_start = old_start;
	h->old_count = old_count;
	h->new_start = new_start;
	h->new_count = new_count;
	h->lines = xstrdup(lines);
}

void file_diff_release(struct file_diff *d)
{
	for (size_t i = 0; i < d->nr; i++)
		free(d->hunks[i].lines);
	free(d->hunks);
	free(d->path);
	file_diff_init(d);
}

void file_diff_list_free(struct file_diff *files, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		file_diff_release(&files[i]);
	free(files);
}

/* ---- parsing ---- */

struct parse_state {
	const char *p, *end;
	unsigned lineno;
	const char *line;	/* the current line */
	size_t len;		/* its length, newline included when there is one */
};

static int next_line(struct parse_state *ps)
{
	const char *nl;

	if (ps->p >= ps->end)
		return 0;
	ps->line = ps->p;
	nl = memchr(ps->p, '\n', ps->end - ps->p);
	ps->len = nl ? (size_t)(nl - ps->p) + 1 : (size_t)(ps->end - ps->p);
	ps->p += ps->len;
	ps->lineno++;
	return 1;
}

static int line_starts(const char *line, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && !memcmp(line, prefix, n);
}

/* The line after the current one starts with prefix (without consuming it). */
static int peek_starts(const struct parse_state *ps, const char *prefix)
{
	return line_starts(ps->p, ps->end - ps->p, prefix);
}

/*
 * The path of a "--- " or "+++ " line: cut at a tab (timestamp) or the
 * end of line, strip the a/ or b/ prefix.  Returns NULL for /dev/null.
 */
static char *header_path(const char *line, size_t len, const char *prefix, int *quoted)
{
	const char *p = line + 4, *end = line + len;
	const char *tab = memchr(p, '\t', end - p);

	if (tab)
		end = tab;
	while (end > p && (end[-1] == '\n' || end[-1] == '\r'))
		end--;
	*quoted = end > p && *p == '"';
	if ((size_t)(end - p) == strlen("/dev/null") && !memcmp(p, "/dev/null", end - p))
		return NULL;
	if ((size_t)(end - p) > strlen(prefix) && !memcmp(p, prefix, strlen(prefix)))
		p += strlen(prefix);
	return xstrndup(p, end - p);
}

static int parse_number(const char **pp, const char *end, unsigned *out)
{
	const char *p = *pp;
	unsigned long v = 0;

	if (p >= end || *p < '0' || *p > '9')
		return -1;
	while (p < end && *p >= '0' && *p <= '9') {
		v = v * 10 + (unsigned long)(*p - '0');
		if (v > UINT_MAX / 2)
			return -1;
		p++;
	}
	*out = (unsigned)v;
	*pp = p;
	return 0;
}

static int parse_range(const char **pp, const char *end, char sign,
		       unsigned *start, unsigned *count)
{
	const char *p = *pp;

	if (p >= end || *p++ != sign || parse_number(&p, end, start) < 0)
		return -1;
	*count = 1;
	if (p < end && *p == ',') {
		p++;
		if (parse_number(&p, end, count) < 0)
			return -1;
	}
	*pp = p;
	return 0;
}

/* "@@ -a[,b] +c[,d] @@[ text]" */
static int parse_hunk_header(const char *line, size_t len, struct diff_hunk *h)
{
	const char *p = line + 3, *end = line + len;

	if (parse_range(&p, end, '-', &h->old_start, &h->old_count) < 0 ||
	    p >= end || *p++ != ' ' ||
	    parse_range(&p, end, '+', &h->new_start, &h->new_count) < 0 ||
	    !line_starts(p, end - p, " @@"))
		return -1;
	return 0;
}

/* Append one line to a hunk body, with the newline it may lack. */
static void add_body_line(struct strbuf *body, char prefix, const char *text, size_t len)
{
	if (len && text[len - 1] == '\n')
		len--;
	strbuf_addch(body, prefix);
	strbuf_add(body, text, len);
	strbuf_addch(body, '\n');
}

static struct file_diff *new_file(struct file_diff **files, size_t *nr, size_t *alloc,
				  char *path)
{
	struct file_diff *d;

	ALLOC_GROW(*files, *nr + 1, *alloc);
	d = &(*files)[(*nr)++];
	file_diff_init(d);
	d->path = path;
	return d;
}

/*
 * Read the "--- "/"+++ " pair; ps->line is the "--- " line.  Returns the
 * path (caller frees) or NULL after error().
 */
static char *parse_file_header(struct parse_state *ps)
{
	char *old_path, *new_path;
	int old_quoted, new_quoted;
	unsigned at = ps->lineno;

	old_path = header_path(ps->line, ps->len, "a/", &old_quoted);
	next_line(ps);
	new_path = header_path(ps->line, ps->len, "b/", &new_quoted);
	if (old_quoted || new_quoted) {
		error("diff line %u: quoted file names are not supported", at);
		goto fail;
	}
	if (!old_path && !new_path) {
		error("diff line %u: both sides are /dev/null", at);
		goto fail;
	}
	if ((old_path && !*old_path) || (new_path && !*new_path)) {
		error("diff line %u: no file name", at);
		goto fail;
	}
	if (old_path && new_path && strcmp(old_path, new_path)) {
		error("diff line %u: '%s' and '%s' are different files (renames are not supported)",
		      at, old_path, new_path);
		goto fail;
	}
	if (old_path) {
		free(new_path);
		return old_path;
	}
	return new_path;
fail:
	free(old_path);
	free(new_path);
	return NULL;
}

/*
 * Read the body of hunk h (header already parsed; ps->line is the @@
 * line) into body.  Returns 0 or -1 after error().
 */
static int parse_hunk_body(struct parse_state *ps, const struct diff_hunk *h,
			   struct strbuf *body)
{
	unsigned old_left = h->old_count, new_left = h->new_count;
	unsigned at = ps->lineno;
	int have_line = 0;

	while (old_left || new_left) {
		char c;

		if (!next_line(ps))
			return error("diff line %u: hunk ends early (%u old and %u new lines missing)",
				     at, old_left, new_left);
		c = ps->line[0];
		if (ps->len == 1 && c == '\n') {
			/* An empty context line whose space a mailer stripped. */
			if (!old_left || !new_left)
				goto bad;
			old_left--;
			new_left--;
			strbuf_addstr(body, " \n");
			have_line = 1;
			continue;
		}
		switch (c) {
		case ' ':
			if (!old_left || !new_left)
				goto bad;
			old_left--;
			new_left--;
			break;
		case '-':
			if (!old_left)
				goto bad;
			old_left--;
			break;
		case '+':
			if (!new_left)
				goto bad;
			new_left--;
			break;
		case '\\':
			if (!have_line)
				goto bad;
			break;
		default:
			goto bad;
		}
		add_body_line(body, c, ps->line + 1, ps->len - 1);
		have_line = 1;
	}
	return 0;
bad:
	return error("diff line %u: unexpected line in the hunk of line %u "
		     "(%u old and %u new lines still expected)",
		     ps->lineno, at, old_left, new_left);
}

int diff_parse(const char *text, size_t len, struct file_diff **files, size_t *nr)
{
	struct parse_state ps = { text, text + len, 0, NULL, 0 };
	struct file_diff *list = NULL, *cur = NULL;
	size_t list_nr = 0, list_alloc = 0;
	struct strbuf body = STRBUF_INIT;
	int after_hunk = 0;

	*files = NULL;
	*nr = 0;
	/*
	 * Hunk lines are kept as C strings: a NUL byte would cut a line
	 * short, and the file diff would then not say what the text said.
	 */
	if (memchr(text, '\0', len)) {
		const char *nul = memchr(text, '\0', len);
		unsigned lineno = 1;

		for (const char *p = text; p < nul; p++)
			lineno += *p == '\n';
		return error("diff line %u: NUL byte (a diff of binary data is not handled)", lineno);
	}
	while (next_line(&ps)) {
		const char *line = ps.line;
		size_t n = ps.len;

		if (after_hunk && line[0] == '\\') {
			/* "\ No newline at end of file" after the hunk's last line. */
			struct diff_hunk *h = &cur->hunks[cur->nr - 1];

			strbuf_addstr(&body, h->lines);
			add_body_line(&body, '\\', line + 1, n - 1);
			free(h->lines);
			h->lines = strbuf_detach(&body, NULL);
			continue;
		}
		if (line_starts(line, n, "--- ") && peek_starts(&ps, "+++ ")) {
			char *path = parse_file_header(&ps);

			if (!path)
				goto fail;
			cur = new_file(&list, &list_nr, &list_alloc, path);
			after_hunk = 0;
			continue;
		}
		if (line_starts(line, n, "@@ ")) {
			struct diff_hunk h;

			if (!cur) {
				error("diff line %u: hunk before any '---' / '+++' file header", ps.lineno);
				goto fail;
			}
			if (parse_hunk_header(line, n, &h) < 0) {
				error("diff line %u: malformed hunk header '%.*s'", ps.lineno,
				      (int)(n && line[n - 1] == '\n' ? n - 1 : n), line);
				goto fail;
			}
			if (!h.old_count && !h.new_count) {
				error("diff line %u: empty hunk", ps.lineno);
				goto fail;
			}
			strbuf_reset(&body);
			if (parse_hunk_body(&ps, &h, &body) < 0)
				goto fail;
			file_diff_add_hunk(cur, h.old_start, h.old_count,
					   h.new_start, h.new_count, body.buf);
			strbuf_reset(&body);
			after_hunk = 1;
			continue;
		}
		if (after_hunk && (line[0] == ' ' || line[0] == '+' ||
				   (line[0] == '-' && !line_starts(line, n, "-- ")))) {
			error("diff line %u: the hunk before is longer than its header says",
			      ps.lineno);
			goto fail;
		}
		/* Anything else (diff, index, mode lines, mail text) separates files. */
		after_hunk = 0;
	}
	strbuf_release(&body);
	*files = list;
	*nr = list_nr;
	return 0;
fail:
	strbuf_release(&body);
	file_diff_list_free(list, list_nr);
	return -1;
}

/* ---- the lines of a hunk ---- */

struct hline {
	char prefix;		/* ' ', '-' or '+' */
	const char *text;	/* after the prefix, newline included */
	size_t len;
	unsigned noeol:1;	/* followed by "\ No newline at end of file" */
};

/* Append a line in hunk form: prefix, text, and the marker when noeol. */
static void emit_hline(struct strbuf *out, char prefix, const struct hline *l)
{
	strbuf_addch(out, prefix);
	strbuf_add(out, l->text, l->len);
	if (l->len && l->text[l->len - 1] != '\n')
		strbuf_addch(out, '\n');
	if (l->noeol)
		strbuf_addstr(out, NO_NEWLINE_MARKER);
}

/*
 * Split hunk h of file path into lines and check them against the
 * header's counts.  *lines is allocated (caller frees); it points into
 * h->lines.  Returns 0 or -1 after error().
 */
static int hunk_lines(const char *path, const struct diff_hunk *h,
		      struct hline **lines, size_t *nr)
{
	struct hline *v = NULL;
	size_t n = 0, alloc = 0;
	unsigned old_seen = 0, new_seen = 0;
	const char *p = h->lines, *end = p + strlen(p);

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t len = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);

		switch (*p) {
		case '\\':
			if (!n || v[n - 1].noeol)
				goto bad;
			v[n - 1].noeol = 1;
			break;
		case ' ':
		case '-':
		case '+':
			ALLOC_GROW(v, n + 1, alloc);
			v[n].prefix = *p;
			v[n].text = p + 1;
			v[n].len = len - 1;
			v[n].noeol = 0;
			n++;
			if (*p != '+')
				old_seen++;
			if (*p != '-')
				new_seen++;
			break;
		default:
			goto bad;
		}
		p += len;
	}
	if (old_seen != h->old_count || new_seen != h->new_count) {
		error("%s: hunk @@ -%u,%u +%u,%u @@ has %u old and %u new lines",
		      path, h->old_start, h->old_count, h->new_start, h->new_count,
		      old_seen, new_seen);
		free(v);
		return -1;
	}
	*lines = v;
	*nr = n;
	return 0;
bad:
	free(v);
	return error("%s: malformed body in hunk @@ -%u,%u +%u,%u @@", path,
		     h->old_start, h->old_count, h->new_start, h->new_count);
}

/* ---- merging ---- */

/* A line of the original that some hunk shows (as context or removed). */
struct known_line {
	unsigned lineno;
	struct hline line;
	size_t diff;		/* which input showed it (for messages) */
};

/* A run of removed and added lines between context lines. */
struct change {
	unsigned s;		/* first replaced line; for a pure insertion the line it goes before */
	unsigned r;		/* original lines replaced */
	unsigned added;		/* lines added */
	struct strbuf body;	/* its '-' lines, then its '+' lines, in hunk form */
	size_t diff;		/* the input it came from */
};

struct merge_data {
	struct known_line *known;
	size_t known_nr, known_alloc;
	struct change *changes;
	size_t changes_nr, changes_alloc;
};

static void add_known(struct merge_data *md, unsigned lineno, const struct hline *l, size_t diff)
{
	ALLOC_GROW(md->known, md->known_nr + 1, md->known_alloc);
	md->known[md->known_nr].lineno = lineno;
	md->known[md->known_nr].line = *l;
	md->known[md->known_nr].diff = diff;
	md->known_nr++;
}

/* Cut hunk h of input `diff` into changes and known lines. */
static int collect_hunk(struct merge_data *md, const char *path,
			const struct diff_hunk *h, size_t diff)
{
	struct hline *lines = NULL;
	size_t nr = 0, i = 0;
	unsigned lineno = h->old_count ? h->old_start : h->old_start + 1;

	if (hunk_lines(path, h, &lines, &nr) < 0)
		return -1;
	while (i < nr) {
		struct change *c;
		size_t j;

		if (lines[i].prefix == ' ') {
			add_known(md, lineno++, &lines[i++], diff);
			continue;
		}
		ALLOC_GROW(md->changes, md->changes_nr + 1, md->changes_alloc);
		c = &md->changes[md->changes_nr++];
		c->s = lineno;
		c->r = c->added = 0;
		c->diff = diff;
		c->body = (struct strbuf)STRBUF_INIT;
		for (j = i; j < nr && lines[j].prefix != ' '; j++)
			if (lines[j].prefix == '-') {
				emit_hline(&c->body, '-', &lines[j]);
				add_known(md, lineno++, &lines[j], diff);
				c->r++;
			}
		for (j = i; j < nr && lines[j].prefix != ' '; j++)
			if (lines[j].prefix == '+') {
				emit_hline(&c->body, '+', &lines[j]);
				c->added++;
			}
		i = j;
	}
	free(lines);
	return 0;
}

static int compare_known(const void *a_, const void *b_)
{
	const struct known_line *a = a_, *b = b_;

	if (a->lineno != b->lineno)
		return a->lineno < b->lineno ? -1 : 1;
	return a->diff < b->diff ? -1 : a->diff > b->diff;
}

static int compare_changes(const void *a_, const void *b_)
{
	const struct change *a = a_, *b = b_;
	int cmp;

	if (a->s != b->s)
		return a->s < b->s ? -1 : 1;
	if (a->r != b->r)
		return a->r < b->r ? -1 : 1;
	if (a->body.len != b->body.len)
		return a->body.len < b->body.len ? -1 : 1;
	cmp = memcmp(a->body.buf, b->body.buf, a->body.len);
	if (cmp)
		return cmp;
	return a->diff < b->diff ? -1 : a->diff > b->diff;
}

static int same_change(const struct change *a, const struct change *b)
{
	return a->s == b->s && a->r == b->r && a->body.len == b->body.len &&
	       !memcmp(a->body.buf, b->body.buf, a->body.len);
}

static const struct hline *known_at(const struct merge_data *md, unsigned lineno)
{
	size_t lo = 0, hi = md->known_nr;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (md->known[mid].lineno == lineno)
			return &md->known[mid].line;
		if (md->known[mid].lineno < lineno)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static int same_hline(const struct hline *a, const struct hline *b)
{
	return a->len == b->len && a->noeol == b->noeol && !memcmp(a->text, b->text, a->len);
}

/* Sort the known lines, drop repeats, check that every input agrees. */
static int unique_known(struct merge_data *md, const char *path)
{
	size_t i, out = 0;

	sort_array(md->known, md->known_nr, sizeof(*md->known), compare_known);
	for (i = 0; i < md->known_nr; i++) {
		if (out && md->known[out - 1].lineno == md->known[i].lineno) {
			if (!same_hline(&md->known[out - 1].line, &md->known[i].line))
				return error("%s: diffs %zu and %zu disagree on line %u of the "
					     "original: they were not made against the same file",
					     path, md->known[out - 1].diff + 1,
					     md->known[i].diff + 1, md->known[i].lineno);
			continue;
		}
		md->known[out++] = md->known[i];
	}
	md->known_nr = out;
	return 0;
}

/* The original lines a change touches, for messages: [*lo, *hi]. */
static void change_span(const struct change *c, unsigned *lo, unsigned *hi)
{
	if (c->r) {
		*lo = c->s;
		*hi = c->s + c->r - 1;
	} else {
		*lo = c->s > 1 ? c->s - 1 : 1;
		*hi = c->s;
	}
}

static int changes_conflict(const struct change *a, const struct change *b)
{
	/* a->s <= b->s */
	if (a->r && b->r)
		return b->s < a->s + a->r;
	if (!a->r && !b->r)
		return a->s == b->s;
	if (!a->r)
		return a->s == b->s;
	return b->s <= a->s + a->r;
}

static int find_conflicts(const struct merge_data *md, const char *path, struct strbuf *why)
{
	int found = 0;

	for (size_t i = 0; i < md->changes_nr; i++) {
		const struct change *a = &md->changes[i];

		for (size_t j = i + 1; j < md->changes_nr && md->changes[j].s <= a->s + a->r; j++) {
			const struct change *b = &md->changes[j];
			unsigned lo_a, hi_a, lo_b, hi_b, lo, hi;

			if (!changes_conflict(a, b))
				continue;
			change_span(a, &lo_a, &hi_a);
			change_span(b, &lo_b, &hi_b);
			lo = lo_a < lo_b ? lo_a : lo_b;
			hi = hi_a > hi_b ? hi_a : hi_b;
			if (found++)
				strbuf_addch(why, '\n');
			if (lo == hi)
				strbuf_addf(why, "%s: line %u", path, lo);
			else
				strbuf_addf(why, "%s: lines %u-%u", path, lo, hi);
			if (a->diff == b->diff)
				strbuf_addf(why, " edited differently twice by one task (diff %zu)",
					    a->diff + 1);
			else
				strbuf_addf(why, " edited differently by two tasks (diffs %zu and %zu)",
					    a->diff < b->diff ? a->diff + 1 : b->diff + 1,
					    a->diff < b->diff ? b->diff + 1 : a->diff + 1);
		}
	}
	return found;
}

/* How many known lines run contiguously from `from` in direction step (+1/-1), up to max. */
static unsigned known_run(const struct merge_data *md, unsigned from, int step, unsigned max)
{
	unsigned n = 0;

	while (n < max) {
		long l = (long)from + step * (long)n;

		if (l < 1 || !known_at(md, (unsigned)l))
			break;
		n++;
	}
	return n;
}

/* Emit the changes [first, last) as one hunk covering old lines [lo, hi]. */
static void emit_group(const struct merge_data *md, size_t first, size_t last,
		       unsigned lo, unsigned hi, long delta, struct file_diff *out)
{
	struct strbuf body = STRBUF_INIT;
	unsigned old_count = 0, new_count = 0, l = lo;
	size_t ci = first;
	long new_first = (long)lo + delta;

	for (;;) {
		if (ci < last && md->changes[ci].s == l) {
			const struct change *c = &md->changes[ci++];

			strbuf_add(&body, c->body.buf, c->body.len);
			old_count += c->r;
			new_count += c->added;
			l += c->r;
			continue;
		}
		if (l > hi)
			break;
		emit_hline(&body, ' ', known_at(md, l));
		old_count++;
		new_count++;
		l++;
	}
	file_diff_add_hunk(out, old_count ? lo : lo - 1, old_count,
			   (unsigned)(new_count ? new_first : new_first - 1), new_count, body.buf);
	strbuf_release(&body);
}

static void build_hunks(const struct merge_data *md, struct file_diff *out)
{
	long delta = 0;
	size_t i = 0;

	while (i < md->changes_nr) {
		const struct change *c = &md->changes[i];
		unsigned lo = c->s - known_run(md, c->s - 1, -1, MERGE_CONTEXT);
		unsigned hi = c->s + c->r + known_run(md, c->s + c->r, 1, MERGE_CONTEXT) - 1;
		long group_delta = 0;
		size_t j = i;

		for (;;) {
			const struct change *cj = &md->changes[j];
			unsigned next_lo;

			group_delta += (long)cj->added - (long)cj->r;
			if (++j == md->changes_nr)
				break;
			cj = &md->changes[j];
			next_lo = cj->s - known_run(md, cj->s - 1, -1, MERGE_CONTEXT);
			if (next_lo > hi + 1)
				break;
			hi = cj->s + cj->r + known_run(md, cj->s + cj->r, 1, MERGE_CONTEXT) - 1;
		}
		emit_group(md, i, j, lo, hi, delta, out);
		delta += group_delta;
		i = j;
	}
}

static void merge_data_release(struct merge_data *md)
{
	for (size_t i = 0; i < md->changes_nr; i++)
		strbuf_release(&md->changes[i].body);
	free(md->changes);
	free(md->known);
}

int diff_merge(const struct file_diff *diffs, size_t nr, struct file_diff *out,
	       struct strbuf *why)
{
	struct merge_data md = { 0 };
	const char *path;
	size_t i, kept = 0;
	int ret = -1;

	file_diff_init(out);
	if (!nr)
		return error("diff_merge: no diff to merge");
	path = diffs[0].path ? diffs[0].path : "(no path)";
	for (i = 0; i < nr; i++) {
		if (!diffs[i].path || strcmp(diffs[i].path, path)) {
			error("diff_merge: diffs of different files ('%s' and '%s')",
			      path, diffs[i].path ? diffs[i].path : "(no path)");
			goto out;
		}
		for (size_t k = 0; k < diffs[i].nr; k++)
			if (collect_hunk(&md, path, &diffs[i].hunks[k], i) < 0)
				goto out;
	}
	if (unique_known(&md, path) < 0)
		goto out;

	sort_array(md.changes, md.changes_nr, sizeof(*md.changes), compare_changes);
	for (i = 0; i < md.changes_nr; i++) {
		if (kept && same_change(&md.changes[kept - 1], &md.changes[i])) {
			strbuf_release(&md.changes[i].body);
			continue;
		}
		md.changes[kept++] = md.changes[i];
	}
	md.changes_nr = kept;

	if (find_conflicts(&md, path, why)) {
		ret = 1;
		goto out;
	}
	out->path = xstrdup(path);
	build_hunks(&md, out);
	ret = 0;
out:
	merge_data_release(&md);
	return ret;
}

/* ---- text ---- */

static void add_range(struct strbuf *out, char sign, unsigned start, unsigned count)
{
	if (count == 1)
		strbuf_addf(out, "%c%u", sign, start);
	else
		strbuf_addf(out, "%c%u,%u", sign, start, count);
}

void diff_to_text(const struct file_diff *d, struct strbuf *out)
{
	if (!d->nr)
		return;
	strbuf_addf(out, "diff --git a/%s b/%s\n--- a/%s\n+++ b/%s\n",
		    d->path, d->path, d->path, d->path);
	for (size_t i = 0; i < d->nr; i++) {
		const struct diff_hunk *h = &d->hunks[i];

		strbuf_addstr(out, "@@ ");
		add_range(out, '-', h->old_start, h->old_count);
		strbuf_addch(out, ' ');
		add_range(out, '+', h->new_start, h->new_count);
		strbuf_addstr(out, " @@\n");
		strbuf_addstr(out, h->lines);
	}
}

void diff_stat(const struct file_diff *d, unsigned *added, unsigned *removed)
{
	unsigned a = 0, r = 0;

	for (size_t i = 0; i < d->nr; i++) {
		const char *p = d->hunks[i].lines;

		while (*p) {
			const char *nl = strchr(p, '\n');

			if (*p == '+')
				a++;
			else if (*p == '-')
				r++;
			if (!nl)
				break;
			p = nl + 1;
		}
	}
	*added = a;
	*removed = r;
}

/* ---- temporary files and the children ---- */

/* A fresh private directory under $TMPDIR (or /tmp); caller frees the path. */
static char *make_tmpdir(void)
{
	const char *base = getenv("TMPDIR");
	char *dir = xstrfmt("%s/cdmigrate-diff.XXXXXX", base && *base ? base : "/tmp");

	if (!mkdtemp(dir)) {
		error_errno("cannot create a temporary directory %s", dir);
		free(dir);
		return NULL;
	}
	return dir;
}

/* Remove the directory made by make_tmpdir() and whatever the children left in it. */
static void remove_tmpdir(char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (d) {
		while ((e = readdir(d))) {
			char *p;

			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			p = path_join(dir, e->d_name);
			unlink(p);
			free(p);
		}
		closedir(d);
	}
	if (rmdir(dir) < 0)
		warning("cannot remove temporary directory %s: %s", dir, strerror(errno));
	free(dir);
}

static int write_tmp(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wbx");
	int ret = 0;

	if (!f)
		return error_errno("cannot create %s", path);
	if (len && fwrite(data, 1, len, f) != len)
		ret = error_errno("cannot write %s", path);
	if (fclose(f) && !ret)
		ret = error_errno("cannot write %s", path);
	return ret;
}

/* Strip trailing newlines, for quoting a child's message in one line. */
static int trimmed_len(const struct strbuf *sb)
{
	size_t n = sb->len;

	while (n && (sb->buf[n - 1] == '\n' || sb->buf[n - 1] == '\r'))
		n--;
	return (int)n;
}

int diff_make(const char *path, const char *old, size_t old_len,
	      const char *new, size_t new_len, struct strbuf *out)
{
	struct child c = CHILD_INIT;
	struct strbuf dout = STRBUF_INIT, derr = STRBUF_INIT;
	char *dir, *old_file = NULL, *new_file = NULL;
	int code, timed_out = 0, ret = -1;

	if (strpbrk(path, "\n\t"))
		return error("diff: '%s': a file name with a newline or tab cannot be diffed", path);
	dir = make_tmpdir();
	if (!dir)
		return -1;
	old_file = path_join(dir, "old");
	new_file = path_join(dir, "new");
	if (write_tmp(old_file, old, old_len) < 0 || write_tmp(new_file, new, new_len) < 0)
		goto out;

	strvec_pushv(&c.args, (const char *[]){ "diff", "-u", NULL });
	strvec_pushf(&c.args, "--label=a/%s", path);
	strvec_pushf(&c.args, "--label=b/%s", path);
	strvec_pushv(&c.args, (const char *[]){ "--", old_file, new_file, NULL });
	strvec_push(&c.env, "LC_ALL=C");
	c.no_stdin = 1;
	code = child_capture(&c, NULL, 0, &dout, &derr, DIFF_CHILD_TIMEOUT_MS, &timed_out);
	if (code < 0) {
		error("%s: cannot run diff%s", path,
		      c.not_found ? " (not found: install the diffutils package)" : "");
	} else if (timed_out) {
		error("%s: diff did not finish in %u s", path, DIFF_CHILD_TIMEOUT_MS / 1000);
	} else if (code == 0) {
		ret = 0;
	} else if (code == 1 && starts_with(dout.buf, "--- ")) {
		strbuf_add(out, dout.buf, dout.len);
		ret = 1;
	} else {
		error("%s: diff failed (exit %d): %.*s", path, code,
		      derr.len ? trimmed_len(&derr) : trimmed_len(&dout),
		      derr.len ? derr.buf : dout.buf);
	}
out:
	child_release(&c);
	strbuf_release(&dout);
	strbuf_release(&derr);
	free(old_file);
	free(new_file);
	remove_tmpdir(dir);
	return ret;
}

/* One line of a text: where it starts and its length, its newline included. */
struct text_line {
	const char *text;
	size_t len;
};

static size_t split_lines(const char *text, size_t len, struct text_line **lines)
{
	size_t nr = 0, alloc = 0;

	*lines = NULL;
	for (size_t at = 0; at < len;) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - text) + 1 : len;

		ALLOC_GROW(*lines, nr + 1, alloc);
		(*lines)[nr].text = text + at;
		(*lines)[nr].len = end - at;
		nr++;
		at = end;
	}
	return nr;
}

int diff_apply_exact(const char *old, size_t old_len, const struct file_diff *d,
		     struct strbuf *new_content)
{
	struct strbuf out = STRBUF_INIT;
	struct text_line *lines;
	size_t nr = split_lines(old, old_len, &lines), pos = 0;
	int ok = 1;

	for (size_t h = 0; h < d->nr && ok; h++) {
		const struct diff_hunk *hk = &d->hunks[h];
		/* -N,0 inserts after line N; -N,M starts at line N */
		size_t start = hk->old_count ? (size_t)hk->old_start - 1 : (size_t)hk->old_start;
		unsigned olds = 0, news = 0;
		const char *p = hk->lines;

		if ((hk->old_count && !hk->old_start) || start < pos || start > nr) {
			ok = 0;
			break;
		}
		for (; pos < start; pos++)
			strbuf_add(&out, lines[pos].text, lines[pos].len);
		while (ok && *p) {
			const char *nl = strchr(p, '\n');
			size_t body = nl ? (size_t)(nl - p) : strlen(p);
			const char *next = nl ? nl + 1 : p + body;
			/* the line's newline, unless "\ No newline at end of file" follows it */
			size_t with_newline = body + (nl && *next != '\\');
			char kind = *p;

			if (kind == '\\') {
				p = next;
				continue;
			}
			if (kind == ' ' || kind == '-') {
				if (pos >= nr || lines[pos].len != with_newline - 1 ||
				    memcmp(lines[pos].text, p + 1, with_newline - 1)) {
					ok = 0;
					break;
				}
				if (kind == ' ')
					strbuf_add(&out, lines[pos].text, lines[pos].len);
				pos++;
				olds++;
				news += kind == ' ';
			} else if (kind == '+') {
				strbuf_add(&out, p + 1, with_newline - 1);
				news++;
			} else {
				ok = 0;
			}
			p = next;
		}
		if (olds != hk->old_count || news != hk->new_count)
			ok = 0;
	}
	if (ok) {
		for (; pos < nr; pos++)
			strbuf_add(&out, lines[pos].text, lines[pos].len);
		strbuf_add(new_content, out.buf, out.len);
	}
	strbuf_release(&out);
	free(lines);
	return ok;
}

int diff_apply(const char *path, const char *old, size_t old_len,
	       const struct file_diff *d, struct strbuf *new_content,
	       struct strbuf *err)
{
	struct child c = CHILD_INIT;
	struct strbuf input = STRBUF_INIT, pout = STRBUF_INIT, perr = STRBUF_INIT;
	struct strbuf result = STRBUF_INIT;
	char *dir, *old_file = NULL, *new_file = NULL;
	int code, timed_out = 0, ret = -1;

	if (!d->nr) {
		strbuf_add(new_content, old, old_len);
		return 0;
	}
	/* patch applies a hunk where its line numbers say first: no process for that */
	if (diff_apply_exact(old, old_len, d, new_content))
		return 0;
	dir = make_tmpdir();
	if (!dir) {
		strbuf_addstr(err, "cannot create a temporary directory\n");
		return -1;
	}
	old_file = path_join(dir, "old");
	new_file = path_join(dir, "new");
	if (write_tmp(old_file, old, old_len) < 0) {
		strbuf_addf(err, "cannot write %s\n", old_file);
		goto out;
	}
	diff_to_text(d, &input);

	strvec_pushv(&c.args, (const char *[]){
		"patch", "--force", "--quiet", "--no-backup-if-mismatch", "--fuzz=0",
		"--reject-file=-", "-o", new_file, old_file, NULL });
	strvec_pushv(&c.env, (const char *[]){ "LC_ALL=C", "POSIXLY_CORRECT", NULL });
	code = child_capture(&c, input.buf, input.len, &pout, &perr,
			     DIFF_CHILD_TIMEOUT_MS, &timed_out);
	if (code < 0) {
		error("%s: cannot run patch%s", path,
		      c.not_found ? " (not found: install the patch package)" : "");
		strbuf_addstr(err, "cannot run patch\n");
	} else if (timed_out) {
		error("%s: patch did not finish in %u s", path, DIFF_CHILD_TIMEOUT_MS / 1000);
		strbuf_addstr(err, "patch timed out\n");
	} else if (code) {
		strbuf_add(err, pout.buf, pout.len);
		strbuf_add(err, perr.buf, perr.len);
		if (!pout.len && !perr.len)
			strbuf_addf(err, "patch failed (exit %d)\n", code);
	} else if (strbuf_read_file(&result, new_file) < 0) {
		error_errno("%s: cannot read patch's output %s", path, new_file);
		strbuf_addf(err, "cannot read %s\n", new_file);
	} else {
		strbuf_add(new_content, result.buf, result.len);
		ret = 0;
	}
out:
	child_release(&c);
	strbuf_release(&input);
	strbuf_release(&pout);
	strbuf_release(&perr);
	strbuf_release(&result);
	free(old_file);
	free(new_file);
	remove_tmpdir(dir);
	return ret;
}
