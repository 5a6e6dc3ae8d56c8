/*
 * macro-body.h: the uses of the class_device API no parse sees.
 *
 * A #define body is not code until it is expanded: a header that defines
 * a macro its users expand (class_device_attr_##name in a transport class)
 * has no cursor for what the body names.  Each such token becomes a site
 * of kind macro-body (site.h), so that no use goes missing.
 */
#ifndef CDMIGRATE_MACRO_BODY_H
#define CDMIGRATE_MACRO_BODY_H

#include "analyze/site.h"
#include "base/util.h"

/*
 * Add to `sites` a macro-body site for each identifier holding a needle of
 * the class_device API (lexscan.h) in the body of a #define of text (len
 * bytes, the content of `file`), unless the macro is one of `expanded`
 * (expanded in the file itself: the parse saw what it writes) or the line
 * already has a site in `sites`.  The class_device implementation's files
 * (kernel_is_class_device_core) define the API: they get none.  One site per line; symbol: the identifier; verdict
 * manual; reason "macro body of <NAME>: no parse sees it".
 */
void macro_body_sites(const char *file, const char *text, size_t len,
		      const struct strvec *expanded, struct site_list *sites);

#endif
