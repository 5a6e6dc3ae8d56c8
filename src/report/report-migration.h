/*
 * report-migration.h: what the last migration left for the report to read.
 *
 * The migration record is the JSON migrate writes: OUT/report.json, or
 * TREE/.cdmigrate/migrate.json after --in-place.  Its steps, the files it
 * did not convert and why, and the units verify held back are read here;
 * anything else in it is ignored.  The series is the directory migrate -o
 * wrote: every NNNN-*.patch but the cover letter.
 */
#ifndef CDMIGRATE_REPORT_MIGRATION_H
#define CDMIGRATE_REPORT_MIGRATION_H

#include <stddef.h>

#include "base/util.h"

/* The last migration, from OUT/report.json or TREE/.cdmigrate/migrate.json. */
struct report_migration_step {
	unsigned order;
	char *name;
	char *action;			/* "run", "skip"...; "" when absent */
	size_t files_changed, sites_converted;
};

struct report_migration_file {
	char *file, *step, *status, *detail;
};

/* A unit verify held back: the file whose new error caused it, the error, its files. */
struct report_migration_unit {
	char *cause, *error;
	struct strvec files;
};

struct report_migration {
	char *source;			/* the JSON file read */
	int in_place;			/* TREE/.cdmigrate/migrate.json: the tree holds the result */
	char *tree;
	struct report_migration_step *steps;
	size_t nr_steps;
	struct report_migration_file *files;
	size_t nr_files;
	size_t sites_converted, files_changed;
	struct report_migration_unit *units;	/* held_back_units, in order */
	size_t nr_units;
};

struct report_patch {
	char *path;			/* OUT/NNNN-....patch */
	char *subject;			/* from the Subject: line, "[PATCH n/m] " removed */
	char *subsystem;		/* the subject's "<subsystem>:" prefix */
};

/*
 * Read the record at path into *out (free with report_migration_free()).
 * Returns 0, or -1 after printing an error (not JSON, no steps and files).
 */
int report_migration_read(const char *path, struct report_migration **out);

/* Free m and all it holds; NULL is fine. */
void report_migration_free(struct report_migration *m);

/* The record of file, or of step order; NULL when m is NULL or has none. */
const struct report_migration_file *report_migration_file(const struct report_migration *m, const char *file);
const struct report_migration_step *report_migration_step(const struct report_migration *m, unsigned order);

/*
 * Append the patches of the series in dir to *patches (sorted by path; the
 * caller frees each field and the array).  A patch that cannot be read is
 * skipped with a warning.  Returns 0, or -1 after printing an error (dir
 * cannot be read).
 */
int report_migration_read_series(const char *dir, struct report_patch **patches, size_t *nr);

#endif
