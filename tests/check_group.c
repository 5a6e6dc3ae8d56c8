/*
 * check_group: how the engine splits a step's files into spatch file
 * groups and packs them into tasks (engine/group.c), on the working set
 * the engine loads from a small tree written here (its class objects,
 * include graph and subsystems, engine/working-set.c).  Each grouping
 * kind of manifest.h runs on a step made here, so that the kind, follow
 * and needs are the only things that change between two tests.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/group.h"
#include "engine/working-set.h"
#include "test-lib.h"

static char *tree;

static void setup(void)
{
	tree = test_tmpdir("check_group");
	test_put(tree, "include/linux/device.h",
		 "struct class { const char *name; };\n"
		 "struct class_device { struct class *class; };\n"
		 "int class_register(struct class *c);\n");
	/* input_class: defined in input.c, extern in input.h */
	test_put(tree, "include/linux/input.h",
		 "#include <linux/device.h>\n"
		 "extern struct class input_class;\n"
		 "struct input_dev { struct class_device cdev; };\n");
	test_put(tree, "drivers/input/input.c",
		 "#include <linux/input.h>\n"
		 "struct class input_class = { .name = \"input\" };\n"
		 "int input_init(void) { return class_register(&input_class); }\n");
	test_put(tree, "drivers/input/evdev.c",
		 "#include <linux/input.h>\n"
		 "struct class_device *evdev_cd;\n");
	/* a user of input_class by name alone: no include, no trigger */
	test_put(tree, "drivers/hid/hid-input.c",
		 "void *hidinput_class(void) { return &input_class; }\n");
	/* names that only contain input_class */
	test_put(tree, "drivers/misc/decoy.c",
		 "extern struct class my_input_classes;\n"
		 "int decoy(void) { return class_register(&my_input_classes); }\n");
	test_put(tree, "drivers/misc/other.c",
		 "static struct class other_class = { .name = \"other\" };\n"
		 "int other_init(void)\n{\n\t/* a longer file than decoy.c */\n"
		 "\treturn class_register(&other_class);\n}\n");
	/* hwmon.h: included by two subsystems */
	test_put(tree, "include/linux/hwmon.h",
		 "#include <linux/device.h>\n"
		 "struct class_device *hwmon_device_register(struct device *dev);\n");
	test_put(tree, "drivers/hwmon/hwmon.c",
		 "#include <linux/hwmon.h>\n"
		 "struct class_device *hwmon_device_register(struct device *dev) { return 0; }\n");
	test_put(tree, "drivers/hwmon/lm75.c",
		 "#include <linux/hwmon.h>\nstruct class_device *lm75_cd;\n");
	test_put(tree, "drivers/hwmon/adm.c", "struct class_device *adm_cd;\n");
	test_put(tree, "drivers/i2c/chips/eeprom.c",
		 "#include <linux/hwmon.h>\nstruct class_device *eeprom_cd;\n");
	test_put(tree, "sound/core/sound.c", "struct class_device *sound_cd;\n");
	/* scale: a callback, its prototype and a caller; a struct class wrapper */
	test_put(tree, "include/linux/scale.h",
		 "#include <linux/device.h>\n"
		 "ssize_t scale_show(struct class_device *cd, char *buf);\n"
		 "struct scale_class {\n\tstruct class class;\n\tint flags;\n};\n"
		 "struct class_device *scale_cd(void);\n");
	test_put(tree, "drivers/scale/scale-core.c",
		 "#include <linux/scale.h>\n"
		 "ssize_t scale_show(struct class_device *cd, char *buf) { return 0; }\n");
	test_put(tree, "drivers/scale/scale-log.c",
		 "#include <linux/scale.h>\n"
		 "void scale_log(struct class_device *cd, char *b) { scale_show(cd, b); }\n");
	test_put(tree, "drivers/scale/scale-init.c",
		 "#include <linux/scale.h>\n"
		 "static struct scale_class sc = { .class = { .name = \"scale\" } };\n"
		 "struct class_device *init_cd;\n");
	test_put(tree, "drivers/scale/scale-other.c",
		 "#include <linux/scale.h>\n"
		 "struct class_device *other_cd(void) { return scale_cd(); }\n");
	test_put(tree, "sound/core/timer.c", "struct class_interface *timer_intf;\n");
	test_put(tree, "stateless.cocci", "@@\nexpression E;\n@@\n- class_register(E)\n+ class_create(E)\n");
	test_put(tree, "script.cocci", "@r@\nidentifier f;\n@@\n f(...)\n\n"
		 "@script:python@\nf << r.f;\n@@\nprint(f)\n");
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

static const char *const none[] = { NULL };
static const char *const class_objects[] = { "class-objects", NULL };
static const char *const needs_interface[] = { "class_interface", NULL };

