/*
 * Tests of report.c and lex.c: the tokenizer, grouping and reasons, the migration
 * record, baselines (identity across line moves), the exit statuses of
 * `cdmigrate report`, and writer_html_escape().  The report runs the real scan
 * (libclang) on a small tree written here.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lex/lex.h"
#include "report/writer.h"
#include "report/report.h"
#include "test-lib.h"

static char *tree, *work;

static const char device_h[] =
	"#ifndef _DEVICE_H_\n"
	"#define _DEVICE_H_\n"
	"#define NULL ((void *)0)\n"
	"struct device { const char *bus_id; };\n"
	"struct class_device;\n"
	"struct class {\n"
	"\tconst char *name;\n"
	"\tvoid (*release)(struct class_device *dev);\n"
	"\tint (*suspend)(struct device *dev);\n"
	"};\n"
	"struct class_device {\n"
	"\tstruct class *class;\n"
	"\tstruct device *dev;\n"
	"\tchar class_id[20];\n"
	"};\n"
	"struct class_interface {\n"
	"\tstruct class *class;\n"
	"\tint (*add)(struct class_device *, struct class_interface *);\n"
	"\tint (*add_dev)(struct device *, struct class_interface *);\n"
	"};\n"
	"struct class_device_attribute { const char *name; };\n"
	"#define CLASS_DEVICE_ATTR(_name, _mode, _show, _store) \\\n"
	"\tstruct class_device_attribute class_device_attr_##_name = { #_name }\n"
	"extern int class_register(struct class *cls);\n"
	"extern struct class_device *class_device_create(struct class *cls, struct class_device *parent,\n"
	"\t\t\t\t\t\tint devt, struct device *dev, const char *fmt, ...);\n"
	"extern int class_device_create_file(struct class_device *cd, const struct class_device_attribute *a);\n"
	"extern int class_device_register(struct class_device *cd);\n"
	"extern int class_interface_register(struct class_interface *);\n"
	"#endif\n";

static const char foo_c[] =
	"#include <linux/device.h>\n"
	"\n"
	"static struct class foo_class = {\n"
	"\t.name = \"foo\",\n"
	"};\n"
	"\n"
	"static CLASS_DEVICE_ATTR(power, 0644, NULL, NULL);\n"
	"\n"
	"static int foo_add(struct class_device *cd,\n"
	"\t\t   struct class_interface *intf)\n"
	"{\n"
	"\tclass_device_create_file(cd, &class_device_attr_power);\n"
	"\treturn class_device_create_file(cd, &class_device_attr_power);\n"
	"}\n"
	"\n"
	"static struct class_interface foo_interface = {\n"
	"\t.class = &foo_class,\n"
	"\t.add = foo_add,\n"
	"};\n"
	"\n"
	"static struct class_device *foo_dev;\n"
	"\n"
	"int foo_init(struct device *parent)\n"
	"{\n"
	"\tclass_register(&foo_class);\n"
	"\tfoo_dev = class_device_create(&foo_class, NULL, 0, parent, \"foo%d\", 0);\n"
	"\tclass_interface_register(&foo_interface);\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"#if 0\n"
	"static struct class_device *old_dev;\n"
	"#endif\n";

static void write_tree(const char *root)
{
	test_put(root, "include/linux/device.h", device_h);
	test_put(root, "drivers/base/class.c",
		 "#include <linux/device.h>\n\n"
		 "int class_device_register(struct class_device *cd)\n{\n\treturn cd != NULL;\n}\n");
	test_put(root, "drivers/foo/foo.c", foo_c);
	test_put(root, "drivers/bar/bar.c", "int bar(void) { return 0; }\n");
	/* a parameter named class_device: a name, not the struct (drm_sysfs.c's show_dri) */
	test_put(root, "drivers/baz/baz.c",
		 "#include <linux/device.h>\n\n"
		 "int baz_show(struct device *class_device)\n{\n\treturn class_device != 0;\n}\n");
}

static void setup(void)
{
	tree = test_tmpdir("check_report");
	work = test_tmpdir("check_report-work");
	write_tree(tree);
}

static void teardown(void)
{
	test_rm_rf(tree);
	test_rm_rf(work);
	free(tree);
	free(work);
}

static void make_report(const char *root, const char *series, struct report *r)
{
	struct report_options o = { root, NULL, NULL, 1, NULL, series, NULL };

	ck_assert_int_eq(report_make(&o, r), 0);
}

