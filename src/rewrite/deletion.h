/*
 * deletion.h: what step 70 deletes from the driver core, and the one rule
 * of what keeps it from running (the pass, delete-class-device.h, and the
 * report apply the same).
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
 */
#ifndef CDMIGRATE_REWRITE_DELETION_H
#define CDMIGRATE_REWRITE_DELETION_H

#include "lex/lex.h"
#include "rewrite/core-file.h"
#include "rewrite/context.h"

/* The files the deletion edits; every other file is a possible user. */
#define DELETION_NR_CORE 3
extern const char *const deletion_core_paths[DELETION_NR_CORE];

/* A member of a kept struct that goes. */
struct deletion_member {
	char *tag, *name;
};

/*
 * Owned throughout; files[] point into the pass's context (or own[] for
 * deletion_read()), NULL for a missing file.  parsed[] and doomed[] are
 * per core file: its file-scope items, and which of them go.
 */
struct deletion {
	struct rewrite_context *ctx;
	struct rewrite_file *files[DELETION_NR_CORE];
	struct core_file parsed[DELETION_NR_CORE];
	unsigned char *doomed[DELETION_NR_CORE];
	size_t nr_doomed;
	struct strvec names;		/* doomed identifiers, sorted */
	struct strvec public;		/* those a user can name, sorted */
	struct deletion_member *members;
	size_t nr_members, alloc_members;
	struct core_removals rm[DELETION_NR_CORE];
	struct strvec problems;		/* "file:line: what" the edit cannot do */
	struct classify_unsaved *overlay;	/* the classifier's, while the pass runs */
	/* deletion_read(): the core files as read from disk */
	struct rewrite_file own[DELETION_NR_CORE];
	struct strbuf own_text[DELETION_NR_CORE];
};


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

/*
 * Parse the core files of d->files (NULL: missing) and find what goes:
 * d->doomed, d->names, d->public, d->members.  deletion_release() frees
 * what d owns (and clears the classifier's overlay when d set one).
 */
void deletion_analyze(struct deletion *d);
void deletion_release(struct deletion *d);

/*
 * Queue in d->rm the statements of the kept functions that go (as said
 * above); what it cannot edit goes to d->problems.
 */
void deletion_edit_functions(struct deletion *d);

/* Token t is a name the deletion removes. */
int deletion_names_token(const struct deletion *d, const struct lex_token *t);

#endif
