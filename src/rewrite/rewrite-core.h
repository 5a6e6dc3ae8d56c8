/*
 * rewrite-core.h: the C rewriter passes of the driver-core steps, and the
 * lexical tools they share.
 *
 * Passes (rewrite.h; each edits only the driver core of the working set):
 *   rewrite_unused_exports()       step 20 (and 55): an exported class_*
 *       function of drivers/base/ that nothing outside the driver core
 *       names (exports.h, on the working contents) loses its EXPORT_SYMBOL
 *       line; its declaration in include/linux/device.h goes too unless a
 *       driver-core file other than the defining one, or the defining file
 *       before the definition, still names it; its definition goes when
 *       nothing else in the driver core names it.  Repeated until nothing
 *       more becomes unused.
 *   rewrite_virtual_parent()       step 60, after its semantic patch:
 *       refuses the step (REWRITE_REFUSED) when drivers/base/core.c does not
 *       place parentless class devices: virtual_device_parent() is not
 *       defined or nothing calls it.
 *   rewrite_delete_class_device()  step 70: see below.
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
#ifndef CDMIGRATE_REWRITE_CORE_H
#define CDMIGRATE_REWRITE_CORE_H

#include "base/util.h"
#include "lex/lex.h"
#include "rewrite/rewrite.h"

int rewrite_unused_exports(struct rewrite_context *ctx);
int rewrite_virtual_parent(struct rewrite_context *ctx);
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
 *   inactive         when its symbol names class_device
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

/* ------------------------------------------------------------------ items */

enum core_item_kind {
	CORE_ITEM_DIRECTIVE,	/* a preprocessor line other than #define */
	CORE_ITEM_DEFINE,	/* #define NAME ..., continuation lines included */
	CORE_ITEM_FUNCTION,	/* a definition with a body */
	CORE_ITEM_DECLARATION,	/* up to a ';' at file scope: prototypes, objects,
				 * struct definitions, macro invocations */
};

struct core_item {
	enum core_item_kind kind;
	char *name;		/* the macro, function, object or struct tag; the
				 * invoked macro for EXPORT_SYMBOL(x) and the like;
				 * NULL when there is none */
	size_t first, last;	/* token indexes, inclusive */
	size_t open;		/* FUNCTION: the body's '{'; a struct definition:
				 * its '{'; else (size_t)-1 */
	int is_struct;		/* "struct tag { ... };": name is the tag */
};

/* A C text cut into file-scope items (lex_tokenize() tokens). */
struct core_file {
	const char *text;	/* borrowed: must outlive the struct */
	size_t len;
	struct lex_tokens tokens;
	struct core_item *items;
	size_t nr, alloc;
};
#define CORE_FILE_INIT { NULL, 0, LEX_TOKENS_INIT, NULL, 0, 0 }

void core_file_parse(struct core_file *f, const char *text, size_t len);
void core_file_release(struct core_file *f);

/* Byte extent of tokens first..last: first's offset to just after last. */
size_t core_token_start(const struct core_file *f, size_t first);
size_t core_token_end(const struct core_file *f, size_t last);

/*
 * The token closing the bracket at `open` ('(', '[' or '{'), or
 * f->tokens.nr when it is not closed.
 */
size_t core_match(const struct core_file *f, size_t open);

/* ---------------------------------------------------------------- removals */

struct core_range {
	size_t start, end;	/* bytes [start, end) */
	unsigned stmt:1;	/* a statement or member: its comment goes too */
};

/*
 * Byte ranges to remove from one text.  On apply, a range that covers whole
 * lines (nothing but blanks before it on its first line, nothing but blanks
 * or a comment after it on its last) is widened to those lines; ranges
 * separated by blank lines only merge; the comment block right above a
 * range goes with it when the range is a statement or member, or when a
 * blank line, a '}' line or the end follows the range; a standalone
 * comment (blank lines around it) right above that mentions one of `topic`
 * (case-insensitive) goes too; then one blank line of a pair the removal
 * brings together goes, as does a blank line left right after a '{' or
 * right before a '}'.
 */
struct core_removals {
	struct core_range *v;
	size_t nr, alloc;
	const char *const *topic;	/* NULL-terminated, or NULL */
};
#define CORE_REMOVALS_INIT { NULL, 0, 0, NULL }

void core_removals_add(struct core_removals *r, size_t start, size_t end, int stmt);
void core_removals_apply(const struct core_removals *r, const char *text, size_t len,
			 struct strbuf *out);
void core_removals_release(struct core_removals *r);

#endif
