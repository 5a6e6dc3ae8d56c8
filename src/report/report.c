#define _GNU_SOURCE
#include "report/report.h"
#include "analyze/scan.h"
#include "base/walk.h"
#include "kernel/kernel.h"
#include "kernel/manifest.h"
#include "lex/lexscan.h"
#include "plan/plan.h"
#include "rewrite/class-initializer.h"
#include "rewrite/delete-class-device.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

/* ----------------------------------------------------------------- groups */

const char *report_group_name(unsigned group)
{
	const struct manifest_step *m;
	char num[16];

	if (group == REPORT_GROUP_INACTIVE)
		return "inactive";
	snprintf(num, sizeof(num), "%u", group);
	m = manifest_find(num);
	return m ? m->name : "?";
}

static unsigned group_of(const char *file, const char *kind, const char *symbol)
{
	if (kernel_is_class_device_core(file))
		return 70;
	if (!strcmp(kind, "inactive"))
		return REPORT_GROUP_INACTIVE;
	if (!strcmp(kind, "static-class"))
		return 10;
	if (!strcmp(kind, "class-interface") || (!strcmp(kind, "token") && strstr(symbol, "class_interface")))
		return 50;
	return 40;
}

/* ---------------------------------------------------------------- reasons */

static const struct classify_file *parse_result(const struct scan_result *s, const char *file)
{
	for (size_t i = 0; i < s->parse.nr; i++)
		if (!strcmp(s->parse.files[i].file, file))
			return &s->parse.files[i];
	return NULL;
}

static const char *after_prefix(const char *s, const char *prefix)
{
	return starts_with(s, prefix) ? s + strlen(prefix) : NULL;
}

/* The detail of a driver-core item that step 70 does not delete. */
static const char core_keeps[] = "class_interface stays in the class-level API: step 70 keeps it";

/* Outside the driver core, a class_interface name no site covers is already converted. */
static const char user_keeps[] = "class_interface stays in the class-level API (add_dev/remove_dev on struct "
				 "device): step 70 keeps it; it does not block step 70";

/* What every reason is decided from. */
struct reason_context {
	const struct report_migration *m;	/* may be NULL */
	const struct scan_result *scan;		/* the sites and the parse results */
	const struct deletion *deletion;
};

/*
 * "name" or "kept" when the shape of a symbol that does not block says it
 * is not the retired API (*detail, static, is why), else NULL.  `tagged`:
 * the word before it is struct, union or enum.
 */
static const char *shape_reason(const char *symbol, int tagged, const char **detail)
{
	int not_api = kernel_name_is_not_api(symbol);

	if (not_api == 1) {
		*detail = "a Kconfig option, not the API: options keep their names; it does not block step 70";
		return "name";
	}
	if (starts_with(symbol, "class_interface") && !strstr(symbol, "class_device")) {
		*detail = user_keeps;
		return "kept";
	}
	/* struct device *class_device: deleting the struct leaves the name valid */
	if (!strcmp(symbol, "class_device") && !tagged) {
		*detail = "a variable, parameter or member named class_device, not the struct: renaming it "
			  "is optional; it does not block step 70";
		return "name";
	}
	if (not_api == 2) {
		*detail = "a constant that contains CLASS_DEVICE, not the API (it holds no name of the API "
			  "such as CLASS_DEVICE_ATTR): it keeps its name; it does not block step 70";
		return "name";
	}
	/* bl_class_device_attributes, not class_device_attr_x: a name the api map does not know */
	if (strstr(symbol, "class_device") && !starts_with(symbol, "class_device")) {
		*detail = "a name that contains class_device, not the API: renaming it is optional; it does "
			  "not block step 70";
		return "name";
	}
	if (strstr(symbol, "class_interface") && !starts_with(symbol, "class_interface")) {
		*detail = "a name that contains class_interface, not the API: renaming it is optional; it "
			  "does not block step 70";
		return "name";
	}
	return NULL;
}

/*
 * The members of a static class's "sets: f1,f2" that step 10 cannot move
 * ("a,b"), "" when it can move them all but .name is missing, NULL when
 * it can convert the class.
 */
