#define _GNU_SOURCE
#include "engine/migrate.h"
#include "engine/engine.h"
#include "engine/hold-back.h"
#include "engine/journal.h"
#include "engine/result.h"
#include "engine/spatch.h"
#include "engine/step.h"
#include "engine/step-cache.h"
#include "engine/verify.h"
#include "engine/working-set.h"
#include "analyze/prefilter.h"
#include "base/cache.h"
#include "base/git.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double cpu_of(int who)
{
	struct rusage ru;

	getrusage(who, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int tree_is_dirty(const char *tree)
{
	struct strbuf out = STRBUF_INIT;
	/* Not a git checkout (or no git): nothing to compare against. */
	int dirty = git_run(tree, (const char *const[]){ "status", "--porcelain", "--untracked-files=no", NULL },
			    &out, 60000) == 0 && out.len > 0;

	strbuf_release(&out);
	return dirty;
}

static void engine_release(struct engine *e)
{
	for (size_t i = 0; i < e->nr; i++) {
		free(e->files[i].path);
		free(e->files[i].subsystem);
		free(e->files[i].detail);
		strbuf_release(&e->files[i].original);
		strbuf_release(&e->files[i].current);
		strbuf_release(&e->files[i].written);
	}
	free(e->files);
	hold_back_units_clear(e);
	for (size_t i = 0; i < e->nr_changes; i++)
		free(e->changes[i].diff);
	free(e->changes);
	engine_clear_tasks(e);
	free(e->tasks);
	free(e->order);
	include_graph_release(&e->includes);
	strvec_clear(&e->class_objects);
	strvec_clear(&e->class_homes);
	strvec_clear(&e->include_dirs);
	plan_release(&e->plan);
	free(e->tree);
	if (e->scratch) {
		struct child rm = CHILD_INIT;
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
		int timed_out;

		/* Our own scratch directory under TMPDIR: never the user's tree. */
		strvec_pushv(&rm.args, (const char *const[]){ "rm", "-rf", "--", e->scratch, NULL });
		child_capture(&rm, NULL, 0, &out, &err, 60000, &timed_out);
		child_release(&rm);
		strbuf_release(&out);
		strbuf_release(&err);
		free(e->scratch);
	}
}

/* Run each planned step in order; stats->steps gets each one's numbers. */
static int run_steps(struct engine *e, struct migrate_stats *stats)
{
	stats->steps = xcalloc(e->plan.nr, sizeof(*stats->steps));
	stats->nr = e->plan.nr;
	for (size_t s = 0; s < e->plan.nr; s++) {
		struct migrate_step_stats *st = &stats->steps[s];
		double wall = engine_now(CLOCK_MONOTONIC);
		double self = cpu_of(RUSAGE_SELF), children = cpu_of(RUSAGE_CHILDREN);
		unsigned long parsed;

		st->order = e->plan.steps[s].step->order;
		st->name = e->plan.steps[s].step->name;
		if (e->plan.steps[s].action != PLAN_RUN)
			continue;
		parsed = classify_parse_count();
		if (step_run(e, s, st) < 0)
			return -1;
		st->parses = classify_parse_count() - parsed;
		st->wall = engine_now(CLOCK_MONOTONIC) - wall;
		st->cpu_children = cpu_of(RUSAGE_CHILDREN) - children;
		st->cpu = cpu_of(RUSAGE_SELF) - self + st->cpu_children;
	}
	return 0;
}

/* What each step changed and what was left out, on stdout. */
static void print_summary(const struct engine *e, const struct migrate_stats *stats, unsigned changed)
{
	for (size_t s = 0; s < stats->nr; s++)
		if (e->plan.steps[s].action == PLAN_RUN && stats->steps[s].refused)
			printf("step %u %s: refused\n", stats->steps[s].order, stats->steps[s].name);
		else if (e->plan.steps[s].action == PLAN_RUN)
			printf("step %u %s: %u files changed\n", stats->steps[s].order,
			       stats->steps[s].name, stats->steps[s].files_changed);
	printf("%u files changed%s%s; %u held back, %u conflicts, %u spatch failures\n", changed,
	       e->opts->in_place ? " in " : ", series in ",
	       e->opts->in_place ? e->opts->tree : e->opts->out_dir,
	       stats->held_back, stats->conflicts, stats->failures);
}

static int run(const struct migrate_options *opts, struct migrate_stats *stats)
{
	struct engine e;
	struct plan_options po;
	struct migrate_stats local;
	struct site_list before = SITE_LIST_INIT, after = SITE_LIST_INIT;
	struct strvec walked = STRVEC_INIT;
	char real[PATH_MAX];
	const char *tmp = getenv("TMPDIR");
	int status = EXIT_CLEAN;
	unsigned changed = 0;
	double setup;

	if (!stats)
		stats = &local;
	memset(stats, 0, sizeof(*stats));
	memset(&e, 0, sizeof(e));
	e.opts = opts;
	if (!spatch_program() || !spatch_identity())
		return EXIT_USAGE;
	if (opts->in_place) {
		int pending;

		/* Held to the end: a second cdmigrate must not plan on the same tree. */
		if (journal_lock(opts->tree) < 0)
			return EXIT_USAGE;
		pending = journal_pending(opts->tree);

		if (pending > 0) {
			error("%s: an interrupted run is pending: finish it with 'cdmigrate migrate --resume %s' or undo it with 'cdmigrate undo %s'",
			      opts->tree, opts->tree, opts->tree);
			return EXIT_USAGE;
		}
		if (!opts->force && tree_is_dirty(opts->tree)) {
			error("%s: the git tree has uncommitted changes: commit or stash them, or pass --force",
			      opts->tree);
			return EXIT_USAGE;
		}
	}
	setup = engine_now(CLOCK_MONOTONIC);
	if (cache_dir() && realpath(opts->tree, real)) {
		e.tree = xstrdup(real);
		step_cache_tree_fingerprint(&e, e.tree_key, &walked);
		prefilter_memo(e.tree_key);
		free(e.tree);
		e.tree = NULL;
	}
	memset(&po, 0, sizeof(po));
	po.tree = opts->tree;
	po.kernel = opts->kernel;
	po.paths = opts->paths;
	po.only_step = opts->only_step;
	po.only_subsystem = opts->only_subsystem;
	po.jobs = opts->jobs;
	po.variant = opts->variant;
	po.files = walked.nr ? &walked : NULL;
	if (plan_make(&po, &e.plan) < 0) {
		strvec_clear(&walked);
		return EXIT_USAGE;
	}
	strvec_clear(&walked);
	for (size_t i = 0; i < e.plan.nr; i++)
		if (e.plan.steps[i].action == PLAN_BLOCKED) {
			error("step %u %s is blocked: %s", e.plan.steps[i].step->order,
			      e.plan.steps[i].step->name, e.plan.steps[i].why);
			plan_release(&e.plan);
			return EXIT_USAGE;
		}
	if (!realpath(opts->tree, real)) {
		plan_release(&e.plan);
		return error_errno("%s: cannot resolve", opts->tree), EXIT_USAGE;
	}
	e.tree = xstrdup(real);
	e.scratch = xstrfmt("%s/cdmigrate-work-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(e.scratch)) {
		error_errno("%s: cannot create a scratch directory", e.scratch);
		free(e.scratch);
		e.scratch = NULL;
		engine_release(&e);
		return EXIT_USAGE;
	}
	strvec_pushf(&e.include_dirs, "%s/include", e.scratch);
	strvec_pushf(&e.include_dirs, "%s/include", opts->kernel ? opts->kernel : e.tree);
	if (working_set_load(&e) < 0) {
		engine_release(&e);
		return EXIT_USAGE;
	}
	stats->setup_wall = engine_now(CLOCK_MONOTONIC) - setup;

	if (run_steps(&e, stats) < 0) {
		engine_release(&e);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < e.nr; i++)
		if (e.files[i].status && (!strcmp(e.files[i].status, "timeout") ||
					  !strcmp(e.files[i].status, "crashed")))
			stats->failures++;
	stats->conflicts = (unsigned)e.conflicts;
	for (size_t s = 0; s < stats->nr; s++)
		stats->refused += !!stats->steps[s].refused;
	{
		double self = cpu_of(RUSAGE_SELF) + cpu_of(RUSAGE_CHILDREN);
		unsigned long parsed = classify_parse_count();

		if (verify_changes(&e, &before, &after, stats) < 0) {
			engine_release(&e);
			return EXIT_USAGE;
		}
		stats->verify_cpu = cpu_of(RUSAGE_SELF) + cpu_of(RUSAGE_CHILDREN) - self;
		stats->verify_parses = classify_parse_count() - parsed;
	}
	for (size_t i = 0; i < e.nr; i++)
		changed += engine_file_changed(&e.files[i]);
	stats->files_changed = changed;
	setup = engine_now(CLOCK_MONOTONIC);
	if (result_write(&e, stats, &before, &after) < 0)
		status = EXIT_USAGE;
	else if (e.conflicts)
		status = EXIT_CONFLICT;
	else if (stats->refused)
		status = EXIT_FINDINGS;
	else if (!opts->in_place && changed)
		status = EXIT_FINDINGS;
	stats->output_wall = engine_now(CLOCK_MONOTONIC) - setup;
	if (!opts->quiet)
		print_summary(&e, stats, changed);
	site_list_release(&before);
	site_list_release(&after);
	engine_release(&e);
	return status;
}

int migrate_run(const struct migrate_options *opts, struct migrate_stats *stats)
{
	int status = run(opts, stats);

	prefilter_memo(NULL);
	return status;
}
