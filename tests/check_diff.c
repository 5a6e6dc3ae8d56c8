/*
 * check_diff: parsing spatch's and diff's output, merging the diffs several
 * tasks made of one shared file, and the make/apply round trip through the
 * real GNU diff and GNU patch.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/diff.h"
#include "test-lib.h"

/* What `spatch --sp-file r.cocci --patch t ...` prints on stdout (spatch 1.1.1). */
static const char spatch_output[] =
	"diff -u -p a/drivers/hwmon/foo.c b/drivers/hwmon/foo.c\n"
	"--- a/drivers/hwmon/foo.c\n"
	"+++ b/drivers/hwmon/foo.c\n"
	"@@ -10,7 +10,7 @@ static ssize_t show_temp(struct class_\n"
	" \tint nr = to_sensor_dev_attr(attr)->index;\n"
	" \tstruct foo_data *data = foo_update_device(dev);\n"
	" \n"
	"-\treturn sprintf(buf, \"%d\\n\", class_get_devdata(cd)->temp[nr]);\n"
	"+\treturn sprintf(buf, \"%d\\n\", dev_get_drvdata(dev)->temp[nr]);\n"
	" }\n"
	" \n"
	" static int foo_probe(struct i2c_client *client)\n"
	"@@ -40,6 +40,5 @@ static int foo_probe(struct i2c_client\n"
	" \tif (!data)\n"
	" \t\treturn -ENOMEM;\n"
	"-\tdata->class_dev = hwmon_device_register(&client->dev);\n"
	"-\tif (IS_ERR(data->class_dev))\n"
	"+\tdata->hwmon_dev = hwmon_device_register(&client->dev);\n"
	" \t\treturn -ENODEV;\n"
	" \treturn 0;\n"
	"diff -u -p a/include/linux/hwmon.h b/include/linux/hwmon.h\n"
	"--- a/include/linux/hwmon.h\n"
	"+++ b/include/linux/hwmon.h\n"
	"@@ -3,4 +3,4 @@\n"
	" \n"
	" #include <linux/device.h>\n"
	" \n"
	"-struct class_device *hwmon_device_register(struct device *dev);\n"
	"\\ No newline at end of file\n"
	"+struct device *hwmon_device_register(struct device *dev);\n"
	"\\ No newline at end of file\n";

/* Parse text that must parse; *nr files. */
static struct file_diff *parse_ok(const char *text, size_t *nr)
{
	struct file_diff *files;

	ck_assert_int_eq(diff_parse(text, strlen(text), &files, nr), 0);
	return files;
}

static void assert_parse_fails(const char *text)
{
	struct file_diff *files = (struct file_diff *)1;
	size_t nr = 7;

	ck_assert_msg(diff_parse(text, strlen(text), &files, &nr) == -1,
		      "accepted:\n%s", text);
	ck_assert_ptr_null(files);
	ck_assert_uint_eq(nr, 0);
}

static char *to_text(const struct file_diff *d)
{
	struct strbuf sb = STRBUF_INIT;

	diff_to_text(d, &sb);
	return strbuf_detach(&sb, NULL);
}

