/* Unit tests of the step-40 rewriter passes' text transforms: macro bodies
 * (macro-callbacks, pasted-macros), attribute names (attr-names) and member
 * types (aligned-structs).  The passes
 * themselves, with libclang and spatch, run in the rewriter-* cases of
 * testcases/40-class-device-to-device. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "rewrite/aligned-structs.h"
#include "rewrite/attr-names.h"
#include "rewrite/macro-convert.h"
#include "test-lib.h"

/*
 * Convert the macro defined by the first "#define " of `text` (from its name
 * to the end of its last line, as libclang gives the extent), and return the
 * whole new text.
 */
static char *convert(const char *text, int *rc, struct strbuf *why, struct macro_convert_stats *st)
{
	struct strbuf out = STRBUF_INIT;
	const char *def = strstr(text, "#define ");
	size_t start, end;

	ck_assert_ptr_nonnull(def);
	start = (size_t)(def - text) + strlen("#define ");
	for (end = start; text[end] && (text[end] != '\n' || text[end - 1] == '\\' ||
					(text[end - 1] == '\r' && text[end - 2] == '\\')); end++)
		;
	while (end > start && (text[end - 1] == '\r' || text[end - 1] == ' '))
		end--;
	strbuf_add(&out, text, start);
	*rc = macro_convert(text, strlen(text), start, end, &out, why, st);
	strbuf_addstr(&out, text + end);
	return strbuf_detach(&out, NULL);
}

/* Convert and check the result, then check that a second run changes nothing. */
static void expect(const char *in, const char *want)
{
	struct strbuf why = STRBUF_INIT;
	struct macro_convert_stats st;
	int rc;
	char *got = convert(in, &rc, &why, &st), *again;

	ck_assert_msg(rc == 1, "rc %d (%s) for:\n%s", rc, why.buf, in);
	ck_assert_msg(!strcmp(got, want), "got:\n%s\nwant:\n%s", got, want);
	again = convert(got, &rc, &why, &st);
	ck_assert_msg(rc == 0 && !strcmp(again, got), "second run changed:\n%s", again);
	free(again);
	free(got);
	strbuf_release(&why);
}

static void expect_refused(const char *in, const char *reason)
{
	struct strbuf why = STRBUF_INIT;
	int rc;
	char *got = convert(in, &rc, &why, NULL);

	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(got, in);
	ck_assert_msg(strstr(why.buf, reason), "reason: %s", why.buf);
	free(got);
	strbuf_release(&why);
}

START_TEST(pasted_show_and_attribute)
{
	expect("#define show_in(n)\t\t\t\t\t\t\t\\\n"
	       "static ssize_t show_in##n(struct class_device *cd, char *buf)\t\t\\\n"
	       "{\t\t\t\t\t\t\t\t\t\\\n"
	       "\tstruct lm *data = class_get_devdata(cd);\t\t\t\\\n"
	       "\treturn sprintf(buf, \"%d\\n\", data->in[n]);\t\t\t\\\n"
	       "}\t\t\t\t\t\t\t\t\t\\\n"
	       "static CLASS_DEVICE_ATTR(in##n##_input, S_IRUGO, show_in##n, NULL)\n",
	       "#define show_in(n)\t\t\t\t\t\t\t\\\n"
	       "static ssize_t show_in##n(struct device *cd,\t\t\t\t\\\n"
	       "\t\t\t  struct device_attribute *attr, char *buf)\t\\\n"
	       "{\t\t\t\t\t\t\t\t\t\\\n"
	       "\tstruct lm *data = dev_get_drvdata(cd);\t\t\t\t\\\n"
	       "\treturn sprintf(buf, \"%d\\n\", data->in[n]);\t\t\t\\\n"
	       "}\t\t\t\t\t\t\t\t\t\\\n"
	       "static DEVICE_ATTR(in##n##_input, S_IRUGO, show_in##n, NULL)\n");
}
END_TEST

