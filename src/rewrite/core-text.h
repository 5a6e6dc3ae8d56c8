/*
 * core-text.h: the step-30 pass that adds the driver core's new
 * functions, objects, members and prototypes from text kept as files.
 *
 * spatch 1.1.1 prints added code its own way (a function-pointer member as
 * "int(*f)(...)", "list_for_each_entry (", wrapped lines), cannot print a
 * variadic prototype or an __attribute__, and can only add one function per
 * rule with care.  So the semantic patches of step 30 make the edits inside
 * existing functions and structs (calls of the new helpers, plain members),
 * and this pass inserts, after them, the text of every new definition as it
 * is written in the fragment files semantic-patches/30-core/NAME.in.
 *
 * A fragment file: free text up to the first line starting with "@@", then
 *
 *   @@ file PATH                    the working file it adds to (tree-relative)
 *   @@ WHERE: PROVIDES              a section: the lines up to the next "@@"
 *                                   line (blank lines around them dropped)
 *
 *   WHERE     before FUNC           before the definition of function FUNC and
 *                                   the comments right above it; each section
 *                                   is followed by a blank line
 *             after FUNC            after the line of FUNC's closing brace;
 *                                   each section is preceded by a blank line
 *             after S.M|M2...       after the declaration of member M of
 *                                   struct S (or M2 when S has no M...)
 *   PROVIDES  NAME                  a file-scope definition (function or object)
 *             NAME()                a declaration (prototype)
 *             S.M                   a member of struct S
 *
 * A section is inserted when what it provides is missing from the file: a
 * definition of NAME at file scope; any declaration NAME(...) at file scope;
 * a member M in struct S.  A definition is inserted only when something
 * needs it, too: its section exports it (EXPORT_SYMBOL or EXPORT_SYMBOL_GPL
 * of NAME), the file calls NAME inside a function (the semantic patches add
 * such calls), or another inserted section names it.  Sections at one place
 * keep their order in the file.  "@link@" in a section becomes the member
 * that links a struct device into its class's list of devices: "class_node"
 * when struct device in include/linux/device.h has one, else "node".  The
 * whole analysis is lexical (comments and #if 0 text skipped), on the
 * working contents after the step's semantic patches.
 *
 * Run on its own output the pass finds everything present: idempotent.  A
 * section that must be inserted but whose place is missing (no FUNC, no
 * struct S or member) refuses the step: the new calls would have no
 * definition.
 */
#ifndef CDMIGRATE_REWRITE_CORE_TEXT_H
#define CDMIGRATE_REWRITE_CORE_TEXT_H

#include <stddef.h>

#include "base/util.h"
#include "rewrite/context.h"

/* The pass (rewrite_find("core-text")): the fragment files of 30-core/. */
int rewrite_core_text(struct rewrite_context *ctx);

enum core_text_where {
	CORE_TEXT_BEFORE,		/* before FUNC */
	CORE_TEXT_AFTER,		/* after FUNC */
	CORE_TEXT_AFTER_MEMBER,		/* after S.M|M2... */
};

enum core_text_provides {
	CORE_TEXT_DEFINITION,		/* NAME */
	CORE_TEXT_DECLARATION,		/* NAME() */
	CORE_TEXT_MEMBER,		/* S.M */
};

struct core_text_section {
	enum core_text_where where;
	char *anchor;			/* FUNC, or the struct tag S */
	struct strvec members;		/* AFTER_MEMBER: M, M2... in order */
	enum core_text_provides provides;
	char *name;			/* NAME, or the member M */
	char *tag;			/* MEMBER: the struct tag S; else NULL */
	char *text;			/* ends with one newline */
	unsigned line;			/* of its "@@" line, for messages */
};

/* A parsed fragment file; everything is owned. */
struct core_text {
	char *path;			/* the fragment file, for messages */
	char *target;			/* "@@ file" */
	struct core_text_section *v;
	size_t nr, alloc;
};
#define CORE_TEXT_INIT { NULL, NULL, NULL, 0, 0 }

/*
 * Parse a fragment file's text (path names it in messages).  Returns 0, or
 * -1 after error() naming path:line for a malformed "@@" line, a section
 * before "@@ file", or no section at all.
 */
int core_text_parse(struct core_text *ct, const char *path, const char *text, size_t len);
void core_text_release(struct core_text *ct);

/*
 * Insert into text[0, len) the sections of ct it lacks and needs, "@link@"
 * replaced by `link`; the result goes to out (reset first; the text itself
 * when nothing is inserted).  The name of each inserted section (as written
 * after the colon) is pushed to `added` when it is not NULL.  Returns the
 * number of sections inserted, or -1 after error() when one has no place.
 */
int core_text_apply(const struct core_text *ct, const char *text, size_t len, const char *link,
		    struct strbuf *out, struct strvec *added);

/*
 * The member of struct device that links it into its class's list, read
 * from the text of include/linux/device.h: "class_node" when struct device
 * has such a member, else "node" (also when text is NULL).
 */
const char *core_text_link(const char *text, size_t len);

#endif