static char *members_step10_leaves(const char *fields)
{
	struct strbuf stuck = STRBUF_INIT;
	int named = 0;

	while (*fields) {
		size_t n = strcspn(fields, ",; ");

		if (n == 4 && !memcmp(fields, "name", 4))
			named = 1;
		if (n && !class_initializer_can_move(fields, n)) {
			if (stuck.len)
				strbuf_addch(&stuck, ',');
			strbuf_add(&stuck, fields, n);
		}
		fields += n;
		if (*fields != ',')
			break;
		fields++;
	}
	if (!stuck.len && named) {
		strbuf_release(&stuck);
		return NULL;
	}
	return strbuf_detach(&stuck, NULL);
}

/* The site of `kind` (static-class, class-interface) defining `symbol`, not an extern declaration, or NULL. */
static const struct site *definition_site(const struct scan_result *s, const char *kind, const char *symbol)
{
	for (size_t i = 0; i < s->sites.nr; i++) {
		const struct site *d = &s->sites.items[i];

		if (!strcmp(d->kind, kind) && !strcmp(d->symbol, symbol) && strcmp(d->reason, "declaration"))
			return d;
	}
	return NULL;
}

static const char *item_reason(const struct reason_context *rc, unsigned group, const char *kind,
			       const char *symbol, const char *site_reason, int site_manual, int blocks,
			       const char *file, char **detail);

/*
 * "stays-static" (or a declaration's "needs-human") for a static class
 * that does not block and that step 10 leaves, else NULL.
 */
static const char *static_class_reason(const struct reason_context *rc, const char *symbol,
				       const char *site_reason, const char *file, char **detail)
{
	const struct report_migration_file *mf = report_migration_file(rc->m, file);
	const struct report_migration_step *ms = report_migration_step(rc->m, 10);
	const char *fields, *reason;
	char *stuck, *why;

	if (!strcmp(site_reason, "declaration")) {
		const struct site *def = definition_site(rc->scan, "static-class", symbol);
		unsigned group;

		if (!def)
			return NULL;
		group = group_of(def->file, def->kind, def->symbol);
		/* an extern declaration follows its definition */
		reason = item_reason(rc, group, def->kind, def->symbol, def->reason, def->verdict == SITE_MANUAL,
				     group != 70 && deletion_blocks(rc->deletion, def->kind, def->symbol,
								    def->reason, NULL),
				     def->file, &why);
		if (strcmp(reason, "stays-static") && strcmp(reason, "needs-human")) {
			free(why);
			return NULL;
		}
		*detail = xstrfmt("the declaration of %s, defined at %s:%u: %s", symbol, def->file, def->line, why);
		free(why);
		return reason;
	}
	/* custom class_release, embedded in a struct: the kernel kept such classes static too */
	if ((fields = after_prefix(site_reason, "needs-human: "))) {
		*detail = xstrfmt("%s: step 10 cannot turn it into class_create(), so the class stays static (a "
				  "static struct class is still valid after step 70); it does not block step 70",
				  fields);
		return "stays-static";
	}
	if (!(fields = after_prefix(site_reason, "sets: ")))
		return NULL;
	stuck = members_step10_leaves(fields);
	if (stuck && !*stuck) {
		*detail = xstrfmt("sets no .name (sets: %s): class_create() needs one, so step 10 leaves the class "
				  "static (a static struct class is still valid after step 70); it does not block "
				  "step 70", fields);
	} else if (stuck) {
		int one = !strchr(stuck, ',');

		*detail = xstrfmt("sets %s: class_create() cannot take %s and step 10 cannot set %s after it, so "
				  "the class stays static (a static struct class is still valid after step 70); it "
				  "does not block step 70", stuck, one ? "it" : "them", one ? "it" : "them");
	} else if (ms && !strcmp(ms->action, "run") && (!mf || rc->m->in_place)) {
		*detail = xstrfmt("sets %s, which step 10 can move, but step 10 class-create ran and left the "
				  "class static: its registration, or a use of its address, is not one the rule "
				  "converts (a static struct class is still valid after step 70); it does not block "
				  "step 70", fields);
	} else {
		return NULL;
	}
	free(stuck);
	return "stays-static";
}