START_TEST(store_parameters_on_two_lines)
{
	expect("#define set_min(n)\t\t\t\t\t\t\t\\\n"
	       "static ssize_t set_in##n##_min(struct class_device *cd,\t\t\t\\\n"
	       "\t\t\t       const char *buf, size_t count)\t\t\\\n"
	       "{\t\t\t\t\t\t\t\t\t\\\n"
	       "\treturn count;\t\t\t\t\t\t\t\\\n"
	       "}\n",
	       "#define set_min(n)\t\t\t\t\t\t\t\\\n"
	       "static ssize_t set_in##n##_min(struct device *cd,\t\t\t\\\n"
	       "\t\t\t       struct device_attribute *attr,\t\t\\\n"
	       "\t\t\t       const char *buf, size_t count)\t\t\\\n"
	       "{\t\t\t\t\t\t\t\t\t\\\n"
	       "\treturn count;\t\t\t\t\t\t\t\\\n"
	       "}\n");
}
END_TEST

START_TEST(short_line_stays_on_one_line)
{
	expect("#define S ssize_t s(struct class_device *c, char *b);\n",
	       "#define S ssize_t s(struct device *c, struct device_attribute *attr, char *b);\n");
	expect("#define P(x) \\\n"
	       "static ssize_t x(struct class_device *, char *);\n",
	       "#define P(x) \\\n"
	       "static ssize_t x(struct device *, struct device_attribute *, char *);\n");
}
END_TEST

START_TEST(single_space_backslashes_stay_attached)
{
	expect("#define show_temp(n) \\\n"
	       "static ssize_t show_temp##n(struct class_device *cd, char *buf) \\\n"
	       "{ \\\n"
	       "\treturn sprintf(buf, \"%d\\n\", n); \\\n"
	       "}\n",
	       "#define show_temp(n) \\\n"
	       "static ssize_t show_temp##n(struct device *cd, \\\n"
	       "\t\t\t    struct device_attribute *attr, char *buf) \\\n"
	       "{ \\\n"
	       "\treturn sprintf(buf, \"%d\\n\", n); \\\n"
	       "}\n");
}
END_TEST

START_TEST(crlf_lines_keep_crlf)
{
	expect("#define show_temp(n) \\\r\n"
	       "static ssize_t show_temp##n(struct class_device *cd, char *buf) \\\r\n"
	       "{ return 0; }\r\n",
	       "#define show_temp(n) \\\r\n"
	       "static ssize_t show_temp##n(struct device *cd, \\\r\n"
	       "\t\t\t    struct device_attribute *attr, char *buf) \\\r\n"
	       "{ return 0; }\r\n");
}
END_TEST

START_TEST(prototype_macro_and_a_body_using_attr)
{
	/* the body written after a use of the prototype macro already has attr */
	const char *tail = "\nSHOW_DECL(show_alarms)\n{\n\tint attr = 0;\n\treturn attr;\n}\n";
	char *in = xstrfmt("#define SHOW_DECL(name)\t\t\t\t\t\t\\\n"
			   "\tstatic ssize_t name(struct class_device *cd, char *buf)%s", tail);
	char *want = xstrfmt("#define SHOW_DECL(name)\t\t\t\t\t\t\\\n"
			     "\tstatic ssize_t name(struct device *cd,\t\t\t\\\n"
			     "\t\t\t    struct device_attribute *dattr, char *buf)%s", tail);
	struct strbuf out = STRBUF_INIT, why = STRBUF_INIT;
	size_t start = strlen("#define "), end = strstr(in, "buf)") - in + 4;

	ck_assert_int_eq(macro_convert(in, strlen(in), start, end, &out, &why, NULL), 1);
	strbuf_addstr(&out, in + end);
	ck_assert_msg(!strcmp(out.buf, want + start), "got:\n%s", out.buf);
	free(in);
	free(want);
	strbuf_release(&out);
	strbuf_release(&why);
}
END_TEST

