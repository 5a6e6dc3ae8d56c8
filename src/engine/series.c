#include "engine/series.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/git.h"
#include "engine/diff.h"
#include "engine/diffstat.h"
#include "kernel/kernel-version.h"
#include "config.h"

#define SERIES_FROM_LINE "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\n"
#define SERIES_AUTHOR "cdmigrate <cdmigrate@localhost>"
#define SERIES_DATE "Date: Thu, 1 Jan 1970 00:00:00 +0000\n"
#define SERIES_MIME "MIME-Version: 1.0\n" \
	"Content-Type: text/plain; charset=UTF-8\n" \
	"Content-Transfer-Encoding: 8bit\n"
#define SERIES_REPORT "report.json"
#define SERIES_COVER "0000-cover-letter.patch"

void series_file_release(struct series_file *f)
{
	free(f->path);
	free(f->diff);
	f->path = NULL;
	f->diff = NULL;
}

/* ---- message text ---- */

static int has_non_ascii(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)s[i] >= 0x80)
			return 1;
	return 0;
}

/* text as an RFC 2047 Q-encoded word ("=?UTF-8?q?...?="). */
static void add_q_encoded(struct strbuf *out, const char *text)
{
	strbuf_addstr(out, "=?UTF-8?q?");
	for (const char *p = text; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (c == ' ' || c == '\n' || c == '\r')
			strbuf_addch(out, '_');
		else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			 (c >= '0' && c <= '9') || strchr("!*+-/", c))
			strbuf_addch(out, c);
		else
			strbuf_addf(out, "=%02X", c);
	}
	strbuf_addstr(out, "?=");
}

/* A Subject: header; RFC 2047 Q-encoded when it is not ASCII. */
static void add_subject(struct strbuf *out, const char *subject)
{
	const char *p;

	if (!has_non_ascii(subject, strlen(subject))) {
		strbuf_addstr(out, "Subject: ");
		for (p = subject; *p; p++)
			strbuf_addch(out, *p == '\n' || *p == '\r' ? ' ' : *p);
		strbuf_addch(out, '\n');
		return;
	}
	strbuf_addstr(out, "Subject: ");
	add_q_encoded(out, subject);
	strbuf_addch(out, '\n');
}

/*
 * A From: header for "Name <email>": the name Q-encoded when it is not
 * ASCII, as format-patch does.
 */
static void add_from(struct strbuf *out, const char *author)
{
	const char *lt = strrchr(author, '<');
	char *name;

	if (!lt || !has_non_ascii(author, strlen(author))) {
		strbuf_addf(out, "From: %s\n", author);
		return;
	}
	name = xstrndup(author, (size_t)(lt - author));
	while (*name && name[strlen(name) - 1] == ' ')
		name[strlen(name) - 1] = '\0';
	strbuf_addstr(out, "From: ");
	add_q_encoded(out, name);
	strbuf_addf(out, " %s\n", lt);
	free(name);
}

/* A line git mailinfo would take for the start of the patch. */
static int looks_like_patch_start(const char *line, size_t len)
{
	if (len >= 3 && !memcmp(line, "---", 3))
		return 1;
	if (len >= 6 && !memcmp(line, "diff -", 6))
		return 1;
	return len >= 7 && !memcmp(line, "Index: ", 7);
}

/*
 * Append text (no trailing blank lines), indenting lines that would end
 * the commit message early, and a newline.  Adds nothing for empty text.
 */
static void add_text(struct strbuf *out, const char *text)
{
	size_t len = text ? strlen(text) : 0;
	const char *p = text, *end;

	while (len && (text[len - 1] == '\n' || text[len - 1] == ' ' ||
		       text[len - 1] == '\t' || text[len - 1] == '\r'))
		len--;
	if (!len)
		return;
	end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (looks_like_patch_start(p, n))
			strbuf_addch(out, ' ');
		strbuf_add(out, p, n);
		strbuf_addch(out, '\n');
		p += n + 1;
	}
}

/* The headers of one message; the blank line that ends them included. */
static void add_headers(struct strbuf *out, const char *author, const char *subject,
			int eight_bit)
{
	strbuf_addstr(out, SERIES_FROM_LINE);
	add_from(out, author && *author ? author : SERIES_AUTHOR);
	strbuf_addstr(out, SERIES_DATE);
	add_subject(out, subject);
	if (eight_bit)
		strbuf_addstr(out, SERIES_MIME);
	strbuf_addch(out, '\n');
}

static void add_signature(struct strbuf *out)
{
	strbuf_addstr(out, "-- \ncdmigrate " PACKAGE_VERSION "\n\n");
}

