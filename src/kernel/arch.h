/*
 * arch.h: what a Linux 2.6 tree says about its architectures.
 *
 * An arch is named as `make ARCH=...` names it (i386, x86_64, ia64...);
 * its sources live in arch/<srcarch>/ and include/asm-<srcarch>/, where
 * srcarch is the kernel's SRCARCH: the same name before the x86 merge
 * (2.6.24), after it the top Makefile's `ifeq ($(ARCH),i386) SRCARCH :=
 * x86`, so that i386 and x86_64 share arch/x86/ and include/asm-x86/.
 *
 * A file is parsed for one arch: the one its path names (arch/<a>/,
 * include/asm-<a>/, a bus only one arch has; in a shared source folder a
 * `_64` file is the 64-bit arch's), else the one whose asm headers have
 * every <asm/...> header the file includes when the default arch lacks
 * one (<asm/sn/...> is ia64), else the default, i386.  The configuration
 * of an arch is its defconfig (arch/<a>/defconfig, or
 * arch/<srcarch>/configs/<a>_defconfig in a shared folder), completed with
 * the defaults of the Kconfig files arch/<srcarch>/Kconfig sources whose
 * dependencies hold (a CPU family, the cache line, HZ, the memory
 * model...), and a few options every site needs parsed: kconfig.h
 * writes it.
 */
#ifndef CDMIGRATE_ARCH_H
#define CDMIGRATE_ARCH_H

#include "base/util.h"

#include <stddef.h>

/* A tree's arches, read once: arch_layout_init(), then every query below. */
struct arch_layout {
	char *kernel;		/* the root of the tree whose headers are parsed */
	struct strvec arches;	/* every arch, sorted */
	struct strvec sources;	/* "ARCH\tSRCARCH" where the two differ, sorted */
	struct strvec second;	/* "SRCARCH\tFOLDER": arch_second_source(), sorted */
};

#define ARCH_LAYOUT_INIT { NULL, STRVEC_INIT, STRVEC_INIT, STRVEC_INIT }

/*
 * Read `kernel`'s include/asm-<a> folders and the SRCARCH lines of its top
 * Makefile.  A folder shared by several arches (asm-x86) is not an arch
 * of its own: its arches are.
 */
void arch_layout_init(struct arch_layout *layout, const char *kernel);
void arch_layout_release(struct arch_layout *layout);

/*
 * The arch a name given by the user (--arch) stands for: itself, or for a
 * shared source folder's name (x86) the arch `make ARCH=x86` builds by
 * default, the one that is not 64-bit.  Points into the layout or `name`.
 */
const char *arch_canonical(const struct arch_layout *layout, const char *name);

/* The folder name of `arch`'s sources (SRCARCH). Points into the layout or `arch`. */
const char *arch_source(const struct arch_layout *layout, const char *arch);

/*
 * The second asm folder `arch` builds with, after include/ (ppc's
 * Makefile links include/asm-powerpc as arch/ppc/include/asm and adds
 * -Iarch/ppc/include: a header asm-ppc lacks comes from asm-powerpc), or
 * NULL.  Points into the layout.
 */
const char *arch_second_source(const struct arch_layout *layout, const char *arch);

/*
 * Nonzero when `name`, an entry of include/, is the asm folder of some
 * arches (asm-<srcarch>, a second asm folder or one no arch builds with),
 * not headers every arch reads: include/linux, include/asm-generic...
 */
int arch_is_asm_folder(const char *name);

/* Nonzero when the kernel has `arch` (its include/asm-<srcarch>/). */
int arch_exists(const struct arch_layout *layout, const char *arch);

/* Nonzero for an arch whose long is 64 bits (parse with -m64). */
int arch_is_64bit(const char *arch);

/* The arch of a file nothing names: i386. */
const char *arch_default(const struct arch_layout *layout);

/*
 * The arch `file` (relative to the tree) is written for, from its path,
 * or NULL when the path says nothing (or names an arch the kernel lacks).
 * Allocated.
 */
char *arch_from_path(const struct arch_layout *layout, const char *file);

/*
 * The arch the <asm/...> and <asm-<a>/...> includes of `text` (len bytes)
 * ask for, or NULL when `dflt` has all of them.  When several arches have
 * them all, the first by name.  Allocated.
 */
char *arch_from_includes(const struct arch_layout *layout, const char *text, size_t len,
			 const char *dflt);

#endif
