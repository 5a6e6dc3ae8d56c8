#define _GNU_SOURCE
#include "engine/group.h"
#include "engine/spatch.h"
#include "engine/working-set.h"
#include "kernel/reach.h"
#include "lex/lex.h"
#include "lex/lexscan.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* The files of step_files where class `name` is defined or declared extern. */
static void class_homes_of(struct engine *e, const char *name, const struct strvec *step_files,
			   struct strvec *homes)
{
	size_t n = strlen(name);

	for (size_t h = 0; h < e->class_homes.nr; h++) {
		const char *tab = strchr(e->class_homes.v[h], '\t');

		if ((size_t)(tab - e->class_homes.v[h]) == n && !strncmp(e->class_homes.v[h], name, n) &&
		    strvec_has(step_files, tab + 1))
			strvec_push(homes, tab + 1);
	}
}

static void add_class_homes(struct engine *e, struct strvec *group, const struct strvec *step_files)
{
	size_t own = group->nr;

	for (size_t c = 0; c < e->class_objects.nr; c++) {
		const char *name = e->class_objects.v[c];
		struct strvec homes = STRVEC_INIT;
		int used = 0;

		for (size_t i = 0; i < own && !used; i++)
			used = working_set_names_class(&engine_find_file(e, group->v[i])->current, name);
		if (!used)
			continue;
		class_homes_of(e, name, step_files, &homes);
		for (size_t h = 0; h < homes.nr; h++)
			if (!strvec_has(group, homes.v[h]))
				strvec_push(group, homes.v[h]);
		strvec_clear(&homes);
	}
}

/* The step's headers `file` includes directly, pushed to group once. */
static void add_included(struct engine *e, const char *file, const struct strvec *step_files,
			 struct strvec *group)
{
	for (size_t g = 0; g < e->includes.nr; g++) {
		const char *h = e->includes.edges[g].header;

		if (!strcmp(e->includes.edges[g].includer, file) &&
		    strvec_has(step_files, h) && !strvec_has(group, h))
			strvec_push(group, h);
	}
}

/* One group per subsystem: its files and the step's headers they include. */
static void subsystem_groups(struct engine *e, size_t step, const struct strvec *step_files,
			     struct strvec **groups, size_t *nr)
{
	struct strvec subsystems = STRVEC_INIT;

	for (size_t i = 0; i < step_files->nr; i++) {
		struct work_file *f = engine_find_file(e, step_files->v[i]);

		if (!strvec_has(&subsystems, f->subsystem))
			strvec_push(&subsystems, f->subsystem);
	}
	strvec_sort(&subsystems);
	*groups = xcalloc(subsystems.nr ? subsystems.nr : 1, sizeof(**groups));
	*nr = subsystems.nr;
	for (size_t s = 0; s < subsystems.nr; s++) {
		struct strvec *g = &(*groups)[s];

		*g = (struct strvec)STRVEC_INIT;
		for (size_t i = 0; i < step_files->nr; i++) {
			struct work_file *f = engine_find_file(e, step_files->v[i]);

			if (strcmp(f->subsystem, subsystems.v[s]))
				continue;
			if (!strvec_has(g, f->path))
				strvec_push(g, f->path);
			add_included(e, f->path, step_files, g);
		}
		/*
		 * A class used from another subsystem is converted through the
		 * bindings of the file that defines it: bring that file (and its
		 * extern's header) into this group too.
		 */
		if (manifest_count(e->plan.steps[step].step->follow))
			add_class_homes(e, g, step_files);
		strvec_sort(g);
	}
	strvec_clear(&subsystems);
}