/* ---- one patch ---- */

char *series_subject(const struct series_patch *p)
{
	char *subject;

	if (!p->parts)
		return xstrfmt("%s: %s", p->subsystem, p->step_title);
	if (p->part && *p->part) {
		subject = xstrfmt("%s: %s: %s", p->subsystem, p->part, p->step_title);
		if (strlen(subject) <= SERIES_SUMMARY_MAX)
			return subject;
		free(subject);
	}
	return xstrfmt("%s: %s (%u/%u)", p->subsystem, p->step_title, p->part_nr, p->parts);
}

/* A file of a patch, checked and counted. */
struct prepared_file {
	const char *path;
	const char *diff;	/* from its "--- " line on */
	unsigned added, deleted;
};

struct prepared_patch {
	struct prepared_file *files;	/* sorted by path */
	size_t nr;
	unsigned long added, deleted;
};

static int compare_prepared(const void *a_, const void *b_)
{
	const struct prepared_file *a = a_, *b = b_;

	return strcmp(a->path, b->path);
}

/* The first line of text that starts with "--- ", or NULL. */
static const char *first_minus_line(const char *text)
{
	const char *p = text;

	while (p && *p) {
		if (starts_with(p, "--- "))
			return p;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return NULL;
}

static int prepare_file(const struct series_file *f, size_t patch_nr,
			struct prepared_file *out)
{
	struct file_diff *parsed;
	size_t nr;
	const char *start;

	if (!f->path || !*f->path || strpbrk(f->path, "\n\t"))
		return error("patch %zu: a file without a usable path", patch_nr);
	start = f->diff ? first_minus_line(f->diff) : NULL;
	if (!start)
		return error("patch %zu: %s: no unified diff", patch_nr, f->path);
	if (diff_parse(start, strlen(start), &parsed, &nr) < 0)
		return error("patch %zu: %s: the diff does not parse", patch_nr, f->path);
	if (nr != 1 || strcmp(parsed[0].path, f->path) || !parsed[0].nr) {
		error("patch %zu: %s: the diff must hold changes to that file only",
		      patch_nr, f->path);
		file_diff_list_free(parsed, nr);
		return -1;
	}
	diff_stat(&parsed[0], &out->added, &out->deleted);
	file_diff_list_free(parsed, nr);
	out->path = f->path;
	out->diff = start;
	return 0;
}

static int prepare_patch(const struct series_patch *p, size_t patch_nr,
			 struct prepared_patch *out)
{
	out->files = NULL;
	out->nr = 0;
	out->added = out->deleted = 0;
	if (!p->subsystem || !*p->subsystem || !p->step_name || !*p->step_name ||
	    !p->step_title || !*p->step_title)
		return error("patch %zu: subsystem, step name and step title are required",
			     patch_nr);
	if (!p->nr_files)
		return error("patch %zu (%s: %s): no file changed", patch_nr,
			     p->subsystem, p->step_name);
	out->files = xcalloc(p->nr_files, sizeof(*out->files));
	for (size_t i = 0; i < p->nr_files; i++) {
		if (prepare_file(&p->files[i], patch_nr, &out->files[i]) < 0)
			goto fail;
		out->added += out->files[i].added;
		out->deleted += out->files[i].deleted;
	}
	out->nr = p->nr_files;
	sort_array(out->files, out->nr, sizeof(*out->files), compare_prepared);
	for (size_t i = 1; i < out->nr; i++)
		if (!strcmp(out->files[i - 1].path, out->files[i].path)) {
			error("patch %zu: %s appears twice", patch_nr, out->files[i].path);
			goto fail;
		}
	return 0;
fail:
	free(out->files);
	out->files = NULL;
	out->nr = 0;
	return -1;
}

static void add_patch_stat(struct strbuf *out, const struct prepared_patch *pp)
{
	struct diffstat_entry *v = xcalloc(pp->nr, sizeof(*v));

	for (size_t i = 0; i < pp->nr; i++) {
		v[i].name = pp->files[i].path;
		v[i].added = pp->files[i].added;
		v[i].deleted = pp->files[i].deleted;
	}
	diffstat_add(out, v, pp->nr);
	free(v);
}

/*
 * Append words (split at blanks) wrapped at DIFFSTAT_WIDTH: the first line
 * after indent, the others after cont.
 */
static void add_wrapped(struct strbuf *out, const char *indent, const char *cont,
			const char *words)
{
	size_t line_start = out->len, indent_len = strlen(indent);
	const char *p = words;

	strbuf_addstr(out, indent);
	while (*p) {
		const char *end;

		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			break;
		end = p;
		while (*end && *end != ' ' && *end != '\n')
			end++;
		if (out->len - line_start > indent_len &&
		    out->len - line_start + 1 + (size_t)(end - p) > DIFFSTAT_WIDTH) {
			strbuf_addch(out, '\n');
			line_start = out->len;
			indent_len = strlen(cont);
			strbuf_addstr(out, cont);
		} else if (out->len - line_start > indent_len) {
			strbuf_addch(out, ' ');
		}
		strbuf_add(out, p, (size_t)(end - p));
		p = end;
	}
	strbuf_addch(out, '\n');
}

/* A converted site "file:line:col: kind: symbol", split; 0 or -1. */
struct site_parts {
	char *file, *kind, *symbol;
	unsigned long line;
};

static int split_site(const char *site, struct site_parts *sp)
{
	const char *colon = strchr(site, ':'), *kind, *sym;
	char *end;

	memset(sp, 0, sizeof(*sp));
	if (!colon)
		return -1;
	sp->line = strtoul(colon + 1, &end, 10);
	if (end == colon + 1 || *end != ':')
		return -1;
	kind = strstr(end, ": ");
	if (!kind)
		return -1;
	kind += 2;
	sym = strstr(kind, ": ");
	if (!sym)
		return -1;
	sp->file = xstrndup(site, (size_t)(colon - site));
	sp->kind = xstrndup(kind, (size_t)(sym - kind));
	sp->symbol = xstrdup(sym + 2);
	return 0;
}

static void site_parts_release(struct site_parts *sp)
{
	free(sp->file);
	free(sp->kind);
	free(sp->symbol);
}

/*
 * The sites of one file, one line per kind ("class-device-" left out) in
 * the order the kinds first appear: each definition or function once, with
 * the line it first appears on.
 */
static void add_file_sites(struct strbuf *out, const char *path, const struct strvec *sites)
{
	struct strvec kinds = STRVEC_INIT;

	for (size_t i = 0; i < sites->nr; i++) {
		struct site_parts sp;
		int seen = 0;

		if (split_site(sites->v[i], &sp) < 0 || strcmp(sp.file, path)) {
			if (sp.file)
				site_parts_release(&sp);
			continue;
		}
		for (size_t k = 0; k < kinds.nr; k++)
			seen |= !strcmp(kinds.v[k], sp.kind);
		if (!seen)
			strvec_push(&kinds, sp.kind);
		site_parts_release(&sp);
	}
	if (!kinds.nr) {
		strbuf_addf(out, "  %s\n    no site of its own: it follows what the patch changes elsewhere\n",
			    path);
		strvec_clear(&kinds);
		return;
	}
	strbuf_addf(out, "  %s\n", path);
	for (size_t k = 0; k < kinds.nr; k++) {
		struct strvec names = STRVEC_INIT;
		struct strbuf line = STRBUF_INIT;
		const char *label = kinds.v[k];
		size_t start;

		if (starts_with(label, "class-device-"))
			label += strlen("class-device-");
		strbuf_addf(&line, "%s:", label);
		for (size_t i = 0; i < sites->nr; i++) {
			struct site_parts sp;
			int seen = 0;

			if (split_site(sites->v[i], &sp) < 0)
				continue;
			if (!strcmp(sp.file, path) && !strcmp(sp.kind, kinds.v[k])) {
				for (size_t j = 0; j < names.nr; j++)
					seen |= !strcmp(names.v[j], sp.symbol);
				if (!seen) {
					strvec_push(&names, sp.symbol);
					strbuf_addf(&line, " %s\002(%lu)\001", sp.symbol, sp.line);
				}
			}
			site_parts_release(&sp);
		}
		/* "\001" marks the commas: the last one goes, the others become ",". */
		if (line.len && line.buf[line.len - 1] == '\001')
			line.buf[--line.len] = '\0';
		for (size_t i = 0; i < line.len; i++)
			if (line.buf[i] == '\001')
				line.buf[i] = ',';
		start = out->len;
		add_wrapped(out, "    ", "      ", line.buf);
		/* "\002" kept a symbol and its line together while wrapping */
		for (size_t i = start; i < out->len; i++)
			if (out->buf[i] == '\002')
				out->buf[i] = ' ';
		strbuf_release(&line);
		strvec_clear(&names);
	}
	strvec_clear(&kinds);
}

/* A site of the patch whose file is not one of the patch's files. */
static int site_outside(const char *site, const struct prepared_patch *pp)
{
	struct site_parts sp;
	int outside = 1;

	if (split_site(site, &sp) < 0)
		return 1;
	for (size_t i = 0; i < pp->nr; i++)
		if (!strcmp(pp->files[i].path, sp.file))
			outside = 0;
	site_parts_release(&sp);
	return outside;
}

static void format_patch(struct strbuf *out, const struct series_patch *p,
			 const struct prepared_patch *pp, size_t n, size_t total,
			 const struct series_meta *meta)
{
	const char *author = meta ? meta->author : NULL;
	struct strbuf text = STRBUF_INIT, what = STRBUF_INIT;
	size_t outside = 0;
	char *subject, *summary;

	strbuf_addstr(&what, p->step_title);
	what.buf[0] = (char)(what.buf[0] >= 'a' && what.buf[0] <= 'z' ? what.buf[0] - 'a' + 'A'
				: what.buf[0]);
	strbuf_addf(&what, " in %s", p->subsystem);
	if (p->parts)
		strbuf_addf(&what, ", part %u of %u%s%s%s", p->part_nr, p->parts,
			    p->part && *p->part ? " (" : "", p->part && *p->part ? p->part : "",
			    p->part && *p->part ? ")" : "");
	strbuf_addstr(&what, ": ");
	if (p->sites.nr)
		strbuf_addf(&what, "%zu %s in ", p->sites.nr, p->sites.nr == 1 ? "site" : "sites");
	strbuf_addf(&what, "%zu %s (step %u, %s; the cover letter explains the step).",
		    pp->nr, pp->nr == 1 ? "file" : "files", p->step_order, p->step_name);
	add_wrapped(&text, "", "", what.buf);
	if (p->sites.nr) {
		strbuf_addstr(&text, "\nSites converted, per file (kind: definitions and functions, first line):\n");
		for (size_t i = 0; i < pp->nr; i++)
			add_file_sites(&text, pp->files[i].path, &p->sites);
	} else {
		strbuf_addstr(&text, "\nFiles changed:\n");
		for (size_t i = 0; i < pp->nr; i++)
			strbuf_addf(&text, "  %s\n", pp->files[i].path);
	}
	for (size_t i = 0; i < p->sites.nr; i++)
		if (site_outside(p->sites.v[i], pp)) {
			if (!outside++)
				strbuf_addstr(&text, "  elsewhere:\n");
			strbuf_addf(&text, "    %s\n", p->sites.v[i]);
		}
	for (size_t i = 0; p->notes && i < p->notes->nr; i++) {
		strbuf_addch(&text, '\n');
		add_wrapped(&text, "", "", p->notes->v[i]);
	}
	if (p->foreign && p->foreign->nr) {
		struct strbuf note = STRBUF_INIT;

		strbuf_addstr(&note, "The changes of");
		for (size_t i = 0; i < p->foreign->nr; i++)
			strbuf_addf(&note, "%s %s", i ? (i + 1 == p->foreign->nr ? " and" : ",") : "",
				    p->foreign->v[i]);
		strbuf_addf(&note, " (not %s) are here: they and this patch's other changes"
			    " build only together.", p->subsystem);
		strbuf_addch(&text, '\n');
		add_wrapped(&text, "", "", note.buf);
		strbuf_release(&note);
	}
	if (p->tie && *p->tie && meta && meta->size_limit) {
		char *note = xstrfmt("This patch is larger than the %zu kB a list takes, and cannot be"
				     " split: its changes build only together (%s).",
				     meta->size_limit / 1024, p->tie);

		strbuf_addch(&text, '\n');
		add_wrapped(&text, "", "", note);
		free(note);
	}
	if ((p->cc && p->cc->nr) || (meta && meta->signoff && *meta->signoff)) {
		strbuf_addch(&text, '\n');
		for (size_t i = 0; p->cc && i < p->cc->nr; i++)
			strbuf_addf(&text, "Cc: %s\n", p->cc->v[i]);
		if (meta && meta->signoff && *meta->signoff)
			strbuf_addf(&text, "Signed-off-by: %s\n", meta->signoff);
	}
	strbuf_addstr(&text, "---\n");
	add_patch_stat(&text, pp);
	strbuf_addch(&text, '\n');
	for (size_t i = 0; i < pp->nr; i++) {
		const struct prepared_file *f = &pp->files[i];

		strbuf_addf(&text, "diff --git a/%s b/%s\n", f->path, f->path);
		strbuf_addstr(&text, f->diff);
		if (text.buf[text.len - 1] != '\n')
			strbuf_addch(&text, '\n');
	}
	add_signature(&text);

	summary = series_subject(p);
	subject = xstrfmt("[PATCH %zu/%zu] %s", n, total, summary);
	add_headers(out, author, subject, has_non_ascii(text.buf, text.len));
	strbuf_add(out, text.buf, text.len);
	free(summary);
	free(subject);
	strbuf_release(&what);
	strbuf_release(&text);
}

/* ---- the cover letter ---- */

static int compare_stat_entries(const void *a_, const void *b_)
{
	const struct diffstat_entry *a = a_, *b = b_;

	return strcmp(a->name, b->name);
}

/* Per path, the sum of what every patch does to it, in path order. */
static void add_total_stat(struct strbuf *out, const struct prepared_patch *pp, size_t nr)
{
	struct diffstat_entry *v = NULL;
	size_t n = 0, alloc = 0, out_nr = 0;

	for (size_t i = 0; i < nr; i++)
		for (size_t j = 0; j < pp[i].nr; j++) {
			ALLOC_GROW(v, n + 1, alloc);
			v[n].name = pp[i].files[j].path;
			v[n].added = pp[i].files[j].added;
			v[n].deleted = pp[i].files[j].deleted;
			n++;
		}
	if (n)
		sort_array(v, n, sizeof(*v), compare_stat_entries);
	for (size_t i = 0; i < n; i++) {
		if (out_nr && !strcmp(v[out_nr - 1].name, v[i].name)) {
			v[out_nr - 1].added += v[i].added;
			v[out_nr - 1].deleted += v[i].deleted;
			continue;
		}
		v[out_nr++] = v[i];
	}
	diffstat_add(out, v, out_nr);
	free(v);
}

/* The subsystem column: "scsi", or "scsi 2/5" for a part of a split. */
static char *table_subsystem(const struct series_patch *p)
{
	return p->parts ? xstrfmt("%s %u/%u", p->subsystem, p->part_nr, p->parts)
			: xstrdup(p->subsystem);
}

static void add_table(struct strbuf *out, const struct series_patch *patches,
		      const struct prepared_patch *pp, size_t nr)
{
	char *sub;
	static const char *const head[] = { "patch", "order", "subsystem", "step",
					    "files", "+", "-" };
	int w[7];
	char num[64];

	for (int k = 0; k < 7; k++)
		w[k] = (int)strlen(head[k]);
	for (size_t i = 0; i < nr; i++) {
		int len;

		len = snprintf(num, sizeof(num), "%u", patches[i].step_order);
		if (len > w[1])
			w[1] = len;
		sub = table_subsystem(&patches[i]);
		if ((int)strlen(sub) > w[2])
			w[2] = (int)strlen(sub);
		free(sub);
		if ((int)strlen(patches[i].step_name) > w[3])
			w[3] = (int)strlen(patches[i].step_name);
		len = snprintf(num, sizeof(num), "%zu", pp[i].nr);
		if (len > w[4])
			w[4] = len;
		len = snprintf(num, sizeof(num), "%lu", pp[i].added);
		if (len > w[5])
			w[5] = len;
		len = snprintf(num, sizeof(num), "%lu", pp[i].deleted);
		if (len > w[6])
			w[6] = len;
	}
	strbuf_addf(out, "  %-*s  %*s  %-*s  %-*s  %*s  %*s  %*s\n",
		    w[0], head[0], w[1], head[1], w[2], head[2], w[3], head[3],
		    w[4], head[4], w[5], head[5], w[6], head[6]);
	for (size_t i = 0; i < nr; i++) {
		char patch_nr[32];

		snprintf(patch_nr, sizeof(patch_nr), "%04zu", i + 1);
		sub = table_subsystem(&patches[i]);
		strbuf_addf(out, "  %-*s  %*u  %-*s  %-*s  %*zu  %*lu  %*lu\n",
			    w[0], patch_nr, w[1], patches[i].step_order,
			    w[2], sub, w[3], patches[i].step_name,
			    w[4], pp[i].nr, w[5], pp[i].added, w[6], pp[i].deleted);
		free(sub);
	}
}

/*
 * Each step of the series once, in patch order: which patches, its title
 * and its explanation (the patches only point here).
 */
static void add_steps(struct strbuf *out, const struct series_patch *patches, size_t nr)
{
	for (size_t i = 0; i < nr;) {
		size_t j = i;
		char *head;

		while (j < nr && patches[j].step_order == patches[i].step_order &&
		       !strcmp(patches[j].step_name, patches[i].step_name))
			j++;
		if (j - i == 1)
			head = xstrfmt("Step %u, %s (patch %zu): %s.", patches[i].step_order,
				       patches[i].step_name, i + 1, patches[i].step_title);
		else
			head = xstrfmt("Step %u, %s (patches %zu-%zu): %s.", patches[i].step_order,
				       patches[i].step_name, i + 1, j, patches[i].step_title);
		strbuf_addch(out, '\n');
		add_wrapped(out, "", "", head);
		free(head);
		if (patches[i].body && *patches[i].body) {
			strbuf_addch(out, '\n');
			add_text(out, patches[i].body);
		}
		i = j;
	}
}

/*
 * The subsystems' steps split by driver, each part with its drivers and
 * size, then the patches over the limit with what holds each together.
 */
static void add_splits(struct strbuf *out, const struct series_patch *patches,
		       const size_t *bytes, size_t nr, const struct series_meta *meta)
{
	size_t over = 0, split = 0;

	for (size_t i = 0; i < nr; i++) {
		over += meta && meta->size_limit && bytes[i] > meta->size_limit;
		split += patches[i].part_nr == 1;
	}
	if (split) {
		strbuf_addch(out, '\n');
		if (meta && meta->size_limit)
			strbuf_addf(out, "Split by driver, each part under %zu kB:\n", meta->size_limit / 1024);
		else
			strbuf_addstr(out, "Split by driver:\n");
		for (size_t i = 0; i < nr; i++) {
			char *line;

			if (patches[i].part_nr == 1)
				strbuf_addf(out, "  step %u in %s, patches %zu-%zu:\n", patches[i].step_order,
					    patches[i].subsystem, i + 1, i + patches[i].parts);
			if (!patches[i].parts)
				continue;
			line = xstrfmt("%04zu %s (%zu bytes)", i + 1,
				       patches[i].part && *patches[i].part ? patches[i].part : "",
				       bytes[i]);
			add_wrapped(out, "    ", "         ", line);
			free(line);
		}
	}
	if (over) {
		strbuf_addch(out, '\n');
		strbuf_addf(out, "Over %zu kB, their changes build only together:\n", meta->size_limit / 1024);
		for (size_t i = 0; i < nr; i++) {
			char *line;

			if (bytes[i] <= meta->size_limit)
				continue;
			line = xstrfmt("%04zu %s, %zu bytes: %s", i + 1, patches[i].subsystem, bytes[i],
				       patches[i].tie && *patches[i].tie ? patches[i].tie : "one file's change");
			add_wrapped(out, "  ", "       ", line);
			free(line);
		}
	}
}

static void format_cover(struct strbuf *out, const struct series_patch *patches,
			 const struct prepared_patch *pp, const size_t *bytes, size_t nr,
			 const char *cover_body, const struct series_meta *meta)
{
	struct strbuf text = STRBUF_INIT, table = STRBUF_INIT;
	char *subject;

	add_text(&text, cover_body);
	add_steps(&text, patches, nr);
	if (text.len)
		strbuf_addch(&text, '\n');
	add_table(&table, patches, pp, nr);
	strbuf_add(&text, table.buf, table.len);
	strbuf_addch(&text, '\n');
	add_total_stat(&text, pp, nr);
	add_splits(&text, patches, bytes, nr, meta);
	strbuf_addch(&text, '\n');
	if (meta && meta->base_commit && *meta->base_commit)
		strbuf_addf(&text, "base-commit: %s\n", meta->base_commit);
	add_signature(&text);

	subject = xstrfmt("[PATCH 0/%zu] class_device retirement: %zu %s", nr, nr,
			  nr == 1 ? "patch" : "patches");
	add_headers(out, meta ? meta->author : NULL, subject, has_non_ascii(text.buf, text.len));
	strbuf_add(out, text.buf, text.len);
	free(subject);
	strbuf_release(&table);
	strbuf_release(&text);
}

/* ---- the directory ---- */

/* "<s>" reduced to letters, digits, '.', '_' and single '-'. */
static void add_name_part(struct strbuf *out, const char *s)
{
	size_t start = out->len;

	for (; *s; s++) {
		char c = *s;

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		      (c >= '0' && c <= '9') || c == '.' || c == '_'))
			c = '-';
		if (c == '-' && (out->len == start || out->buf[out->len - 1] == '-'))
			continue;
		strbuf_addch(out, c);
	}
	while (out->len > start && (out->buf[out->len - 1] == '-' || out->buf[out->len - 1] == '.'))
		out->len--;
	out->buf[out->len] = '\0';
}

