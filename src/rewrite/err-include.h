/*
 * err-include.h: step 10's last pass: the error-pointer helpers a
 * conversion brings in get their header.
 *
 * class_create() returns an error pointer, so step 10 tests it with
 * IS_ERR() and reads it with PTR_ERR().  A file that reached no
 * <linux/err.h> before (most reach it through another header: in 2.6.16
 * <linux/fs.h> includes it, <linux/device.h> does not) would call them
 * undeclared.  Such a file gains `#include <linux/err.h>` after its last
 * `#include <linux/...>` line (else after its last #include, else before
 * its first line of code), the way kernel developers wrote it.  Whether it
 * reaches the header is lexical (kernel/reach.h): in tree through the
 * tree's headers; out of tree through the kernel's headers its
 * `#include <...>` lines name.  Run on its own output the file reaches the
 * header: idempotent.
 */
#ifndef CDMIGRATE_REWRITE_ERR_INCLUDE_H
#define CDMIGRATE_REWRITE_ERR_INCLUDE_H

#include "rewrite/context.h"

/* The pass (rewrite_find("err-include")). */
int rewrite_err_include(struct rewrite_context *ctx);

#endif