static const struct report_item *find(const struct report *r, const char *kind, const char *symbol,
				      unsigned line)
{
	for (size_t i = 0; i < r->nr; i++)
		if (!strcmp(r->items[i].kind, kind) && !strcmp(r->items[i].symbol, symbol) &&
		    (!line || r->items[i].line == line))
			return &r->items[i];
	ck_abort_msg("no %s %s at line %u", kind, symbol, line);
	return NULL;
}

/* Run the program; the exit status, stderr in *err when not NULL. */
static int run(const char *args, char **err)
{
	char *cmd, *errfile;
	int rc;

	if (asprintf(&errfile, "%s/stderr", work) < 0 ||
	    asprintf(&cmd, "%s/src/cdmigrate report %s > /dev/null 2> %s", CDMIGRATE_BUILDDIR, args, errfile) < 0)
		ck_abort();
	rc = system(cmd);
	if (err) {
		FILE *f = fopen(errfile, "r");
		size_t n;

		*err = calloc(1, 65536);
		n = f ? fread(*err, 1, 65535, f) : 0;
		(*err)[n] = '\0';
		if (f)
			fclose(f);
	}
	free(cmd);
	free(errfile);
	ck_assert(WIFEXITED(rc));
	return WEXITSTATUS(rc);
}

START_TEST(tokenizer_directives_if0_and_punctuators)
{
	const char *text = "#define A(x) x##_y \\\n  + 1\n"
			   "int a = b->c; /* c\n */ s = \"x\\\"y\"; // z\n"
			   "#if 0\nint hidden;\n#if X\n#endif\n#else\nint shown;\n#endif\n"
			   "x <<= 2 ... y != z;\n";
	struct lex_tokens t = LEX_TOKENS_INIT;
	size_t i;

	lex_tokenize(text, strlen(text), &t);
	ck_assert(t.v[0].directive_start && lex_token_is(&t.v[0], "#"));
	ck_assert(lex_token_is(&t.v[7], "##") && t.v[7].directive);
	ck_assert(lex_token_is(&t.v[9], "+") && t.v[9].directive && t.v[9].line == 2);
	ck_assert(lex_token_is(&t.v[11], "int") && !t.v[11].directive && t.v[11].line == 3);
	ck_assert(lex_token_is(&t.v[14], "b") && lex_token_is(&t.v[15], "->"));
	ck_assert_uint_eq(t.v[15].column, 10);
	ck_assert(lex_token_is(&t.v[18], "s") && t.v[18].line == 4);
	ck_assert_int_eq(t.v[20].kind, TOKEN_STRING);
	ck_assert(lex_token_is(&t.v[20], "\"x\\\"y\""));
	for (i = 0; i < t.nr; i++)
		ck_assert_msg(!lex_token_is(&t.v[i], "hidden"), "#if 0 text was kept");
	for (i = 0; i < t.nr && !lex_token_is(&t.v[i], "shown"); i++)
		;
	ck_assert_uint_lt(i, t.nr);
	ck_assert_uint_eq(t.v[i].line, 10);
	ck_assert(!t.v[i].directive);
	for (i = 0; i < t.nr && !lex_token_is(&t.v[i], "<<="); i++)
		;
	ck_assert(i + 3 < t.nr && lex_token_is(&t.v[i + 2], "...") && lex_token_is(&t.v[i + 4], "!="));
	ck_assert_uint_eq(lex_tokens_match(t.v, t.nr, 3), 5);	/* A( x ) */
	lex_tokens_release(&t);
}
END_TEST

static size_t count_spelled(const struct lex_tokens *t, const char *s)
{
	size_t n = 0;

	for (size_t i = 0; i < t->nr; i++)
		n += lex_token_is(&t->v[i], s);
	return n;
}

