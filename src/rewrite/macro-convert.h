/*
 * macro-convert.h: the step-40 converter of macro bodies, the text
 * the passes of macro-callbacks.h rewrite.
 *
 * spatch cannot match a show/store callback whose name is pasted with ##
 * inside a macro (most of hwmon), nor a CLASS_DEVICE_ATTR made there, nor
 * `&class_device_attr_##name`.  It rewrites the text of such macro
 * bodies, with the extents libclang gives (classify_macro_definitions()),
 * the way the step-40 rules rewrite ordinary code:
 *
 *   struct class_device            -> struct device
 *   struct class_device_attribute  -> struct device_attribute
 *   ssize_t f(struct class_device *cd, char *buf)
 *       -> ssize_t f(struct device *cd, struct device_attribute *attr, char *buf)
 *   ssize_t f(struct class_device *cd, const char *buf, size_t count)
 *       -> ... (struct device *cd, struct device_attribute *attr, ...)
 *      A callback is a declarator of one of these shapes, or any function
 *      whose first parameter is a struct class_device * and that a
 *      CLASS_DEVICE_ATTR or __ATTR of the same body names as show or
 *      store (as the step-40 rules decide).  Its name may be pasted or a
 *      macro parameter: a macro that only declares the prototype is
 *      converted the same way.  `attr` is replaced by the next free name
 *      of macro_convert_attr_names ("dattr" first, as the rules do) when
 *      the macro's parameters, the callback's parameters or its body (in
 *      the macro, or after each `MACRO(...) {` use of a prototype macro in
 *      the file) already use it.  Direct calls of a converted callback
 *      are not given the new argument (none is known in macro bodies).
 *   CLASS_DEVICE_ATTR              -> DEVICE_ATTR
 *   class_device_attr_<x>, class_device_attr_##x -> dev_attr_<x>, dev_attr_##x
 *   class_get_devdata / class_set_devdata -> dev_get_drvdata / dev_set_drvdata
 *   class_device_register ... class_device_remove_bin_file, class_device_get,
 *   class_device_put, class_device_rename -> their struct device names
 *   cd->class_id -> cd->bus_id, cd->dev -> cd->parent, for a name `cd`
 *   declared `struct class_device *cd` in the same macro body.
 *
 * A callback declared outside macros under a name a macro makes
 * (`ssize_t UART_SHOW(type)(struct class_device *cd, char *buf)`) has its
 * parameter list converted the same way.
 *
 * Only bodies that mention the old API are looked at; what they no longer
 * mention after a conversion is not looked at again (idempotent).  A body
 * holding what has no textual equivalent (class_device_create's argument
 * shuffle, to_class_dev, the class_data, hotplug or uevent members, an
 * attribute whose name clashes with a directory every struct device has) is
 * left whole and logged with the reason.
 *
 *
 * The layout of what it rewrites is kept as macro-layout.h says.
 */
#ifndef CDMIGRATE_REWRITE_MACRO_CONVERT_H
#define CDMIGRATE_REWRITE_MACRO_CONVERT_H

#include "base/util.h"

/*
 * Is the definition at text[start, end) (as for macro_convert())
 * one the rules must not see: it defines or declares a function whose name
 * is pasted with ## (`show_##n(...) {` or `show_##n(struct class_device
 * *`), or pastes class_device_attr_##?  Comments and backslash-newlines
 * are skipped.
 */
int macro_convert_is_pasted(const char *text, size_t start, size_t end);

/* Names tried, in order, for the new struct device_attribute parameter. */
extern const char *const macro_convert_attr_names[];

/* What one conversion did. */
struct macro_convert_stats {
	unsigned callbacks;	/* show/store declarators that gained attr */
	unsigned attributes;	/* CLASS_DEVICE_ATTR and class_device_attr_ names */
	unsigned edits;		/* every token changed or inserted */
};

/*
 * Convert the macro definition at text[start, end) of a file text[0, len):
 * start is the macro's name (after `#define`), end just after its last
 * token, as classify_macro_definitions() reports them.  The rest of the
 * file is read only to find the bodies written after a prototype macro.
 * Appends the new text of [start, end) to `out` and fills `stats` (may be
 * NULL).  Returns 1 when the text changed, 0 when there was nothing to
 * convert (out receives the text unchanged), -1 when the body cannot be
 * converted: `why` receives the reason and out the text unchanged.
 */
int macro_convert(const char *text, size_t len, size_t start, size_t end,
		  struct strbuf *out, struct strbuf *why, struct macro_convert_stats *stats);

/*
 * The same for a function declared outside any macro whose name a macro
 * makes (`static ssize_t UART_SHOW(type)(struct class_device *cd, ...)`,
 * which spatch parses badly or not at all): decl_start is the first token
 * of the declaration, name_start the macro invocation that gives the name
 * (classify_macro_named_functions()).  Only the declaration up to the end
 * of its parameter list is converted; *end receives that offset (the
 * rules convert the body).  Appends the new text of [decl_start, *end) to
 * `out`; returns as macro_convert() does, 0 with *end ==
 * decl_start when the text is not NAME(...)(...).
 */
int macro_convert_named(const char *text, size_t len, size_t decl_start,
			size_t name_start, size_t *end, struct strbuf *out,
			struct strbuf *why, struct macro_convert_stats *stats);

/* Might the text hold `NAME(x)(struct class_device *...`?  (Saves a parse.) */
int macro_convert_may_name_by_macro(const struct strbuf *sb);

/* A function named by a macro, `NAME(args)(params) { ... }`: byte offsets. */
struct macro_convert_named_fn {
	size_t name_start, name_end;	/* NAME(args) */
	size_t body_start, body_end;	/* { ... } */
};

/*
 * The definitions of text[0, len) of functions named by a macro whose
 * first parameter is a struct class_device (with `converted`, a struct
 * device too), in file order.  *out gets an array the caller frees (NULL
 * when none); returns how many.
 */
size_t macro_convert_named_fns(const char *text, size_t len, int converted,
			       struct macro_convert_named_fn **out);

#endif
