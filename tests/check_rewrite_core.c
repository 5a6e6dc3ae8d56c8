/*
 * check_rewrite_core: the driver-core passes (core-file.h,
 * unused-exports.h, virtual-parent.h, delete-class-device.h) on small
 * trees written to a temporary directory, with the real classifier:
 * file-scope items, line-range removals and what goes with them, the
 * unused-exports pass on working contents that differ from the disk, the
 * virtual-parent check, and the deletion (refused with a user left, done
 * without one).
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyze/classify.h"
#include "analyze/site.h"
#include "base/util.h"
#include "rewrite/callback-callers.h"
#include "rewrite/core-file.h"
#include "rewrite/delete-class-device.h"
#include "rewrite/unused-exports.h"
#include "rewrite/virtual-parent.h"
#include "test-lib.h"

/* Apply removals of the given substrings (whole, first match each) to text. */
static char *remove_parts(const char *text, const char *const *parts, int stmt,
			  const char *const *topic)
{
	struct core_removals rm = CORE_REMOVALS_INIT;
	struct strbuf out = STRBUF_INIT;

	rm.topic = topic;
	for (size_t i = 0; parts[i]; i++) {
		const char *p = strstr(text, parts[i]);

		ck_assert_msg(p != NULL, "no '%s' in the text", parts[i]);
		core_removals_add(&rm, (size_t)(p - text), (size_t)(p - text) + strlen(parts[i]), stmt);
	}
	core_removals_apply(&rm, text, strlen(text), &out);
	core_removals_release(&rm);
	return strbuf_detach(&out, NULL);
}

/* ------------------------------------------------------------------ items */

START_TEST(test_items)
{
	static const char text[] =
		"#include <linux/device.h>\n"
		"#define to_cd(obj) container_of(obj, struct class_device, kobj)\n"
		"struct class_device;\n"
		"struct class_device {\n"
		"\tint (*release)(struct class_device *dev);\n"
		"};\n"
		"static struct sysfs_ops ops = { .show = show, };\n"
		"extern int class_device_add(struct class_device *);\n"
		"static inline void *\n"
		"class_get_devdata (struct class_device *dev)\n"
		"{\n"
		"\treturn dev->class_data;\n"
		"}\n"
		"static decl_subsys(class_obj, &ktype, NULL);\n"
		"EXPORT_SYMBOL_GPL(class_device_add);\n";
	static const struct {
		enum core_item_kind kind;
		const char *name;
		int is_struct;
	} want[] = {
		{ CORE_ITEM_DIRECTIVE, NULL, 0 },
		{ CORE_ITEM_DEFINE, "to_cd", 0 },
		{ CORE_ITEM_DECLARATION, "class_device", 0 },
		{ CORE_ITEM_DECLARATION, "class_device", 1 },
		{ CORE_ITEM_DECLARATION, "ops", 0 },
		{ CORE_ITEM_DECLARATION, "class_device_add", 0 },
		{ CORE_ITEM_FUNCTION, "class_get_devdata", 0 },
		{ CORE_ITEM_DECLARATION, "decl_subsys", 0 },
		{ CORE_ITEM_DECLARATION, "EXPORT_SYMBOL_GPL", 0 },
	};
	struct core_file f = CORE_FILE_INIT;

	core_file_parse(&f, text, strlen(text));
	ck_assert_uint_eq(f.nr, sizeof(want) / sizeof(*want));
	for (size_t i = 0; i < f.nr; i++) {
		ck_assert_msg(f.items[i].kind == want[i].kind, "item %zu: kind %d", i, f.items[i].kind);
		if (want[i].name)
			ck_assert_str_eq(f.items[i].name, want[i].name);
		else
			ck_assert_ptr_null(f.items[i].name);
		ck_assert_int_eq(f.items[i].is_struct, want[i].is_struct);
	}
	/* the function's body brace, and the extent of the last item */
	ck_assert(lex_token_is(&f.tokens.v[f.items[6].open], "{"));
	ck_assert_uint_eq(core_token_end(&f, f.items[8].last), strlen(text) - 1);
	core_file_release(&f);
}
END_TEST

/* --------------------------------------------------------------- removals */

