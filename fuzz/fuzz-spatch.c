/*
 * spatch's output: its stderr (engine/spatch.c's error parser) and its
 * unified diff (engine/diff.c), parsed, printed back and parsed again.
 */
#include "fuzz.h"
#include "base/util.h"
#include "engine/diff.h"
#include "engine/spatch.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct strvec files = STRVEC_INIT, details = STRVEC_INIT;
	struct file_diff *diffs = NULL;
	char *text = fuzz_cstr(data, size);
	char *exact = malloc(size ? size : 1);
	size_t nr = 0;

	spatch_parse_errors(text, &files, &details);
	if (files.nr != details.nr)
		abort();
	strvec_clear(&files);
	strvec_clear(&details);
	spatch_has_scripts(text);

	/* spatch_unhandled(): NULL or one of the files; all named, NULL */
	strvec_pushv(&files, (const char *const[]){ "a.c", "", "-b.c", "drivers/x.c", NULL });
	{
		const char *missing = spatch_unhandled(text, &files);
		char *named = xstrfmt("%s\nHANDLING: a.c ./-b.c drivers/x.c\n", text);
		int found = !missing;

		for (size_t i = 0; i < files.nr; i++)
			found |= missing == files.v[i] && *missing;
		if (!found || spatch_unhandled(named, &files))
			abort();
		free(named);
	}
	strvec_clear(&files);

	memcpy(exact, data, size);
	if (diff_parse(exact, size, &diffs, &nr) == 0) {
		for (size_t i = 0; i < nr; i++) {
			struct strbuf sb = STRBUF_INIT;
			struct file_diff *again = NULL;
			size_t again_nr = 0;
			unsigned added, removed;

			diff_stat(&diffs[i], &added, &removed);
			diff_to_text(&diffs[i], &sb);
			/* What diff_to_text() prints, diff_parse() accepts. */
			if (diff_parse(sb.buf, sb.len, &again, &again_nr) < 0)
				abort();
			file_diff_list_free(again, again_nr);
			strbuf_release(&sb);
		}
		file_diff_list_free(diffs, nr);
	} else if (diffs || nr) {
		abort();
	}
	free(exact);
	free(text);
	return 0;
}
