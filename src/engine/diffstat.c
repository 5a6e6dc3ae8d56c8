#include "engine/diffstat.h"

#include <string.h>

static int decimal_width(unsigned long n)
{
	int w = 1;

	while (n >= 10) {
		n /= 10;
		w++;
	}
	return w;
}

static unsigned long scale_linear(unsigned long it, unsigned long width, unsigned long max_change)
{
	if (!it)
		return 0;
	/* At least one column for any change: scale into width - 1 and add 1. */
	return 1 + (it * (width - 1) / max_change);
}

static void add_stat_summary(struct strbuf *out, size_t files, unsigned long ins,
			     unsigned long del)
{
	if (!files) {
		strbuf_addstr(out, " 0 files changed\n");
		return;
	}
	strbuf_addf(out, files == 1 ? " %zu file changed" : " %zu files changed", files);
	if (ins || !del)
		strbuf_addf(out, ins == 1 ? ", %lu insertion(+)" : ", %lu insertions(+)", ins);
	if (del || !ins)
		strbuf_addf(out, del == 1 ? ", %lu deletion(-)" : ", %lu deletions(-)", del);
	strbuf_addch(out, '\n');
}

void diffstat_add(struct strbuf *out, const struct diffstat_entry *v, size_t nr)
{
	unsigned long max_change = 0, ins = 0, del = 0;
	long max_len = 0, width = DIFFSTAT_WIDTH, number_width, graph_width, name_width;

	for (size_t i = 0; i < nr; i++) {
		unsigned long change = (unsigned long)v[i].added + v[i].deleted;
		long len = (long)strlen(v[i].name);

		if (change > max_change)
			max_change = change;
		if (len > max_len)
			max_len = len;
	}
	number_width = decimal_width(max_change);
	if (width < 16 + 6 + number_width)
		width = 16 + 6 + number_width;
	graph_width = (long)max_change;
	name_width = max_len;
	if (name_width + number_width + 6 + graph_width > width) {
		if (graph_width > width * 3 / 8 - number_width - 6) {
			graph_width = width * 3 / 8 - number_width - 6;
			if (graph_width < 6)
				graph_width = 6;
		}
		if (name_width > width - number_width - 6 - graph_width)
			name_width = width - number_width - 6 - graph_width;
		else
			graph_width = width - number_width - 6 - name_width;
	}

	for (size_t i = 0; i < nr; i++) {
		const char *name = v[i].name, *prefix = "";
		long len = name_width, name_len = (long)strlen(name);
		unsigned long add = v[i].added, dels = v[i].deleted;
		unsigned long total = add + dels;

		if (name_width < name_len) {
			const char *slash;

			prefix = "...";
			len -= 3;
			if (len < 0)
				len = 0;
			name += name_len - len;
			slash = strchr(name, '/');
			if (slash)
				name = slash;
		}
		if ((unsigned long)graph_width <= max_change) {
			unsigned long scaled = scale_linear(total, graph_width, max_change);

			if (scaled < 2 && add && dels)
				scaled = 2;
			if (add < dels) {
				add = scale_linear(add, graph_width, max_change);
				dels = scaled - add;
			} else {
				dels = scale_linear(dels, graph_width, max_change);
				add = scaled - dels;
			}
		}
		strbuf_addf(out, " %s%-*s | %*lu%s", prefix, (int)len, name,
			    (int)number_width, total, total ? " " : "");
		while (add--)
			strbuf_addch(out, '+');
		while (dels--)
			strbuf_addch(out, '-');
		strbuf_addch(out, '\n');
		ins += v[i].added;
		del += v[i].deleted;
	}
	add_stat_summary(out, nr, ins, del);
}