/* The reason of an item, as report.h orders the rules; *detail is allocated. */
static const char *item_reason(const struct reason_context *rc, unsigned group, const char *kind,
			       const char *symbol, const char *site_reason, int site_manual, int blocks,
			       const char *file, char **detail)
{
	const struct report_migration *m = rc->m;
	const struct classify_file *parse = parse_result(rc->scan, file);
	const struct report_migration_file *mf = report_migration_file(m, file);
	const struct manifest_step *step;
	const char *rest, *macro, *shape, *why;
	char num[16];
	if (group == 70) {
		*detail = xstrdup(!strcmp(kind, "class-interface") ? core_keeps
								    : "step 70 deletes it with struct class_device");
		return "driver-core";
	}
	if (group == REPORT_GROUP_INACTIVE) {
		rest = after_prefix(site_reason, "inactive-#if: ");
		*detail = xstrdup(rest ? rest : site_reason);
		return "inactive-#if";
	}
	/* what is left on purpose says so, whatever else the file went through */
	if (!blocks && !strcmp(kind, "static-class") &&
	    (shape = static_class_reason(rc, symbol, site_reason, file, detail)))
		return shape;
	if (!blocks && !strcmp(kind, "class-interface") && !strcmp(site_reason, "declaration") &&
	    !definition_site(rc->scan, "class-interface", symbol)) {
		*detail = xstrfmt("the declaration of %s, whose definition no site holds (its callbacks are "
				  "add_dev/remove_dev on struct device): %s", symbol, user_keeps);
		return "kept";
	}
	if (mf && strcmp(mf->status, "converted")) {
		const char *in = mf->step[0] ? mf->step : "?";

		if (!strcmp(mf->status, "parse-failure")) {
			*detail = xstrfmt("spatch could not parse it (step %s): %s", in, mf->detail);
			return "parse-failure";
		}
		if (!strcmp(mf->status, "timeout")) {
			*detail = xstrfmt("spatch timed out on it (step %s)%s%s", in, mf->detail[0] ? ": " : "",
					  mf->detail);
			return "timeout";
		}
		if (!strcmp(mf->status, "crashed"))
			*detail = xstrfmt("spatch crashed on it (step %s): %s", in, mf->detail);
		else if (!strcmp(mf->status, "held-back"))
			*detail = xstrfmt("its conversion was held back, it added a parse error (step %s): %s", in,
					  mf->detail);
		else if (!strcmp(mf->status, "conflict"))
			*detail = xstrfmt("conflicting edits (step %s): %s", in, mf->detail);
		else
			*detail = xstrfmt("the last migration says %s (step %s): %s", mf->status, in, mf->detail);
		return "needs-human";
	}
	if ((rest = after_prefix(site_reason, "needs-human: "))) {
		*detail = xstrdup(rest);
		return "needs-human";
	}
	if ((rest = after_prefix(site_reason, "no-rule: ")) || !strcmp(site_reason, "no-rule")) {
		*detail = xstrdup(rest ? rest : "");
		return "no-rule";
	}
	if ((macro = strstr(site_reason, "macro-generated from "))) {
		*detail = xstrdup(macro + strlen("macro-generated "));
		return "macro-generated";
	}
	if (parse && parse->errors) {
		*detail = xstrfmt("libclang: %u error%s, first: %s", parse->errors, parse->errors == 1 ? "" : "s",
				  parse->first_error ? parse->first_error : "?");
		return "parse-failure";
	}
	if (!blocks && !strcmp(kind, "macro-body") && (shape = shape_reason(symbol, 0, &why))) {
		*detail = xstrfmt("the body of a macro names %s: %s", symbol, why);
		return shape;
	}
	snprintf(num, sizeof(num), "%u", group);
	step = manifest_find(num);
	if (!step || !manifest_count(step->patches)) {
		*detail = xstrfmt("step %u %s has no semantic patch yet", group, report_group_name(group));
	} else if (m) {
		const struct report_migration_step *ms = report_migration_step(m, group);

		if (ms && !strcmp(ms->action, "run") && mf && m->in_place)
			*detail = xstrfmt("step %u %s ran and changed this file but left this site", group,
					  step->name);
		else if (ms && !strcmp(ms->action, "run") && mf)
			*detail = xstrfmt("step %u %s ran and changed this file, but this site is still here: "
					  "apply the series, or the rule does not cover it", group, step->name);
		else if (ms && !strcmp(ms->action, "run"))
			*detail = xstrfmt("step %u %s ran and did not change this file", group, step->name);
		else
			*detail = xstrfmt("step %u %s did not run in the last migration", group, step->name);
	} else {
		*detail = xstrfmt("not converted yet: step %u %s has a rule; run cdmigrate migrate", group,
				  step->name);
	}
	if (!site_manual && site_reason[0] && strcmp(kind, "token")) {
		char *more = xstrfmt("%s (%s)", *detail, site_reason);

		free(*detail);
		*detail = more;
	}
	return "no-rule";
}

