#ifndef TAPE_CLS_H
#define TAPE_CLS_H

struct tape_class_device {
	char mode_name[32];
	char device_name[32];
};

struct tape_class_device *tape_class_device_create(char *name);
void tape_class_device_destroy(struct tape_class_device *tcd);
struct tape_class_device *my_class_device_attr_lookup(char *name);

#endif
