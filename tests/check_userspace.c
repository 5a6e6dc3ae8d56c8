/*
 * Unit tests of userspace.c: udev rules and scripts against the sysfs
 * prediction.  The kernel side is always the real prediction of the
 * 2.6.15 snapshot (sysfs_analyze() on kernel-snapshots/linux-2.6.15-mini/
 * tree); the snapshot test compares every finding with
 * expected/userspace.txt, written for the rules in its userspace/ folder.
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
#include "report/userspace.h"
#include "report/writer.h"

#define SNAPSHOT CDMIGRATE_SRCDIR "/kernel-snapshots/linux-2.6.15-mini"

static char dir[64];
static struct sysfs_report sysfs = SYSFS_REPORT_INIT;

static void put(const char *rel, const char *text)
{
	char path[512], sub[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	snprintf(sub, sizeof(sub), "%s", path);
	for (char *slash = strchr(sub + strlen(dir) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(sub, 0755);
		*slash = '/';
	}
	f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void setup(void)
{
	struct strvec files = STRVEC_INIT;

	strcpy(dir, "/tmp/check-userspace-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
	ck_assert_int_eq(walk_tree(SNAPSHOT "/tree", NULL, &files, NULL), 0);
	sysfs_analyze(SNAPSHOT "/tree", NULL, &files, 1, &sysfs);
	strvec_clear(&files);
}

static void teardown(void)
{
	char cmd[128];

	sysfs_report_release(&sysfs);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
}

/* Read dir (the files put() there) and match it against the snapshot. */
static void check(struct userspace_report *r)
{
	struct strvec paths = STRVEC_INIT;

	strvec_push(&paths, dir);
	ck_assert_int_eq(userspace_read(&paths, r), 0);
	userspace_match(r, &sysfs);
	strvec_clear(&paths);
}

/* The findings as "basename:line: change: class/device: key => rewrite", one a line. */
static char *summary(const struct userspace_report *r)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < r->nr; i++) {
		const struct userspace_finding *f = &r->findings[i];
		const char *base = strrchr(f->file, '/');

		strbuf_addf(&sb, "%s:%u: %s: %s/%s: %s => %s\n", base ? base + 1 : f->file, f->line,
			    userspace_change_name(f->change), f->class_name, f->device, f->key, f->rewrite);
	}
	return strbuf_detach(&sb, NULL);
}

static void expect(const char *rules, const char *expected)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	char *got;

	put("t.rules", rules);
	check(&r);
	got = summary(&r);
	ck_assert_str_eq(got, expected);
	free(got);
	userspace_report_release(&r);
}

START_TEST(snapshot_lists_exactly_the_expected_findings)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	struct strvec paths = STRVEC_INIT;
	char cwd[4096], actual[128], cmd[512];
	int seen[USERSPACE_PHYSDEV + 1] = { 0 }, rc;
	FILE *out;

	/* relative paths, as a user runs it from the snapshot folder */
	ck_assert_ptr_nonnull(getcwd(cwd, sizeof(cwd)));
	ck_assert_int_eq(chdir(SNAPSHOT), 0);
	strvec_push(&paths, "userspace");
	ck_assert_int_eq(userspace_read(&paths, &r), 0);
	userspace_match(&r, &sysfs);
	ck_assert_int_eq(chdir(cwd), 0);

	snprintf(actual, sizeof(actual), "%s/userspace.txt", dir);
	out = fopen(actual, "w");
	ck_assert_ptr_nonnull(out);
	writer_text_userspace(out, &r);
	fclose(out);
	snprintf(cmd, sizeof(cmd), "diff -u %s/expected/userspace.txt %s >&2", SNAPSHOT, actual);
	rc = system(cmd);
	ck_assert_msg(rc == 0, "userspace section differs from %s/expected/userspace.txt (diff above); reproduce: "
		      "cd %s && cdmigrate report tree --userspace userspace", SNAPSHOT, SNAPSHOT);

	/* every kind of change has a case; the distribution's rules keep working */
	for (size_t i = 0; i < r.nr; i++) {
		seen[r.findings[i].change]++;
		ck_assert_msg(!strstr(r.findings[i].file, "50-udev.rules"), "%s:%u: a rule that keeps working",
			      r.findings[i].file, r.findings[i].line);
	}
	for (int c = USERSPACE_DEVPATH; c <= USERSPACE_PHYSDEV; c++)
		ck_assert_msg(seen[c] > 0, "no case of %s", userspace_change_name(c));
	/* the malformed lines are named, the rule after them is read */
	ck_assert_int_eq(r.warnings.nr, 3);
	ck_assert_ptr_nonnull(strstr(r.warnings.v[0], "70-broken.rules:6: "));
	ck_assert_ptr_nonnull(strstr(r.findings[r.nr - 1].file, "70-broken.rules"));
	ck_assert_int_eq(r.findings[r.nr - 1].line, 9);
	userspace_report_release(&r);
	strvec_clear(&paths);
}
END_TEST

