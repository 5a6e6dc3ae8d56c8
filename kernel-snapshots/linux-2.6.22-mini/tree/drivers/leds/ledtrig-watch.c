/*
 * drivers/leds/ledtrig-watch.c - log every LED as it comes and goes
 *
 * (Written for the mini tree in the shape of 2.6.22, already converted:
 * a class interface on the LED class with the add_dev/remove_dev
 * callbacks of 2.6.19, which take the struct device of each LED.)
 */

#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/leds.h>

static int watch_nr_leds;

static int ledtrig_watch_add(struct device *dev,
			     struct class_interface *class_intf)
{
	struct led_classdev *led_cdev = dev_get_drvdata(dev);

	watch_nr_leds++;
	dev_info(dev, "led %s appeared (%d now)\n", led_cdev->name,
		 watch_nr_leds);
	return 0;
}

static void ledtrig_watch_remove(struct device *dev,
				 struct class_interface *class_intf)
{
	watch_nr_leds--;
	dev_info(dev, "led gone (%d left)\n", watch_nr_leds);
}

static struct class_interface ledtrig_watch_interface = {
	.add_dev	= ledtrig_watch_add,
	.remove_dev	= ledtrig_watch_remove,
};

static int __init ledtrig_watch_init(void)
{
	ledtrig_watch_interface.class = leds_class;
	return class_interface_register(&ledtrig_watch_interface);
}

static void __exit ledtrig_watch_exit(void)
{
	class_interface_unregister(&ledtrig_watch_interface);
}

module_init(ledtrig_watch_init);
module_exit(ledtrig_watch_exit);

MODULE_LICENSE("GPL");
