/* Unit tests of step 50's virtual-bus passes: the template, its wrapping,
 * which classes move, the names given to the semantic patch and their
 * removal.  The passes with virtual-bus.cocci run in
 * testcases/50-class-interface-to-virtual-bus. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite/virtual-bus.h"
#include "rewrite/virtual-bus-template.h"
#include "test-lib.h"

static const char template[] =
	"free text: @P@ and @@ only count at the start of a line\n"
	"@@ driver\n"
	"struct @T@ {\n"
	"\tint (*add)(struct device *dev, struct @T@ *drv); @wrap\n"
	"};\n"
	"@@ header\n"
	"@DRIVER@\n"
	"extern void @ADD@(struct device *); @wrap\n"
	"@@ header if devt\n"
	"extern void @DELT@(dev_t); @wrap\n"
	"@@ bus if static\n"
	"@DRIVER@\n"
	"@@ bus\n"
	"/* @dev: a device of @C@ */\n"
	"static int @P@_bus_probe(struct device *dev)\n"
	"{\n"
	"\tstruct @T@ *drv = to_@P@_bus_dev(dev)->drv; @wrap\n"
	"\n"
	"\treturn 0;\n"
	"}\n"
	"@STATIC@struct bus_type @B@ = {\n"
	"\t.name\t= @NAME@,\n"
	"};\n"
	"@@ bus if export\n"
	"@EXPORT@(@B@);\n";

static void render(const char *name, const struct virtual_bus_names *n, struct strbuf *out)
{
	struct virtual_bus_template t = VIRTUAL_BUS_TEMPLATE_INIT;

	ck_assert_int_eq(virtual_bus_template_parse(&t, "t.in", template, strlen(template)), 0);
	strbuf_reset(out);
	virtual_bus_template_render(&t, name, n, out);
	virtual_bus_template_release(&t);
}

START_TEST(short_names_stay_on_one_line)
{
	struct virtual_bus_names n = { "gizmo", "gizmo_class", "\"gizmo_bus\"", NULL, 1, 0 };
	struct strbuf out = STRBUF_INIT;

	render("bus", &n, &out);
	ck_assert_str_eq(out.buf,
			 "struct gizmo_bus_driver {\n"
			 "\tint (*add)(struct device *dev, struct gizmo_bus_driver *drv);\n"
			 "};\n"
			 "/* @dev: a device of gizmo_class */\n"
			 "static int gizmo_bus_probe(struct device *dev)\n"
			 "{\n"
			 "\tstruct gizmo_bus_driver *drv = to_gizmo_bus_dev(dev)->drv;\n"
			 "\n"
			 "\treturn 0;\n"
			 "}\n"
			 "static struct bus_type gizmo_bus_type = {\n"
			 "\t.name\t= \"gizmo_bus\",\n"
			 "};\n");
	strbuf_release(&out);
}
END_TEST

START_TEST(long_names_wrap)
{
	struct virtual_bus_names n = { "pcmcia_socket", "pcmcia_socket_class",
				       "\"pcmcia_socket_bus\"", "EXPORT_SYMBOL", 0, 1 };
	struct strbuf out = STRBUF_INIT;

	render("header", &n, &out);
	ck_assert_str_eq(out.buf,
			 "struct pcmcia_socket_bus_driver {\n"
			 "\tint (*add)(struct device *dev, struct pcmcia_socket_bus_driver *drv);\n"
			 "};\n"
			 "extern void pcmcia_socket_bus_add_device(struct device *);\n"
			 "extern void pcmcia_socket_bus_del_devt(dev_t);\n");
	render("bus", &n, &out);
	ck_assert_str_eq(out.buf,
			 "/* @dev: a device of pcmcia_socket_class */\n"
			 "static int pcmcia_socket_bus_probe(struct device *dev)\n"
			 "{\n"
			 "\tstruct pcmcia_socket_bus_driver *drv;\n"
			 "\n"
			 "\tdrv = to_pcmcia_socket_bus_dev(dev)->drv;\n"
			 "\treturn 0;\n"
			 "}\n"
			 "struct bus_type pcmcia_socket_bus_type = {\n"
			 "\t.name\t= \"pcmcia_socket_bus\",\n"
			 "};\n"
			 "EXPORT_SYMBOL(pcmcia_socket_bus_type);\n");
	n.prefix = "a_rather_long_prefix_for_a_class_name";
	render("header", &n, &out);
	ck_assert_str_eq(out.buf,
			 "struct a_rather_long_prefix_for_a_class_name_bus_driver {\n"
			 "\tint (*add)(struct device *dev,\n"
			 "\t\t   struct a_rather_long_prefix_for_a_class_name_bus_driver *drv);\n"
			 "};\n"
			 "extern void\n"
			 "a_rather_long_prefix_for_a_class_name_bus_add_device(struct device *);\n"
			 "extern void a_rather_long_prefix_for_a_class_name_bus_del_devt(dev_t);\n");
	strbuf_release(&out);
}
END_TEST

