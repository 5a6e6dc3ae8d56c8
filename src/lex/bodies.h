/*
 * bodies.h: a header's text as its includers' declarations need it.
 *
 * A kernel .c file's parse spends about a fifth of its time in the bodies
 * of the inline functions its headers define: nothing a scan looks for is
 * there (its sites are in the file parsed, the declarations it uses keep
 * their types whatever their bodies hold, and C gives a body's names block
 * scope).  scan and report parse against headers whose bodies are blank
 * (analyze/parse-setup.h); a parse error inside a blanked body is then
 * not counted.
 */
#ifndef CDMIGRATE_BODIES_H
#define CDMIGRATE_BODIES_H

#include <stddef.h>

/*
 * Copy text (len bytes) to out (len bytes too) with the inside of every
 * function body defined at file scope blanked: each byte between its
 * braces but a newline becomes a space, so that every line and column of
 * what is kept stays where it was.  A body is a '{' at file scope after a
 * name's parenthesized parameters (and any __attribute__ or asm groups),
 * in a declaration without '=', up to its matching '}'.  Left alone: a
 * body holding a preprocessor directive, a head whose name is all
 * capitals (a macro's invocation may declare a struct as well as a
 * function), and the whole text when its braces do not balance (#if
 * branches that open a brace each).  Returns the number of bodies blanked.
 */
size_t lex_blank_function_bodies(const char *text, size_t len, char *out);

#endif