/* "NNNN-<subsystem>[-<part>]-<step_name>.patch" */
static void add_patch_name(struct strbuf *name, const struct series_patch *p, size_t n)
{
	strbuf_addf(name, "%04zu-", n);
	add_name_part(name, p->subsystem);
	if (p->parts) {
		char *part = xstrfmt("-part%u", p->part_nr);

		strbuf_addstr(name, part);
		free(part);
	}
	strbuf_addch(name, '-');
	add_name_part(name, p->step_name);
	strbuf_addstr(name, ".patch");
}

char *series_patch_name(const struct series_patch *p, size_t n)
{
	struct strbuf name = STRBUF_INIT;

	add_patch_name(&name, p, n);
	return strbuf_detach(&name, NULL);
}

static int mkdir_p(const char *dir)
{
	char *path = xstrdup(dir);
	struct stat st;

	for (char *p = path + 1; ; p++) {
		char saved = *p;

		if (saved != '/' && saved != '\0')
			continue;
		*p = '\0';
		if (mkdir(path, 0777) < 0 && errno != EEXIST) {
			error_errno("cannot create directory %s", path);
			free(path);
			return -1;
		}
		*p = saved;
		if (!saved)
			break;
	}
	free(path);
	if (stat(dir, &st) < 0)
		return error_errno("%s", dir);
	if (!S_ISDIR(st.st_mode))
		return error("%s exists and is not a directory; choose another output directory",
			     dir);
	return 0;
}

