/*
 * aligned-structs.h: the step-40 pass for structs spatch cannot
 * parse.
 *
 * spatch 1.1.1 does not parse a struct that carries
 * __attribute__((aligned(...))) on itself or on a member (the SCSI host),
 * so the step-40 rules never retype its members, while they do convert
 * every user of those members.  This pass changes, in the step's files, the
 * member types of such structs the way the rules do elsewhere, keeping the
 * member names (the users the rules convert keep them too):
 *
 *   struct class_device X            -> struct device X
 *   struct class_device *X           -> struct device *X
 *   struct class_device_attribute **X -> struct device_attribute **X
 *   (any pointer or array depth)
 *
 * A struct counts as aligned when libclang sees an aligned attribute on it
 * or on a member in the active configuration, or when its text (up to the
 * `;` after its closing brace) names an identifier containing "aligned"
 * (__attribute__((aligned(n))), __aligned__, ____cacheline_aligned_in_smp,
 * whatever the configuration makes of it).  Files whose text never says
 * "aligned" are not parsed.  A member whose type is not spelled in the
 * struct (a typedef, a member made by a macro) is left and logged.  Run on
 * its own output the pass finds nothing of the old types: idempotent.
 */
#ifndef CDMIGRATE_REWRITE_ALIGNED_STRUCTS_H
#define CDMIGRATE_REWRITE_ALIGNED_STRUCTS_H

#include <stddef.h>

#include "rewrite/context.h"

/* The pass (rewrite_find("aligned-structs")), on ctx's step files. */
int rewrite_aligned_structs(struct rewrite_context *ctx);

/*
 * Whether the struct definition text[start, end) of a text of `len` bytes,
 * with what follows it up to the next `;`, names an identifier containing
 * "aligned" outside comments and literals.
 */
int aligned_structs_lexical(const char *text, size_t len, size_t start, size_t end);

/*
 * Replace sb[off, off + old_len) with `repl`.  When blanks follow on the
 * same line before more text (a member name aligned in a column), they are
 * redone so that the text after them keeps its display column (tabs at 8),
 * or is one blank away when it cannot.
 */
void aligned_structs_retype(struct strbuf *sb, size_t off, size_t old_len, const char *repl);

#endif