static struct manifest_step test_step = {
	.order = 99, .name = "test", .title = "a step of the test",
	.patches = none, .triggers = none, .options = none, .requires = none,
	.prepare = none, .rewriter = none, .follow = none, .needs = none,
	.description = "",
};

static struct migrate_options mopts;
static struct plan_step pstep;

/* The engine as migrate_run() loads it, with test_step as its one step. */
static void load(struct engine *e, int jobs, const char *patch)
{
	memset(e, 0, sizeof(*e));
	memset(&mopts, 0, sizeof(mopts));
	mopts.tree = tree;
	mopts.jobs = jobs;
	e->opts = &mopts;
	e->plan.tree = tree;
	pstep = (struct plan_step){ .step = &test_step };
	e->plan.steps = &pstep;
	e->plan.nr = 1;
	ck_assert_int_eq(working_set_load(e), 0);
	e->patch = patch;
}

static void unload(struct engine *e)
{
	for (size_t i = 0; i < e->nr; i++) {
		free(e->files[i].path);
		free(e->files[i].subsystem);
		strbuf_release(&e->files[i].original);
		strbuf_release(&e->files[i].current);
		strbuf_release(&e->files[i].written);
	}
	free(e->files);
	engine_clear_tasks(e);
	free(e->tasks);
	include_graph_release(&e->includes);
	strvec_clear(&e->class_objects);
	strvec_clear(&e->class_homes);
}

/*
 * Group the files (space-separated, sorted) and return the tasks, one per
 * line, a task's groups separated by " | ".
 */
static char *tasks_for(struct engine *e, const char *files)
{
	struct strvec step_files = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;
	char *copy = xstrdup(files), *save, *f;

	for (f = strtok_r(copy, " ", &save); f; f = strtok_r(NULL, " ", &save)) {
		ck_assert_msg(engine_find_file(e, f) != NULL, "%s is not in the working set", f);
		strvec_push(&step_files, f);
	}
	free(copy);
	group_build_tasks(e, 0, &step_files);
	for (size_t t = 0; t < e->nr_tasks; t++) {
		for (size_t i = 0; i < e->tasks[t].files.nr; i++) {
			const char *name = e->tasks[t].files.v[i];

			strbuf_addstr(&sb, !i ? "" : *name ? " " : " |");
			strbuf_addstr(&sb, name);
		}
		strbuf_addch(&sb, '\n');
	}
	strvec_clear(&step_files);
	return strbuf_detach(&sb, NULL);
}

static void expect_tasks(struct engine *e, const char *files, const char *want)
{
	char *got = tasks_for(e, files);

	ck_assert_msg(!strcmp(got, want), "tasks:\n%s\nwant:\n%s", got, want);
	free(got);
}

#define CLASS_FILES "drivers/hid/hid-input.c drivers/input/evdev.c drivers/input/input.c " \
	"drivers/misc/decoy.c drivers/misc/other.c include/linux/input.h"

START_TEST(working_set_finds_classes_and_subsystems)
{
	struct engine e;
	char *stateless = path_join(tree, "stateless.cocci");

	load(&e, 1, stateless);
	ck_assert_uint_eq(e.class_objects.nr, 3);
	ck_assert_str_eq(e.class_objects.v[0], "input_class");
	ck_assert_str_eq(e.class_objects.v[1], "my_input_classes");
	ck_assert_str_eq(e.class_objects.v[2], "other_class");
	ck_assert_str_eq(engine_find_file(&e, "include/linux/input.h")->subsystem, "input");
	ck_assert_str_eq(engine_find_file(&e, "include/linux/hwmon.h")->subsystem, "hwmon");
	ck_assert_str_eq(engine_find_file(&e, "drivers/i2c/chips/eeprom.c")->subsystem, "i2c");
	ck_assert_str_eq(engine_find_file(&e, "drivers/hid/hid-input.c")->subsystem, "hid");
	ck_assert_ptr_nonnull(engine_find_file(&e, "drivers/hid/hid-input.c"));
	unload(&e);
	free(stateless);
}
END_TEST

/*
 * class: a class's definition, its extern and its users in one group, a
 * file that names no class of another (decoy's name only contains
 * input_class) alone, each with the step's headers it includes (evdev.c
 * with input.h, not joined to input_class's group through it).  One task per group, in group order, each with its
 * cost (the pool starts the largest first): other.c is longer than decoy.c.
 */
