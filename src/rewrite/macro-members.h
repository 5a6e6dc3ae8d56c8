/*
 * macro-members.h: the step-40 pass for #define bodies that reach a member
 * of a class device.
 *
 * A macro such as
 *
 *   #define to_host(cd)          dev_to_host((cd)->dev)
 *   #define SET_FOO_DEV(f, pdev) ((f)->class_dev.dev = (pdev))
 *   #define foo_name(f)          ((f)->class_dev.class_id)
 *
 * has no type of its own, so the step-40 rules, which rename the members of
 * a struct class_device (class_id -> bus_id, dev -> parent:
 * kernel_member_renames) where spatch types the access, leave its body as
 * it was while they retype the struct it reaches: every user of the macro
 * then fails to compile.  This pass, before the rules (while the struct is
 * still a class device, so that libclang types it), renames such a member
 * token in a macro body, wherever the macro is defined (a .c file, or a
 * header without any token of the step), when either
 *
 *   - a use types it: a step file invokes the macro and libclang says the
 *     member the body wrote belongs to struct class_device
 *     (classify_macro_members()); the body, or the bodies of the macros it
 *     invokes, must hold exactly one access of that member name, or
 *   - its own header types it: the body reads `F.m` (or `F->m`) with F a
 *     member declared in the same file as `struct class_device F` (or
 *     `struct class_device *F`) and as nothing else there (a macro none of
 *     whose users is a step file: a setter the drivers call).
 *
 * A macro reaching a member both of a class device and of something else
 * (several accesses of the name, only one typed) is left and logged for a
 * human.  Only the step files that invoke one of the candidate macros are
 * parsed.  Run on its own output the pass finds nothing of the old names:
 * idempotent.
 */
#ifndef CDMIGRATE_REWRITE_MACRO_MEMBERS_H
#define CDMIGRATE_REWRITE_MACRO_MEMBERS_H

#include <stddef.h>

#include "rewrite/context.h"

/* The pass (rewrite_find("macro-members")). */
int rewrite_macro_members(struct rewrite_context *ctx);

/*
 * Whether text (len bytes) holds a #define whose body accesses a member
 * named like a renamed member of struct class_device (`.dev`, `->class_id`):
 * the engine adds such a header, included by a file of the working set, to
 * the working set, so that this pass may change it.
 */
int macro_members_candidate(const char *text, size_t len);

#endif
