#include <linux/module.h>
#include <linux/device.h>
#include <pcmcia/ss.h>

static struct completion pcmcia_unload;
extern struct class_interface pccard_sysfs_interface;

static void pcmcia_release_socket(struct class_device *class_dev)
{
	struct pcmcia_socket *socket = class_get_devdata(class_dev);

	complete(&socket->socket_released);
}

static void pcmcia_release_socket_class(struct class *data)
{
	complete(&pcmcia_unload);
}

struct class pcmcia_socket_class = {
	.name = "pcmcia_socket",
	.release = pcmcia_release_socket,
	.class_release = pcmcia_release_socket_class,
};
EXPORT_SYMBOL(pcmcia_socket_class);

static int __init init_pcmcia_cs(void)
{
	int ret;

	init_completion(&pcmcia_unload);
	ret = class_register(&pcmcia_socket_class);
	if (ret)
		return (ret);
	return class_interface_register(&pccard_sysfs_interface);
}

static void __exit exit_pcmcia_cs(void)
{
	class_interface_unregister(&pccard_sysfs_interface);
	class_unregister(&pcmcia_socket_class);
	wait_for_completion(&pcmcia_unload);
}

module_init(init_pcmcia_cs);
module_exit(exit_pcmcia_cs);
