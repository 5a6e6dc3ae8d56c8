/*
 * delete-class-device.h: the C rewriter pass of step 70 (rewrite.h; it
 * edits only the driver core of the working set), and the rule of what
 * keeps it from running, which the report uses too.
 *
 * Step 70, the deletion.  What goes (the "doomed" names, to a fixed point
 * over include/linux/device.h, drivers/base/class.c, drivers/base/base.h):
 * the tags class_device and class_device_attribute, CLASS_DEVICE_ATTR, and
 * every file-scope item of those files that names a doomed name: macros,
 * functions (but not the class-level API: class_create, class_destroy,
 * class_register, class_unregister, class_create_file, class_remove_file,
 * class_interface_register, class_interface_unregister, classes_init),
 * prototypes, objects, EXPORT_SYMBOLs; an object made by decl_subsys(x,
 * ...) is x_subsys.  Members of the remaining structs whose declaration
 * names a doomed name go (class's hotplug/uevent, release, class_dev_attrs;
 * class_interface's add and remove), and so does struct class's children
 * (the list of class devices).  Inside the remaining functions, a statement
 * that names a doomed name, a local declared with a doomed type, or a
 * doomed member through a variable declared as that struct (or through
 * ->class) goes; a control statement goes with its condition or its body.
 * Comments attached to what goes go with it, and so does a standalone
 * comment about class devices right before it; blank lines do not pile up.
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
#include "rewrite/rewrite.h"

int rewrite_delete_class_device(struct rewrite_context *ctx);

/* ---------------------------------------------------- what step 70 deletes */

struct deletion;

/*
 * Step 70's analysis of the driver core of `root` as it is on disk
 * (include/linux/device.h, drivers/base/class.c, drivers/base/base.h; a
 * missing file counts as empty): the names it deletes, those a user can
 * name, the members of struct class it removes.  Free with
 * deletion_free().
 */
struct deletion *deletion_read(const char *root);
void deletion_free(struct deletion *d);

/*
 * The one rule of what keeps struct class_device from being deleted, for
 * a use outside the driver core: step 70 refuses while one is left, and
 * the report counts exactly these as blocking.  `kind` is a site kind
 * (site.h) or "token" (an identifier, `symbol`); `reason` is the site's.
 *   class-device-*   always
 *   inactive         when its symbol is the API (it starts with
 *                    class_device or CLASS_DEVICE, or is a token that
 *                    blocks), unless the branch is #if 0
 *                    (SITE_REASON_IF_ZERO): a name that only contains
 *                    class_device (fbcon_class_device) does not block
 *   macro-body       when its symbol is the API (as for inactive): no
 *                    parse sees a macro's body
 *   static-class     when its initializer sets a member of struct class
 *                    that step 70 removes (*member is set to it)
 *   token            when step 70 deletes the identifier and a user can
 *                    name it (device.h declares it, or it is exported)
 *   anything else    never: static classes and class_interface objects
 *                    stay in the class-level API
 * Returns nonzero when the use blocks.  `member` may be NULL.
 */
int deletion_blocks(const struct deletion *d, const char *kind, const char *symbol,
		    const char *reason, const char **member);

#endif
