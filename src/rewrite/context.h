/*
 * context.h: what a C rewriter pass works on (rewrite.h lists the passes):
 * the engine's working files of a step, a classifier that sees their
 * current text, and a log for the user.
 */
#ifndef CDMIGRATE_REWRITE_CONTEXT_H
#define CDMIGRATE_REWRITE_CONTEXT_H

#include "analyze/classify.h"
#include "base/util.h"

/* One working file as the engine holds it. */
struct rewrite_file {
	const char *path;		/* relative to the tree */
	const char *subsystem;
	struct strbuf *content;		/* current text; a pass may replace it */
	int in_step;			/* a candidate of the running step */
	/* The text when the step began, before its prepare passes. */
	const struct strbuf *step_start;
};

struct rewrite_context {
	const char *tree;		/* the user's tree (read only) */
	const char *kernel;		/* headers root (tree in-tree) */
	int out_of_tree;
	struct rewrite_file *files;	/* sorted by path */
	size_t nr;
	/*
	 * A classifier whose overlay is the current contents of every working
	 * file: parse results reflect the earlier steps' edits.  It parses
	 * against headers with their function bodies blank (what a pass asks
	 * of a file is in the file); a pass that compares errors sets it
	 * whole (classify_set_blank_header_bodies()).  Borrowed.
	 */
	struct classify *classify;
	/* Lines for the user (one per edit or refusal), printed by the engine. */
	struct strvec *log;
};

/*
 * A pass: edit ctx->files in place.  Returns 0, or -1 after error() when it
 * cannot run at all; a file it cannot handle is left unchanged and named in
 * the log.  A pass must be idempotent: run on its own output it changes
 * nothing.  REWRITE_REFUSED: the step must not happen on this tree (what
 * only the working contents tell, e.g. users left before a deletion); the
 * pass printed why with error().  The engine then drops every change of the
 * step, skips its later passes, goes on with the next steps, and the run
 * ends with EXIT_FINDINGS (in place too).
 */
#define REWRITE_REFUSED 1

typedef int (*rewrite_pass_fn)(struct rewrite_context *ctx);

/* The working file at `path`, or NULL. */
struct rewrite_file *rewrite_file_find(struct rewrite_context *ctx, const char *path);

#endif
