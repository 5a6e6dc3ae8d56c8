/*
 * kernel.h: the facts of Linux 2.6 that the program knows, each written
 * once: which files are the driver core, what the class_device API is
 * renamed to, which names every struct device already has in sysfs.
 * (The steps' triggers are in the manifest, semantic-patches/steps; the
 * subsystem of a path in subsystem.h; the version of a tree in
 * kernel-version.h.)  The analyses, the rewriter passes and the reports
 * read these tables; none keeps a copy.
 */
#ifndef CDMIGRATE_KERNEL_H
#define CDMIGRATE_KERNEL_H
#include <stddef.h>

/*
 * The retired API's words, NULL-terminated.  kernel_api_needles: an
 * identifier that contains one of them names the API (class_device,
 * CLASS_DEVICE, class_interface: lexscan.h's needles).  kernel_api_tokens:
 * the needles and the other words a file that uses the API must contain
 * ("struct class", class_get_devdata, class_set_devdata): scan's
 * prefilter tokens, one of which every site kind needs.
 */
extern const char *const kernel_api_needles[];
extern const char *const kernel_api_tokens[];

/*
 * Whether the code of text (len bytes, a file the prefilter picked) can
 * hold a site: whether, outside its comments and literals, a needle
 * (in a name kernel_name_is_not_api() does not rule out) or
 * class_get_devdata/class_set_devdata is named or struct class used as
 * more than a pointer (lexscan_code_names()).  A file that mentions the
 * API only in comments, or holds only pointers to classes class_create()
 * makes, or only constants such as PCI_CLASS_DEVICE, has no site for a
 * parse to find.
 */
int kernel_code_uses_api(const char *text, size_t len);

/* Whether `symbol` holds a name of the api map (kernel_renames): CLASS_DEVICE_ATTR, class_device_add... */
int kernel_holds_api_name(const char *symbol);

/*
 * Nonzero when the shape of a name that contains a needle says it is not
 * the API, whatever it names: 1 for a Kconfig option (CONFIG_...), 2 for
 * an upper-case constant that contains CLASS_DEVICE and holds no name of
 * the api map (PCI_CLASS_DEVICE; the only upper-case name of the API is
 * the attribute macro, which QUX_CLASS_DEVICE_ATTR_COUNT may wrap).  Such
 * a name holds no site; the report says "name" of it.
 */
int kernel_name_is_not_api(const char *symbol);

/* The driver core's folder and its header. */
#define KERNEL_DRIVER_CORE_DIR "drivers/base/"
#define KERNEL_DEVICE_H "include/linux/device.h"

/*
 * Nonzero when `file` (relative to the tree) belongs to the driver core:
 * drivers/base/ at large and include/linux/device.h.  Code there is built
 * into the kernel (it needs no export to call the core) and is the
 * subsystem "driver-core".
 */
int kernel_is_driver_core(const char *file);

/*
 * The implementation of the class_device API: include/linux/device.h and
 * drivers/base/{base.h,class.c,core.c}, the files the in-tree steps (30
 * core, 20/55 unused exports, 70 delete) own and that step 40 never
 * converts.  The rest of drivers/base/ (attribute_container.c,
 * transport_class.c, firmware_class.c) uses that API like any driver
 * does: step 40 converts it, and its uses block step 70.
 */
int kernel_is_class_device_core(const char *file);

/*
 * The entries every struct device already has in its sysfs directory:
 * an attribute of one of these names clashes once its class device is a
 * struct device.  NULL-terminated.
 */
extern const char *const kernel_device_entries[];

/* Nonzero when name (n bytes) is one of kernel_device_entries. */
int kernel_is_device_entry(const char *name, size_t n);

/*
 * What each name of the class_device API becomes in the struct device
 * API.  `textual`: a 1:1 rename of the name alone (class_device_create()
 * is not: device_create() takes its arguments in another order).  `macro`:
 * the attribute-defining macro (CLASS_DEVICE_ATTR), not a function.
 */
struct kernel_rename {
	const char *old, *new;
	unsigned textual:1;
	unsigned macro:1;
};
extern const struct kernel_rename kernel_renames[];
extern const size_t kernel_nr_renames;

/*
 * The members of struct class_device that struct device has under another
 * name (class_id -> bus_id, dev -> parent; step 40's semantic patch makes
 * the same renames where spatch can type the access).  The other members
 * keep their names, or have none (class_data: dev_get_drvdata()).  None of
 * the renamed ones is a struct (dev is a pointer, class_id an array): in
 * `x->dev.dev` the first is not one of them.
 */
extern const struct kernel_rename kernel_member_renames[];
extern const size_t kernel_nr_member_renames;

/* The new name of class_device member `name` (n bytes), or NULL. */
const char *kernel_member_rename(const char *name, size_t n);

/*
 * Whether name belongs to the class_device API or to its struct device
 * counterpart: a name of kernel_renames, or one of the API's types
 * (class_device, class_device_attribute, device, device_attribute).
 * Every converted user names them; a change that names one depends on
 * the driver core (an earlier step), not on another user.
 */
int kernel_is_api_name(const char *name);

/*
 * Whether the kernel under `root` has struct mutex (include/linux/mutex.h,
 * 2.6.16 on): new code locks with DEFINE_MUTEX()/mutex_lock() there
 * (checkpatch: "mutexes are preferred for single holder semaphores"), with
 * DECLARE_MUTEX()/down() before.
 */
int kernel_has_mutex(const char *root);

#endif