/*
 * Check that outdir holds only patches and report.json, then remove the
 * patches.  Returns 0 or -1 after error().
 */
static int clean_outdir(const char *outdir)
{
	struct strvec stale = STRVEC_INIT;
	DIR *d = opendir(outdir);
	struct dirent *e;
	int ret = 0;

	if (!d)
		return error_errno("cannot read directory %s", outdir);
	while ((e = readdir(d))) {
		struct stat st;
		char *path;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		path = path_join(outdir, e->d_name);
		if (lstat(path, &st) < 0) {
			ret = error_errno("%s", path);
		} else if (!S_ISREG(st.st_mode) ||
			   (!ends_with(e->d_name, ".patch") && strcmp(e->d_name, SERIES_REPORT))) {
			ret = error("%s holds '%s', which cdmigrate did not write: "
				    "give an empty or new output directory", outdir, e->d_name);
		} else if (ends_with(e->d_name, ".patch")) {
			strvec_push(&stale, path);
		}
		free(path);
		if (ret)
			break;
	}
	closedir(d);
	for (size_t i = 0; !ret && i < stale.nr; i++)
		if (unlink(stale.v[i]) < 0 && errno != ENOENT)
			ret = error_errno("cannot remove stale %s", stale.v[i]);
	strvec_clear(&stale);
	return ret;
}

