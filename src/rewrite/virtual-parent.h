/*
 * virtual-parent.h: the C rewriter pass of step 60, run after its
 * semantic patch (rewrite.h).
 *
 * It refuses the step (REWRITE_REFUSED) when drivers/base/core.c does not
 * place parentless class devices: virtual_device_parent() is not defined
 * or nothing calls it.
 */
#ifndef CDMIGRATE_REWRITE_VIRTUAL_PARENT_H
#define CDMIGRATE_REWRITE_VIRTUAL_PARENT_H
#include "rewrite/context.h"

int rewrite_virtual_parent(struct rewrite_context *ctx);

#endif
