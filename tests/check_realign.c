/*
 * check_realign: continuation lines follow their parenthesis after a
 * rename, and nothing else moves.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "lex/realign.h"
#include "test-lib.h"

/*
 * realign `after` against `before`; returns the new text (static buffer).
 * Every case checks the promise too: a second run changes nothing.
 */
static const char *run(const char *before, const char *after, size_t *moved)
{
	static struct strbuf sb = STRBUF_INIT;
	struct strbuf again = STRBUF_INIT;

	strbuf_reset(&sb);
	strbuf_addstr(&sb, after);
	*moved = realign_continuations(before, strlen(before), &sb);
	strbuf_addstr(&again, sb.buf);
	ck_assert_uint_eq(realign_continuations(before, strlen(before), &again), 0);
	ck_assert_str_eq(again.buf, sb.buf);
	strbuf_release(&again);
	return sb.buf;
}

START_TEST(call_renamed)
{
	const char *before =
		"\trc = class_device_create_file(led_cdev->class_dev,\n"
		"\t\t\t\t      &class_device_attr_brightness);\n";
	const char *after =
		"\trc = device_create_file(led_cdev->class_dev,\n"
		"\t\t\t\t      &dev_attr_brightness);\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "\trc = device_create_file(led_cdev->class_dev,\n"
			 "\t\t\t\t&dev_attr_brightness);\n");
	ck_assert_uint_eq(moved, 1);
}
END_TEST

START_TEST(macro_use_renamed)
{
	const char *before =
		"static CLASS_DEVICE_ATTR(brightness, 0644, led_brightness_show,\n"
		"\t\t\t led_brightness_store);\n";
	const char *after =
		"static DEVICE_ATTR(brightness, 0644, led_brightness_show,\n"
		"\t\t\t led_brightness_store);\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "static DEVICE_ATTR(brightness, 0644, led_brightness_show,\n"
			 "\t\t   led_brightness_store);\n");
	ck_assert_uint_eq(moved, 1);
}
END_TEST

START_TEST(several_lines_until_the_parenthesis_closes)
{
	const char *before =
		"\tx = class_device_create(cls, NULL, devt, dev,\n"
		"\t\t\t\t\"%s\", name);\n"
		"\tfoo(a,\n"
		"\t    b);\n";
	const char *after =
		"\tx = device_create(cls, dev, devt,\n"
		"\t\t\t\t\"%s\", name);\n"
		"\tfoo(a,\n"
		"\t    b);\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "\tx = device_create(cls, dev, devt,\n"
			 "\t\t\t  \"%s\", name);\n"
			 "\tfoo(a,\n"
			 "\t    b);\n");
	ck_assert_uint_eq(moved, 1);
}
END_TEST

START_TEST(tab_only_continuation_is_a_style)
{
	const char *before =
		"\trc = class_device_create_file(cd,\n"
		"\t\t&class_device_attr_x);\n";
	const char *after =
		"\trc = device_create_file(cd,\n"
		"\t\t&dev_attr_x);\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved), after);
	ck_assert_uint_eq(moved, 0);
}
END_TEST

START_TEST(unchanged_lines_and_idempotence)
{
	/* an unchanged call keeps its (odd) alignment; a second run is a no-op */
	const char *text =
		"\tfoo(a,\n"
		"\t      b);\n"
		"\tbar(c,\n"
		"\t    d);\n";
	const char *before =
		"\trc = class_device_create_file(led_cdev->class_dev,\n"
		"\t\t\t\t      &class_device_attr_brightness);\n";
	const char *after =
		"\trc = device_create_file(led_cdev->class_dev,\n"
		"\t\t\t\t      &dev_attr_brightness);\n";
	char *once;
	size_t moved;

	ck_assert_str_eq(run(text, text, &moved), text);
	ck_assert_uint_eq(moved, 0);
	once = strdup(run(before, after, &moved));
	ck_assert_str_eq(run(before, once, &moved), once);
	ck_assert_uint_eq(moved, 0);
	free(once);
}
END_TEST

START_TEST(parentheses_in_comments_and_strings_do_not_count)
{
	const char *before =
		"\tprintk(\"(%s\", class_device_name(cd), /* ( */\n"
		"\t       x);\n";
	const char *after =
		"\tprintk(\"(%s\", dev_name(cd), /* ( */\n"
		"\t       x);\n";
	size_t moved;

	/* printk's parenthesis did not move: the line stays */
	ck_assert_str_eq(run(before, after, &moved), after);
	ck_assert_uint_eq(moved, 0);
}
END_TEST

