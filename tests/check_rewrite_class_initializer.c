/* Unit tests of the step-10 class-initializer pass: reading a struct class
 * initializer and filling the placeholders class-create.cocci leaves.  The
 * pass itself, after the semantic patch, runs in testcases/10-class-create. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite/class-initializer.h"

static char *joined(const struct strvec *v)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < v->nr; i++)
		strbuf_addf(&sb, "%s\n", v->v[i]);
	return strbuf_detach(&sb, NULL);
}

static void expect_parse(const char *init, const char *owner, const char *name, const char *lines)
{
	struct class_initializer ci = CLASS_INITIALIZER_INIT;
	struct strbuf why = STRBUF_INIT;
	char *got;

	ck_assert_msg(class_initializer_parse(&ci, "c", init, strlen(init), &why) == 0,
		      "refused (%s):\n%s", why.buf, init);
	ck_assert_str_eq(ci.owner, owner);
	ck_assert_str_eq(ci.name, name);
	got = joined(&ci.lines);
	ck_assert_msg(!strcmp(got, lines), "got:\n%s\nwant:\n%s", got, lines);
	free(got);
	class_initializer_release(&ci);
	strbuf_release(&why);
}

static void expect_refused(const char *init, const char *reason)
{
	struct class_initializer ci = CLASS_INITIALIZER_INIT;
	struct strbuf why = STRBUF_INIT;

	ck_assert_msg(class_initializer_parse(&ci, "c", init, strlen(init), &why) < 0,
		      "accepted:\n%s", init);
	ck_assert_msg(strstr(why.buf, reason), "reason \"%s\", want \"%s\"", why.buf, reason);
	class_initializer_release(&ci);
	strbuf_release(&why);
}

START_TEST(plain_fields)
{
	expect_parse("{\n\t.name\t= \"foo\",\n}", "THIS_MODULE", "\"foo\"", "");
	expect_parse("{ .owner = my_owner, .name = FOO_NAME }", "my_owner", "FOO_NAME", "");
	expect_parse("{\n"
		     "\t.name\t\t= \"widget\",\t/* the sysfs name */\n"
		     "\t.release\t= widget_release,\n"
		     "\t// the attributes\n"
		     "\t.class_dev_attrs = widget_attrs,\n"
		     "\t.uevent = (int (*)(struct class_device *, char **, int,\n"
		     "\t\t\t   char *, int))widget_uevent,\n"
		     "}",
		     "THIS_MODULE", "\"widget\"",
		     "c->release = widget_release;\n"
		     "c->class_dev_attrs = widget_attrs;\n"
		     "c->uevent = (int (*)(struct class_device *, char **, int, char *, int))widget_uevent;\n");
}
END_TEST

START_TEST(conditionals_kept)
{
	/* the last element without its comma, before an #endif */
	expect_parse("{\n\t.name = \"n\",\n#ifdef CONFIG_HOTPLUG\n\t.hotplug = n_hotplug\n#endif\n}",
		     "THIS_MODULE", "\"n\"",
		     "#ifdef CONFIG_HOTPLUG\nc->hotplug = n_hotplug;\n#endif\n");
	expect_parse("{\n"
		     "\t.name = \"net\",\n"
		     "\t.release = netdev_release,\n"
		     "#ifdef CONFIG_HOTPLUG\n"
		     "\t.hotplug = netdev_hotplug,\n"
		     "#endif\n"
		     "}",
		     "THIS_MODULE", "\"net\"",
		     "c->release = netdev_release;\n"
		     "#ifdef CONFIG_HOTPLUG\n"
		     "c->hotplug = netdev_hotplug;\n"
		     "#endif\n");
	/* empty groups and empty last branches go; an empty first branch stays */
	expect_parse("{\n"
		     "#if A\n"
		     "#else\n"
		     "\t.release = b_release,\n"
		     "#endif /* A */\n"
		     "\t.name = \"b\",\n"
		     "#ifdef B\n"
		     "\t/* nothing */\n"
		     "#endif\n"
		     "#  if C\n"
		     "\t.hotplug = c_hotplug,\n"
		     "#  elif D\n"
		     "#  else\n"
		     "#  endif\n"
		     "}",
		     "THIS_MODULE", "\"b\"",
		     "#if A\n"
		     "#else\n"
		     "c->release = b_release;\n"
		     "#endif /* A */\n"
		     "#  if C\n"
		     "c->hotplug = c_hotplug;\n"
		     "#  endif\n");
}
END_TEST