/* Write outdir/name atomically: a temporary file, fsync, rename. */
static int write_atomic(const char *outdir, const char *name, const struct strbuf *content)
{
	static unsigned serial;
	char *tmp = NULL, *dst = path_join(outdir, name);
	int fd = -1, ret = -1;

	for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
		char *tmp_name = xstrfmt(".tmp-%ld-%u.patch", (long)getpid(), serial++);

		free(tmp);
		tmp = path_join(outdir, tmp_name);
		free(tmp_name);
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
		if (fd < 0 && errno != EEXIST) {
			error_errno("cannot create %s", tmp);
			goto out;
		}
	}
	if (fd < 0) {
		error("cannot find a free temporary name in %s", outdir);
		goto out;
	}
	if (write_all(fd, content->buf, content->len) < 0 || fsync(fd) < 0) {
		error_errno("cannot write %s", tmp);
		close(fd);
		unlink(tmp);
		goto out;
	}
	if (close(fd) < 0) {
		error_errno("cannot write %s", tmp);
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, dst) < 0) {
		error_errno("cannot rename %s to %s", tmp, dst);
		unlink(tmp);
		goto out;
	}
	ret = 0;
out:
	free(tmp);
	free(dst);
	return ret;
}

static int sync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	int ret = 0;

	if (fd < 0)
		return error_errno("cannot open %s", dir);
	if (fsync(fd) < 0 && errno != EINVAL)
		ret = error_errno("cannot sync %s", dir);
	close(fd);
	return ret;
}

