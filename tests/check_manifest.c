/*
 * check_manifest: the step table the build generates from
 * semantic-patches/steps (src/kernel/gen-manifest.py), read back against
 * the file itself, the lookups of manifest.h, and the generator's refusals
 * run for real on manifests written here.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/child.h"
#include "base/util.h"
#include "kernel/kernel.h"
#include "kernel/manifest.h"
#include "rewrite/rewrite.h"
#include "test-lib.h"

#define PATCH_DIR CDMIGRATE_SRCDIR "/semantic-patches"

/* One step block of the steps file, as its text says. */
struct file_step {
	unsigned order;
	char *name;
	struct strvec keys, values;	/* "key: value" lines, in order */
};

static void trim(char **s)
{
	char *end;

	while (**s == ' ' || **s == '\t')
		(*s)++;
	end = *s + strlen(*s);
	while (end > *s && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = '\0';
}

/* The blocks of semantic-patches/steps; *nr of them. */
static struct file_step *read_steps_file(size_t *nr)
{
	char *text = test_get(PATCH_DIR, "steps");
	struct file_step *steps = NULL;
	size_t alloc = 0;
	char *save, *line;

	*nr = 0;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *p = line, *colon;

		trim(&p);
		if (!*p || *p == '#')
			continue;
		if (starts_with(line, "step ")) {
			char name[128];
			unsigned order;

			ck_assert_int_eq(sscanf(line, "step %u %127s", &order, name), 2);
			ALLOC_GROW(steps, *nr + 1, alloc);
			steps[*nr] = (struct file_step){ order, xstrdup(name), STRVEC_INIT, STRVEC_INIT };
			(*nr)++;
			continue;
		}
		ck_assert_msg(*nr > 0 && (line[0] == '\t' || line[0] == ' '), "line: %s", line);
		colon = strchr(p, ':');
		ck_assert_ptr_nonnull(colon);
		*colon = '\0';
		strvec_push(&steps[*nr - 1].keys, p);
		p = colon + 1;
		trim(&p);
		strvec_push(&steps[*nr - 1].values, p);
	}
	free(text);
	return steps;
}

static void free_steps_file(struct file_step *steps, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		free(steps[i].name);
		strvec_clear(&steps[i].keys);
		strvec_clear(&steps[i].values);
	}
	free(steps);
}

/* The value of key in a block ("" when absent: every key is optional). */
static const char *value_of(const struct file_step *s, const char *key)
{
	for (size_t i = 0; i < s->keys.nr; i++)
		if (!strcmp(s->keys.v[i], key))
			return s->values.v[i];
	return "";
}

/*
 * A list value split as the generator documents it: on commas (or, with
 * sep ' ', on blanks), each item trimmed; an item that ends in a blank
 * keeps it (the trigger "struct class " must not match struct class_device).
 */
static void split(const char *value, char sep, int keep_trailing_blank, struct strvec *out)
{
	char *copy = xstrdup(value), *save, *item;
	char seps[2] = { sep, '\0' };

	for (item = strtok_r(copy, sep == ' ' ? " \t" : seps, &save); item;
	     item = strtok_r(NULL, sep == ' ' ? " \t" : seps, &save)) {
		size_t len = strlen(item);
		int blank_end = keep_trailing_blank && len && item[len - 1] == ' ';
		char *p = item;

		trim(&p);
		if (!*p)
			continue;
		if (blank_end)
			strvec_pushf(out, "%s ", p);
		else
			strvec_push(out, p);
	}
	free(copy);
}

static void assert_list(const char *const *got, const char *value, char sep,
			int keep_trailing_blank, const char *what)
{
	struct strvec want = STRVEC_INIT;
	size_t n = manifest_count(got);

	split(value, sep, keep_trailing_blank, &want);
	ck_assert_msg(n == want.nr, "%s: %zu items in the table, %zu in the file (\"%s\")",
		      what, n, want.nr, value);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(!strcmp(got[i], want.v[i]), "%s[%zu]: table \"%s\", file \"%s\"",
			      what, i, got[i], want.v[i]);
	strvec_clear(&want);
}

