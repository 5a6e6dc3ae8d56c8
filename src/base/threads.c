#include "base/threads.h"
#include "base/util.h"

#include <pthread.h>
#include <stdlib.h>

void threads_run(int jobs, size_t stack_bytes, void *(*worker)(void *data), void *data)
{
	pthread_t *threads = xcalloc(jobs > 1 ? (size_t)jobs : 1, sizeof(*threads));
	int started = 0;

	for (int t = 1; t < jobs; t++) {
		pthread_attr_t attr;

		pthread_attr_init(&attr);
		if (stack_bytes)
			pthread_attr_setstacksize(&attr, stack_bytes);
		if (!pthread_create(&threads[started], &attr, worker, data))
			started++;
		pthread_attr_destroy(&attr);
	}
	worker(data);
	for (int t = 0; t < started; t++)
		pthread_join(threads[t], NULL);
	free(threads);
}
