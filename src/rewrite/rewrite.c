#include "rewrite/rewrite.h"
#include "rewrite/aligned-structs.h"
#include "rewrite/api-names.h"
#include "rewrite/attr-names.h"
#include "rewrite/callback-callers.h"
#include "rewrite/class-initializer.h"
#include "rewrite/core-text.h"
#include "rewrite/delete-class-device.h"
#include "rewrite/err-include.h"
#include "rewrite/interface-callbacks.h"
#include "rewrite/macro-callbacks.h"
#include "rewrite/macro-members.h"
#include "rewrite/member-users.h"
#include "rewrite/unused-exports.h"
#include "rewrite/virtual-bus.h"
#include "rewrite/virtual-parent.h"

#include <string.h>

/*
 * The registry.  Passes live in their own files (<name>.c) and are
 * listed here once they exist; the manifest may name passes before that.
 */
static const struct rewrite_pass passes[] = {
	{ "pasted-macros", rewrite_macro_callbacks_pasted },
	{ "attr-names", rewrite_attr_names },
	{ "macro-callbacks", rewrite_macro_callbacks },
	{ "macro-members", rewrite_macro_members },
	{ "member-users", rewrite_member_users },
	{ "aligned-structs", rewrite_aligned_structs },
	{ "api-names", rewrite_api_names },
	{ "callback-callers", rewrite_callback_callers },
	{ "unused-exports", rewrite_unused_exports },
	{ "virtual-parent", rewrite_virtual_parent },
	{ "delete-class-device", rewrite_delete_class_device },
	{ "class-initializer", rewrite_class_initializer },
	{ "err-include", rewrite_err_include },
	{ "core-text", rewrite_core_text },
	{ "virtual-bus", rewrite_virtual_bus },
	{ "virtual-bus-markers", rewrite_virtual_bus_markers },
	{ "interface-callbacks", rewrite_interface_callbacks },
	{ NULL, NULL },
};

const struct rewrite_pass *rewrite_find(const char *name)
{
	for (size_t i = 0; passes[i].name; i++)
		if (!strcmp(passes[i].name, name))
			return &passes[i];
	return NULL;
}