START_TEST(attr_taken_by_a_macro_parameter_or_local)
{
	expect("#define A(attr) \\\nssize_t a_##attr(struct class_device *cd, char *buf);\n",
	       "#define A(attr) \\\nssize_t a_##attr(struct device *cd, struct device_attribute *dattr, char *buf);\n");
	expect("#define B(x) \\\nssize_t b_##x(struct class_device *cd, char *buf) \\\n{ int attr; }\n",
	       "#define B(x) \\\nssize_t b_##x(struct device *cd, struct device_attribute *dattr, char *buf) \\\n{ int attr; }\n");
	/* a member named attr is no collision */
	expect("#define C(x) \\\nssize_t c_##x(struct class_device *cd, char *buf) \\\n{ return a.attr; }\n",
	       "#define C(x) \\\nssize_t c_##x(struct device *cd, struct device_attribute *attr, char *buf) \\\n{ return a.attr; }\n");
}
END_TEST

START_TEST(fields_of_a_class_device_only)
{
	expect("#define L(x) \\\nssize_t l_##x(struct class_device *cd, char *buf) \\\n"
	       "{ return sprintf(buf, \"%s %p %p\", cd->class_id, (cd)->dev, data->dev); }\n",
	       "#define L(x) \\\nssize_t l_##x(struct device *cd, struct device_attribute *attr, char *buf) \\\n"
	       "{ return sprintf(buf, \"%s %p %p\", cd->bus_id, (cd)->parent, data->dev); }\n");
}
END_TEST

START_TEST(helpers_only_change_type)
{
	/* not a show/store shape: the type changes, no parameter is added */
	expect("#define H(x) static int h_##x(struct class_device *cd, int n) { return n; }\n",
	       "#define H(x) static int h_##x(struct device *cd, int n) { return n; }\n");
	/* named by an attribute of the same body: a callback whatever its shape */
	expect("#define N(x) \\\nstatic int n_##x(struct class_device *cd, char *p) \\\n{ return 0; } \\\n"
	       "static CLASS_DEVICE_ATTR(x, 0444, n_##x, NULL)\n",
	       "#define N(x) \\\nstatic int n_##x(struct device *cd, struct device_attribute *attr, char *p) \\\n{ return 0; } \\\n"
	       "static DEVICE_ATTR(x, 0444, n_##x, NULL)\n");
}
END_TEST

START_TEST(pasted_attribute_names_and_calls)
{
	expect("#define SHOST_ATTR(name)\t&class_device_attr_##name\n",
	       "#define SHOST_ATTR(name)\t&dev_attr_##name\n");
	expect("#define ADD(cd, name) do { \\\n"
	       "\terr = class_device_create_file(cd, &class_device_attr_##name); \\\n"
	       "} while (0)\n",
	       "#define ADD(cd, name) do { \\\n"
	       "\terr = device_create_file(cd, &dev_attr_##name); \\\n"
	       "} while (0)\n");
}
END_TEST

START_TEST(arguments_aligned_under_a_renamed_call_follow)
{
	expect("#define R(n)\t\t\t\t\t\t\t\t\\\n"
	       "static CLASS_DEVICE_ATTR(in##n##_min, S_IRUGO | S_IWUSR,\t\t\\\n"
	       "\t\t\t show_in##n##_min, set_in##n##_min)\n",
	       "#define R(n)\t\t\t\t\t\t\t\t\\\n"
	       "static DEVICE_ATTR(in##n##_min, S_IRUGO | S_IWUSR,\t\t\t\\\n"
	       "\t\t   show_in##n##_min, set_in##n##_min)\n");
}
END_TEST

