/* Unit tests of the step-30 core-text pass: fragment files, where their
 * sections go, which ones go in.  The pass itself, after the semantic
 * patches, runs in testcases/30-core. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite/core-text.h"

static const char fragments[] =
	"core.c.in: free text before the first section; @@ only counts at the\n"
	"start of a line.\n"
	"\n"
	"@@ file drivers/base/core.c\n"
	"\n"
	"@@ before device_add: helper_obj\n"
	"static int helper_obj;\n"
	"\n"
	"@@ before device_add: helper\n"
	"static int helper(struct device *dev)\n"
	"{\n"
	"\treturn helper_obj + dev->@link@.next != 0;\n"
	"}\n"
	"@@ before device_add: unused_helper\n"
	"static void unused_helper(void)\n"
	"{\n"
	"}\n"
	"\n"
	"@@ after device_unregister: device_create\n"
	"int device_create(struct device *dev)\n"
	"{\n"
	"\treturn helper(dev);\n"
	"}\n"
	"EXPORT_SYMBOL_GPL(device_create);\n"
	"@@ after device_unregister: device_destroy\n"
	"void device_destroy(void)\n"
	"{\n"
	"}\n"
	"EXPORT_SYMBOL_GPL(device_destroy);\n";

static const char core[] =
	"#include <linux/device.h>\n"
	"\n"
	"static void device_release(struct kobject *kobj)\n"
	"{\n"
	"}\n"
	"\n"
	"/**\n"
	" *\tdevice_add - add a device\n"
	" */\n"
	"// and a line comment\n"
	"int device_add(struct device *dev)\n"
	"{\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"void device_unregister(struct device *dev)\n"
	"{\n"
	"\tdevice_del(dev);\n"
	"}\n"
	"\n"
	"int __init devices_init(void)\n"
	"{\n"
	"\treturn 0;\n"
	"}\n";

static void parse(struct core_text *ct, const char *text)
{
	*ct = (struct core_text)CORE_TEXT_INIT;
	ck_assert_int_eq(core_text_parse(ct, "test.in", text, strlen(text)), 0);
}

/* Apply, check, and check that a second run inserts nothing. */
static void expect(const char *frag, const char *text, const char *link, const char *want,
		   const char *added)
{
	struct core_text ct;
	struct strbuf out = STRBUF_INIT, again = STRBUF_INIT, names = STRBUF_INIT;
	struct strvec list = STRVEC_INIT;
	int n;

	parse(&ct, frag);
	n = core_text_apply(&ct, text, strlen(text), link, &out, &list);
	ck_assert_int_ge(n, 0);
	ck_assert_msg(!strcmp(out.buf, want), "got:\n%s\nwant:\n%s", out.buf, want);
	for (size_t i = 0; i < list.nr; i++)
		strbuf_addf(&names, "%s%s", i ? " " : "", list.v[i]);
	ck_assert_str_eq(names.buf, added);
	ck_assert_int_eq((int)list.nr, n);
	ck_assert_int_eq(core_text_apply(&ct, out.buf, out.len, link, &again, NULL), 0);
	ck_assert_str_eq(again.buf, out.buf);
	core_text_release(&ct);
	strbuf_release(&out);
	strbuf_release(&again);
	strbuf_release(&names);
	strvec_clear(&list);
}

START_TEST(parse_sections)
{
	struct core_text ct;

	parse(&ct, fragments);
	ck_assert_str_eq(ct.target, "drivers/base/core.c");
	ck_assert_int_eq((int)ct.nr, 5);
	ck_assert_int_eq(ct.v[0].where, CORE_TEXT_BEFORE);
	ck_assert_str_eq(ct.v[0].anchor, "device_add");
	ck_assert_int_eq(ct.v[0].provides, CORE_TEXT_DEFINITION);
	ck_assert_str_eq(ct.v[0].name, "helper_obj");
	ck_assert_str_eq(ct.v[0].text, "static int helper_obj;\n");
	ck_assert_str_eq(ct.v[2].text, "static void unused_helper(void)\n{\n}\n");
	ck_assert_int_eq(ct.v[3].where, CORE_TEXT_AFTER);
	ck_assert_uint_eq(ct.v[3].line, 19);
	core_text_release(&ct);

	parse(&ct, "@@ file include/linux/device.h\n"
		   "@@ after class.hotplug|uevent: class.dev_uevent\n"
		   "\tint (*dev_uevent)(struct device *dev);\n"
		   "@@ after dev_set_drvdata: device_create()\n"
		   "extern int device_create(int x, ...);\n");
	ck_assert_int_eq(ct.v[0].where, CORE_TEXT_AFTER_MEMBER);
	ck_assert_str_eq(ct.v[0].anchor, "class");
	ck_assert_int_eq((int)ct.v[0].members.nr, 2);
	ck_assert_str_eq(ct.v[0].members.v[1], "uevent");
	ck_assert_int_eq(ct.v[0].provides, CORE_TEXT_MEMBER);
	ck_assert_str_eq(ct.v[0].tag, "class");
	ck_assert_str_eq(ct.v[0].name, "dev_uevent");
	ck_assert_int_eq(ct.v[1].provides, CORE_TEXT_DECLARATION);
	ck_assert_str_eq(ct.v[1].name, "device_create");
	core_text_release(&ct);
}
END_TEST

