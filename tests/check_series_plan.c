/*
 * check_series_plan: how the series names a patch that series_plan_mend()
 * made take another subsystem's changes (engine/series-plan.h), on units
 * held in memory: no engine run, no parse; and the plan kept in the cache
 * and read back (engine/series-cache.h): every field of every unit and of
 * the bisect result, and a kept plan that does not fit the engine refused.
 */
#define _GNU_SOURCE
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/series-cache.h"
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

static char *cache_dir_made;

/* Each test runs in its own process (fork mode): cache_dir() decides there. */
static void cache_setup(void)
{
	cache_dir_made = test_tmpdir("series-cache");
	ck_assert_int_eq(setenv("CDMIGRATE_CACHE_DIR", cache_dir_made, 1), 0);
}

static void cache_teardown(void)
{
	test_rm_rf(cache_dir_made);
	free(cache_dir_made);
}

/* What series_cache_replay() checks a kept plan against: steps and changes. */
static void small_engine(struct engine *e, size_t steps, size_t changes)
{
	memset(e, 0, sizeof(*e));
	e->plan.nr = steps;
	e->nr_changes = changes;
}

static void kept_plan(struct series_units *u, struct bisect_result *b)
{
	struct bisect_break *brk;

	add_unit(u, 1, "scsi", "lpfc, qla2xxx", 1, 2, (size_t[]){ 0, 2, 5 }, 3);
	u->v[0].cluster[0] = 7;
	u->v[0].cluster[1] = 7;
	u->v[0].cluster[2] = 9;
	u->v[0].tie = xstrdup("include/scsi/scsi_host.h changes shost_attrs,\nwhich drivers/scsi/ipr.c uses");
	u->v[0].bytes = 40961;
	strvec_push(&u->v[0].foreign, "drivers/ata/libata-scsi.c");
	strvec_push(&u->v[0].notes, "It takes the change of drivers/ata/ahci.c: it builds only with it.");
	add_unit(u, 3, "driver-core", NULL, 0, 0, (size_t[]){ 0 }, 0);
	memset(b, 0, sizeof(*b));
	b->prefixes = 2;
	b->judged = 11;
	ALLOC_GROW(b->breaks, 1, b->alloc_breaks);
	brk = &b->breaks[b->nr_breaks++];
	memset(brk, 0, sizeof(*brk));
	brk->patch = 1;
	brk->file = xstrdup("drivers/scsi/hosts.c");
	brk->error = xstrdup("drivers/scsi/hosts.c:12:3: error: no member named 'dev'");
	brk->files = 2;
	strvec_push(&brk->broken, "drivers/scsi/hosts.c");
	strvec_push(&brk->broken, "drivers/scsi/scsi.c");
}

static const char key[] = "0123456789abcdef0123456789abcdef";

START_TEST(a_kept_plan_reads_back_whole)
{
	struct series_units u = SERIES_UNITS_INIT, got = SERIES_UNITS_INIT;
	struct bisect_result b, gotb;
	struct engine e;
	unsigned mended = 0;

	kept_plan(&u, &b);
	series_cache_store(key, &u, &b, 3);
	small_engine(&e, 4, 6);
	ck_assert_int_eq(series_cache_replay(&e, key, &got, &gotb, &mended), 1);
	ck_assert_uint_eq(mended, 3);
	ck_assert_uint_eq(got.nr, 2);
	for (size_t i = 0; i < got.nr; i++) {
		ck_assert_uint_eq(got.v[i].step, u.v[i].step);
		ck_assert_str_eq(got.v[i].subsystem, u.v[i].subsystem);
		if (u.v[i].part)
			ck_assert_str_eq(got.v[i].part, u.v[i].part);
		else
			ck_assert_ptr_null(got.v[i].part);
		ck_assert_uint_eq(got.v[i].part_nr, u.v[i].part_nr);
		ck_assert_uint_eq(got.v[i].parts, u.v[i].parts);
		ck_assert_uint_eq(got.v[i].nr, u.v[i].nr);
		ck_assert_uint_eq(got.v[i].bytes, u.v[i].bytes);
		for (size_t k = 0; k < u.v[i].nr; k++) {
			ck_assert_uint_eq(got.v[i].changes[k], u.v[i].changes[k]);
			ck_assert_uint_eq(got.v[i].cluster[k], u.v[i].cluster[k]);
		}
		if (u.v[i].tie)
			ck_assert_str_eq(got.v[i].tie, u.v[i].tie);
		else
			ck_assert_ptr_null(got.v[i].tie);
		ck_assert_uint_eq(got.v[i].foreign.nr, u.v[i].foreign.nr);
		ck_assert_uint_eq(got.v[i].notes.nr, u.v[i].notes.nr);
		for (size_t k = 0; k < u.v[i].notes.nr; k++)
			ck_assert_str_eq(got.v[i].notes.v[k], u.v[i].notes.v[k]);
		for (size_t k = 0; k < u.v[i].foreign.nr; k++)
			ck_assert_str_eq(got.v[i].foreign.v[k], u.v[i].foreign.v[k]);
	}
	ck_assert_uint_eq(gotb.prefixes, 2);
	ck_assert_uint_eq(gotb.judged, 11);
	ck_assert_uint_eq(gotb.nr_breaks, 1);
	ck_assert_uint_eq(gotb.breaks[0].patch, 1);
	ck_assert_uint_eq(gotb.breaks[0].files, 2);
	ck_assert_str_eq(gotb.breaks[0].file, b.breaks[0].file);
	ck_assert_str_eq(gotb.breaks[0].error, b.breaks[0].error);
	ck_assert_uint_eq(gotb.breaks[0].broken.nr, 2);
	ck_assert_str_eq(gotb.breaks[0].broken.v[1], "drivers/scsi/scsi.c");
	series_units_release(&u);
	series_units_release(&got);
	bisect_result_release(&b);
	bisect_result_release(&gotb);
}
END_TEST

START_TEST(a_kept_plan_that_does_not_fit_is_refused)
{
	struct series_units u = SERIES_UNITS_INIT, got = SERIES_UNITS_INIT;
	struct bisect_result b, gotb;
	struct engine e;
	unsigned mended = 7;

	kept_plan(&u, &b);
	series_cache_store(key, &u, &b, 0);
	/* change 5 is beyond an engine of 5 changes; step 3 beyond one of 3 steps */
	small_engine(&e, 4, 5);
	ck_assert_int_eq(series_cache_replay(&e, key, &got, &gotb, &mended), 0);
	small_engine(&e, 3, 6);
	ck_assert_int_eq(series_cache_replay(&e, key, &got, &gotb, &mended), 0);
	ck_assert_uint_eq(got.nr, 0);
	ck_assert_uint_eq(mended, 7);
	/* nothing kept under another key */
	small_engine(&e, 4, 6);
	ck_assert_int_eq(series_cache_replay(&e, "fedcba9876543210fedcba9876543210", &got, &gotb, &mended), 0);
	series_units_release(&u);
	bisect_result_release(&b);
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
	tc = tcase_create("cache");
	tcase_add_checked_fixture(tc, cache_setup, cache_teardown);
	tcase_add_test(tc, a_kept_plan_reads_back_whole);
	tcase_add_test(tc, a_kept_plan_that_does_not_fit_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