static void expect_named(const char *in, const char *want, int want_rc)
{
	struct strbuf out = STRBUF_INIT, why = STRBUF_INIT;
	const char *name = strstr(in, "UART_SHOW(");
	size_t end;
	int rc = macro_convert_named(in, strlen(in), 0, name - in, &end, &out, &why, NULL);

	ck_assert_int_eq(rc, want_rc);
	strbuf_addstr(&out, in + end);
	ck_assert_msg(!strcmp(out.buf, want), "got:\n%s", out.buf);
	strbuf_release(&out);
	strbuf_release(&why);
}

START_TEST(declaration_named_by_a_macro)
{
	expect_named("static ssize_t UART_SHOW(x)(struct class_device *cd, char *buf)\n{\n\treturn 0;\n}\n",
		     "static ssize_t UART_SHOW(x)(struct device *cd,\n"
		     "\t\t\t    struct device_attribute *attr, char *buf)\n{\n\treturn 0;\n}\n", 1);
	/* its body already has an attr */
	expect_named("ssize_t UART_SHOW(x)(struct class_device *cd, char *b)\n{\n\tint attr;\n}\n",
		     "ssize_t UART_SHOW(x)(struct device *cd, struct device_attribute *dattr, char *b)\n"
		     "{\n\tint attr;\n}\n", 1);
	/* the rules gave it the parameter already: the type follows */
	expect_named("ssize_t UART_SHOW(x)(struct class_device *cd,\n\t\tstruct device_attribute *attr, char *b);\n",
		     "ssize_t UART_SHOW(x)(struct device *cd,\n\t\tstruct device_attribute *attr, char *b);\n", 1);
	/* not NAME(...)(...): nothing */
	expect_named("UART_SHOW(x) { }\n", "UART_SHOW(x) { }\n", 0);
}
END_TEST

START_TEST(nothing_to_do)
{
	struct strbuf why = STRBUF_INIT;
	int rc;
	const char *in = "#define X(a) ((a) + class_device_count)\n";
	char *got = convert(in, &rc, &why, NULL);

	ck_assert_int_eq(rc, 0);
	ck_assert_str_eq(got, in);
	free(got);
	strbuf_release(&why);
}
END_TEST

START_TEST(refusals)
{
	expect_refused("#define MK(n) class_device_create(cls, NULL, MKDEV(1, n), NULL, \"x%d\", n)\n",
		       "class_device_create");
	expect_refused("#define D(cd) ssize_t d(struct class_device *cd, char *buf) { return cd->class_data != 0; }\n",
		       "class_data");
	expect_refused("#define K(k) to_class_dev(k)\n", "to_class_dev");
	expect_refused("#define P(x) static CLASS_DEVICE_ATTR(power, 0644, x, NULL)\n",
		       "attribute power clashes");
	expect_refused("#define Q(name, show) static CLASS_DEVICE_ATTR(name, 0444, show, NULL)\n"
		       "Q(temp, show_temp);\n"
		       "Q(uevent, show_uevent);\n",
		       "the use at line 3 makes attribute uevent");
}
END_TEST

START_TEST(lexical_aligned)
{
	const char *a = "struct s {\n\tint x;\n} __attribute__((aligned(8)));\nint y;\n";
	const char *b = "struct s {\n\t/* kept aligned by hand */\n\tint x;\n};\nint aligned_y;\n";
	const char *c = "struct s {\n\tspinlock_t lock ____cacheline_aligned_in_smp;\n};\n";

	ck_assert(aligned_structs_lexical(a, strlen(a), 0, strchr(a, '}') - a + 1));
	ck_assert(!aligned_structs_lexical(b, strlen(b), 0, strchr(b, '}') - b + 1));
	ck_assert(aligned_structs_lexical(c, strlen(c), 0, strchr(c, '}') - c + 1));
}
END_TEST

static char *retype(const char *in, const char *old, const char *repl)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, in);
	aligned_structs_retype(&sb, strstr(in, old) - in, strlen(old), repl);
	return strbuf_detach(&sb, NULL);
}

