/*
 * unused-exports.h: the C rewriter pass of steps 20 and 55 (rewrite.h;
 * it edits only the driver core of the working set).
 *
 * An exported class_* function of drivers/base/ that nothing outside the
 * driver core names (exports.h, on the working contents) loses its
 * EXPORT_SYMBOL line; its declaration in include/linux/device.h goes too unless a
 * driver-core file other than the defining one, or the defining file
 * before the definition, still names it; its definition goes when
 * nothing else in the driver core names it.  Repeated until nothing
 * more becomes unused.
 */
#ifndef CDMIGRATE_REWRITE_UNUSED_EXPORTS_H
#define CDMIGRATE_REWRITE_UNUSED_EXPORTS_H
#include "rewrite/context.h"

int rewrite_unused_exports(struct rewrite_context *ctx);

#endif