START_TEST(template_errors)
{
	static const char bad[] = "text\n@@ bus when static\nx\n";
	static const char none[] = "only text\n";
	struct virtual_bus_template t = VIRTUAL_BUS_TEMPLATE_INIT;

	ck_assert_int_eq(virtual_bus_template_parse(&t, "bad.in", bad, strlen(bad)), -1);
	virtual_bus_template_release(&t);
	ck_assert_int_eq(virtual_bus_template_parse(&t, "none.in", none, strlen(none)), -1);
	virtual_bus_template_release(&t);
}
END_TEST

/* ------------------------------------------------------------ the passes */

struct tree {
	struct rewrite_file files[4];
	struct strbuf text[4];
	struct strvec log;
	struct rewrite_context ctx;
};

static void tree_init(struct tree *t, const char *const *paths, const char *const *texts, size_t nr)
{
	memset(t, 0, sizeof(*t));
	t->log = (struct strvec)STRVEC_INIT;
	for (size_t i = 0; i < nr; i++) {
		t->text[i] = (struct strbuf)STRBUF_INIT;
		strbuf_addstr(&t->text[i], texts[i]);
		t->files[i].path = paths[i];
		t->files[i].subsystem = "widget";
		t->files[i].content = &t->text[i];
		t->files[i].in_step = 1;
	}
	t->ctx.files = t->files;
	t->ctx.nr = nr;
	t->ctx.log = &t->log;
}

static void tree_release(struct tree *t)
{
	for (size_t i = 0; i < t->ctx.nr; i++)
		strbuf_release(&t->text[i]);
	strvec_clear(&t->log);
}