START_TEST(retype_keeps_columns)
{
	char *s;

	s = retype("\tstruct device\t\tgendev;\n\tstruct class_device\tclassdev;\n", "class_device", "device");
	ck_assert_str_eq(s, "\tstruct device\t\tgendev;\n\tstruct device\t\tclassdev;\n");
	free(s);
	s = retype("\tstruct class_device *cd;\n", "class_device", "device");
	ck_assert_str_eq(s, "\tstruct device *cd;\n");
	free(s);
	s = retype("\tstruct class_device_attribute\t**attrs;\t/* table */\n", "class_device_attribute",
		   "device_attribute");
	ck_assert_str_eq(s, "\tstruct device_attribute\t\t**attrs;\t/* table */\n");
	free(s);
	s = retype("\tstruct class_device   x;\n", "class_device", "device");
	ck_assert_str_eq(s, "\tstruct device         x;\n");
	free(s);
}
END_TEST

/* Is the first #define of `text` (its name to the end of the text) pasted? */
static int pasted(const char *text)
{
	const char *def = strstr(text, "#define ");

	ck_assert_ptr_nonnull(def);
	def += strlen("#define ");
	return macro_convert_is_pasted(text, (size_t)(def - text), strlen(text));
}

START_TEST(pasted_definitions)
{
	ck_assert(pasted("#define show(n) static ssize_t show_##n(struct class_device *cd, char *buf) \\\n"
			 "{ return 0; }"));
	ck_assert(pasted("#define decl(n) ssize_t show_##n(const struct class_device *cd, char *b);"));
	ck_assert(pasted("#define fn(a, b) int a##_##b(void) { return 0; }"));
	ck_assert(pasted("#define ATTR(n) (&class_device_attr_##n.attr)"));
	ck_assert(pasted("#define ATTR2(n) class_device_attr_ /* c */ ## n"));
	ck_assert(!pasted("#define NAME(n) port_show_##n"));
	ck_assert(!pasted("#define to_x(cd) container_of(cd, struct x, class_dev)"));
	ck_assert(!pasted("#define CALL(n) show_##n(cd, buf)"));
	ck_assert(!pasted("#define A(n) &class_device_attr_power"));
}
END_TEST

static const char *const *lcd_defines(const char *name, void *data)
{
	static const char *const lcd[] = { "lcd", NULL }, *const none[] = { NULL };

	(void)data;
	return !strcmp(name, "power") ? lcd : none;
}

static char *rename_attrs(const char *in, const char *stem, size_t *n)
{
	struct strbuf out = STRBUF_INIT;

	*n = attr_names_convert(in, strlen(in), stem, lcd_defines, NULL, &out);
	return strbuf_detach(&out, NULL);
}

