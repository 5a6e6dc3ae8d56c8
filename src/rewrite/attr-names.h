/*
 * attr-names.h: the step-40 pass that gives class device
 * attributes their struct device names, before the rules run (a `prepare`
 * pass, semantic-patches/steps).
 *
 * The new name is string work the rules cannot do (a prefix to strip, the
 * file's stem to add), so class-device-to-device.cocci leaves the names to
 * this pass and converts the rest (CLASS_DEVICE_ATTR -> DEVICE_ATTR, the
 * types) around the new names:
 *
 *   class_device_attr_<x>            -> dev_attr_<x>
 *   an attribute named like an entry every struct device already has
 *   (power, uevent, dev, subsystem, device, driver) gets the stem of the
 *   file that defines it (lcd.c: power -> lcd_power), where it is
 *   defined,
 *       CLASS_DEVICE_ATTR(power, ...): the arguments are laid out for the
 *           DEVICE_ATTR( the rules make of it, as spatch lays out a
 *           declaration it rewrites whole (joined when they fit in 80
 *           columns, else wrapped under the parenthesis);
 *       __ATTR(power, ...) in a struct class_device_attribute array or
 *           variable, or a macro of the file's own whose first parameter
 *           is the sysfs name (`.name = __stringify(_name)` or `#_name`
 *           in its body: DECLARE_ATTR(power, 0644, show, store));
 *   and where it is named, class_device_attr_power -> dev_attr_lcd_power:
 *   with the stem of the file naming it when that file defines such an
 *   attribute too, or when not exactly one file of its subsystem among
 *   the step's files does; else with the stem of that one file;
 *   `static const CLASS_DEVICE_ATTR(...)` loses its const: spatch parses
 *   no declarer after a qualifier, and device_create_file() of the era
 *   takes a struct device_attribute * (the kernel's conversion of
 *   2.6.21's rtc-sysfs.c dropped it too).
 *
 * A class device attribute whose C name is taken in its file by an
 * attribute of another object (CLASS_DEVICE_ATTR(state, ...) beside
 * DEVICE_ATTR(state, ...), or dev_attr_state named there) would be
 * defined twice once converted: it is spelled out under a free C name and
 * keeps its sysfs name, which lives in another directory,
 *
 *   static CLASS_DEVICE_ATTR(state, m, s, st);  ->
 *   static struct class_device_attribute dev_attr_<stem>_state =
 *           __ATTR(state, m, s, st);
 *
 * (the rules then retype it), and class_device_attr_state in that file
 * becomes dev_attr_<stem>_state.
 *
 * A stem is the file's name without its extension, every byte but
 * [A-Za-z0-9_] made '_', "attr_" put in front when it would start with a
 * digit or be empty.
 *
 * Only identifiers are renamed: comments, string and character literals,
 * #if 0 branches (which spatch does not see either) and the macro bodies
 * that macro_convert_is_pasted() selects (the pasted-macros pass converts
 * those, or leaves them whole for a human) are not.  Run on its own output
 * it finds no old name: idempotent.
 */
#ifndef CDMIGRATE_REWRITE_ATTR_NAMES_H
#define CDMIGRATE_REWRITE_ATTR_NAMES_H

#include "base/util.h"
#include "rewrite/context.h"

/* The pass (rewrite_find("attr-names")), on ctx's step files. */
int rewrite_attr_names(struct rewrite_context *ctx);

/* The stem of `path` as described above, appended to `out`. */
void attr_names_stem(const char *path, struct strbuf *out);

/*
 * Rename the attributes of one file's text; `stem` is its own stem and
 * `definers(name, data)` returns the stems (a NULL-terminated list, owned
 * by the callback and read before its next call) of the files of its
 * subsystem that define the clashing attribute `name`; the file itself
 * counts as one when its text defines `name`, listed or not.  Appends the
 * new text to `out`; returns the number of identifiers renamed (0: `out`
 * holds the text unchanged).
 */
typedef const char *const *(*attr_names_definers_fn)(const char *name, void *data);
size_t attr_names_convert(const char *text, size_t len, const char *stem,
			  attr_names_definers_fn definers, void *data, struct strbuf *out);

/*
 * The names of the clashing attributes text[0, len) defines (see above),
 * each once, pushed to `out` (copies: strvec_clear() frees them).
 */
void attr_names_defined(const char *text, size_t len, struct strvec *out);

#endif
