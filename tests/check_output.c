/*
 * check_output: what `cdmigrate scan` prints, text and JSON, for the sites
 * the real scan (libclang) finds in a small tree written here: the text
 * lines and summary, the JSON keys in their fixed order and its escaping,
 * the two formats agreeing site by site, and the same bytes whatever -j.
 */
#define _GNU_SOURCE
#include <check.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/output.h"
#include "analyze/scan.h"
#include "base/util.h"
#include "test-lib.h"

static char *tree;

static const char device_h[] =
	"#ifndef _DEVICE_H_\n"
	"#define _DEVICE_H_\n"
	"struct device { int id; };\n"
	"struct class_device;\n"
	"struct class {\n"
	"\tconst char *name;\n"
	"\tvoid (*release)(struct class_device *dev);\n"
	"\tvoid (*class_release)(struct class *class);\n"
	"};\n"
	"struct class_device { struct class *class; void *class_data; };\n"
	"struct class_device *class_device_create(struct class *cls, struct class_device *parent,\n"
	"\t\t\t\t\t unsigned int devt, struct device *device,\n"
	"\t\t\t\t\t const char *fmt, ...);\n"
	"void class_device_destroy(struct class *cls, unsigned int devt);\n"
	"static inline void *class_get_devdata(struct class_device *dev)\n"
	"{\n"
	"\treturn dev->class_data;\n"
	"}\n"
	"#endif\n";

static const char foo_c[] =
	"#include <linux/device.h>\n"
	"\n"
	"static void foo_release(struct class_device *cd)\n"
	"{\n"
	"}\n"
	"\n"
	"static struct class foo_class = {\n"
	"\t.name = \"foo\",\n"
	"\t.release = foo_release,\n"
	"};\n"
	"\n"
	"void *foo_add(struct device *dev)\n"
	"{\n"
	"\tstruct class_device *cd = class_device_create(&foo_class, 0, 0, dev, \"foo%d\", dev->id);\n"
	"\n"
	"\treturn class_get_devdata(cd);\n"
	"}\n";

static const char bar_c[] =
	"#include <linux/device.h>\n"
	"\n"
	"static void bar_class_release(struct class *c)\n"
	"{\n"
	"}\n"
	"\n"
	"static struct class bar_class = {\n"
	"\t.name = \"bar\",\n"
	"\t.class_release = bar_class_release,\n"
	"};\n";

/* A folder with a blank and a quote in its name: JSON escapes, text does not. */
#define ODD_FILE "drivers/odd \"dir\"/odd.c"

static const char odd_c[] =
	"#include <linux/device.h>\n"
	"struct class_device *odd_cd;\n";

static void setup(void)
{
	tree = test_tmpdir("check_output");
	test_put(tree, "include/linux/device.h", device_h);
	test_put(tree, "drivers/foo/foo.c", foo_c);
	test_put(tree, "drivers/bar/bar.c", bar_c);
	test_put(tree, ODD_FILE, odd_c);
	test_put(tree, "drivers/none/none.c", "int none(void) { return 0; }\n");
}

static void teardown(void)
{
	test_rm_rf(tree);
	free(tree);
}

static void scan(const char *root, int jobs, struct scan_result *r)
{
	struct scan_options opts = { 0 };

	opts.tree = root;
	opts.jobs = jobs;
	*r = (struct scan_result)SCAN_RESULT_INIT;
	ck_assert_int_eq(scan_tree(&opts, r), 0);
}