START_TEST(parse_errors)
{
	static const char *const bad[] = {
		"no section at all\n",
		"@@ before device_add: x\nint x;\n",				/* no file */
		"@@ file a.c\n@@ around device_add: x\nint x;\n",
		"@@ file a.c\n@@ before device_add x\nint x;\n",		/* no colon */
		"@@ file a.c\n@@ before class.release: x\nint x;\n",	/* member: after only */
		"@@ file a.c\n@@ before device_add: 2x\nint x;\n",
		"@@ file a.c\n@@ before device_add: x\n\n\n@@ after f: y\nint y;\n",
		NULL,
	};

	for (size_t i = 0; bad[i]; i++) {
		struct core_text ct = CORE_TEXT_INIT;

		ck_assert_msg(core_text_parse(&ct, "t.in", bad[i], strlen(bad[i])) < 0,
			      "accepted:\n%s", bad[i]);
		core_text_release(&ct);
	}
}
END_TEST

START_TEST(exported_and_needed)
{
	/*
	 * device_create is exported: in.  It calls helper, which names
	 * helper_obj: in, in file order, before device_add's comments.
	 * unused_helper: nobody calls it.
	 */
	expect(fragments, core, "class_node",
	       "#include <linux/device.h>\n"
	       "\n"
	       "static void device_release(struct kobject *kobj)\n"
	       "{\n"
	       "}\n"
	       "\n"
	       "static int helper_obj;\n"
	       "\n"
	       "static int helper(struct device *dev)\n"
	       "{\n"
	       "\treturn helper_obj + dev->class_node.next != 0;\n"
	       "}\n"
	       "\n"
	       "/**\n"
	       " *\tdevice_add - add a device\n"
	       " */\n"
	       "// and a line comment\n"
	       "int device_add(struct device *dev)\n"
	       "{\n"
	       "\treturn 0;\n"
	       "}\n"
	       "\n"
	       "void device_unregister(struct device *dev)\n"
	       "{\n"
	       "\tdevice_del(dev);\n"
	       "}\n"
	       "\n"
	       "int device_create(struct device *dev)\n"
	       "{\n"
	       "\treturn helper(dev);\n"
	       "}\n"
	       "EXPORT_SYMBOL_GPL(device_create);\n"
	       "\n"
	       "void device_destroy(void)\n"
	       "{\n"
	       "}\n"
	       "EXPORT_SYMBOL_GPL(device_destroy);\n"
	       "\n"
	       "int __init devices_init(void)\n"
	       "{\n"
	       "\treturn 0;\n"
	       "}\n",
	       "helper_obj helper device_create device_destroy");
}
END_TEST

START_TEST(called_by_the_core_or_present)
{
	/*
	 * The core defines device_create and device_destroy (with another
	 * body): nothing exported goes in; device_add calls unused_helper
	 * (as a semantic patch would make it): it goes in.  A member access
	 * ->helper( is not a call of helper, a local helper_obj is not the
	 * file-scope object.
	 */
	static const char text[] =
		"int device_add(struct device *dev)\n"
		"{\n"
		"\tint helper_obj = 0;\n"
		"\tunused_helper();\n"
		"\treturn dev->ops->helper(dev) + helper_obj;\n"
		"}\n"
		"void device_unregister(struct device *dev)\n"
		"{\n"
		"}\n"
		"struct device *device_create(struct class *c, ...)\n"
		"{\n"
		"\treturn NULL;\n"
		"}\n"
		"void device_destroy(struct class *c, dev_t devt) { }\n";

	expect(fragments, text, "node",
	       "static void unused_helper(void)\n"
	       "{\n"
	       "}\n"
	       "\n"
	       "int device_add(struct device *dev)\n"
	       "{\n"
	       "\tint helper_obj = 0;\n"
	       "\tunused_helper();\n"
	       "\treturn dev->ops->helper(dev) + helper_obj;\n"
	       "}\n"
	       "void device_unregister(struct device *dev)\n"
	       "{\n"
	       "}\n"
	       "struct device *device_create(struct class *c, ...)\n"
	       "{\n"
	       "\treturn NULL;\n"
	       "}\n"
	       "void device_destroy(struct class *c, dev_t devt) { }\n",
	       "unused_helper");
}
END_TEST