START_TEST(test_parse_spatch_output)
{
	size_t nr;
	struct file_diff *f;
	struct strbuf text = STRBUF_INIT;
	unsigned added, removed;

	/* spatch's stderr chatter sometimes lands on stdout first: skipped. */
	strbuf_addstr(&text, "init_defs_builtins: /usr/lib/coccinelle/standard.h\n");
	strbuf_addstr(&text, spatch_output);
	ck_assert_int_eq(diff_parse(text.buf, text.len, &f, &nr), 0);
	ck_assert_uint_eq(nr, 2);

	ck_assert_str_eq(f[0].path, "drivers/hwmon/foo.c");
	ck_assert_uint_eq(f[0].nr, 2);
	ck_assert_uint_eq(f[0].hunks[0].old_start, 10);
	ck_assert_uint_eq(f[0].hunks[0].old_count, 7);
	ck_assert_uint_eq(f[0].hunks[0].new_start, 10);
	ck_assert_uint_eq(f[0].hunks[0].new_count, 7);
	ck_assert(starts_with(f[0].hunks[0].lines, " \tint nr = to_sensor_dev_attr"));
	ck_assert(ends_with(f[0].hunks[0].lines, " static int foo_probe(struct i2c_client *client)\n"));
	ck_assert_uint_eq(f[0].hunks[1].old_start, 40);
	ck_assert_uint_eq(f[0].hunks[1].old_count, 6);
	ck_assert_uint_eq(f[0].hunks[1].new_count, 5);
	diff_stat(&f[0], &added, &removed);
	ck_assert_uint_eq(added, 2);
	ck_assert_uint_eq(removed, 3);

	ck_assert_str_eq(f[1].path, "include/linux/hwmon.h");
	ck_assert_uint_eq(f[1].nr, 1);
	ck_assert_str_eq(f[1].hunks[0].lines,
			 " \n #include <linux/device.h>\n \n"
			 "-struct class_device *hwmon_device_register(struct device *dev);\n"
			 "\\ No newline at end of file\n"
			 "+struct device *hwmon_device_register(struct device *dev);\n"
			 "\\ No newline at end of file\n");

	/* What diff_to_text() prints parses back to the same thing. */
	for (size_t i = 0; i < nr; i++) {
		char *t1 = to_text(&f[i]), *t2;
		struct file_diff *again;
		size_t again_nr;

		again = parse_ok(t1, &again_nr);
		ck_assert_uint_eq(again_nr, 1);
		t2 = to_text(&again[0]);
		ck_assert_str_eq(t1, t2);
		ck_assert(starts_with(t1, "diff --git a/"));
		free(t1);
		free(t2);
		file_diff_list_free(again, again_nr);
	}
	file_diff_list_free(f, nr);
	strbuf_release(&text);
}
END_TEST

START_TEST(test_parse_variants)
{
	size_t nr;
	struct file_diff *f;
	char *t;

	/* Plain diff -u with timestamps, counts of 1 left out, an empty context line. */
	f = parse_ok("--- a/x.c\t2024-01-01 00:00:00.000000000 +0000\n"
		     "+++ b/x.c\t2024-01-01 00:00:01.000000000 +0000\n"
		     "@@ -1 +1 @@\n-a\n+b\n"
		     "@@ -5,3 +5,3 @@\n c\n\n-d\n+e\n", &nr);
	ck_assert_uint_eq(nr, 1);
	ck_assert_str_eq(f[0].path, "x.c");
	ck_assert_uint_eq(f[0].hunks[0].old_count, 1);
	ck_assert_str_eq(f[0].hunks[1].lines, " c\n \n-d\n+e\n");
	t = to_text(&f[0]);
	ck_assert_str_eq(t, "diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n"
			 "@@ -1 +1 @@\n-a\n+b\n@@ -5,3 +5,3 @@\n c\n \n-d\n+e\n");
	free(t);
	file_diff_list_free(f, nr);

	/* git's extended headers, a new file, no newline at the end of the text. */
	f = parse_ok("diff --git a/n.h b/n.h\nnew file mode 100644\nindex 0000000..e69de29\n"
		     "--- /dev/null\n+++ b/n.h\n@@ -0,0 +1,2 @@\n+x\n+y", &nr);
	ck_assert_uint_eq(nr, 1);
	ck_assert_str_eq(f[0].path, "n.h");
	ck_assert_str_eq(f[0].hunks[0].lines, "+x\n+y\n");
	file_diff_list_free(f, nr);

	/* A mail: text, the patch, a signature. */
	f = parse_ok("Subject: x\n\nbody\n---\n a | 2 +-\n\ndiff --git a/a b/a\n--- a/a\n+++ b/a\n"
		     "@@ -1 +1 @@\n-1\n+2\n-- \ncdmigrate 0.1\n\n", &nr);
	ck_assert_uint_eq(nr, 1);
	ck_assert_uint_eq(f[0].nr, 1);
	file_diff_list_free(f, nr);

	/* The same path twice (spatch -j) stays two entries. */
	f = parse_ok("--- a/h.h\n+++ b/h.h\n@@ -1 +1 @@\n-1\n+2\n"
		     "--- a/h.h\n+++ b/h.h\n@@ -1 +1 @@\n-1\n+2\n", &nr);
	ck_assert_uint_eq(nr, 2);
	file_diff_list_free(f, nr);

	f = parse_ok("nothing to see\n", &nr);
	ck_assert_uint_eq(nr, 0);
	free(f);
}
END_TEST

