/*
 * plan.h: the ordered steps for one tree, and the preconditions read from
 * the tree's own driver core.
 *
 * Preconditions (names used in semantic-patches/steps `requires:`), with
 * the release that brought each:
 *   device-class     struct device has a `class` member        (2.6.18)
 *   device-devt      struct device has a `devt` member         (2.6.18)
 *   device-create    device_create() is declared in device.h   (2.6.18)
 *   class-dev-attrs  struct class has dev_attrs, dev_release
 *                    and dev_uevent                            (2.6.19)
 *   null-parent      the core places parentless class devices
 *                    under a virtual parent                    (2.6.19)
 *   device-groups    struct device has `groups`                (2.6.19)
 *   interface-add-dev  struct class_interface has add_dev
 *                    and remove_dev                            (2.6.19)
 * They are read lexically from include/linux/device.h and
 * drivers/base/core.c of the kernel (the tree itself, or --kernel).
 *
 * Step 30 runs in-tree when any is missing, and adds only what is missing:
 * its plan line names what it adds and what is present and not added
 * again, by release (a 2.6.18 core: "the 2.6.18 prerequisites are
 * present ...; it adds only the 2.6.19 parts: ...").
 *
 * Steps with scope "in-tree" edit only the implementation of the
 * class_device API (kernel_is_class_device_core(): include/linux/device.h,
 * drivers/base/{base.h,class.c,core.c}) and never run out of tree; every
 * other step converts everything else, the rest of drivers/base/ too.  In-tree, a missing precondition
 * makes the core step (30) run before the steps that need it; out of tree,
 * it blocks those steps and the run stops naming what is missing.
 */
#ifndef CDMIGRATE_PLAN_H
#define CDMIGRATE_PLAN_H

#include "base/util.h"
#include "kernel/kernel.h"
#include "kernel/manifest.h"
#include "kernel/subsystem.h"

enum plan_action {
	PLAN_RUN,
	PLAN_SKIP,	/* nothing to do, or not for this kind of tree: why says */
	PLAN_BLOCKED,	/* a precondition is missing out of tree: why says */
};

struct plan_precondition {
	const char *name;
	const char *since;	/* the release that brought it: "2.6.18" */
	int present;
	char *detail;		/* what was looked at, for humans */
};

struct plan_step {
	const struct manifest_step *step;
	enum plan_action action;
	char *why;			/* SKIP/BLOCKED: why; RUN: a caveat, or NULL */
	struct strvec files;		/* candidate files, sorted */
	struct strvec subsystems;	/* of those files, sorted, unique */
};

#define PLAN_NR_PRECONDITIONS 7

struct plan {
	char *tree;
	int out_of_tree;
	char *kernel_version;		/* "2.6.15" from the kernel's Makefile */
	struct plan_precondition pre[PLAN_NR_PRECONDITIONS];
	struct plan_step *steps;	/* manifest order */
	size_t nr;
};

struct plan_options {
	const char *tree;
	const char *kernel;		/* NULL in-tree */
	const struct strvec *paths;	/* restrict converted files, or NULL */
	const char *only_step;		/* --step, or NULL */
	const char *only_subsystem;	/* --subsystem, or NULL */
	int jobs;
	const char *variant;		/* a step variant (manifest.h): its requires count too; or NULL */
	/* the tree's .c and .h files as walk_tree() lists them (without
	 * paths), when the caller walked it already; NULL: walk it here */
	const struct strvec *files;
};

/*
 * Read the preconditions of `kernel_root` into `pre` (each detail is
 * allocated; release with plan_release()).  Also sets *version (allocated).
 */
void plan_read_preconditions(const char *kernel_root, struct plan_precondition *pre,
			     char **version);

/* Nonzero when precondition `name` is present in `plan`. */
int plan_has(const struct plan *plan, const char *name);

/*
 * Make the plan: walk, select each step's candidates (in-tree scope or
 * not), decide run/skip/blocked.  Returns 0, or -1 after an error.
 */
int plan_make(const struct plan_options *opts, struct plan *plan);

/* Subsystem of a file for planning: subsystem.h rules, out of tree: tree basename. */
char *plan_subsystem_of(const struct plan *plan, const char *file,
			const struct include_graph *includes);

void plan_print_text(FILE *out, const struct plan *plan);
void plan_print_json(FILE *out, const struct plan *plan);

void plan_release(struct plan *plan);

const char *plan_action_name(enum plan_action action);

#endif
