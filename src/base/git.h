/*
 * git.h: the one way cdmigrate runs git on a kernel tree.
 *
 *	struct strbuf out = STRBUF_INIT;
 *	if (git_run(tree, (const char *const[]){ "status", "--porcelain", NULL },
 *		    &out, 60000) == 0)
 *		... out holds git's stdout ...
 *	strbuf_release(&out);
 *
 * git runs as `git -C TREE ARGS...` through base/child.h (never a shell),
 * with the variables that make git read another repository than TREE's
 * removed from its environment (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE,
 * GIT_OBJECT_DIRECTORY, GIT_COMMON_DIR and the rest of git's own
 * "local repository" list), and GIT_CEILING_DIRECTORIES too: whatever
 * the caller's environment points at, git reads the repository it finds
 * from TREE.
 */
#ifndef CDMIGRATE_GIT_H
#define CDMIGRATE_GIT_H

#include "base/util.h"

/*
 * Run `git -C tree ARGS...` (args NULL-terminated), stdin /dev/null.
 * Returns 0 when git exited 0 within timeout_ms (0: no limit), else -1:
 * git missing, not a repository, a failed command or a timeout, with
 * nothing printed (the caller decides whether that is an error).
 * git's stdout is appended to out when out is not NULL (also on failure);
 * its stderr is discarded.
 */
int git_run(const char *tree, const char *const *args, struct strbuf *out,
	    unsigned timeout_ms);

#endif