START_TEST(table_is_the_steps_file)
{
	size_t nr;
	struct file_step *file = read_steps_file(&nr);

	ck_assert_uint_ge(nr, 8);
	ck_assert_uint_eq(manifest_nr_steps, nr);
	for (size_t i = 0; i < nr; i++) {
		const struct manifest_step *t = &manifest_steps[i];
		const struct file_step *f = &file[i];
		const char *group = value_of(f, "group");
		char what[64];

		ck_assert_uint_eq(t->order, f->order);
		ck_assert_str_eq(t->name, f->name);
		ck_assert_str_eq(t->title, value_of(f, "title"));
		snprintf(what, sizeof(what), "step %u patches", t->order);
		assert_list(t->patches, value_of(f, "patches"), ',', 0, what);
		snprintf(what, sizeof(what), "step %u triggers", t->order);
		assert_list(t->triggers, value_of(f, "triggers"), ',', 1, what);
		snprintf(what, sizeof(what), "step %u options", t->order);
		assert_list(t->options, value_of(f, "options"), ' ', 0, what);
		snprintf(what, sizeof(what), "step %u requires", t->order);
		assert_list(t->requires, value_of(f, "requires"), ',', 0, what);
		snprintf(what, sizeof(what), "step %u prepare", t->order);
		assert_list(t->prepare, value_of(f, "prepare"), ',', 0, what);
		snprintf(what, sizeof(what), "step %u rewriter", t->order);
		assert_list(t->rewriter, value_of(f, "rewriter"), ',', 0, what);
		snprintf(what, sizeof(what), "step %u follow", t->order);
		assert_list(t->follow, value_of(f, "follow"), ',', 0, what);
		snprintf(what, sizeof(what), "step %u needs", t->order);
		assert_list(t->needs, value_of(f, "needs"), ',', 1, what);
		ck_assert_int_eq(t->in_tree_only, !strcmp(value_of(f, "scope"), "in-tree"));
		ck_assert_int_eq(t->group, !strcmp(group, "class") ? MANIFEST_GROUP_CLASS :
				 !strcmp(group, "file") ? MANIFEST_GROUP_FILE :
				 MANIFEST_GROUP_SUBSYSTEM);
	}
	free_steps_file(file, nr);
}
END_TEST

/* The first trigger of step 10 keeps its blank: "struct class_device" is not a candidate. */
START_TEST(a_trigger_keeps_its_trailing_blank)
{
	const struct manifest_step *s = manifest_find("10");

	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(s->triggers[0], "struct class ");
	ck_assert_str_eq(s->triggers[1], "class_register");
	ck_assert_ptr_null(strstr("struct class_device *cd;", s->triggers[0]));
}
END_TEST

/* The description is the "///" lines of the patches, then of the describe: files. */
START_TEST(description_is_the_triple_slash_lines)
{
	size_t nr;
	struct file_step *file = read_steps_file(&nr);

	for (size_t i = 0; i < nr; i++) {
		struct strvec sources = STRVEC_INIT;
		struct strbuf want = STRBUF_INIT;

		split(value_of(&file[i], "patches"), ',', 0, &sources);
		split(value_of(&file[i], "describe"), ',', 0, &sources);
		for (size_t k = 0; k < sources.nr; k++) {
			char *text = test_get(PATCH_DIR, sources.v[k]);
			char *save, *line;

			for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
				char *p = line + 3;

				if (!starts_with(line, "///"))
					continue;
				trim(&p);
				strbuf_addf(&want, "%s%s", want.len ? "\n" : "", p);
			}
			free(text);
		}
		ck_assert_msg(want.len > 0, "step %u: no /// line in its patches or describe files",
			      file[i].order);
		ck_assert_str_eq(manifest_steps[i].description, want.buf);
		strvec_clear(&sources);
		strbuf_release(&want);
	}
	free_steps_file(file, nr);
}
END_TEST

/* Every pass a step names is one the rewriter has: a typo would only show at run time. */
START_TEST(every_pass_named_exists)
{
	for (size_t i = 0; i < manifest_nr_steps; i++) {
		const struct manifest_step *s = &manifest_steps[i];

		for (size_t k = 0; s->prepare[k]; k++)
			ck_assert_msg(rewrite_find(s->prepare[k]) != NULL, "step %u: prepare: %s",
				      s->order, s->prepare[k]);
		for (size_t k = 0; s->rewriter[k]; k++)
			ck_assert_msg(rewrite_find(s->rewriter[k]) != NULL, "step %u: rewriter: %s",
				      s->order, s->rewriter[k]);
	}
	ck_assert_ptr_null(rewrite_find("no-such-pass"));
}
END_TEST

/*
 * kernel.c's renames and step 40's patch say the same: each 1:1 rename of
 * a function is a "- old" / "+ new" pair of the patch (the report, verify
 * and the rewriter read the table; spatch reads the patch).
 */
#define STEP_40_PATCH "40-class-device-to-device/class-device-to-device.cocci"

/* Rule `name` of a semantic patch: from its header to the next rule's. */
static char *rule_body(const char *text, const char *name)
{
	char *header = xstrfmt("\n@%s ", name);
	const char *start = strstr(text, header), *end;

	ck_assert_msg(start, "no rule %s in step 40's patch", name);
	start += strlen(header);
	end = strstr(start, "\n@@\n");	/* past the metavariables */
	ck_assert_ptr_nonnull(end);
	end = strstr(end + 4, "\n@");
	free(header);
	return xstrndup(start, end ? (size_t)(end - start) : strlen(start));
}

