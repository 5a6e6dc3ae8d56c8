/*
 * drivers/rtc/rtc-plat.c - a clock chip on the platform bus
 *
 * (Written for the mini tree in the shape of 2.6.18.)  A plain clock
 * driver: its operations take the chip's struct device; it never names
 * a class device itself.
 */

#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/err.h>
#include <linux/platform_device.h>
#include <linux/rtc.h>

static int plat_rtc_read_time(struct device *dev, struct rtc_time *tm)
{
	tm->tm_year = 106;
	return 0;
}

static int plat_rtc_set_time(struct device *dev, struct rtc_time *tm)
{
	return 0;
}

static const struct rtc_class_ops plat_rtc_ops = {
	.read_time	= plat_rtc_read_time,
	.set_time	= plat_rtc_set_time,
};

static int __devinit plat_rtc_probe(struct platform_device *pdev)
{
	struct rtc_device *rtc;

	rtc = rtc_device_register(pdev->name, &pdev->dev, &plat_rtc_ops,
				  THIS_MODULE);
	if (IS_ERR(rtc))
		return PTR_ERR(rtc);
	platform_set_drvdata(pdev, rtc);
	return 0;
}

static int __devexit plat_rtc_remove(struct platform_device *pdev)
{
	struct rtc_device *rtc = platform_get_drvdata(pdev);

	rtc_device_unregister(rtc);
	return 0;
}

static struct platform_driver plat_rtc_driver = {
	.probe		= plat_rtc_probe,
	.remove		= __devexit_p(plat_rtc_remove),
	.driver		= {
		.name	= "rtc-plat",
	},
};

static int __init plat_rtc_init(void)
{
	return platform_driver_register(&plat_rtc_driver);
}

static void __exit plat_rtc_exit(void)
{
	platform_driver_unregister(&plat_rtc_driver);
}

module_init(plat_rtc_init);
module_exit(plat_rtc_exit);

MODULE_LICENSE("GPL");