START_TEST(test_parse_malformed)
{
	/* hunk shorter than its header */
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n-b\n+c\n");
	/* hunk longer than its header */
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n-d\n");
	/* garbage inside a hunk */
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n?b\n+c\n");
	/* bad header */
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -1,2 +1,2\n a\n-b\n+c\n");
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -x +1 @@\n-b\n+c\n");
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -0,0 +0,0 @@\n");
	/* hunk before any file */
	assert_parse_fails("@@ -1 +1 @@\n-a\n+b\n");
	/* two different files */
	assert_parse_fails("--- a/x\n+++ b/y\n@@ -1 +1 @@\n-a\n+b\n");
	/* /dev/null on both sides */
	assert_parse_fails("--- /dev/null\n+++ /dev/null\n@@ -1 +1 @@\n-a\n+b\n");
	/* a marker with no line before it */
	assert_parse_fails("--- a/x\n+++ b/x\n@@ -1 +1 @@\n\\ No newline at end of file\n-a\n+b\n");
}
END_TEST

/* A NUL byte would cut a hunk line short (fuzz/regressions/spatch). */
START_TEST(test_parse_nul)
{
	static const char text[] = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\0b\n+c\n";
	struct file_diff *f = (void *)1;
	size_t nr = 1;

	ck_assert_int_eq(diff_parse(text, sizeof(text) - 1, &f, &nr), -1);
	ck_assert_ptr_null(f);
	ck_assert_uint_eq(nr, 0);
}
END_TEST

/* ---- merging ---- */

/* Lines "l1\n".."ln\n" with the given ones replaced (index -> text, NULL: deleted). */
static char *numbered(unsigned n)
{
	struct strbuf sb = STRBUF_INIT;

	for (unsigned i = 1; i <= n; i++)
		strbuf_addf(&sb, "line %u of include/linux/foo.h\n", i);
	return strbuf_detach(&sb, NULL);
}

/* text with line `lineno` (1-based) replaced by repl (may be "" to delete it or hold several lines). */
static char *replace_line(const char *text, unsigned lineno, const char *repl)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p = text;

	for (unsigned i = 1; *p; i++) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);

		if (i == lineno)
			strbuf_addstr(&sb, repl);
		else
			strbuf_add(&sb, p, len);
		p += len;
	}
	return strbuf_detach(&sb, NULL);
}

/* Diff of old -> new for path, parsed; exactly one file. */
static struct file_diff make_parsed(const char *path, const char *old, const char *new)
{
	struct strbuf out = STRBUF_INIT;
	struct file_diff *files, d;
	size_t nr;

	ck_assert_int_eq(diff_make(path, old, strlen(old), new, strlen(new), &out), 1);
	ck_assert_int_eq(diff_parse(out.buf, out.len, &files, &nr), 0);
	ck_assert_uint_eq(nr, 1);
	d = files[0];
	free(files);
	strbuf_release(&out);
	return d;
}

/* Apply d to old and check the result is want. */
static void assert_applies(const char *old, const struct file_diff *d, const char *want)
{
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;
	char *text = to_text(d);

	ck_assert_msg(diff_apply(d->path, old, strlen(old), d, &got, &err) == 0,
		      "patch failed: %s\non the diff\n%s", err.buf, text);
	ck_assert_msg(got.len == strlen(want) && !memcmp(got.buf, want, got.len),
		      "unexpected result of\n%s", text);
	free(text);
	strbuf_release(&got);
	strbuf_release(&err);
}