START_TEST(rules_parse_with_continuations_comments_and_crlf)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	const char text[] =
		"# a comment, then a blank line\n"
		"\n"
		"  # an indented comment \\\n"
		"KERNEL==\"event*\", \\\r\n"
		"\tSYSFS{name}==\"a \\\"quoted\\\" name\",SYMLINK+=\"x\"\r\n"
		"ENV{ID_BUS}!=\"usb\", OPTIONS:=\"last_rule\", MODE=\"0600\"\n"
		"KERNEL==\"x\" NAME=\"y\"";

	userspace_parse_rules("f.rules", text, sizeof(text) - 1, &r);
	ck_assert_int_eq(r.warnings.nr, 0);
	ck_assert_int_eq(r.nr_rules, 3);
	ck_assert_int_eq(r.rules[0].line, 4);
	ck_assert_str_eq(r.rules[0].text, "KERNEL==\"event*\", SYSFS{name}==\"a \\\"quoted\\\" name\",SYMLINK+=\"x\"");
	ck_assert_int_eq(r.rules[0].nr_keys, 3);
	ck_assert_str_eq(r.rules[0].keys[1].name, "SYSFS");
	ck_assert_str_eq(r.rules[0].keys[1].attr, "name");
	ck_assert_str_eq(r.rules[0].keys[1].op, "==");
	ck_assert_str_eq(r.rules[0].keys[1].value, "a \"quoted\" name");
	ck_assert_str_eq(r.rules[0].keys[2].op, "+=");
	ck_assert_int_eq(r.rules[1].line, 6);
	ck_assert_str_eq(r.rules[1].keys[0].op, "!=");
	ck_assert_str_eq(r.rules[1].keys[1].op, ":=");
	ck_assert_int_eq(r.rules[2].line, 7);
	ck_assert_int_eq(r.rules[2].nr_keys, 2);
	userspace_report_release(&r);
}
END_TEST

START_TEST(malformed_lines_are_named_and_skipped)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	const char text[] =
		"KERNEL==\"a\", NAME=\"b\n"
		"KERNEL=~\"a\"\n"
		"KERNEL=a\n"
		"kernel==\"a\"\n"
		"SYSFS{x==\"1\"\n"
		"KERNEL==\"a\"NAME=\"b\"\n"
		"FOO==\"a\"\n"
		"KERNEL==\"ok\", NAME=\"fine\"\n";

	userspace_parse_rules("bad.rules", text, sizeof(text) - 1, &r);
	ck_assert_int_eq(r.warnings.nr, 7);
	ck_assert_str_eq(r.warnings.v[0], "bad.rules:1: warning: malformed rule, skipped: the value of NAME has no closing quote");
	ck_assert_str_eq(r.warnings.v[1], "bad.rules:2: warning: malformed rule, skipped: the value of KERNEL is not quoted");
	ck_assert_str_eq(r.warnings.v[2], "bad.rules:3: warning: malformed rule, skipped: the value of KERNEL is not quoted");
	ck_assert_str_eq(r.warnings.v[3], "bad.rules:4: warning: malformed rule, skipped: column 1: a KEY was expected, not 'k'");
	ck_assert_str_eq(r.warnings.v[4], "bad.rules:5: warning: malformed rule, skipped: SYSFS{ has no closing }");
	ck_assert_str_eq(r.warnings.v[5], "bad.rules:6: warning: malformed rule, skipped: ',' expected after the value of KERNEL");
	ck_assert_str_eq(r.warnings.v[6], "bad.rules:7: warning: malformed rule, skipped: unknown key FOO");
	ck_assert_int_eq(r.nr_rules, 1);
	ck_assert_int_eq(r.rules[0].line, 8);
	userspace_report_release(&r);
}
END_TEST

