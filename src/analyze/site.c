#include "analyze/site.h"
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