static size_t uf_find(size_t *parent, size_t i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

static void uf_join(size_t *parent, size_t a, size_t b)
{
	a = uf_find(parent, a);
	b = uf_find(parent, b);
	/* the smaller index leads: components come out in file order */
	if (a < b)
		parent[b] = a;
	else if (b < a)
		parent[a] = b;
}

static size_t index_in(const struct strvec *sorted, const char *s)
{
	size_t lo = 0, hi = sorted->nr;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(sorted->v[mid], s);

		if (!c)
			return mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return SIZE_MAX;
}

/*
 * Add to each of groups[0..*nr) the step's headers its own files include
 * directly; then drop a group that is one header some other group now
 * holds.
 */
static void included_headers(struct engine *e, const struct strvec *step_files,
			     struct strvec *groups, size_t *nr)
{
	char *reached = xcalloc(step_files->nr ? step_files->nr : 1, 1);
	size_t kept = 0;

	for (size_t g = 0; g < *nr; g++) {
		size_t own = groups[g].nr;

		for (size_t i = 0; i < own; i++)
			add_included(e, groups[g].v[i], step_files, &groups[g]);
		for (size_t i = own; i < groups[g].nr; i++)
			reached[index_in(step_files, groups[g].v[i])] = 1;
		strvec_sort(&groups[g]);
	}
	for (size_t g = 0; g < *nr; g++) {
		if (groups[g].nr == 1 && ends_with(groups[g].v[0], ".h") &&
		    reached[index_in(step_files, groups[g].v[0])]) {
			strvec_clear(&groups[g]);
			continue;
		}
		groups[kept++] = groups[g];
	}
	*nr = kept;
	free(reached);
}

/*
 * Connected components of step_files (sorted): for MANIFEST_GROUP_CLASS
 * every file naming a class object joined to that class's homes.  Each
 * group then gets the step's headers its files include directly, without
 * being joined through them: a header shared by many users (sysdev.h,
 * scsi_host.h) made one group of 68 files of unrelated classes on 2.6.22.
 * A header left alone that another group brings in is not run by itself.
 */
static void component_groups(struct engine *e, size_t step, const struct strvec *step_files,
			     struct strvec **groups, size_t *nr)
{
	size_t n = step_files->nr;
	size_t *parent = xcalloc(n ? n : 1, sizeof(*parent));
	size_t *slot = xcalloc(n ? n : 1, sizeof(*slot));

	for (size_t i = 0; i < n; i++)
		parent[i] = i;
	if (e->plan.steps[step].step->group == MANIFEST_GROUP_CLASS) {
		for (size_t c = 0; c < e->class_objects.nr; c++) {
			struct strvec homes = STRVEC_INIT;
			size_t first = SIZE_MAX;

			class_homes_of(e, e->class_objects.v[c], step_files, &homes);
			for (size_t h = 0; h < homes.nr; h++) {
				size_t k = index_in(step_files, homes.v[h]);

				if (first == SIZE_MAX)
					first = k;
				else
					uf_join(parent, first, k);
			}
			for (size_t i = 0; i < n && first != SIZE_MAX; i++)
				if (working_set_names_class(&engine_find_file(e, step_files->v[i])->current,
						     e->class_objects.v[c]))
					uf_join(parent, first, i);
			strvec_clear(&homes);
		}
	}
	*nr = 0;
	*groups = xcalloc(n ? n : 1, sizeof(**groups));
	for (size_t i = 0; i < n; i++) {
		size_t root = uf_find(parent, i);

		if (root == i) {
			slot[i] = (*nr)++;
			(*groups)[slot[i]] = (struct strvec)STRVEC_INIT;
		}
		strvec_push(&(*groups)[slot[root]], step_files->v[i]);
	}
	included_headers(e, step_files, *groups, nr);
	free(parent);
	free(slot);
}

static const struct strbuf *working_text(const char *rel, void *data)
{
	struct work_file *f = engine_find_file(data, rel);

	return f ? &f->current : NULL;
}

/*
 * A group never holds more files than this: a .c file keeps the step's
 * headers it reaches nearest first.
 */
#define MAX_GROUP 16

/*
 * "name\tfile" for each function a .c file of the step defines whose
 * parameters hold a trigger token (a callback whose signature the step
 * changes), sorted.
 */
struct definers {
	struct strvec defs;
	const char *file;		/* while collecting: whose they are */
	const char *user;		/* while looking up: whose group */
	struct strvec *group;
};

static void add_definition(const char *name, size_t len, void *data)
{
	struct definers *d = data;

	strvec_pushf(&d->defs, "%.*s\t%s", (int)len, name, d->file);
}

/* An identifier of d->user: the other files defining it join its group. */
static void add_definer(const char *ident, size_t len, unsigned line, unsigned column, void *data)
{
	struct definers *d = data;
	size_t lo = 0, hi = d->defs.nr;

	(void)line;
	(void)column;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strncmp(d->defs.v[mid], ident, len);

		if (c < 0 || (!c && d->defs.v[mid][len] < '\t'))
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < d->defs.nr && !strncmp(d->defs.v[lo], ident, len) && d->defs.v[lo][len] == '\t'; lo++) {
		const char *file = d->defs.v[lo] + len + 1;

		if (d->group->nr < MAX_GROUP && !strvec_has(d->group, file))
			strvec_push(d->group, file);
	}
}

