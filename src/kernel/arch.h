/*
 * arch.h: what a Linux 2.6 tree says about its architectures.
 *
 * A file is parsed for one arch: the one its path names (arch/<a>/,
 * include/asm-<a>/, a bus only one arch has), else the one whose
 * include/asm-<a>/ has every <asm/...> header the file includes when the
 * default arch lacks one (<asm/sn/...> is ia64), else the default (i386,
 * or x86 in a tree without include/asm-i386/).  The configuration of an
 * arch is its arch/<a>/defconfig, completed with the defaults of the
 * Kconfig files arch/<a>/Kconfig sources whose dependencies hold (a CPU
 * family, the cache line, HZ, the memory model...), and a few options
 * every site needs parsed.
 * `kernel` is always the root of the tree whose headers are parsed.
 */
#ifndef CDMIGRATE_ARCH_H
#define CDMIGRATE_ARCH_H

#include <stddef.h>

/* Nonzero when the kernel has include/asm-<arch>/. */
int arch_exists(const char *kernel, const char *arch);

/* Nonzero for an arch whose long is 64 bits (parse with -m64). */
int arch_is_64bit(const char *arch);

/* The arch of a file nothing names: i386, or x86 when the tree has it only. */
const char *arch_default(const char *kernel);

/*
 * The arch `file` (relative to the tree) is written for, from its path,
 * or NULL when the path says nothing (or names an arch the kernel lacks).
 * Allocated.
 */
char *arch_from_path(const char *kernel, const char *file);

/*
 * The arch the <asm/...> and <asm-<a>/...> includes of `text` (len bytes)
 * ask for, or NULL when `dflt` has all of them.  When several arches have
 * them all, the first by name.  Allocated.
 */
char *arch_from_includes(const char *kernel, const char *text, size_t len, const char *dflt);

/*
 * linux/autoconf.h for `arch`: arch/<arch>/defconfig (y -> 1, m ->
 * CONFIG_X_MODULE 1, other values as written), then the Kconfig defaults
 * of the options it does not mention whose dependencies hold (`depends
 * on`, enclosing `if` and `menu` blocks, as Kconfig expressions; a bool a
 * defconfig of the tree's own version omits stays off), then `forced`
 * (NULL-terminated, names without CONFIG_): "NAME" is set to 1 unless the
 * defconfig set it (y or m), "NAME=VALUE" is VALUE when nothing above
 * gave NAME a value (a tree without defconfig or Kconfig).  Allocated.
 */
char *arch_autoconf(const char *kernel, const char *arch, const char *const *forced);

#endif
