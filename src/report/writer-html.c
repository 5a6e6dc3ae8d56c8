#include "report/writer.h"

#include <errno.h>
#include <string.h>

#include "config.h"

void writer_html_escape(struct strbuf *sb, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			strbuf_addstr(sb, "&amp;");
			break;
		case '<':
			strbuf_addstr(sb, "&lt;");
			break;
		case '>':
			strbuf_addstr(sb, "&gt;");
			break;
		case '"':
			strbuf_addstr(sb, "&quot;");
			break;
		case '\'':
			strbuf_addstr(sb, "&#39;");
			break;
		default:
			strbuf_addch(sb, *s);
		}
	}
}

static void html_put(FILE *out, const char *s)
{
	struct strbuf sb = STRBUF_INIT;

	writer_html_escape(&sb, s);
	fputs(sb.buf, out);
	strbuf_release(&sb);
}

/* notes as the page's list of notes, one monospace item each; nothing when there are none. */
static void html_notes(FILE *out, const struct strvec *notes)
{
	if (!notes->nr)
		return;
	fprintf(out, "<ul class=\"notes\">");
	for (size_t n = 0; n < notes->nr; n++) {
		fprintf(out, "<li class=\"mono\">");
		html_put(out, notes->v[n]);
		fprintf(out, "</li>");
	}
	fprintf(out, "</ul>\n");
}

static void putf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A formatted string, escaped. */
static void putf(FILE *out, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	html_put(out, sb.buf);
	strbuf_release(&sb);
}