int series_write(const char *outdir, const struct series_patch *patches, size_t nr,
		 const char *cover_body, const struct series_meta *meta)
{
	struct prepared_patch *pp;
	struct strbuf msg = STRBUF_INIT, name = STRBUF_INIT;
	size_t prepared = 0, *bytes = NULL;
	int ret = -1;

	if (!outdir || !*outdir)
		return error("no output directory given");
	pp = xcalloc(nr ? nr : 1, sizeof(*pp));
	for (; prepared < nr; prepared++)
		if (prepare_patch(&patches[prepared], prepared + 1, &pp[prepared]) < 0)
			goto out;
	if (mkdir_p(outdir) < 0 || clean_outdir(outdir) < 0)
		goto out;

	bytes = xcalloc(nr + 1, sizeof(*bytes));
	for (size_t i = 0; i < nr; i++) {
		strbuf_reset(&msg);
		format_patch(&msg, &patches[i], &pp[i], i + 1, nr, meta);
		bytes[i] = msg.len;
		strbuf_reset(&name);
		add_patch_name(&name, &patches[i], i + 1);
		if (write_atomic(outdir, name.buf, &msg) < 0)
			goto out;
	}
	strbuf_reset(&msg);
	format_cover(&msg, patches, pp, bytes, nr, cover_body, meta);
	if (write_atomic(outdir, SERIES_COVER, &msg) < 0)
		goto out;
	ret = sync_dir(outdir);
out:
	for (size_t i = 0; i < prepared; i++)
		free(pp[i].files);
	free(pp);
	free(bytes);
	strbuf_release(&msg);
	strbuf_release(&name);
	return ret;
}

