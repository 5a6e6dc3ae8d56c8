#ifndef _LINUX_PM_H
#define _LINUX_PM_H

/* what struct device carries for power management */

typedef struct pm_message {
	int event;
} pm_message_t;

struct dev_pm_info {
	pm_message_t power_state;
	unsigned can_wakeup:1;
};

#endif /* _LINUX_PM_H */