/*
 * The step's headers `file` reaches, nearest first, and the step's .c
 * files that define a callback it names, after it in group.
 */
static void add_reached(struct engine *e, struct reach *r, struct definers *d, const char *file,
			const struct strvec *step_files, struct strvec *group, char *reached)
{
	static const char *const any[] = { "", NULL };
	struct strvec headers = STRVEC_INIT;
	const struct strbuf *text = &engine_find_file(e, file)->current;

	strvec_push(group, file);
	if (d) {
		d->user = file;
		d->group = group;
		lexscan_identifiers(text->buf, 0, text->len, any, 0, add_definer, d);
	}
	reach_headers(r, file, &headers);
	for (size_t h = 0; h < headers.nr && group->nr < MAX_GROUP; h++) {
		size_t k = index_in(step_files, headers.v[h]);

		if (k == SIZE_MAX)
			continue;
		strvec_push(group, headers.v[h]);
		reached[k] = 1;
	}
	strvec_clear(&headers);
	strvec_sort(group);
}

/*
 * MANIFEST_GROUP_FILE: each .c file of step_files (sorted) with the step's
 * .c files that define a callback it names and the step's headers it
 * reaches; a step header no .c file reaches, with the step's headers it
 * reaches in turn.  A header two .c files include never joins them.
 */
static void file_groups(struct engine *e, size_t step, const struct strvec *step_files,
			struct strvec **groups, size_t *nr)
{
	struct reach *r = reach_new(e->opts->tree, working_text, e);
	size_t n = step_files->nr;
	char *reached = xcalloc(n ? n : 1, 1);
	struct definers d = { STRVEC_INIT, NULL, NULL, NULL };

	for (size_t i = 0; i < n; i++) {
		const struct strbuf *text = &engine_find_file(e, step_files->v[i])->current;

		if (!ends_with(step_files->v[i], ".c"))
			continue;
		d.file = step_files->v[i];
		lexscan_definitions(text->buf, text->len, e->plan.steps[step].step->triggers,
				    add_definition, &d);
	}
	strvec_sort(&d.defs);
	*nr = 0;
	*groups = xcalloc(n ? n : 1, sizeof(**groups));
	for (size_t i = 0; i < n; i++) {
		if (ends_with(step_files->v[i], ".h"))
			continue;
		(*groups)[*nr] = (struct strvec)STRVEC_INIT;
		add_reached(e, r, &d, step_files->v[i], step_files, &(*groups)[(*nr)++], reached);
	}
	for (size_t i = 0; i < n; i++) {
		if (!ends_with(step_files->v[i], ".h") || reached[i])
			continue;
		(*groups)[*nr] = (struct strvec)STRVEC_INIT;
		add_reached(e, r, NULL, step_files->v[i], step_files, &(*groups)[(*nr)++], reached);
	}
	strvec_clear(&d.defs);
	free(reached);
	reach_free(r);
}

/*
 * What a `group: file` patch (step 40's) carries from one file of a group
 * to another: inherited identifiers, and nothing else.  A group's files
 * give each other no types: spatch types a file with the headers that file
 * includes itself (--all-includes), whether or not they are in its group
 * (measured with 1.1.1: `x->cdev.class_data` of a struct from a header
 * reached through another one converts neither way).  The identifiers the
 * rules inherit are the names of show and store callbacks (bound where a
 * callback is defined or an attribute names it, used by the attribute,
 * the definition, its prototypes and its callers) and the tags of structs
 * with a `struct class` member (used by their nested initializers).  So
 * two files of a group can change each other's result only when one
 * declares such a name (binds) and the other has it as a word; files
 * that cannot are matched apart, each once: a header that 40 groups
 * reach was parsed and matched 40 times, and most of step 40's spatch
 * time went to that.
 */