/* The '#' rules attr-names reads code by: lex_tokenize_opt(LEX_IF0_PREFIX). */
START_TEST(tokenizer_if0_prefix_and_comment_before_hash)
{
	static const char *const text =
		"#if 0 && defined(X)\nint a;\n#endif\n"
		"/* c */ #if 0\nint b;\n#else\nint c;\n#endif\n"
		"#if 0x0\nint d;\n#endif\n"
		"#if 0\n#if 0 && Y\nint e;\n#endif\nint f;\n#elif Z\nint g;\n#endif\n"
		"x; /* \n */ #if 0\nint h;\n";
	struct lex_tokens plain = LEX_TOKENS_INIT, prefix = LEX_TOKENS_INIT;

	lex_tokenize(text, strlen(text), &plain);
	lex_tokenize_opt(text, strlen(text), &prefix, LEX_IF0_PREFIX);
	/* `#if 0 && X`: read by lex_tokenize(), an #if 0 with the option */
	ck_assert_uint_eq(count_spelled(&plain, "a"), 1);
	ck_assert_uint_eq(count_spelled(&prefix, "a"), 0);
	/* a comment before '#' leaves it a directive; `#if 0x0` is not #if 0 */
	for (int k = 0; k < 2; k++) {
		const struct lex_tokens *t = k ? &prefix : &plain;

		ck_assert_uint_eq(count_spelled(t, "b"), 0);
		ck_assert_uint_eq(count_spelled(t, "c"), 1);
		ck_assert_uint_eq(count_spelled(t, "d"), 1);
		/* nested #if 0 ... #endif, then the #elif branch */
		ck_assert_uint_eq(count_spelled(t, "e") + count_spelled(t, "f"), 0);
		ck_assert_uint_eq(count_spelled(t, "g"), 1);
		/* '#' after code, a comment's newline between: not a directive */
		ck_assert_uint_eq(count_spelled(t, "h"), 1);
	}
	lex_tokens_release(&plain);
	lex_tokens_release(&prefix);
}
END_TEST

START_TEST(items_are_grouped_by_step_with_reasons)
{
	struct report r;
	const struct report_item *it;
	unsigned last = 0;

	make_report(tree, NULL, &r);
	it = find(&r, "static-class", "foo_class", 3);
	ck_assert_uint_eq(it->group, 10);
	ck_assert_str_eq(it->reason, "no-rule");
	ck_assert_str_eq(it->subsystem, "foo");
	it = find(&r, "class-interface", "foo_interface", 16);
	ck_assert_uint_eq(it->group, 50);
	it = find(&r, "class-device-call", "class_device_create", 26);
	ck_assert_uint_eq(it->group, 40);
	ck_assert_str_eq(it->function, "foo_init");
	it = find(&r, "inactive", "class_device", 32);
	ck_assert_uint_eq(it->group, REPORT_GROUP_INACTIVE);
	ck_assert_str_eq(it->reason, "inactive-#if");
	it = find(&r, "class-device-function", "class_device_register", 3);
	ck_assert_str_eq(it->file, "drivers/base/class.c");
	ck_assert_uint_eq(it->group, 70);
	ck_assert_str_eq(it->reason, "driver-core");
	/* the continuation line of foo_add's parameters: no site is on it */
	it = find(&r, "token", "class_interface", 10);
	ck_assert_uint_eq(it->group, 50);
	ck_assert_str_eq(it->reason, "no-rule");
	it = find(&r, "token", "class_interface_register", 27);
	ck_assert_uint_eq(it->group, 50);

	/* every class_device token of a candidate file is on a listed line */
	for (size_t i = 0; i < r.nr; i++) {
		ck_assert_uint_ge(r.items[i].group, last);
		last = r.items[i].group;
		ck_assert_ptr_nonnull(r.items[i].id);
	}
	ck_assert(!report_deletion_possible(&r));
	ck_assert_uint_gt(r.blocking, 0);
	{
		size_t sum = 0, sub = 0;

		for (size_t i = 0; i < r.nr_steps; i++)
			sum += r.steps[i].sites;
		for (size_t i = 0; i < r.nr_subsystems; i++)
			sub += r.subsystems[i].sites;
		ck_assert_uint_eq(sum, r.nr);
		ck_assert_uint_eq(sub, r.nr);
	}
	/* the two create_file calls of foo_add share (file, function, kind, symbol) */
	{
		const struct report_item *a = find(&r, "class-device-call", "class_device_create_file", 12);
		const struct report_item *b = find(&r, "class-device-call", "class_device_create_file", 13);

		ck_assert_str_ne(a->id, b->id);
		ck_assert_ptr_nonnull(strstr(b->id, "#2"));
	}
	report_release(&r);
}
END_TEST

START_TEST(an_identifier_named_class_device_is_no_use_of_the_struct)
{
	struct report r;
	const struct report_item *it;

	make_report(tree, NULL, &r);
	it = find(&r, "token", "class_device", 3);
	ck_assert_str_eq(it->file, "drivers/baz/baz.c");
	ck_assert_int_eq(it->blocks, 0);
	ck_assert_ptr_nonnull(strstr(it->detail, "not the struct"));
	it = find(&r, "token", "class_device", 5);
	ck_assert_int_eq(it->blocks, 0);
	report_release(&r);
}
END_TEST

