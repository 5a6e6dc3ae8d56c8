#include "plan/plan.h"
#include "analyze/output.h"
#include "analyze/prefilter.h"
#include "analyze/scan.h"
#include "base/walk.h"
#include "kernel/kernel-version.h"
#include "kernel/kernel.h"
#include "kernel/subsystem.h"
#include "lex/lex.h"
#include "rewrite/rewrite.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

static const char *const precondition_names[PLAN_NR_PRECONDITIONS] = {
	"device-class", "device-devt", "device-create", "class-dev-attrs", "null-parent",
	"device-groups", "interface-add-dev",
};

static const char *const precondition_since[PLAN_NR_PRECONDITIONS] = {
	"2.6.18", "2.6.18", "2.6.18", "2.6.19", "2.6.19", "2.6.19", "2.6.19",
};

const char *plan_action_name(enum plan_action action)
{
	switch (action) {
	case PLAN_RUN:
		return "run";
	case PLAN_SKIP:
		return "skip";
	case PLAN_BLOCKED:
		return "blocked";
	}
	BUG("bad plan action %d", (int)action);
}

/*
 * The member names of `struct <tag> { ... }` in text: identifiers directly
 * before ';', '[' or ':' at brace depth 1, and function-pointer names
 * "(*name)".  Comments are dropped first.  Returns 0 when no such struct.
 */
static int struct_members(const char *text, const char *tag, struct strvec *members)
{
	struct strbuf needle = STRBUF_INIT;
	const char *p = text, *body = NULL;

	strbuf_addf(&needle, "struct %s", tag);
	while ((p = strstr(p, needle.buf))) {
		const char *q = p + needle.len;

		while (*q == ' ' || *q == '\t' || *q == '\n')
			q++;
		if (*q == '{' && (p == text || !(p[-1] == '_' || (p[-1] >= 'a' && p[-1] <= 'z')))) {
			body = q + 1;
			break;
		}
		p += needle.len;
	}
	strbuf_release(&needle);
	if (!body)
		return 0;
	{
		int depth = 1;
		const char *last_ident = NULL;
		size_t last_len = 0;

		for (p = body; *p && depth > 0; p++) {
			if (p[0] == '/' && p[1] == '*') {
				const char *end = strstr(p + 2, "*/");

				p = end ? end + 1 : p + strlen(p) - 1;
			} else if (p[0] == '/' && p[1] == '/') {
				while (p[1] && p[1] != '\n')
					p++;
			} else if (*p == '{') {
				depth++;
			} else if (*p == '}') {
				depth--;
			} else if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || *p == '_') {
				last_ident = p;
				while ((p[1] >= 'a' && p[1] <= 'z') || (p[1] >= 'A' && p[1] <= 'Z') ||
				       (p[1] >= '0' && p[1] <= '9') || p[1] == '_')
					p++;
				last_len = (size_t)(p - last_ident + 1);
			} else if (depth == 1 && (*p == ';' || *p == '[' || *p == ':' || *p == ')') && last_ident) {
				char *name = xstrndup(last_ident, last_len);

				strvec_push(members, name);
				free(name);
				last_ident = NULL;
			} else if (*p == '(' || *p == ',') {
				last_ident = NULL;
			}
		}
	}
	return 1;
}

/*
 * Whether `name` is followed by '(' in the tokens of text: a comment or an
 * #if 0 branch that names the function declares nothing.
 */
static int declares_function(const char *text, const char *name)
{
	struct lex_tokens t = LEX_TOKENS_INIT;
	int found = 0;

	lex_tokenize(text, strlen(text), &t);
	for (size_t i = 0; i + 1 < t.nr && !found; i++)
		found = t.v[i].kind == TOKEN_IDENT && lex_token_is(&t.v[i], name) &&
			lex_token_is(&t.v[i + 1], "(");
	lex_tokens_release(&t);
	return found;
}

static void set_pre(struct plan_precondition *pre, int i, int present, char *detail)
{
	pre[i].name = precondition_names[i];
	pre[i].since = precondition_since[i];
	pre[i].present = present;
	pre[i].detail = detail;
}