/* ------------------------------------------------------------------ items */

static void add_item(struct report *r, size_t *alloc, const char *file, unsigned line, unsigned column,
		     const char *kind, const char *symbol, const char *function, const char *subsystem,
		     unsigned group, int blocks, const char *reason, char *detail)
{
	struct report_item *it;

	ALLOC_GROW(r->items, r->nr + 1, *alloc);
	it = &r->items[r->nr++];
	it->id = NULL;
	it->file = xstrdup(file);
	it->line = line;
	it->column = column;
	it->kind = kind;
	it->symbol = xstrdup(symbol);
	it->function = xstrdup(function);
	it->subsystem = xstrdup(subsystem);
	it->group = group;
	it->blocks = blocks;
	it->reason = reason;
	it->detail = detail;
}

struct token_search {
	const char *text;		/* the file's text the tokens point into */
	struct report *r;
	size_t *alloc;
	const char *file;
	const struct site *sites;	/* the file's sites */
	size_t nr_sites;
	const char *subsystem;
	const struct reason_context *rc;
	const char *interface;		/* a class_interface the file names that step 50 converts, or NULL */
};

static void on_token(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct token_search *ts = data;
	char *symbol;
	unsigned group;
	const char *reason, *why;
	char *detail, *step_detail;
	int blocks = 0, tagged;

	for (size_t i = 0; i < ts->nr_sites; i++)
		if (ts->sites[i].line == line)
			return;
	symbol = xstrndup(ident, len);
	group = group_of(ts->file, "token", symbol);
	tagged = lexscan_after_tag_keyword(ts->text, ident);
	if (group == 70) {
		reason = "driver-core";
		detail = xstrdup(strstr(symbol, "class_interface") && !strstr(symbol, "class_device")
				 ? core_keeps : "step 70 deletes it with struct class_device");
	} else if ((!strcmp(symbol, "class_device") && !tagged) ||
		   !(blocks = deletion_blocks(ts->rc->deletion, "token", symbol, NULL, NULL))) {
		reason = shape_reason(symbol, tagged, &why);
		if (reason && !strcmp(reason, "kept") && ts->interface)
			reason = NULL;
		if (reason) {
			detail = xstrfmt("no site covers this token: %s", why);
		} else {
			reason = item_reason(ts->rc, group, "token", symbol, "", 0, 0, ts->file, &step_detail);
			if (ts->interface && group == 50)
				detail = xstrfmt("no site covers this token (the file names %s, a class_interface "
						 "step 50 converts): %s", ts->interface, step_detail);
			else
				detail = xstrfmt("no site covers this token: %s", step_detail);
			free(step_detail);
		}
	} else {
		reason = "no-rule";
		detail = xstrdup("no site covers this token: no rule knows it");
	}
	add_item(ts->r, ts->alloc, ts->file, line, column, "token", symbol, NULL, ts->subsystem, group,
		 blocks, reason, detail);
	free(symbol);
}

struct mention_search {
	struct report *r;
	size_t alloc;
	const char *file;
};

