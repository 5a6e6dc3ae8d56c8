#include "base/walk.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int walk_is_c_source(const char *name)
{
	return ends_with(name, ".c") || ends_with(name, ".h");
}

static int walk_dir(const char *root, const char *rel, struct strvec *files,
		    struct walk_stats *stats)
{
	char *abs = rel[0] ? path_join(root, rel) : xstrdup(root);
	struct strvec names = STRVEC_INIT;
	DIR *dir = opendir(abs);
	struct dirent *de;

	if (!dir) {
		warning("%s: cannot read directory (%s): skipped", rel[0] ? rel : root, strerror(errno));
		stats->unreadable++;
		free(abs);
		return 0;
	}
	while ((de = readdir(dir)))
		if (de->d_name[0] != '.')
			strvec_push(&names, de->d_name);
	closedir(dir);
	/* Sorting here keeps the whole list sorted without a final pass. */
	strvec_sort(&names);

	for (size_t i = 0; i < names.nr; i++) {
		char *child_rel = rel[0] ? path_join(rel, names.v[i]) : xstrdup(names.v[i]);
		char *child_abs = path_join(abs, names.v[i]);
		struct stat st;

		if (lstat(child_abs, &st) == 0) {
			if (S_ISDIR(st.st_mode)) {
				walk_dir(root, child_rel, files, stats);
			} else if (S_ISREG(st.st_mode) && walk_is_c_source(names.v[i])) {
				strvec_push(files, child_rel);
				stats->files++;
				if (stats->each)
					stats->each(child_rel, &st, stats->data);
			}
		}
		free(child_rel);
		free(child_abs);
	}
	strvec_clear(&names);
	free(abs);
	return 0;
}

static int bad_subpath(const char *p)
{
	const char *s = p;

	if (p[0] == '/')
		return 1;
	while (*s) {
		const char *slash = strchr(s, '/');
		size_t n = slash ? (size_t)(slash - s) : strlen(s);

		if (n == 2 && !strncmp(s, "..", 2))
			return 1;
		if (!slash)
			break;
		s = slash + 1;
	}
	return 0;
}

int walk_tree(const char *root, const struct strvec *paths,
	      struct strvec *files, struct walk_stats *stats)
{
	struct walk_stats local = { 0, 0, NULL, NULL };
	struct stat st;
	size_t first = files->nr;

	if (!stats)
		stats = &local;
	if (stat(root, &st) < 0)
		return error("%s: no such directory: give the root of a kernel tree or driver directory", root);
	if (!S_ISDIR(st.st_mode))
		return error("%s: not a directory: give the root of a kernel tree or driver directory", root);

	if (!paths || !paths->nr)
		return walk_dir(root, "", files, stats);

	for (size_t i = 0; i < paths->nr; i++) {
		char *rel = xstrdup(paths->v[i]), *abs;
		size_t len = strlen(rel);

		while (len > 1 && rel[len - 1] == '/')
			rel[--len] = '\0';
		while (starts_with(rel, "./"))
			memmove(rel, rel + 2, strlen(rel + 2) + 1);
		if (bad_subpath(rel)) {
			error("%s: a PATH must be relative to the tree and stay inside it", paths->v[i]);
			free(rel);
			return -1;
		}
		abs = path_join(root, rel);
		if (lstat(abs, &st) < 0) {
			error("%s: no such file or directory in %s", paths->v[i], root);
			free(abs);
			free(rel);
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			walk_dir(root, strcmp(rel, ".") ? rel : "", files, stats);
		} else if (S_ISREG(st.st_mode) && walk_is_c_source(rel)) {
			strvec_push(files, rel);
			stats->files++;
			if (stats->each)
				stats->each(rel, &st, stats->data);
		}
		free(abs);
		free(rel);
	}
	/* Several PATHs may overlap or come in any order: sort and dedupe. */
	{
		struct strvec tail = STRVEC_INIT;
		size_t out;

		for (size_t i = first; i < files->nr; i++) {
			strvec_push(&tail, files->v[i]);
			free(files->v[i]);
		}
		files->nr = first;
		strvec_sort(&tail);
		for (size_t i = 0; i < tail.nr; i++)
			if (!i || strcmp(tail.v[i], tail.v[i - 1]))
				strvec_push(files, tail.v[i]);
		out = files->nr - first;
		stats->files = out;
		strvec_clear(&tail);
		if (files->v)
			files->v[files->nr] = NULL;
	}
	return 0;
}

int walk_tree_has_file(const char *rel, void *tree)
{
	char *abs = path_join(tree, rel);
	struct stat st;
	int ok = lstat(abs, &st) == 0 && S_ISREG(st.st_mode);

	free(abs);
	return ok;
}