static int version_at_least(const char *version, int a, int b, int c)
{
	int x = 0, y = 0, z = 0;

	sscanf(version, "%d.%d.%d", &x, &y, &z);
	return x != a ? x > a : y != b ? y > b : z >= c;
}

static char *read_version(const char *root)
{
	unsigned code = kernel_version_code(root);

	if (!code)
		return xstrdup("unknown");
	return xstrfmt("%u.%u.%u", code >> 16, (code >> 8) & 0xff, code & 0xff);
}

void plan_read_preconditions(const char *root, struct plan_precondition *pre, char **version)
{
	struct strbuf device_h = STRBUF_INIT, core_c = STRBUF_INIT;
	struct strvec dev = STRVEC_INIT, cls = STRVEC_INIT, intf = STRVEC_INIT;
	char *path;
	int have_h, have_core;

	*version = read_version(root);
	path = path_join(root, "include/linux/device.h");
	have_h = strbuf_read_file(&device_h, path) == 0;
	free(path);
	path = path_join(root, "drivers/base/core.c");
	have_core = strbuf_read_file(&core_c, path) == 0;
	free(path);

	struct_members(device_h.buf, "device", &dev);
	struct_members(device_h.buf, "class", &cls);
	struct_members(device_h.buf, "class_interface", &intf);
	set_pre(pre, 0, strvec_has(&dev, "class"),
		xstrdup(strvec_has(&dev, "class") ? "struct device has 'class'"
						   : "struct device has no 'class' member"));
	set_pre(pre, 1, strvec_has(&dev, "devt"),
		xstrdup(strvec_has(&dev, "devt") ? "struct device has 'devt'"
						  : "struct device has no 'devt' member"));
	set_pre(pre, 2, declares_function(device_h.buf, "device_create"),
		xstrdup(declares_function(device_h.buf, "device_create")
			? "device_create() is declared" : "no device_create() in device.h"));
	{
		int ok = strvec_has(&cls, "dev_attrs") && strvec_has(&cls, "dev_release") &&
			 strvec_has(&cls, "dev_uevent");

		set_pre(pre, 3, ok, xstrdup(ok ? "struct class has dev_attrs, dev_release, dev_uevent"
					    : "struct class lacks dev_attrs/dev_release/dev_uevent"));
	}
	if (have_core) {
		int ok = strstr(core_c.buf, "virtual_device_parent") || strstr(core_c.buf, "\"virtual\"");

		set_pre(pre, 4, ok, xstrdup(ok ? "drivers/base/core.c has a virtual parent"
					    : "drivers/base/core.c has no virtual parent for parentless devices"));
	} else {
		int ok = version_at_least(*version, 2, 6, 19);

		set_pre(pre, 4, ok, xstrfmt("no drivers/base/core.c: judged from version %s", *version));
	}
	set_pre(pre, 5, strvec_has(&dev, "groups"),
		xstrdup(strvec_has(&dev, "groups") ? "struct device has 'groups'"
						    : "struct device has no 'groups' member"));
	{
		int ok = strvec_has(&intf, "add_dev") && strvec_has(&intf, "remove_dev");

		set_pre(pre, 6, ok, xstrdup(ok ? "struct class_interface has add_dev, remove_dev"
					    : "struct class_interface lacks add_dev/remove_dev"));
	}
	if (!have_h)
		for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++) {
			if (i == 4)
				continue;	/* null-parent is read from core.c */
			free(pre[i].detail);
			pre[i].detail = xstrdup("no include/linux/device.h");
		}
	strvec_clear(&dev);
	strvec_clear(&cls);
	strvec_clear(&intf);
	strbuf_release(&device_h);
	strbuf_release(&core_c);
}

int plan_has(const struct plan *plan, const char *name)
{
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++)
		if (!strcmp(plan->pre[i].name, name))
			return plan->pre[i].present;
	BUG("unknown precondition '%s' in semantic-patches/steps", name);
}