START_TEST(test_removal_function_with_its_comment)
{
	static const char text[] =
		"int a;\n"
		"\n"
		"/**\n"
		" * f - does f\n"
		" */\n"
		"int f(void)\n"
		"{\n"
		"\treturn 0;\n"
		"}\n"
		"\n"
		"int b;\n";
	static const char *const parts[] = { "int f(void)\n{\n\treturn 0;\n}", NULL };
	char *out = remove_parts(text, parts, 0, NULL);

	ck_assert_str_eq(out, "int a;\n\nint b;\n");
	free(out);
}
END_TEST

START_TEST(test_removal_keeps_group_comment)
{
	/* the comment heads a group whose next line stays: it stays too */
	static const char text[] =
		"/* the class API */\n"
		"extern int class_x(void);\n"
		"extern int class_y(void);\n";
	static const char *const parts[] = { "extern int class_x(void);", NULL };
	char *out = remove_parts(text, parts, 0, NULL);

	ck_assert_str_eq(out, "/* the class API */\nextern int class_y(void);\n");
	free(out);
}
END_TEST

START_TEST(test_removal_statements)
{
	static const char text[] =
		"int f(void)\n"
		"{\n"
		"\tstruct class_device *cd;\n"
		"\n"
		"\tx();\n"
		"\t/* tell the class devices */\n"
		"\tif (cd)\n"
		"\t\ty(cd);\n"
		"\treturn 0;\n"
		"}\n";
	static const char *const parts[] = { "struct class_device *cd;", "if (cd)\n\t\ty(cd);", NULL };
	char *out = remove_parts(text, parts, 1, NULL);

	ck_assert_str_eq(out, "int f(void)\n{\n\tx();\n\treturn 0;\n}\n");
	free(out);
}
END_TEST

START_TEST(test_removal_partial_line_and_topic)
{
	static const char text[] =
		"int a; int b;\n"
		"\n"
		"/* Class Device Stuff */\n"
		"\n"
		"int class_device_x;\n"
		"\n"
		"int c;\n";
	static const char *const topic[] = { "class device", NULL };
	static const char *const parts[] = { " int b;", "int class_device_x;", NULL };
	char *out = remove_parts(text, parts, 0, topic);

	ck_assert_str_eq(out, "int a;\n\nint c;\n");
	free(out);
}
END_TEST

/* ---------------------------------------------------------- passes: setup */

struct fixture {
	char *tree;
	struct classify *classify;
	struct rewrite_file files[8];
	struct strbuf content[8];
	size_t nr;
	struct strvec log;
	struct rewrite_context ctx;
};

/* Add a working file (sorted order is the caller's) whose content may differ from disk. */
static void add_working(struct fixture *fx, const char *path, const char *content)
{
	fx->content[fx->nr] = (struct strbuf)STRBUF_INIT;
	strbuf_addstr(&fx->content[fx->nr], content);
	fx->files[fx->nr].path = path;
	fx->files[fx->nr].subsystem = "driver-core";
	fx->files[fx->nr].content = &fx->content[fx->nr];
	fx->files[fx->nr].in_step = 1;
	fx->nr++;
}

static void fixture_start(struct fixture *fx)
{
	memset(fx, 0, sizeof(*fx));
	fx->tree = test_tmpdir("check_rewrite_core");
	fx->log = (struct strvec)STRVEC_INIT;
	fx->ctx.tree = fx->tree;
	fx->ctx.kernel = fx->tree;
	fx->ctx.log = &fx->log;
}

static void fixture_ready(struct fixture *fx, int with_classifier)
{
	fx->ctx.files = fx->files;
	fx->ctx.nr = fx->nr;
	if (with_classifier) {
		struct classify_options co;
		static struct classify_unsaved overlay[8];

		memset(&co, 0, sizeof(co));
		co.tree = fx->tree;
		co.kernel = fx->tree;
		co.jobs = 1;
		co.headers_optional = 1;
		fx->classify = classify_new(&co);
		ck_assert_ptr_nonnull(fx->classify);
		for (size_t i = 0; i < fx->nr; i++) {
			overlay[i].file = fx->files[i].path;
			overlay[i].content = fx->content[i].buf;
			overlay[i].len = fx->content[i].len;
		}
		classify_set_overlay(fx->classify, overlay, fx->nr);
		fx->ctx.classify = fx->classify;
	}
}