START_TEST(attribute_names)
{
	size_t n;
	char *s;

	s = rename_attrs("static CLASS_DEVICE_ATTR(power, 0644, show, store);\n"
			 "static CLASS_DEVICE_ATTR(contrast, 0444, show, NULL);\n"
			 "struct class_device_attribute *a[] = { &class_device_attr_power,\n"
			 "\t&class_device_attr_contrast, NULL };\n", "lcd", &n);
	ck_assert_str_eq(s, "static CLASS_DEVICE_ATTR(lcd_power, 0644, show, store);\n"
			 "static CLASS_DEVICE_ATTR(contrast, 0444, show, NULL);\n"
			 "struct class_device_attribute *a[] = { &dev_attr_lcd_power,\n"
			 "\t&dev_attr_contrast, NULL };\n");
	ck_assert_uint_eq(n, 3);
	free(s);
	/* named in another file: the one definer's stem; defined here too: its own */
	s = rename_attrs("f(&class_device_attr_power); g(&class_device_attr_uevent);\n", "panel", &n);
	ck_assert_str_eq(s, "f(&dev_attr_lcd_power); g(&dev_attr_panel_uevent);\n");
	free(s);
	s = rename_attrs("static struct class_device_attribute attrs[] = {\n"
			 "\t__ATTR(power, 0444, show, NULL),\n\t__ATTR(mode, 0444, show, NULL),\n};\n"
			 "static struct class_device_attribute class_device_attr_driver =\n"
			 "\t__ATTR(driver, 0444, show, NULL);\nx = class_device_attr_power;\n", "panel", &n);
	ck_assert_str_eq(s, "static struct class_device_attribute attrs[] = {\n"
			 "\t__ATTR(panel_power, 0444, show, NULL),\n\t__ATTR(mode, 0444, show, NULL),\n};\n"
			 "static struct class_device_attribute dev_attr_panel_driver =\n"
			 "\t__ATTR(panel_driver, 0444, show, NULL);\nx = dev_attr_panel_power;\n");
	free(s);
	/* comments, literals, #if 0 and pasted bodies are not code to rename */
	s = rename_attrs("/* class_device_attr_a */ s = \"class_device_attr_b\";\n"
			 "#if 0\nx = &class_device_attr_c;\n#else\nx = &class_device_attr_d;\n#endif\n"
			 "#define A(n) &class_device_attr_##n \\\n\t+ class_device_attr_e\n"
			 "#define B &class_device_attr_f\n", "x", &n);
	ck_assert_str_eq(s, "/* class_device_attr_a */ s = \"class_device_attr_b\";\n"
			 "#if 0\nx = &class_device_attr_c;\n#else\nx = &dev_attr_d;\n#endif\n"
			 "#define A(n) &class_device_attr_##n \\\n\t+ class_device_attr_e\n"
			 "#define B &dev_attr_f\n");
	ck_assert_uint_eq(n, 2);
	free(s);
	/*
	 * a renamed definition is laid out for DEVICE_ATTR( as spatch lays out
	 * a declaration it rewrites: joined when it fits, else wrapped at 80
	 * under the parenthesis; the others are left as they are
	 */
	s = rename_attrs("static CLASS_DEVICE_ATTR(power, 0644, lcd_show_power,\n"
			 "\t\t\t lcd_store_power);\n"
			 "static CLASS_DEVICE_ATTR(contrast, 0644, lcd_show_contrast,\n"
			 "\t\t\t lcd_store_contrast);\n", "lcd", &n);
	ck_assert_str_eq(s, "static CLASS_DEVICE_ATTR(lcd_power, 0644, lcd_show_power, lcd_store_power);\n"
			 "static CLASS_DEVICE_ATTR(contrast, 0644, lcd_show_contrast,\n"
			 "\t\t\t lcd_store_contrast);\n");
	free(s);
	s = rename_attrs("static CLASS_DEVICE_ATTR(power, 0644, backlight_show_power,\r\n"
			 "\t\t\t backlight_store_power);\r\n", "backlight", &n);
	ck_assert_str_eq(s, "static CLASS_DEVICE_ATTR(backlight_power, 0644, backlight_show_power,\r\n"
			 "\t\t   backlight_store_power);\r\n");
	free(s);
	/* idempotent */
	s = rename_attrs("static DEVICE_ATTR(lcd_power, 0644, show, store);\n&dev_attr_lcd_power;\n", "lcd", &n);
	ck_assert_uint_eq(n, 0);
	free(s);
}
END_TEST

START_TEST(attribute_stems)
{
	const char *in[] = { "drivers/video/backlight/lcd.c", "include/linux/my-dev.h", "a/3com.c",
			     "x/.hidden", "x/noext", NULL };
	const char *want[] = { "lcd", "my_dev", "attr_3com", "_hidden", "noext" };

	for (size_t i = 0; in[i]; i++) {
		struct strbuf sb = STRBUF_INIT;

		attr_names_stem(in[i], &sb);
		ck_assert_str_eq(sb.buf, want[i]);
		strbuf_release(&sb);
	}
}
END_TEST