static void on_mention(const char *word, size_t len, unsigned line, unsigned column, int in_string, void *data)
{
	struct mention_search *ms = data;
	struct report_mention *m;

	ALLOC_GROW(ms->r->mentions, ms->r->nr_mentions + 1, ms->alloc);
	m = &ms->r->mentions[ms->r->nr_mentions++];
	m->file = xstrdup(ms->file);
	m->line = line;
	m->column = column;
	m->word = xstrndup(word, len);
	m->in_string = in_string;
}

static int compare_identity(const void *va, const void *vb)
{
	const struct report_item *a = va, *b = vb;
	int c;

	if ((c = strcmp(a->file, b->file)))
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->column != b->column)
		return a->column < b->column ? -1 : 1;
	if ((c = strcmp(a->kind, b->kind)))
		return c;
	return strcmp(a->symbol, b->symbol);
}

static int compare_display(const void *va, const void *vb)
{
	const struct report_item *a = va, *b = vb;
	int c;

	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	if ((c = strcmp(a->subsystem, b->subsystem)))
		return c;
	return compare_identity(va, vb);
}

/* Ids in file order: the hash of the identity, "#n" for the n-th repeat. */
static void assign_ids(struct report *r)
{
	struct strbuf key = STRBUF_INIT;
	char **hashes = xcalloc(r->nr + 1, sizeof(char *));

	sort_array(r->items, r->nr, sizeof(*r->items), compare_identity);
	for (size_t i = 0; i < r->nr; i++) {
		const struct report_item *it = &r->items[i];
		unsigned n = 1;

		strbuf_reset(&key);
		strbuf_addstr(&key, it->file);
		strbuf_addch(&key, '\0');
		strbuf_addstr(&key, it->function ? it->function : "");
		strbuf_addch(&key, '\0');
		strbuf_addstr(&key, it->kind);
		strbuf_addch(&key, '\0');
		strbuf_addstr(&key, it->symbol);
		hashes[i] = xstrfmt("%016llx", (unsigned long long)XXH64(key.buf, key.len, 0));
		for (size_t j = i; j > 0 && !strcmp(r->items[j - 1].file, it->file); j--)
			n += !strcmp(hashes[j - 1], hashes[i]);
		r->items[i].id = n > 1 ? xstrfmt("%s#%u", hashes[i], n) : xstrdup(hashes[i]);
	}
	for (size_t i = 0; i < r->nr; i++)
		free(hashes[i]);
	free(hashes);
	strbuf_release(&key);
}

/* ---------------------------------------------------------------- summary */

static struct report_count *count_find(struct report_count **v, size_t *nr, unsigned order, const char *name)
{
	for (size_t i = 0; i < *nr; i++)
		if ((*v)[i].order == order && !strcmp((*v)[i].name, name))
			return &(*v)[i];
	*v = xrealloc(*v, (*nr + 1) * sizeof(**v));
	(*v)[*nr].order = order;
	(*v)[*nr].name = xstrdup(name);
	(*v)[*nr].sites = (*v)[*nr].files = 0;
	return &(*v)[(*nr)++];
}

static int compare_counts(const void *va, const void *vb)
{
	const struct report_count *a = va, *b = vb;

	if (a->order != b->order)
		return a->order < b->order ? -1 : 1;
	return strcmp(a->name, b->name);
}

