/*
 * member-users.h: the step-40 pass for the users of a retyped member that
 * never name the class_device API.
 *
 * Step 40 retypes a member of a struct from struct class_device (or a
 * pointer to one) to struct device, in the header that declares it:
 *
 *   struct input_dev { ... struct class_device cdev; };
 *
 * A driver that reaches a class device's member through it
 *
 *   input_dev->cdev.dev = &intf->dev;
 *   dev_dbg(master->cdev.dev, "...");
 *
 * holds no trigger token of the step, so the rules never see it, and once
 * the header is converted it no longer compiles (struct device has no dev).
 * A member rename follows every user: this pass, before the rules (while
 * the struct is still a class device, so that libclang types the access),
 * renames in such a file each member of the class device that struct
 * device has under another name (kernel_member_renames: dev -> parent,
 * class_id -> bus_id) where libclang says the access goes through a
 * member the step retypes (declared `struct class_device [*]F` in a
 * struct of a step file).  A same-named member of another struct
 * (`struct cdev cdev` of a char driver) is not a class device: left.
 *
 * Which files: the engine adds to the working set every file holding such
 * an access lexically (`.F.dev`, `->F->class_id`, F a retyped member:
 * member_users_retyped(), member_users_tokens(), member_users_candidate()).
 * The pass parses every working file that holds one, the step's own too:
 * the rules type such an access only through the header spatch parses,
 * and a struct reached through a header it cannot parse (a declaration
 * macro without `;`, a header included by another) leaves it, so the
 * pass renames it first where libclang types it.  An access written in a macro
 * argument (dev_dbg(x->cdev.dev, ...)) is typed by libclang through the
 * invocation; one written in a #define body of the file is the
 * macro-members pass's.  What the pass cannot type (a file that does not
 * parse) is left and logged.  Run on its own output it finds no old name:
 * idempotent.
 */
#ifndef CDMIGRATE_REWRITE_MEMBER_USERS_H
#define CDMIGRATE_REWRITE_MEMBER_USERS_H

#include <stddef.h>

#include "base/util.h"
#include "rewrite/context.h"

/* The pass (rewrite_find("member-users")). */
int rewrite_member_users(struct rewrite_context *ctx);

/*
 * The members of the structs and unions text (len bytes) defines whose
 * type is struct class_device or a pointer to one, as "tag\tfield" (tag ""
 * for an anonymous one), added to *out, which stays sorted and unique.
 * Lexical: #if 0 text and #define bodies do not count.
 */
void member_users_retyped(const char *text, size_t len, struct strvec *out);

/*
 * The substrings every usual spelling of such an access holds ("F.dev",
 * "F->dev", ... for each field F of `retyped` and each renamed member), for
 * the engine's prefilter, added to *tokens (sorted, unique).
 */
void member_users_tokens(const struct strvec *retyped, struct strvec *tokens);

/*
 * Whether text (len bytes) holds `.F` or `->F` followed by `.m` or `->m`,
 * with F a field of `retyped` and m a renamed class_device member.
 */
int member_users_candidate(const char *text, size_t len, const struct strvec *retyped);

#endif
