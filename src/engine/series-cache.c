#include "base/cache.h"
#include "engine/series-cache.h"
#include "engine/step-cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void hash_number(struct cache_hasher *h, size_t n)
{
	char num[32];

	snprintf(num, sizeof(num), "%zu", n);
	cache_hasher_add_string(h, num);
}

static void hash_optional(struct cache_hasher *h, const char *s)
{
	cache_hasher_add_string(h, s ? s : "\001(none)");
}

static void hash_sites(struct cache_hasher *h, const struct site_list *list, char which)
{
	struct strbuf records = STRBUF_INIT;

	if (list)
		site_list_add_records(list, which, &records);
	hash_number(h, records.len);
	cache_hasher_add(h, records.buf, records.len);
	strbuf_release(&records);
}

void series_cache_key(struct engine *e, const struct series_cache_inputs *in, char key[33])
{
	struct cache_hasher *h = cache_hasher_new();
	char maintainers[33] = "";

	cache_hasher_add_string(h, "cdmigrate-series-plan 1");
	step_cache_hash_state(e, h);
	for (size_t s = 0; s < e->plan.nr; s++) {
		hash_number(h, e->plan.steps[s].step->order);
		hash_number(h, (size_t)e->plan.steps[s].action);
	}
	hash_number(h, e->nr_changes);
	for (size_t c = 0; c < e->nr_changes; c++) {
		const struct step_change *change = &e->changes[c];

		hash_number(h, change->step);
		hash_number(h, change->file);
		hash_number(h, (size_t)change->held_back);
		cache_hasher_add_string(h, change->diff);
	}
	hash_sites(h, in->before, 'B');
	hash_sites(h, in->after, 'A');
	hash_optional(h, in->meta->tree_name);
	hash_optional(h, in->meta->base_commit);
	hash_optional(h, in->meta->author);
	hash_optional(h, in->meta->signoff);
	hash_number(h, e->opts->size_limit);
	hash_number(h, (size_t)e->opts->check_bisect);
	/* not a .c or .h file: the tree's fingerprint does not cover it, and Cc: lines count in a patch's size */
	if (!e->plan.out_of_tree) {
		char *path = path_join(e->tree, "MAINTAINERS");

		if (cache_file_hash(path, maintainers) < 0)
			strcpy(maintainers, "\001(none)");
		free(path);
	}
	cache_hasher_add_string(h, maintainers);
	cache_hasher_finish(h, key);
}

/*
 * The payload: per unit a 'U' record ("step part_nr parts bytes nr"),
 * then its 's' subsystem, 'p' part and 't' tie when it has them, one 'c'
 * record of "change cluster" pairs, 'f' and 'n' records for its foreign
 * files and notes; then one 'B' record ("prefixes judged mended") and per
 * break a 'K' record ("patch files") with its 'k' file, 'e' error and
 * 'r' broken files.
 */
void series_cache_store(const char *key, const struct series_units *units,
			const struct bisect_result *bisect, unsigned mended)
{
	struct strbuf payload = STRBUF_INIT, line = STRBUF_INIT;

	for (size_t i = 0; i < units->nr; i++) {
		const struct series_unit *u = &units->v[i];

		strbuf_reset(&line);
		strbuf_addf(&line, "%zu %u %u %zu %zu", u->step, u->part_nr, u->parts, u->bytes, u->nr);
		cache_record_add(&payload, 'U', line.buf, line.len);
		if (u->subsystem)
			cache_record_addstr(&payload, 's', u->subsystem);
		if (u->part)
			cache_record_addstr(&payload, 'p', u->part);
		if (u->tie)
			cache_record_addstr(&payload, 't', u->tie);
		strbuf_reset(&line);
		for (size_t k = 0; k < u->nr; k++)
			strbuf_addf(&line, "%s%zu %zu", k ? " " : "", u->changes[k], u->cluster[k]);
		cache_record_add(&payload, 'c', line.buf, line.len);
		for (size_t k = 0; k < u->foreign.nr; k++)
			cache_record_addstr(&payload, 'f', u->foreign.v[k]);
		for (size_t k = 0; k < u->notes.nr; k++)
			cache_record_addstr(&payload, 'n', u->notes.v[k]);
	}
	strbuf_reset(&line);
	strbuf_addf(&line, "%zu %zu %u", bisect->prefixes, bisect->judged, mended);
	cache_record_add(&payload, 'B', line.buf, line.len);
	for (size_t i = 0; i < bisect->nr_breaks; i++) {
		const struct bisect_break *b = &bisect->breaks[i];

		strbuf_reset(&line);
		strbuf_addf(&line, "%zu %zu", b->patch, b->files);
		cache_record_add(&payload, 'K', line.buf, line.len);
		cache_record_addstr(&payload, 'k', b->file ? b->file : "");
		cache_record_addstr(&payload, 'e', b->error ? b->error : "");
		for (size_t k = 0; k < b->broken.nr; k++)
			cache_record_addstr(&payload, 'r', b->broken.v[k]);
	}
	cache_put(key, payload.buf, payload.len, "", 0, 0);
	strbuf_release(&line);
	strbuf_release(&payload);
}

