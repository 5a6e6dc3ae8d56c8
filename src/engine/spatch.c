#include "engine/spatch.h"
#include "lex/lex.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

static int executable(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

const char *spatch_program(void)
{
	static char *found;
	const char *env = getenv("CDMIGRATE_SPATCH");
	const char *path = getenv("PATH");

	if (found)
		return found;
	if (env && *env && strchr(env, '/')) {
		if (executable(env))
			return found = xstrdup(env);
		error("spatch not found at %s: install the coccinelle package or fix CDMIGRATE_SPATCH", env);
		return NULL;
	}
	for (const char *p = path ? path : "/usr/bin:/bin"; p && *p;) {
		const char *colon = strchr(p, ':');
		size_t n = colon ? (size_t)(colon - p) : strlen(p);
		char *dir = n ? xstrndup(p, n) : xstrdup(".");
		char *candidate = path_join(dir, env && *env && !strchr(env, '/') ? env : "spatch");

		free(dir);
		if (executable(candidate))
			return found = candidate;
		free(candidate);
		p = colon ? colon + 1 : NULL;
	}
	error("spatch not found: install the coccinelle package");
	return NULL;
}

const char *spatch_identity(void)
{
	static char *version;
	struct child c = CHILD_INIT;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	const char *prog = spatch_program();
	int timed_out = 0, rc;
	size_t n;

	if (version || !prog)
		return version;
	strvec_pushv(&c.args, (const char *const[]){ prog, "--version", NULL });
	c.silent_exec_failure = 1;
	rc = child_capture(&c, NULL, 0, &out, &err, 60000, &timed_out);
	child_release(&c);
	n = strcspn(out.buf, "\n");
	if (rc == 0 && !timed_out && starts_with(out.buf, "spatch version ")) {
		version = xstrndup(out.buf, n);
	} else {
		for (size_t i = 0; i < n && i < 60; i++)
			if ((unsigned char)out.buf[i] < ' ')
				out.buf[i] = '?';
		error("%s is not Coccinelle's spatch ('%s --version' %s%.*s%s): install the coccinelle package or set CDMIGRATE_SPATCH",
		      prog, prog, timed_out ? "hung" : rc ? "failed" : n ? "printed '" : "printed nothing",
		      rc || timed_out ? 0 : (int)(n < 60 ? n : 60), out.buf, rc || timed_out || !n ? "" : "'");
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return version;
}

void spatch_prepare(struct child *child, const struct spatch_task *task)
{
	strvec_push(&child->args, spatch_program());
	strvec_push(&child->args, "--sp-file");
	strvec_push(&child->args, task->patch);
	strvec_push(&child->args, "--quiet");
	strvec_push(&child->args, "--parse-error-msg");
	strvec_push(&child->args, "--patch");
	strvec_push(&child->args, task->root);
	for (size_t i = 0; task->include_dirs && task->include_dirs[i]; i++) {
		strvec_push(&child->args, "-I");
		strvec_push(&child->args, task->include_dirs[i]);
	}
	for (size_t i = 0; task->options && task->options[i]; i++)
		strvec_push(&child->args, task->options[i]);
	if (task->file_groups) {
		strvec_push(&child->args, "--file-groups");
		strvec_push(&child->args, task->file_groups);
	} else {
		/* "./-x.c": a name is never taken for an option. */
		for (size_t i = 0; i < task->files->nr; i++)
			strvec_pushf(&child->args, "%s%s", task->files->v[i][0] == '-' ? "./" : "",
				     task->files->v[i]);
	}
	child->dir = task->root;
	/*
	 * A larger minor heap and a lazier major GC: spatch's include cache
	 * grows over a batch of groups and every major slice walks it.
	 * Measured on 21 groups of step 40 of 2.6.22: 16% less CPU, 27% more
	 * memory (98 -> 125 MB), the same output.  A user's own setting wins.
	 */
	if (!getenv("OCAMLRUNPARAM") && !getenv("CAMLRUNPARAM"))
		strvec_push(&child->env, "OCAMLRUNPARAM=s=2M,o=200");
}

int spatch_name_ok(const char *path)
{
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || strchr("._+,=@%^~/-", *p)))
			return 0;
	return 1;
}

int spatch_has_scripts(const char *text)
{
	static const char *const marks[] = { "script:", "initialize:", "finalize:", NULL };

	for (size_t i = 0; marks[i]; i++)
		if (strstr(text, marks[i]))
			return 1;
	return 0;
}

static void add_error(struct strvec *files, struct strvec *details, const char *file,
		      const char *detail)
{
	for (size_t i = 0; i < files->nr; i++)
		if (!strcmp(files->v[i], file))
			return;
	/* spatch re-parses its own output under /tmp/cocci-output-*: not a tree file. */
	if (starts_with(file, "/tmp/cocci-output-"))
		return;
	strvec_push(files, file);
	strvec_push(details, detail);
}

