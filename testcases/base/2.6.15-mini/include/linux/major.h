#ifndef _LINUX_MAJOR_H
#define _LINUX_MAJOR_H

/*
 * This file has definitions for major device numbers.
 * For the device number assignments, see Documentation/devices.txt.
 */

#define UNNAMED_MAJOR		0
#define MEM_MAJOR		1
#define RAMDISK_MAJOR		1
#define TTY_MAJOR		4
#define TTYAUX_MAJOR		5
#define LP_MAJOR		6
#define INPUT_MAJOR		13
#define SCSI_GENERIC_MAJOR	21
#define TOSH_SMM_MAJOR		181	/* local allocation in this tree */
#define UART_CLASS_MAJOR	204

#endif