START_TEST(class_groups_one_task_each)
{
	struct engine e;
	char *stateless = path_join(tree, "stateless.cocci");

	test_step.group = MANIFEST_GROUP_CLASS;
	test_step.follow = class_objects;
	load(&e, 1, stateless);
	expect_tasks(&e, CLASS_FILES,
		     "drivers/hid/hid-input.c drivers/input/input.c include/linux/input.h\n"
		     "drivers/input/evdev.c include/linux/input.h\n"
		     "drivers/misc/decoy.c\n"
		     "drivers/misc/other.c\n");
	ck_assert_uint_eq(e.groups, 4);
	ck_assert_uint_eq(e.largest_group, 3);
	ck_assert_uint_gt(e.tasks[0].cost, e.tasks[1].cost);
	ck_assert_uint_gt(e.tasks[3].cost, e.tasks[2].cost);
	unload(&e);
	free(stateless);
}
END_TEST

/* A patch with script rules: one process per group, in group order. */
START_TEST(script_patch_gets_a_task_per_group)
{
	struct engine e;
	char *script = path_join(tree, "script.cocci");

	test_step.group = MANIFEST_GROUP_CLASS;
	test_step.follow = class_objects;
	load(&e, 1, script);
	expect_tasks(&e, CLASS_FILES,
		     "drivers/hid/hid-input.c drivers/input/input.c include/linux/input.h\n"
		     "drivers/input/evdev.c include/linux/input.h\n"
		     "drivers/misc/decoy.c\n"
		     "drivers/misc/other.c\n");
	unload(&e);
	free(script);
}
END_TEST

/*
 * file: each .c file with the step headers it reaches (adm.c includes
 * nothing); a header that several files include joins none of them
 * (eeprom.c in i2c stays apart from hwmon's files).  Without trigger
 * tokens nothing names a callback: every file is a group of its own,
 * and hwmon.h, which three groups reached, is matched once.
 */
#define GROUP_FILES "drivers/hwmon/adm.c drivers/hwmon/hwmon.c drivers/hwmon/lm75.c " \
	"drivers/i2c/chips/eeprom.c include/linux/hwmon.h sound/core/sound.c sound/core/timer.c"

START_TEST(file_groups)
{
	struct engine e;
	char *script = path_join(tree, "script.cocci");

	test_step.group = MANIFEST_GROUP_FILE;
	load(&e, 1, script);
	expect_tasks(&e, GROUP_FILES,
		     "drivers/hwmon/adm.c\n"
		     "drivers/hwmon/hwmon.c\n"
		     "include/linux/hwmon.h\n"
		     "drivers/hwmon/lm75.c\n"
		     "drivers/i2c/chips/eeprom.c\n"
		     "sound/core/sound.c\n"
		     "sound/core/timer.c\n");
	unload(&e);
	free(script);
}
END_TEST

/*
 * file: the files of a group stay together only where one declares a
 * name the rules carry and the other has it as a word: a show/store
 * callback (scale_show: its definition in scale-core.c, its prototype in
 * scale.h, its caller scale-log.c) or a struct with a struct class member
 * (scale_class, initialized in scale-init.c).  scale-other.c uses none of
 * them: it is matched apart from scale.h, and scale.h once.
 */
START_TEST(file_groups_keep_what_the_rules_carry)
{
	static const char *const triggers[] = { "class_device", NULL };
	struct engine e;
	char *script = path_join(tree, "script.cocci");

	test_step.group = MANIFEST_GROUP_FILE;
	test_step.triggers = triggers;
	load(&e, 1, script);
	expect_tasks(&e, "drivers/scale/scale-core.c drivers/scale/scale-init.c "
		     "drivers/scale/scale-log.c drivers/scale/scale-other.c include/linux/scale.h",
		     "drivers/scale/scale-core.c include/linux/scale.h\n"
		     "drivers/scale/scale-init.c include/linux/scale.h\n"
		     "drivers/scale/scale-core.c drivers/scale/scale-log.c include/linux/scale.h\n"
		     "drivers/scale/scale-other.c\n"
		     "include/linux/scale.h\n");
	unload(&e);
	free(script);
}
END_TEST

/*
 * subsystem: one group per subsystem, in name order, each with the step's
 * headers its files include (hwmon.h in both); with follow, a class's
 * homes join the group of a subsystem that uses it.
 */
START_TEST(subsystem_groups_and_follow)
{
	struct engine e;
	char *script = path_join(tree, "script.cocci");

	test_step.group = MANIFEST_GROUP_SUBSYSTEM;
	load(&e, 1, script);
	expect_tasks(&e, "drivers/hwmon/hwmon.c drivers/hwmon/lm75.c drivers/i2c/chips/eeprom.c "
		     "include/linux/hwmon.h",
		     "drivers/hwmon/hwmon.c drivers/hwmon/lm75.c include/linux/hwmon.h\n"
		     "drivers/i2c/chips/eeprom.c include/linux/hwmon.h\n");
	engine_clear_tasks(&e);
	expect_tasks(&e, "drivers/hid/hid-input.c drivers/input/evdev.c include/linux/input.h",
		     "drivers/hid/hid-input.c\n"
		     "drivers/input/evdev.c include/linux/input.h\n");
	unload(&e);

	test_step.follow = class_objects;
	load(&e, 1, script);
	expect_tasks(&e, "drivers/hid/hid-input.c drivers/input/evdev.c drivers/input/input.c "
		     "include/linux/input.h",
		     "drivers/hid/hid-input.c drivers/input/input.c include/linux/input.h\n"
		     "drivers/input/evdev.c drivers/input/input.c include/linux/input.h\n");
	unload(&e);
	free(script);
}
END_TEST