static void html_printf(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * printf for markup: fmt is written as it is, every %s argument escaped.
 * Conversions: %s, %u, %d, %zu, with flags and width, and %%.
 */
static void html_printf(FILE *out, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	for (const char *p = fmt; *p; p++) {
		char spec[16];
		size_t n = 0;

		if (*p != '%') {
			fputc(*p, out);
			continue;
		}
		if (p[1] == '%') {
			fputc('%', out);
			p++;
			continue;
		}
		spec[n++] = *p++;
		while (strchr("0123456789-+ #z", *p) && n < sizeof(spec) - 2)
			spec[n++] = *p++;
		spec[n++] = *p;
		spec[n] = '\0';
		if (*p == 's')
			html_put(out, va_arg(ap, const char *));
		else if (*p == 'u' && spec[n - 2] == 'z')
			fprintf(out, spec, va_arg(ap, size_t));
		else if (*p == 'u')
			fprintf(out, spec, va_arg(ap, unsigned));
		else if (*p == 'd')
			fprintf(out, spec, va_arg(ap, int));
		else
			BUG("html_printf: %s", spec);
	}
	va_end(ap);
}

static const char *group_color(unsigned group)
{
	switch (group) {
	case 10:
		return "#4e79a7";
	case 40:
		return "#f28e2b";
	case 50:
		return "#59a14f";
	case REPORT_GROUP_INACTIVE:
		return "#b07aa1";
	case 70:
		return "#9aa0a6";
	}
	return "#76b7b2";
}

static const char *group_label(unsigned group)
{
	static char buf[64];

	if (group == REPORT_GROUP_INACTIVE)
		return "inactive #if";
	snprintf(buf, sizeof(buf), "%u %s", group, report_group_name(group));
	return buf;
}

static const char css[] =
	":root{--bg:#f5f6f8;--card:#fff;--ink:#1f2328;--muted:#656d76;--line:#d8dee4;--accent:#0969da;"
	"--ok:#1a7f37;--bad:#cf222e;--warn:#9a6700}"
	"*{box-sizing:border-box}"
	"body{margin:0;background:var(--bg);color:var(--ink);"
	"font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}"
	"code,.mono,td.loc,pre{font-family:ui-monospace,'SFMono-Regular','DejaVu Sans Mono',Menlo,Consolas,monospace;font-size:12.5px}"
	"header{background:#24292f;color:#fff;padding:18px 32px;display:flex;align-items:center;gap:16px;flex-wrap:wrap}"
	"header h1{font-size:20px;margin:0;font-weight:600}header .tree{color:#c9d1d9;font-weight:400}"
	".verdict{margin-left:auto;padding:6px 14px;border-radius:999px;font-weight:600;font-size:13px}"
	".verdict.yes{background:#dafbe1;color:var(--ok)}.verdict.no{background:#ffebe9;color:var(--bad)}"
	"main{max-width:1240px;margin:0 auto;padding:20px 32px 48px}"
	"section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 22px;margin:18px 0}"
	"h2{font-size:16px;margin:0 0 12px;display:flex;align-items:baseline;gap:10px}"
	"h2 .count{color:var(--muted);font-weight:400;font-size:13px}"
	".cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(150px,1fr));gap:12px;margin-bottom:18px}"
	".card{border:1px solid var(--line);border-radius:8px;padding:10px 14px}"
	".card .n{font-size:26px;font-weight:600;line-height:1.2}.card .l{color:var(--muted);font-size:12.5px}"
	".card.bad .n{color:var(--bad)}.card.ok .n{color:var(--ok)}"
	".charts{display:grid;grid-template-columns:1fr 1fr;gap:22px}"
	"@media(max-width:900px){.charts{grid-template-columns:1fr}}"
	".chart h3{font-size:13px;margin:0 0 6px;color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.04em}"
	"svg text{font:12px system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;fill:var(--ink)}"
	"svg .v{fill:var(--muted)}g.bar{cursor:pointer}g.bar:hover rect.bg{fill:#eef1f4}"
	".legend{display:flex;flex-wrap:wrap;gap:6px 14px;margin-top:8px;color:var(--muted);font-size:12.5px}"
	".legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:-1px}"
	".deletion{margin-top:16px;padding:12px 14px;border-radius:8px;border-left:4px solid}"
	".deletion.yes{background:#f0fff4;border-color:var(--ok)}.deletion.no{background:#fff8f7;border-color:var(--bad)}"
	".filters{display:flex;gap:14px;align-items:center;flex-wrap:wrap;margin-bottom:10px;color:var(--muted)}"
	"select{font:inherit;padding:4px 8px;border:1px solid var(--line);border-radius:6px;background:#fff;color:var(--ink)}"
	"table{border-collapse:collapse;width:100%}"
	"th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #eaeef2;vertical-align:top}"
	"th{font-size:12px;color:var(--muted);font-weight:600;text-transform:uppercase;letter-spacing:.03em;"
	"background:#f6f8fa;position:sticky;top:0;white-space:nowrap}"
	"table.sortable th{cursor:pointer;user-select:none}table.sortable th:hover{color:var(--accent)}"
	"th[aria-sort=ascending]::after{content:' \\25B2'}th[aria-sort=descending]::after{content:' \\25BC'}"
	"tr:hover td{background:#f6f8fa}tr[hidden]{display:none}"
	"td.loc,.nw{white-space:nowrap}td.detail{color:var(--muted);overflow-wrap:anywhere}"
	"table.fixed{table-layout:fixed}table.fixed td{overflow-wrap:anywhere}table.fixed td.loc{white-space:normal}"
	"#sites td,#sites th{font-size:13px}#sites td.loc{font-size:12px}"
	".scroll{max-height:640px;overflow:auto;border:1px solid var(--line);border-radius:8px}"
	".chip{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600;white-space:nowrap}"
	".r-no-rule{background:#ddf4ff;color:#0550ae}.r-needs-human{background:#ffebe9;color:#a40e26}"
	".r-parse-failure{background:#ffd8d3;color:#82071e}.r-timeout{background:#fff8c5;color:#7d4e00}"
	".r-macro-generated{background:#dafbe1;color:#116329}.r-inactive-\\#if{background:#fbefff;color:#6e40c9}"
	".r-driver-core{background:#eaeef2;color:#424a53}"
	".r-name{background:#f6f8fa;color:#57606a}.r-kept{background:#ddf4ff;color:#0969da}"
	".r-stays-static{background:#fff1e5;color:#953800}"
	".why{margin-top:14px;display:flex;flex-wrap:wrap;gap:6px;align-items:center}"
	".why a.chip{text-decoration:none}.why a.chip:hover{filter:brightness(.95);text-decoration:underline}"
	".step{display:inline-block;width:9px;height:9px;border-radius:2px;margin-right:6px}"
	".clash{background:#ffebe9;color:#a40e26;border-radius:4px;padding:0 4px;font-weight:600}"
	".attrs code{margin-right:6px;display:inline-block}.from{color:var(--muted);font-size:12px}"
	"tr.class td{background:#f6f8fa;border-top:2px solid var(--line)}"
	"td.paths div{margin:1px 0}td.paths{overflow-wrap:anywhere}"
	"div.group{margin-bottom:4px}.tag{display:inline-block;width:52px;color:var(--muted);font-family:system-ui,sans-serif;font-size:11px;"
	"text-transform:uppercase;letter-spacing:.04em}"
	".muted{color:var(--muted)}.empty{color:var(--muted);font-style:italic}"
	"ul.notes{margin:10px 0 0;padding-left:18px;color:var(--muted)}"
	"details.patch{border:1px solid var(--line);border-radius:8px;margin:8px 0;overflow:hidden}"
	"details.patch summary{padding:8px 12px;cursor:pointer;background:#f6f8fa;display:flex;gap:10px;align-items:center}"
	"details.patch summary .stat{margin-left:auto;font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:12px}"
	".add-n{color:var(--ok)}.del-n{color:var(--bad)}"
	"pre.msg{margin:0;padding:10px 14px;white-space:pre-wrap;color:var(--muted);border-bottom:1px solid var(--line)}"
	"pre.diff{margin:0;padding:6px 0;overflow:auto}"
	"pre.diff span{display:block;padding:0 14px;white-space:pre;tab-size:8}"
	"pre.diff .a{background:#e6ffec;color:#116329}pre.diff .d{background:#ffebe9;color:#82071e}"
	"pre.diff .h{background:#ddf4ff;color:#0550ae}pre.diff .m{color:var(--muted);font-weight:600}"
	"footer{color:var(--muted);text-align:center;font-size:12px;padding-bottom:24px}";

static const char script[] =
	"(function(){\n"
	"var fs=document.getElementById('f-subsystem'),fr=document.getElementById('f-reason');\n"
	"var table=document.getElementById('sites'),rows=table?[].slice.call(table.tBodies[0].rows):[];\n"
	"function setSel(sel,v){if(!sel)return;for(var i=0;i<sel.options.length;i++)"
	"if(sel.options[i].value===v){sel.value=v;return;}sel.value='';}\n"
	"function apply(){if(!fs)return;var s=fs.value,r=fr.value,n=0;\n"
	" rows.forEach(function(tr){var ok=(!s||tr.getAttribute('data-subsystem')===s)&&"
	"(!r||tr.getAttribute('data-reason')===r);\n"
	"  if(ok){tr.removeAttribute('hidden');n++;}else tr.setAttribute('hidden','');});\n"
	" document.getElementById('shown').textContent=n;}\n"
	"function fromHash(){var p={};location.hash.replace(/^#/,'').split('&').forEach(function(kv){"
	"var i=kv.indexOf('=');if(i>0)p[decodeURIComponent(kv.slice(0,i))]="
	"decodeURIComponent(kv.slice(i+1).replace(/\\+/g,' '));});\n"
	" setSel(fs,p.subsystem||'');setSel(fr,p.reason||'');apply();}\n"
	"function toHash(){var a=[];if(fs.value)a.push('subsystem='+encodeURIComponent(fs.value));"
	"if(fr.value)a.push('reason='+encodeURIComponent(fr.value));\n"
	" try{history.replaceState(null,'',a.length?'#'+a.join('&'):location.pathname+location.search);}catch(e){}}\n"
	"if(fs){fs.onchange=fr.onchange=function(){apply();toHash();};}\n"
	"window.addEventListener('hashchange',function(){fromHash();var t=document.getElementById('residual');"
	"if(t)t.scrollIntoView();});\n"
	"[].forEach.call(document.querySelectorAll('table.sortable'),function(t){\n"
	" var ths=t.tHead.rows[0].cells;\n"
	" [].forEach.call(ths,function(th,i){th.addEventListener('click',function(){\n"
	"  var asc=th.getAttribute('aria-sort')!=='ascending',num=th.hasAttribute('data-num');\n"
	"  [].forEach.call(ths,function(o){o.removeAttribute('aria-sort');});\n"
	"  th.setAttribute('aria-sort',asc?'ascending':'descending');\n"
	"  var body=t.tBodies[0],rs=[].slice.call(body.rows);\n"
	"  function key(tr){var c=tr.cells[i];return c.getAttribute('data-sort')||c.textContent;}\n"
	"  rs.sort(function(a,b){var x=key(a),y=key(b),c=num?parseFloat(x)-parseFloat(y):"
	"(x<y?-1:x>y?1:0);return asc?c:-c;});\n"
	"  rs.forEach(function(r){body.appendChild(r);});});});});\n"
	"[].forEach.call(document.querySelectorAll('g.bar'),function(g){g.addEventListener('click',function(){\n"
	" var sel=g.getAttribute('data-chart')==='subsystem'?fs:null;if(!sel)return;\n"
	" setSel(sel,g.getAttribute('data-name'));apply();toHash();"
	"document.getElementById('residual').scrollIntoView({behavior:'smooth'});});});\n"
	"fromHash();\n"
	"})();\n";

/* ---------------------------------------------------------------- charts */

/* Sites of group g in subsystem s. */
static size_t count_in(const struct report *r, const char *subsystem, unsigned group)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nr; i++)
		n += r->items[i].group == group && !strcmp(r->items[i].subsystem, subsystem);
	return n;
}

