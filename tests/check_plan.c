/*
 * check_plan: the preconditions read from a driver core (the snapshots'
 * real ones, and device.h texts written here for what the reader must not
 * be fooled by), and the plan made for small trees written here: which
 * files each step gets (the class_device implementation,
 * kernel_is_class_device_core(), only to in-tree steps; the rest of
 * drivers/base/ to the others), run/skip/blocked and why, in tree and out of tree,
 * --step and --subsystem, and the text and JSON printed.
 */
#define _GNU_SOURCE
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "kernel/kernel.h"
#include "plan/plan.h"
#include "test-lib.h"

#define SNAPSHOTS CDMIGRATE_SRCDIR "/kernel-snapshots"

static char *tree;

static void setup(void)
{
	tree = test_tmpdir("check_plan");
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

/* "name=1 name=0 ..." in precondition order. */
static char *presence(const struct plan_precondition *pre)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++)
		strbuf_addf(&sb, "%s%s=%d", i ? " " : "", pre[i].name, pre[i].present);
	return strbuf_detach(&sb, NULL);
}

static void release_pre(struct plan_precondition *pre, char *version)
{
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++)
		free(pre[i].detail);
	free(version);
}

static void expect_pre(const char *root, const char *version, const char *want)
{
	struct plan_precondition pre[PLAN_NR_PRECONDITIONS];
	char *got_version, *got;

	plan_read_preconditions(root, pre, &got_version);
	got = presence(pre);
	ck_assert_msg(!strcmp(got, want), "%s:\n got  %s\n want %s", root, got, want);
	ck_assert_str_eq(got_version, version);
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++) {
		ck_assert_ptr_nonnull(pre[i].detail);
		ck_assert_str_eq(pre[i].since, i < 3 ? "2.6.18" : "2.6.19");
	}
	free(got);
	release_pre(pre, got_version);
}

START_TEST(preconditions_of_the_snapshots)
{
	expect_pre(SNAPSHOTS "/linux-2.6.15-mini/tree", "2.6.15",
		   "device-class=0 device-devt=0 device-create=0 class-dev-attrs=0 null-parent=0 "
		   "device-groups=0 interface-add-dev=0");
	expect_pre(SNAPSHOTS "/linux-2.6.18-mini/tree", "2.6.18",
		   "device-class=1 device-devt=1 device-create=1 class-dev-attrs=0 null-parent=0 "
		   "device-groups=0 interface-add-dev=0");
	expect_pre(SNAPSHOTS "/linux-2.6.22-mini/tree", "2.6.22",
		   "device-class=1 device-devt=1 device-create=1 class-dev-attrs=1 null-parent=1 "
		   "device-groups=1 interface-add-dev=1");
}
END_TEST

/*
 * Look-alikes: struct device_driver's members, a nested struct's, names in
 * comments, class_device_create() and device_create_file() are not what
 * is looked for.
 */
START_TEST(preconditions_are_not_fooled)
{
	test_put(tree, "Makefile", "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 17\n");
	test_put(tree, "include/linux/device.h",
		 "struct device_driver {\n\tstruct class *class;\n\tdev_t devt;\n};\n"
		 "struct device {\n"
		 "\tstruct device *parent;\n"
		 "\t/* struct class *class; comes in 2.6.18 */\n"
		 "\tstruct {\n\t\tint devt;\n\t} inner;\n"
		 "\tvoid (*release)(struct device *dev);\n"
		 "};\n"
		 "struct class {\n\tconst char *name;\n"
		 "\tstruct class_device_attribute *class_dev_attrs;\n"
		 "\tvoid (*dev_release)(struct device *dev);\n};\n"
		 "struct class_interface {\n\tint (*add)(struct class_device *);\n"
		 "\tvoid (*remove_dev)(struct device *, struct class_interface *);\n};\n"
		 "struct class_device *class_device_create(struct class *c, const char *fmt, ...);\n"
		 "int device_create_file(struct device *d, struct device_attribute *a);\n"
		 "/* device_create (struct class *c, ...) comes in 2.6.18 */\n");
	test_put(tree, "drivers/base/core.c", "/* no parent for a parentless device */\n");
	expect_pre(tree, "2.6.17",
		   "device-class=0 device-devt=0 device-create=0 class-dev-attrs=0 null-parent=0 "
		   "device-groups=0 interface-add-dev=0");
}
END_TEST