/*
 * Every rename pair "- OLD\n+ NEW\n" of body (both sides one identifier),
 * pushed as "OLD NEW"; with after set, only the pairs right after a line
 * that is `after`.
 */
static void rename_pairs(const char *body, const char *after, struct strvec *pairs)
{
	struct strvec lines = STRVEC_INIT;
	char *copy = xstrdup(body);

	for (char *l = strtok(copy, "\n"); l; l = strtok(NULL, "\n"))
		strvec_push(&lines, l);
	for (size_t i = 0; i + 1 < lines.nr; i++) {
		const char *old = lines.v[i], *new = lines.v[i + 1];

		if (!starts_with(old, "- ") || !starts_with(new, "+ ") ||
		    strpbrk(old + 2, " (.>") || strpbrk(new + 2, " (.>"))
			continue;
		if (after && (!i || strcmp(lines.v[i - 1], after)))
			continue;
		strvec_pushf(pairs, "%s %s", old + 2, new + 2);
	}
	strvec_clear(&lines);
	free(copy);
}

/*
 * kernel.c's rename lists and step 40's patch say the same: every rename of
 * kernel_renames is in the patch (the textual ones as a bare rename in the
 * calls or attr_decl rule, class_device_create() as a call rewritten), and
 * every bare rename of those rules is a textual rename of kernel_renames;
 * the same both ways for kernel_member_renames and the `e->` renames.
 */
START_TEST(textual_renames_are_in_the_patch)
{
	char *text = test_get(PATCH_DIR, STEP_40_PATCH);
	char *calls = rule_body(text, "calls"), *attr = rule_body(text, "attr_decl");
	struct strvec in_patch = STRVEC_INIT, members = STRVEC_INIT, in_kernel = STRVEC_INIT;

	rename_pairs(calls, NULL, &in_patch);
	rename_pairs(attr, NULL, &in_patch);
	rename_pairs(text, "  e->", &members);
	for (size_t i = 0; i < kernel_nr_renames; i++) {
		const struct kernel_rename *r = &kernel_renames[i];
		char *pair = xstrfmt("%s %s", r->old, r->new);

		if (r->textual) {
			ck_assert_msg(strvec_has(&in_patch, pair), "step 40's patch lacks the rename %s -> %s",
				      r->old, r->new);
			strvec_push(&in_kernel, pair);
		} else {
			char *minus = xstrfmt("\n- %s(", r->old), *plus = xstrfmt("\n+ %s(", r->new);

			ck_assert_msg(strstr(text, minus) && strstr(text, plus),
				      "step 40's patch does not rewrite %s() into %s()", r->old, r->new);
			free(minus);
			free(plus);
		}
		free(pair);
	}
	for (size_t i = 0; i < in_patch.nr; i++)
		ck_assert_msg(strvec_has(&in_kernel, in_patch.v[i]),
			      "step 40's patch renames %s: not a textual rename of kernel_renames",
			      in_patch.v[i]);
	ck_assert_uint_eq(in_patch.nr, in_kernel.nr);

	strvec_clear(&in_kernel);
	for (size_t i = 0; i < kernel_nr_member_renames; i++) {
		char *pair = xstrfmt("%s %s", kernel_member_renames[i].old, kernel_member_renames[i].new);

		ck_assert_msg(strvec_has(&members, pair), "step 40's patch lacks the member rename %s", pair);
		strvec_push(&in_kernel, pair);
		free(pair);
	}
	for (size_t i = 0; i < members.nr; i++)
		ck_assert_msg(strvec_has(&in_kernel, members.v[i]),
			      "step 40's patch renames member %s: not in kernel_member_renames", members.v[i]);
	strvec_clear(&in_patch);
	strvec_clear(&members);
	strvec_clear(&in_kernel);
	free(calls);
	free(attr);
	free(text);
}
END_TEST

START_TEST(find_by_name_or_number)
{
	const struct manifest_step *s = manifest_find("class-device-to-device");

	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->order, 40);
	ck_assert_ptr_eq(manifest_find("40"), s);
	ck_assert_ptr_eq(manifest_find("040"), s);
	ck_assert_ptr_null(manifest_find("4"));
	ck_assert_ptr_null(manifest_find("40x"));
	ck_assert_ptr_null(manifest_find(""));
	ck_assert_ptr_null(manifest_find("class-device"));
	for (size_t i = 1; i < manifest_nr_steps; i++)
		ck_assert_uint_lt(manifest_steps[i - 1].order, manifest_steps[i].order);
}
END_TEST

