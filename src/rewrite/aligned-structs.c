#define _GNU_SOURCE
#include "rewrite/aligned-structs.h"

#include <stdlib.h>
#include <string.h>

#include "lex/lex.h"
#include "lex/lexscan.h"

static const char *const tags[] = { "class_device", "class_device_attribute", NULL };

static void count_hit(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	(*(int *)data)++;
}

int aligned_structs_lexical(const char *text, size_t len, size_t start, size_t end)
{
	static const char *const needles[] = { "aligned", NULL };
	const char *semi;
	int hits = 0;

	if (start >= end || end > len)
		return 0;
	/* the attribute may follow the closing brace: struct S { ... } __attribute__(...); */
	semi = memchr(text + end, ';', len - end);
	end = semi ? (size_t)(semi - text) : len;
	lexscan_identifiers(text, start, end, needles, 0, count_hit, &hits);
	return hits > 0;
}

static size_t column_of(const char *t, size_t from, size_t to)
{
	size_t col = 0;

	for (size_t i = from; i < to; i++)
		col = t[i] == '\t' ? (col / 8 + 1) * 8 : col + 1;
	return col;
}

void aligned_structs_retype(struct strbuf *sb, size_t off, size_t old_len, const char *repl)
{
	struct strbuf out = STRBUF_INIT;
	size_t ls = lex_line_start(sb->buf, off), b0 = off + old_len, b1 = b0, target;
	int tabs = 0;

	while (b1 < sb->len && (sb->buf[b1] == ' ' || sb->buf[b1] == '\t'))
		tabs |= sb->buf[b1++] == '\t';
	strbuf_add(&out, sb->buf, off);
	strbuf_addstr(&out, repl);
	if (b1 == sb->len || sb->buf[b1] == '\n' || sb->buf[b1] == '\r' ||
	    (!tabs && b1 - b0 < 2)) {
		/* nothing aligned after it: the blanks stay as they are */
		strbuf_add(&out, sb->buf + b0, sb->len - b0);
	} else {
		size_t col = column_of(out.buf, ls, out.len);

		target = column_of(sb->buf, ls, b1);
		if (col >= target) {
			strbuf_addch(&out, sb->buf[b0]);
		} else {
			while (tabs && (col / 8 + 1) * 8 <= target) {
				strbuf_addch(&out, '\t');
				col = (col / 8 + 1) * 8;
			}
			while (col++ < target)
				strbuf_addch(&out, ' ');
		}
		strbuf_add(&out, sb->buf + b1, sb->len - b1);
	}
	strbuf_reset(sb);
	strbuf_add(sb, out.buf, out.len);
	strbuf_release(&out);
}

/* One edit of a file: a type tag or a member name. */
struct retype {
	long offset;
	size_t old_len;
	const char *repl;
	int keep_column;
	char *log;
};

struct retypes {
	struct retype *v;
	size_t nr, alloc;
};

static void add_retype(struct retypes *r, long offset, size_t old_len, const char *repl,
		       int keep_column, char *log)
{
	for (size_t i = 0; i < r->nr; i++)
		if (r->v[i].offset == offset) {
			free(log);	/* struct class_device *a, *b: one type for both */
			return;
		}
	ALLOC_GROW(r->v, r->nr + 1, r->alloc);
	r->v[r->nr].offset = offset;
	r->v[r->nr].old_len = old_len;
	r->v[r->nr].repl = repl;
	r->v[r->nr].keep_column = keep_column;
	r->v[r->nr].log = log;
	r->nr++;
}

