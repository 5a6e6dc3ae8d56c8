/*
 * template.h: the sectioned text files of semantic-patches/ (*.in), read
 * by the C rewriter passes that insert code (rewrite/core-text.c,
 * rewrite/virtual-bus.c).  A line starting with "@@" opens a section; its
 * rest is the section's head (what the pass makes of it is the pass's
 * business); the lines up to the next "@@" line or the end are its body.
 * Lines before the first "@@" are a comment for the reader.
 */
#ifndef CDMIGRATE_TEMPLATE_H
#define CDMIGRATE_TEMPLATE_H

#include <stddef.h>

struct template_section {
	unsigned line;		/* of the "@@" line, from 1 */
	char *head;		/* the "@@" line's rest, blanks trimmed */
	char *body;		/* the lines that follow, each ending in '\n' */
};

/*
 * Split text (len bytes) into its sections, in order.  Returns their count
 * and sets *out to an array the caller frees with template_sections_free().
 */
size_t template_sections(const char *text, size_t len, struct template_section **out);

void template_sections_free(struct template_section *v, size_t nr);

#endif