#define CHART_BAR 300
#define CHART_ROW 24

/* Room for the longest label (about 7 pixels a character at 12px). */
static unsigned label_width(const struct report_count *v, size_t nr, int steps)
{
	size_t longest = 4;

	for (size_t i = 0; i < nr; i++) {
		size_t n = strlen(steps ? group_label(v[i].order) : v[i].name);

		if (n > longest)
			longest = n;
	}
	return (unsigned)(longest * 7 + 14);
}

static void chart_start(FILE *out, const char *title, unsigned lw, size_t rows)
{
	fprintf(out, "<div class=\"chart\"><h3>%s</h3><svg role=\"img\" aria-label=\"%s\" "
		     "viewBox=\"0 0 %u %zu\" width=\"%u\" style=\"max-width:100%%;height:auto\">\n",
		title, title, lw + CHART_BAR + 50, rows * CHART_ROW + 4, lw + CHART_BAR + 50);
}

static void chart_row_start(FILE *out, const char *chart, const char *name, size_t count, size_t files,
			    size_t row, unsigned lw)
{
	fprintf(out, "<g class=\"bar\" data-chart=\"%s\" data-name=\"", chart);
	html_put(out, name);
	fprintf(out, "\" data-count=\"%zu\" transform=\"translate(0,%zu)\">", count, row * CHART_ROW);
	fprintf(out, "<rect class=\"bg\" x=\"0\" y=\"0\" width=\"%u\" height=\"%u\" fill=\"transparent\"/>",
		lw + CHART_BAR + 50, CHART_ROW);
	fprintf(out, "<title>");
	putf(out, "%s: %zu site%s in %zu file%s", name, count, count == 1 ? "" : "s", files, files == 1 ? "" : "s");
	fprintf(out, "</title><text x=\"%u\" y=\"16\" text-anchor=\"end\">", lw - 8);
	html_put(out, name);
	fprintf(out, "</text>");
}