static void summarize(struct report *r)
{
	struct strvec seen = STRVEC_INIT;

	for (size_t i = 0; i < r->nr; i++) {
		const struct report_item *it = &r->items[i];
		char *keys[3];
		struct report_count *counts[3];

		counts[0] = count_find(&r->steps, &r->nr_steps, it->group, report_group_name(it->group));
		counts[1] = count_find(&r->subsystems, &r->nr_subsystems, 0, it->subsystem);
		counts[2] = count_find(&r->reasons, &r->nr_reasons, 0, it->reason);
		keys[0] = xstrfmt("s%u\n%s", it->group, it->file);
		keys[1] = xstrfmt("u%s\n%s", it->subsystem, it->file);
		keys[2] = xstrfmt("r%s\n%s", it->reason, it->file);
		for (int k = 0; k < 3; k++) {
			counts[k]->sites++;
			strvec_push(&seen, keys[k]);
			free(keys[k]);
		}
		r->blocking += it->blocks;
	}
	/* files per count: the distinct (count, file) keys */
	strvec_sort(&seen);
	for (size_t i = 0; i < seen.nr; i++) {
		char *nl;
		struct report_count *c;

		if (i && !strcmp(seen.v[i], seen.v[i - 1]))
			continue;
		nl = strchr(seen.v[i], '\n');
		*nl = '\0';
		if (seen.v[i][0] == 's') {
			unsigned g = (unsigned)strtoul(seen.v[i] + 1, NULL, 10);

			c = count_find(&r->steps, &r->nr_steps, g, report_group_name(g));
		} else {
			c = count_find(seen.v[i][0] == 'u' ? &r->subsystems : &r->reasons,
				       seen.v[i][0] == 'u' ? &r->nr_subsystems : &r->nr_reasons, 0, seen.v[i] + 1);
		}
		c->files++;
		*nl = '\n';
	}
	strvec_clear(&seen);
	sort_array(r->steps, r->nr_steps, sizeof(*r->steps), compare_counts);
	sort_array(r->subsystems, r->nr_subsystems, sizeof(*r->subsystems), compare_counts);
	sort_array(r->reasons, r->nr_reasons, sizeof(*r->reasons), compare_counts);
	for (size_t i = 0; i < r->nr; i++)
		if (!i || strcmp(r->items[i].file, r->items[i - 1].file)) {
			int dup = 0;

			for (size_t j = 0; j < i && !dup; j++)
				dup = !strcmp(r->items[j].file, r->items[i].file);
			r->files += !dup;
		}
}

int report_deletion_possible(const struct report *r)
{
	return r->blocking == 0;
}

char *report_deletion_text(const struct report *r)
{
	if (!r->nr)
		return xstrdup("possible: nothing is left");
	if (!r->blocking) {
		size_t core = 0;

		for (size_t i = 0; i < r->nr; i++)
			core += r->items[i].group == 70;
		if (core == r->nr)
			return xstrfmt("possible: only the driver core is left (%zu site%s step 70 deletes)",
				       r->nr, r->nr == 1 ? "" : "s");
		return xstrfmt("possible: nothing outside the driver core uses what step 70 deletes "
			       "(%zu other site%s outside it stay%s in the class-level API)",
			       r->nr - core, r->nr - core == 1 ? "" : "s", r->nr - core == 1 ? "s" : "");
	}
	return xstrfmt("not yet: %zu site%s outside the driver core use%s what step 70 deletes", r->blocking,
		       r->blocking == 1 ? "" : "s", r->blocking == 1 ? "s" : "");
}

/* ------------------------------------------------------------------- make */

static int compare_failures(const void *va, const void *vb)
{
	const struct report_failure *a = va, *b = vb;
	int c = strcmp(a->file, b->file);

	return c ? c : strcmp(a->source, b->source);
}