struct file_names {
	struct strvec binds;	/* sorted */
	struct strvec words;	/* every identifier, #if 0 text too; sorted, once each */
};

/* Whether tokens v[from, to) hold `word` (a trigger or a keyword) as a token. */
static int tokens_have(const struct lex_token *v, size_t from, size_t to, const char *word)
{
	for (size_t i = from; i < to; i++)
		if (v[i].kind == TOKEN_IDENT && lex_token_is(&v[i], word))
			return 1;
	return 0;
}

/*
 * A callback's parameter list v[open] ... v[close]: a first parameter
 * naming a trigger token (struct class_device *) and a later one naming
 * char (the buffer), as show(cd, buf), store(cd, buf, count) and their
 * converted forms (cd, attr, buf[, count]) have.
 */
static int callback_params(const struct lex_token *v, size_t open, size_t close,
			   const char *const *triggers)
{
	size_t comma = close;
	int depth = 0, first = 0;

	for (size_t i = open + 1; i < close; i++) {
		if (v[i].kind != TOKEN_PUNCT)
			continue;
		if (lex_token_is(&v[i], "(") || lex_token_is(&v[i], "["))
			depth++;
		else if (lex_token_is(&v[i], ")") || lex_token_is(&v[i], "]"))
			depth--;
		else if (!depth && lex_token_is(&v[i], ",")) {
			comma = i;
			break;
		}
	}
	if (comma == close)
		return 0;
	for (size_t t = 0; triggers[t] && !first; t++)
		first = tokens_have(v, open + 1, comma, triggers[t]);
	return first && tokens_have(v, comma + 1, close, "char");
}

static void file_names_of(const struct strbuf *text, const char *const *triggers,
			  struct file_names *n)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	struct strvec all = STRVEC_INIT;
	int depth = 0;

	n->binds = (struct strvec)STRVEC_INIT;
	n->words = (struct strvec)STRVEC_INIT;
	lex_tokenize_raw(text->buf, text->len, &t);
	for (size_t i = 0; i < t.nr; i++) {
		const struct lex_token *k = &t.v[i];

		if (k->kind == TOKEN_IDENT)
			strvec_pushf(&all, "%.*s", (int)k->len, k->text);
		if (k->directive || k->kind != TOKEN_PUNCT)
			continue;
		if (lex_token_is(k, "{")) {
			/* struct TAG { ... struct class member; ... } */
			if (i >= 2 && lex_token_is(&t.v[i - 2], "struct") && t.v[i - 1].kind == TOKEN_IDENT) {
				size_t end = lex_tokens_match(t.v, t.nr, i);

				for (size_t j = i + 1; j + 2 < end; j++)
					if (lex_token_is(&t.v[j], "struct") && lex_token_is(&t.v[j + 1], "class") &&
					    t.v[j + 2].kind == TOKEN_IDENT) {
						strvec_pushf(&n->binds, "%.*s", (int)t.v[i - 1].len, t.v[i - 1].text);
						break;
					}
			}
			depth++;
		} else if (lex_token_is(k, "}")) {
			depth -= depth > 0;
		} else if (lex_token_is(k, "(") && !depth && i > 0 && t.v[i - 1].kind == TOKEN_IDENT &&
			   !t.v[i - 1].directive && !(i + 1 < t.nr && lex_token_is(&t.v[i + 1], "*"))) {
			size_t close = lex_tokens_match(t.v, t.nr, i);

			if (close < t.nr && callback_params(t.v, i, close, triggers))
				strvec_pushf(&n->binds, "%.*s", (int)t.v[i - 1].len, t.v[i - 1].text);
		}
	}
	strvec_sort(&all);
	for (size_t i = 0; i < all.nr; i++)
		if (!i || strcmp(all.v[i], all.v[i - 1]))
			strvec_push(&n->words, all.v[i]);
	strvec_sort(&n->binds);
	strvec_clear(&all);
	lex_tokens_release(&t);
}

static int binds_a_word_of(const struct file_names *a, const struct file_names *b)
{
	for (size_t i = 0; i < a->binds.nr; i++)
		if (strvec_sorted_has(&b->words, a->binds.v[i]))
			return 1;
	return 0;
}

