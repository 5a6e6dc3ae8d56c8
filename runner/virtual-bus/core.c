/*
 * core.c: a user-space driver core that registers devices, buses, drivers,
 * classes and class interfaces the way Linux 2.6.19 does, with the checks
 * the harness needs (stub-kernel.h).
 *
 * What it keeps of the real one:
 *  - device_add() takes a reference on the parent, puts the device on its
 *    bus and binds the first driver of the bus whose match() accepts it
 *    and whose probe() returns 0 (drivers in registration order); a device
 *    of a class is added to the class and every interface's add_dev() is
 *    called with it;
 *  - driver_register() binds the new driver to every unbound device of the
 *    bus it matches; driver_unregister() calls remove() for each bound one;
 *  - device_del() calls the interfaces' remove_dev(), then the bound
 *    driver's remove(), then drops the parent's reference; the last
 *    put_device() calls the device's release(), or its class's
 *    dev_release();
 *  - class_interface_register() calls add_dev() for the devices already in
 *    the class, class_interface_unregister() remove_dev();
 *  - a name taken by a sibling, on the same bus or in the same class is
 *    refused with -EEXIST (what kobject_add() and the sysfs links do).
 * What it checks on top: a device removed while a child is still
 * registered, a bus or class unregistered with devices or drivers left,
 * a device without a release, a semaphore taken twice (a deadlock here).
 */
#include "stub-kernel.h"

struct device platform_bus = { .bus_id = "platform" };

/* registered from the start, as the real one is */
struct bus_type platform_bus_type = {
	.name		= "platform",
	.devices	= LIST_HEAD_INIT(platform_bus_type.devices),
	.drivers	= LIST_HEAD_INIT(platform_bus_type.drivers),
	.registered	= 1,
};

static LIST_HEAD(all_devices);
static int failures;
static int checks;
static long allocated;
static int verbose = -1;

struct call {
	int level;
	const char *name;
	int (*init)(void);
	void (*exit)(void);
};

static struct call calls[64];
static int nr_calls;

/* ------------------------------------------------------------------ */

void harness_check(int ok, const char *file, int line, const char *what)
{
	checks++;
	if (ok)
		return;
	failures++;
	fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
}

static void fail(const char *fmt, ...)
{
	va_list ap;

	failures++;
	va_start(ap, fmt);
	fputs("driver core: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	if (verbose < 0)
		verbose = getenv("HARNESS_VERBOSE") != NULL;
	if (!verbose)
		return 0;
	va_start(ap, fmt);
	n = vfprintf(stderr, fmt, ap);
	va_end(ap);
	return n;
}

struct block {
	size_t size;
	long long align;
};

void *kmalloc(size_t size, gfp_t flags)
{
	struct block *b = malloc(sizeof(*b) + size);

	(void)flags;
	if (!b)
		return NULL;
	b->size = size;
	allocated += (long)size;
	return b + 1;
}

void *kzalloc(size_t size, gfp_t flags)
{
	void *p = kmalloc(size, flags);

	if (p)
		memset(p, 0, size);
	return p;
}

void kfree(const void *p)
{
	struct block *b;

	if (!p)
		return;
	b = (struct block *)p - 1;
	allocated -= (long)b->size;
	free(b);
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len >= size ? size - 1 : len;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}

void down(struct semaphore *sem)
{
	if (sem->count <= 0) {
		fail("down() on a semaphore nobody will release: deadlock");
		exit(harness_finish("deadlock"));
	}
	sem->count--;
}

void up(struct semaphore *sem)
{
	sem->count++;
}

int register_chrdev(unsigned int major, const char *name, const struct file_operations *fops)
{
	(void)major, (void)name, (void)fops;
	return 0;
}

int unregister_chrdev(unsigned int major, const char *name)
{
	(void)major, (void)name;
	return 0;
}

int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name)
{
	(void)kobj, (void)target, (void)name;
	return 0;
}

void sysfs_remove_link(struct kobject *kobj, const char *name)
{
	(void)kobj, (void)name;
}

void harness_add_initcall(int level, const char *name, int (*fn)(void))
{
	calls[nr_calls].level = level;
	calls[nr_calls].name = name;
	calls[nr_calls].init = fn;
	nr_calls++;
}

void harness_add_exitcall(const char *name, void (*fn)(void))
{
	calls[nr_calls].level = 0;
	calls[nr_calls].name = name;
	calls[nr_calls].exit = fn;
	nr_calls++;
}

/* In the order the constructors registered them. */
void harness_run_initcalls(int level)
{
	for (int i = 0; i < nr_calls; i++)
		if (calls[i].init && calls[i].level == level) {
			int rc = calls[i].init();

			if (rc)
				fail("initcall %s returned %d", calls[i].name, rc);
		}
}