/* The API's words in comments and strings are listed, never items. */
START_TEST(comments_and_strings_are_mentions_not_items)
{
	struct report r;
	size_t items;

	test_put(tree, "drivers/quux/quux.c",
		 "#include <linux/device.h>\n"
		 "/* quux no longer uses struct class_device; see class_device_create() */\n"
		 "static const char quux_msg[] = \"Unable to create class_device\";\n"
		 "// CLASS_DEVICE_ATTR was here\n"
		 "static const char quux_plain[] = \"a device, a class\";\n");
	make_report(tree, NULL, &r);
	items = 0;
	for (size_t i = 0; i < r.nr; i++)
		items += !strcmp(r.items[i].file, "drivers/quux/quux.c");
	ck_assert_uint_eq(items, 0);
	ck_assert_uint_eq(r.nr_mentions, 4);
	ck_assert_uint_eq(r.mention_files, 1);
	ck_assert_str_eq(r.mentions[0].word, "class_device");
	ck_assert_uint_eq(r.mentions[0].line, 2);
	ck_assert_int_eq(r.mentions[0].in_string, 0);
	ck_assert_str_eq(r.mentions[1].word, "class_device_create");
	ck_assert_str_eq(r.mentions[2].word, "class_device");
	ck_assert_uint_eq(r.mentions[2].line, 3);
	ck_assert_int_eq(r.mentions[2].in_string, 1);
	ck_assert_str_eq(r.mentions[3].word, "CLASS_DEVICE_ATTR");
	ck_assert_uint_eq(r.mentions[3].line, 4);
	report_release(&r);
}
END_TEST

/* Names that only contain the API's words: Kconfig options, constants, other names. */
START_TEST(a_name_that_is_not_the_api_is_reason_name)
{
	struct report r;
	const struct report_item *it;

	test_put(tree, "drivers/qux/qux.c",
		 "#include <linux/device.h>\n"
		 "\n"
		 "#define CONFIG_BACKLIGHT_CLASS_DEVICE_MODULE 1\n"
		 "#ifdef CONFIG_BACKLIGHT_CLASS_DEVICE_MODULE\n"
		 "static const int PCI_CLASS_DEVICE = 3;\n"
		 "#endif\n"
		 "static int QUX_CLASS_DEVICE_ATTR_COUNT;\n"
		 "int tape_class_device(int x)\n{\n\treturn x + PCI_CLASS_DEVICE + QUX_CLASS_DEVICE_ATTR_COUNT;\n}\n"
		 "static int class_device_to_qux;\n"
		 "void *qux_create = (void *)class_device_create;\n");
	make_report(tree, NULL, &r);
	it = find(&r, "token", "CONFIG_BACKLIGHT_CLASS_DEVICE_MODULE", 4);
	ck_assert_str_eq(it->reason, "name");
	ck_assert_int_eq(it->blocks, 0);
	ck_assert_ptr_nonnull(strstr(it->detail, "Kconfig option"));
	it = find(&r, "token", "PCI_CLASS_DEVICE", 5);
	ck_assert_int_eq(it->blocks, 0);
	ck_assert_str_eq(it->reason, "name");
	ck_assert_ptr_nonnull(strstr(it->detail, "constant"));
	it = find(&r, "token", "tape_class_device", 8);
	ck_assert_str_eq(it->reason, "name");
	ck_assert_ptr_nonnull(strstr(it->detail, "contains class_device"));
	/* a parameter named class_device */
	it = find(&r, "token", "class_device", 3);
	ck_assert_str_eq(it->file, "drivers/baz/baz.c");
	ck_assert_str_eq(it->reason, "name");
	/* what holds an api map name, or starts with class_device, is no mere name */
	it = find(&r, "token", "QUX_CLASS_DEVICE_ATTR_COUNT", 7);
	ck_assert_str_eq(it->reason, "no-rule");
	ck_assert_ptr_nonnull(strstr(it->detail, "step 40"));
	it = find(&r, "token", "class_device_to_qux", 12);
	ck_assert_str_eq(it->reason, "no-rule");
	ck_assert_ptr_nonnull(strstr(it->detail, "not converted yet: step 40"));
	/* the API a user can name blocks and keeps its reason */
	it = find(&r, "token", "class_device_create", 13);
	ck_assert_int_eq(it->blocks, 1);
	ck_assert_str_eq(it->reason, "no-rule");
	ck_assert_str_eq(it->detail, "no site covers this token: no rule knows it");
	report_release(&r);
}
END_TEST

