/*
 * virtual-bus-classes.h: which classes step 50 moves to a virtual bus,
 * and why it leaves the others (virtual-bus.h has the conditions, the
 * header of virtual-bus.cocci the shapes the rules edit).  Lexical: it
 * reads the vfiles of one group, outside comments, directive lines and
 * #if 0.
 */
#ifndef CDMIGRATE_REWRITE_VIRTUAL_BUS_CLASSES_H
#define CDMIGRATE_REWRITE_VIRTUAL_BUS_CLASSES_H

#include "base/util.h"
#include "rewrite/vfile.h"

/* An interface: struct class_interface NAME = { ... } at file scope. */
struct virtual_bus_iface {
	char *name;
	size_t file;			/* of its definition, in the group */
	struct strvec classes;
	struct strvec files;		/* paths where it appears */
	int unknown_use;
	int callbacks;			/* .add_dev or .remove_dev: the 2.6.19 way */
	const char *cls;		/* its class, when it has one */
};

/* A register function: T F(struct class_interface *p) setting p->class. */
struct virtual_bus_helper {
	char *name, *cls;
	size_t file;
};

struct virtual_bus_where {
	size_t file, tok;
};

/* A class of an interface, and what the rules need to know of it. */
struct virtual_bus_class {
	char *name;
	int defs, pointer, names, bad_name, reg, reg_known;
	int devreg, devreg_known, devcreate, devcreate_known;
	int devt, has_err, callbacks;
	char *bus_name;			/* the literal of its name */
	struct virtual_bus_where def;	/* its definition */
	struct strvec devs;
	const char *left;		/* why it is left, or NULL */
};

/*
 * The files spatch runs on together (a subsystem and the step's headers
 * it includes); f points into the caller's vfiles, the rest is owned.
 */
struct virtual_bus_group {
	struct vfile *f;
	size_t nr;
	struct virtual_bus_iface *ifaces;
	size_t nr_ifaces, alloc_ifaces;
	struct virtual_bus_helper *helpers;
	size_t nr_helpers, alloc_helpers;
	struct strvec exported;		/* "NAME\tMACRO" */
	struct strvec dels;		/* removed devices, joined */
};

#define VIRTUAL_BUS_GROUP_INIT { NULL, 0, NULL, 0, 0, NULL, 0, 0, STRVEC_INIT, STRVEC_INIT }

/*
 * Find g's interfaces, register functions and exports, then the classes
 * of its interfaces, sorted by name, each with `left` set when it stays.
 * An interface whose class is not one the rules can follow gets cls NULL.
 * *out gets the classes (none: NULL), freed by virtual_bus_classes_free();
 * returns how many.
 */
size_t virtual_bus_classes_find(struct virtual_bus_group *g, struct virtual_bus_class **out);
void virtual_bus_classes_free(struct virtual_bus_class *k, size_t nr);
/* Free what g owns (not its files). */
void virtual_bus_classes_group_release(struct virtual_bus_group *g);

/* The export macro of `name` in g (EXPORT_SYMBOL or _GPL), or NULL. */
const char *virtual_bus_classes_exported(const struct virtual_bus_group *g, const char *name);
/* The <p> of a class's bus: its name without "_class"; the caller frees it. */
char *virtual_bus_classes_prefix(const char *cls);
/* The text holds the identifier `word`. */
int virtual_bus_classes_names_word(const struct strbuf *text, const char *word);

#endif
