/*
 * check_maintainers: who a patch goes to, from a MAINTAINERS written in
 * the shape of the 2.6 trees' (P:/M: pairs, L:, T:, a few F: patterns, the
 * legend and "THE REST"), and a driver's name within its subsystem.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/maintainers.h"
#include "kernel/subsystem.h"
#include "test-lib.h"

static const char text[] =
	"\n\tList of maintainers and how to submit kernel changes\n\n"
	"Maintainers List (try to look for most precise areas first)\n\n"
	"P: Person\nM: Mail patches to\nL: Mailing list that is relevant to this area\n"
	"S: Status, one of the following:\n\n\tSupported:\tSomeone is paid.\n\n"
	"3W-XXXX ATA-RAID CONTROLLER DRIVER\nP:\tAdam Radford\nM:\tlinuxraid@amcc.com\n"
	"L:\tlinux-scsi@vger.kernel.org\nS:\tSupported\n\n"
	"BACKLIGHT CLASS/SUBSYSTEM\nP:\tRichard Purdie\nM:\trpurdie@example.net\nS:\tMaintained\n\n"
	"DELL SYSTEMS MANAGEMENT BASE DRIVER (dcdbas)\nP:\tDoug Warzecha\nM:\tdoug@example.com\n"
	"S:\tMaintained\n\n"
	"DRIVER CORE, KOBJECTS, AND SYSFS\nP:\tGreg Kroah-Hartman\nM:\tgregkh@suse.de\n"
	"L:\tlinux-kernel@vger.kernel.org\nS:\tSupported\n\n"
	"HARDWARE MONITORING\nP:\tJean Delvare\nM:\tkhali@linux-fr.org\n"
	"L:\tlm-sensors@lm-sensors.org (moderated for non-subscribers)\n"
	"T:\tquilt http://khali.linux-fr.org/devel/linux-2.6/jdelvare-hwmon/\nS:\tMaintained\n\n"
	"LM83 HARDWARE MONITOR DRIVER\nP:\tJean Delvare\nM:\tkhali@linux-fr.org\n"
	"L:\tlm-sensors@lm-sensors.org\nS:\tMaintained\n\n"
	"NETWORKING [IPv4/IPv6]\nP:\tDavid S. Miller\nM:\tdavem@example.net\n"
	"T:\tgit kernel.org:/pub/scm/linux/kernel/git/davem/net-2.6.git\nS:\tMaintained\n\n"
	"PCI HOTPLUG CORE\nP:\tKristen Carlson Accardi\nM:\tkristen@example.org\nS:\tSupported\n\n"
	"RT2X00 WIRELESS DRIVER\nP:\tIvo van Doorn\nM:\tIvDoorn@example.com\n"
	"L:\tlinux-wireless@vger.kernel.org\nF:\tdrivers/net/wireless/rt2x00/\nS:\tMaintained\n\n"
	"SCSI CDROM DRIVER\nP:\tJens Axboe\nM:\taxboe@suse.de\nL:\tlinux-scsi@vger.kernel.org\nS:\tMaintained\n\n"
	"SCSI SUBSYSTEM\nP:\tJames E.J. Bottomley\nM:\tJames.Bottomley@SteelEye.com\n"
	"L:\tlinux-scsi@vger.kernel.org\nS:\tMaintained\n\n"
	"SCSI TAPE DRIVER\nP:\tKai Makisara\nM:\tKai.Makisara@kolumbus.fi\nL:\tlinux-scsi@vger.kernel.org\nS:\tMaintained\n\n"
	"SPARSE CHECKER\nP:\tJosh Triplett\nM:\tjosh@example.org\nF:\tinclude/linux/*compiler*.h\nS:\tMaintained\n\n"
	"TIPC NETWORK LAYER\nP:\tPer Liden\nM:\tper@example.com\n"
	"T:\tgit tipc.cslab.ericsson.net:/pub/git/tipc.git\nS:\tMaintained\n\n"
	/* v2.6.16 ends this section with a line of one tab */
	"USER-MODE LINUX\nP:\tJeff Dike\nM:\tjdike@example.com\nS:\tMaintained\n\t\n"
	"FAT/VFAT/MSDOS FILESYSTEM:\nP:\tOGAWA Hirofumi\nM:\thirofumi@example.jp\n"
	"L:\tlinux-kernel@vger.kernel.org\nS:\tMaintained\n\n"
	"WISTRON LAPTOP BUTTON DRIVER\nP:\tMiloslav Trmac\nM:\tmitr@example.cz\nS:\tMaintained\n\n"
	"THE REST\nP:\tLinus Torvalds\nS:\tBuried alive in reporters\n";