START_TEST(test_merge_identical_once)
{
	char *old = numbered(30);
	char *new = replace_line(old, 12, "struct device *foo_dev;\n");
	struct file_diff d[3], merged;
	struct strbuf why = STRBUF_INIT;
	char *t0, *tm;

	for (int i = 0; i < 3; i++)
		d[i] = make_parsed("include/linux/foo.h", old, new);
	ck_assert_int_eq(diff_merge(d, 3, &merged, &why), 0);
	ck_assert_uint_eq(why.len, 0);
	ck_assert_uint_eq(merged.nr, 1);
	t0 = to_text(&d[0]);
	tm = to_text(&merged);
	ck_assert_str_eq(tm, t0);
	assert_applies(old, &merged, new);

	free(t0);
	free(tm);
	file_diff_release(&merged);
	for (int i = 0; i < 3; i++)
		file_diff_release(&d[i]);
	free(old);
	free(new);
}
END_TEST

START_TEST(test_merge_same_change_in_different_hunks)
{
	/* Task 1 edits lines 10 and 14 (one hunk); task 2 only line 10. */
	char *old = numbered(30);
	char *a1 = replace_line(old, 10, "ten\n");
	char *a = replace_line(a1, 14, "fourteen\n");
	char *b = replace_line(old, 10, "ten\n");
	struct file_diff d[2], merged;
	struct strbuf why = STRBUF_INIT;
	char *ta, *tm;

	d[0] = make_parsed("include/linux/foo.h", old, a);
	d[1] = make_parsed("include/linux/foo.h", old, b);
	ck_assert_uint_eq(d[0].nr, 1);
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), 0);
	ta = to_text(&d[0]);
	tm = to_text(&merged);
	ck_assert_str_eq(tm, ta);
	assert_applies(old, &merged, a);

	free(ta);
	free(tm);
	file_diff_release(&merged);
	file_diff_release(&d[0]);
	file_diff_release(&d[1]);
	free(old);
	free(a1);
	free(a);
	free(b);
}
END_TEST

START_TEST(test_merge_disjoint)
{
	/*
	 * Three tasks: one replaces line 5 by two lines, one deletes line 30,
	 * one inserts a line after 40 and edits line 47 (within 6 lines of
	 * line 40: the same hunk).  Task 1's edit is also made by task 3.
	 */
	char *old = numbered(60);
	char *t1 = replace_line(old, 5, "five\nfive and a half\n");
	char *t2 = replace_line(old, 30, "");
	char *t3a = replace_line(old, 47, "forty-seven\n");
	char *t3b = replace_line(t3a, 40, "line 40 of include/linux/foo.h\nforty-one\n");
	char *t3 = replace_line(t3b, 5, "five\nfive and a half\n");
	char *w1 = replace_line(old, 47, "forty-seven\n");
	char *w2 = replace_line(w1, 40, "line 40 of include/linux/foo.h\nforty-one\n");
	char *w3 = replace_line(w2, 30, "");
	char *want = replace_line(w3, 5, "five\nfive and a half\n");
	struct file_diff d[3], merged;
	struct strbuf why = STRBUF_INIT;

	d[0] = make_parsed("include/linux/foo.h", old, t1);
	d[1] = make_parsed("include/linux/foo.h", old, t2);
	d[2] = make_parsed("include/linux/foo.h", old, t3);
	ck_assert_int_eq(diff_merge(d, 3, &merged, &why), 0);
	ck_assert_str_eq(merged.path, "include/linux/foo.h");
	ck_assert_uint_eq(merged.nr, 3);
	/* new_start follows from what the hunks before add and remove. */
	ck_assert_uint_eq(merged.hunks[0].old_start, 2);
	ck_assert_uint_eq(merged.hunks[0].new_start, 2);
	ck_assert_uint_eq(merged.hunks[1].old_start, 27);
	ck_assert_uint_eq(merged.hunks[1].new_start, 28);
	ck_assert_uint_eq(merged.hunks[2].old_start, 38);
	ck_assert_uint_eq(merged.hunks[2].old_count, 13);
	ck_assert_uint_eq(merged.hunks[2].new_start, 38);
	ck_assert_uint_eq(merged.hunks[2].new_count, 14);
	assert_applies(old, &merged, want);

	file_diff_release(&merged);
	for (int i = 0; i < 3; i++)
		file_diff_release(&d[i]);
	free(old);
	free(t1);
	free(t2);
	free(t3a);
	free(t3b);
	free(t3);
	free(w1);
	free(w2);
	free(w3);
	free(want);
}
END_TEST

