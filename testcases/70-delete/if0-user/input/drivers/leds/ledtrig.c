/*
 * drivers/leds/ledtrig.c - a converted driver that keeps, in an #if 0
 * block, the class_device code it used to have.  No configuration
 * compiles it, so it does not hold step 70 back (the kernel kept such
 * blocks after class_device was gone); the Kconfig option below is a
 * name, not a use.
 *
 * (Test input, written for cdmigrate in the shape of a 2.6.19 driver:
 * code the parser does not see still names struct class_device.)
 */

#include <linux/config.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/init.h>
#include <linux/module.h>

static struct class *ledtrig_class;

#if defined(CONFIG_LEDTRIG_CLASS_DEVICE_MODULE)
static int ledtrig_modular = 1;
#endif

#if 0
static struct class_device *ledtrig_old;

static void ledtrig_old_add(void)
{
	ledtrig_old = class_device_create(ledtrig_class, NULL, 0, NULL,
					  "ledtrig");
}
#endif

/* A parameter named class_device is a name: the deletion leaves it valid. */
const char *ledtrig_name(struct device *class_device)
{
	return class_device->bus_id;
}

static int __init ledtrig_init(void)
{
	ledtrig_class = class_create(THIS_MODULE, "ledtrig");
	return IS_ERR(ledtrig_class) ? PTR_ERR(ledtrig_class) : 0;
}

module_init(ledtrig_init);
