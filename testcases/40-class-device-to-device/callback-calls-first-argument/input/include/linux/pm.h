/* Test stub. */
#ifndef _LINUX_PM_H
#define _LINUX_PM_H
typedef struct pm_message {
	int event;
} pm_message_t;
struct dev_pm_info {
	pm_message_t		power_state;
};
#endif