START_TEST(preconditions_found_and_judged)
{
	struct plan_precondition pre[PLAN_NR_PRECONDITIONS];
	char *version, *got;

	test_put(tree, "Makefile", "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 19\n");
	test_put(tree, "include/linux/device.h",
		 "struct device\n{\n\tstruct class\t*class;\n\tdev_t\t\t\tdevt;\n"
		 "\tstruct attribute_group **groups;\n\tunsigned int bits : 3;\n\tchar name[20];\n};\n"
		 "struct class {\n\tstruct device_attribute *dev_attrs;\n"
		 "\tint (*dev_uevent)(struct device *dev, char **envp);\n"
		 "\tvoid (*dev_release)(struct device *dev);\n};\n"
		 "struct class_interface {\n"
		 "\tint (*add_dev)\t\t(struct device *, struct class_interface *);\n"
		 "\tvoid (*remove_dev)\t(struct device *, struct class_interface *);\n};\n"
		 "extern struct device *device_create (struct class *cls, struct device *parent,\n"
		 "\t\t\t\t     dev_t devt, const char *fmt, ...);\n");
	/* no drivers/base/core.c: null-parent is judged from the version */
	plan_read_preconditions(tree, pre, &version);
	got = presence(pre);
	ck_assert_str_eq(got, "device-class=1 device-devt=1 device-create=1 class-dev-attrs=1 "
			 "null-parent=1 device-groups=1 interface-add-dev=1");
	ck_assert_str_eq(pre[4].detail, "no drivers/base/core.c: judged from version 2.6.19");
	free(got);
	release_pre(pre, version);

	test_put(tree, "Makefile", "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 18\n");
	plan_read_preconditions(tree, pre, &version);
	ck_assert_int_eq(pre[4].present, 0);
	release_pre(pre, version);

	/* nothing at all: everything missing, and said why */
	test_rm_rf(tree);
	ck_assert_int_eq(mkdir(tree, 0755), 0);
	plan_read_preconditions(tree, pre, &version);
	ck_assert_str_eq(version, "unknown");
	for (int i = 0; i < PLAN_NR_PRECONDITIONS; i++)
		ck_assert_int_eq(pre[i].present, 0);
	ck_assert_str_eq(pre[0].detail, "no include/linux/device.h");
	release_pre(pre, version);
}
END_TEST

START_TEST(driver_core_files)
{
	ck_assert(kernel_is_driver_core("drivers/base/core.c"));
	ck_assert(kernel_is_driver_core("drivers/base/power/main.c"));
	ck_assert(kernel_is_driver_core("include/linux/device.h"));
	ck_assert(!kernel_is_driver_core("drivers/basement/x.c"));
	ck_assert(!kernel_is_driver_core("drivers/base"));
	ck_assert(!kernel_is_driver_core("include/linux/device.h.orig"));
	ck_assert(!kernel_is_driver_core("arch/x/include/linux/device.h"));
}
END_TEST

START_TEST(class_device_core_files)
{
	ck_assert(kernel_is_class_device_core("include/linux/device.h"));
	ck_assert(kernel_is_class_device_core("drivers/base/class.c"));
	ck_assert(kernel_is_class_device_core("drivers/base/core.c"));
	ck_assert(kernel_is_class_device_core("drivers/base/base.h"));
	/* drivers/base/ at large uses the API like any driver */
	ck_assert(!kernel_is_class_device_core("drivers/base/attribute_container.c"));
	ck_assert(!kernel_is_class_device_core("drivers/base/firmware_class.c"));
	ck_assert(!kernel_is_class_device_core("drivers/base/power/core.c"));
	ck_assert(!kernel_is_class_device_core("drivers/scsi/core.c"));
	ck_assert(!kernel_is_class_device_core("drivers/base/class.c.orig"));
}
END_TEST

/* A 2.6.15-shaped tree: its core, a class owner, a class_device user, an interface. */
static void write_tree(const char *root)
{
	test_put(root, "Makefile", "VERSION = 2\nPATCHLEVEL = 6\nSUBLEVEL = 15\n");
	test_put(root, "include/linux/device.h",
		 "#include <linux/kobject.h>\n"
		 "struct device { struct device *parent; };\n"
		 "struct class { const char *name; };\n"
		 "struct class_device { struct class *class; };\n"
		 "struct class_interface { int (*add)(struct class_device *); };\n"
		 "int class_register(struct class *c);\n"
		 "struct class_device *class_device_create(struct class *c, const char *fmt, ...);\n");
	test_put(root, "drivers/base/class.c",
		 "#include <linux/device.h>\n"
		 "int class_register(struct class *c) { return 0; }\n"
		 "EXPORT_SYMBOL_GPL(class_register);\n");
	test_put(root, "drivers/base/core.c",
		 "#include <linux/device.h>\nint device_add(struct device *dev) { return 0; }\n");
	test_put(root, "drivers/foo/foo.c",
		 "#include <linux/device.h>\n"
		 "static struct class foo_class = { .name = \"foo\" };\n"
		 "int foo_init(void) { return class_register(&foo_class); }\n");
	test_put(root, "drivers/bar/bar.c",
		 "#include <linux/device.h>\n"
		 "struct class_device *bar_cd;\n");
	test_put(root, "sound/baz/baz.c",
		 "#include <linux/device.h>\n"
		 "struct class_interface baz_interface;\n"
		 "struct class_device *baz_cd;\n");
	test_put(root, "drivers/none/none.c", "int none;\n");
}

