/*
 * slice.h: what spatch reads of a .c file: the function bodies no rule of
 * the patch can match cut, and spatch's diff of that view mapped back.
 */
#ifndef CDMIGRATE_SLICE_H
#define CDMIGRATE_SLICE_H

#include "base/util.h"

struct file_diff;

/*
 * spatch's view of a .c file for a patch whose rules can only match code
 * that names one of `needed` (sorted: spatch_grep_tokens() and the names
 * the rules carry between files, group_carried_names()): each function
 * definition at file scope whose tokens name none of them and whose body
 * holds no preprocessor directive keeps its head and loses its body
 * ("{...}" becomes ";" and blanks, newlines kept).  Every line keeps its
 * number, and every line outside those bodies its text; a function so
 * reduced is a declaration spatch still types its calls with.  Appends
 * to out; returns how many bodies went.
 */
size_t slice_text(const char *text, size_t len, const struct strvec *needed, struct strbuf *out);

/*
 * Rewrite d, spatch's diff of `sliced` (slice_text() of `original`), into
 * the diff of `original`: its context and removed lines take the
 * original's text of their line.  Returns 0, or -1 (d partly rewritten)
 * when a removed line is one slicing changed: the rules touched a body it
 * cut, which they cannot.
 */
int slice_restore(struct file_diff *d, const char *original, size_t original_len,
		  const char *sliced, size_t sliced_len);

#endif