static void add_failure(struct report *r, const char *file, const char *source, const char *status,
			char *detail, unsigned errors)
{
	struct report_failure *f;

	r->failures = xrealloc(r->failures, (r->nr_failures + 1) * sizeof(*r->failures));
	f = &r->failures[r->nr_failures++];
	f->file = xstrdup(file);
	f->source = source;
	f->status = xstrdup(status);
	f->detail = detail;
	f->errors = errors;
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Whether text names identifier `name` as a whole word. */
static int names_identifier(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = strstr(text, name); p; p = strstr(p + 1, name))
		if ((p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
			return 1;
	return 0;
}

/* A class_interface object with a site (step 50 converts it) that text names, or NULL. */
static const char *pending_interface(const struct scan_result *s, const char *text)
{
	for (size_t i = 0; i < s->sites.nr; i++)
		if (!strcmp(s->sites.items[i].kind, "class-interface") &&
		    strcmp(s->sites.items[i].reason, "declaration") &&
		    names_identifier(text, s->sites.items[i].symbol))
			return s->sites.items[i].symbol;
	return NULL;
}

int report_make(const struct report_options *opts, struct report *r)
{
	/* the report's other readers of every file share scan's pass over the tree */
	static const char *const *const extra_sets[] = { sysfs_prefilter_tokens, exports_use_tokens };
	struct scan_options so = { opts->tree, opts->kernel, opts->arch, opts->jobs, opts->paths, NULL, 0 };
	struct scan_result s = SCAN_RESULT_INIT;
	struct strvec all = STRVEC_INIT;
	const struct strvec *everything = &s.files;
	struct strbuf text = STRBUF_INIT;
	size_t alloc = 0;
	char *record = NULL;
	struct deletion *deletion;
	struct reason_context rc;
	struct mention_search mentions;

	memset(r, 0, sizeof(*r));
	r->out_of_tree = opts->kernel != NULL;
	if (opts->series) {
		if (!is_dir(opts->series))
			return error("--series %s: not a directory: give the OUT of cdmigrate migrate -o OUT",
				     opts->series);
		record = path_join(opts->series, "report.json");
		if (access(record, R_OK) < 0) {
			warning("%s: no migration record there: per-file outcomes are not shown", record);
			free(record);
			record = NULL;
		}
	} else {
		char *dir = path_join(opts->tree, ".cdmigrate");

		record = path_join(dir, "migrate.json");
		free(dir);
		if (access(record, R_OK) < 0) {
			free(record);
			record = NULL;
		}
	}
	if (record && report_migration_read(record, &r->migration) < 0) {
		free(record);
		return -1;
	}
	if (r->migration)
		r->migration->in_place = !opts->series;
	free(record);
	if (opts->series && report_migration_read_series(opts->series, &r->patches, &r->nr_patches) < 0)
		return -1;
	if (opts->userspace && opts->userspace->nr && userspace_read(opts->userspace, &r->userspace) < 0)
		return -1;

	if (!opts->paths || !opts->paths->nr) {
		so.extra_sets = extra_sets;
		so.nr_extra_sets = sizeof(extra_sets) / sizeof(*extra_sets);
	}
	if (scan_tree(&so, &s) < 0) {
		scan_result_release(&s);
		return -1;
	}
	r->tree_name = xstrdup(s.tree_name);
	r->tree_path = xstrdup(opts->tree);
	/* what step 70 would delete from the core these users are built against */
	deletion = deletion_read(opts->kernel ? opts->kernel : opts->tree);
	rc.m = r->migration;
	rc.scan = &s;
	rc.deletion = deletion;

	for (size_t i = 0; i < s.sites.nr; i++) {
		const struct site *site = &s.sites.items[i];
		unsigned group = group_of(site->file, site->kind, site->symbol);
		int blocks = group != 70 && deletion_blocks(deletion, site->kind, site->symbol, site->reason, NULL);
		char *detail;
		const char *reason = item_reason(&rc, group, site->kind, site->symbol, site->reason,
						 site->verdict == SITE_MANUAL, blocks, site->file, &detail);

		add_item(r, &alloc, site->file, site->line, site->column, site->kind, site->symbol,
			 site->function, site->subsystem, group, blocks, reason, detail);
	}

	/* tokens no site covers, the API's words in comments and strings, and
	 * the parse failures of the candidates */
	mentions.r = r;
	mentions.alloc = 0;
	for (size_t f = 0, first = 0; f < s.candidate_files.nr; f++) {
		const char *file = s.candidate_files.v[f];
		struct token_search ts;
		char *abs = path_join(opts->tree, file);
		const struct classify_file *parse = parse_result(&s, file);

		while (first < s.sites.nr && strcmp(s.sites.items[first].file, file) < 0)
			first++;
		memset(&ts, 0, sizeof(ts));
		ts.r = r;
		ts.alloc = &alloc;
		ts.file = file;
		ts.sites = s.sites.items + first;
		while (ts.nr_sites + first < s.sites.nr && !strcmp(s.sites.items[first + ts.nr_sites].file, file))
			ts.nr_sites++;
		ts.subsystem = opts->kernel ? s.tree_name : NULL;
		ts.rc = &rc;
		strbuf_reset(&text);
		if (strbuf_read_file(&text, abs) == 0) {
			ts.text = text.buf;
			ts.interface = pending_interface(&s, text.buf);
			char *sub = opts->kernel ? NULL : subsystem_for(file, &s.includes);

			if (sub)
				ts.subsystem = sub;
			lexscan_identifiers(text.buf, 0, text.len, kernel_api_needles, 0, on_token, &ts);
			if (!kernel_is_class_device_core(file)) {
				size_t had = r->nr_mentions;

				mentions.file = file;
				lexscan_mentions(text.buf, text.len, kernel_api_needles, on_mention,
						 &mentions);
				r->mention_files += r->nr_mentions > had;
			}
			free(sub);
		}
		free(abs);
		if (parse && parse->errors)
			add_failure(r, file, "scan", "parse-failure",
				    xstrdup(parse->first_error ? parse->first_error : ""), parse->errors);
	}
	for (size_t i = 0; r->migration && i < r->migration->nr_files; i++) {
		const struct report_migration_file *mf = &r->migration->files[i];

		if (strcmp(mf->status, "converted"))
			add_failure(r, mf->file, "migrate", mf->status,
				    xstrfmt("%s%s%s", mf->step[0] ? mf->step : "", mf->step[0] ? ": " : "",
					    mf->detail), 0);
	}
	sort_array(r->failures, r->nr_failures, sizeof(*r->failures), compare_failures);

	assign_ids(r);
	sort_array(r->items, r->nr, sizeof(*r->items), compare_display);
	summarize(r);

	if (opts->paths && opts->paths->nr) {
		if (walk_tree(opts->tree, NULL, &all, NULL) == 0)
			everything = &all;
	}
	if (!r->out_of_tree) {
		if (s.nr_extra_candidates)
			exports_find_unused_among(opts->tree, everything, &s.extra_candidates[1], &r->exports);
		else
			exports_find_unused(opts->tree, everything, &r->exports);
		r->exports_done = 1;
	}
	if (s.nr_extra_candidates)
		sysfs_analyze_candidates(opts->tree, opts->kernel, &s.extra_candidates[0], &r->sysfs);
	else
		sysfs_analyze(opts->tree, opts->kernel, everything, opts->jobs, &r->sysfs);
	if (r->userspace.checked)
		userspace_match(&r->userspace, &r->sysfs);

	strvec_clear(&all);
	strbuf_release(&text);
	scan_result_release(&s);
	deletion_free(deletion);
	return 0;
}

void report_release(struct report *r)
{
	free(r->tree_name);
	free(r->tree_path);
	for (size_t i = 0; i < r->nr; i++) {
		free(r->items[i].id);
		free(r->items[i].file);
		free(r->items[i].symbol);
		free(r->items[i].function);
		free(r->items[i].subsystem);
		free(r->items[i].detail);
	}
	free(r->items);
	for (size_t i = 0; i < r->nr_failures; i++) {
		free(r->failures[i].file);
		free(r->failures[i].status);
		free(r->failures[i].detail);
	}
	free(r->failures);
	for (size_t i = 0; i < r->nr_mentions; i++) {
		free(r->mentions[i].file);
		free(r->mentions[i].word);
	}
	free(r->mentions);
	report_migration_free(r->migration);
	for (size_t i = 0; i < r->nr_patches; i++) {
		free(r->patches[i].path);
		free(r->patches[i].subject);
		free(r->patches[i].subsystem);
	}
	free(r->patches);
	export_list_release(&r->exports);
	sysfs_report_release(&r->sysfs);
	userspace_report_release(&r->userspace);
	for (size_t i = 0; i < r->nr_steps; i++)
		free(r->steps[i].name);
	free(r->steps);
	for (size_t i = 0; i < r->nr_subsystems; i++)
		free(r->subsystems[i].name);
	free(r->subsystems);
	for (size_t i = 0; i < r->nr_reasons; i++)
		free(r->reasons[i].name);
	free(r->reasons);
	if (r->baseline) {
		free(r->baseline->file);
		free(r->baseline->new_items);
		for (size_t i = 0; i < r->baseline->nr_new_failures; i++)
			free(r->baseline->new_failures[i]);
		free(r->baseline->new_failures);
		free(r->baseline);
	}
	memset(r, 0, sizeof(*r));
}