char *plan_subsystem_of(const struct plan *plan, const char *file,
			const struct include_graph *includes)
{
	if (plan->out_of_tree) {
		const char *slash = strrchr(plan->tree, '/');

		return xstrdup(slash && slash[1] ? slash + 1 : plan->tree);
	}
	return subsystem_for(file, includes);
}

static const char *const core_releases[] = { "2.6.18", "2.6.19", NULL };

/*
 * What step 30 does to this core, by release: which preconditions of each
 * it adds and which are present and not added again.
 */
static char *core_step_why(const struct plan *plan)
{
	struct strbuf sb = STRBUF_INIT;
	int missing = 0;

	for (int p = 0; p < PLAN_NR_PRECONDITIONS; p++)
		missing += !plan->pre[p].present;
	if (!missing)
		return xstrdup("the driver core already has every precondition (2.6.18 and 2.6.19): nothing to add");
	for (size_t r = 0; core_releases[r]; r++) {
		struct strbuf have = STRBUF_INIT, lack = STRBUF_INIT;
		int older_present = 1;

		for (int p = 0; p < PLAN_NR_PRECONDITIONS; p++) {
			struct strbuf *to = plan->pre[p].present ? &have : &lack;

			if (strcmp(plan->pre[p].since, core_releases[r])) {
				if (strcmp(plan->pre[p].since, core_releases[r]) < 0 && !plan->pre[p].present)
					older_present = 0;
				continue;
			}
			strbuf_addf(to, "%s%s", to->len ? ", " : "", plan->pre[p].name);
		}
		if (sb.len)
			strbuf_addstr(&sb, "; ");
		if (!lack.len)
			strbuf_addf(&sb, "the %s prerequisites are present (%s) and are not added again",
				    core_releases[r], have.buf);
		else if (!have.len)
			strbuf_addf(&sb, "it adds %sthe %s parts: %s", r && older_present ? "only " : "",
				    core_releases[r], lack.buf);
		else
			strbuf_addf(&sb, "of the %s parts it adds %s (present, not added again: %s)",
				    core_releases[r], lack.buf, have.buf);
		strbuf_release(&have);
		strbuf_release(&lack);
	}
	return strbuf_detach(&sb, NULL);
}

static void push_unique_sorted(struct strvec *vec, const char *s)
{
	if (strvec_sorted_has(vec, s))
		return;
	strvec_push(vec, s);
	strvec_sort(vec);
}

