/*
 * kbuild.h: what the kbuild Makefile of a file's folder says of the file.
 *
 * Kbuild compiles drivers/hid/hidraw.c only when CONFIG_HIDRAW is set
 * (`hid-$(CONFIG_HIDRAW) += hidraw.o`), and the files of security/selinux/ss/ with
 * `EXTRA_CFLAGS += -Isecurity/selinux/include`.  A parse with the arch's
 * defconfig alone misses both: the header's `#else` stub of a function
 * the file defines (a redefinition), a header only the folder's -I finds.
 * What is read, from <folder>/Makefile (or Kbuild), continuation lines
 * joined:
 *   - the options that build the file's object: `obj-$(CONFIG_X) += f.o`,
 *     `comp-$(CONFIG_X) += f.o`, and through a composite object
 *     (`comp-y := f.o`, `comp-objs := f.o`) the options that build comp.o,
 *     a few levels deep; and the options under which the Makefiles
 *     above descend into the folder (`obj-$(CONFIG_X) += ss/`), up to
 *     three levels;
 *   - -I and -D of EXTRA_CFLAGS, ccflags-y and CFLAGS_<stem>.o outside
 *     ifeq/ifdef blocks (`ifeq ($(CONFIG_PCMCIA_DEBUG),y)` / -DDEBUG is
 *     a debug option's), with
 *     $(src), $(obj) and $(srctree) put in (paths relative to the tree's
 *     root) and one level of quotes taken off a -D value as make's shell
 *     would.
 * Lexical, no make variables beyond those; a file no Makefile names gets
 * nothing.
 */
#ifndef CDMIGRATE_KBUILD_H
#define CDMIGRATE_KBUILD_H

#include "base/util.h"

struct kbuild_flags {
	struct strvec options;		/* option names without CONFIG_, sorted */
	struct strvec includes;		/* -I folders, relative to the tree's root */
	struct strvec defines;		/* NAME or NAME=VALUE, in Makefile order */
};

#define KBUILD_FLAGS_INIT { STRVEC_INIT, STRVEC_INIT, STRVEC_INIT }

/* The flags of `file` (relative to `kernel`, the tree's root) into *out. */
void kbuild_flags_of(const char *kernel, const char *file, struct kbuild_flags *out);

void kbuild_flags_release(struct kbuild_flags *flags);

#endif
