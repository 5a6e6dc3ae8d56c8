/*
 * Unit tests of the sysfs prediction (sysfs.h): the sysfs layout before and after, from the text.
 * The snapshot test compares with kernel-snapshots/linux-2.6.15-mini/
 * expected/sysfs.txt, written by hand from the snapshot's code.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/walk.h"
#include "report/sysfs.h"
#include "report/writer.h"
#include "test-lib.h"

static char *tree;

static void setup(void)
{
	tree = test_tmpdir("check_sysfs");
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

static void analyze(const char *root, struct sysfs_report *r)
{
	struct strvec files = STRVEC_INIT;

	ck_assert_int_eq(walk_tree(root, NULL, &files, NULL), 0);
	sysfs_analyze(root, NULL, &files, 2, r);
	strvec_clear(&files);
}

static const struct sysfs_device *device_named(const struct sysfs_report *r, const char *cls, const char *name)
{
	for (size_t i = 0; i < r->nr_devices; i++)
		if (!strcmp(r->classes[r->devices[i].class_index].name, cls) && !strcmp(r->devices[i].name, name))
			return &r->devices[i];
	ck_abort_msg("no device %s/%s", cls, name);
	return NULL;
}

static int has_attr(const struct sysfs_device *d, const char *name)
{
	for (size_t i = 0; i < d->nr_attrs; i++)
		if (!strcmp(d->attrs[i].name, name))
			return 1 + d->attrs[i].clash;
	return 0;
}

START_TEST(snapshot_matches_the_hand_written_expectation)
{
	const char *snap = CDMIGRATE_SRCDIR "/kernel-snapshots/linux-2.6.15-mini";
	char *root, *expected, *actual, *cmd;
	struct sysfs_report r = SYSFS_REPORT_INIT;
	struct stat st;
	FILE *out;
	int rc;

	if (asprintf(&root, "%s/tree", snap) < 0 || asprintf(&expected, "%s/expected/sysfs.txt", snap) < 0)
		ck_abort();
	if (stat(expected, &st) < 0 || stat(root, &st) < 0) {
		fprintf(stderr, "check_sysfs: %s or its tree missing: snapshot comparison skipped\n", expected);
		free(root);
		free(expected);
		return;
	}
	analyze(root, &r);
	if (asprintf(&actual, "%s/sysfs.txt", tree) < 0)
		ck_abort();
	out = fopen(actual, "w");
	ck_assert_ptr_nonnull(out);
	writer_text_sysfs(out, &r);
	fclose(out);
	if (asprintf(&cmd, "diff -u %s %s >&2", expected, actual) < 0)
		ck_abort();
	rc = system(cmd);
	ck_assert_msg(rc == 0, "sysfs section differs from %s (diff above); reproduce: "
		      "cdmigrate report %s | sed -n '/^sysfs:/,/^$/p'", expected, root);
	sysfs_report_release(&r);
	free(cmd);
	free(actual);
	free(root);
	free(expected);
}
END_TEST

START_TEST(devices_parents_names_and_clashes)
{
	struct sysfs_report r = SYSFS_REPORT_INIT;
	const struct sysfs_device *d;

	test_put(tree, "include/linux/device.h", "struct class_device { int x; };\n");
	test_put(tree, "drivers/base/class.c",
		 "struct class *class_create(void *o, const char *name) { struct class *c; c = class_create(o, name); return c; }\n");
	test_put(tree, "drivers/gadget/gadget.c",
		 "#define GADGET_PREFIX \"gadget\"\n"
		 "#define GATTR(n) &class_device_attr_##n\n"
		 "static struct class *gadget_class;\n"
		 "static CLASS_DEVICE_ATTR(uevent, 0444, show_uevent, NULL);\n"
		 "static CLASS_DEVICE_ATTR(speed, 0444, show_speed, NULL);\n"
		 "static struct class_device_attribute *gadget_attrs[] = {\n"
		 "\tGATTR(uevent),\n\tGATTR(speed),\n\tNULL,\n};\n"
		 "struct class_device *gadget_register(struct device *parent, int id)\n"
		 "{\n"
		 "\tstruct class_device *cd;\n"
		 "\tint i;\n"
		 "\n"
		 "\tcd = class_device_create(gadget_class, NULL, 0, parent, GADGET_PREFIX \"%d\", id);\n"
		 "\tfor (i = 0; gadget_attrs[i]; i++)\n"
		 "\t\tclass_device_create_file(cd, gadget_attrs[i]);\n"
		 "\treturn cd;\n"
		 "}\n"
		 "void gadget_virtual(const char *label)\n"
		 "{\n"
		 "\tclass_device_create(gadget_class, NULL, 0, NULL, \"%s\", label);\n"
		 "}\n"
		 "#if 0\n"
		 "void old(void) { class_device_create(gadget_class, NULL, 0, NULL, \"old\"); }\n"
		 "#endif\n"
		 "static int __init gadget_init(void)\n"
		 "{\n"
		 "\tgadget_class = class_create(THIS_MODULE, \"gadget\");\n"
		 "\treturn 0;\n"
		 "}\n");
	test_put(tree, "drivers/gadget/user.c",
		 "struct thing { struct class_device *cd; };\n"
		 "static CLASS_DEVICE_ATTR(color, 0444, show_color, NULL);\n"
		 "int thing_probe(struct device *dev, struct thing *t)\n"
		 "{\n"
		 "\tt->cd = gadget_register(dev, 3);\n"
		 "\treturn class_device_create_file(t->cd, &class_device_attr_color);\n"
		 "}\n");
	test_put(tree, "drivers/odd/odd.c",
		 "static struct class *odd_class;\n"
		 "void odd_init(const char *n) { odd_class = class_create(THIS_MODULE, n); }\n");
	analyze(tree, &r);

	ck_assert_uint_eq(r.nr_classes, 1);
	ck_assert_str_eq(r.classes[0].name, "gadget");
	ck_assert_str_eq(r.classes[0].var, "gadget_class");
	ck_assert_uint_eq(r.nr_devices, 2);

	d = device_named(&r, "gadget", "gadget<N>");
	ck_assert(d->name_predicted);
	ck_assert_int_eq(d->parent_kind, SYSFS_PARENT_DEVICE);
	ck_assert_str_eq(d->parent, "parent");
	ck_assert_str_eq(d->before, "/sys/class/gadget/gadget<N>/");
	ck_assert_str_eq(d->after, "/sys/devices/<path of parent>/gadget<N>");
	ck_assert_str_eq(d->link, "/sys/class/gadget/gadget<N>");
	ck_assert_int_eq(has_attr(d, "uevent"), 2);	/* clashes */
	ck_assert_int_eq(has_attr(d, "speed"), 1);
	ck_assert_int_eq(has_attr(d, "color"), 1);	/* through gadget_register(), from user.c */
	ck_assert_uint_eq(r.clashes, 1);

	d = device_named(&r, "gadget", "<label>");
	ck_assert(!d->name_predicted);
	ck_assert_int_eq(d->parent_kind, SYSFS_PARENT_NONE);
	ck_assert_str_eq(d->after, "/sys/devices/virtual/gadget/<label>");
	ck_assert_uint_eq(d->notes.nr, 1);
	ck_assert_ptr_nonnull(strstr(d->notes.v[0], "run time"));
	ck_assert_uint_eq(r.predicted, 1);

	/* the class named at run time is said, not guessed */
	ck_assert_uint_eq(r.notes.nr, 1);
	ck_assert_ptr_nonnull(strstr(r.notes.v[0], "drivers/odd/odd.c:2:"));
	ck_assert_ptr_nonnull(strstr(r.notes.v[0], "computed at run time"));
	sysfs_report_release(&r);
}
END_TEST

