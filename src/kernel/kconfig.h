/*
 * kconfig.h: the configuration of an arch (arch.h), as the kernel's
 * build would write it: its defconfig read, the Kconfig files its
 * arch/<srcarch>/Kconfig sources walked for their defaults, types,
 * choices and dependencies, and Kconfig's expressions evaluated until
 * nothing changes.
 */
#ifndef CDMIGRATE_KCONFIG_H
#define CDMIGRATE_KCONFIG_H

#include "kernel/arch.h"

/*
 * linux/autoconf.h for `arch`: its defconfig (y -> 1, m ->
 * CONFIG_X_MODULE 1, other values as written), then the Kconfig defaults
 * of the options it does not mention whose dependencies hold (`depends
 * on`, enclosing `if` and `menu` blocks, as Kconfig expressions, with
 * ARCH and SRCARCH as `make` sets them; a bool a defconfig of the tree's
 * own version omits stays off), then `forced` (NULL-terminated, names
 * without CONFIG_): "NAME" is set to 1 unless the defconfig set it (y or
 * m), "NAME=VALUE" is VALUE when nothing above gave NAME a value (a tree
 * without defconfig or Kconfig).  Allocated.
 * With `requires`, each option's plain prerequisites go there as
 * "NAME\tOTHER", sorted: the bare names its `depends on` and enclosing
 * `if`/`menu` conditions join with && at the top level ("A && (B || C)"
 * requires A), what an option the defconfig leaves off would need on.
 */
char *kconfig_autoconf(const struct arch_layout *layout, const char *arch, const char *const *forced,
		       struct strvec *requires);

#endif
