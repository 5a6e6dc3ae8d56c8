/*
 * realign.h: keep argument lists aligned after a rename.
 *
 * Kernel code aligns the continuation lines of a call, a prototype or a
 * macro use under the character after its opening parenthesis:
 *
 *	rc = class_device_create_file(led_cdev->class_dev,
 *				      &class_device_attr_brightness);
 *
 * When a step renames what precedes the parenthesis (class_device_create_file
 * becomes device_create_file) the parenthesis moves and the old alignment
 * is wrong.  A kernel developer re-indents those lines; so does this module,
 * and only those lines: the continuation lines of a line the step changed,
 * that were aligned (indented with tabs then spaces, the kernel's way to
 * align), and only while the parenthesis they align to stays open.  Lines
 * indented with tabs only are left: that is a style of its own (unless,
 * unchanged, they sat exactly under the old parenthesis).
 *
 * Likewise a renamed field in a table of designated initializers
 * (.add becomes .add_dev) takes the '=' column of its nearest unchanged
 * neighbour in the table, with tabs.
 */
#ifndef CDMIGRATE_REALIGN_H
#define CDMIGRATE_REALIGN_H

#include <stddef.h>

#include "base/util.h"

/*
 * Re-indent, in `after`, the aligned continuation lines of every line that
 * does not occur in `before` (the text the step started from), to the
 * column after the parenthesis they continue.  Tabs count 8 columns; the
 * new indentation is tabs then spaces; renamed initializer fields line
 * their '=' up with the table.  A continuation line that opens a
 * parenthesis of its own has its continuation lines re-indented only when
 * it changed beyond its indentation (renamed too: they follow its
 * parenthesis where it is written, after its move); one that was only
 * re-indented leaves them.  Idempotent: on its own output, or when
 * before equals after, nothing changes (fuzz/fuzz-realign).  Returns the
 * number of lines re-indented.
 */
size_t realign_continuations(const char *before, size_t before_len, struct strbuf *after);

#endif
