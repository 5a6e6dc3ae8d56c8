/*
 * virtual-bus.h: step 50's C passes around virtual-bus.cocci:
 * which classes move to a virtual bus, the bus's code, and the names the
 * semantic patch uses.
 *
 * The `virtual-bus` pass runs before the semantic patch (`prepare:` in
 * semantic-patches/steps).  On the step's files, grouped as the engine
 * groups them for spatch (the files of one subsystem and the step's
 * headers they include), it finds lexically, in code outside comments and
 * #if 0:
 *
 *   - the interfaces (struct class_interface I = { ... } at file scope),
 *     their class (.class = cls in the initializer, "I.class = cls;", or
 *     F(&I) where F is a register function of the subsystem: "T F(struct
 *     class_interface *p) { p->class = cls; return
 *     class_interface_register(p); }") and their uses;
 *   - for each class, its owner and the shapes of its registration and of
 *     the registration and removal of its devices;
 *
 * and moves a class to a bus on the conditions the header of virtual-bus.cocci
 * lists (one interface with two classes, or used otherwise, is left; one
 * with add_dev or remove_dev, the 2.6.19 callbacks, is left with its class).
 * For each class it moves it writes the code of virtual-bus.c.in (format
 * below): the bus after the class's export, or after its definition; the
 * driver struct and the declarations after each extern declaration of the
 * class in the group, or before each prototype of the register function
 * when none; #include <linux/device.h> after the include guard of such a
 * header that lacks it, and #include <linux/slab.h> in the owner after
 * <linux/device.h> (else <linux/module.h>) when it lacks it.  The bus and
 * the declarations go between an "#if 0" and an "#endif" line, each with
 * a comment naming CDMIGRATE_VIRTUAL_BUS: spatch reads no code under
 * #if 0, so no rule edits the new code (its device_unregister(dev) would
 * otherwise meet the rule for "dev = device_create(...)").  Then it
 * appends to the owner's file one line per name the semantic patch needs
 * (the markers):
 *
 *   CDMIGRATE_VIRTUAL_BUS(cls, B, ADD, DEL, DELT);     the class and its bus
 *   CDMIGRATE_VIRTUAL_BUS_ERR(cls);                    class_create() in a
 *                                                      function without err
 *   CDMIGRATE_VIRTUAL_BUS_HELPER(F, T, REG);           a register function
 *   CDMIGRATE_VIRTUAL_BUS_DRIVER(I, D, T, REG, UNREG, "name");
 *                                                      an interface, its new
 *                                                      name and driver name
 *
 * A class whose group already names <p>_bus_ anything is left (a bus made
 * by an earlier run).  Run on its own output the pass finds no interface
 * to move and changes nothing.  It logs nothing: what it leaves, the
 * report lists as class-interface sites.
 *
 * The `virtual-bus-markers` pass runs after the semantic patch: it removes
 * the markers (spatch may have printed them again over several lines) and
 * the #if 0 and #endif lines, and refuses the step (REWRITE_REFUSED after
 * error()) when a marked class's owner does not register its bus: spatch
 * did not convert the owner, and the bus would be left unused.
 *
 * The code it writes comes from the template virtual-bus.c.in
 * (virtual-bus-template.h); which classes move, virtual-bus-classes.h.
 */
#ifndef CDMIGRATE_REWRITE_VIRTUAL_BUS_H
#define CDMIGRATE_REWRITE_VIRTUAL_BUS_H

#include "rewrite/context.h"

/* The passes (rewrite_find("virtual-bus"), rewrite_find("virtual-bus-markers")). */
int rewrite_virtual_bus(struct rewrite_context *ctx);
int rewrite_virtual_bus_markers(struct rewrite_context *ctx);

#endif
