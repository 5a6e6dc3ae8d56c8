#include "analyze/classify.h"
#include "base/git.h"
#include "cmd/commands.h"
#include "cmd/options.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int cmd_verify(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "against", required_argument, NULL, 'a' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "arch", required_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *against = "HEAD";
	struct classify_options co = { 0 };
	struct strbuf names = STRBUF_INIT;
	struct strvec files = STRVEC_INIT, paths = STRVEC_INIT;
	struct strbuf *old = NULL;
	struct classify_unsaved *overlay = NULL;
	struct classify *c;
	int *before, *after, c_opt, status = EXIT_CLEAN;
	char **first_before, **first_after;
	const char *tree;

	co.jobs = 1;
	optind = 0;
	while ((c_opt = getopt_long(argc, argv, "j:h", longopts, NULL)) != -1) {
		switch (c_opt) {
		case 'a':
			against = optarg;
			break;
		case 'k':
			co.kernel = optarg;
			co.out_of_tree = 1;
			break;
		case 'A':
			options_set_arch(optarg);
			break;
		case 'j':
			co.jobs = options_parse_jobs(optarg);
			if (co.jobs < 0)
				return command_usage_error("verify", "-j takes a number from 1 to 256, not '%s'", optarg);
			break;
		case 'h':
			fputs(command_find("verify")->usage, stdout);
			return EXIT_CLEAN;
		default:
			return command_usage_error("verify", "unknown option");
		}
	}
	tree = options_tree_and_paths(argc, argv, optind, &paths);
	if (!tree)
		return command_usage_error("verify", "missing TREE");
	if (git_run(tree, (const char *const[]){ "diff", "--name-only", "--diff-filter=M", against,
						  "--", NULL }, &names, 120000) < 0) {
		error("%s: verify compares with a git revision (%s): run it in a git checkout", tree, against);
		strvec_clear(&paths);
		return EXIT_USAGE;
	}
	for (char *line = strtok(names.buf, "\n"); line; line = strtok(NULL, "\n"))
		if (ends_with(line, ".c") || ends_with(line, ".h"))
			strvec_push(&files, line);
	strbuf_release(&names);
	if (!files.nr) {
		printf("%s: no changed .c/.h file since %s\n", tree, against);
		strvec_clear(&paths);
		strvec_clear(&files);
		return EXIT_CLEAN;
	}
	old = xcalloc(files.nr, sizeof(*old));
	overlay = xcalloc(files.nr, sizeof(*overlay));
	for (size_t i = 0; i < files.nr; i++) {
		char *spec = xstrfmt("%s:%s", against, files.v[i]);

		old[i] = (struct strbuf)STRBUF_INIT;
		git_run(tree, (const char *const[]){ "show", spec, NULL }, &old[i], 120000);
		overlay[i].file = files.v[i];
		overlay[i].content = old[i].buf;
		overlay[i].len = old[i].len;
		free(spec);
	}
	co.tree = tree;
	co.headers_optional = 1;
	c = classify_new(&co);
	if (!c) {
		status = EXIT_USAGE;
		goto out;
	}
	before = xcalloc(files.nr, sizeof(int));
	after = xcalloc(files.nr, sizeof(int));
	first_before = xcalloc(files.nr, sizeof(char *));
	first_after = xcalloc(files.nr, sizeof(char *));
	/* Before: every changed file as it was; after: the tree as it is. */
	classify_set_overlay(c, overlay, files.nr);
	classify_count_errors_many(c, &files, before, first_before);
	classify_set_overlay(c, NULL, 0);
	classify_count_errors_many(c, &files, after, first_after);
	for (size_t i = 0; i < files.nr; i++) {
		if (after[i] > before[i]) {
			printf("%s: held back: the change adds %d parse error(s): %s\n", files.v[i],
			       after[i] - before[i], first_after[i] ? first_after[i] : "");
			status = EXIT_FINDINGS;
		}
		free(first_before[i]);
		free(first_after[i]);
	}
	if (status == EXIT_CLEAN)
		printf("%s: %zu changed file(s) parse as well as at %s\n", tree, files.nr, against);
	free(before);
	free(after);
	free(first_before);
	free(first_after);
	classify_free(c);
out:
	for (size_t i = 0; i < files.nr; i++)
		strbuf_release(&old[i]);
	free(old);
	free(overlay);
	strvec_clear(&files);
	strvec_clear(&paths);
	return status;
}
