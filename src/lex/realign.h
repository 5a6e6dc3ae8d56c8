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

/* The widest line the kernel's coding style takes, in columns (tabs 8). */
#define REALIGN_MAX_WIDTH 80

/*
 * Keep lines within REALIGN_MAX_WIDTH: a line of `after` that is not in
 * `before` but is a line of before re-indented (the same text after its
 * indentation: spatch re-aligns the continuation lines of a call whose
 * argument it changed, realign_continuations() those of a renamed call)
 * takes its old indentation back, with the rest of its run of such
 * lines, when one of the run is wider than REALIGN_MAX_WIDTH and was not
 * before.  The kernel aligns continuation lines where they fit, and
 * keeps its indentation where they do not.  A new aligned continuation
 * line that is still too wide (a parameter's type renamed longer) moves
 * left to the rightmost tab stop where it fits, at least a tab deeper
 * than the line before it; one that fits nowhere is left; the lines
 * aligned with it at its column go with it, so that they stay aligned
 * with one another.  Idempotent.
 * Returns the number of lines re-indented.
 */
size_t realign_fit_width(const char *before, size_t before_len, struct strbuf *after);

/*
 * On each line of `after` that is not in `before` (what the step wrote),
 * a pointer to a struct is declared the kernel's way: "struct tag *name"
 * for "struct tag * name" and "struct tag* name" (checkpatch: "foo * bar"
 * should be "foo *bar"), outside comments, literals and directives; the
 * blanks between the tag and '*' are kept when there are some (they may
 * align a table of members); a line the step left as it was keeps its
 * spacing.  Idempotent.  Returns
 * the number of lines changed.
 */
size_t realign_pointer_spacing(const char *before, size_t before_len, struct strbuf *after);

/*
 * On each line of `after` that is not in `before`, indentation that holds
 * eight spaces in a row or a space before a tab (checkpatch: "use tabs not
 * spaces"; spatch copies the indentation of the line above) becomes tabs
 * then fewer than eight spaces, at the same column.  Idempotent.  Returns
 * the number of lines changed.
 */
size_t realign_indent_tabs(const char *before, size_t before_len, struct strbuf *after);

/*
 * Wrap each line of `after` that is not in `before` and is wider than
 * REALIGN_MAX_WIDTH (spatch writes a call it rebuilt on one line; a
 * renamed member or callback makes a line longer) where the kernel would:
 * after the rightmost comma of the outermost parentheses that leaves the
 * first part within the limit, the rest aligned under that parenthesis (or two
 * tabs deeper than the line where that does not fit), again until every
 * part fits; else after an opening parenthesis.  Comments and literals
 * are never cut; a line in a block comment or a directive, or ending in
 * CR (a CRLF file), is left.  A
 * line of a macro's body keeps its backslash, placed at the last tab stop
 * before the limit (one space after the text where it is longer), and so
 * does each part it is cut into; a #define line only has its backslash
 * placed so.  Idempotent.  Returns the number of lines changed.
 */
size_t realign_wrap(const char *before, size_t before_len, struct strbuf *after);

/*
 * A new declaration line of a struct body in the tab-aligned style
 * (tabs, a type, white space with a tab, a declarator, ';') whose type
 * was renamed (struct class_device becomes struct device) takes the
 * declarator column of its nearest unchanged neighbour in the same run
 * of declarations, with tabs, when that column is a tab stop right of
 * its type: "struct device\tclass_dev;" between neighbours at column 32
 * becomes "struct device\t\tclass_dev;".  Idempotent.  Returns the
 * number of lines changed.
 */
size_t realign_member_columns(const char *before, size_t before_len, struct strbuf *after);

/*
 * What a step's output goes through (engine/step.c), in this order:
 * realign_continuations(), realign_pointer_spacing(),
 * realign_indent_tabs(), realign_member_columns(), realign_fit_width(),
 * realign_wrap(), again
 * until a round changes nothing (a wrap moves the parenthesis later
 * lines align under).  A second run on its output changes nothing
 * (fuzz/fuzz-realign checks it).  Returns 1 when after changed, 0 when
 * it is as it was.
 */
int realign_step_output(const char *before, size_t before_len, struct strbuf *after);

#endif