/* A declaration follows its definition; a class step 10 cannot convert stays static. */
START_TEST(declarations_and_classes_left_on_purpose)
{
	struct report r;
	const struct report_item *it;

	test_put(tree, "include/linux/sock.h",
		 "extern struct class_interface sock_sysfs_interface;\n"
		 "extern struct class_interface sock_old_interface;\n");
	test_put(tree, "drivers/sock/sysfs.c",
		 "#include <linux/device.h>\n"
		 "#include <linux/sock.h>\n"
		 "static int sock_add(struct device *dev, struct class_interface *intf)\n{\n\treturn 0;\n}\n"
		 "struct class_interface sock_sysfs_interface = {\n"
		 "\t.add_dev = sock_add,\n"
		 "};\n");
	test_put(tree, "drivers/sock/old.c",
		 "#include <linux/device.h>\n"
		 "#include <linux/sock.h>\n"
		 "static int old_add(struct class_device *cd)\n{\n\treturn 0;\n}\n"
		 "struct class_interface sock_old_interface = {\n"
		 "\t.add = old_add,\n"
		 "};\n");
	test_put(tree, "drivers/sock/core.c",
		 "#include <linux/device.h>\n"
		 "static void sock_class_release(struct class *c)\n{\n}\n"
		 "struct class sock_class = {\n"
		 "\t.name = \"sock\",\n"
		 "\t.class_release = sock_class_release,\n"
		 "};\n");
	make_report(tree, NULL, &r);
	/* the definition is on add_dev: its declaration is kept */
	it = find(&r, "class-interface", "sock_sysfs_interface", 1);
	ck_assert_str_eq(it->file, "include/linux/sock.h");
	ck_assert_str_eq(it->reason, "kept");
	ck_assert_ptr_nonnull(strstr(it->detail, "the declaration of sock_sysfs_interface"));
	/* the definition still has .add: step 50 converts both */
	it = find(&r, "class-interface", "sock_old_interface", 2);
	ck_assert_str_eq(it->file, "include/linux/sock.h");
	ck_assert_str_ne(it->reason, "kept");
	/* a custom class_release: the class stays static, and says why */
	it = find(&r, "static-class", "sock_class", 0);
	ck_assert_int_eq(it->blocks, 0);
	ck_assert_str_eq(it->reason, "stays-static");
	ck_assert_ptr_nonnull(strstr(it->detail, "class_release"));
	report_release(&r);
}
END_TEST

/* A class_interface no site covers is already on add_dev/remove_dev. */
START_TEST(a_converted_class_interface_is_kept)
{
	struct report r;
	const struct report_item *it;

	test_put(tree, "drivers/watch/watch.c",
		 "#include <linux/device.h>\n"
		 "\n"
		 "static int watch_add(struct device *dev,\n"
		 "\t\t     struct class_interface *intf)\n"
		 "{\n\treturn 0;\n}\n"
		 "static struct class_interface watch_interface = {\n"
		 "\t.add_dev = watch_add,\n"
		 "};\n"
		 "int watch_init(void)\n{\n\treturn class_interface_register(&watch_interface);\n}\n");
	test_put(tree, "include/scsi/watch.h",
		 "#define watch_unregister(intf) \\\n\tclass_interface_unregister(intf)\n");
	make_report(tree, NULL, &r);
	it = find(&r, "macro-body", "class_interface_unregister", 2);
	ck_assert_str_eq(it->reason, "kept");
	ck_assert_int_eq(it->blocks, 0);
	it = find(&r, "token", "class_interface", 4);
	ck_assert_str_eq(it->file, "drivers/watch/watch.c");
	ck_assert_str_eq(it->reason, "kept");
	ck_assert_int_eq(it->blocks, 0);
	ck_assert_uint_eq(it->group, 50);
	ck_assert_ptr_nonnull(strstr(it->detail, "add_dev/remove_dev"));
	it = find(&r, "token", "class_interface_register", 13);
	ck_assert_str_eq(it->reason, "kept");
	/* foo.c names foo_interface, which step 50 converts: not kept */
	it = find(&r, "token", "class_interface", 10);
	ck_assert_str_eq(it->file, "drivers/foo/foo.c");
	ck_assert_str_eq(it->reason, "no-rule");
	ck_assert_ptr_nonnull(strstr(it->detail, "foo_interface"));
	ck_assert_ptr_nonnull(strstr(it->detail, "step 50"));
	it = find(&r, "token", "class_interface_register", 27);
	ck_assert_str_eq(it->reason, "no-rule");
	report_release(&r);
}
END_TEST