int plan_make(const struct plan_options *opts, struct plan *plan)
{
	struct strvec files = STRVEC_INIT, all_candidates = STRVEC_INIT, *step_candidates;
	struct include_graph includes = INCLUDE_GRAPH_INIT;
	const char *kernel = opts->kernel ? opts->kernel : opts->tree;
	char *tree_copy = xstrdup(opts->tree);
	size_t len = strlen(tree_copy);

	while (len > 1 && tree_copy[len - 1] == '/')
		tree_copy[--len] = '\0';
	memset(plan, 0, sizeof(*plan));
	plan->tree = tree_copy;
	plan->out_of_tree = opts->kernel != NULL;
	if (opts->only_step && !manifest_find(opts->only_step))
		return error("--step %s: no such step: see 'cdmigrate plan' for the steps", opts->only_step);
	if (opts->files && !(opts->paths && opts->paths->nr))
		strvec_pushv(&files, (const char *const *)opts->files->v);
	else if (walk_tree(opts->tree, opts->paths, &files, NULL) < 0)
		return -1;
	if (!files.nr) {
		strvec_clear(&files);
		return error("%s: no .c or .h file here: give the root of a kernel tree or driver directory",
			     opts->tree);
	}
	plan_read_preconditions(kernel, plan->pre, &plan->kernel_version);

	plan->nr = manifest_nr_steps;
	plan->steps = xcalloc(plan->nr, sizeof(*plan->steps));
	/* One read of every file for the scan tokens and each step's triggers. */
	{
		const char *const **sets = xcalloc(plan->nr + 1, sizeof(*sets));

		step_candidates = xcalloc(plan->nr + 1, sizeof(*step_candidates));
		sets[0] = kernel_api_tokens;
		for (size_t i = 0; i < plan->nr; i++)
			sets[i + 1] = manifest_steps[i].triggers;
		for (size_t i = 0; i <= plan->nr; i++)
			step_candidates[i] = (struct strvec)STRVEC_INIT;
		prefilter_files_sets(opts->tree, &files, sets, plan->nr + 1, opts->jobs,
				     step_candidates, NULL, NULL);
		for (size_t i = 0; i < step_candidates[0].nr; i++)
			strvec_push(&all_candidates, step_candidates[0].v[i]);
		free(sets);
	}
	scan_include_graph(opts->tree, &all_candidates, &includes);

	for (size_t i = 0; i < plan->nr; i++) {
		const struct manifest_step *m = &manifest_steps[i];
		struct plan_step *ps = &plan->steps[i];
		struct strvec cands = STRVEC_INIT;
		const char *missing_pass = NULL;
		int have_rules;

		for (size_t r = 0; m->prepare && m->prepare[r]; r++)
			if (!rewrite_find(m->prepare[r]) && !missing_pass)
				missing_pass = m->prepare[r];
		for (size_t r = 0; m->rewriter && m->rewriter[r]; r++)
			if (!rewrite_find(m->rewriter[r]) && !missing_pass)
				missing_pass = m->rewriter[r];
		have_rules = manifest_count(m->patches) > 0 ||
			     (manifest_count(m->rewriter) > 0 && !missing_pass);

		ps->step = m;
		for (size_t f = 0; f < step_candidates[i + 1].nr; f++)
			strvec_push(&cands, step_candidates[i + 1].v[f]);
		for (size_t f = 0; f < cands.nr; f++) {
			char *sub;

			if (!!kernel_is_class_device_core(cands.v[f]) != !!m->in_tree_only)
				continue;
			if (plan->out_of_tree && m->in_tree_only)
				continue;
			sub = plan_subsystem_of(plan, cands.v[f], &includes);
			if (!opts->only_subsystem || !strcmp(sub, opts->only_subsystem)) {
				strvec_push(&ps->files, cands.v[f]);
				push_unique_sorted(&ps->subsystems, sub);
			}
			free(sub);
		}
		strvec_clear(&cands);

		if (opts->only_step && manifest_find(opts->only_step) != m) {
			ps->action = PLAN_SKIP;
			ps->why = xstrfmt("not selected (--step %s)", opts->only_step);
		} else if (plan->out_of_tree && m->in_tree_only) {
			ps->action = PLAN_SKIP;
			ps->why = xstrdup("out of tree: the driver core is the kernel's");
		} else if (!have_rules) {
			ps->action = PLAN_SKIP;
			ps->why = missing_pass
				? xstrfmt("no semantic patch yet; its C rewriter pass %s is not written yet",
					  missing_pass)
				: xstrdup("no semantic patch for this step yet");
		} else if (m->order == 30) {
			int missing = 0;

			for (int p = 0; p < PLAN_NR_PRECONDITIONS; p++)
				missing += !plan->pre[p].present;
			ps->action = missing ? PLAN_RUN : PLAN_SKIP;
			ps->why = core_step_why(plan);
		} else {
			const struct manifest_variant *v = manifest_variant(m, opts->variant);
			const char *const *lists[2] = { m->requires, v ? v->requires : NULL };

			ps->action = PLAN_RUN;
			for (int l = 0; l < 2 && ps->action == PLAN_RUN; l++)
				for (size_t r = 0; lists[l] && lists[l][r]; r++) {
					if (plan_has(plan, lists[l][r]))
						continue;
					if (plan->out_of_tree) {
						ps->action = PLAN_BLOCKED;
						free(ps->why);
						if (l)
							ps->why = xstrfmt("the kernel at %s lacks %s, which --interface=%s needs: migrate the kernel first (its step 30)",
									  kernel, lists[l][r], v->name);
						else
							ps->why = xstrfmt("the kernel at %s lacks %s: migrate the kernel first (its step 30)",
									  kernel, lists[l][r]);
						break;
					}
				}
			if (ps->action == PLAN_RUN && !ps->files.nr) {
				ps->action = PLAN_SKIP;
				ps->why = xstrdup("no candidate file");
			} else if (ps->action == PLAN_RUN && missing_pass) {
				ps->why = xstrfmt("its C rewriter pass %s is not written yet: those sites are left",
						  missing_pass);
			}
		}
	}
	include_graph_release(&includes);
	for (size_t i = 0; i <= plan->nr; i++)
		strvec_clear(&step_candidates[i]);
	free(step_candidates);
	strvec_clear(&all_candidates);
	strvec_clear(&files);
	return 0;
}