static void fixture_end(struct fixture *fx)
{
	for (size_t i = 0; i < fx->nr; i++)
		strbuf_release(&fx->content[i]);
	if (fx->classify)
		classify_free(fx->classify);
	strvec_clear(&fx->log);
	test_rm_rf(fx->tree);
	free(fx->tree);
}

static const char *working(struct fixture *fx, const char *path)
{
	for (size_t i = 0; i < fx->nr; i++)
		if (!strcmp(fx->files[i].path, path))
			return fx->content[i].buf;
	ck_abort_msg("no working file %s", path);
	return NULL;
}

/* ------------------------------------------------------ unused-exports */

static const char exports_class_c[] =
	"#include <linux/device.h>\n"
	"\n"
	"int class_foo(int x)\n"
	"{\n"
	"\treturn x;\n"
	"}\n"
	"\n"
	"int class_bar(int x)\n"
	"{\n"
	"\treturn class_foo(x);\n"
	"}\n"
	"\n"
	"static int class_helper(int x)\n"
	"{\n"
	"\treturn x + 1;\n"
	"}\n"
	"\n"
	"int class_baz(int x)\n"
	"{\n"
	"\treturn class_helper(x);\n"
	"}\n"
	"\n"
	"EXPORT_SYMBOL(class_foo);\n"
	"EXPORT_SYMBOL(class_bar);\n"
	"EXPORT_SYMBOL(class_baz);\n";

static const char exports_device_h[] =
	"extern int class_foo(int);\n"
	"extern int class_bar(int);\n"
	"extern int class_baz(int);\n";

START_TEST(test_unused_exports_on_working_contents)
{
	struct fixture fx;

	fixture_start(&fx);
	test_put(fx.tree, "drivers/base/class.c", exports_class_c);
	test_put(fx.tree, "include/linux/device.h", exports_device_h);
	/* on disk the driver still calls class_baz; its working contents no longer do */
	test_put(fx.tree, "drivers/misc/user.c", "int u(void) { return class_bar(1) + class_baz(2); }\n");
	add_working(&fx, "drivers/base/class.c", exports_class_c);
	add_working(&fx, "drivers/misc/user.c", "int u(void) { return class_bar(1); }\n");
	add_working(&fx, "include/linux/device.h", exports_device_h);
	fixture_ready(&fx, 0);

	ck_assert_int_eq(rewrite_unused_exports(&fx.ctx), 0);
	ck_assert_str_eq(working(&fx, "drivers/base/class.c"),
			 "#include <linux/device.h>\n"
			 "\n"
			 "int class_foo(int x)\n"
			 "{\n"
			 "\treturn x;\n"
			 "}\n"
			 "\n"
			 "int class_bar(int x)\n"
			 "{\n"
			 "\treturn class_foo(x);\n"
			 "}\n"
			 "\n"
			 "EXPORT_SYMBOL(class_bar);\n");
	/* class_foo's definition stays for class_bar, after it: no declaration needed */
	ck_assert_str_eq(working(&fx, "include/linux/device.h"), "extern int class_bar(int);\n");
	ck_assert_uint_eq(fx.log.nr, 3);

	/* idempotent */
	ck_assert_int_eq(rewrite_unused_exports(&fx.ctx), 0);
	ck_assert_uint_eq(fx.log.nr, 3);
	fixture_end(&fx);
}
END_TEST

START_TEST(test_unused_exports_declaration_kept_for_another_core_file)
{
	static const char core_c[] = "int g(void) { return class_foo(3); }\n";
	struct fixture fx;

	fixture_start(&fx);
	test_put(fx.tree, "drivers/base/class.c", exports_class_c);
	test_put(fx.tree, "drivers/base/core.c", core_c);
	test_put(fx.tree, "include/linux/device.h", exports_device_h);
	test_put(fx.tree, "drivers/misc/user.c", "int u(void) { return class_bar(1) + class_baz(2); }\n");
	add_working(&fx, "drivers/base/class.c", exports_class_c);
	add_working(&fx, "drivers/base/core.c", core_c);
	add_working(&fx, "include/linux/device.h", exports_device_h);
	fixture_ready(&fx, 0);

	ck_assert_int_eq(rewrite_unused_exports(&fx.ctx), 0);
	ck_assert_ptr_null(strstr(working(&fx, "drivers/base/class.c"), "EXPORT_SYMBOL(class_foo);"));
	ck_assert_ptr_nonnull(strstr(working(&fx, "drivers/base/class.c"), "int class_foo(int x)"));
	ck_assert_ptr_nonnull(strstr(working(&fx, "include/linux/device.h"), "extern int class_foo(int);"));
	fixture_end(&fx);
}
END_TEST