void harness_run_exitcall(const char *name)
{
	for (int i = 0; i < nr_calls; i++)
		if (calls[i].exit && !strcmp(calls[i].name, name)) {
			calls[i].exit();
			return;
		}
	fail("no exitcall %s", name);
}

/* ------------------------------------------------------------------ */
/* devices */

static void release(struct device *dev)
{
	if (dev->release)
		dev->release(dev);
	else if (dev->class && dev->class->dev_release)
		dev->class->dev_release(dev);
	else
		fail("device '%s' does not have a release() function", dev->bus_id);
}

struct device *get_device(struct device *dev)
{
	if (dev)
		dev->refs++;
	return dev;
}

void put_device(struct device *dev)
{
	if (!dev || dev == &platform_bus)
		return;
	if (dev->refs <= 0) {
		fail("put_device('%s') without a reference", dev->bus_id);
		return;
	}
	if (--dev->refs == 0)
		release(dev);
}

void device_initialize(struct device *dev)
{
	dev->refs = 1;
	dev->registered = 0;
	dev->kobj.name = dev->bus_id;
	INIT_LIST_HEAD(&dev->all_node);
	INIT_LIST_HEAD(&dev->bus_node);
	INIT_LIST_HEAD(&dev->class_node);
}

static int name_taken(struct device *dev)
{
	struct list_head *p;

	for (p = all_devices.next; p != &all_devices; p = p->next) {
		struct device *o = list_entry(p, struct device, all_node);

		if (strcmp(o->bus_id, dev->bus_id))
			continue;
		if (o->parent == dev->parent || (dev->bus && o->bus == dev->bus) ||
		    (dev->class && o->class == dev->class))
			return 1;
	}
	return 0;
}

/* Bind dev to drv if it matches and probe() agrees: 1 bound, 0 not. */
static int bind(struct device *dev, struct device_driver *drv)
{
	int rc;

	if (dev->bus->match && !dev->bus->match(dev, drv))
		return 0;
	dev->driver = drv;
	rc = drv->probe ? drv->probe(dev) : 0;
	if (rc) {
		dev->driver = NULL;
		if (rc != -ENODEV && rc != -ENXIO)
			printk(KERN_WARNING "%s: probe of %s failed with error %d\n",
			       drv->name, dev->bus_id, rc);
		return 0;
	}
	return 1;
}

int device_add(struct device *dev)
{
	struct list_head *p;

	if (!dev->bus_id[0])
		return -EINVAL;
	if (dev->registered) {
		fail("device '%s' added twice", dev->bus_id);
		return -EEXIST;
	}
	if (dev->bus && !dev->bus->registered)
		return -EINVAL;
	if (dev->class && !dev->class->registered)
		return -EINVAL;
	if (name_taken(dev))
		return -EEXIST;
	get_device(dev);
	get_device(dev->parent);
	dev->registered = 1;
	list_add_tail(&dev->all_node, &all_devices);
	if (dev->bus) {
		list_add_tail(&dev->bus_node, &dev->bus->devices);
		for (p = dev->bus->drivers.next; p != &dev->bus->drivers; p = p->next)
			if (bind(dev, list_entry(p, struct device_driver, bus_node)))
				break;
	}
	if (dev->class) {
		list_add_tail(&dev->class_node, &dev->class->devices);
		for (p = dev->class->interfaces.next; p != &dev->class->interfaces; p = p->next) {
			struct class_interface *intf = list_entry(p, struct class_interface, node);

			if (intf->add_dev)
				intf->add_dev(dev, intf);
		}
	}
	put_device(dev);
	return 0;
}

int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}

void device_del(struct device *dev)
{
	struct list_head *p;

	if (!dev->registered) {
		fail("device '%s' removed but not registered", dev->bus_id);
		return;
	}
	if (dev->class) {
		for (p = dev->class->interfaces.next; p != &dev->class->interfaces; p = p->next) {
			struct class_interface *intf = list_entry(p, struct class_interface, node);

			if (intf->remove_dev)
				intf->remove_dev(dev, intf);
		}
		list_del_init(&dev->class_node);
	}
	if (dev->bus) {
		if (dev->driver) {
			if (dev->driver->remove)
				dev->driver->remove(dev);
			dev->driver = NULL;
		}
		list_del_init(&dev->bus_node);
	}
	/* what the interfaces and the driver made under it must be gone */
	for (p = all_devices.next; p != &all_devices; p = p->next) {
		struct device *child = list_entry(p, struct device, all_node);

		if (child->parent == dev)
			fail("device '%s' removed while its child '%s' is registered",
			     dev->bus_id, child->bus_id);
	}
	list_del_init(&dev->all_node);
	dev->registered = 0;
	put_device(dev->parent);
}

