/*
 * tuner-sysfs.c - show/store callbacks made per control by a macro, kept
 * in a table of pointers and copied at run time into attributes built in
 * memory (no CLASS_DEVICE_ATTR names them): the pointers gain the
 * attribute parameter with the callbacks.  A pointer of another shape
 * (the control number first) only changes its type.
 */
#include <linux/device.h>
#include <linux/sysfs.h>
#include <linux/slab.h>

struct tuner_sysfs {
	struct class_device *class_dev;
	int values[2];
};

struct tuner_ctl_item {
	struct class_device_attribute attr_val;
	struct class_device_attribute attr_name;
	struct attribute *attrs[3];
	struct attribute_group grp;
};

static ssize_t show_val(int id, struct class_device *class_dev, char *buf)
{
	struct tuner_sysfs *sfp = class_get_devdata(class_dev);

	return sprintf(buf, "%d\n", sfp->values[id]);
}

static ssize_t store_val(int id, struct class_device *class_dev,
			 const char *buf, size_t count)
{
	struct tuner_sysfs *sfp = class_get_devdata(class_dev);

	sfp->values[id] = simple_strtoul(buf, NULL, 0);
	return count;
}

static ssize_t show_name(int id, struct class_device *class_dev, char *buf)
{
	return sprintf(buf, "ctl%d\n", id);
}

#define MAKE_SHOW(name, id) \
static ssize_t name##_##id(struct class_device *class_dev, char *buf) \
{ return name(id, class_dev, buf); }

#define MAKE_STORE(name, id) \
static ssize_t name##_##id(struct class_device *class_dev, const char *buf, size_t count) \
{ return name(id, class_dev, buf, count); }

#define MAKE_ALL(id) \
MAKE_SHOW(show_val, id) \
MAKE_SHOW(show_name, id) \
MAKE_STORE(store_val, id)

MAKE_ALL(0)
MAKE_ALL(1)

struct tuner_func_set {
	ssize_t (*show_val)(struct class_device *, char *);
	ssize_t (*store_val)(struct class_device *,
			     const char *, size_t);
	ssize_t (*show_name)(struct class_device *class_dev, char *buf);
	ssize_t (*show_by_id)(int, struct class_device *, char *);
};

#define FUNCS(id) \
[id] = { \
	.show_val = show_val_##id, \
	.store_val = store_val_##id, \
	.show_name = show_name_##id, \
	.show_by_id = show_val, \
}

static struct tuner_func_set funcs[] = {
	FUNCS(0),
	FUNCS(1),
};

static ssize_t (*debug_show)(struct class_device *, char *) = show_name_0;

int tuner_sysfs_add_control(struct tuner_sysfs *sfp, int id)
{
	struct tuner_ctl_item *cip;
	struct tuner_func_set *fp = funcs + id;

	cip = kzalloc(sizeof(*cip), GFP_KERNEL);
	if (!cip)
		return -ENOMEM;
	cip->attr_val.attr.name = "val";
	cip->attr_val.attr.mode = 0644;
	cip->attr_val.show = fp->show_val;
	cip->attr_val.store = fp->store_val;
	cip->attr_name.attr.name = "name";
	cip->attr_name.attr.mode = S_IRUGO;
	cip->attr_name.show = debug_show ? debug_show : fp->show_name;
	cip->attrs[0] = &cip->attr_val.attr;
	cip->attrs[1] = &cip->attr_name.attr;
	cip->grp.attrs = cip->attrs;
	return sysfs_create_group(&sfp->class_dev->kobj, &cip->grp);
}
