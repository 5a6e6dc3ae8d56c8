/*
 * test-pcmcia.c: the PCMCIA socket core (cs.c), the 16-bit bus (ds.c) and
 * the resource files (rsrc_nonstatic.c) of a converted tree, with either
 * variant of step 50: both former interfaces must hear of each socket,
 * whether they register before or after it, and of its removal.
 */
#include <pcmcia/ss.h>

static int no_init(struct pcmcia_socket *s)
{
	return 0;
}

static struct pccard_operations ops;
static struct pccard_resource_ops rsrc_ops = { .init = no_init };

static struct pcmcia_socket socket_a = { .ops = &ops, .resource_ops = &rsrc_ops };
static struct pcmcia_socket socket_b = { .ops = &ops, .resource_ops = &rsrc_ops };

static int has_rsrc_files(struct pcmcia_socket *s)
{
	return harness_has_file(&s->dev, "available_resources_io") &&
	       harness_has_file(&s->dev, "available_resources_mem");
}

static int no_rsrc_files(struct pcmcia_socket *s)
{
	return !harness_has_file(&s->dev, "available_resources_io") &&
	       !harness_has_file(&s->dev, "available_resources_mem");
}

int main(void)
{
	/* cs.c: the class (and the bus, and the resource driver) */
	harness_run_initcalls(4);

	/* a socket before ds.c is loaded: only the resource files */
	CHECK(pcmcia_register_socket(&socket_a) == 0);
	CHECK(has_rsrc_files(&socket_a));
	CHECK(socket_a.resource_data != NULL);
	CHECK(socket_a.driver_data == NULL);

	/* ds.c comes: it hears of the socket already there */
	harness_run_initcalls(5);
	CHECK(socket_a.driver_data != NULL);

	/* a socket after both: both hear of it */
	CHECK(pcmcia_register_socket(&socket_b) == 0);
	CHECK(has_rsrc_files(&socket_b));
	CHECK(socket_b.resource_data != NULL);
	CHECK(socket_b.driver_data != NULL);

	/* a socket goes: both hear of it (and its release runs) */
	pcmcia_unregister_socket(&socket_a);
	CHECK(socket_a.driver_data == NULL);
	CHECK(socket_a.resource_data == NULL);
	CHECK(no_rsrc_files(&socket_a));
	CHECK(socket_b.driver_data != NULL);

	/* ds.c goes: it lets go of the socket left */
	harness_run_exitcall("exit_pcmcia_bus");
	CHECK(socket_b.driver_data == NULL);
	CHECK(has_rsrc_files(&socket_b));

	pcmcia_unregister_socket(&socket_b);
	CHECK(no_rsrc_files(&socket_b));
	CHECK(socket_b.resource_data == NULL);

	harness_run_exitcall("exit_pcmcia_cs");
	return harness_finish("pcmcia");
}