void plan_print_text(FILE *out, const struct plan *plan)
{
	fprintf(out, "plan for %s (%s, kernel %s)\n", plan->tree,
		plan->out_of_tree ? "out of tree" : "in tree", plan->kernel_version);
	fprintf(out, "preconditions:\n");
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++)
		fprintf(out, "  %-17s %-8s %s  %s\n", plan->pre[i].name,
			plan->pre[i].present ? "present" : "missing", plan->pre[i].since,
			plan->pre[i].detail);
	for (size_t i = 0; i < plan->nr; i++) {
		const struct plan_step *ps = &plan->steps[i];

		fprintf(out, "step %u %s: %s", ps->step->order, ps->step->name, plan_action_name(ps->action));
		if (ps->why)
			fprintf(out, " (%s)", ps->why);
		fprintf(out, ": %zu files in %zu subsystems\n", ps->files.nr, ps->subsystems.nr);
		if (ps->action != PLAN_RUN)
			continue;
		for (size_t f = 0; f < ps->files.nr; f++)
			fprintf(out, "  %s\n", ps->files.v[f]);
	}
}

void plan_print_json(FILE *out, const struct plan *plan)
{
	json_t *o = json_object(), *pre = json_array(), *steps = json_array();

	json_object_set_new(o, "tree", json_string(plan->tree));
	json_object_set_new(o, "out_of_tree", json_boolean(plan->out_of_tree));
	json_object_set_new(o, "kernel_version", json_string(plan->kernel_version));
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++) {
		json_t *p = json_object();

		json_object_set_new(p, "name", json_string(plan->pre[i].name));
		json_object_set_new(p, "since", json_string(plan->pre[i].since));
		json_object_set_new(p, "present", json_boolean(plan->pre[i].present));
		json_object_set_new(p, "detail", json_string(plan->pre[i].detail));
		json_array_append_new(pre, p);
	}
	json_object_set_new(o, "preconditions", pre);
	for (size_t i = 0; i < plan->nr; i++) {
		const struct plan_step *ps = &plan->steps[i];
		json_t *s = json_object(), *files = json_array(), *subs = json_array();

		json_object_set_new(s, "order", json_integer(ps->step->order));
		json_object_set_new(s, "name", json_string(ps->step->name));
		json_object_set_new(s, "title", json_string(ps->step->title));
		json_object_set_new(s, "action", json_string(plan_action_name(ps->action)));
		json_object_set_new(s, "why", ps->why ? json_string(ps->why) : json_null());
		for (size_t f = 0; f < ps->subsystems.nr; f++)
			json_array_append_new(subs, json_string(ps->subsystems.v[f]));
		for (size_t f = 0; f < ps->files.nr; f++)
			json_array_append_new(files, json_string(ps->files.v[f]));
		json_object_set_new(s, "subsystems", subs);
		json_object_set_new(s, "files", files);
		json_array_append_new(steps, s);
	}
	json_object_set_new(o, "steps", steps);
	output_json_print(out, o);
	json_decref(o);
}

void plan_release(struct plan *plan)
{
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++)
		free(plan->pre[i].detail);
	for (size_t i = 0; i < plan->nr; i++) {
		free(plan->steps[i].why);
		strvec_clear(&plan->steps[i].files);
		strvec_clear(&plan->steps[i].subsystems);
	}
	free(plan->steps);
	free(plan->kernel_version);
	free(plan->tree);
	memset(plan, 0, sizeof(*plan));
}
