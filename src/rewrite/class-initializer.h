/*
 * class-initializer.h: the step-10 pass that turns the definition
 * of a static struct class into a pointer and moves what its initializer
 * said to the code that now creates it.
 *
 * spatch 1.1.1 does not see the preprocessor lines inside an initializer
 * (the 2.6.15 "#ifdef CONFIG_HOTPLUG .hotplug = f, #endif"), and two
 * definitions of one name in a run give two bindings that both edit every
 * registration.  So class-create.cocci converts the registrations and the
 * users and leaves two placeholders naming the class, which this pass fills
 * from the initializer's text:
 *
 *   c = class_create(CDMIGRATE_CLASS_ARGS(c));
 *       -> c = class_create(OWNER, NAME);   (.owner, THIS_MODULE without)
 *   CDMIGRATE_CLASS_FIELDS(c);              (a line of its own)
 *       -> c->release = R;                  (each of .release, .hotplug,
 *          #ifdef CONFIG_HOTPLUG             .uevent, .class_dev_attrs in
 *          c->hotplug = H;                   the initializer's order, its
 *          #endif                            #if lines around them kept;
 *                                            the line goes when none)
 *   static struct class c = { ... };
 *       -> static struct class *c;
 *
 * A value assigned that is a function static in the definition's file,
 * assigned in another file (the class registered away from where it is
 * defined) that does not name it otherwise, is made visible there: the
 * function loses its static and its prototype follows the line
 * "extern struct class *c;" of the one step header that has it.  Without
 * such a header the log says so and the assignment stays (verify holds
 * the file back on the undeclared name).
 *
 * The definition that fills a placeholder is the one in the same file,
 * else the only one among the step's files of the same subsystem, else the
 * only one among the step's files.  A line longer than 80 columns after
 * the arguments are filled is broken after the owner.
 *
 * The pass refuses the step (REWRITE_REFUSED after error() naming the
 * file and the class) when a class's initializer cannot be moved: .name
 * missing, given twice or under an #if (or .owner so), a field other than
 * those above (one spatch did not see, in an #else branch), a
 * preprocessor line inside a field's value, a positional initializer,
 * fields to assign but no CDMIGRATE_CLASS_FIELDS placeholder (an unchecked
 * registration), or no definition for a placeholder.  Run on its own
 * output it finds no placeholder: idempotent.
 */
#ifndef CDMIGRATE_REWRITE_CLASS_INITIALIZER_H
#define CDMIGRATE_REWRITE_CLASS_INITIALIZER_H

#include <stddef.h>

#include "base/util.h"
#include "rewrite/context.h"

/* The pass (rewrite_find("class-initializer")), on ctx's step files. */
int rewrite_class_initializer(struct rewrite_context *ctx);

/*
 * Nonzero when step 10 can move member `field` (n bytes) of a struct class
 * initializer: .name and .owner become class_create()'s arguments, .release,
 * .hotplug, .uevent, .class_dev_attrs, .dev_release, .dev_uevent and
 * .dev_attrs are assigned right after it.  A class that sets any other
 * member (or no .name) stays static.
 */
int class_initializer_can_move(const char *field, size_t n);

/* What the initializer of one struct class says, ready to be written. */
struct class_initializer {
	char *owner;			/* THIS_MODULE when it sets none */
	char *name;
	/*
	 * The assignments and #if lines, one per line without indentation
	 * and without newline: "c->release = R;", "#ifdef CONFIG_HOTPLUG".
	 */
	struct strvec lines;
};
#define CLASS_INITIALIZER_INIT { NULL, NULL, STRVEC_INIT }

/*
 * Read the brace initializer text[0, len) (from its '{' to its '}') of
 * class `name`.  Returns 0, or -1 with the reason in `why` (the text is
 * not movable: see above).
 */
int class_initializer_parse(struct class_initializer *ci, const char *name, const char *text,
			    size_t len, struct strbuf *why);
void class_initializer_release(struct class_initializer *ci);

/*
 * Fill the placeholders of class `name` in sb with ci and turn its
 * definition, when sb holds it, into a pointer.  Returns the number of
 * placeholders filled plus one for the definition.
 */
int class_initializer_apply(struct strbuf *sb, const char *name, const struct class_initializer *ci,
			    int with_definition);

#endif