START_TEST(test_merge_conflict)
{
	char *old = numbered(30);
	char *a = replace_line(old, 10, "struct device *foo;\n");
	char *b = replace_line(old, 10, "struct device *bar;\n");
	char *c1 = replace_line(old, 20, "line 20 of include/linux/foo.h\nadded by c\n");
	char *c2 = replace_line(old, 20, "line 20 of include/linux/foo.h\nadded by d\n");
	struct file_diff d[2], merged;
	struct strbuf why = STRBUF_INIT;

	d[0] = make_parsed("include/linux/foo.h", old, a);
	d[1] = make_parsed("include/linux/foo.h", old, b);
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), 1);
	ck_assert_str_eq(why.buf, "include/linux/foo.h: line 10 edited differently by two tasks "
			 "(diffs 1 and 2)");
	ck_assert_ptr_null(merged.path);
	ck_assert_uint_eq(merged.nr, 0);
	file_diff_release(&d[0]);
	file_diff_release(&d[1]);

	/* Two tasks inserting different lines at one place: the order would be a guess. */
	strbuf_reset(&why);
	d[0] = make_parsed("include/linux/foo.h", old, c1);
	d[1] = make_parsed("include/linux/foo.h", old, c2);
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), 1);
	ck_assert_str_eq(why.buf, "include/linux/foo.h: lines 20-21 edited differently by two "
			 "tasks (diffs 1 and 2)");
	file_diff_release(&d[0]);
	file_diff_release(&d[1]);

	/* Overlapping replacements of several lines. */
	strbuf_reset(&why);
	d[0] = make_parsed("include/linux/foo.h", old, a);
	file_diff_init(&d[1]);
	d[1].path = xstrdup("include/linux/foo.h");
	file_diff_add_hunk(&d[1], 9, 2, 9, 1,
			   "-line 9 of include/linux/foo.h\n-line 10 of include/linux/foo.h\n+nine\n");
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), 1);
	ck_assert_str_eq(why.buf, "include/linux/foo.h: lines 9-10 edited differently by two "
			 "tasks (diffs 1 and 2)");
	file_diff_release(&d[0]);
	file_diff_release(&d[1]);

	strbuf_release(&why);
	free(old);
	free(a);
	free(b);
	free(c1);
	free(c2);
}
END_TEST

START_TEST(test_merge_errors)
{
	struct file_diff d[2], merged;
	struct strbuf why = STRBUF_INIT;

	file_diff_init(&d[0]);
	file_diff_init(&d[1]);
	d[0].path = xstrdup("a.h");
	d[1].path = xstrdup("a.h");
	/* Not against the same original: line 3 differs. */
	file_diff_add_hunk(&d[0], 2, 2, 2, 2, " two\n-three\n+3\n");
	file_diff_add_hunk(&d[1], 3, 2, 3, 2, " THREE\n-four\n+4\n");
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), -1);
	ck_assert_ptr_null(merged.path);
	file_diff_release(&d[1]);

	/* Different paths. */
	file_diff_init(&d[1]);
	d[1].path = xstrdup("b.h");
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), -1);
	file_diff_release(&d[1]);

	/* Counts that do not match the body. */
	file_diff_init(&d[1]);
	d[1].path = xstrdup("a.h");
	file_diff_add_hunk(&d[1], 7, 3, 7, 3, " x\n-y\n+z\n");
	ck_assert_int_eq(diff_merge(d, 2, &merged, &why), -1);
	file_diff_release(&d[1]);

	ck_assert_int_eq(diff_merge(d, 0, &merged, &why), -1);
	ck_assert_uint_eq(why.len, 0);
	file_diff_release(&d[0]);
}
END_TEST