size_t series_patch_bytes(const struct series_patch *p, size_t total,
			  const struct series_meta *meta)
{
	struct prepared_patch pp;
	struct strbuf msg = STRBUF_INIT;
	size_t n;

	if (prepare_patch(p, total, &pp) < 0)
		return 0;
	format_patch(&msg, p, &pp, total, total, meta);
	n = msg.len;
	free(pp.files);
	strbuf_release(&msg);
	return n;
}

/* ---- what the tree says about itself ---- */

/* git -C tree ARGS...: its one line of stdout, trimmed, or NULL when it fails. */
static char *git_line(const char *tree, const char *const *args)
{
	struct strbuf out = STRBUF_INIT;
	int rc = git_run(tree, args, &out, 60000);

	while (out.len && (out.buf[out.len - 1] == '\n' || out.buf[out.len - 1] == ' '))
		out.buf[--out.len] = '\0';
	if (rc || !out.len || memchr(out.buf, '\n', out.len)) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out, NULL);
}

/* tree is the top of a git work tree (not a directory inside another one). */
static int is_git_top(const char *tree)
{
	char *top = git_line(tree, (const char *const[]){ "rev-parse", "--show-toplevel", NULL });
	char *a = top ? realpath(top, NULL) : NULL, *b = realpath(tree, NULL);
	int ret = a && b && !strcmp(a, b);

	free(top);
	free(a);
	free(b);
	return ret;
}