static void chart_row_end(FILE *out, unsigned lw, double x, size_t count)
{
	fprintf(out, "<text class=\"v\" x=\"%.1f\" y=\"16\">%zu</text></g>\n", lw + x + 6, count);
}

static double bar_width(size_t n, size_t max)
{
	return max ? (double)n * CHART_BAR / (double)max : 0;
}

static void chart_subsystems(FILE *out, const struct report *r)
{
	unsigned lw = label_width(r->subsystems, r->nr_subsystems, 0);
	size_t max = 1;

	for (size_t i = 0; i < r->nr_subsystems; i++)
		if (r->subsystems[i].sites > max)
			max = r->subsystems[i].sites;
	chart_start(out, "Left per subsystem", lw, r->nr_subsystems);
	for (size_t i = 0; i < r->nr_subsystems; i++) {
		const struct report_count *c = &r->subsystems[i];
		double x = 0;

		chart_row_start(out, "subsystem", c->name, c->sites, c->files, i, lw);
		for (size_t g = 0; g < r->nr_steps; g++) {
			size_t n = count_in(r, c->name, r->steps[g].order);
			double w = bar_width(n, max);

			if (!n)
				continue;
			fprintf(out, "<rect x=\"%.1f\" y=\"4\" width=\"%.1f\" height=\"16\" fill=\"%s\"><title>",
				lw + x, w, group_color(r->steps[g].order));
			putf(out, "%s, %s: %zu", c->name, group_label(r->steps[g].order), n);
			fprintf(out, "</title></rect>");
			x += w;
		}
		chart_row_end(out, lw, x, c->sites);
	}
	fprintf(out, "</svg></div>\n");
}

static void chart_steps(FILE *out, const struct report *r)
{
	unsigned lw = label_width(r->steps, r->nr_steps, 1);
	size_t max = 1;

	for (size_t i = 0; i < r->nr_steps; i++)
		if (r->steps[i].sites > max)
			max = r->steps[i].sites;
	chart_start(out, "Left per step", lw, r->nr_steps);
	for (size_t i = 0; i < r->nr_steps; i++) {
		const struct report_count *c = &r->steps[i];
		double w = bar_width(c->sites, max);

		chart_row_start(out, "step", group_label(c->order), c->sites, c->files, i, lw);
		fprintf(out, "<rect x=\"%u\" y=\"4\" width=\"%.1f\" height=\"16\" rx=\"2\" fill=\"%s\"/>",
			lw, w, group_color(c->order));
		chart_row_end(out, lw, w, c->sites);
	}
	fprintf(out, "</svg>");
	fprintf(out, "<div class=\"legend\">");
	for (size_t i = 0; i < r->nr_steps; i++) {
		fprintf(out, "<span><i style=\"background:%s\"></i>", group_color(r->steps[i].order));
		html_put(out, group_label(r->steps[i].order));
		fprintf(out, "</span>");
	}
	fprintf(out, "</div></div>\n");
}

/* --------------------------------------------------------------- sections */

static void card(FILE *out, const char *cls, const char *number, const char *label)
{
	fprintf(out, "<div class=\"card %s\"><div class=\"n\">", cls);
	html_put(out, number);
	fprintf(out, "</div><div class=\"l\">");
	html_put(out, label);
	fprintf(out, "</div></div>\n");
}

