/*
 * callback-callers.h: the step-40 pass for the callers of a show/store
 * callback that never name the class_device API.
 *
 * Step 40 gives every show/store callback the attribute as its second
 * parameter:
 *
 *   ssize_t aac_show_serial_number(struct class_device *cd, char *buf);
 *   ssize_t aac_show_serial_number(struct device *cd,
 *                                  struct device_attribute *attr, char *buf);
 *
 * A callback that is not static may be called by name from another file,
 * through a subsystem's own conversion macro:
 *
 *   aac_show_serial_number(shost_to_class(dev->scsi_host_ptr), buffer);
 *
 * Such a file holds no trigger token of the step, so the rules never see
 * it, and once the callback's header is converted the call has one
 * argument too few.  This pass, after the rules, finds the functions
 * whose signature the step changed that way (a non-static function of a
 * step file whose first parameter was a struct class_device pointer and
 * that now takes a struct device_attribute pointer second) and gives
 * every call of one of them written with the old number of arguments, in
 * any working file, NULL as its attribute: the caller has no attribute
 * to pass, as the rules do for a call in a converted file.  A call that
 * already has the new number of arguments is left: idempotent.
 *
 * Which files: the engine adds to the working set every file that calls
 * one of the non-static callbacks the step's files declare
 * (callback_callers_names(), callback_callers_candidate()).
 */
#ifndef CDMIGRATE_REWRITE_CALLBACK_CALLERS_H
#define CDMIGRATE_REWRITE_CALLBACK_CALLERS_H

#include <stddef.h>

#include "base/util.h"
#include "rewrite/context.h"

/* The pass (rewrite_find("callback-callers")). */
int rewrite_callback_callers(struct rewrite_context *ctx);

/*
 * The functions text (len bytes) declares or defines at file scope, not
 * static, whose first parameter is a struct class_device pointer and
 * that take two or three parameters (a show or store callback's shape),
 * added to *out, which stays sorted and unique.  Lexical.
 */
void callback_callers_names(const char *text, size_t len, struct strvec *out);

/* Whether text (len bytes) calls one of `names` (sorted): NAME followed by '('. */
int callback_callers_candidate(const char *text, size_t len, const struct strvec *names);

#endif