/* Read n numbers from a record's bytes; 1 when exactly n are there. */
static int read_numbers(const char *buf, size_t len, size_t *out, size_t n)
{
	char *text = xstrndup(buf, len), *p = text, *end;
	size_t i;
	int whole;

	for (i = 0; i < n; i++) {
		out[i] = strtoull(p, &end, 10);
		if (end == p || (*end && *end != ' '))
			break;
		p = end;
	}
	whole = i == n && (size_t)(p - text) == len;
	free(text);
	return whole;
}

static int read_unit_changes(struct engine *e, struct series_unit *u, const char *buf, size_t len)
{
	size_t *pairs = xcalloc(2 * u->nr + 1, sizeof(*pairs));
	int ok = read_numbers(buf, len, pairs, 2 * u->nr);

	u->changes = xcalloc(u->nr + 1, sizeof(*u->changes));
	u->cluster = xcalloc(u->nr + 1, sizeof(*u->cluster));
	for (size_t k = 0; ok && k < u->nr; k++) {
		u->changes[k] = pairs[2 * k];
		u->cluster[k] = pairs[2 * k + 1];
		ok = u->changes[k] < e->nr_changes;
	}
	free(pairs);
	return ok;
}

int series_cache_replay(struct engine *e, const char *key, struct series_units *units,
			struct bisect_result *bisect, unsigned *mended)
{
	struct strbuf payload = STRBUF_INIT, err = STRBUF_INIT;
	struct series_units got = SERIES_UNITS_INIT;
	struct bisect_result b;
	struct cache_reader rd;
	struct series_unit *u = NULL;
	struct bisect_break *brk = NULL;
	const char *buf;
	size_t len, numbers[5];
	char tag;
	int status, more, ok = 1, have_bisect = 0;
	unsigned was_mended = 0;

	memset(&b, 0, sizeof(b));
	if (!cache_get(key, &payload, &err, &status) || status != 0) {
		strbuf_release(&payload);
		strbuf_release(&err);
		return 0;
	}
	cache_reader_init(&rd, payload.buf, payload.len);
	while (ok && (more = cache_record_next(&rd, &tag, &buf, &len)) != 0) {
		if (more < 0) {
			ok = 0;
			break;
		}
		switch (tag) {
		case 'U':
			ok = !have_bisect && read_numbers(buf, len, numbers, 5) && numbers[0] < e->plan.nr &&
			     numbers[4] <= e->nr_changes;
			if (!ok)
				break;
			ALLOC_GROW(got.v, got.nr + 1, got.alloc);
			u = &got.v[got.nr++];
			memset(u, 0, sizeof(*u));
			u->step = numbers[0];
			u->part_nr = (unsigned)numbers[1];
			u->parts = (unsigned)numbers[2];
			u->bytes = numbers[3];
			u->nr = numbers[4];
			u->foreign = (struct strvec)STRVEC_INIT;
			u->notes = (struct strvec)STRVEC_INIT;
			break;
		case 's':
		case 'p':
		case 't': {
			char **field;

			ok = u && !have_bisect;
			if (!ok)
				break;
			field = tag == 's' ? &u->subsystem : tag == 'p' ? &u->part : &u->tie;
			free(*field);
			*field = xstrndup(buf, len);
			break;
		}
		case 'c':
			ok = u && !have_bisect && !u->changes && read_unit_changes(e, u, buf, len);
			break;
		case 'f':
		case 'n':
			ok = u && !have_bisect;
			if (ok)
				strvec_pushf(tag == 'f' ? &u->foreign : &u->notes, "%.*s", (int)len, buf);
			break;
		case 'B':
			ok = !have_bisect && read_numbers(buf, len, numbers, 3);
			if (!ok)
				break;
			have_bisect = 1;
			b.prefixes = numbers[0];
			b.judged = numbers[1];
			was_mended = (unsigned)numbers[2];
			break;
		case 'K':
			ok = have_bisect && read_numbers(buf, len, numbers, 2) && numbers[0] < got.nr;
			if (!ok)
				break;
			ALLOC_GROW(b.breaks, b.nr_breaks + 1, b.alloc_breaks);
			brk = &b.breaks[b.nr_breaks++];
			memset(brk, 0, sizeof(*brk));
			brk->patch = numbers[0];
			brk->files = numbers[1];
			brk->broken = (struct strvec)STRVEC_INIT;
			break;
		case 'k':
		case 'e':
			ok = brk != NULL;
			if (ok) {
				char **field = tag == 'k' ? &brk->file : &brk->error;

				free(*field);
				*field = xstrndup(buf, len);
			}
			break;
		case 'r':
			ok = brk != NULL;
			if (ok)
				strvec_pushf(&brk->broken, "%.*s", (int)len, buf);
			break;
		default:
			ok = 0;
		}
	}
	for (size_t i = 0; ok && i < got.nr; i++)
		ok = got.v[i].changes != NULL;
	ok = ok && have_bisect;
	strbuf_release(&payload);
	strbuf_release(&err);
	if (!ok) {
		series_units_release(&got);
		bisect_result_release(&b);
		return 0;
	}
	*units = got;
	*bisect = b;
	*mended = was_mended;
	return 1;
}
