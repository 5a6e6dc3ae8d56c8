#include "kernel/manifest.h"
#include "base/util.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const struct manifest_step *manifest_find(const char *name)
{
	char *end;
	unsigned long order = strtoul(name, &end, 10);

	for (size_t i = 0; i < manifest_nr_steps; i++) {
		const struct manifest_step *s = &manifest_steps[i];

		if (!strcmp(s->name, name) || (!*end && end != name && s->order == order))
			return s;
	}
	return NULL;
}

size_t manifest_count(const char *const *list)
{
	size_t n = 0;

	while (list && list[n])
		n++;
	return n;
}

const char *manifest_patch_dir(void)
{
	static char *dir;
	const char *env = getenv("CDMIGRATE_PATCH_DIR");
	char exe[PATH_MAX];
	ssize_t n;

	if (dir)
		return dir;
	if (env && *env)
		return dir = xstrdup(env);
	/* An uninstalled binary uses the patches of its own source tree. */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		if (starts_with(exe, CDMIGRATE_BUILDDIR "/"))
			return dir = xstrdup(CDMIGRATE_SRCDIR "/semantic-patches");
	}
	return dir = xstrdup(CDMIGRATE_DATADIR "/semantic-patches");
}