static struct maintainers *m;

static void setup(void)
{
	m = maintainers_parse(text, strlen(text));
}

static void teardown(void)
{
	maintainers_free(m);
}

/* The addresses for path, joined by "; ", and how many sections matched. */
static char *cc(const char *path, const char *sub, size_t *n)
{
	struct strvec out = STRVEC_INIT;
	struct strbuf sb = STRBUF_INIT;

	*n = maintainers_for(m, path, sub, &out, NULL);
	for (size_t i = 0; i < out.nr; i++)
		strbuf_addf(&sb, "%s%s", i ? "; " : "", out.v[i]);
	strvec_clear(&out);
	return strbuf_detach(&sb, NULL);
}

#define EXPECT(path, sub, want_n, want) do { \
		size_t n_; \
		char *got_ = cc(path, sub, &n_); \
		ck_assert_msg(n_ == (want_n) && !strcmp(got_, want), "%s: %zu sections, \"%s\"", \
			      path, n_, got_); \
		free(got_); \
	} while (0)

START_TEST(file_patterns_first)
{
	EXPECT("drivers/net/wireless/rt2x00/rt2x00dev.c", "net", 1,
	       "Ivo van Doorn <IvDoorn@example.com>; linux-wireless@vger.kernel.org");
	/* a glob does not cross '/' */
	EXPECT("include/linux/compiler-gcc.h", "sparse", 1, "Josh Triplett <josh@example.org>");
	EXPECT("include/linux/sub/compiler.h", "zz", 0, "");
}
END_TEST

START_TEST(title_words_of_the_driver)
{
	/* the file's own name, split at '-' and between letters and digits */
	EXPECT("drivers/scsi/3w-xxxx.c", "scsi", 1,
	       "Adam Radford <linuxraid@amcc.com>; linux-scsi@vger.kernel.org");
	EXPECT("drivers/hwmon/lm83.c", "hwmon", 1,
	       "Jean Delvare <khali@linux-fr.org>; lm-sensors@lm-sensors.org");
	/* "st" is too short to say anything: the subsystem's section */
	EXPECT("drivers/scsi/st.c", "scsi", 1,
	       "James E.J. Bottomley <James.Bottomley@SteelEye.com>; linux-scsi@vger.kernel.org");
}
END_TEST

START_TEST(no_match_by_chance)
{
	/* the class_device implementation is the driver core's ("BASE DRIVER", "BACKLIGHT CLASS") */
	EXPECT("drivers/base/base.h", "driver-core", 1,
	       "Greg Kroah-Hartman <gregkh@suse.de>; linux-kernel@vger.kernel.org");
	EXPECT("drivers/base/class.c", "driver-core", 1,
	       "Greg Kroah-Hartman <gregkh@suse.de>; linux-kernel@vger.kernel.org");
	/* the first word of a name in a driver's folder picks only a driver's title */
	EXPECT("drivers/infiniband/core/user_mad.c", "infiniband", 0, "");
	EXPECT("drivers/input/misc/wistron_btns.c", "input", 1, "Miloslav Trmac <mitr@example.cz>");
	/* a line of blanks ends a section: FAT's title is not a line of USER-MODE LINUX */
	EXPECT("fs/fat/inode.c", "fs", 1,
	       "OGAWA Hirofumi <hirofumi@example.jp>; linux-kernel@vger.kernel.org");
	/* a tree's host is no word of it: "ericsson.net" is not "net" */
	EXPECT("net/core/dev.c", "net", 1, "David S. Miller <davem@example.net>");
}
END_TEST

