#include "kernel/kernel.h"
#include "lex/lexscan.h"
#include "base/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The needles are the tokens' first words: they are written once. */
#define API_NEEDLES "class_device", "CLASS_DEVICE", "class_interface"
#define API_NAMES "class_get_devdata", "class_set_devdata"
#define CLASS_TAG "class"

const char *const kernel_api_needles[] = { API_NEEDLES, NULL };

const char *const kernel_api_tokens[] = {
	API_NEEDLES, "struct " CLASS_TAG, API_NAMES, NULL
};

static int has_lower_case(const char *s)
{
	for (; *s; s++)
		if (*s >= 'a' && *s <= 'z')
			return 1;
	return 0;
}

int kernel_holds_api_name(const char *symbol)
{
	for (size_t i = 0; i < kernel_nr_renames; i++)
		if (strstr(symbol, kernel_renames[i].old))
			return 1;
	return 0;
}

int kernel_name_is_not_api(const char *symbol)
{
	if (starts_with(symbol, "CONFIG_"))
		return 1;
	if (!has_lower_case(symbol) && strstr(symbol, "CLASS_DEVICE") && !kernel_holds_api_name(symbol))
		return 2;
	return 0;
}

static int word_is_not_api(const char *word, size_t len)
{
	char *name = xstrndup(word, len);
	int yes = kernel_name_is_not_api(name);

	free(name);
	return yes;
}

int kernel_code_uses_api(const char *text, size_t len)
{
	static const char *const names[] = { API_NAMES, NULL };

	return lexscan_code_names(text, len, kernel_api_needles, word_is_not_api, names, CLASS_TAG);
}

int kernel_is_driver_core(const char *file)
{
	return starts_with(file, KERNEL_DRIVER_CORE_DIR) || !strcmp(file, KERNEL_DEVICE_H);
}

int kernel_is_class_device_core(const char *file)
{
	static const char *const own[] = { "base.h", "class.c", "core.c", NULL };

	if (!strcmp(file, KERNEL_DEVICE_H))
		return 1;
	if (!starts_with(file, KERNEL_DRIVER_CORE_DIR))
		return 0;
	return strlist_has(own, file + strlen(KERNEL_DRIVER_CORE_DIR));
}

const char *const kernel_device_entries[] = {
	"power", "uevent", "dev", "subsystem", "device", "driver", NULL,
};

int kernel_is_device_entry(const char *name, size_t n)
{
	for (size_t i = 0; kernel_device_entries[i]; i++)
		if (strlen(kernel_device_entries[i]) == n && !memcmp(kernel_device_entries[i], name, n))
			return 1;
	return 0;
}

const struct kernel_rename kernel_renames[] = {
	{ "CLASS_DEVICE_ATTR", "DEVICE_ATTR", 1, 1 },
	{ "class_device_create", "device_create", 0, 0 },
	{ "class_device_destroy", "device_destroy", 1, 0 },
	{ "class_device_register", "device_register", 1, 0 },
	{ "class_device_unregister", "device_unregister", 1, 0 },
	{ "class_device_initialize", "device_initialize", 1, 0 },
	{ "class_device_add", "device_add", 1, 0 },
	{ "class_device_del", "device_del", 1, 0 },
	{ "class_device_get", "get_device", 1, 0 },
	{ "class_device_put", "put_device", 1, 0 },
	{ "class_device_rename", "device_rename", 1, 0 },
	{ "class_device_create_file", "device_create_file", 1, 0 },
	{ "class_device_remove_file", "device_remove_file", 1, 0 },
	{ "class_device_create_bin_file", "device_create_bin_file", 1, 0 },
	{ "class_device_remove_bin_file", "device_remove_bin_file", 1, 0 },
	{ "class_get_devdata", "dev_get_drvdata", 1, 0 },
	{ "class_set_devdata", "dev_set_drvdata", 1, 0 },
	/* 2.6.25 added both: its callback takes what the class walk holds */
	{ "class_find_child", "class_find_device", 1, 0 },
};
const size_t kernel_nr_renames = sizeof(kernel_renames) / sizeof(kernel_renames[0]);

const struct kernel_rename kernel_member_renames[] = {
	{ "class_id", "bus_id", 1, 0 },
	{ "dev", "parent", 1, 0 },
};
const size_t kernel_nr_member_renames =
	sizeof(kernel_member_renames) / sizeof(kernel_member_renames[0]);

const char *kernel_member_rename(const char *name, size_t n)
{
	for (size_t i = 0; i < kernel_nr_member_renames; i++)
		if (strlen(kernel_member_renames[i].old) == n &&
		    !memcmp(kernel_member_renames[i].old, name, n))
			return kernel_member_renames[i].new;
	return NULL;
}

int kernel_has_mutex(const char *root)
{
	char *path;
	struct stat st;
	int has;

	if (!root)
		return 0;
	path = path_join(root, "include/linux/mutex.h");
	has = lstat(path, &st) == 0 && S_ISREG(st.st_mode);
	free(path);
	return has;
}

int kernel_is_api_name(const char *name)
{
	static const char *const types[] = {
		"class_device", "class_device_attribute", "device", "device_attribute", NULL
	};

	if (strlist_has(types, name))
		return 1;
	for (size_t i = 0; i < kernel_nr_renames; i++)
		if (!strcmp(kernel_renames[i].old, name) || !strcmp(kernel_renames[i].new, name))
			return 1;
	return 0;
}