void device_unregister(struct device *dev)
{
	device_del(dev);
	put_device(dev);
}

int device_create_file(struct device *dev, struct device_attribute *attr)
{
	for (int i = 0; i < HARNESS_MAX_FILES; i++)
		if (dev->files[i] && !strcmp(dev->files[i], attr->attr.name))
			return -EEXIST;
	for (int i = 0; i < HARNESS_MAX_FILES; i++)
		if (!dev->files[i]) {
			dev->files[i] = attr->attr.name;
			return 0;
		}
	return -ENOSPC;
}

void device_remove_file(struct device *dev, struct device_attribute *attr)
{
	for (int i = 0; i < HARNESS_MAX_FILES; i++)
		if (dev->files[i] && !strcmp(dev->files[i], attr->attr.name))
			dev->files[i] = NULL;
}

static void device_create_release(struct device *dev)
{
	kfree(dev);
}

struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
			     const char *fmt, ...)
{
	struct device *dev;
	va_list ap;
	int rc;

	dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return ERR_PTR(-ENOMEM);
	dev->class = cls;
	dev->parent = parent;
	dev->devt = devt;
	dev->release = device_create_release;
	va_start(ap, fmt);
	vsnprintf(dev->bus_id, BUS_ID_SIZE, fmt, ap);
	va_end(ap);
	rc = device_register(dev);
	if (rc) {
		put_device(dev);
		return ERR_PTR(rc);
	}
	return dev;
}

void device_destroy(struct class *cls, dev_t devt)
{
	struct list_head *p;

	for (p = cls->devices.next; p != &cls->devices; p = p->next) {
		struct device *dev = list_entry(p, struct device, class_node);

		if (dev->devt == devt) {
			device_unregister(dev);
			return;
		}
	}
}

/* ------------------------------------------------------------------ */
/* buses and drivers */

int bus_register(struct bus_type *bus)
{
	if (bus->registered)
		return -EEXIST;
	INIT_LIST_HEAD(&bus->devices);
	INIT_LIST_HEAD(&bus->drivers);
	bus->registered = 1;
	return 0;
}

void bus_unregister(struct bus_type *bus)
{
	if (!bus->registered) {
		fail("bus '%s' unregistered but not registered", bus->name);
		return;
	}
	if (!list_empty(&bus->devices))
		fail("bus '%s' unregistered with devices on it", bus->name);
	if (!list_empty(&bus->drivers))
		fail("bus '%s' unregistered with drivers on it", bus->name);
	bus->registered = 0;
}

int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *, void *))
{
	struct list_head *p = start ? start->bus_node.next : bus->devices.next;
	int rc = 0;

	/* devices added by fn go to the tail and are visited too, as with klists */
	while (p != &bus->devices && !rc) {
		struct device *dev = list_entry(p, struct device, bus_node);

		get_device(dev);
		rc = fn(dev, data);
		p = p->next;
		put_device(dev);
	}
	return rc;
}

struct device *bus_find_device(struct bus_type *bus, struct device *start, void *data,
			       int (*match)(struct device *, void *))
{
	struct list_head *p = start ? start->bus_node.next : bus->devices.next;

	for (; p != &bus->devices; p = p->next) {
		struct device *dev = list_entry(p, struct device, bus_node);

		if (match(dev, data))
			return get_device(dev);
	}
	return NULL;
}

int bus_for_each_drv(struct bus_type *bus, struct device_driver *start, void *data,
		     int (*fn)(struct device_driver *, void *))
{
	struct list_head *p = start ? start->bus_node.next : bus->drivers.next;
	int rc = 0;

	while (p != &bus->drivers && !rc) {
		rc = fn(list_entry(p, struct device_driver, bus_node), data);
		p = p->next;
	}
	return rc;
}

int driver_register(struct device_driver *drv)
{
	struct list_head *p;

	if (!drv->bus || !drv->bus->registered)
		return -EINVAL;
	for (p = drv->bus->drivers.next; p != &drv->bus->drivers; p = p->next)
		if (!strcmp(list_entry(p, struct device_driver, bus_node)->name, drv->name))
			return -EEXIST;
	drv->registered = 1;
	list_add_tail(&drv->bus_node, &drv->bus->drivers);
	for (p = drv->bus->devices.next; p != &drv->bus->devices; p = p->next) {
		struct device *dev = list_entry(p, struct device, bus_node);

		if (!dev->driver)
			bind(dev, drv);
	}
	return 0;
}

