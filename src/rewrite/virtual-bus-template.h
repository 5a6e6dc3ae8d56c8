/*
 * virtual-bus-template.h: the code step 50 writes for a class it moves to
 * a virtual bus, read from its template.
 *
 * The template, virtual-bus.c.in: free text up to the first line starting
 * with "@@", then sections "@@ NAME" or "@@ NAME if [!]FLAG" (FLAG: static,
 * export, devt, mutex), each the lines up to the next "@@" line, verbatim.
 * The text called NAME is its sections in order, those whose flag holds.
 * In it, @P@, @C@, @T@, @B@, @NAME@, @STATIC@, @EXPORT@, @REG@, @UNREG@,
 * @ADD@, @DEL@, @DELT@, @LOCKVAR@, @LOCK@, @UNLOCK@ and @LOCKWORD@
 * (<p>_bus_mutex, mutex_lock, mutex_unlock, "mutex" where the kernel has
 * struct mutex; else <p>_bus_sem, down, up, "sem") are replaced (other @ words are kept), a line
 * "@DRIVER@" by the text "driver", and a line ending in " @wrap" loses it
 * and, when longer than 80 columns, is wrapped: a declaration with an
 * initial value "\ttype v = init;" becomes "\ttype v;", a blank line and
 * "\tv = init;" (taking the place of the blank line after it); else a
 * list in parentheses breaks after its commas, the next lines aligned
 * under the parenthesis; else a prototype with one parameter breaks after
 * its return type.  The pass uses the texts "header", "bus",
 * "extern-comment" and "function-comment".
 */
#ifndef CDMIGRATE_REWRITE_VIRTUAL_BUS_TEMPLATE_H
#define CDMIGRATE_REWRITE_VIRTUAL_BUS_TEMPLATE_H

#include "base/util.h"

/* A parsed template; everything is owned. */
struct virtual_bus_template {
	struct virtual_bus_section {
		char *name;
		char *flag;		/* NULL, or the flag, "!" first when negated */
		char *text;
	} *v;
	size_t nr, alloc;
};
#define VIRTUAL_BUS_TEMPLATE_INIT { NULL, 0, 0 }

/* Parse the template's text; -1 after error() naming path:line. */
int virtual_bus_template_parse(struct virtual_bus_template *t, const char *path,
			       const char *text, size_t len);
void virtual_bus_template_release(struct virtual_bus_template *t);

/* What one class's text is made of. */
struct virtual_bus_names {
	const char *prefix;		/* <p> */
	const char *cls;
	const char *name;		/* "<class name>_bus", quotes included */
	const char *export;		/* EXPORT_SYMBOL(_GPL), or NULL */
	int is_static, devt;
	int mutex;			/* lock with a struct mutex (kernel_has_mutex()) */
};

/* Append the text called `name` for n to out, wrapped as said above. */
void virtual_bus_template_render(const struct virtual_bus_template *t, const char *name,
				  const struct virtual_bus_names *n, struct strbuf *out);

#endif