void group_carried_names(struct engine *e, const struct strvec *files, const char *const *triggers,
			 struct strvec *names)
{
	struct strvec all = STRVEC_INIT;

	for (size_t i = 0; i < files->nr; i++) {
		struct file_names n;

		file_names_of(&engine_find_file(e, files->v[i])->current, triggers, &n);
		for (size_t b = 0; b < n.binds.nr; b++)
			strvec_push(&all, n.binds.v[b]);
		strvec_clear(&n.binds);
		strvec_clear(&n.words);
	}
	for (size_t i = 0; i < names->nr; i++)
		strvec_push(&all, names->v[i]);
	strvec_sort(&all);
	strvec_clear(names);
	for (size_t i = 0; i < all.nr; i++)
		if (!i || strcmp(all.v[i], all.v[i - 1]))
			strvec_push(names, all.v[i]);
	strvec_clear(&all);
}

/*
 * Replace each group by the connected components of its files (two files
 * joined when one binds a word of the other), each component once over
 * all groups: what each file's match could see of the others is kept.
 */
static void split_by_names(struct engine *e, const struct strvec *step_files,
			   const char *const *triggers, struct strvec **groups, size_t *nr)
{
	struct file_names *names = xcalloc(step_files->nr ? step_files->nr : 1, sizeof(*names));
	char *named = xcalloc(step_files->nr ? step_files->nr : 1, 1);
	struct strvec *out = NULL, seen = STRVEC_INIT;
	size_t nr_out = 0, alloc_out = 0;

	for (size_t g = 0; g < *nr; g++) {
		struct strvec *grp = &(*groups)[g];
		size_t n = grp->nr, *parent = xcalloc(n ? n : 1, sizeof(*parent));
		size_t *at = xcalloc(n ? n : 1, sizeof(*at));

		for (size_t i = 0; i < n; i++) {
			at[i] = index_in(step_files, grp->v[i]);
			if (!named[at[i]]) {
				named[at[i]] = 1;
				file_names_of(&engine_find_file(e, grp->v[i])->current, triggers, &names[at[i]]);
			}
			parent[i] = i;
		}
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				if (binds_a_word_of(&names[at[i]], &names[at[j]]) ||
				    binds_a_word_of(&names[at[j]], &names[at[i]]))
					uf_join(parent, i, j);
		for (size_t i = 0; i < n; i++) {
			struct strvec part = STRVEC_INIT;
			struct strbuf key = STRBUF_INIT;

			if (uf_find(parent, i) != i)
				continue;
			for (size_t j = i; j < n; j++)
				if (uf_find(parent, j) == i) {
					strvec_push(&part, grp->v[j]);
					strbuf_addf(&key, "%s\n", grp->v[j]);
				}
			if (strvec_sorted_has(&seen, key.buf)) {
				strvec_clear(&part);
			} else {
				strvec_push(&seen, key.buf);
				strvec_sort(&seen);
				ALLOC_GROW(out, nr_out + 1, alloc_out);
				out[nr_out++] = part;
			}
			strbuf_release(&key);
		}
		strvec_clear(grp);
		free(parent);
		free(at);
	}
	for (size_t i = 0; i < step_files->nr; i++)
		if (named[i]) {
			strvec_clear(&names[i].binds);
			strvec_clear(&names[i].words);
		}
	free(names);
	free(named);
	strvec_clear(&seen);
	free(*groups);
	*groups = out;
	*nr = nr_out;
}

size_t group_cost(struct engine *e, const struct strvec *files)
{
	size_t cost = 0;

	for (size_t i = 0; i < files->nr; i++)
		if (files->v[i][0])
			cost += engine_find_file(e, files->v[i])->current.len + 4096;
	return cost;
}

/* A patch with script rules keeps state across the groups of one spatch process. */
static int patch_is_stateless(const char *patch)
{
	struct strbuf text = STRBUF_INIT;
	int stateless;

	if (strbuf_read_file(&text, patch) < 0)
		return 0;
	stateless = !spatch_has_scripts(text.buf);
	strbuf_release(&text);
	return stateless;
}

/* Largest first (longest processing time first); ties in group order. */
int group_cost_before(size_t cost_a, size_t a, size_t cost_b, size_t b)
{
	return cost_a != cost_b ? cost_a > cost_b : a < b;
}