static const struct plan_step *step(const struct plan *p, unsigned order)
{
	for (size_t i = 0; i < p->nr; i++)
		if (p->steps[i].step->order == order)
			return &p->steps[i];
	ck_abort_msg("no step %u in the plan", order);
	return NULL;
}

static char *files_of(const struct plan_step *s)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < s->files.nr; i++)
		strbuf_addf(&sb, "%s%s", i ? " " : "", s->files.v[i]);
	strbuf_addstr(&sb, " |");
	for (size_t i = 0; i < s->subsystems.nr; i++)
		strbuf_addf(&sb, " %s", s->subsystems.v[i]);
	return strbuf_detach(&sb, NULL);
}

static void expect_step(const struct plan *p, unsigned order, enum plan_action action,
			const char *files, const char *why)
{
	const struct plan_step *s = step(p, order);
	char *got = files_of(s);

	ck_assert_msg(s->action == action, "step %u: %s (%s), want %s", order,
		      plan_action_name(s->action), s->why ? s->why : "", plan_action_name(action));
	ck_assert_msg(!strcmp(got, files), "step %u files:\n got  %s\n want %s", order, got, files);
	if (why)
		ck_assert_msg(s->why && strstr(s->why, why), "step %u why: %s", order,
			      s->why ? s->why : "(none)");
	else
		ck_assert_msg(s->why == NULL, "step %u why: %s", order, s->why);
	free(got);
}

START_TEST(plan_in_tree)
{
	struct plan_options o = { 0 };
	struct plan p;
	char *slashed = xstrfmt("%s//", tree);

	write_tree(tree);
	o.tree = slashed;
	o.jobs = 2;
	ck_assert_int_eq(plan_make(&o, &p), 0);
	ck_assert_str_eq(p.tree, tree);
	ck_assert_int_eq(p.out_of_tree, 0);
	ck_assert_str_eq(p.kernel_version, "2.6.15");
	expect_step(&p, 10, PLAN_RUN, "drivers/foo/foo.c | foo", NULL);
	expect_step(&p, 20, PLAN_RUN, "drivers/base/class.c | driver-core", NULL);
	expect_step(&p, 30, PLAN_RUN,
		    "drivers/base/class.c drivers/base/core.c include/linux/device.h | driver-core",
		    "it adds the 2.6.18 parts: device-class, device-devt, device-create; "
		    "it adds the 2.6.19 parts: class-dev-attrs, null-parent, device-groups, "
		    "interface-add-dev");
	expect_step(&p, 40, PLAN_RUN, "drivers/bar/bar.c sound/baz/baz.c | bar sound", NULL);
	expect_step(&p, 50, PLAN_RUN, "drivers/foo/foo.c sound/baz/baz.c | foo sound", NULL);
	plan_release(&p);
	free(slashed);
}
END_TEST

/* Step 30 says, by release, what it adds and what it leaves. */
START_TEST(core_step_by_release)
{
	struct plan_options o = { 0 };
	struct plan p;

	o.jobs = 2;
	o.tree = SNAPSHOTS "/linux-2.6.18-mini/tree";
	ck_assert_int_eq(plan_make(&o, &p), 0);
	ck_assert_str_eq(step(&p, 30)->why,
			 "the 2.6.18 prerequisites are present (device-class, device-devt, "
			 "device-create) and are not added again; it adds only the 2.6.19 parts: "
			 "class-dev-attrs, null-parent, device-groups, interface-add-dev");
	ck_assert_int_eq(step(&p, 30)->action, PLAN_RUN);
	plan_release(&p);

	o.tree = SNAPSHOTS "/linux-2.6.22-mini/tree";
	ck_assert_int_eq(plan_make(&o, &p), 0);
	ck_assert_int_eq(step(&p, 30)->action, PLAN_SKIP);
	ck_assert_str_eq(step(&p, 30)->why, "the driver core already has every precondition "
			 "(2.6.18 and 2.6.19): nothing to add");
	plan_release(&p);
}
END_TEST

START_TEST(plan_step_and_subsystem)
{
	struct plan_options o = { 0 };
	struct plan p;

	write_tree(tree);
	o.tree = tree;
	o.jobs = 1;
	o.only_step = "40";
	o.only_subsystem = "sound";
	ck_assert_int_eq(plan_make(&o, &p), 0);
	expect_step(&p, 40, PLAN_RUN, "sound/baz/baz.c | sound", NULL);
	expect_step(&p, 10, PLAN_SKIP, " |", "not selected (--step 40)");
	expect_step(&p, 50, PLAN_SKIP, "sound/baz/baz.c | sound", "not selected (--step 40)");
	plan_release(&p);

	o.only_step = "45";
	ck_assert_int_eq(plan_make(&o, &p), -1);
	plan_release(&p);
}
END_TEST