static void summary(FILE *out, const struct report *r)
{
	char *deletion = report_deletion_text(r), *n, *l;
	int possible = report_deletion_possible(r);

	fprintf(out, "<section id=\"summary\"><h2>Summary</h2><div class=\"cards\">\n");
	n = xstrfmt("%zu", r->nr);
	l = xstrfmt("site%s left in %zu file%s", r->nr == 1 ? "" : "s", r->files, r->files == 1 ? "" : "s");
	card(out, r->nr ? "" : "ok", n, l);
	free(n);
	free(l);
	n = xstrfmt("%zu", r->blocking);
	card(out, r->blocking ? "bad" : "ok", n, "use what step 70 deletes (block it)");
	free(n);
	if (r->migration) {
		n = xstrfmt("%zu", r->migration->sites_converted);
		l = xstrfmt("sites converted by the last migration (%zu file%s changed)", r->migration->files_changed,
			    r->migration->files_changed == 1 ? "" : "s");
		card(out, "ok", n, l);
		free(n);
		free(l);
	} else {
		card(out, "", "–", "converted: no migration record");
	}
	n = xstrfmt("%zu", r->nr_failures);
	card(out, r->nr_failures ? "bad" : "ok", n, "files that did not parse or convert");
	free(n);
	if (r->exports_done) {
		n = xstrfmt("%zu", r->exports.nr);
		l = xstrfmt("unused of %zu exported class functions", r->exports.exported);
		card(out, "", n, l);
		free(n);
		free(l);
	}
	n = xstrfmt("%zu", r->sysfs.clashes);
	l = xstrfmt("sysfs attribute%s to rename (%zu class%s, %zu device kind%s)",
		    r->sysfs.clashes == 1 ? "" : "s", r->sysfs.nr_classes, r->sysfs.nr_classes == 1 ? "" : "es",
		    r->sysfs.nr_devices, r->sysfs.nr_devices == 1 ? "" : "s");
	card(out, r->sysfs.clashes ? "bad" : "ok", n, l);
	free(n);
	free(l);
	if (r->userspace.checked) {
		n = xstrfmt("%zu", r->userspace.nr);
		card(out, r->userspace.nr ? "bad" : "ok", n, "udev rules and script lines that change meaning");
		free(n);
	}
	fprintf(out, "</div>\n");
	if (r->nr) {
		fprintf(out, "<div class=\"charts\">\n");
		chart_subsystems(out, r);
		chart_steps(out, r);
		fprintf(out, "</div>\n<div class=\"why\"><span class=\"muted\">Why they are left:</span>");
		for (size_t i = 0; i < r->nr_reasons; i++) {
			char *frag = xstrdup(r->reasons[i].name);
			char *hash = strchr(frag, '#');
			struct strbuf href = STRBUF_INIT;

			/* the fragment filters the table; '#' inside it is %23 */
			if (hash) {
				*hash = '\0';
				strbuf_addf(&href, "#reason=%s%%23%s", frag, hash + 1);
			} else {
				strbuf_addf(&href, "#reason=%s", frag);
			}
			fprintf(out, " <a class=\"chip r-");
			html_put(out, r->reasons[i].name);
			fprintf(out, "\" href=\"");
			html_put(out, href.buf);
			fprintf(out, "\" title=\"");
			putf(out, "%zu site%s in %zu file%s: show them", r->reasons[i].sites,
			     r->reasons[i].sites == 1 ? "" : "s", r->reasons[i].files, r->reasons[i].files == 1 ? "" : "s");
			fprintf(out, "\">");
			putf(out, "%s %zu", r->reasons[i].name, r->reasons[i].sites);
			fprintf(out, "</a>");
			strbuf_release(&href);
			free(frag);
		}
		fprintf(out, "</div>\n");
	}
	fprintf(out, "<div class=\"deletion %s\" id=\"deletion\"><strong>Deleting struct class_device (step 70): ",
		possible ? "yes" : "no");
	html_put(out, deletion);
	fprintf(out, "</strong>");
	if (!possible)
		fprintf(out, "<br><span class=\"muted\">Everything in the steps above 70 must be converted "
			     "or explained first; the driver core itself is deleted by step 70.</span>");
	fprintf(out, "</div></section>\n");
	free(deletion);
}

static void options_of(FILE *out, const struct report_count *v, size_t nr)
{
	for (size_t i = 0; i < nr; i++) {
		fprintf(out, "<option value=\"");
		html_put(out, v[i].name);
		fprintf(out, "\">");
		putf(out, "%s (%zu)", v[i].name, v[i].sites);
		fprintf(out, "</option>");
	}
}

static void residual(FILE *out, const struct report *r)
{
	fprintf(out, "<section id=\"residual\"><h2>Residual sites <span class=\"count\">%zu</span></h2>\n", r->nr);
	if (!r->nr) {
		fprintf(out, "<p class=\"empty\">Nothing is left: no class_device, static struct class or "
			     "class_interface in the tree.</p></section>\n");
		return;
	}
	fprintf(out, "<div class=\"filters\"><label>Subsystem <select id=\"f-subsystem\"><option value=\"\">all</option>");
	options_of(out, r->subsystems, r->nr_subsystems);
	fprintf(out, "</select></label><label>Reason <select id=\"f-reason\"><option value=\"\">all</option>");
	options_of(out, r->reasons, r->nr_reasons);
	fprintf(out, "</select></label><span>showing <span id=\"shown\">%zu</span> of %zu</span>"
		     "<span class=\"muted\">click a header to sort, a subsystem bar to filter</span></div>\n",
		r->nr, r->nr);
	fprintf(out, "<div class=\"scroll\"><table id=\"sites\" class=\"sortable fixed\"><colgroup>"
		     "<col style=\"width:27%%\"><col style=\"width:6%%\"><col style=\"width:9%%\">"
		     "<col style=\"width:20%%\"><col style=\"width:11%%\"><col style=\"width:27%%\"></colgroup>"
		     "<thead><tr><th>Location</th><th data-num>Step</th><th>Subsystem</th><th>Site</th>"
		     "<th>Reason</th><th>Detail</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->nr; i++) {
		const struct report_item *it = &r->items[i];

		html_printf(out, "<tr class=\"site\" data-subsystem=\"%s\" data-reason=\"%s\" data-step=\"%u\" "
				 "data-id=\"%s\"><td class=\"loc\" data-sort=\"%s:%08u:%05u\">%s:%u:%u</td>"
				 "<td class=\"nw\" data-sort=\"%u\" title=\"%s\">",
			    it->subsystem, it->reason, it->group, it->id, it->file, it->line, it->column, it->file,
			    it->line, it->column, it->group, group_label(it->group));
		fprintf(out, "<span class=\"step\" style=\"background:%s\"></span>", group_color(it->group));
		if (it->group == REPORT_GROUP_INACTIVE)
			fprintf(out, "#if");
		else
			fprintf(out, "%u", it->group);
		html_printf(out, "</td><td>%s</td><td class=\"sym\" data-sort=\"%s %s\"><code>%s</code>"
				 "<div class=\"from\">%s</div></td><td><span class=\"chip r-%s\">%s</span></td>"
				 "<td class=\"detail\">%s</td></tr>\n",
			    it->subsystem, it->symbol, it->kind, it->symbol, it->kind, it->reason, it->reason, it->detail);
	}
	fprintf(out, "</tbody></table></div></section>\n");
}