void series_meta_read(const char *tree, const char *kernel, struct series_meta *meta)
{
	unsigned code = kernel_version_code(kernel ? kernel : tree);
	const char *base = strrchr(tree, '/');
	char *trimmed = xstrdup(tree);

	while (strlen(trimmed) > 1 && trimmed[strlen(trimmed) - 1] == '/')
		trimmed[strlen(trimmed) - 1] = '\0';
	base = strrchr(trimmed, '/');
	base = base && base[1] ? base + 1 : trimmed;
	memset(meta, 0, sizeof(*meta));
	if (code && kernel)
		meta->tree_name = xstrfmt("%s (out of tree, against Linux %u.%u.%u)", base,
					  code >> 16, (code >> 8) & 0xff, code & 0xff);
	else if (code)
		meta->tree_name = xstrfmt("Linux %u.%u.%u", code >> 16, (code >> 8) & 0xff, code & 0xff);
	else
		meta->tree_name = xstrdup(base);
	free(trimmed);
	if (!is_git_top(tree))
		return;
	meta->base_commit = git_line(tree, (const char *const[]){ "rev-parse", "--verify", "-q",
								 "HEAD^{commit}", NULL });
	{
		char *name = git_line(tree, (const char *const[]){ "config", "user.name", NULL });
		char *email = git_line(tree, (const char *const[]){ "config", "user.email", NULL });

		if (name && email)
			meta->author = xstrfmt("%s <%s>", name, email);
		free(name);
		free(email);
	}
}

char *series_signoff_identity(const char *tree)
{
	char *name = git_line(tree, (const char *const[]){ "config", "user.name", NULL });
	char *email = git_line(tree, (const char *const[]){ "config", "user.email", NULL });
	char *id = name && email ? xstrfmt("%s <%s>", name, email) : NULL;

	free(name);
	free(email);
	return id;
}

void series_meta_release(struct series_meta *meta)
{
	free(meta->signoff);
	free(meta->tree_name);
	free(meta->base_commit);
	free(meta->author);
	memset(meta, 0, sizeof(*meta));
}