START_TEST(plan_out_of_tree)
{
	struct plan_options o = { 0 };
	struct plan p;
	char *driver = path_join(tree, "vendor");
	const char *kernel18 = SNAPSHOTS "/linux-2.6.18-mini/tree";

	test_put(driver, "vendor_main.c",
		 "#include <linux/device.h>\n"
		 "static struct class vendor_class = { .name = \"vendor\" };\n"
		 "struct class_device *vendor_cd;\n"
		 "struct class_interface vendor_interface;\n");
	o.tree = driver;
	o.kernel = kernel18;
	o.jobs = 1;
	ck_assert_int_eq(plan_make(&o, &p), 0);
	ck_assert_int_eq(p.out_of_tree, 1);
	ck_assert_str_eq(p.kernel_version, "2.6.18");
	expect_step(&p, 10, PLAN_RUN, "vendor_main.c | vendor", NULL);
	expect_step(&p, 30, PLAN_SKIP, " |", "out of tree: the driver core is the kernel's");
	expect_step(&p, 40, PLAN_BLOCKED, "vendor_main.c | vendor",
		    "lacks class-dev-attrs: migrate the kernel first (its step 30)");
	expect_step(&p, 50, PLAN_RUN, "vendor_main.c | vendor", NULL);
	plan_release(&p);

	/* the callbacks variant needs add_dev, which 2.6.18 lacks */
	o.variant = "callbacks";
	ck_assert_int_eq(plan_make(&o, &p), 0);
	expect_step(&p, 50, PLAN_BLOCKED, "vendor_main.c | vendor",
		    "lacks interface-add-dev, which --interface=callbacks needs");
	plan_release(&p);
	free(driver);
}
END_TEST

START_TEST(printed_text_and_json)
{
	struct plan_options o = { 0 };
	struct plan p;
	char *text = NULL, *json = NULL;
	size_t len;
	FILE *f;
	json_t *j, *steps;

	write_tree(tree);
	o.tree = tree;
	o.jobs = 1;
	ck_assert_int_eq(plan_make(&o, &p), 0);
	f = open_memstream(&text, &len);
	plan_print_text(f, &p);
	fclose(f);
	ck_assert(starts_with(text, "plan for "));
	ck_assert_ptr_nonnull(strstr(text, " (in tree, kernel 2.6.15)\npreconditions:\n"
				       "  device-class      missing  2.6.18  struct device has no 'class' member\n"));
	ck_assert_ptr_nonnull(strstr(text, "\nstep 10 class-create: run: 1 files in 1 subsystems\n"
				       "  drivers/foo/foo.c\nstep 20 "));
	f = open_memstream(&json, &len);
	plan_print_json(f, &p);
	fclose(f);
	j = json_loads(json, 0, NULL);
	ck_assert_ptr_nonnull(j);
	ck_assert_int_eq(json_is_false(json_object_get(j, "out_of_tree")), 1);
	ck_assert_uint_eq(json_array_size(json_object_get(j, "preconditions")), PLAN_NR_PRECONDITIONS);
	steps = json_object_get(j, "steps");
	ck_assert_uint_eq(json_array_size(steps), p.nr);
	for (size_t i = 0; i < p.nr; i++) {
		json_t *s = json_array_get(steps, i);

		ck_assert_int_eq(json_integer_value(json_object_get(s, "order")), p.steps[i].step->order);
		ck_assert_str_eq(json_string_value(json_object_get(s, "action")),
				 plan_action_name(p.steps[i].action));
		ck_assert_uint_eq(json_array_size(json_object_get(s, "files")), p.steps[i].files.nr);
		ck_assert_int_eq(json_is_null(json_object_get(s, "why")), p.steps[i].why == NULL);
	}
	json_decref(j);
	free(text);
	free(json);
	plan_release(&p);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("plan");
	TCase *pre = tcase_create("preconditions");
	TCase *tc = tcase_create("plan");

	tcase_add_checked_fixture(pre, setup, teardown);
	tcase_add_test(pre, preconditions_of_the_snapshots);
	tcase_add_test(pre, preconditions_are_not_fooled);
	tcase_add_test(pre, preconditions_found_and_judged);
	tcase_add_test(pre, driver_core_files);
	tcase_add_test(pre, class_device_core_files);
	suite_add_tcase(s, pre);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, plan_in_tree);
	tcase_add_test(tc, core_step_by_release);
	tcase_add_test(tc, plan_step_and_subsystem);
	tcase_add_test(tc, plan_out_of_tree);
	tcase_add_test(tc, printed_text_and_json);
	suite_add_tcase(s, tc);
	return s;
}