START_TEST(latin1_names)
{
	static const char latin1[] = "MTD SUBSYSTEM\nP:\tJ\xf6rn Engel\nM:\tjoern@example.de\n"
				     "P:\tJ\xc3\xb6rn Utf\nM:\tutf@example.de\nS:\tMaintained\n";

	maintainers_free(m);
	m = maintainers_parse(latin1, strlen(latin1));
	EXPECT("drivers/mtd/mtdchar.c", "mtd", 1,
	       "J\xc3\xb6rn Engel <joern@example.de>; J\xc3\xb6rn Utf <utf@example.de>");
}
END_TEST

START_TEST(subsystem_fewest_words_then_trees)
{
	/* "scsi" is in three titles: SCSI SUBSYSTEM has the fewest words */
	EXPECT("drivers/scsi/scsi_sysfs.c", "scsi", 1,
	       "James E.J. Bottomley <James.Bottomley@SteelEye.com>; linux-scsi@vger.kernel.org");
	/* "core" names a driver of no one section: the subsystem decides */
	EXPECT("drivers/base/core.c", "driver-core", 1,
	       "Greg Kroah-Hartman <gregkh@suse.de>; linux-kernel@vger.kernel.org");
	/* no title holds "hwmon": a T: line does */
	EXPECT("drivers/hwmon/hwmon.c", "hwmon", 1,
	       "Jean Delvare <khali@linux-fr.org>; lm-sensors@lm-sensors.org");
	/* nothing: THE REST is never a match, the legend is no section */
	EXPECT("fs/nothing.c", "fs", 0, "");
	EXPECT("drivers/x/person.c", "person", 0, "");
}
END_TEST

START_TEST(each_address_once)
{
	struct strvec out = STRVEC_INIT, titles = STRVEC_INIT;

	maintainers_for(m, "drivers/hwmon/lm83.c", "hwmon", &out, &titles);
	maintainers_for(m, "drivers/hwmon/hwmon.c", "hwmon", &out, &titles);
	ck_assert_uint_eq(out.nr, 2);
	ck_assert_uint_eq(titles.nr, 2);
	ck_assert_str_eq(titles.v[0], "LM83 HARDWARE MONITOR DRIVER");
	ck_assert_str_eq(titles.v[1], "HARDWARE MONITORING");
	strvec_clear(&out);
	strvec_clear(&titles);
}
END_TEST

START_TEST(no_maintainers_file)
{
	char *dir = test_tmpdir("maintainers");
	struct strvec out = STRVEC_INIT;

	ck_assert_ptr_null(maintainers_read(dir));
	ck_assert_uint_eq(maintainers_for(NULL, "a.c", "top", &out, NULL), 0);
	test_put(dir, "MAINTAINERS", text);
	maintainers_free(m);
	m = maintainers_read(dir);
	ck_assert_ptr_nonnull(m);
	EXPECT("drivers/scsi/3w-xxxx.c", "scsi", 1,
	       "Adam Radford <linuxraid@amcc.com>; linux-scsi@vger.kernel.org");
	test_rm_rf(dir);
	free(dir);
}
END_TEST

START_TEST(driver_of_a_path)
{
	static const char *const cases[][2] = {
		{ "drivers/scsi/lpfc/lpfc_attr.c", "lpfc" },
		{ "drivers/scsi/st.c", "st" },
		{ "drivers/scsi/st.h", "st" },
		{ "net/bridge/br_sysfs_br.c", "bridge" },
		{ "net/socket.c", "socket" },
		{ "Makefile.c", "Makefile" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *d = subsystem_driver_of(cases[i][0]);

		ck_assert_msg(d && !strcmp(d, cases[i][1]), "%s: %s", cases[i][0], d ? d : "(null)");
		free(d);
	}
	ck_assert_ptr_null(subsystem_driver_of("include/linux/device.h"));
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("maintainers");
	TCase *tc = tcase_create("match");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, file_patterns_first);
	tcase_add_test(tc, title_words_of_the_driver);
	tcase_add_test(tc, no_match_by_chance);
	tcase_add_test(tc, latin1_names);
	tcase_add_test(tc, subsystem_fewest_words_then_trees);
	tcase_add_test(tc, each_address_once);
	tcase_add_test(tc, no_maintainers_file);
	tcase_add_test(tc, driver_of_a_path);
	suite_add_tcase(s, tc);
	return s;
}
