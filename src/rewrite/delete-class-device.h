/*
 * delete-class-device.h: the C rewriter pass of step 70 (rewrite.h; it
 * edits only the driver core of the working set).  What goes, and the
 * rule of what keeps it from running, which the report uses too, are
 * deletion.h's (included here: the report reads them through this header).
 *
 * The deletion is refused (REWRITE_REFUSED, nothing changes, the error
 * names the count and the first uses) while anything outside those three
 * files still uses what it deletes: a site of the classifier (on the
 * working contents) or an identifier for which deletion_blocks() says so,
 * or a working file whose change adds parse errors (the final verify will
 * hold it back) and whose text on disk uses class_device ("held-back").
 * The report (report.h) counts its residual sites as blocking by the same
 * deletion_blocks(), on the driver core read by deletion_read().  It also refuses when its own result would still name a
 * doomed name (a shape it cannot edit).  It parses with ctx->classify,
 * its overlay narrowed to the working files that differ from the disk (the
 * same parse), and leaves it empty: the engine sets it after every pass.
 */
#ifndef CDMIGRATE_REWRITE_DELETE_CLASS_DEVICE_H
#define CDMIGRATE_REWRITE_DELETE_CLASS_DEVICE_H
#include "rewrite/deletion.h"
#include "rewrite/context.h"

int rewrite_delete_class_device(struct rewrite_context *ctx);

#endif