/* ------------------------------------------------------ virtual-parent */

static const char core_with_parent[] =
	"static int virtual_device_parent(struct device *dev)\n"
	"{\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"int device_add(struct device *dev)\n"
	"{\n"
	"\tif (dev->class && !dev->parent)\n"
	"\t\treturn virtual_device_parent(dev);\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"struct device *device_create(struct class *class, struct device *parent,\n"
	"\t\t\t     dev_t devt, char *fmt, ...)\n"
	"{\n"
	"%s"
	"\treturn 0;\n"
	"}\n";

static int virtual_parent_on(const char *core)
{
	struct fixture fx;
	int rc;

	fixture_start(&fx);
	add_working(&fx, "drivers/base/core.c", core);
	fixture_ready(&fx, 0);
	rc = rewrite_virtual_parent(&fx.ctx);
	ck_assert_str_eq(working(&fx, "drivers/base/core.c"), core);
	fixture_end(&fx);
	return rc;
}

START_TEST(test_virtual_parent)
{
	char *ok = xstrfmt(core_with_parent, "");
	char *refuses = xstrfmt(core_with_parent, "\tif (!parent)\n\t\tgoto error;\n");
	char *refuses2 = xstrfmt(core_with_parent, "\tif (parent == NULL) {\n\t\tprintk(\"no\");\n\t\treturn 0;\n\t}\n");
	char *other_test = xstrfmt(core_with_parent, "\tif (!class)\n\t\tgoto error;\n");

	ck_assert_int_eq(virtual_parent_on(ok), 0);
	ck_assert_int_eq(virtual_parent_on(refuses), REWRITE_REFUSED);
	ck_assert_int_eq(virtual_parent_on(refuses2), REWRITE_REFUSED);
	ck_assert_int_eq(virtual_parent_on(other_test), 0);
	ck_assert_int_eq(virtual_parent_on("int device_add(struct device *dev) { return 0; }\n"),
			 REWRITE_REFUSED);
	ck_assert_int_eq(virtual_parent_on("static int virtual_device_parent(struct device *d) { return 0; }\n"
					   "int device_add(struct device *dev) { return 0; }\n"),
			 REWRITE_REFUSED);
	free(ok);
	free(refuses);
	free(refuses2);
	free(other_test);
}
END_TEST

/* ---------------------------------------------------- callback-callers */

/*
 * A show callback the rules gave the attribute (its step file before and
 * after), called by name from a file the rules never saw.
 */
START_TEST(test_callback_callers)
{
	static const char core_before[] =
		"ssize_t w_show(struct class_device *cd, char *buf) { return 0; }\n"
		"static ssize_t own_show(struct class_device *cd, char *buf) { return 0; }\n"
		"int w_register(struct class_device *cd, int flags) { return 0; }\n";
	static const char core_after[] =
		"ssize_t w_show(struct device *cd, struct device_attribute *attr, char *buf) { return 0; }\n"
		"static ssize_t own_show(struct device *cd, struct device_attribute *attr, char *buf) { return 0; }\n"
		"int w_register(struct device *cd, int flags) { return 0; }\n";
	static const char probe[] =
		"extern ssize_t w_show(struct class_device *cd, char *buf);\n"
		"void p(struct w *w, struct ops *ops)\n"
		"{\n"
		"\tchar b[8];\n"
		"\n"
		"\tif (w_show(to_class(w), b) > 0)\n"
		"\t\treturn;\n"
		"\tw_show(to_class(w), NULL, b);\n"
		"\tops->w_show(w, b);\n"
		"\town_show(to_class(w), b);\n"
		"\tw_register(to_class(w), 0);\n"
		"}\n"
		"int q(struct w *w) { char b[8]; return w_show(to_class(w), b); }\n";
	static const char want[] =
		"extern ssize_t w_show(struct class_device *cd, char *buf);\n"
		"void p(struct w *w, struct ops *ops)\n"
		"{\n"
		"\tchar b[8];\n"
		"\n"
		"\tif (w_show(to_class(w), NULL, b) > 0)\n"
		"\t\treturn;\n"
		"\tw_show(to_class(w), NULL, b);\n"
		"\tops->w_show(w, b);\n"
		"\town_show(to_class(w), b);\n"
		"\tw_register(to_class(w), 0);\n"
		"}\n"
		"int q(struct w *w) { char b[8]; return w_show(to_class(w), NULL, b); }\n";
	struct strbuf start = STRBUF_INIT;
	struct fixture fx;

	strbuf_addstr(&start, core_before);
	fixture_start(&fx);
	add_working(&fx, "drivers/w/core.c", core_after);
	fx.files[0].step_start = &start;
	add_working(&fx, "drivers/w/probe.c", probe);
	fx.files[1].in_step = 0;
	fixture_ready(&fx, 0);
	ck_assert_int_eq(rewrite_callback_callers(&fx.ctx), 0);
	ck_assert_str_eq(working(&fx, "drivers/w/probe.c"), want);
	ck_assert_str_eq(working(&fx, "drivers/w/core.c"), core_after);
	ck_assert_uint_eq(fx.log.nr, 2);
	/* idempotent */
	ck_assert_int_eq(rewrite_callback_callers(&fx.ctx), 0);
	ck_assert_str_eq(working(&fx, "drivers/w/probe.c"), want);
	fixture_end(&fx);
	strbuf_release(&start);
}
END_TEST

/* What the engine asks before the step: the callbacks a file declares, and their callers. */
START_TEST(test_callback_callers_names)
{
	static const char header[] =
		"extern ssize_t w_show(struct class_device *cd, char *buf);\n"
		"ssize_t w_store(struct class_device *cd, const char *buf, size_t n);\n"
		"static ssize_t own_show(struct class_device *cd, char *buf);\n"
		"int w_one(struct class_device *cd);\n"
		"int w_other(struct device *d, char *buf);\n"
		"struct ops { ssize_t (*show)(struct class_device *cd, char *buf); };\n";
	struct strvec names = STRVEC_INIT;

	callback_callers_names(header, strlen(header), &names);
	ck_assert_uint_eq(names.nr, 2);
	ck_assert_str_eq(names.v[0], "w_show");
	ck_assert_str_eq(names.v[1], "w_store");
	ck_assert(callback_callers_candidate("x = w_store(a, b, 1);", 20, &names));
	ck_assert(!callback_callers_candidate("x = w_stores(a, b, 1);", 21, &names));
	strvec_clear(&names);
}
END_TEST

/* 2.6.19 defined virtual_device_parent() in class.c; core.c's device_add() calls it. */
START_TEST(test_virtual_parent_in_class_c)
{
	static const char core_c[] =
		"int device_add(struct device *dev)\n"
		"{\n"
		"\tif (dev->class && !dev->parent)\n"
		"\t\treturn virtual_device_parent(dev);\n"
		"\treturn 0;\n"
		"}\n";
	static const char class_c[] =
		"int virtual_device_parent(struct device *dev)\n{\n\treturn 0;\n}\n";
	struct fixture fx;

	fixture_start(&fx);
	add_working(&fx, "drivers/base/class.c", class_c);
	add_working(&fx, "drivers/base/core.c", core_c);
	fixture_ready(&fx, 0);
	ck_assert_int_eq(rewrite_virtual_parent(&fx.ctx), 0);
	fixture_end(&fx);
	/* defined in class.c, called by nothing in core.c: refused */
	fixture_start(&fx);
	add_working(&fx, "drivers/base/class.c", class_c);
	add_working(&fx, "drivers/base/core.c", "int device_add(struct device *dev) { return 0; }\n");
	fixture_ready(&fx, 0);
	ck_assert_int_eq(rewrite_virtual_parent(&fx.ctx), REWRITE_REFUSED);
	fixture_end(&fx);
}
END_TEST

/* ------------------------------------------------------------ deletion */

static const char delete_device_h[] =
	"#ifndef _DEVICE_H_\n"
	"#define _DEVICE_H_\n"
	"\n"
	"struct list_head { struct list_head *next, *prev; };\n"
	"struct kobject { int refcount; };\n"
	"struct device { struct kobject kobj; void *driver_data; };\n"
	"struct class_device;\n"
	"\n"
	"struct class {\n"
	"\tconst char *name;\n"
	"\tstruct list_head children;\n"
	"\tstruct list_head interfaces;\n"
	"\tvoid (*release)(struct class_device *dev);\n"
	"\tvoid (*class_release)(struct class *class);\n"
	"};\n"
	"\n"
	"extern int class_register(struct class *);\n"
	"\n"
	"/* a class device */\n"
	"struct class_device {\n"
	"\tstruct list_head node;\n"
	"\tstruct kobject kobj;\n"
	"\tstruct class *class;\n"
	"};\n"
	"\n"
	"#define CLASS_DEVICE_ATTR(_name) int class_device_attr_##_name\n"
	"extern int class_device_register(struct class_device *);\n"
	"extern void class_device_destroy(struct class *cls, int devt);\n"
	"\n"
	"struct class_interface {\n"
	"\tstruct list_head node;\n"
	"\tstruct class *class;\n"
	"\tint (*add)(struct class_device *, struct class_interface *);\n"
	"};\n"
	"\n"
	"extern int class_interface_register(struct class_interface *);\n"
	"\n"
	"#endif\n";

static const char delete_base_h[] =
	"#define to_class_dev(obj) ((struct class_device *)(obj))\n"
	"#define to_dev(obj) ((struct device *)(obj))\n";

static const char delete_class_c[] =
	"#include <linux/device.h>\n"
	"#include \"base.h\"\n"
	"\n"
	"int class_register(struct class *cls)\n"
	"{\n"
	"\tcls->children.next = &cls->children;\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"static void cdev_release(struct kobject *kobj)\n"
	"{\n"
	"\tstruct class_device *cd = to_class_dev(kobj);\n"
	"\n"
	"\tcd->class = 0;\n"
	"}\n"
	"\n"
	"int class_device_register(struct class_device *cd)\n"
	"{\n"
	"\tcdev_release(&cd->kobj);\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"int class_interface_register(struct class_interface *intf)\n"
	"{\n"
	"\tstruct class_device *cd = 0;\n"
	"\n"
	"\tif (intf->add)\n"
	"\t\tintf->add(cd, intf);\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"EXPORT_SYMBOL(class_register);\n"
	"EXPORT_SYMBOL(class_device_register);\n";

static void delete_tree(struct fixture *fx, const char *user)
{
	fixture_start(fx);
	test_put(fx->tree, "include/linux/device.h", delete_device_h);
	test_put(fx->tree, "drivers/base/base.h", delete_base_h);
	test_put(fx->tree, "drivers/base/class.c", delete_class_c);
	test_put(fx->tree, "drivers/misc/user.c", user);
	add_working(fx, "drivers/base/base.h", delete_base_h);
	add_working(fx, "drivers/base/class.c", delete_class_c);
	add_working(fx, "drivers/misc/user.c", user);
	add_working(fx, "include/linux/device.h", delete_device_h);
	fixture_ready(fx, 1);
}

/* The one rule of what blocks step 70, on the core as read from disk. */
START_TEST(test_deletion_blocks)
{
	char *dir = test_tmpdir("check_rewrite_core");
	struct deletion *d;
	const char *member = "x";

	test_put(dir, "include/linux/device.h", delete_device_h);
	test_put(dir, "drivers/base/base.h", delete_base_h);
	test_put(dir, "drivers/base/class.c", delete_class_c);
	d = deletion_read(dir);
	ck_assert_ptr_nonnull(d);
	/* every class_device site */
	ck_assert(deletion_blocks(d, "class-device-variable", "user_cd", "variable", &member));
	ck_assert_ptr_null(member);
	ck_assert(deletion_blocks(d, "class-device-call", "class_device_register", "", NULL));
	/* an inactive line, when it is the API, unless the branch is #if 0 */
	ck_assert(deletion_blocks(d, "inactive", "class_device", "inactive-#if: not seen by the parser", NULL));
	ck_assert(deletion_blocks(d, "inactive", "class_device_register", "inactive-#if: not seen by the parser",
				  NULL));
	ck_assert(deletion_blocks(d, "inactive", "CLASS_DEVICE_ATTR", "inactive-#if: not seen by the parser", NULL));
	ck_assert(!deletion_blocks(d, "inactive", "class_device_register", SITE_REASON_IF_ZERO, NULL));
	ck_assert(!deletion_blocks(d, "inactive", "tape_class_device", "inactive-#if: not seen by the parser", NULL));
	ck_assert(!deletion_blocks(d, "inactive", "my_interface", "inactive-#if: not seen by the parser", NULL));
	/* a line of a macro body no parse sees, when it is the API (not PCI_CLASS_DEVICE) */
	ck_assert(!deletion_blocks(d, "macro-body", "PCI_CLASS_DEVICE", "macro body of P: no parse sees it", NULL));
	ck_assert(deletion_blocks(d, "macro-body", "class_device_attr_rport_",
				  "macro body of rport_attr: no parse sees it", NULL));
	ck_assert(deletion_blocks(d, "macro-body", "CLASS_DEVICE_ATTR", "macro body of A: no parse sees it", NULL));
	ck_assert(!deletion_blocks(d, "macro-body", "class_interface_unregister",
				   "macro body of B: no parse sees it", NULL));
	/* a static class, when it sets a member of struct class that goes */
	ck_assert(deletion_blocks(d, "static-class", "foo_class", "sets: name,release", &member));
	ck_assert_str_eq(member, "release");
	ck_assert(!deletion_blocks(d, "static-class", "foo_class", "sets: name,class_release", &member));
	ck_assert_ptr_null(member);
	/* a name it deletes that a user can name; not one it keeps */
	ck_assert(deletion_blocks(d, "token", "class_device_register", NULL, NULL));
	ck_assert(deletion_blocks(d, "token", "CLASS_DEVICE_ATTR", NULL, NULL));
	ck_assert(!deletion_blocks(d, "token", "class_interface_register", NULL, NULL));
	ck_assert(!deletion_blocks(d, "token", "to_class_dev", NULL, NULL));	/* private */
	/* class_interface objects stay in the class-level API */
	ck_assert(!deletion_blocks(d, "class-interface", "foo_interface", "", NULL));
	deletion_free(d);
	test_rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(test_delete_refused_with_a_user)
{
	static const char user[] =
		"#include <linux/device.h>\n"
		"\n"
		"static struct class_device *user_cd;\n";
	struct fixture fx;

	delete_tree(&fx, user);
	ck_assert_int_eq(rewrite_delete_class_device(&fx.ctx), REWRITE_REFUSED);
	ck_assert_str_eq(working(&fx, "include/linux/device.h"), delete_device_h);
	ck_assert_str_eq(working(&fx, "drivers/base/class.c"), delete_class_c);
	ck_assert_str_eq(working(&fx, "drivers/base/base.h"), delete_base_h);
	fixture_end(&fx);
}
END_TEST

START_TEST(test_delete_refused_for_a_token)
{
	/* a macro nobody expands: no site, but the name would not compile */
	static const char user[] = "#define MY_ATTR(n) CLASS_DEVICE_ATTR(n)\n";
	struct fixture fx;

	delete_tree(&fx, user);
	ck_assert_int_eq(rewrite_delete_class_device(&fx.ctx), REWRITE_REFUSED);
	ck_assert_str_eq(working(&fx, "include/linux/device.h"), delete_device_h);
	fixture_end(&fx);
}
END_TEST

START_TEST(test_delete_refused_for_a_change_verify_holds_back)
{
	/* on disk the driver uses class_device; its conversion does not parse */
	static const char disk[] =
		"#include <linux/device.h>\n"
		"\n"
		"static struct class_device *user_cd;\n";
	static const char converted[] =
		"#include <linux/device.h>\n"
		"\n"
		"static struct device *user_cd = ;\n";
	struct fixture fx;

	fixture_start(&fx);
	test_put(fx.tree, "include/linux/device.h", delete_device_h);
	test_put(fx.tree, "drivers/base/base.h", delete_base_h);
	test_put(fx.tree, "drivers/base/class.c", delete_class_c);
	test_put(fx.tree, "drivers/misc/user.c", disk);
	add_working(&fx, "drivers/base/base.h", delete_base_h);
	add_working(&fx, "drivers/base/class.c", delete_class_c);
	add_working(&fx, "drivers/misc/user.c", converted);
	add_working(&fx, "include/linux/device.h", delete_device_h);
	fixture_ready(&fx, 1);
	ck_assert_int_eq(rewrite_delete_class_device(&fx.ctx), REWRITE_REFUSED);
	ck_assert_str_eq(working(&fx, "include/linux/device.h"), delete_device_h);
	fixture_end(&fx);
}
END_TEST

START_TEST(test_delete)
{
	static const char user[] =
		"#include <linux/device.h>\n"
		"\n"
		"static struct class user_class = { .name = \"user\" };\n"
		"int user_init(void) { return class_register(&user_class); }\n";
	struct fixture fx;

	delete_tree(&fx, user);
	ck_assert_int_eq(rewrite_delete_class_device(&fx.ctx), 0);
	ck_assert_str_eq(working(&fx, "include/linux/device.h"),
			 "#ifndef _DEVICE_H_\n"
			 "#define _DEVICE_H_\n"
			 "\n"
			 "struct list_head { struct list_head *next, *prev; };\n"
			 "struct kobject { int refcount; };\n"
			 "struct device { struct kobject kobj; void *driver_data; };\n"
			 "\n"
			 "struct class {\n"
			 "\tconst char *name;\n"
			 "\tstruct list_head interfaces;\n"
			 "\tvoid (*class_release)(struct class *class);\n"
			 "};\n"
			 "\n"
			 "extern int class_register(struct class *);\n"
			 "\n"
			 "struct class_interface {\n"
			 "\tstruct list_head node;\n"
			 "\tstruct class *class;\n"
			 "};\n"
			 "\n"
			 "extern int class_interface_register(struct class_interface *);\n"
			 "\n"
			 "#endif\n");
	ck_assert_str_eq(working(&fx, "drivers/base/base.h"),
			 "#define to_dev(obj) ((struct device *)(obj))\n");
	ck_assert_str_eq(working(&fx, "drivers/base/class.c"),
			 "#include <linux/device.h>\n"
			 "#include \"base.h\"\n"
			 "\n"
			 "int class_register(struct class *cls)\n"
			 "{\n"
			 "\treturn 0;\n"
			 "}\n"
			 "\n"
			 "int class_interface_register(struct class_interface *intf)\n"
			 "{\n"
			 "\treturn 0;\n"
			 "}\n"
			 "\n"
			 "EXPORT_SYMBOL(class_register);\n");
	ck_assert_str_eq(working(&fx, "drivers/misc/user.c"), user);

	/* a second run finds nothing to delete */
	ck_assert_int_eq(rewrite_delete_class_device(&fx.ctx), 0);
	ck_assert_ptr_null(strstr(working(&fx, "include/linux/device.h"), "class_device"));
	fixture_end(&fx);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rewrite_core");
	TCase *text = tcase_create("text");
	TCase *passes = tcase_create("passes");

	tcase_add_test(text, test_items);
	tcase_add_test(text, test_removal_function_with_its_comment);
	tcase_add_test(text, test_removal_keeps_group_comment);
	tcase_add_test(text, test_removal_statements);
	tcase_add_test(text, test_removal_partial_line_and_topic);
	suite_add_tcase(s, text);

	tcase_set_timeout(passes, 60);
	tcase_add_test(passes, test_unused_exports_on_working_contents);
	tcase_add_test(passes, test_unused_exports_declaration_kept_for_another_core_file);
	tcase_add_test(passes, test_virtual_parent);
	tcase_add_test(passes, test_virtual_parent_in_class_c);
	tcase_add_test(passes, test_callback_callers);
	tcase_add_test(passes, test_callback_callers_names);
	tcase_add_test(passes, test_deletion_blocks);
	tcase_add_test(passes, test_delete_refused_with_a_user);
	tcase_add_test(passes, test_delete_refused_for_a_token);
	tcase_add_test(passes, test_delete_refused_for_a_change_verify_holds_back);
	tcase_add_test(passes, test_delete);
	suite_add_tcase(s, passes);
	return s;
}
