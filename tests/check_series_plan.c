/*
 * check_series_plan: how the series names a patch that series_plan_mend()
 * made take another subsystem's changes (engine/series-plan.h), on units
 * held in memory: no engine run, no parse.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/series-plan.h"
#include "test-lib.h"

/* home[c] for changes 0..n-1, from a NULL-terminated list */
static char *const homes[] = {
	"driver-core",		/* 0: drivers/base/attribute_container.c */
	"scsi",			/* 1: drivers/scsi/hosts.c */
	"scsi",			/* 2: drivers/scsi/scsi_sysfs.c */
	"scsi",			/* 3: include/scsi/scsi_host.h */
	"ata",			/* 4: drivers/ata/libata-scsi.c */
	"ata",			/* 5: drivers/ata/ahci.c */
	NULL
};

static void add_unit(struct series_units *u, size_t step, const char *subsystem,
		     const char *part, unsigned part_nr, unsigned parts, const size_t *changes, size_t nr)
{
	struct series_unit *x;

	ALLOC_GROW(u->v, u->nr + 1, u->alloc);
	x = &u->v[u->nr++];
	memset(x, 0, sizeof(*x));
	x->step = step;
	x->subsystem = xstrdup(subsystem);
	x->part = part ? xstrdup(part) : NULL;
	x->part_nr = part_nr;
	x->parts = parts;
	x->changes = xcalloc(nr + 1, sizeof(*x->changes));
	x->cluster = xcalloc(nr + 1, sizeof(*x->cluster));
	memcpy(x->changes, changes, nr * sizeof(*changes));
	x->nr = nr;
}

START_TEST(a_patch_that_took_more_of_scsi_is_scsi_s)
{
	struct series_units u = SERIES_UNITS_INIT;

	/* driver core's patch took the SCSI cluster it needed */
	add_unit(&u, 3, "driver-core", NULL, 0, 0, (size_t[]){ 0, 1, 2, 3 }, 4);
	add_unit(&u, 3, "scsi", "sd, sg", 1, 2, (size_t[]){ 6 }, 0);
	series_plan_name_for_most(&u, 0, homes);
	ck_assert_str_eq(u.v[0].subsystem, "scsi");
	ck_assert_ptr_null(u.v[0].part);
	ck_assert_uint_eq(u.v[0].parts, 0);
	series_units_release(&u);
}
END_TEST

START_TEST(a_part_loses_its_number_with_its_name)
{
	struct series_units u = SERIES_UNITS_INIT;

	add_unit(&u, 3, "ata", "ahci", 1, 2, (size_t[]){ 5, 1, 2, 3 }, 4);
	series_plan_name_for_most(&u, 0, homes);
	ck_assert_str_eq(u.v[0].subsystem, "scsi");
	ck_assert_ptr_null(u.v[0].part);
	ck_assert_uint_eq(u.v[0].part_nr, 0);
	series_units_release(&u);
}
END_TEST

START_TEST(a_patch_that_holds_most_of_its_own_keeps_its_name)
{
	struct series_units u = SERIES_UNITS_INIT;

	/* two of its own, one taken; and a tie keeps the name */
	add_unit(&u, 3, "ata", NULL, 0, 0, (size_t[]){ 4, 5, 1 }, 3);
	add_unit(&u, 3, "driver-core", NULL, 0, 0, (size_t[]){ 0, 1 }, 2);
	series_plan_name_for_most(&u, 0, homes);
	series_plan_name_for_most(&u, 1, homes);
	ck_assert_str_eq(u.v[0].subsystem, "ata");
	ck_assert_str_eq(u.v[1].subsystem, "driver-core");
	series_units_release(&u);
}
END_TEST

START_TEST(a_name_a_whole_patch_of_the_step_has_is_not_taken)
{
	struct series_units u = SERIES_UNITS_INIT;

	add_unit(&u, 3, "driver-core", NULL, 0, 0, (size_t[]){ 0, 1, 2 }, 3);
	add_unit(&u, 3, "scsi", NULL, 0, 0, (size_t[]){ 3 }, 1);
	/* the same name in another step does not count */
	add_unit(&u, 4, "ata", NULL, 0, 0, (size_t[]){ 4 }, 1);
	add_unit(&u, 4, "driver-core", NULL, 0, 0, (size_t[]){ 0, 4, 5 }, 3);
	series_plan_name_for_most(&u, 0, homes);
	ck_assert_str_eq(u.v[0].subsystem, "driver-core");
	series_plan_name_for_most(&u, 3, homes);
	ck_assert_str_eq(u.v[3].subsystem, "driver-core");
	series_units_release(&u);
}
END_TEST

Suite *test_suite(void)
{
	Suite *s = suite_create("series_plan");
	TCase *tc = tcase_create("naming");

	tcase_add_test(tc, a_patch_that_took_more_of_scsi_is_scsi_s);
	tcase_add_test(tc, a_part_loses_its_number_with_its_name);
	tcase_add_test(tc, a_patch_that_holds_most_of_its_own_keeps_its_name);
	tcase_add_test(tc, a_name_a_whole_patch_of_the_step_has_is_not_taken);
	suite_add_tcase(s, tc);
	return s;
}