START_TEST(variants)
{
	const struct manifest_step *s50 = manifest_find("50");
	const struct manifest_variant *v;

	ck_assert_ptr_nonnull(s50);
	v = manifest_variant(s50, "callbacks");
	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(v->patches[0], "50-class-interface-to-virtual-bus/callbacks.cocci");
	ck_assert_ptr_null(v->patches[1]);
	ck_assert_str_eq(v->requires[0], "interface-add-dev");
	ck_assert_str_ne(v->title, s50->title);
	ck_assert_ptr_nonnull(strstr(v->title, "add_dev"));
	ck_assert_ptr_null(manifest_variant(s50, NULL));
	ck_assert_ptr_null(manifest_variant(s50, "bus"));
	ck_assert_ptr_null(manifest_variant(manifest_find("40"), "callbacks"));
	ck_assert_uint_eq(manifest_count(NULL), 0);
	ck_assert_uint_eq(manifest_count(s50->patches), 1);
}
END_TEST

/*
 * Run the real generator on `steps` with the patch folder `dir`; its exit
 * status, what it said in *err.
 */
static int generate(const char *dir, const char *steps, struct strbuf *err)
{
	struct child c = CHILD_INIT;
	char *out = path_join(dir, "table.c");
	int timed_out, code;

	test_put(dir, "steps", steps);
	strvec_pushv(&c.args, (const char *[]){ "python3",
		CDMIGRATE_SRCDIR "/src/kernel/gen-manifest.py", NULL });
	strvec_pushf(&c.args, "%s/steps", dir);
	strvec_push(&c.args, dir);
	strvec_push(&c.args, out);
	c.no_stdin = 1;
	strbuf_reset(err);
	code = child_capture(&c, NULL, 0, NULL, err, 60000, &timed_out);
	ck_assert_int_eq(timed_out, 0);
	child_release(&c);
	free(out);
	return code;
}

START_TEST(generator_refuses_what_cannot_run)
{
	char *dir = test_tmpdir("check_manifest");
	struct strbuf err = STRBUF_INIT;
	char *table;

	test_put(dir, "10-a/a.cocci", "/// converts a\n@@\n@@\n- a();\n+ b();\n");
	test_put(dir, "20-b/b.cocci",
		 "/// converts b\n@r@\nidentifier f;\n@@\n f(...)\n\n@script:python p@\nf << r.f;\n@@\n");

	/* a good manifest: the table and its description */
	ck_assert_int_eq(generate(dir, "step 10 a\n\ttitle: A\n\tpatches: 10-a/a.cocci\n"
				  "\ttriggers: a\n", &err), 0);
	table = test_get(dir, "table.c");
	ck_assert_ptr_nonnull(strstr(table, "\"converts a\""));
	ck_assert_ptr_nonnull(strstr(table, "MANIFEST_GROUP_SUBSYSTEM"));
	free(table);

	/* a script rule: file and line, and what to do instead */
	ck_assert_int_ne(generate(dir, "step 20 b\n\tpatches: 20-b/b.cocci\n", &err), 0);
	ck_assert_msg(strstr(err.buf, "20-b/b.cocci:7: a script rule") != NULL, "%s", err.buf);
	ck_assert_ptr_nonnull(strstr(err.buf, "C rewriter pass"));

	/* a patch that is missing */
	ck_assert_int_ne(generate(dir, "step 10 a\n\tpatches: 10-a/gone.cocci\n", &err), 0);
	ck_assert_msg(strstr(err.buf, "10-a/gone.cocci: listed in semantic-patches/steps but missing"),
		      "%s", err.buf);

	/* an unknown key, a bad group, steps out of order */
	ck_assert_int_ne(generate(dir, "step 10 a\n\tpatchs: 10-a/a.cocci\n", &err), 0);
	ck_assert_msg(strstr(err.buf, "steps:2: unknown key 'patchs'") != NULL, "%s", err.buf);
	ck_assert_int_ne(generate(dir, "step 10 a\n\tgroup: bogus\n", &err), 0);
	ck_assert_msg(strstr(err.buf, "step 10: group must be one of") != NULL, "%s", err.buf);
	ck_assert_int_ne(generate(dir, "step 20 b\n\ttitle: B\nstep 10 a\n\ttitle: A\n", &err), 0);
	ck_assert_msg(strstr(err.buf, "in increasing order") != NULL, "%s", err.buf);

	strbuf_release(&err);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("manifest");
	TCase *tc = tcase_create("table");
	TCase *gen = tcase_create("generator");

	tcase_add_test(tc, table_is_the_steps_file);
	tcase_add_test(tc, a_trigger_keeps_its_trailing_blank);
	tcase_add_test(tc, description_is_the_triple_slash_lines);
	tcase_add_test(tc, every_pass_named_exists);
	tcase_add_test(tc, find_by_name_or_number);
	tcase_add_test(tc, textual_renames_are_in_the_patch);
	tcase_add_test(tc, variants);
	suite_add_tcase(s, tc);
	tcase_set_timeout(gen, 60);
	tcase_add_test(gen, generator_refuses_what_cannot_run);
	suite_add_tcase(s, gen);
	return s;
}