START_TEST(members_and_declarations)
{
	static const char frag[] =
		"@@ file include/linux/device.h\n"
		"@@ after class.hotplug|uevent: class.dev_uevent\n"
		"\tint (*dev_uevent)(struct device *dev);\n"
		"@@ after class.class_release: class.dev_release\n"
		"\tvoid (*dev_release)(struct device *dev);\n"
		"@@ after dev_set_drvdata: device_create()\n"
		"/* made on the fly */\n"
		"extern struct device *device_create(struct class *cls, const char *fmt, ...)\n"
		"\t__attribute__((format(printf,2,3)));\n";
	static const char text[] =
		"struct class {\n"
		"\tconst char\t*name;\n"
		"\tstruct {\n"
		"\t\tint hotplug;\n"
		"\t} inner;\n"
		"\tint\t(*uevent)(struct class_device *dev, char **envp,\n"
		"\t\t\t  int num_envp);\n"
		"\n"
		"\tvoid\t(*class_release)(struct class *class);\n"
		"};\n"
		"\n"
		"static inline void\n"
		"dev_set_drvdata (struct device *dev, void *data)\n"
		"{\n"
		"\tdev->driver_data = data;\n"
		"}\n"
		"\n"
		"extern int device_register(struct device *dev);\n";

	/* hotplug in a nested struct is not class's: the uevent member is */
	expect(frag, text, "node",
	       "struct class {\n"
	       "\tconst char\t*name;\n"
	       "\tstruct {\n"
	       "\t\tint hotplug;\n"
	       "\t} inner;\n"
	       "\tint\t(*uevent)(struct class_device *dev, char **envp,\n"
	       "\t\t\t  int num_envp);\n"
	       "\tint (*dev_uevent)(struct device *dev);\n"
	       "\n"
	       "\tvoid\t(*class_release)(struct class *class);\n"
	       "\tvoid (*dev_release)(struct device *dev);\n"
	       "};\n"
	       "\n"
	       "static inline void\n"
	       "dev_set_drvdata (struct device *dev, void *data)\n"
	       "{\n"
	       "\tdev->driver_data = data;\n"
	       "}\n"
	       "\n"
	       "/* made on the fly */\n"
	       "extern struct device *device_create(struct class *cls, const char *fmt, ...)\n"
	       "\t__attribute__((format(printf,2,3)));\n"
	       "\n"
	       "extern int device_register(struct device *dev);\n",
	       "class.dev_uevent class.dev_release device_create()");
}
END_TEST

START_TEST(no_place_refuses)
{
	struct core_text ct;
	struct strbuf out = STRBUF_INIT;
	static const char text[] = "int other(void)\n{\n\treturn 0;\n}\n";

	parse(&ct, fragments);
	/* device_create is exported and missing, but there is no device_unregister */
	ck_assert_int_eq(core_text_apply(&ct, text, strlen(text), "node", &out, NULL), -1);
	core_text_release(&ct);
	strbuf_release(&out);
}
END_TEST

START_TEST(link_member)
{
	static const char klist[] =
		"struct device {\n\tstruct list_head node;\n\tvoid (*release)(struct device *dev);\n};\n";
	static const char sibling[] =
		"struct device {\n\tstruct list_head node;\n\tstruct list_head class_node;\n};\n";
	static const char comment[] =
		"struct device {\n\t/* class_node */\n\tstruct list_head node;\n};\n";

	ck_assert_str_eq(core_text_link(NULL, 0), "node");
	ck_assert_str_eq(core_text_link(klist, strlen(klist)), "node");
	ck_assert_str_eq(core_text_link(sibling, strlen(sibling)), "class_node");
	ck_assert_str_eq(core_text_link(comment, strlen(comment)), "node");
}
END_TEST

static Suite *core_text_suite(void)
{
	Suite *s = suite_create("rewrite-core-text");
	TCase *tc = tcase_create("core-text");

	tcase_add_test(tc, parse_sections);
	tcase_add_test(tc, parse_errors);
	tcase_add_test(tc, exported_and_needed);
	tcase_add_test(tc, called_by_the_core_or_present);
	tcase_add_test(tc, members_and_declarations);
	tcase_add_test(tc, no_place_refuses);
	tcase_add_test(tc, link_member);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(core_text_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