/* needs: a group none of whose files holds a needed token is not run. */
START_TEST(needs_drops_groups)
{
	struct engine e;
	char *script = path_join(tree, "script.cocci");

	test_step.group = MANIFEST_GROUP_FILE;
	test_step.needs = needs_interface;
	load(&e, 1, script);
	expect_tasks(&e, GROUP_FILES, "sound/core/timer.c\n");
	ck_assert_uint_eq(e.groups, 1);
	unload(&e);
	free(script);
}
END_TEST

/* Many groups: at most 8 processes, every group in exactly one, whatever -j. */
START_TEST(at_most_eight_batches_whatever_jobs)
{
	struct strbuf files = STRBUF_INIT;
	char *stateless = path_join(tree, "stateless.cocci");
	char *by_jobs[2];

	for (int i = 0; i < 11; i++) {
		char rel[64], text[1024];

		snprintf(rel, sizeof(rel), "drivers/c%02d/c.c", i);
		snprintf(text, sizeof(text), "static struct class c%02d_class;\n%*s\n", i, i * 50, "");
		test_put(tree, rel, text);
		strbuf_addf(&files, "%s%s", i ? " " : "", rel);
	}
	test_step.group = MANIFEST_GROUP_CLASS;
	test_step.follow = class_objects;
	for (int j = 0; j < 2; j++) {
		struct engine e;
		size_t seen[11] = { 0 }, cost = 0, task_cost = 0;

		load(&e, j ? 4 : 1, stateless);
		by_jobs[j] = tasks_for(&e, files.buf);
		ck_assert_uint_eq(e.nr_tasks, 8);
		ck_assert_uint_eq(e.groups, 11);
		for (size_t t = 0; t < e.nr_tasks; t++) {
			for (size_t i = 0; i < e.tasks[t].files.nr; i++) {
				struct strvec one = STRVEC_INIT;
				int n;

				if (!*e.tasks[t].files.v[i])
					continue;
				ck_assert_int_eq(sscanf(e.tasks[t].files.v[i], "drivers/c%d/", &n), 1);
				seen[n]++;
				strvec_push(&one, e.tasks[t].files.v[i]);
				cost += group_cost(&e, &one);
				strvec_clear(&one);
			}
			task_cost += e.tasks[t].cost;
		}
		for (int i = 0; i < 11; i++)
			ck_assert_uint_eq(seen[i], 1);
		ck_assert_uint_eq(task_cost, cost);
		unload(&e);
	}
	/*
	 * Neighbours together, cut where the runs so far reach 1/8, 2/8, ...
	 * of the whole cost; no run is left empty (c09 and c10 one each).
	 */
	ck_assert_str_eq(by_jobs[0],
			 "drivers/c00/c.c | drivers/c01/c.c\ndrivers/c02/c.c\n"
			 "drivers/c03/c.c | drivers/c04/c.c\ndrivers/c05/c.c\n"
			 "drivers/c06/c.c | drivers/c07/c.c\ndrivers/c08/c.c\n"
			 "drivers/c09/c.c\ndrivers/c10/c.c\n");
	ck_assert_str_eq(by_jobs[0], by_jobs[1]);
	free(by_jobs[0]);
	free(by_jobs[1]);
	strbuf_release(&files);
	free(stateless);
}
END_TEST

static void reset_step(void)
{
	test_step.group = MANIFEST_GROUP_SUBSYSTEM;
	test_step.follow = none;
	test_step.needs = none;
	test_step.triggers = none;
	setup();
}

Suite *test_suite(void)
{
	Suite *s = suite_create("group");
	TCase *tc = tcase_create("group");

	tcase_add_checked_fixture(tc, reset_step, teardown);
	tcase_add_test(tc, working_set_finds_classes_and_subsystems);
	tcase_add_test(tc, class_groups_one_task_each);
	tcase_add_test(tc, script_patch_gets_a_task_per_group);
	tcase_add_test(tc, file_groups);
	tcase_add_test(tc, file_groups_keep_what_the_rules_carry);
	tcase_add_test(tc, subsystem_groups_and_follow);
	tcase_add_test(tc, needs_drops_groups);
	tcase_add_test(tc, at_most_eight_batches_whatever_jobs);
	suite_add_tcase(s, tc);
	return s;
}
