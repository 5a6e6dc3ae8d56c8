/*
 * check_verify: verify's policy of what goes back together
 * (engine/hold-back.h), on working files held in memory: no parse, no
 * spatch.  Verify decides that a change breaks something; these tests
 * hold a file back by hand and check what goes with it: the changes that
 * depend on it through a file-scope name, to a fixed point, and nothing
 * else; a header several steps changed goes back its last step only,
 * with the same step's change of a file that removed the same name.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/diff.h"
#include "engine/hold-back.h"
#include "test-lib.h"

static const struct manifest_step step_ten = { .order = 10, .name = "ten" };
static const struct manifest_step step_twenty = { .order = 20, .name = "twenty" };

struct fixture {
	struct engine e;
	struct migrate_options opts;
	struct migrate_stats stats;
	struct hold_back hb;
};

/* Working files, sorted by path as the engine keeps them: path, original, current. */
static void fixture_init(struct fixture *fx, const char *const *files)
{
	size_t n = 0;

	memset(fx, 0, sizeof(*fx));
	while (files[3 * n])
		n++;
	fx->e.opts = &fx->opts;
	fx->e.files = xcalloc(n, sizeof(*fx->e.files));
	fx->e.nr = fx->e.alloc = n;
	for (size_t i = 0; i < n; i++) {
		struct work_file *f = &fx->e.files[i];

		f->path = xstrdup(files[3 * i]);
		f->original = (struct strbuf)STRBUF_INIT;
		f->current = (struct strbuf)STRBUF_INIT;
		f->written = (struct strbuf)STRBUF_INIT;
		strbuf_addstr(&f->original, files[3 * i + 1]);
		strbuf_addstr(&f->current, files[3 * i + 2]);
		if (i)
			ck_assert_int_lt(strcmp(files[3 * (i - 1)], f->path), 0);
	}
	fx->e.plan.steps = xcalloc(2, sizeof(*fx->e.plan.steps));
	fx->e.plan.steps[0].step = &step_ten;
	fx->e.plan.steps[1].step = &step_twenty;
	fx->e.plan.nr = 2;
	hold_back_init(&fx->hb, &fx->e, &fx->stats);
}

/* Record step's change of path from `from` to `to` (a diff, as the engine keeps it). */
static void add_change(struct fixture *fx, size_t step, const char *path, const char *from, const char *to)
{
	struct strbuf d = STRBUF_INIT;
	struct step_change *c;

	ck_assert_int_eq(diff_make(path, from, strlen(from), to, strlen(to), &d), 1);
	ALLOC_GROW(fx->e.changes, fx->e.nr_changes + 1, fx->e.alloc_changes);
	c = &fx->e.changes[fx->e.nr_changes++];
	memset(c, 0, sizeof(*c));
	c->step = step;
	c->file = (size_t)(engine_find_file(&fx->e, path) - fx->e.files);
	c->diff = strbuf_detach(&d, NULL);
}

static void fixture_release(struct fixture *fx)
{
	hold_back_release(&fx->hb);
	hold_back_units_clear(&fx->e);
	for (size_t i = 0; i < fx->e.nr; i++) {
		free(fx->e.files[i].path);
		free(fx->e.files[i].detail);
		strbuf_release(&fx->e.files[i].original);
		strbuf_release(&fx->e.files[i].current);
		strbuf_release(&fx->e.files[i].written);
	}
	free(fx->e.files);
	for (size_t i = 0; i < fx->e.nr_changes; i++)
		free(fx->e.changes[i].diff);
	free(fx->e.changes);
	free(fx->e.plan.steps);
}

/* Hold path back whole, as verify does for a file whose change adds an error. */
static void hold_file(struct fixture *fx, const char *path)
{
	struct held_unit u = { xstrdup(path), xstrdup("an error"), STRVEC_INIT };

	hold_back_file(&fx->hb, &u, engine_find_file(&fx->e, path), "the change adds an error");
	hold_back_unit(&fx->hb, &u);
}

static int held(struct fixture *fx, const char *path)
{
	struct work_file *f = engine_find_file(&fx->e, path);

	return f->excluded && f->status && !strcmp(f->status, "held-back");
}