START_TEST(devpath_keys_and_virtual_devices)
{
	expect("SUBSYSTEM==\"input\", DEVPATH!=\"/class/input/mice\", GROUP=\"input\"\n"
	       "SUBSYSTEM==\"input\", DEVPATH==\"/class/input/input*\", KERNEL==\"input*\", MODE=\"0600\"\n"
	       "DEVPATH==\"/devices/pci*\", MODE=\"0600\"\n",
	       "t.rules:1: virtual: input/mice: DEVPATH!=\"/class/input/mice\" => "
	       "SUBSYSTEM==\"input\", KERNEL!=\"mice\", GROUP=\"input\"\n"
	       "t.rules:2: devpath: input/input<N>: DEVPATH==\"/class/input/input*\" => "
	       "SUBSYSTEM==\"input\", KERNEL==\"input*\", MODE=\"0600\"\n");
}
END_TEST

START_TEST(attribute_keys_rename_walk_and_pin)
{
	expect("SUBSYSTEM==\"backlight\", ATTR{power}==\"0\", NAME=\"bl/%s{power}\"\n"
	       "KERNEL==\"event*\", ATTR{name}==\"kbd\", SYMLINK+=\"kbd\"\n"
	       "KERNEL==\"event*\", ATTRS{name}==\"kbd\", SYMLINK+=\"kbd\"\n"
	       "KERNEL==\"event*\", BUS==\"serio\", SYSFS{name}==\"kbd\", SYMLINK+=\"kbd\"\n"
	       "KERNEL==\"input*\", SYSFS{name}==\"kbd\", SYMLINK+=\"kbd\"\n"
	       "SUBSYSTEM==\"backlight\", RUN+=\"/bin/sh -c 'cat /sys%p/power /sys%p/brightness'\"\n",
	       "t.rules:1: attribute-renamed: backlight/<name>: %s{power} => "
	       "SUBSYSTEM==\"backlight\", ATTR{power}==\"0\", NAME=\"bl/%s{backlight_power}\"\n"
	       "t.rules:1: attribute-renamed: backlight/<name>: ATTR{power} => "
	       "SUBSYSTEM==\"backlight\", ATTR{backlight_power}==\"0\", NAME=\"bl/%s{power}\"\n"
	       "t.rules:3: parent: input/event<N>: ATTRS{name} => "
	       "KERNEL==\"event*\", BUS==\"<bus of the physical device>\", ATTRS{name}==\"kbd\", SYMLINK+=\"kbd\"\n"
	       "t.rules:6: attribute-renamed: backlight/<name>: /sys%p/power => "
	       "SUBSYSTEM==\"backlight\", RUN+=\"/bin/sh -c 'cat /sys%p/backlight_power /sys%p/brightness'\"\n");
}
END_TEST

START_TEST(physdev_keys_need_a_parent_and_a_named_class)
{
	expect("KERNEL==\"mice\", ENV{PHYSDEVBUS}==\"usb\", MODE=\"0600\"\n"
	       "KERNEL==\"event*\", ENV{PHYSDEVPATH}==\"/devices/pci*\", MODE=\"0600\"\n"
	       "KERNEL==\"eth*\", ENV{PHYSDEVDRIVER}==\"e100\", NAME=\"lan\"\n"
	       "SUBSYSTEM==\"net\", KERNEL==\"eth*\", ENV{PHYSDEVDRIVER}==\"e100\", NAME=\"lan\"\n",
	       "t.rules:2: physdev: input/event<N>: ENV{PHYSDEVPATH}==\"/devices/pci*\" => "
	       "KERNEL==\"event*\", DEVPATH==\"/devices/pci*\", MODE=\"0600\"\n"
	       "t.rules:4: physdev: net/<net->name>: ENV{PHYSDEVDRIVER}==\"e100\" => "
	       "SUBSYSTEM==\"net\", KERNEL==\"eth*\", DRIVER==\"e100\", NAME=\"lan\"\n");
}
END_TEST