static void failures(FILE *out, const struct report *r)
{
	fprintf(out, "<section id=\"failures\"><h2>Files that did not parse or convert "
		     "<span class=\"count\">%zu</span></h2>\n", r->nr_failures);
	if (!r->nr_failures) {
		fprintf(out, "<p class=\"empty\">Every candidate file parses, and the last migration (if any) "
			     "converted every file it touched.</p></section>\n");
		return;
	}
	fprintf(out, "<table class=\"sortable\"><thead><tr><th>File</th><th>Source</th><th>Status</th>"
		     "<th>Detail</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->nr_failures; i++) {
		const struct report_failure *f = &r->failures[i];

		html_printf(out, "<tr><td class=\"loc\">%s</td><td>%s</td><td><span class=\"chip r-parse-failure\">%s"
				 "</span></td><td class=\"detail mono\">",
			    f->file, strcmp(f->source, "scan") ? "last migration" : "libclang, now", f->status);
		if (f->errors)
			html_printf(out, "%u error%s: ", f->errors, f->errors == 1 ? "" : "s");
		html_printf(out, "%s</td></tr>\n", f->detail);
	}
	fprintf(out, "</tbody></table></section>\n");
}

static void exports(FILE *out, const struct report *r)
{
	fprintf(out, "<section id=\"exports\"><h2>Unused exported class functions");
	if (r->exports_done)
		fprintf(out, " <span class=\"count\">%zu of %zu exported</span>", r->exports.nr, r->exports.exported);
	fprintf(out, "</h2>\n");
	if (!r->exports_done) {
		fprintf(out, "<p class=\"empty\">Not computed out of tree: step 20 concerns the kernel's own "
			     "driver core.</p></section>\n");
		return;
	}
	if (!r->exports.nr) {
		fprintf(out, "<p class=\"empty\">Every exported class_* function of drivers/base/ has a user.</p></section>\n");
		return;
	}
	fprintf(out, "<p class=\"muted\">Exported by the driver core, called or referenced nowhere else in "
		     "the tree: step 20 removes them.</p>\n");
	fprintf(out, "<table class=\"sortable\"><thead><tr><th>Function</th><th>Defined at</th>"
		     "<th>Exported at</th></tr></thead><tbody>\n");
	for (size_t i = 0; i < r->exports.nr; i++) {
		const struct export_entry *e = &r->exports.v[i];

		html_printf(out, "<tr><td><code>%s</code></td><td class=\"loc\">%s:%u:%u</td>"
				 "<td class=\"loc\">%s:%u (%s)</td></tr>\n",
			    e->symbol, e->def_file, e->def_line, e->def_column, e->export_file, e->export_line, e->macro);
	}
	fprintf(out, "</tbody></table></section>\n");
}

static void attr_code(FILE *out, const struct sysfs_attr *at)
{
	if (at->clash) {
		fprintf(out, "<code class=\"clash\" title=\"");
		putf(out, "clashes with the %s entry every device has: rename it", at->name);
	} else {
		fprintf(out, "<code title=\"");
		putf(out, "%s:%u", at->file, at->line);
	}
	fprintf(out, "\">");
	html_put(out, at->name);
	fprintf(out, "</code>");
}

/* The attributes, those of the device's own file first, then per other file. */
static void attrs_cell(FILE *out, const struct sysfs_device *d)
{
	struct strvec others = STRVEC_INIT;

	if (!d->nr_attrs) {
		fprintf(out, "<span class=\"empty\">none</span>");
		return;
	}
	for (size_t a = 0; a < d->nr_attrs; a++) {
		int seen = 0;

		if (!strcmp(d->attrs[a].file, d->file)) {
			attr_code(out, &d->attrs[a]);
			continue;
		}
		for (size_t j = 0; j < others.nr; j++)
			seen |= !strcmp(others.v[j], d->attrs[a].file);
		if (!seen)
			strvec_push(&others, d->attrs[a].file);
	}
	strvec_sort(&others);
	for (size_t j = 0; j < others.nr; j++) {
		fprintf(out, "<div class=\"group\">");
		for (size_t a = 0; a < d->nr_attrs; a++)
			if (!strcmp(d->attrs[a].file, others.v[j]))
				attr_code(out, &d->attrs[a]);
		fprintf(out, "<div class=\"from\">from ");
		html_put(out, others.v[j]);
		fprintf(out, "</div></div>");
	}
	strvec_clear(&others);
}