/* ---- make and apply ---- */

static unsigned long long rng_state;

static unsigned rnd(unsigned n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned)(rng_state % n);
}

static const char *const words[] = {
	"class_device", "struct", "device", "{", "}", "return 0;", "", "\t", "#include <linux/x.h>",
	"static int", "dev_attr", "/* comment */", "CLASS_DEVICE_ATTR(name, 0444, show, NULL);",
};

/* A random-ish text of up to max lines with repeated lines (diff must align them). */
static void random_text(struct strbuf *sb, unsigned max, int final_newline)
{
	unsigned n = rnd(max + 1);

	for (unsigned i = 0; i < n; i++) {
		strbuf_addstr(sb, words[rnd(sizeof(words) / sizeof(*words))]);
		if (rnd(3))
			strbuf_addf(sb, " %u", rnd(5));
		strbuf_addch(sb, '\n');
	}
	if (!final_newline && sb->len)
		sb->buf[--sb->len] = '\0';
}

/* A random edit of old: lines dropped, replaced, inserted. */
static void random_edit(const char *old, struct strbuf *new, int final_newline)
{
	const char *p = old;

	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) + 1 : strlen(p);
		unsigned r = rnd(20);

		if (r == 0) {
			/* dropped */
		} else if (r == 1) {
			strbuf_addf(new, "replaced %u\n", rnd(100));
		} else {
			if (r == 2)
				strbuf_addf(new, "inserted %u\n", rnd(100));
			strbuf_add(new, p, len);
			if (!nl)
				strbuf_addch(new, '\n');
		}
		p += len;
	}
	if (rnd(4) == 0)
		strbuf_addstr(new, "appended\n");
	if (!final_newline && new->len)
		new->buf[--new->len] = '\0';
}

START_TEST(test_make_apply_roundtrip)
{
	rng_state = 0x9e3779b97f4a7c15ULL;
	for (int round = 0; round < 150; round++) {
		struct strbuf old = STRBUF_INIT, new = STRBUF_INIT, out = STRBUF_INIT;
		struct strbuf got = STRBUF_INIT, err = STRBUF_INIT, why = STRBUF_INIT;
		struct file_diff *files, merged;
		size_t nr;
		int ret;

		random_text(&old, 80, rnd(4) != 0);
		random_edit(old.buf, &new, rnd(4) != 0);
		ret = diff_make("drivers/x/y.c", old.buf, old.len, new.buf, new.len, &out);
		if (old.len == new.len && !memcmp(old.buf, new.buf, old.len)) {
			ck_assert_int_eq(ret, 0);
			ck_assert_uint_eq(out.len, 0);
			goto next;
		}
		ck_assert_int_eq(ret, 1);
		ck_assert(starts_with(out.buf, "--- a/drivers/x/y.c\n+++ b/drivers/x/y.c\n@@ -"));
		ck_assert_int_eq(diff_parse(out.buf, out.len, &files, &nr), 0);
		ck_assert_uint_eq(nr, 1);
		ck_assert_int_eq(diff_apply("drivers/x/y.c", old.buf, old.len, &files[0], &got, &err), 0);
		ck_assert_msg(got.len == new.len && !memcmp(got.buf, new.buf, new.len),
			      "round %d: the result differs from new", round);

		/* Merging a single diff changes nothing: the hunks come out as diff made them. */
		ck_assert_int_eq(diff_merge(files, 1, &merged, &why), 0);
		{
			char *a = to_text(&files[0]), *b = to_text(&merged);

			ck_assert_msg(!strcmp(a, b), "round %d: merge of one diff\n%s\ngave\n%s",
				      round, a, b);
			free(a);
			free(b);
		}
		file_diff_release(&merged);
		file_diff_list_free(files, nr);
next:
		strbuf_release(&old);
		strbuf_release(&new);
		strbuf_release(&out);
		strbuf_release(&got);
		strbuf_release(&err);
		strbuf_release(&why);
	}
}
END_TEST

