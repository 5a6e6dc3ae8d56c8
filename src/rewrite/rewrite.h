/*
 * rewrite.h: the C rewriter: the edits spatch cannot make, done on the text
 * with extents from libclang (through classify.h) or from the lexical
 * modules.  A step's `rewriter:` passes (semantic-patches/steps) run after
 * its semantic patches, its `prepare:` passes before them (not for a
 * variant), on the same working contents, inside the engine.
 *
 * Known passes (rewrite_find() names):
 *   pasted-macros      step 40, before the rules: macro bodies that paste a
 *                      callback's name or class_device_attr_## with ##, and
 *                      functions named by a macro (macro-callbacks.h)
 *   attr-names         step 40, before the rules: class_device_attr_<x> ->
 *                      dev_attr_<x>, clashing names get the file's stem
 *                      (attr-names.h)
 *   macro-callbacks    step 40: the other macro bodies still holding the
 *                      old API (show/store callbacks, CLASS_DEVICE_ATTR)
 *   macro-members      step 40, before the rules: class_device members
 *                      (dev, class_id) in #define bodies, typed by the
 *                      macro's uses or its header (macro-members.h)
 *   member-users       step 40, before the rules: the same members in files
 *                      that reach them through a retyped struct member
 *                      without naming the API (member-users.h)
 *   aligned-structs    step 40: structs carrying __attribute__((aligned)),
 *                      which spatch cannot parse
 *   callback-callers   step 40: a call of a retyped show/store callback
 *                      from a file that never names the API gets NULL as
 *                      its attribute (callback-callers.h)
 *   api-names          step 40: members, parameters and locals called
 *                      class_device become dev; a converted file's own
 *                      names lose the class_ of class_device
 *                      (api-names.h)
 *   unused-exports     steps 20 and 55: remove the export, declaration and
 *                      definition of driver-core class functions nobody uses
 *   err-include        step 10, last: <linux/err.h> for a file whose change
 *                      brought in IS_ERR()/PTR_ERR() and that reached no
 *                      such header (err-include.h)
 *   virtual-parent     step 60: refuse the step unless the core places
 *                      parentless class devices under /sys/devices/virtual
 *   delete-class-device step 70: remove struct class_device and its API
 *                      from the driver core, refused while users are left
 *   virtual-bus        step 50, before its semantic patch (`prepare:`):
 *                      which classes move to a virtual bus, their bus code
 *   virtual-bus-markers step 50, after it: the names it was given go
 *                      (both in virtual-bus.h)
 *   interface-callbacks step 50, last: an interface the virtual bus left
 *                      gets add_dev/remove_dev for the callbacks step 40
 *                      retyped (interface-callbacks.h)
 * (the driver-core passes are documented in unused-exports.h,
 * virtual-parent.h and delete-class-device.h)
 * A pass that is named in the manifest but not registered makes the step
 * report "not written yet" (plan.c) instead of pretending to run.
 *
 * What a pass works on is context.h's: the passes include it, not this
 * registry, which includes them.
 */
#ifndef CDMIGRATE_REWRITE_H
#define CDMIGRATE_REWRITE_H

#include "rewrite/context.h"

struct rewrite_pass {
	const char *name;
	rewrite_pass_fn fn;
};

/* The pass called `name`, or NULL when it is not written (yet). */
const struct rewrite_pass *rewrite_find(const char *name);

#endif