/*
 * Groups are packed into at most this many spatch processes when the patch
 * is stateless (--file-groups): a fixed number, not -j, so the result
 * never depends on -j; enough to keep a few workers busy.  Measured on
 * step 40 of 2.6.22 (165 groups, user CPU per group): 0.93 s packed
 * largest first into 8, 0.75 s with neighbours together in runs of about
 * 20 groups, no less in 2 runs of 80 (a bigger process slows down).
 */
#define MAX_BATCHES 8

/*
 * Cut the groups, in group (file) order, into nb runs of about equal cost:
 * neighbours share a directory and so most of their included headers,
 * which one spatch process then parses once.  batch_of[g] gets g's run.
 */
static void pack_contiguous(const size_t *cost, size_t nr, size_t nb, size_t *batch_of, size_t *load)
{
	size_t total = 0, acc = 0, b = 0;

	for (size_t g = 0; g < nr; g++)
		total += cost[g];
	for (size_t g = 0; g < nr; g++) {
		/* the next run starts once this one has its share; none is left empty */
		if (b + 1 < nb && load[b] && (acc * nb >= total * (b + 1) || nr - g <= nb - b - 1))
			b++;
		batch_of[g] = b;
		load[b] += cost[g];
		acc += cost[g];
	}
}

/*
 * The step's file groups (manifest_group), without those the step's
 * `needs` rule out, as tasks: one per group, or, for a stateless patch,
 * neighbouring groups packed into a few batches of similar cost (the pool
 * starts the costliest task first).
 */
void group_build_tasks(struct engine *e, size_t step, const struct strvec *step_files)
{
	const struct manifest_step *m = e->plan.steps[step].step;
	struct strvec *groups = NULL;
	size_t nr = 0, kept = 0;
	size_t *cost;

	if (m->group == MANIFEST_GROUP_SUBSYSTEM)
		subsystem_groups(e, step, step_files, &groups, &nr);
	else if (m->group == MANIFEST_GROUP_FILE) {
		file_groups(e, step, step_files, &groups, &nr);
		split_by_names(e, step_files, m->triggers, &groups, &nr);
	}
	else
		component_groups(e, step, step_files, &groups, &nr);
	for (size_t g = 0; g < nr; g++) {
		int needed = !manifest_count(m->needs);

		for (size_t i = 0; i < groups[g].nr && !needed; i++)
			needed = working_set_has_trigger(&engine_find_file(e, groups[g].v[i])->current, m->needs);
		if (!needed) {
			strvec_clear(&groups[g]);
			continue;
		}
		groups[kept++] = groups[g];
	}
	nr = kept;
	cost = xcalloc(nr ? nr : 1, sizeof(*cost));
	for (size_t g = 0; g < nr; g++) {
		cost[g] = group_cost(e, &groups[g]);
		e->groups++;
		if (groups[g].nr > e->largest_group)
			e->largest_group = (unsigned)groups[g].nr;
	}
	if (nr > 1 && patch_is_stateless(e->patch)) {
		size_t nb = nr < MAX_BATCHES ? nr : MAX_BATCHES;
		size_t *load = xcalloc(nb, sizeof(*load));
		size_t *batch_of = xcalloc(nr, sizeof(*batch_of));

		pack_contiguous(cost, nr, nb, batch_of, load);
		for (size_t b = 0; b < nb; b++) {
			struct task *t = engine_add_task(e, step);

			for (size_t g = 0; g < nr; g++) {
				if (batch_of[g] != b)
					continue;
				if (t->files.nr)
					strvec_push(&t->files, "");
				for (size_t i = 0; i < groups[g].nr; i++)
					strvec_push(&t->files, groups[g].v[i]);
			}
			t->cost = load[b];
		}
		free(load);
		free(batch_of);
	} else {
		for (size_t g = 0; g < nr; g++) {
			struct task *t = engine_add_task(e, step);

			strvec_pushv(&t->files, (const char *const *)groups[g].v);
			t->cost = cost[g];
		}
	}
	for (size_t g = 0; g < nr; g++)
		strvec_clear(&groups[g]);
	free(groups);
	free(cost);
}