START_TEST(inner_parenthesis_and_nested_continuation)
{
	const char *before =
		"\tret = foo(bar, class_device_register(&x->cdev,\n"
		"\t\t\t\t\t     y(z,\n"
		"\t\t\t\t\t\t    w)));\n";
	const char *after =
		"\tret = foo(bar, device_register(&x->cdev,\n"
		"\t\t\t\t\t     y(z,\n"
		"\t\t\t\t\t\t    w)));\n";
	size_t moved;

	/* the first continuation follows; the one inside y( is left: it may
	 * align to anything once an inner parenthesis opens */
	ck_assert_str_eq(run(before, after, &moved),
			 "\tret = foo(bar, device_register(&x->cdev,\n"
			 "\t\t\t\t       y(z,\n"
			 "\t\t\t\t\t\t    w)));\n");
	ck_assert_uint_eq(moved, 1);
}
END_TEST

START_TEST(moved_line_opening_a_parenthesis_opens_no_chain)
{
	/*
	 * fuzz/regressions/realign/not-idempotent: the continuation line
	 * moved after the rename opens container_of(; its own continuation
	 * is left, on the first run as on the second (which used to take the
	 * moved line as a changed one and move the next line too).
	 */
	const char *before =
		"\trc = class_device_create(foo, bar,\n"
		"\t\t\t\t container_of(x,\n"
		"\t\t\t\t\t      struct y, z));\n";
	const char *after =
		"\trc = device_create(foo, bar,\n"
		"\t\t\t\t container_of(x,\n"
		"\t\t\t\t\t      struct y, z));\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "\trc = device_create(foo, bar,\n"
			 "\t\t\t   container_of(x,\n"
			 "\t\t\t\t\t      struct y, z));\n");
	ck_assert_uint_eq(moved, 1);
}
END_TEST

START_TEST(renamed_continuation_opens_a_chain_where_it_moved)
{
	/*
	 * The continuation line was renamed too: its own continuation follows
	 * its parenthesis where it is written, after its move.
	 */
	const char *before =
		"\trc = class_device_create(foo,\n"
		"\t\t\t\t class_get_devdata(x,\n"
		"\t\t\t\t\t\t   y));\n";
	const char *after =
		"\trc = device_create(foo,\n"
		"\t\t\t\t dev_get_drvdata(x,\n"
		"\t\t\t\t\t\t   y));\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "\trc = device_create(foo,\n"
			 "\t\t\t   dev_get_drvdata(x,\n"
			 "\t\t\t\t\t   y));\n");
	ck_assert_uint_eq(moved, 2);
}
END_TEST

START_TEST(no_trailing_newline_and_preprocessor)
{
	const char *before =
		"#define A class_device_x(a,\n"
		"\t\t       b)\n"
		"\tclass_device_del(a,\n"
		"\t\t\t b)";
	const char *after =
		"#define A dev_x(a,\n"
		"\t\t       b)\n"
		"\tdevice_del(a,\n"
		"\t\t\t b)";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "#define A dev_x(a,\n"
			 "\t\t       b)\n"
			 "\tdevice_del(a,\n"
			 "\t\t   b)");
	ck_assert_uint_eq(moved, 1);
}
END_TEST

START_TEST(renamed_field_keeps_the_table_aligned)
{
	const char *before =
		"static struct class_interface sg_interface = {\n"
		"\t.add\t\t= sg_add,\n"
		"\t.remove\t\t= sg_remove,\n"
		"\t.class\t\t= &sg_class,\n"
		"};\n";
	const char *after =
		"static struct class_interface sg_interface = {\n"
		"\t.add_dev\t\t= sg_add,\n"
		"\t.remove_dev\t\t= sg_remove,\n"
		"\t.class\t\t= &sg_class,\n"
		"};\n";
	size_t moved;

	/* both take the '=' column of .class, the unchanged field (24) */
	ck_assert_str_eq(run(before, after, &moved),
			 "static struct class_interface sg_interface = {\n"
			 "\t.add_dev\t= sg_add,\n"
			 "\t.remove_dev\t= sg_remove,\n"
			 "\t.class\t\t= &sg_class,\n"
			 "};\n");
	ck_assert_uint_eq(moved, 2);
}
END_TEST

