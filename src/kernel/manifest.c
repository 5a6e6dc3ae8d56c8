#include "kernel/manifest.h"

#include <stdlib.h>
#include <string.h>

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