static void sysfs(FILE *out, const struct report *r)
{
	const struct sysfs_report *s = &r->sysfs;

	fprintf(out, "<section id=\"sysfs\"><h2>sysfs before and after <span class=\"count\">");
	putf(out, "%zu classes, %zu device kinds, %zu predicted in full, %zu clashing attribute%s", s->nr_classes,
	     s->nr_devices, s->predicted, s->clashes, s->clashes == 1 ? "" : "s");
	fprintf(out, "</span></h2>\n<p class=\"muted\">Before, each class device is a directory under "
		     "<code>/sys/class/&lt;class&gt;/</code> holding its attributes. After, it lives under its "
		     "parent in <code>/sys/devices/</code> (<code>/sys/devices/virtual/&lt;class&gt;/</code> "
		     "without one) and <code>/sys/class/&lt;class&gt;/&lt;name&gt;</code> is a symlink to it. "
		     "<code>&lt;N&gt;</code> is a number, <code>&lt;x&gt;</code> a name computed at run "
		     "time.</p>\n");
	fprintf(out, "<table id=\"sysfs-table\" class=\"fixed\"><colgroup><col style=\"width:17%%\">"
		     "<col style=\"width:43%%\"><col style=\"width:22%%\"><col style=\"width:18%%\"></colgroup>"
		     "<thead><tr><th>Device</th><th>Before &rarr; after</th><th>Attributes</th>"
		     "<th>Not predicted</th></tr></thead><tbody>\n");
	for (size_t k = 0; k < s->nr_classes; k++) {
		const struct sysfs_class *cl = &s->classes[k];

		html_printf(out, "<tr class=\"class\"><td colspan=\"4\"><strong>%s</strong> <span class=\"muted\">",
			    cl->name);
		if (!strcmp(cl->how, "static struct class"))
			html_printf(out, "static struct class %s", cl->var);
		else
			html_printf(out, "%s = class_create()", cl->var);
		html_printf(out, " &middot; <span class=\"mono\">%s:%u</span></span></td></tr>\n", cl->file, cl->line);
		if (!cl->nr_devices)
			fprintf(out, "<tr class=\"sysfs\"><td colspan=\"4\" class=\"empty\">no device of this class "
				     "was found</td></tr>\n");
		for (size_t i = 0; i < cl->nr_devices; i++) {
			const struct sysfs_device *d = &s->devices[cl->devices[i]];

			html_printf(out, "<tr class=\"sysfs\"><td><code>%s</code><div class=\"from\" title=\"%s\">%s:%u"
					 "</div></td><td class=\"paths mono\"><div><span class=\"tag\">before</span>%s</div>"
					 "<div><span class=\"tag\">after</span>%s</div><div><span class=\"tag\">&rarr;"
					 "</span>%s</div></td><td class=\"attrs\">",
				    d->name, d->how, d->file, d->line, d->before, d->link, d->after);
			attrs_cell(out, d);
			fprintf(out, "</td><td class=\"detail\">");
			for (size_t n = 0; n < d->notes.nr; n++) {
				html_put(out, d->notes.v[n]);
				if (n + 1 < d->notes.nr)
					fprintf(out, "<br>");
			}
			fprintf(out, "</td></tr>\n");
		}
	}
	fprintf(out, "</tbody></table>\n");
	html_notes(out, &s->notes);
	fprintf(out, "</section>\n");
}

