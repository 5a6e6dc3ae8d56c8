#include <linux/device.h>

static int flare_uevent(struct class_device *cd, char **envp, int num_envp,
			char *buffer, int buffer_size)
{
	envp[0] = NULL;
	return 0;
}

static struct class flare_class = {
	.name		= "flare",
	.uevent		= flare_uevent,
};

static void flare_setup(struct class *cls)
{
	cls->uevent = flare_uevent;
}

static int flare_register(void)
{
	flare_class.uevent = flare_uevent;
	return class_register(&flare_class);
}