/* Files held back with the first unit, joined by spaces. */
static char *unit_files(struct fixture *fx)
{
	struct strbuf sb = STRBUF_INIT;

	ck_assert_uint_eq(fx->e.nr_held_units, 1);
	for (size_t i = 0; i < fx->e.held_units[0].files.nr; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", fx->e.held_units[0].files.v[i]);
	return strbuf_detach(&sb, NULL);
}

START_TEST(a_retyped_global_takes_its_users_back)
{
	/* a.c retypes a global b.c's change declares extern; c.c is unrelated */
	static const char *const files[] = {
		"drivers/a.c",
		"struct class_device *foo_class;\nint a(void)\n{\n\treturn 0;\n}\n",
		"struct class *foo_class;\nint a(void)\n{\n\treturn 0;\n}\n",
		"drivers/b.c",
		"extern struct class_device *foo_class;\nint b(void)\n{\n\treturn foo_class != 0;\n}\n",
		"extern struct class *foo_class;\nint b(void)\n{\n\treturn foo_class != 0;\n}\n",
		"drivers/c.c",
		"int c(void)\n{\n\treturn 1;\n}\n",
		"int c(void)\n{\n\treturn 2;\n}\n",
		NULL
	};
	struct fixture fx;
	char *got;

	fixture_init(&fx, files);
	hold_file(&fx, "drivers/a.c");
	ck_assert(held(&fx, "drivers/a.c"));
	ck_assert(held(&fx, "drivers/b.c"));
	ck_assert(!held(&fx, "drivers/c.c"));
	ck_assert(engine_file_changed(engine_find_file(&fx.e, "drivers/c.c")));
	got = unit_files(&fx);
	ck_assert_str_eq(got, "drivers/a.c drivers/b.c");
	ck_assert_str_eq(fx.e.held_units[0].cause, "drivers/a.c");
	ck_assert_uint_eq(fx.stats.held_back, 2);
	ck_assert_ptr_nonnull(strstr(engine_find_file(&fx.e, "drivers/b.c")->detail, "foo_class"));
	free(got);
	fixture_release(&fx);
}
END_TEST

START_TEST(a_held_user_takes_back_the_global_it_names)
{
	/* the held file only names the global: the file that retyped it goes too */
	static const char *const files[] = {
		"drivers/a.c",
		"struct class_device *foo_class;\n",
		"struct class *foo_class;\n",
		"drivers/user.c",
		"int user(void)\n{\n\treturn class_device_is(foo_class);\n}\n",
		"int user(void)\n{\n\treturn device_is(foo_class);\n}\n",
		NULL
	};
	struct fixture fx;
	char *got;

	fixture_init(&fx, files);
	hold_file(&fx, "drivers/user.c");
	ck_assert(held(&fx, "drivers/a.c"));
	got = unit_files(&fx);
	ck_assert_str_eq(got, "drivers/user.c drivers/a.c");
	free(got);
	fixture_release(&fx);
}
END_TEST

START_TEST(dependence_is_followed_to_a_fixed_point)
{
	/* x retypes alpha_class; y names it and retypes beta_class; z names beta_class */
	static const char *const files[] = {
		"drivers/x.c",
		"struct class_device *alpha_class;\n",
		"struct class *alpha_class;\n",
		"drivers/y.c",
		"struct class_device *beta_class;\nint y(void)\n{\n\treturn cd_of(alpha_class);\n}\n",
		"struct class *beta_class;\nint y(void)\n{\n\treturn dev_of(alpha_class);\n}\n",
		"drivers/z.c",
		"int z(void)\n{\n\treturn cd_of(beta_class);\n}\n",
		"int z(void)\n{\n\treturn dev_of(beta_class);\n}\n",
		NULL
	};
	struct fixture fx;
	char *got;

	fixture_init(&fx, files);
	hold_file(&fx, "drivers/x.c");
	got = unit_files(&fx);
	ck_assert_str_eq(got, "drivers/x.c drivers/y.c drivers/z.c");
	free(got);
	fixture_release(&fx);
}
END_TEST

START_TEST(a_header_goes_back_its_last_step_only)
{
	static const char *const v0 = "int keep(void);\nint old_fn(void);\nstruct class_device *cd;\n";
	static const char *const v1 = "int keep(void);\nint old_fn(void);\nstruct device *cd;\n";
	static const char *const v2 = "int keep(void);\nstruct device *cd;\n";
	static const char *const def0 = "int old_fn(void)\n{\n\treturn 0;\n}\nint other(void)\n{\n\treturn 1;\n}\n";
	static const char *const def1 = "int other(void)\n{\n\treturn 1;\n}\n";
	const char *const files[] = {
		"drivers/impl.c", def0, def1,
		"drivers/plain.c", "int p(void)\n{\n\treturn old(1);\n}\n", "int p(void)\n{\n\treturn old(2);\n}\n",
		"include/linux/foo.h", v0, v2,
		NULL
	};
	struct fixture fx;
	struct held_unit u = { xstrdup("drivers/user.c"), xstrdup("an error"), STRVEC_INIT };
	struct work_file *h, *impl;

	fixture_init(&fx, files);
	add_change(&fx, 0, "include/linux/foo.h", v0, v1);
	add_change(&fx, 1, "include/linux/foo.h", v1, v2);
	add_change(&fx, 1, "drivers/impl.c", def0, def1);
	add_change(&fx, 0, "drivers/plain.c", "int p(void)\n{\n\treturn old(1);\n}\n",
		   "int p(void)\n{\n\treturn old(2);\n}\n");
	h = engine_find_file(&fx.e, "include/linux/foo.h");
	impl = engine_find_file(&fx.e, "drivers/impl.c");

	ck_assert_int_eq(hold_back_last_step(&fx.hb, &u, h, "a user breaks"), 1);
	/* the header keeps step ten's change and loses step twenty's */
	ck_assert_str_eq(h->current.buf, v1);
	ck_assert(!h->excluded);
	ck_assert(!fx.e.changes[0].held_back);
	ck_assert(fx.e.changes[1].held_back);
	ck_assert(strvec_has(&fx.hb.stepped_back, "include/linux/foo.h"));
	/* step twenty removed old_fn's definition too: that change goes with it */
	ck_assert(impl->excluded);
	ck_assert(!engine_find_file(&fx.e, "drivers/plain.c")->excluded);
	ck_assert_uint_eq(u.files.nr, 2);
	ck_assert_str_eq(u.files.v[0], "include/linux/foo.h");
	ck_assert_str_eq(u.files.v[1], "drivers/impl.c");
	free(u.cause);
	free(u.error);
	strvec_clear(&u.files);
	fixture_release(&fx);
}
END_TEST

START_TEST(one_step_or_a_c_file_is_not_given_back_a_step)
{
	static const char *const v0 = "struct class_device *cd;\n";
	static const char *const v1 = "struct device *cd;\n";
	const char *const files[] = {
		"drivers/two.c", v0, v1,
		"include/linux/one.h", v0, v1,
		NULL
	};
	struct fixture fx;
	struct held_unit u = { xstrdup("drivers/user.c"), xstrdup("an error"), STRVEC_INIT };

	fixture_init(&fx, files);
	add_change(&fx, 0, "include/linux/one.h", v0, v1);
	add_change(&fx, 0, "drivers/two.c", v0, "struct device *cd;\n/* */\n");
	add_change(&fx, 1, "drivers/two.c", "struct device *cd;\n/* */\n", v1);
	ck_assert_int_eq(hold_back_last_step(&fx.hb, &u, engine_find_file(&fx.e, "include/linux/one.h"),
					     "a user breaks"), 0);
	ck_assert_int_eq(hold_back_last_step(&fx.hb, &u, engine_find_file(&fx.e, "drivers/two.c"),
					     "a user breaks"), 0);
	ck_assert_uint_eq(u.files.nr, 0);
	for (size_t c = 0; c < fx.e.nr_changes; c++)
		ck_assert(!fx.e.changes[c].held_back);
	free(u.cause);
	free(u.error);
	fixture_release(&fx);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("verify");
	TCase *tc = tcase_create("hold-back");

	tcase_add_test(tc, a_retyped_global_takes_its_users_back);
	tcase_add_test(tc, a_held_user_takes_back_the_global_it_names);
	tcase_add_test(tc, dependence_is_followed_to_a_fixed_point);
	tcase_add_test(tc, a_header_goes_back_its_last_step_only);
	tcase_add_test(tc, one_step_or_a_c_file_is_not_given_back_a_step);
	suite_add_tcase(s, tc);
	return s;
}
