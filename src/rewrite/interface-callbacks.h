/*
 * interface-callbacks.h: step 50's last pass, for the class interfaces the
 * virtual bus leaves.
 *
 * Step 40 makes every function that takes a struct class_device take a
 * struct device, the add() and remove() callbacks of a struct
 * class_interface too: step 50 is to move their interface to a virtual bus.
 * An interface that the `virtual-bus` pass leaves (its class registered in
 * a shape it does not know, a class of another subsystem, a table of
 * interfaces...; virtual-bus.h) would keep .add and .remove, which still
 * take a struct class_device, holding functions that now take a struct
 * device: the file no longer compiles.
 *
 * This pass gives such an interface the callbacks Linux 2.6.19 gave struct
 * class_interface for classes whose devices are struct devices, as
 * --interface=callbacks does for all of them: in the initializer of a
 * file-scope "struct class_interface I = { ... }" of the step's files,
 * ".add = F" becomes ".add_dev = F" and ".remove = F" becomes ".remove_dev
 * = F" (F possibly written &F or wrapped in a macro such as __devexit_p(&F):
 * the last identifier of the value), when the file declares or defines F
 * with a first parameter "struct device *" and nowhere with "struct
 * class_device *".  It does so only when the driver core's struct
 * class_interface (include/linux/device.h of the working files, else of
 * the kernel) has add_dev and remove_dev: in-tree step 30 gives them to a
 * core that lacks them.  Otherwise it changes nothing and logs, per
 * interface, why the file will not compile (verify holds it back with
 * step 40's change).  A callback still taking a struct class_device (step
 * 40 left it) keeps its member: the file is consistent as it is.
 * Assignments at run time (I.add = F) are not edited.  Run on its own
 * output it changes nothing.  One log line per interface it edits or
 * leaves broken.
 */
#ifndef CDMIGRATE_REWRITE_INTERFACE_CALLBACKS_H
#define CDMIGRATE_REWRITE_INTERFACE_CALLBACKS_H
#include "rewrite/context.h"

/* The pass (rewrite_find("interface-callbacks")). */
int rewrite_interface_callbacks(struct rewrite_context *ctx);

#endif