START_TEST(refusals)
{
	expect_refused("{\n#ifdef X\n\t.name = \"x\",\n#endif\n}", ".name under an #if");
	expect_refused("{\n\t.name = \"x\",\n#ifdef X\n\t.owner = THIS_MODULE,\n#endif\n}",
		       ".owner under an #if");
	expect_refused("{ .name = \"x\", .name = \"y\" }", ".name given twice");
	expect_refused("{ .owner = THIS_MODULE }", "no .name");
	expect_refused("{ \"x\", THIS_MODULE }", "positional");
	expect_refused("{ .name = \"x\", .class_release = x_release }", ".class_release");
	expect_refused("{ .name = \"x\",\n\t.release = \n#ifdef X\n a\n#else\n b\n#endif\n}",
		       ".release has no value");
	expect_refused("{ .name = \"x\",\n\t.release = a\n#ifdef X\n + 1\n#endif\n}",
		       "positional");
	expect_refused("{ .name = \"x\",\n\t.release = f(a,\n#ifdef X\n b\n#endif\n)}",
		       "inside the value");
	expect_refused("{ .name = \"x\",\n#endif\n}", "without its #if");
	expect_refused("{ .name = \"x\",\n#if X\n}", "without its #endif");
}
END_TEST

static char *apply(const char *text, const char *init, int with_definition, int *n)
{
	struct class_initializer ci = CLASS_INITIALIZER_INIT;
	struct strbuf why = STRBUF_INIT, sb = STRBUF_INIT;

	ck_assert_int_eq(class_initializer_parse(&ci, "foo_class", init, strlen(init), &why), 0);
	strbuf_addstr(&sb, text);
	*n = class_initializer_apply(&sb, "foo_class", &ci, with_definition);
	class_initializer_release(&ci);
	strbuf_release(&why);
	return strbuf_detach(&sb, NULL);
}

START_TEST(placeholders_filled)
{
	static const char text[] =
		"static struct class foo_class __read_mostly = {\n"
		"\t.name = \"foo\",\n"
		"#ifdef CONFIG_HOTPLUG\n"
		"\t.hotplug = foo_hotplug,\n"
		"#endif\n"
		"};\n"
		"static struct class other_class = { .name = \"other\" };\n"
		"\n"
		"static int __init foo_init(void)\n"
		"{\n"
		"\tfoo_class = class_create(CDMIGRATE_CLASS_ARGS(foo_class));\n"
		"\tif (IS_ERR(foo_class))\n"
		"\t\treturn PTR_ERR(foo_class);\n"
		"\tCDMIGRATE_CLASS_FIELDS(foo_class);\n"
		"\tother_class = class_create(CDMIGRATE_CLASS_ARGS(other_class));\n"
		"\tCDMIGRATE_CLASS_FIELDS(other_class);\n"
		"\treturn 0;\n"
		"}\n";
	static const char init[] =
		"{\n\t.name = \"foo\",\n#ifdef CONFIG_HOTPLUG\n\t.hotplug = foo_hotplug,\n#endif\n}";
	int n;
	char *got = apply(text, init, 1, &n);

	ck_assert_int_eq(n, 3);
	ck_assert_str_eq(got,
			 "static struct class *foo_class __read_mostly;\n"
			 "static struct class other_class = { .name = \"other\" };\n"
			 "\n"
			 "static int __init foo_init(void)\n"
			 "{\n"
			 "\tfoo_class = class_create(THIS_MODULE, \"foo\");\n"
			 "\tif (IS_ERR(foo_class))\n"
			 "\t\treturn PTR_ERR(foo_class);\n"
			 "#ifdef CONFIG_HOTPLUG\n"
			 "\tfoo_class->hotplug = foo_hotplug;\n"
			 "#endif\n"
			 "\tother_class = class_create(CDMIGRATE_CLASS_ARGS(other_class));\n"
			 "\tCDMIGRATE_CLASS_FIELDS(other_class);\n"
			 "\treturn 0;\n"
			 "}\n");
	free(got);

	/* nothing to assign: the placeholder's line goes; the definition is elsewhere */
	got = apply("\tfoo_class = class_create(CDMIGRATE_CLASS_ARGS(foo_class));\n"
		    "\tif (IS_ERR(foo_class))\n"
		    "\t\tgoto out;\n"
		    "\tCDMIGRATE_CLASS_FIELDS(foo_class);\n"
		    "\treturn 0;\n",
		    "{ .name = \"foo\" }", 0, &n);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(got,
			 "\tfoo_class = class_create(THIS_MODULE, \"foo\");\n"
			 "\tif (IS_ERR(foo_class))\n"
			 "\t\tgoto out;\n"
			 "\treturn 0;\n");
	free(got);
}
END_TEST

START_TEST(long_line_broken_after_owner)
{
	int n;
	char *got = apply("\t\tfoo_class = class_create(CDMIGRATE_CLASS_ARGS(foo_class));\n",
			  "{ .name = \"a rather long class name for a device\", .owner = my_module }",
			  0, &n);

	ck_assert_str_eq(got,
			 "\t\tfoo_class = class_create(my_module,\n"
			 "\t\t\t\t\t \"a rather long class name for a device\");\n");
	free(got);
}
END_TEST

static Suite *class_initializer_suite(void)
{
	Suite *s = suite_create("rewrite-class-initializer");
	TCase *tc = tcase_create("class-initializer");

	tcase_add_test(tc, plain_fields);
	tcase_add_test(tc, conditionals_kept);
	tcase_add_test(tc, refusals);
	tcase_add_test(tc, placeholders_filled);
	tcase_add_test(tc, long_line_broken_after_owner);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(class_initializer_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