START_TEST(whole_table_renamed_keeps_its_old_column)
{
	const char *before =
		"static struct class_interface sg_interface = {\n"
		"\t.add\t\t= sg_add,\n"
		"\t.remove\t\t= sg_remove,\n"
		"};\n";
	const char *after =
		"static struct class_interface sg_interface = {\n"
		"\t.add_dev\t\t= sg_add,\n"
		"\t.remove_dev\t\t= sg_remove,\n"
		"};\n";
	size_t moved;

	ck_assert_str_eq(run(before, after, &moved),
			 "static struct class_interface sg_interface = {\n"
			 "\t.add_dev\t= sg_add,\n"
			 "\t.remove_dev\t= sg_remove,\n"
			 "};\n");
	ck_assert_uint_eq(moved, 2);
}
END_TEST

/* realign_fit_width(), realign_pointer_spacing() or realign_member_columns(), and its promise: a second run changes nothing. */
static const char *run_pass(size_t (*pass)(const char *, size_t, struct strbuf *),
			    const char *before, const char *after, size_t *changed)
{
	static struct strbuf sb = STRBUF_INIT;
	struct strbuf again = STRBUF_INIT;

	strbuf_reset(&sb);
	strbuf_addstr(&sb, after);
	*changed = pass(before, strlen(before), &sb);
	strbuf_addstr(&again, sb.buf);
	ck_assert_uint_eq(pass(before, strlen(before), &again), 0);
	ck_assert_str_eq(again.buf, sb.buf);
	strbuf_release(&again);
	return sb.buf;
}

START_TEST(realigned_past_80_columns_goes_back)
{
	/* spatch re-aligned the call whose first argument it changed */
	const char *before =
		"\tcdev = class_device_create(&input_class, &dev->cdev,\n"
		"\t\t\tMKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + minor),\n"
		"\t\t\tdev->cdev.dev, \"mouse%d\", minor);\n";
	const char *after =
		"\tcdev = class_device_create(input_class, &dev->cdev,\n"
		"\t\t\t\t   MKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + minor),\n"
		"\t\t\t\t   dev->cdev.dev, \"mouse%d\", minor);\n";
	/* fits: kept as aligned */
	const char *fits =
		"\tcdev = class_device_create(input_class, &dev->cdev,\n"
		"\t\t\t\t   MKDEV(INPUT_MAJOR, minor),\n"
		"\t\t\t\t   dev->cdev.dev, \"mouse%d\", minor);\n";
	const char *fits_before =
		"\tcdev = class_device_create(&input_class, &dev->cdev,\n"
		"\t\t\tMKDEV(INPUT_MAJOR, minor),\n"
		"\t\t\tdev->cdev.dev, \"mouse%d\", minor);\n";
	/* a new line too wide everywhere is left */
	const char *grown_before = "\tx = f(a,\n\t      b);\n";
	const char *grown = "\tx = f(a,\n\t      b_with_a_much_longer_name_that_runs_past_the_eightieth_column_of_it_xx);\n";
	size_t n;

	ck_assert_str_eq(run_pass(realign_fit_width, before, after, &n),
			 "\tcdev = class_device_create(input_class, &dev->cdev,\n"
			 "\t\t\tMKDEV(INPUT_MAJOR, MOUSEDEV_MINOR_BASE + minor),\n"
			 "\t\t\tdev->cdev.dev, \"mouse%d\", minor);\n");
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(run_pass(realign_fit_width, fits_before, fits, &n), fits);
	ck_assert_uint_eq(n, 0);
	/* a new line too wide moves left to a tab stop where it fits */
	const char *param_before =
		"static int __devinit pcmcia_bus_add_socket(struct class_device *class_dev,\n"
		"\t\t\t\t\t   struct class_interface *intf)\n";
	const char *param =
		"static int __devinit pcmcia_bus_add_socket(struct device *class_dev,\n"
		"\t\t\t\t\t   struct pcmcia_socket_bus_driver *intf)\n";

	ck_assert_str_eq(run_pass(realign_fit_width, grown_before, grown, &n), grown);
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(run_pass(realign_fit_width, param_before, param, &n),
			 "static int __devinit pcmcia_bus_add_socket(struct device *class_dev,\n"
			 "\t\t\t\t\tstruct pcmcia_socket_bus_driver *intf)\n");
	ck_assert_uint_eq(n, 1);
	/*
	 * In a macro's body (v2.6.16 input.c, INPUT_DEV_CAP_ATTR) the
	 * parameter that is too wide moves left and the one below it, which
	 * fitted, goes with it.
	 */
	const char *macro_before =
		"#define INPUT_DEV_CAP_ATTR(ev, bm)\t\t\t\t\t\t\\\n"
		"static ssize_t input_dev_show_cap_##bm(struct class_device *dev, char *buf)\t\\\n"
		"{\t\t\t\t\t\t\t\t\t\\\n";
	const char *macro =
		"#define INPUT_DEV_CAP_ATTR(ev, bm)\t\t\t\t\t\t\\\n"
		"static ssize_t input_dev_show_cap_##bm(struct device *dev,\t\t\\\n"
		"\t\t\t\t       struct device_attribute *attr,\t\t\\\n"
		"\t\t\t\t       char *buf)\t\t\t\\\n"
		"{\t\t\t\t\t\t\t\t\t\\\n";

	ck_assert_str_eq(run_pass(realign_fit_width, macro_before, macro, &n),
			 "#define INPUT_DEV_CAP_ATTR(ev, bm)\t\t\t\t\t\t\\\n"
			 "static ssize_t input_dev_show_cap_##bm(struct device *dev,\t\t\\\n"
			 "\t\t\t\tstruct device_attribute *attr,\t\t\\\n"
			 "\t\t\t\tchar *buf)\t\t\t\\\n"
			 "{\t\t\t\t\t\t\t\t\t\\\n");
	ck_assert_uint_eq(n, 2);
	/* lines aligned at another column, or with nothing too wide, stay */
	ck_assert_str_eq(run_pass(realign_fit_width, fits_before, fits, &n), fits);
}
END_TEST