void spatch_parse_errors(const char *err, struct strvec *files, struct strvec *details)
{
	const char *p = err;
	char *pending = NULL;	/* a file named by " = error in", awaiting its BAD line */

	while (p && *p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);

		if (starts_with(p, " = error in ")) {
			const char *name = p + strlen(" = error in ");
			size_t rest = len - strlen(" = error in ");
			const char *semi = memchr(name, ';', rest);

			if (pending)
				add_error(files, details, pending, "");
			free(pending);
			pending = xstrndup(name, semi ? (size_t)(semi - name) : rest);
		} else if (starts_with(p, "BAD:!!!!! ") && pending) {
			char *detail = xstrndup(p + strlen("BAD:!!!!! "), len - strlen("BAD:!!!!! "));

			add_error(files, details, pending, detail);
			free(detail);
			free(pending);
			pending = NULL;
		}
		p = eol ? eol + 1 : NULL;
	}
	if (pending)
		add_error(files, details, pending, "");
	free(pending);
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

const char *spatch_unhandled(const char *err, const struct strvec *files)
{
	struct strvec named = STRVEC_INIT;
	const char *missing = NULL;

	for (const char *p = err; p && *p;) {
		const char *eol = strchr(p, '\n');
		const char *end = eol ? eol : p + strlen(p);

		if (starts_with(p, "HANDLING: ") || starts_with(p, "Skipping: ")) {
			/* both prefixes are 10 bytes long */
			for (const char *w = p + strlen("HANDLING: "); w < end;) {
				const char *sp = memchr(w, ' ', (size_t)(end - w));
				const char *stop = sp ? sp : end;
				char *name;

				if (stop > w) {
					name = xstrndup(w, (size_t)(stop - w));
					strvec_push(&named, name);
					free(name);
				}
				w = stop + 1;
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	if (named.nr)
		strvec_sort(&named);
	for (size_t i = 0; i < files->nr && !missing; i++) {
		const char *f = files->v[i];
		char *as_given;

		if (!*f)
			continue;
		/* spatch_prepare() passes "-x.c" as "./-x.c" and spatch names it so */
		as_given = xstrfmt("%s%s", f[0] == '-' ? "./" : "", f);
		if (!named.nr || !bsearch(&as_given, named.v, named.nr, sizeof(*named.v), compare_names))
			missing = f;
		free(as_given);
	}
	strvec_clear(&named);
	return missing;
}

int spatch_grep_tokens(const char *patch, struct strvec *tokens)
{
	/* "patch\ttoken token ...", or "patch\t" when there is none */
	static struct strvec asked = STRVEC_INIT;
	const char *line = NULL;
	size_t n = strlen(patch);

	for (size_t i = 0; i < asked.nr && !line; i++)
		if (!strncmp(asked.v[i], patch, n) && asked.v[i][n] == '\t')
			line = asked.v[i] + n + 1;
	if (!line) {
		struct child c = CHILD_INIT;
		struct strbuf out = STRBUF_INIT, err = STRBUF_INIT, found = STRBUF_INIT;
		const char *prog = spatch_program(), *q;
		int timed_out = 0;

		if (!prog)
			return -1;
		strvec_pushv(&c.args, (const char *const[]){ prog, "--parse-cocci", patch, NULL });
		c.silent_exec_failure = 1;
		if (child_capture(&c, NULL, 0, &out, &err, 60000, &timed_out) == 0 && !timed_out &&
		    (q = strstr(out.buf, "\nGrep query\n"))) {
			q += strlen("\nGrep query\n");
			strbuf_add(&found, q, strcspn(q, "\n"));
		}
		child_release(&c);
		strvec_pushf(&asked, "%s\t%s", patch, found.buf);
		line = asked.v[asked.nr - 1] + n + 1;
		strbuf_release(&out);
		strbuf_release(&err);
		strbuf_release(&found);
	}
	{
		struct strvec words = STRVEC_INIT;

		for (const char *p = line; *p;) {
			const char *w = p;

			if (!lex_ident_start((unsigned char)*p)) {
				p++;
				continue;
			}
			while (lex_ident_char((unsigned char)*p))
				p++;
			strvec_pushf(&words, "%.*s", (int)(p - w), w);
		}
		if (!words.nr)
			return -1;
		strvec_sort(&words);
		for (size_t i = 0; i < words.nr; i++)
			if (!i || strcmp(words.v[i], words.v[i - 1]))
				strvec_push(tokens, words.v[i]);
		strvec_clear(&words);
		strvec_sort(tokens);
	}
	return 0;
}
