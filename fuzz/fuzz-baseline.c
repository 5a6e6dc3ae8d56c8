/* The --baseline JSON reader (report/report.c) against a small report. */
#include <stdio.h>
#include "fuzz.h"
#include "base/util.h"
#include "report/report.h"
#include "report/writer.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[] = "/tmp/cdmigrate-fuzz-baseline-XXXXXX";
	static int fd = -1;
	static FILE *devnull;
	struct report r;
	FILE *f;

	if (fd < 0 && (fd = mkstemp(path)) < 0)
		abort();
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	memset(&r, 0, sizeof(r));
	r.items = xcalloc(2, sizeof(*r.items));
	r.nr = 2;
	for (size_t i = 0; i < 2; i++) {
		r.items[i].id = xstrfmt("id%zu", i);
		r.items[i].file = xstrdup("drivers/x.c");
		r.items[i].kind = "token";
		r.items[i].symbol = xstrdup("class_device_create");
		r.items[i].subsystem = xstrdup("drivers");
		r.items[i].reason = "token";
		r.items[i].detail = xstrdup("");
	}
	r.failures = xcalloc(1, sizeof(*r.failures));
	r.nr_failures = 1;
	r.failures[0].file = xstrdup("drivers/x.c");
	r.failures[0].status = xstrdup("parse-error");
	r.failures[0].detail = xstrdup("");
	if (!devnull && !(devnull = fopen("/dev/null", "w")))
		abort();
	if (report_compare_baseline(&r, path) == 0)
		writer_text_baseline(devnull, &r);
	report_release(&r);
	return 0;
}