/* the '#' lines as the pass has always read them (lex with LEX_IF0_PREFIX) */
START_TEST(attribute_names_read_directives)
{
	size_t n;
	char *s;

	s = rename_attrs("#if 0 && defined(X)\nx = &class_device_attr_a;\n#endif\n"
			 "/* a comment */ #if 0\nx = &class_device_attr_b;\n#elif Y\n"
			 "x = &class_device_attr_c;\n#endif\n"
			 "#if 0\n#if 1\nx = &class_device_attr_d;\n#endif\n#else\n"
			 "x = &class_device_attr_e;\n#endif\n"
			 "#if 0x0\nx = &class_device_attr_k;\n#endif\n"
			 "#ifdef class_device_attr_f\n#include \"class_device_attr_g\"\n#endif\n"
			 "s = 'c'; t = \"class_device_attr_h\"; y = a->class_device_attr_i;\n"
			 "#define K(p) p->class_device_attr_j /* \n */ + class_device_attr_l\n", "x", &n);
	ck_assert_str_eq(s, "#if 0 && defined(X)\nx = &class_device_attr_a;\n#endif\n"
			 "/* a comment */ #if 0\nx = &class_device_attr_b;\n#elif Y\n"
			 "x = &dev_attr_c;\n#endif\n"
			 "#if 0\n#if 1\nx = &class_device_attr_d;\n#endif\n#else\n"
			 "x = &dev_attr_e;\n#endif\n"
			 "#if 0x0\nx = &dev_attr_k;\n#endif\n"
			 "#ifdef class_device_attr_f\n#include \"class_device_attr_g\"\n#endif\n"
			 "s = 'c'; t = \"class_device_attr_h\"; y = a->dev_attr_i;\n"
			 "#define K(p) p->dev_attr_j /* \n */ + dev_attr_l\n");
	ck_assert_uint_eq(n, 6);
	free(s);
	/* a definition after '->' and '==' (one token per character) and a literal argument */
	s = rename_attrs("static CLASS_DEVICE_ATTR(power, 0444, a->b == c ? show : NULL, \"x,y\");\n",
			 "lcd", &n);
	ck_assert_str_eq(s, "static CLASS_DEVICE_ATTR(lcd_power, 0444, a->b == c ? show : NULL, \"x,y\");\n");
	ck_assert_uint_eq(n, 1);
	free(s);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("rewrite");
	TCase *mc = tcase_create("macro-callbacks");
	TCase *as = tcase_create("aligned-structs");
	TCase *an = tcase_create("attr-names");

	tcase_add_test(mc, pasted_show_and_attribute);
	tcase_add_test(mc, store_parameters_on_two_lines);
	tcase_add_test(mc, short_line_stays_on_one_line);
	tcase_add_test(mc, single_space_backslashes_stay_attached);
	tcase_add_test(mc, crlf_lines_keep_crlf);
	tcase_add_test(mc, prototype_macro_and_a_body_using_attr);
	tcase_add_test(mc, attr_taken_by_a_macro_parameter_or_local);
	tcase_add_test(mc, fields_of_a_class_device_only);
	tcase_add_test(mc, helpers_only_change_type);
	tcase_add_test(mc, pasted_attribute_names_and_calls);
	tcase_add_test(mc, arguments_aligned_under_a_renamed_call_follow);
	tcase_add_test(mc, declaration_named_by_a_macro);
	tcase_add_test(mc, nothing_to_do);
	tcase_add_test(mc, refusals);
	tcase_add_test(mc, pasted_definitions);
	suite_add_tcase(s, mc);
	tcase_add_test(an, attribute_names);
	tcase_add_test(an, attribute_stems);
	tcase_add_test(an, attribute_names_read_directives);
	suite_add_tcase(s, an);
	tcase_add_test(as, lexical_aligned);
	tcase_add_test(as, retype_keeps_columns);
	suite_add_tcase(s, as);
	return s;
}