/*
 * Random disjoint edits of unique lines split between two tasks (some
 * made by both): the merged diff applied to the original gives the text
 * with every edit.
 */
START_TEST(test_merge_random_split)
{
	rng_state = 0x2545f4914f6cdd1dULL;
	for (int round = 0; round < 60; round++) {
		unsigned n = 5 + rnd(70), owner[80], kind[80];
		int final_newline = rnd(3) != 0;
		struct strbuf old = STRBUF_INIT, va = STRBUF_INIT, vb = STRBUF_INIT, all = STRBUF_INIT;
		struct strbuf got = STRBUF_INIT, err = STRBUF_INIT, why = STRBUF_INIT;
		struct file_diff d[2], merged;
		unsigned gap = 0;

		/* Edits at least 3 untouched lines apart; owner: 1 task a, 2 task b, 3 both. */
		for (unsigned i = 0; i < n; i++) {
			owner[i] = 0;
			if (gap >= 3 && rnd(4) == 0) {
				owner[i] = 1 + rnd(3);
				kind[i] = rnd(3);
				gap = 0;
			} else {
				gap++;
			}
		}
		for (unsigned i = 0; i < n; i++) {
			struct strbuf *v[3] = { &va, &vb, &all };

			strbuf_addf(&old, "old line %u\n", i + 1);
			for (unsigned k = 0; k < 3; k++) {
				int mine = owner[i] && (k == 2 || (owner[i] & (1u << k)));

				if (!mine) {
					strbuf_addf(v[k], "old line %u\n", i + 1);
				} else if (kind[i] == 0) {
					/* deleted */
				} else if (kind[i] == 1) {
					strbuf_addf(v[k], "new line %u\nand another\n", i + 1);
				} else {
					strbuf_addf(v[k], "inserted before %u\nold line %u\n", i + 1, i + 1);
				}
			}
		}
		if (!final_newline) {
			struct strbuf *v[4] = { &old, &va, &vb, &all };

			for (int k = 0; k < 4; k++)
				if (v[k]->len)
					v[k]->buf[--v[k]->len] = '\0';
		}
		if (!strcmp(old.buf, va.buf) || !strcmp(old.buf, vb.buf))
			goto next;
		d[0] = make_parsed("include/linux/device.h", old.buf, va.buf);
		d[1] = make_parsed("include/linux/device.h", old.buf, vb.buf);
		ck_assert_msg(diff_merge(d, 2, &merged, &why) == 0, "round %d: %s", round, why.buf);
		ck_assert_int_eq(diff_apply("include/linux/device.h", old.buf, old.len, &merged,
					    &got, &err), 0);
		ck_assert_msg(!strcmp(got.buf, all.buf), "round %d: merged result differs", round);
		file_diff_release(&merged);
		file_diff_release(&d[0]);
		file_diff_release(&d[1]);
next:
		strbuf_release(&old);
		strbuf_release(&va);
		strbuf_release(&vb);
		strbuf_release(&all);
		strbuf_release(&got);
		strbuf_release(&err);
		strbuf_release(&why);
	}
}
END_TEST

/*
 * diff_apply_exact() applies a diff where its line numbers say, and only
 * there: a hunk that moved (lines added above it) is patch's to place,
 * at an offset, and diff_apply() still applies it.
 */