START_TEST(registered_objects_and_interfaces)
{
	struct sysfs_report r = SYSFS_REPORT_INIT;
	const struct sysfs_device *d;

	test_put(tree, "include/linux/port.h", "struct port { int line; struct class_device cdev; };\n"
					       "struct uport { struct port p; };\n");
	test_put(tree, "drivers/port/port.c",
		 "static struct class port_class = {\n\t.name = \"port\",\n};\n"
		 "static struct class_device lone;\n"
		 "int port_register(struct port *port, struct device *dev)\n"
		 "{\n"
		 "\tport->cdev.class = &port_class;\n"
		 "\tport->cdev.dev = dev;\n"
		 "\tsnprintf(port->cdev.class_id, 20, \"port%u\", port->line);\n"
		 "\treturn class_device_register(&port->cdev);\n"
		 "}\n"
		 "int lone_register(void)\n"
		 "{\n"
		 "\tlone.class = &port_class;\n"
		 "\tstrlcpy(lone.class_id, \"lone\", 20);\n"
		 "\treturn class_device_register(&lone);\n"
		 "}\n");
	test_put(tree, "drivers/port/extra.c",
		 "static CLASS_DEVICE_ATTR(baud, 0444, show_baud, NULL);\n"
		 "static CLASS_DEVICE_ATTR(stats, 0444, show_stats, NULL);\n"
		 "extern struct class port_class_unused;\n"
		 "static int extra_add(struct class_device *cd, struct class_interface *i)\n"
		 "{\n"
		 "\treturn class_device_create_file(cd, &class_device_attr_stats);\n"
		 "}\n"
		 "static struct class_interface extra_interface = {\n"
		 "\t.add = extra_add,\n"
		 "};\n"
		 "int uport_probe(struct uport *up)\n"
		 "{\n"
		 "\tclass_device_create(&port_class, &up->p.cdev, 0, NULL, \"sub%d\", 1);\n"
		 "\treturn class_device_create_file(&up->p.cdev, &class_device_attr_baud);\n"
		 "}\n"
		 "int extra_init(void)\n"
		 "{\n"
		 "\textra_interface.class = &port_class;\n"
		 "\treturn class_interface_register(&extra_interface);\n"
		 "}\n");
	analyze(tree, &r);

	ck_assert_uint_eq(r.nr_classes, 1);
	ck_assert_uint_eq(r.nr_devices, 3);
	d = device_named(&r, "port", "port<N>");
	ck_assert_int_eq(d->parent_kind, SYSFS_PARENT_DEVICE);
	ck_assert_str_eq(d->how, "class_device_register(&port->cdev)");
	/* its own (through struct uport.p) and the interface's, for every port device */
	ck_assert_int_eq(has_attr(d, "baud"), 1);
	ck_assert_int_eq(has_attr(d, "stats"), 1);

	d = device_named(&r, "port", "lone");
	ck_assert_int_eq(d->parent_kind, SYSFS_PARENT_NONE);	/* static storage: NULL */
	ck_assert_str_eq(d->after, "/sys/devices/virtual/port/lone");
	ck_assert_int_eq(has_attr(d, "stats"), 1);
	ck_assert_int_eq(has_attr(d, "baud"), 0);

	d = device_named(&r, "port", "sub<N>");
	ck_assert_int_eq(d->parent_kind, SYSFS_PARENT_CLASS_DEVICE);
	ck_assert_str_eq(d->before, "/sys/class/port/port<N>/sub<N>/");
	ck_assert_str_eq(d->after, "/sys/devices/<path of dev>/port<N>/sub<N>");
	ck_assert_str_eq(d->link, "/sys/class/port/sub<N>");
	sysfs_report_release(&r);
}
END_TEST

START_TEST(json_carries_the_same_numbers)
{
	struct sysfs_report r = SYSFS_REPORT_INIT;
	json_t *j;

	test_put(tree, "drivers/a/a.c", "static struct class *a_class;\n"
					"void a(void) { a_class = class_create(THIS_MODULE, \"a\");\n"
					"class_device_create(a_class, NULL, 0, NULL, \"a0\"); }\n");
	analyze(tree, &r);
	j = writer_json_sysfs(&r);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "classes")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "device_kinds")), 1);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(json_object_get(
		json_array_get(json_object_get(j, "class_list"), 0), "devices"), 0), "after")),
		"/sys/devices/virtual/a/a0");
	json_decref(j);
	sysfs_report_release(&r);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("sysfs");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, snapshot_matches_the_hand_written_expectation);
	tcase_add_test(tc, devices_parents_names_and_clashes);
	tcase_add_test(tc, registered_objects_and_interfaces);
	tcase_add_test(tc, json_carries_the_same_numbers);
	suite_add_tcase(s, tc);
	return s;
}