/* A static class step 10 leaves, and its declaration, stay static; one that sets .release blocks. */
START_TEST(a_static_class_step_10_leaves_stays_static)
{
	struct report r;
	const struct report_item *it;

	test_put(tree, "include/linux/qux.h", "#include <linux/device.h>\nextern struct class qux_class;\n");
	test_put(tree, "drivers/qux/qux.c",
		 "#include <linux/qux.h>\n"
		 "\n"
		 "static int qux_suspend(struct device *dev)\n{\n\treturn 0;\n}\n"
		 "struct class qux_class = {\n"
		 "\t.name = \"qux\",\n"
		 "\t.suspend = qux_suspend,\n"
		 "};\n"
		 "static void quux_release(struct class_device *cd)\n{\n}\n"
		 "static struct class quux_class = {\n"
		 "\t.name = \"quux\",\n"
		 "\t.release = quux_release,\n"
		 "};\n"
		 "int qux_init(void)\n{\n\treturn class_register(&qux_class) + class_register(&quux_class);\n}\n");
	make_report(tree, NULL, &r);
	it = find(&r, "static-class", "qux_class", 7);
	ck_assert_str_eq(it->reason, "stays-static");
	ck_assert_int_eq(it->blocks, 0);
	ck_assert_ptr_nonnull(strstr(it->detail, "sets suspend:"));
	it = find(&r, "static-class", "qux_class", 2);
	ck_assert_str_eq(it->file, "include/linux/qux.h");
	ck_assert_str_eq(it->reason, "stays-static");
	ck_assert_ptr_nonnull(strstr(it->detail, "drivers/qux/qux.c:7"));
	/* .release goes with step 70: it blocks, as before */
	it = find(&r, "static-class", "quux_class", 14);
	ck_assert_int_eq(it->blocks, 1);
	ck_assert_str_eq(it->reason, "no-rule");
	/* step 10 converts foo_class: not converted yet */
	it = find(&r, "static-class", "foo_class", 3);
	ck_assert_str_eq(it->reason, "no-rule");
	report_release(&r);

	/* step 10 ran on the tree and left foo_class: it stays static */
	test_put(tree, ".cdmigrate/migrate.json",
		 "{\"tree\": \"t\", \"steps\": [{\"order\": 10, \"name\": \"class-create\", \"action\": \"run\", "
		 "\"files_changed\": 0, \"sites_converted\": 0}], \"files\": []}\n");
	make_report(tree, NULL, &r);
	it = find(&r, "static-class", "foo_class", 3);
	ck_assert_str_eq(it->reason, "stays-static");
	ck_assert_ptr_nonnull(strstr(it->detail, "ran and left the class static"));
	report_release(&r);
}
END_TEST

