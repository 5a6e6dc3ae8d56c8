#include "base/git.h"

#include "base/child.h"

/*
 * git's own list of the variables it clears before running a command in
 * another repository (local_repo_env in git's environment.c), plus
 * GIT_CEILING_DIRECTORIES, which could stop git from finding TREE's
 * repository when TREE is below the ceiling.
 */
static const char *const foreign_repo_env[] = {
	"GIT_ALTERNATE_OBJECT_DIRECTORIES",
	"GIT_CEILING_DIRECTORIES",
	"GIT_COMMON_DIR",
	"GIT_DIR",
	"GIT_GRAFT_FILE",
	"GIT_IMPLICIT_WORK_TREE",
	"GIT_INDEX_FILE",
	"GIT_NO_REPLACE_OBJECTS",
	"GIT_OBJECT_DIRECTORY",
	"GIT_PREFIX",
	"GIT_REPLACE_REF_BASE",
	"GIT_SHALLOW_FILE",
	"GIT_WORK_TREE",
	NULL
};

int git_run(const char *tree, const char *const *args, struct strbuf *out,
	    unsigned timeout_ms)
{
	struct child git = CHILD_INIT;
	struct strbuf discard = STRBUF_INIT, err = STRBUF_INIT;
	int timed_out = 0, code;

	strvec_pushv(&git.args, (const char *const[]){ "git", "-C", tree, NULL });
	strvec_pushv(&git.args, args);
	strvec_pushv(&git.env, foreign_repo_env);
	git.silent_exec_failure = 1;
	git.no_stdin = 1;
	code = child_capture(&git, NULL, 0, out ? out : &discard, &err,
			     timeout_ms, &timed_out);
	child_release(&git);
	strbuf_release(&discard);
	strbuf_release(&err);
	return code == 0 && !timed_out ? 0 : -1;
}
