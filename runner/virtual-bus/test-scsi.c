/*
 * test-scsi.c: the SCSI host core (hosts.c) and the generic driver (sg.c)
 * of a converted tree, with either variant of step 50: sg must make an
 * sgN device under each host, whether it is loaded before or after the
 * host, and take it away when the host or sg goes.
 */
#include <scsi/scsi_host.h>
#include "drivers/scsi/scsi_priv.h"

/* scsi_sysfs.c is not part of the test */
int scsi_sysfs_add_host(struct Scsi_Host *shost)
{
	return 0;
}

static struct scsi_host_template tiny = {
	.name		= "tiny",
	.can_queue	= 1,
	.this_id	= 7,
};

static struct Scsi_Host *add_host(void)
{
	struct Scsi_Host *shost = scsi_host_alloc(&tiny, 0);

	CHECK(shost != NULL);
	if (shost)
		CHECK(scsi_add_host(shost, NULL) == 0);
	return shost;
}

int main(void)
{
	struct Scsi_Host *host0, *host1;

	CHECK(scsi_init_hosts() == 0);

	/* a host before sg is loaded */
	host0 = add_host();
	CHECK(harness_find_device(NULL, "sg0") == NULL);

	/* sg comes: it hears of the host already there */
	harness_run_initcalls(6);
	CHECK(harness_find_device(&host0->shost_classdev, "sg0") != NULL);

	/* a host after sg */
	host1 = add_host();
	CHECK(harness_find_device(&host1->shost_classdev, "sg1") != NULL);

	/* a host goes: its sg device goes first */
	scsi_remove_host(host0);
	CHECK(harness_find_device(NULL, "sg0") == NULL);
	scsi_host_put(host0);

	/* sg goes: it lets go of the host left */
	harness_run_exitcall("exit_sg");
	CHECK(harness_find_device(NULL, "sg1") == NULL);

	scsi_remove_host(host1);
	scsi_host_put(host1);
	scsi_exit_hosts();
	return harness_finish("scsi");
}
