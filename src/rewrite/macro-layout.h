/*
 * macro-layout.h: edits of a macro definition (or of a declarator) made
 * on its text, its layout kept.
 *
 * The text outside the edited tokens is kept, backslash-newlines
 * and CRLF line ends included; a line whose length changed has its
 * trailing backslash moved back to the macro's column (or kept one blank
 * after the text when the macro writes them so); a parameter that would
 * push a line past 80 columns goes on a continuation line aligned after
 * the opening parenthesis (and what follows it on a third one if still
 * too long); arguments aligned under a parenthesis that a rename moved
 * follow it.
 */
#ifndef CDMIGRATE_REWRITE_MACRO_LAYOUT_H
#define CDMIGRATE_REWRITE_MACRO_LAYOUT_H

#include "base/util.h"

/* One edit: text[off, off + len) becomes repl (owned); `param` inserts a parameter. */
struct macro_layout_edit {
	size_t off, len;
	char *repl;
	int param;
	size_t lparen;		/* the parameter list's '(' (param only) */
};

struct macro_layout_edits {
	struct macro_layout_edit *v;
	size_t nr, alloc;
};

#define MACRO_LAYOUT_EDITS_INIT { NULL, 0, 0 }

/* Queue an edit; ed owns repl from now on. */
void macro_layout_add(struct macro_layout_edits *ed, size_t off, size_t len, char *repl, int param,
		      size_t lparen);
/*
 * Append to out the text[start, end) of a file text[0, len) with ed's
 * edits made (in_macro: a #define, whose lines end in backslashes): in
 * offset order, an insertion before a rename at the same place, plus the
 * re-indentation of the arguments aligned under a parenthesis a rename
 * moved, which are added to ed.
 */
void macro_layout_apply(const char *text, size_t len, size_t start, size_t end, int in_macro,
			struct macro_layout_edits *ed, struct strbuf *out);
/* Free the edits and their replacements; ed is empty afterwards. */
void macro_layout_release(struct macro_layout_edits *ed);

#endif
