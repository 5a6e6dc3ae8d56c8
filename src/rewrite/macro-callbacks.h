/*
 * macro-callbacks.h: the step-40 passes for macro bodies: what spatch
 * cannot match inside a #define (a show/store callback whose name is
 * pasted with ##, a CLASS_DEVICE_ATTR made there) is converted on the
 * text by macro-convert.h, before or after the step's rules.
 */
#ifndef CDMIGRATE_REWRITE_MACRO_CALLBACKS_H
#define CDMIGRATE_REWRITE_MACRO_CALLBACKS_H

#include "rewrite/context.h"

/*
 * The two passes over ctx's step files.  "pasted-macros" runs before the
 * step's rules (a `prepare` pass): it converts the definitions that
 * macro_convert_is_pasted() selects and the declarations named by a
 * macro, which the rules would see wrongly or only on their first parse,
 * so that the rules find nothing of the old API left in them.
 * "macro-callbacks" runs after the rules: every other definition that
 * still mentions the old API (a body spatch could not parse).  Each region
 * is converted, or logged as left, by one of the two only.  What the rules
 * must leave whole gets back, from rewrite_file.step_start, the text it had
 * when the step began, should a rule have changed it: a pasted definition
 * that pasted-macros left for a human (spatch parses some and would
 * rewrite a part), and the body of a function named by a macro (spatch
 * sees through the macro on its first parse only, so a rule after another
 * would convert a part).
 */
int rewrite_macro_callbacks_pasted(struct rewrite_context *ctx);
int rewrite_macro_callbacks(struct rewrite_context *ctx);

#endif
