/*
 * threads.h: one piece of work shared by a few threads.
 *
 * The prefilter, the classifier and the tree fingerprint each hand out
 * items from a counter of their own (an atomic or a locked index) to
 * `jobs` copies of one worker function; this runs them and waits.
 */
#ifndef CDMIGRATE_THREADS_H
#define CDMIGRATE_THREADS_H

#include <stddef.h>

/*
 * Run worker(data) on `jobs` threads at once, the caller's thread being
 * one of them (jobs < 1 is 1), and return when every one has returned.
 * stack_bytes: each started thread's stack size, 0 for the default.  A
 * thread that cannot be started is not: the others do its share, so the
 * worker must take items until none is left, not a fixed part of them.
 */
void threads_run(int jobs, size_t stack_bytes, void *(*worker)(void *data), void *data);

#endif