/* What a writer prints, as a string.  Caller frees. */
static char *printed(void (*print)(FILE *, const struct scan_result *),
		     const struct scan_result *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	print(f, r);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

START_TEST(text_lines_and_summary)
{
	struct scan_result r;
	char *text;

	scan(tree, 1, &r);
	text = printed(output_scan_text, &r);
	ck_assert_str_eq(text,
		"drivers/bar/bar.c:7:21: static-class: bar_class: manual "
		"(needs-human: custom class_release; sets: name,class_release)\n"
		"drivers/foo/foo.c:3:13: class-device-function: foo_release: auto\n"
		"drivers/foo/foo.c:7:21: static-class: foo_class: auto\n"
		"drivers/foo/foo.c:14:23: class-device-variable: foo_add:cd: auto\n"
		"drivers/foo/foo.c:14:28: class-device-call: class_device_create: auto\n"
		"drivers/foo/foo.c:16:9: class-device-call: class_get_devdata: auto\n"
		ODD_FILE ":2:22: class-device-variable: odd_cd: auto\n"
		"include/linux/device.h:11:22: class-device-function: class_device_create: auto\n"
		"include/linux/device.h:15:21: class-device-function: class_get_devdata: auto\n"
		"9 sites in 4 files (8 auto, 1 manual); 4 of 5 files were candidates: "
		"static-class 2, class-device-variable 2, class-device-function 3, class-device-call 2\n");
	free(text);
	scan_result_release(&r);
}
END_TEST

START_TEST(json_keys_order_and_escapes)
{
	struct scan_result r;
	json_error_t jerr;
	json_t *o, *sites;
	char *text;
	const char *key;
	json_t *value;
	size_t i;
	static const char *const top_keys[] = { "tree", "files_scanned", "candidates", "sites",
						"summary", NULL };
	static const char *const site_keys[] = { "file", "line", "column", "kind", "symbol",
						 "subsystem", "verdict", "reason", NULL };

	scan(tree, 1, &r);
	text = printed(output_scan_json, &r);
	/* two-space indentation, one final newline */
	ck_assert(starts_with(text, "{\n  \"tree\": \""));
	ck_assert(ends_with(text, "}\n") && !ends_with(text, "}\n\n"));
	ck_assert_ptr_nonnull(strstr(text, "\"file\": \"drivers/odd \\\"dir\\\"/odd.c\""));

	o = json_loads(text, 0, &jerr);
	ck_assert_msg(o != NULL, "not JSON: %s", jerr.text);
	i = 0;
	json_object_foreach(o, key, value) {
		ck_assert_ptr_nonnull(top_keys[i]);
		ck_assert_str_eq(key, top_keys[i++]);
	}
	ck_assert_ptr_null(top_keys[i]);
	ck_assert_str_eq(json_string_value(json_object_get(o, "tree")), strrchr(tree, '/') + 1);
	ck_assert_int_eq(json_integer_value(json_object_get(o, "files_scanned")), 5);
	ck_assert_int_eq(json_integer_value(json_object_get(o, "candidates")), 4);
	sites = json_object_get(o, "sites");
	ck_assert_uint_eq(json_array_size(sites), r.sites.nr);
	for (size_t s = 0; s < json_array_size(sites); s++) {
		i = 0;
		json_object_foreach(json_array_get(sites, s), key, value) {
			ck_assert_ptr_nonnull(site_keys[i]);
			ck_assert_str_eq(key, site_keys[i++]);
		}
		ck_assert_ptr_null(site_keys[i]);
	}
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(sites, 6), "file")),
			 ODD_FILE);
	json_decref(o);
	free(text);
	scan_result_release(&r);
}
END_TEST

