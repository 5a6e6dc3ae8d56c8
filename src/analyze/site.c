#include "analyze/site.h"
#include "base/cache.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>

const char *const site_kinds[] = {
	"static-class",
	"class-device-field",
	"class-device-variable",
	"class-device-function",
	"class-device-call",
	"class-device-attribute",
	"class-interface",
	"inactive",
	"macro-body",
	NULL,
};

static const char *intern_kind(const char *kind)
{
	for (size_t i = 0; site_kinds[i]; i++)
		if (!strcmp(site_kinds[i], kind))
			return site_kinds[i];
	BUG("unknown site kind '%s'", kind);
}

void site_list_add(struct site_list *list, const char *file, unsigned line,
		   unsigned column, const char *kind, const char *symbol,
		   const char *subsystem, enum site_verdict verdict,
		   const char *reason, const char *function)
{
	struct site *s;

	ALLOC_GROW(list->items, list->nr + 1, list->alloc);
	s = &list->items[list->nr++];
	s->file = xstrdup(file);
	s->line = line;
	s->column = column;
	s->kind = intern_kind(kind);
	s->symbol = xstrdup(symbol ? symbol : "");
	s->subsystem = xstrdup(subsystem ? subsystem : "");
	s->verdict = verdict;
	s->reason = xstrdup(reason ? reason : "");
	s->function = xstrdup(function);
}

void site_list_take(struct site_list *dst, struct site_list *src)
{
	ALLOC_GROW(dst->items, dst->nr + src->nr, dst->alloc);
	if (src->nr)
		memcpy(dst->items + dst->nr, src->items, src->nr * sizeof(*src->items));
	dst->nr += src->nr;
	free(src->items);
	src->items = NULL;
	src->nr = src->alloc = 0;
}

static int compare_sites(const void *va, const void *vb)
{
	const struct site *a = va, *b = vb;
	int c;

	if ((c = strcmp(a->file, b->file)))
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	if ((c = strcmp(a->kind, b->kind)))
		return c;
	if ((c = strcmp(a->symbol, b->symbol)))
		return c;
	if ((c = strcmp(a->reason, b->reason)))
		return c;
	return strcmp(a->subsystem, b->subsystem);
}

static void site_release(struct site *s)
{
	free(s->file);
	free(s->symbol);
	free(s->subsystem);
	free(s->reason);
	free(s->function);
}

void site_list_sort(struct site_list *list)
{
	size_t out = 0;

	if (!list->nr)
		return;
	sort_array(list->items, list->nr, sizeof(*list->items), compare_sites);
	for (size_t i = 0; i < list->nr; i++) {
		if (out && !compare_sites(&list->items[out - 1], &list->items[i])) {
			site_release(&list->items[i]);
			continue;
		}
		list->items[out++] = list->items[i];
	}
	list->nr = out;
}

void site_list_release(struct site_list *list)
{
	for (size_t i = 0; i < list->nr; i++)
		site_release(&list->items[i]);
	free(list->items);
	list->items = NULL;
	list->nr = list->alloc = 0;
}

const char *site_verdict_name(enum site_verdict verdict)
{
	return verdict == SITE_AUTO ? "auto" : "manual";
}

size_t site_list_count_kind(const struct site_list *list, const char *kind)
{
	size_t n = 0;

	for (size_t i = 0; i < list->nr; i++)
		n += !strcmp(list->items[i].kind, kind);
	return n;
}

void site_list_add_records(const struct site_list *list, char which, struct strbuf *payload)
{
	struct strbuf one = STRBUF_INIT;
	char num[32];

	for (size_t i = 0; i < list->nr; i++) {
		const struct site *s = &list->items[i];

		strbuf_reset(&one);
		cache_record_add(&one, 'L', &which, 1);
		cache_record_addstr(&one, 'f', s->file);
		snprintf(num, sizeof(num), "%u", s->line);
		cache_record_addstr(&one, 'l', num);
		snprintf(num, sizeof(num), "%u", s->column);
		cache_record_addstr(&one, 'c', num);
		cache_record_addstr(&one, 'k', s->kind);
		cache_record_addstr(&one, 's', s->symbol);
		cache_record_addstr(&one, 'u', s->subsystem);
		cache_record_addstr(&one, 'v', s->verdict == SITE_MANUAL ? "1" : "0");
		cache_record_addstr(&one, 'r', s->reason);
		if (s->function)
			cache_record_addstr(&one, 'n', s->function);
		cache_record_add(payload, 'I', one.buf, one.len);
	}
	strbuf_release(&one);
}

int site_record_read(const char *rec, size_t len, char *which, struct site_list *out)
{
	struct cache_reader rd;
	const char *buf;
	size_t n;
	char tag, *field[10] = { NULL };
	static const char tags[] = "Lflcksuvrn";
	int rc, ok;

	cache_reader_init(&rd, rec, len);
	while ((rc = cache_record_next(&rd, &tag, &buf, &n)) == 1) {
		const char *at = strchr(tags, tag);

		if (!at || !tag || field[at - tags])
			break;
		field[at - tags] = xstrndup(buf, n);
	}
	ok = rc == 0 && field[0] && strlen(field[0]) == 1;
	for (int i = 1; i < 9 && ok; i++)
		ok = field[i] != NULL;
	if (ok) {
		*which = field[0][0];
		site_list_add(out, field[1], (unsigned)strtoul(field[2], NULL, 10),
			      (unsigned)strtoul(field[3], NULL, 10), field[4], field[5], field[6],
			      field[7][0] == '1' ? SITE_MANUAL : SITE_AUTO, field[8], field[9]);
	}
	for (int i = 0; i < 10; i++)
		free(field[i]);
	return ok;
}