START_TEST(test_apply_exact_or_at_an_offset)
{
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT, shifted = STRBUF_INIT;
	char *old = numbered(20), *new = replace_line(old, 8, "eight\n");
	char *moved = xstrfmt("zero\n%s", new);
	struct file_diff d = make_parsed("a.c", old, new);

	ck_assert_int_eq(diff_apply_exact(old, strlen(old), &d, &got), 1);
	ck_assert_str_eq(got.buf, new);
	strbuf_reset(&got);
	strbuf_addf(&shifted, "zero\n%s", old);
	ck_assert_int_eq(diff_apply_exact(shifted.buf, shifted.len, &d, &got), 0);
	ck_assert_uint_eq(got.len, 0);
	ck_assert_int_eq(diff_apply("a.c", shifted.buf, shifted.len, &d, &got, &err), 0);
	ck_assert_str_eq(got.buf, moved);
	strbuf_reset(&got);
	ck_assert_int_eq(diff_apply_exact(new, strlen(new), &d, &got), 0);
	ck_assert_uint_eq(got.len, 0);

	file_diff_release(&d);
	strbuf_release(&got);
	strbuf_release(&err);
	strbuf_release(&shifted);
	free(old);
	free(new);
	free(moved);
}
END_TEST

START_TEST(test_make_same_and_apply_failure)
{
	struct strbuf out = STRBUF_INIT, got = STRBUF_INIT, err = STRBUF_INIT;
	char *old = numbered(20), *new = replace_line(old, 8, "eight\n");
	char *other = replace_line(old, 8, "something else\n");
	struct file_diff d, empty = FILE_DIFF_INIT;

	ck_assert_int_eq(diff_make("a.c", old, strlen(old), old, strlen(old), &out), 0);
	ck_assert_uint_eq(out.len, 0);
	ck_assert_int_eq(diff_make("a.c", "", 0, "x\n", 2, &out), 1);
	ck_assert_str_eq(out.buf, "--- a/a.c\n+++ b/a.c\n@@ -0,0 +1 @@\n+x\n");

	/* The diff of old -> new does not apply where line 8 is different. */
	d = make_parsed("a.c", old, new);
	ck_assert_int_eq(diff_apply("a.c", other, strlen(other), &d, &got, &err), -1);
	ck_assert_uint_eq(got.len, 0);
	ck_assert_msg(strstr(err.buf, "FAILED") != NULL, "patch said: %s", err.buf);

	/* Applying it to new (already applied) is refused too, never reversed. */
	strbuf_reset(&err);
	ck_assert_int_eq(diff_apply("a.c", new, strlen(new), &d, &got, &err), -1);
	ck_assert_uint_eq(got.len, 0);

	/* No hunk: the old content. */
	ck_assert_int_eq(diff_apply("a.c", old, strlen(old), &empty, &got, &err), 0);
	ck_assert_str_eq(got.buf, old);

	file_diff_release(&d);
	strbuf_release(&out);
	strbuf_release(&got);
	strbuf_release(&err);
	free(old);
	free(new);
	free(other);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("diff");
	TCase *parse = tcase_create("parse");
	TCase *merge = tcase_create("merge");
	TCase *tools = tcase_create("diff-and-patch");

	tcase_add_test(parse, test_parse_spatch_output);
	tcase_add_test(parse, test_parse_variants);
	tcase_add_test(parse, test_parse_malformed);
	tcase_add_test(parse, test_parse_nul);
	suite_add_tcase(s, parse);

	tcase_set_timeout(merge, 120);
	tcase_add_test(merge, test_merge_identical_once);
	tcase_add_test(merge, test_merge_same_change_in_different_hunks);
	tcase_add_test(merge, test_merge_disjoint);
	tcase_add_test(merge, test_merge_conflict);
	tcase_add_test(merge, test_merge_errors);
	tcase_add_test(merge, test_merge_random_split);
	suite_add_tcase(s, merge);

	tcase_set_timeout(tools, 120);
	tcase_add_test(tools, test_make_apply_roundtrip);
	tcase_add_test(tools, test_make_same_and_apply_failure);
	tcase_add_test(tools, test_apply_exact_or_at_an_offset);
	suite_add_tcase(s, tools);
	return s;
}