static const char owner[] =
	"#include <linux/module.h>\n"
	"#include <linux/device.h>\n"
	"\n"
	"static struct class *widget_class;\n"
	"\n"
	"static int widget_add(struct device *dev, struct class_interface *intf)\n"
	"{\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"static struct class_interface widget_interface = {\n"
	"\t.add = widget_add,\n"
	"};\n"
	"\n"
	"int widget_register(struct widget *w)\n"
	"{\n"
	"\tint ret;\n"
	"\n"
	"\tw->dev.class = widget_class;\n"
	"\tret = device_register(&w->dev);\n"
	"\tif (ret)\n"
	"\t\treturn ret;\n"
	"\treturn 0;\n"
	"}\n"
	"\n"
	"static int __init widget_init(void)\n"
	"{\n"
	"\twidget_class = class_create(THIS_MODULE, \"widget\");\n"
	"\tif (IS_ERR(widget_class))\n"
	"\t\treturn PTR_ERR(widget_class);\n"
	"\twidget_interface.class = widget_class;\n"
	"\treturn class_interface_register(&widget_interface);\n"
	"}\n";

START_TEST(a_class_moves)
{
	const char *paths[] = { "drivers/widget/core.c" };
	const char *texts[] = { owner };
	struct tree t;
	const char *s;

	tree_init(&t, paths, texts, 1);
	ck_assert_int_eq(rewrite_virtual_bus(&t.ctx), 0);
	s = t.text[0].buf;
	ck_assert(NULL != strstr(s, "#include <linux/device.h>\n#include <linux/slab.h>\n"));
	ck_assert(NULL != strstr(s, "static struct class *widget_class;\n#if 0 /* CDMIGRATE_VIRTUAL_BUS */\n\n/*\n"));
	ck_assert(NULL != strstr(s, "static struct bus_type widget_bus_type = {\n"
					"\t.name\t= \"widget_bus\",\n"));
	ck_assert(NULL != strstr(s, "\nCDMIGRATE_VIRTUAL_BUS(widget_class, widget_bus_type, "
					"widget_bus_add_device, widget_bus_del_device, "
					"widget_bus_del_devt);\n"
					"CDMIGRATE_VIRTUAL_BUS_ERR(widget_class);\n"
					"CDMIGRATE_VIRTUAL_BUS_DRIVER(widget_interface, widget_driver, "
					"widget_bus_driver, widget_bus_register_driver, "
					"widget_bus_unregister_driver, \"widget\");\n"));
	/* what the patch would do, then the pass after it */
	strbuf_addstr(&t.text[0], "int f(void) { return bus_register(&widget_bus_type); }\n");
	ck_assert_int_eq(rewrite_virtual_bus_markers(&t.ctx), 0);
	ck_assert(NULL == strstr(t.text[0].buf, "CDMIGRATE"));
	ck_assert(NULL != strstr(t.text[0].buf, "static struct class *widget_class;\n\n/*\n"));
	tree_release(&t);
}
END_TEST

START_TEST(unregistered_bus_refuses)
{
	const char *paths[] = { "drivers/widget/core.c" };
	const char *texts[] = { owner };
	struct tree t;

	tree_init(&t, paths, texts, 1);
	ck_assert_int_eq(rewrite_virtual_bus(&t.ctx), 0);
	ck_assert_int_eq(rewrite_virtual_bus_markers(&t.ctx), REWRITE_REFUSED);
	tree_release(&t);
}
END_TEST

/* the 2.6.22 half-way tree: an interface already on add_dev/remove_dev */
START_TEST(callbacks_interface_is_left)
{
	const char *paths[] = { "drivers/widget/core.c" };
	const char *at = strstr(owner, "\t.add = ");
	char *text = xstrfmt("%.*s\t.add_dev = %s", (int)(at - owner), owner, at + strlen("\t.add = "));
	const char *texts[] = { text };
	struct tree t;

	tree_init(&t, paths, texts, 1);
	ck_assert_int_eq(rewrite_virtual_bus(&t.ctx), 0);
	ck_assert_str_eq(t.text[0].buf, text);
	tree_release(&t);
	free(text);
}
END_TEST

START_TEST(existing_bus_is_left)
{
	const char *paths[] = { "drivers/widget/core.c", "include/linux/widget.h" };
	const char *texts[] = { owner, "extern void widget_bus_add_device(struct device *);\n" };
	struct tree t;

	tree_init(&t, paths, texts, 2);
	t.files[1].subsystem = "widget";
	ck_assert_int_eq(rewrite_virtual_bus(&t.ctx), 0);
	ck_assert_str_eq(t.text[0].buf, owner);
	tree_release(&t);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rewrite-virtual-bus");
	TCase *tc = tcase_create("template");
	TCase *pass = tcase_create("passes");

	/* the real template, from the source tree */
	setenv("CDMIGRATE_PATCH_DIR", CDMIGRATE_SRCDIR "/semantic-patches", 1);
	tcase_add_test(tc, short_names_stay_on_one_line);
	tcase_add_test(tc, long_names_wrap);
	tcase_add_test(tc, template_errors);
	suite_add_tcase(s, tc);
	tcase_add_test(pass, a_class_moves);
	tcase_add_test(pass, unregistered_bus_refuses);
	tcase_add_test(pass, callbacks_interface_is_left);
	tcase_add_test(pass, existing_bus_is_left);
	suite_add_tcase(s, pass);
	return s;
}
