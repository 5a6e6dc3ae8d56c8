/*
 * classify-jobs.h: the classify module's worker threads (see
 * classify-clang.h).  Each worker has its own libclang index and takes
 * the next file until none is left; results are kept by file index, so
 * that nothing depends on the number of jobs.  (base/pool.h runs child
 * processes; libclang runs in this process, on threads with the 8 MB
 * stacks its parser expects.)
 */
#ifndef CDMIGRATE_CLASSIFY_JOBS_H
#define CDMIGRATE_CLASSIFY_JOBS_H

#include "analyze/classify-clang.h"

/* query(c, index, i, data) for each file i of files, on c's jobs (the caller's thread is one). */
void classify_jobs_run_query(struct classify *c, const struct strvec *files,
			     void (*query)(struct classify *c, CXIndex index, size_t i, void *data),
			     void *data);

#endif