START_TEST(retyped_member_keeps_its_column)
{
	/* v2.6.16 include/linux/mmc/host.h: the name stays at column 32 */
	const char *before =
		"struct mmc_host {\n"
		"\tstruct device\t\t*dev;\n"
		"\tstruct class_device\tclass_dev;\n"
		"\tint\t\t\tindex;\n"
		"};\n";
	const char *after =
		"struct mmc_host {\n"
		"\tstruct device\t\t*dev;\n"
		"\tstruct device\tclass_dev;\n"
		"\tint\t\t\tindex;\n"
		"};\n";
	/* a neighbour column left of the new type, and a statement: left */
	const char *narrow_before = "struct c {\n\tint\t\tid;\n\tunsigned long\thz;\n};\n";
	const char *narrow = "struct c {\n\tint\t\tid;\n\tunsigned long\thz;\n\tstruct device\tdev;\n};\n";
	const char *statement_before = "f()\n{\n\treturn\tx;\n\tint\t\ta;\n}\n";
	const char *statement = "f()\n{\n\treturn\ty;\n\tint\t\ta;\n}\n";
	size_t n;

	ck_assert_str_eq(run_pass(realign_member_columns, before, after, &n),
			 "struct mmc_host {\n"
			 "\tstruct device\t\t*dev;\n"
			 "\tstruct device\t\tclass_dev;\n"
			 "\tint\t\t\tindex;\n"
			 "};\n");
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(run_pass(realign_member_columns, narrow_before, narrow, &n), narrow);
	ck_assert_uint_eq(n, 0);
	ck_assert_str_eq(run_pass(realign_member_columns, statement_before, statement, &n), statement);
	ck_assert_uint_eq(n, 0);
}
END_TEST

START_TEST(struct_pointers_the_kernel_way)
{
	const char *before = "int unchanged_line;\nstatic int g(struct class_device * cd);\n";
	const char *after =
		"int unchanged_line;\n"
		"static int g(struct class_device * cd);\n"
		"static ssize_t f(struct device * cd, struct device_attribute* attr,\n"
		"\tstruct device\t\t*parent;\n"
		"\tstruct device* d = x; /* struct a * b */\n"
		"\ts = \"struct a * b\";\n"
		"\tp = (struct foo *) q;\n"
		"#define X(d) ((struct device * ) d)\n";
	size_t n;

	ck_assert_str_eq(run_pass(realign_pointer_spacing, before, after, &n),
			 "int unchanged_line;\n"
			 "static int g(struct class_device * cd);\n"
			 "static ssize_t f(struct device *cd, struct device_attribute *attr,\n"
			 "\tstruct device\t\t*parent;\n"
			 "\tstruct device *d = x; /* struct a * b */\n"
			 "\ts = \"struct a * b\";\n"
			 "\tp = (struct foo *) q;\n"
			 "#define X(d) ((struct device * ) d)\n");
	ck_assert_uint_eq(n, 2);
}
END_TEST