START_TEST(text_lines_start_with_the_location)
{
	struct report r;
	char *buf = NULL, *line, *save = NULL;
	size_t len = 0, seen = 0;
	FILE *out = open_memstream(&buf, &len);

	make_report(tree, NULL, &r);
	writer_text.write(out, &r);
	fclose(out);
	for (line = strtok_r(buf, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		for (size_t i = 0; i < r.nr; i++) {
			char *prefix;

			if (asprintf(&prefix, "%s:%u:%u: %s: %s: %s", r.items[i].file, r.items[i].line,
				     r.items[i].column, r.items[i].kind, r.items[i].symbol, r.items[i].reason) < 0)
				ck_abort();
			if (!strncmp(line, prefix, strlen(prefix)))
				seen++;
			free(prefix);
		}
	}
	ck_assert_uint_eq(seen, r.nr);
	free(buf);
	report_release(&r);
}
END_TEST

START_TEST(migration_record_gives_reasons_and_counts)
{
	struct report r;
	const struct report_item *it;

	test_put(tree, ".cdmigrate/migrate.json",
		 "{\"tree\": \"t\", \"steps\": [{\"order\": 10, \"name\": \"class-create\", \"action\": \"run\", "
		 "\"files_changed\": 3, \"sites_converted\": 5}, {\"order\": 40, \"name\": "
		 "\"class-device-to-device\", \"action\": \"run\", \"files_changed\": 1, \"sites_converted\": 2}], "
		 "\"files\": [{\"file\": \"drivers/foo/foo.c\", \"step\": \"class-device-to-device\", "
		 "\"status\": \"parse-failure\", \"detail\": \"static CLASS_DEVICE_ATTR(\"}, "
		 "{\"file\": \"drivers/bar/bar.c\", \"step\": \"class-create\", \"status\": \"timeout\", "
		 "\"detail\": \"\"}]}\n");
	make_report(tree, NULL, &r);
	ck_assert_ptr_nonnull(r.migration);
	ck_assert_uint_eq(r.migration->sites_converted, 7);
	ck_assert_uint_eq(r.migration->files_changed, 4);
	it = find(&r, "class-device-call", "class_device_create", 26);
	ck_assert_str_eq(it->reason, "parse-failure");
	ck_assert_ptr_nonnull(strstr(it->detail, "CLASS_DEVICE_ATTR"));
	/* inactive and driver-core keep theirs */
	ck_assert_str_eq(find(&r, "inactive", "class_device", 32)->reason, "inactive-#if");
	ck_assert_uint_eq(r.nr_failures, 2);
	ck_assert_str_eq(r.failures[0].file, "drivers/bar/bar.c");
	ck_assert_str_eq(r.failures[0].status, "timeout");
	report_release(&r);
}
END_TEST

START_TEST(baseline_survives_line_moves_and_names_new_users)
{
	char *base, *copy, *cmd, *err = NULL;
	struct report r;
	FILE *out;

	if (asprintf(&base, "%s/base.json", work) < 0 || asprintf(&copy, "%s/copy", work) < 0)
		ck_abort();
	make_report(tree, NULL, &r);
	out = fopen(base, "w");
	writer_json.write(out, &r);
	fclose(out);
	report_release(&r);

	/* the same tree, lines inserted above every site of foo.c */
	if (asprintf(&cmd, "cp -r %s %s", tree, copy) < 0)
		ck_abort();
	ck_assert_int_eq(system(cmd), 0);
	free(cmd);
	{
		char *moved;

		if (asprintf(&moved, "/* moved */\n\n\n%s", foo_c) < 0)
			ck_abort();
		test_put(copy, "drivers/foo/foo.c", moved);
		free(moved);
	}
	make_report(copy, NULL, &r);
	ck_assert_int_eq(report_compare_baseline(&r, base), 0);
	ck_assert_uint_eq(r.baseline->nr_new_items, 0);
	ck_assert_uint_eq(r.baseline->nr_new_failures, 0);
	ck_assert_uint_eq(r.baseline->gone, 0);
	report_release(&r);
	ck_assert_int_eq(run(copy, NULL), 1);
	if (asprintf(&cmd, "%s --baseline %s", copy, base) < 0)
		ck_abort();
	ck_assert_int_eq(run(cmd, NULL), 0);

	/* a new class_device user fails it, and is named */
	{
		char *more;

		if (asprintf(&more, "/* moved */\n\n\n%s\nint foo_more(struct class_device *cd)\n{\n"
				    "\treturn class_device_register(cd);\n}\n", foo_c) < 0)
			ck_abort();
		test_put(copy, "drivers/foo/foo.c", more);
		free(more);
	}
	make_report(copy, NULL, &r);
	ck_assert_int_eq(report_compare_baseline(&r, base), 0);
	ck_assert_uint_eq(r.baseline->nr_new_items, 2);
	{
		int named = 0;

		for (size_t i = 0; i < r.baseline->nr_new_items; i++) {
			const struct report_item *it = &r.items[r.baseline->new_items[i]];

			named |= !strcmp(it->symbol, "class_device_register") && it->function &&
				 !strcmp(it->function, "foo_more");
		}
		ck_assert(named);
	}
	report_release(&r);
	ck_assert_int_eq(run(cmd, &err), 1);
	ck_assert_msg(strstr(err, "new: drivers/foo/foo.c:") && strstr(err, "class_device_register"),
		      "stderr does not name the new site: %s", err);
	free(err);
	free(cmd);
	free(copy);
	free(base);
}
END_TEST

START_TEST(exit_statuses)
{
	char *clean, *args;

	ck_assert_int_eq(run(tree, NULL), 1);
	if (asprintf(&args, "%s --gate", tree) < 0)
		ck_abort();
	ck_assert_int_eq(run(args, NULL), 1);
	free(args);
	if (asprintf(&args, "%s --baseline /nonexistent/base.json", tree) < 0)
		ck_abort();
	ck_assert_int_eq(run(args, NULL), 2);
	free(args);
	if (asprintf(&args, "%s --format yaml", tree) < 0)
		ck_abort();
	ck_assert_int_eq(run(args, NULL), 2);
	free(args);

	/* a tree with nothing left */
	if (asprintf(&clean, "%s/clean", work) < 0)
		ck_abort();
	ck_assert_int_eq(mkdir(clean, 0755), 0);
	test_put(clean, "include/linux/device.h", "struct device { int x; };\n");
	test_put(clean, "drivers/bar/bar.c", "#include <linux/device.h>\nint bar(struct device *d) { return 0; }\n");
	ck_assert_int_eq(run(clean, NULL), 0);
	if (asprintf(&args, "%s --gate --format json", clean) < 0)
		ck_abort();
	ck_assert_int_eq(run(args, NULL), 0);
	free(args);
	free(clean);
}
END_TEST

START_TEST(html_escapes_everything)
{
	struct strbuf sb = STRBUF_INIT;

	writer_html_escape(&sb, "<a href=\"x\">&'</a>");
	ck_assert_str_eq(sb.buf, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;");
	strbuf_release(&sb);
}
END_TEST

START_TEST(html_renders_the_series)
{
	char *series, *buf = NULL;
	size_t len = 0;
	struct report r;
	FILE *out;
	const char *p;
	int patches = 0;

	if (asprintf(&series, "%s/series", work) < 0)
		ck_abort();
	ck_assert_int_eq(mkdir(series, 0755), 0);
	test_put(series, "0000-cover-letter.patch", "Subject: [PATCH 0/2] cover\n\n");
	test_put(series, "report.json", "{\"tree\": \"t\", \"steps\": [], \"files\": []}\n");
	/* a patch with no message at all, then one whose diff holds markup */
	test_put(series, "0001-driver-core-unused-exports.patch",
		 "From 0\nSubject: [PATCH 1/2] driver-core: remove exports\n\n---\n"
		 " a | 1 -\n\ndiff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +0,0 @@\n-int x;\n");
	test_put(series, "0002-foo-class-create.patch",
		 "From 0\nSubject: [PATCH 2/2] foo: convert <things>\n\nWhy & how.\n---\n"
		 "diff --git a/b b/b\n--- a/b\n+++ b/b\n@@ -1 +1 @@\n-if (a<b)\n+if (a>b && \"c\")\n-- \ncdmigrate 0.1\n");
	make_report(tree, series, &r);
	ck_assert_uint_eq(r.nr_patches, 2);
	ck_assert_str_eq(r.patches[1].subsystem, "foo");
	out = open_memstream(&buf, &len);
	ck_assert_int_eq(writer_html.write(out, &r), 0);
	fclose(out);
	for (p = buf; (p = strstr(p, "<details class=\"patch\"")); p++)
		patches++;
	ck_assert_int_eq(patches, 2);
	ck_assert_ptr_nonnull(strstr(buf, "<span class=\"d\">-int x;</span>"));
	ck_assert_ptr_nonnull(strstr(buf, "<span class=\"a\">+if (a&gt;b &amp;&amp; &quot;c&quot;)</span>"));
	ck_assert_ptr_nonnull(strstr(buf, "foo: convert &lt;things&gt;"));
	ck_assert_ptr_nonnull(strstr(buf, "<pre class=\"msg\">Why &amp; how.</pre>"));
	ck_assert_ptr_null(strstr(buf, "cdmigrate 0.1</span>"));
	ck_assert_ptr_null(strstr(buf, "http://"));
	ck_assert_ptr_null(strstr(buf, "https://"));
	free(buf);
	free(series);
	report_release(&r);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("report");
	TCase *tc = tcase_create("core");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, tokenizer_directives_if0_and_punctuators);
	tcase_add_test(tc, tokenizer_if0_prefix_and_comment_before_hash);
	tcase_add_test(tc, items_are_grouped_by_step_with_reasons);
	tcase_add_test(tc, an_identifier_named_class_device_is_no_use_of_the_struct);
	tcase_add_test(tc, a_name_that_is_not_the_api_is_reason_name);
	tcase_add_test(tc, a_converted_class_interface_is_kept);
	tcase_add_test(tc, a_static_class_step_10_leaves_stays_static);
	tcase_add_test(tc, text_lines_start_with_the_location);
	tcase_add_test(tc, migration_record_gives_reasons_and_counts);
	tcase_add_test(tc, baseline_survives_line_moves_and_names_new_users);
	tcase_add_test(tc, exit_statuses);
	tcase_add_test(tc, html_escapes_everything);
	tcase_add_test(tc, html_renders_the_series);
	tcase_add_test(tc, comments_and_strings_are_mentions_not_items);
	tcase_add_test(tc, declarations_and_classes_left_on_purpose);
	suite_add_tcase(s, tc);
	return s;
}
