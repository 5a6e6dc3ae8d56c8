/*
 * migrate.h: the migration engine: runs the planned steps on a scratch copy
 * and produces a reviewable patch series or an atomic in-place edit.
 *
 * For each step that runs, in plan order, each on the output of the one
 * before:
 *  1. the candidate files are the working files whose current text holds a
 *     trigger token of the step (driver-core files only for in-tree steps,
 *     never for the others), limited to the PATHs and --subsystem given;
 *  2. the files are split into spatch file groups as the step's manifest
 *     `group` says (manifest.h: per subsystem, joined by class objects or
 *     by included headers; each with the step's headers its files include
 *     directly), groups with none of the step's `needs` tokens dropped;
 *     one task per group, or, for a patch without script rules, the groups
 *     packed into at most 8 tasks of similar size run with --file-groups;
 *     neither depends on -j.  Tasks run -j at a time, largest first, with
 *     a per-task timeout; a task that exits non-zero is rerun group by
 *     group, then file by file, so one bad file never loses the others.
 *     A task that hangs (timeout), crashes (a signal) or prints anything
 *     but a whole diff that applies is a fault of spatch: the run ends
 *     with EXIT_USAGE, nothing written and nothing of it cached;
 *  3. the diffs of all tasks are merged per file: identical hunks count
 *     once, different edits of the same lines are a conflict (the file is
 *     left as it was and the run ends with exit 3);
 *  4. every changed file is re-parsed with libclang against the converted
 *     headers: a change that adds parse errors is held back (verify).
 * A step (patches and rewriter) and verify whose inputs are the same as in
 * an earlier run (cache.h: the working files and their states, the tree's
 * fingerprint, the options, the patches, spatch and cdmigrate itself) are
 * replayed from the cache, messages included; a step where a spatch task
 * timed out or was killed is never kept.
 * Output: OUT/NNNN-<subsystem>-<step>.patch (one per subsystem per step, in
 * plan order), OUT/0000-cover-letter.patch, OUT/report.json; or, with
 * in_place, the tree edited through the journal (journal.h) and the same
 * report in TREE/.cdmigrate/migrate.json.
 */
#ifndef CDMIGRATE_MIGRATE_H
#define CDMIGRATE_MIGRATE_H

#include "engine/migrate-types.h"

/*
 * Run the migration.  Returns the exit status: EXIT_CLEAN when nothing
 * changes (or in_place and everything was written), EXIT_FINDINGS when a
 * series with changes was written or a step was refused (its error says
 * why; the other steps are written), EXIT_CONFLICT when a file had
 * conflicting edits (the rest is still written), EXIT_USAGE on errors (a
 * one-line message was printed).  stats may be NULL; free its steps array.
 */
int migrate_run(const struct migrate_options *opts, struct migrate_stats *stats);

#endif