START_TEST(indentation_with_tabs)
{
	const char *before =
		"        struct pci_bus *bus = to_pci_bus(container_of(kobj,\n"
		"                                                      struct class_device,\n"
		"\t\t\t\t\t\t      kobj));\n";
	const char *after =
		"        struct pci_bus *bus = to_pci_bus(container_of(kobj,\n"
		"                                                      struct device,\n"
		"                                                      kobj));\n"
		"  \tx = 1;\n";
	size_t n;

	/* the unchanged first line keeps its spaces: it is the tree's */
	ck_assert_str_eq(run_pass(realign_indent_tabs, before, after, &n),
			 "        struct pci_bus *bus = to_pci_bus(container_of(kobj,\n"
			 "\t\t\t\t\t\t      struct device,\n"
			 "\t\t\t\t\t\t      kobj));\n"
			 "\tx = 1;\n");
	ck_assert_uint_eq(n, 3);
}
END_TEST

START_TEST(wrapped_where_the_kernel_would)
{
	const char *before = "int unchanged;\n";
	const char *after =
		"int unchanged;\n"
		"\t\tdev_printk(KERN_ERR, rc->cdev.parent, \"RAID COMPONENT REMOVE, %s\\n\", x);\n"
		"\tif ((raw1394_cdev = device_create(hpsb_protocol_class, NULL, MKDEV(IEEE1394_MAJOR, 16), \"raw1394\"))) {\n"
		"static struct device_attribute *class_attr_overridden(struct device_attribute **attrs,\n"
		"\tpr_debug(\"a string that is far too long to fit on one line and cannot be cut: %s\\n\", s);\n"
		"static ssize_t input_dev_show_##name(struct device *dev,\t\t\t\t\\\n";
	size_t n;

	ck_assert_str_eq(run_pass(realign_wrap, before, after, &n),
			 "int unchanged;\n"
			 "\t\tdev_printk(KERN_ERR, rc->cdev.parent,\n"
			 "\t\t\t   \"RAID COMPONENT REMOVE, %s\\n\", x);\n"
			 "\tif ((raw1394_cdev = device_create(hpsb_protocol_class, NULL,\n"
			 "\t\t\t\t\t  MKDEV(IEEE1394_MAJOR, 16),\n"
			 "\t\t\t\t\t  \"raw1394\"))) {\n"
			 "static struct device_attribute *class_attr_overridden(\n"
			 "\t\tstruct device_attribute **attrs,\n"
			 "\tpr_debug(\"a string that is far too long to fit on one line and cannot be cut: %s\\n\", s);\n"
			 "static ssize_t input_dev_show_##name(struct device *dev,\t\t\\\n");
	ck_assert_uint_eq(n, 4);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("realign");
	TCase *tc = tcase_create("realign");

	tcase_add_test(tc, call_renamed);
	tcase_add_test(tc, macro_use_renamed);
	tcase_add_test(tc, several_lines_until_the_parenthesis_closes);
	tcase_add_test(tc, tab_only_continuation_is_a_style);
	tcase_add_test(tc, unchanged_lines_and_idempotence);
	tcase_add_test(tc, parentheses_in_comments_and_strings_do_not_count);
	tcase_add_test(tc, inner_parenthesis_and_nested_continuation);
	tcase_add_test(tc, moved_line_opening_a_parenthesis_opens_no_chain);
	tcase_add_test(tc, renamed_continuation_opens_a_chain_where_it_moved);
	tcase_add_test(tc, no_trailing_newline_and_preprocessor);
	tcase_add_test(tc, renamed_field_keeps_the_table_aligned);
	tcase_add_test(tc, whole_table_renamed_keeps_its_old_column);
	tcase_add_test(tc, realigned_past_80_columns_goes_back);
	tcase_add_test(tc, retyped_member_keeps_its_column);
	tcase_add_test(tc, struct_pointers_the_kernel_way);
	tcase_add_test(tc, indentation_with_tabs);
	tcase_add_test(tc, wrapped_where_the_kernel_would);
	suite_add_tcase(s, tc);
	return s;
}