/* Each JSON site prints as the text line of the same index; the summaries agree. */
START_TEST(text_and_json_agree)
{
	struct scan_result r;
	json_t *o, *sites, *summary;
	char *text, *json, *line, *save;
	size_t n = 0, manual = 0, total = 0;
	const char *key;
	json_t *value;

	scan(tree, 1, &r);
	text = printed(output_scan_text, &r);
	json = printed(output_scan_json, &r);
	o = json_loads(json, 0, NULL);
	ck_assert_ptr_nonnull(o);
	sites = json_object_get(o, "sites");
	for (line = strtok_r(text, "\n", &save); line && n < json_array_size(sites);
	     line = strtok_r(NULL, "\n", &save), n++) {
		json_t *s = json_array_get(sites, n);
		const char *verdict = json_string_value(json_object_get(s, "verdict"));
		struct strbuf want = STRBUF_INIT;

		strbuf_addf(&want, "%s:%d:%d: %s: %s: %s",
			    json_string_value(json_object_get(s, "file")),
			    (int)json_integer_value(json_object_get(s, "line")),
			    (int)json_integer_value(json_object_get(s, "column")),
			    json_string_value(json_object_get(s, "kind")),
			    json_string_value(json_object_get(s, "symbol")), verdict);
		if (!strcmp(verdict, "manual")) {
			strbuf_addf(&want, " (%s)", json_string_value(json_object_get(s, "reason")));
			manual++;
		}
		ck_assert_str_eq(line, want.buf);
		strbuf_release(&want);
	}
	ck_assert_uint_eq(n, r.sites.nr);
	ck_assert_ptr_nonnull(line);
	ck_assert(starts_with(line, "9 sites in 4 files (8 auto, 1 manual)"));
	ck_assert_uint_eq(manual, 1);
	/* the summary: a count per kind present, in site_kinds order, the sum of them all */
	summary = json_object_get(o, "summary");
	{
		size_t k = 0;

		json_object_foreach(summary, key, value) {
			char part[128];

			while (site_kinds[k] && strcmp(site_kinds[k], key))
				k++;
			ck_assert_msg(site_kinds[k] != NULL, "summary key %s out of order", key);
			ck_assert_int_gt(json_integer_value(value), 0);
			snprintf(part, sizeof(part), " %s %d", key, (int)json_integer_value(value));
			ck_assert_msg(strstr(line, part) != NULL, "%s not in: %s", part, line);
			total += (size_t)json_integer_value(value);
		}
	}
	ck_assert_uint_eq(total, r.sites.nr);
	ck_assert_ptr_null(json_object_get(summary, "class-interface"));
	json_decref(o);
	free(json);
	free(text);
	scan_result_release(&r);
}
END_TEST

START_TEST(same_bytes_whatever_jobs)
{
	struct scan_result r1, r2;
	char *t1, *t2, *j1, *j2;

	scan(tree, 1, &r1);
	scan(tree, 3, &r2);
	t1 = printed(output_scan_text, &r1);
	t2 = printed(output_scan_text, &r2);
	j1 = printed(output_scan_json, &r1);
	j2 = printed(output_scan_json, &r2);
	ck_assert_str_eq(t1, t2);
	ck_assert_str_eq(j1, j2);
	free(t1);
	free(t2);
	free(j1);
	free(j2);
	scan_result_release(&r1);
	scan_result_release(&r2);
}
END_TEST

START_TEST(nothing_found)
{
	char *clean = path_join(tree, "clean");
	struct scan_result r;
	char *text, *json;

	test_put(clean, "include/linux/device.h", "struct device { int id; };\n");
	test_put(clean, "drivers/none/none.c", "int none(void) { return 0; }\n");
	scan(clean, 1, &r);
	text = printed(output_scan_text, &r);
	ck_assert_str_eq(text, "0 sites in 0 files (0 auto, 0 manual); 0 of 2 files were candidates\n");
	json = printed(output_scan_json, &r);
	ck_assert_str_eq(json, "{\n  \"tree\": \"clean\",\n  \"files_scanned\": 2,\n"
			 "  \"candidates\": 0,\n  \"sites\": [],\n  \"summary\": {}\n}\n");
	free(json);
	free(text);
	free(clean);
	scan_result_release(&r);
}
END_TEST

START_TEST(format_names)
{
	ck_assert_int_eq(output_format_parse("text"), OUTPUT_TEXT);
	ck_assert_int_eq(output_format_parse("json"), OUTPUT_JSON);
	ck_assert_int_eq(output_format_parse("html"), -1);
	ck_assert_int_eq(output_format_parse("JSON"), -1);
	ck_assert_int_eq(output_format_parse(""), -1);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("output");
	TCase *tc = tcase_create("scan");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, text_lines_and_summary);
	tcase_add_test(tc, json_keys_order_and_escapes);
	tcase_add_test(tc, text_and_json_agree);
	tcase_add_test(tc, same_bytes_whatever_jobs);
	tcase_add_test(tc, nothing_found);
	tcase_add_test(tc, format_names);
	suite_add_tcase(s, tc);
	return s;
}
