/*
 * api-names.h: the step-40 pass for names that name the retired API.
 *
 * After the rules a struct class_device is a struct device, yet members,
 * parameters and locals called class_device keep that name:
 *
 *   struct fb_info { ... struct device *class_device; };
 *   static ssize_t show_mode(struct device *class_device, ...)
 *
 * This pass renames such an identifier (`class_device` not after `struct`)
 * to `dev`, as the kernel's own conversions did, in the step's files
 * outside the class_device implementation (kernel_is_class_device_core):
 *
 *   - a member: its declaration and every `.class_device`/`->class_device`
 *     of the step's files, all at once (a member rename follows every
 *     user; a file using the member holds the token, so it is a step
 *     file), unless a struct declaring a member class_device declares a
 *     member dev too: then no member is renamed and the log says which;
 *   - a parameter or local: in its function (from its parameter list to
 *     its closing brace) unless the function already names something dev;
 *     a macro parameter in its #define, unless the body names dev.
 *
 * Then the names a .c file owns that carry the API's word as a component
 * (class_device or CLASS_DEVICE between '_'s): its #define names and what
 * its file-scope static declarations declare.  Each loses the class_ of
 * that component, as the kernel's conversions named them:
 *
 *   #define FC_CLASS_DEVICE_ATTR(...)      -> FC_DEVICE_ATTR
 *   static struct device_attribute class_device_attrs[] -> device_attrs
 *   static struct device *fbcon_class_device           -> fbcon_device
 *
 * every use in the file following (an #if 0 block's too), but only in a
 * file the step converts (its text changed this step: the rename belongs
 * to that patch), never a name of the API itself (kernel_renames), a
 * Kconfig option (CONFIG_...) or a name others can see (not static, or in
 * a header).  A new name the file already has keeps the old one, and the
 * log says so.
 *
 * Comments and strings that name the API are not changed (the report
 * counts them, with their reason).  Run on its own output it finds no
 * such name: idempotent.
 */
#ifndef CDMIGRATE_REWRITE_API_NAMES_H
#define CDMIGRATE_REWRITE_API_NAMES_H

#include "rewrite/context.h"

/* The pass (rewrite_find("api-names")), on ctx's step files. */
int rewrite_api_names(struct rewrite_context *ctx);

#endif