static int retype_cmp(const void *a, const void *b)
{
	const struct retype *x = a, *y = b;

	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

static const char *describe(const char *record)
{
	return record[0] ? record : "(anonymous)";
}

/* A retyped struct class_device member, whose users' fields must follow. */
struct member {
	char *record, *field;
};

/* What the members of a struct class_device become in a struct device. */
static const struct {
	const char *old, *new, *why;
} field_map[] = {
	{ "dev", "parent", NULL },
	{ "class_id", "bus_id", NULL },
	{ "class_data", NULL, "becomes dev_get_drvdata()/dev_set_drvdata()" },
	{ "hotplug", NULL, "a struct device has no per-device uevent callback" },
	{ "uevent", NULL, "a struct device has no per-device uevent callback" },
};

/* Find the members to retype in one file; note the struct class_device ones. */
static void find_members(struct rewrite_context *ctx, struct rewrite_file *f,
			 struct retypes *edits, struct member **members, size_t *nr_members,
			 size_t *alloc_members)
{
	struct record_field *fields = NULL;
	size_t nr = 0;

	if (classify_record_fields(ctx->classify, f->path, tags, &fields, &nr) < 0) {
		strvec_pushf(ctx->log, "%s: aligned-structs: cannot parse the file: its structs are left",
			     f->path);
		return;
	}
	for (size_t k = 0; k < nr; k++) {
		const struct record_field *r = &fields[k];
		const char *repl = strcmp(r->tag, "class_device") ? "device_attribute" : "device";

		if (!r->aligned && !aligned_structs_lexical(f->content->buf, f->content->len,
							    r->record_start, r->record_end))
			continue;
		if (r->tag_offset < 0 || (size_t)r->tag_offset + strlen(r->tag) > f->content->len ||
		    memcmp(f->content->buf + r->tag_offset, r->tag, strlen(r->tag))) {
			strvec_pushf(ctx->log, "%s:%u: aligned-structs: struct %s member %s left: its type struct %s is not spelled in the struct (typedef or macro)",
				     f->path, r->line, describe(r->record), r->field, r->tag);
			continue;
		}
		add_retype(edits, r->tag_offset, strlen(r->tag), repl, 1,
			   xstrfmt("%s:%u: aligned-structs: struct %s member %s: struct %s -> struct %s",
				   f->path, r->line, describe(r->record), r->field, r->tag, repl));
		if (!strcmp(r->tag, "class_device")) {
			ALLOC_GROW(*members, *nr_members + 1, *alloc_members);
			(*members)[*nr_members].record = xstrdup(r->record);
			(*members)[*nr_members].field = xstrdup(r->field);
			(*nr_members)++;
		}
	}
	classify_record_fields_free(fields, nr);
}

/*
 * The rules rename s->m.dev and s->m.class_id when they know m is a class
 * device; through a struct they could not parse they do not: follow here.
 */
static void find_uses(struct rewrite_context *ctx, struct rewrite_file *f,
		      const struct member *members, size_t nr_members, struct retypes *edits)
{
	struct member_use *uses = NULL;
	size_t nr = 0;
	int mentions = 0;

	for (size_t m = 0; m < nr_members && !mentions; m++)
		mentions = !!memmem(f->content->buf, f->content->len, members[m].field,
				    strlen(members[m].field));
	if (!mentions)
		return;
	if (classify_member_uses(ctx->classify, f->path, "class_device", &uses, &nr) < 0) {
		strvec_pushf(ctx->log, "%s: aligned-structs: cannot parse the file: its uses of the retyped members are left",
			     f->path);
		return;
	}
	for (size_t u = 0; u < nr; u++) {
		const struct member_use *use = &uses[u];
		size_t m, k;

		if (!use->base_field)
			continue;
		for (m = 0; m < nr_members; m++)
			if (!strcmp(members[m].record, use->base_record) &&
			    !strcmp(members[m].field, use->base_field))
				break;
		for (k = 0; k < sizeof(field_map) / sizeof(field_map[0]); k++)
			if (!strcmp(field_map[k].old, use->member))
				break;
		if (m == nr_members || k == sizeof(field_map) / sizeof(field_map[0]))
			continue;
		if (!field_map[k].new) {
			strvec_pushf(ctx->log, "%s:%u: aligned-structs: %s.%s left: %s %s",
				     f->path, use->line, use->base_field, use->member, use->member,
				     field_map[k].why);
		} else if (use->offset < 0 || (size_t)use->offset + strlen(use->member) > f->content->len ||
			   memcmp(f->content->buf + use->offset, use->member, strlen(use->member))) {
			strvec_pushf(ctx->log, "%s:%u: aligned-structs: %s.%s left: written by a macro",
				     f->path, use->line, use->base_field, use->member);
		} else {
			add_retype(edits, use->offset, strlen(use->member), field_map[k].new, 0,
				   xstrfmt("%s:%u: aligned-structs: %s.%s -> %s.%s", f->path, use->line,
					   use->base_field, use->member, use->base_field,
					   field_map[k].new));
		}
	}
	classify_member_uses_free(uses, nr);
}

int rewrite_aligned_structs(struct rewrite_context *ctx)
{
	struct retypes *edits = xcalloc(ctx->nr ? ctx->nr : 1, sizeof(*edits));
	struct member *members = NULL;
	size_t nr_members = 0, alloc_members = 0;

	/* parse everything first: the classifier's overlay points at the contents */
	for (size_t i = 0; i < ctx->nr; i++) {
		struct rewrite_file *f = &ctx->files[i];

		if (f->in_step && memmem(f->content->buf, f->content->len, "aligned", 7) &&
		    memmem(f->content->buf, f->content->len, "class_device", 12))
			find_members(ctx, f, &edits[i], &members, &nr_members, &alloc_members);
	}
	for (size_t i = 0; nr_members && i < ctx->nr; i++)
		if (ctx->files[i].in_step)
			find_uses(ctx, &ctx->files[i], members, nr_members, &edits[i]);

	for (size_t i = 0; i < ctx->nr; i++) {
		struct retypes *r = &edits[i];

		if (!r->nr)
			continue;
		sort_array(r->v, r->nr, sizeof(*r->v), retype_cmp);
		for (size_t t = r->nr; t-- > 0;) {
			struct retype *x = &r->v[t];

			if (x->keep_column) {
				aligned_structs_retype(ctx->files[i].content, (size_t)x->offset, x->old_len, x->repl);
			} else {
				struct strbuf out = STRBUF_INIT;
				struct strbuf *sb = ctx->files[i].content;

				strbuf_add(&out, sb->buf, (size_t)x->offset);
				strbuf_addstr(&out, x->repl);
				strbuf_add(&out, sb->buf + x->offset + x->old_len,
					   sb->len - (size_t)x->offset - x->old_len);
				strbuf_reset(sb);
				strbuf_add(sb, out.buf, out.len);
				strbuf_release(&out);
			}
		}
		for (size_t t = 0; t < r->nr; t++) {
			strvec_push(ctx->log, r->v[t].log);
			free(r->v[t].log);
		}
		free(r->v);
	}
	for (size_t m = 0; m < nr_members; m++) {
		free(members[m].record);
		free(members[m].field);
	}
	free(members);
	free(edits);
	return 0;
}