void driver_unregister(struct device_driver *drv)
{
	struct list_head *p;

	if (!drv->registered) {
		fail("driver '%s' unregistered but not registered", drv->name);
		return;
	}
	for (p = drv->bus->devices.next; p != &drv->bus->devices; p = p->next) {
		struct device *dev = list_entry(p, struct device, bus_node);

		if (dev->driver != drv)
			continue;
		if (drv->remove)
			drv->remove(dev);
		dev->driver = NULL;
	}
	list_del_init(&drv->bus_node);
	drv->registered = 0;
}

/* ------------------------------------------------------------------ */
/* classes and class interfaces */

int class_register(struct class *cls)
{
	if (cls->registered)
		return -EEXIST;
	INIT_LIST_HEAD(&cls->devices);
	INIT_LIST_HEAD(&cls->interfaces);
	cls->registered = 1;
	return 0;
}

void class_unregister(struct class *cls)
{
	if (!cls->registered) {
		fail("class '%s' unregistered but not registered", cls->name);
		return;
	}
	if (!list_empty(&cls->devices))
		fail("class '%s' unregistered with devices in it", cls->name);
	if (!list_empty(&cls->interfaces))
		fail("class '%s' unregistered with interfaces on it", cls->name);
	cls->registered = 0;
	if (cls->class_release)
		cls->class_release(cls);
}

static void class_create_release(struct class *cls)
{
	kfree(cls);
}

struct class *class_create(struct module *owner, const char *name)
{
	struct class *cls = kzalloc(sizeof(*cls), GFP_KERNEL);
	int rc;

	if (!cls)
		return ERR_PTR(-ENOMEM);
	cls->name = name;
	cls->owner = owner;
	cls->class_release = class_create_release;
	rc = class_register(cls);
	if (rc) {
		kfree(cls);
		return ERR_PTR(rc);
	}
	return cls;
}

void class_destroy(struct class *cls)
{
	if (cls && !IS_ERR(cls))
		class_unregister(cls);
}

int class_create_file(struct class *cls, const struct class_attribute *attr)
{
	(void)cls, (void)attr;
	return 0;
}

void class_remove_file(struct class *cls, const struct class_attribute *attr)
{
	(void)cls, (void)attr;
}

int class_interface_register(struct class_interface *intf)
{
	struct list_head *p;

	if (!intf->class || !intf->class->registered)
		return -ENODEV;
	list_add_tail(&intf->node, &intf->class->interfaces);
	for (p = intf->class->devices.next; p != &intf->class->devices; p = p->next)
		if (intf->add_dev)
			intf->add_dev(list_entry(p, struct device, class_node), intf);
	return 0;
}

void class_interface_unregister(struct class_interface *intf)
{
	struct list_head *p;

	for (p = intf->class->devices.next; p != &intf->class->devices; p = p->next)
		if (intf->remove_dev)
			intf->remove_dev(list_entry(p, struct device, class_node), intf);
	list_del_init(&intf->node);
}

/* ------------------------------------------------------------------ */
/* for the tests */

struct device *harness_find_device(struct device *parent, const char *name)
{
	struct list_head *p;

	for (p = all_devices.next; p != &all_devices; p = p->next) {
		struct device *dev = list_entry(p, struct device, all_node);

		if ((!parent || dev->parent == parent) && !strcmp(dev->bus_id, name))
			return dev;
	}
	return NULL;
}

int harness_has_file(struct device *dev, const char *name)
{
	for (int i = 0; i < HARNESS_MAX_FILES; i++)
		if (dev->files[i] && !strcmp(dev->files[i], name))
			return 1;
	return 0;
}

int harness_bus_devices(struct bus_type *bus)
{
	struct list_head *p;
	int n = 0;

	if (!bus->registered)
		return 0;
	for (p = bus->devices.next; p != &bus->devices; p = p->next)
		n++;
	return n;
}

int harness_bus_bound(struct bus_type *bus)
{
	struct list_head *p;
	int n = 0;

	if (!bus->registered)
		return 0;
	for (p = bus->devices.next; p != &bus->devices; p = p->next)
		n += list_entry(p, struct device, bus_node)->driver != NULL;
	return n;
}

long harness_allocated(void)
{
	return allocated;
}

int harness_finish(const char *name)
{
	if (!list_empty(&all_devices)) {
		struct list_head *p;

		for (p = all_devices.next; p != &all_devices; p = p->next)
			fail("device '%s' still registered at the end",
			     list_entry(p, struct device, all_node)->bus_id);
	}
	if (allocated)
		fail("%ld bytes still allocated at the end", allocated);
	printf("%s: %d checks, %d failures\n", name, checks, failures);
	return failures ? 1 : 0;
}