START_TEST(scripts_paths_symlinks_devpaths_and_physdev)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	char *got;

	put("rules.d/10-mouse.rules", "SUBSYSTEM==\"input\", KERNEL==\"mouse*\", RUN+=\"/lib/udev/mouse-id\"\n");
	put("lib/mouse-id", "#!/bin/sh\n"
			    "# $PHYSDEVBUS in a comment is not read\n"
			    "echo \"$PHYSDEVBUS ${PHYSDEVPATH}\"\n");
	put("lib/other", "#!/bin/sh\necho $PHYSDEVBUS\n");
	put("lib/notes.txt", "find /sys/class/tosh\n");
	put("init.d/tosh", "#!/bin/sh\n"
			   "[ -h /sys/class/tosh/toshiba ] && echo linked\n"
			   "if ! test -L /sys/class/tosh/toshiba; then :; fi\n"
			   "readlink /sys/class/tosh/toshiba\n"
			   "readlink -f /sys/class/tosh/toshiba\n"
			   "cat /sys/class/tosh/toshiba/version\n"
			   "ls /sys/class/tosh/toshiba/device\n"
			   "case $DEVPATH in /class/tosh/toshiba) : ;; /classic/x) : ;; esac\n");
	check(&r);
	got = summary(&r);
	ck_assert_str_eq(got,
		"tosh:2: symlink: tosh/toshiba: /sys/class/tosh/toshiba => [ -d /sys/class/tosh/toshiba ] && echo linked\n"
		"tosh:3: symlink: tosh/toshiba: /sys/class/tosh/toshiba => if ! test -d /sys/class/tosh/toshiba; then :; fi\n"
		"tosh:4: symlink: tosh/toshiba: /sys/class/tosh/toshiba => readlink -f /sys/class/tosh/toshiba\n"
		"tosh:8: virtual: tosh/toshiba: /class/tosh/toshiba => case $DEVPATH in */toshiba) : ;; /classic/x) : ;; esac\n"
		"mouse-id:3: physdev: input/mouse<N>: $PHYSDEVBUS => "
		"echo \"$(basename $(readlink -f /sys$DEVPATH/device/subsystem)) ${PHYSDEVPATH}\"\n"
		"mouse-id:3: physdev: input/mouse<N>: ${PHYSDEVPATH} => echo \"$PHYSDEVBUS ${DEVPATH%/*}\"\n");
	ck_assert_int_eq(r.nr_scripts, 3);
	ck_assert_int_eq(r.rules_files, 1);
	free(got);
	userspace_report_release(&r);
}
END_TEST

START_TEST(a_missing_path_is_an_error)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	struct strvec paths = STRVEC_INIT;

	strvec_push(&paths, "/nonexistent/udev/rules.d");
	ck_assert_int_eq(userspace_read(&paths, &r), -1);
	strvec_clear(&paths);
	userspace_report_release(&r);
}
END_TEST

START_TEST(json_carries_every_finding)
{
	struct userspace_report r = USERSPACE_REPORT_INIT;
	json_t *j, *f;

	put("t.rules", "DEVPATH==\"/class/tosh/toshiba\", MODE=\"0600\"\nKERNEL==\"x\n");
	check(&r);
	j = writer_json_userspace(&r);
	ck_assert_int_eq(json_array_size(json_object_get(j, "findings")), 1);
	ck_assert_int_eq(json_array_size(json_object_get(j, "warnings")), 1);
	ck_assert_int_eq(json_integer_value(json_object_get(j, "rules")), 1);
	f = json_array_get(json_object_get(j, "findings"), 0);
	ck_assert_str_eq(json_string_value(json_object_get(f, "change")), "virtual");
	ck_assert_str_eq(json_string_value(json_object_get(f, "step_name")), "virtual-devices");
	ck_assert_str_eq(json_string_value(json_object_get(f, "source")), "rule");
	ck_assert_str_eq(json_string_value(json_object_get(f, "rewrite")), "SUBSYSTEM==\"tosh\", KERNEL==\"toshiba\", MODE=\"0600\"");
	json_decref(j);
	userspace_report_release(&r);
}
END_TEST

static Suite *userspace_suite(void)
{
	Suite *s = suite_create("userspace");
	TCase *tc = tcase_create("core");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, snapshot_lists_exactly_the_expected_findings);
	tcase_add_test(tc, rules_parse_with_continuations_comments_and_crlf);
	tcase_add_test(tc, malformed_lines_are_named_and_skipped);
	tcase_add_test(tc, devpath_keys_and_virtual_devices);
	tcase_add_test(tc, attribute_keys_rename_walk_and_pin);
	tcase_add_test(tc, physdev_keys_need_a_parent_and_a_named_class);
	tcase_add_test(tc, scripts_paths_symlinks_devpaths_and_physdev);
	tcase_add_test(tc, a_missing_path_is_an_error);
	tcase_add_test(tc, json_carries_every_finding);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	SRunner *sr = srunner_create(userspace_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
