#include <linux/gauge.h>
#include <linux/dial.h>

/*
 * The address of the class data: no function call can stand for it, so
 * this file stays as it is and breaks once gauge.h is converted.  Its
 * error line names cdev, a member dial.h's change retypes too; only
 * gauge.h breaks it.
 */
void **gauge_data_slot(struct gauge *g)
{
	return &g->cdev.class_data;
}

int gauge_level(struct dial *d)
{
	return d->level;
}