static int patch(FILE *out, const struct report_patch *p, size_t index)
{
	struct strbuf text = STRBUF_INIT, msg = STRBUF_INIT;
	size_t adds = 0, dels = 0;
	char *line, *next, *diff;
	const char *base = strrchr(p->path, '/');

	if (strbuf_read_file(&text, p->path) < 0) {
		strbuf_release(&text);
		return error_errno("%s: cannot read the patch", p->path);
	}
	diff = strstr(text.buf, "\ndiff --git ");
	for (line = diff ? diff + 1 : NULL; line && *line; line = next) {
		next = strchr(line, '\n');
		next = next ? next + 1 : NULL;
		if (line[0] == '+' && line[1] != '+')
			adds++;
		else if (line[0] == '-' && line[1] != '-')
			dels++;
	}
	fprintf(out, "<details class=\"patch\"%s><summary><span class=\"chip r-no-rule\">", index ? "" : " open");
	html_put(out, p->subsystem[0] ? p->subsystem : "?");
	fprintf(out, "</span><strong>");
	html_put(out, base ? base + 1 : p->path);
	fprintf(out, "</strong><span>");
	html_put(out, p->subject);
	fprintf(out, "</span><span class=\"stat\"><span class=\"add-n\">+%zu</span> "
		     "<span class=\"del-n\">&minus;%zu</span></span></summary>\n", adds, dels);
	/* the commit message: after the header's blank line, up to the diffstat */
	{
		char *body = strstr(text.buf, "\n\n"), *end = strstr(text.buf, "\n---\n");

		if (body && end && end > body + 2) {
			strbuf_add(&msg, body + 2, (size_t)(end - body - 2));
			fprintf(out, "<pre class=\"msg\">");
			html_put(out, msg.buf);
			fprintf(out, "</pre>\n");
		}
	}
	fprintf(out, "<pre class=\"diff\">");
	for (line = diff ? diff + 1 : NULL; line && *line; line = next) {
		const char *cls = "";
		char *l;

		next = strchr(line, '\n');
		l = next ? xstrndup(line, (size_t)(next - line)) : xstrdup(line);
		next = next ? next + 1 : NULL;
		if (starts_with(l, "diff --git") || starts_with(l, "--- ") || starts_with(l, "+++ ") ||
		    starts_with(l, "index ") || starts_with(l, "new file") || starts_with(l, "deleted file"))
			cls = "m";
		else if (starts_with(l, "@@"))
			cls = "h";
		else if (l[0] == '+')
			cls = "a";
		else if (l[0] == '-')
			cls = "d";
		if (!strcmp(l, "-- ") && next && starts_with(next, "cdmigrate")) {
			free(l);
			break;
		}
		fprintf(out, "<span class=\"%s\">", cls);
		html_put(out, l[0] ? l : " ");
		fprintf(out, "</span>");
		free(l);
	}
	fprintf(out, "</pre></details>\n");
	strbuf_release(&text);
	strbuf_release(&msg);
	return 0;
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* A path that may break after each '/' in a narrow cell. */
static void put_path(FILE *out, const char *s)
{
	for (const char *slash; (slash = strchr(s, '/')); s = slash + 1) {
		char *part = xstrndup(s, (size_t)(slash - s) + 1);

		html_put(out, part);
		fprintf(out, "<wbr>");
		free(part);
	}
	html_put(out, s);
}

static void userspace(FILE *out, const struct userspace_report *r)
{
	fprintf(out, "<section id=\"userspace\"><h2>udev rules and scripts that change meaning "
		     "<span class=\"count\">%zu finding%s in %zu rule%s of %zu file%s and %zu script%s",
		r->nr, plural(r->nr, "", "s"), r->nr_rules, plural(r->nr_rules, "", "s"), r->rules_files,
		plural(r->rules_files, "", "s"), r->nr_scripts, plural(r->nr_scripts, "", "s"));
	if (r->warnings.nr)
		fprintf(out, ", %zu warning%s", r->warnings.nr, plural(r->warnings.nr, "", "s"));
	fprintf(out, "</span></h2>\n<p class=\"muted\">Read from");
	for (size_t i = 0; i < r->paths.nr; i++) {
		fprintf(out, "%s <code>", i ? "," : "");
		html_put(out, r->paths.v[i]);
		fprintf(out, "</code>");
	}
	fprintf(out, ". Each rule or script line below matches a device whose sysfs place or attributes the "
		     "conversion changes; the rewrite works on the converted kernel.</p>\n");
	if (!r->nr) {
		fprintf(out, "<p class=\"empty\">none: every rule and script keeps working</p>\n");
	} else {
		fprintf(out, "<table id=\"userspace-table\" class=\"fixed\"><colgroup><col style=\"width:17%%\">"
			     "<col style=\"width:15%%\"><col style=\"width:36%%\"><col style=\"width:32%%\"></colgroup>"
			     "<thead><tr><th>Where</th><th>Change</th><th>Rule and what changes</th>"
			     "<th>Rewrite</th></tr></thead><tbody>\n");
	}
	for (size_t i = 0; i < r->nr; i++) {
		const struct userspace_finding *f = &r->findings[i];
		char *loc = xstrfmt("%s:%u", f->file, f->line);

		fprintf(out, "<tr class=\"userspace\" data-change=\"%s\"><td class=\"loc\">",
			userspace_change_name(f->change));
		put_path(out, loc);
		html_printf(out, "<div class=\"from\">%s</div></td><td><span class=\"chip r-needs-human\">%s</span>"
				 "<div class=\"mono\">%s/%s</div><div class=\"from\">step %u %s</div></td><td>"
				 "<div class=\"mono\">%s</div><div class=\"muted\"><code>%s</code>: %s</div></td>"
				 "<td class=\"mono\">%s</td></tr>\n",
			    f->script ? "script" : "rule", userspace_change_name(f->change), f->class_name, f->device,
			    f->step, f->step_name, f->text, f->key, f->what, f->rewrite);
		free(loc);
	}
	if (r->nr)
		fprintf(out, "</tbody></table>\n");
	html_notes(out, &r->warnings);
	fprintf(out, "</section>\n");
}

static int write_html(FILE *out, const struct report *r)
{
	char *deletion = report_deletion_text(r);
	int possible = report_deletion_possible(r), rc = 0;

	fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
		     "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
		     "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
		     "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">"
		     "<title>");
	putf(out, "cdmigrate report: %s", r->tree_path);
	fprintf(out, "</title>\n<style>%s</style></head>\n<body>\n", css);
	fprintf(out, "<header><h1>cdmigrate report <span class=\"tree\">");
	html_put(out, r->tree_path);
	fprintf(out, "</span></h1><span class=\"verdict %s\">", possible ? "yes" : "no");
	putf(out, "step 70: %s", deletion);
	fprintf(out, "</span></header>\n<main>\n");
	summary(out, r);
	residual(out, r);
	failures(out, r);
	exports(out, r);
	sysfs(out, r);
	if (r->userspace.checked)
		userspace(out, &r->userspace);
	if (r->nr_patches) {
		fprintf(out, "<section id=\"series\"><h2>The series <span class=\"count\">%zu patch%s</span></h2>\n",
			r->nr_patches, r->nr_patches == 1 ? "" : "es");
		for (size_t i = 0; i < r->nr_patches; i++)
			if (patch(out, &r->patches[i], i) < 0)
				rc = -1;
		fprintf(out, "</section>\n");
	}
	fprintf(out, "</main>\n<footer>cdmigrate %s</footer>\n<script>%s</script>\n</body></html>\n",
		PACKAGE_VERSION, script);
	free(deletion);
	return rc;
}

const struct writer writer_html = {
	"html",
	"one self-contained page (open it from disk); the URL\n"
	"fragment #subsystem=X&reason=Y sets its filters\n",
	write_html,
};
