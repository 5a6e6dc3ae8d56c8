/// Convert the users of struct class_device to struct device.  The type
/// becomes struct device everywhere (members, pointers, parameters, return
/// types, casts, sizeof) and struct class_device_attribute becomes struct
/// device_attribute.  The calls follow: class_device_register, _unregister,
/// _initialize, _add, _del, _destroy, _rename, _create_file, _remove_file,
/// _create_bin_file and _remove_bin_file become their device_* namesakes,
/// class_device_get/_put become get_device/put_device, class_get_devdata and
/// class_set_devdata become dev_get_drvdata and dev_set_drvdata, and
/// to_class_dev(kobj) becomes container_of(kobj, struct device, kobj).
/// class_device_create(cls, cd_parent, devt, device, fmt, ...) becomes
/// device_create(cls, parent, devt, fmt, ...): parent is device when
/// cd_parent is NULL, otherwise cd_parent (now a struct device) and device
/// is dropped: when both were given the class-device parent wins.
/// CLASS_DEVICE_ATTR becomes DEVICE_ATTR and class_device_attr_<x> becomes
/// dev_attr_<x>, also inside a subsystem macro whose body is an expression
/// pasting class_device_attr_##name.  Every show/store callback (a function
/// named by an attribute, or ssize_t f(struct class_device *, char *) and
/// ssize_t f(struct class_device *, const char *, size_t)) gains a struct
/// device_attribute * second parameter, called attr, or dattr where the
/// function already uses the name attr; its prototypes follow, and its
/// direct callers pass their own attribute parameter, or NULL.  An
/// attribute named like an entry every struct device already has (power,
/// uevent, dev, subsystem, device, driver) is renamed <file>_<name> after
/// the file that defines it (power in lcd.c becomes lcd_power): its sysfs
/// name changes.  Fields: cd->class_data is read with dev_get_drvdata() and
/// set with dev_set_drvdata() (.driver_data in a static initializer),
/// class_id becomes bus_id and dev (the physical device) becomes parent;
/// class, devt, kobj, parent and release keep their names.  In struct
/// class, release becomes dev_release, hotplug and uevent become
/// dev_uevent, class_dev_attrs becomes dev_attrs and children becomes
/// devices, in initializers (also of a struct class member of a structure
/// defined in the same run) and at run time.
//
// Order: 40 (class-device-to-device)
// Requires: 30 (struct device has class and devt, device_create() exists,
//   struct class has dev_attrs, dev_uevent and dev_release); 10 has run, so
//   the class fields it assigns after class_create() are renamed here.
// Options: --include-headers --all-includes --include-headers-for-types.
//   Headers with a trigger token are candidates of their own and are
//   changed there, once; the headers a .c file includes are read for types
//   only: f->cdev.dev is known to be a class device's field only through
//   the header that declares struct f.
// Leaves:
//   - for the C rewriter (the rules never touch these, not even the
//     struct class_device inside them): a #define that defines or declares
//     a callback whose name is pasted with ##; a #define pasting
//     class_device_attr_## whose body is not one expression (statements,
//     do-while, declarations) or holds non-ASCII bytes; a function whose
//     name is built by a macro (UART_SHOW(x)(struct class_device *cd, ...):
//     spatch sees through the macro on its first parse only, so converting
//     it would take two runs); a struct carrying
//     __attribute__((aligned(...))), which spatch cannot parse;
//   - for a human (the report): a class_data assignment used as a value and
//     &cd->class_data; cd->hotplug/uevent per device (struct device has no
//     such field); a class device release that kfree()s its container; a
//     struct class member initialized in a structure defined outside the
//     run or by a macro (transport classes: DECLARE_TRANSPORT_CLASS); a
//     callback reached only through a subsystem's own function-pointer
//     type; a call of a converted callback from a file that sees only its
//     prototype; a clashing attribute referenced from a file other than
//     the one defining it, outside the run; a file that uses a class
//     device's fields through a header but has no trigger token;
//   - for step 70: the driver core itself, drivers/base/class.c and
//     include/linux/device.h, which no rule touches.
//
// Implementation: one file on purpose.  spatch re-parses a file after each
// rule that changed it, so the rules run in order on each other's output
// and the step costs one parse and one Python start per run.  Callbacks and
// fields are recognised by their struct class_device type, so the type
// itself is renamed last.

@initialize:python@
@@
import os
import re

# Entries every struct device already has in its sysfs directory.
CLASH = ("power", "uevent", "dev", "subsystem", "device", "driver")

# A file changed by a rule is re-parsed from a temporary copy named
# cocci_small_output-<pid>-<hex>-<original name>; positions then name the copy.
TMP_PREFIX = re.compile(r"^cocci_(?:small_)?output-\d+-[0-9a-f]+-")

# A #define that defines (or declares) a function whose name is pasted with ##.
PASTED_FN = re.compile(r"##\s*\w+(?:\s*##\s*\w+)*\s*\([^()]*\)\s*\{"
                       r"|##\s*\w+(?:\s*##\s*\w+)*\s*\(\s*(?:const\s+)?"
                       r"struct\s+class_device\b")
PASTED_ATTR = re.compile(r"\bclass_device_attr_\w*\s*##")

# The SmPL lexer does not take a backslash escape in a Python string.
BACKSLASH = chr(92)
CR = chr(13)

_defines = {}
_literal = {}
# Functions are keyed (file name, function) when static, by name otherwise,
# so that a static function of one file never stands for one of another file.
taken = set()     # functions whose new parameter cannot be called attr
statics = set()   # (file name, function) of the static functions
cbref = set()     # (file name, name) of the show/store of an attribute
cbshow = set()    # show callbacks given the new parameter in this run
cbstore = set()   # store callbacks given the new parameter in this run
clash_stem = {}   # clashing attribute name -> stems of the files defining it

def base(path):
    return TMP_PREFIX.sub("", os.path.basename(path))

def stem(path):
    s = os.path.splitext(base(path))[0]
    s = re.sub(r"\W", "_", s)
    if not s or s[0].isdigit():
        s = "attr_" + s
    return s

def _read(path):
    # Latin-1 maps each byte to one character, so that columns (byte
    # offsets for spatch) index the text whatever the encoding of the file.
    with open(path, encoding="latin-1") as fh:
        return fh.read().split("\n")

def _file(path):
    """(#define spans left to the C rewriter, text) of the file at path."""
    st = os.stat(path)
    key = (path, st.st_mtime, st.st_size)
    if key not in _defines:
        lines = _read(path)
        spans = []
        i = 0
        while i < len(lines):
            if re.match(r"\s*#\s*define\b", lines[i]):
                j = i
                while (lines[j].rstrip(CR).endswith(BACKSLASH) and
                       j + 1 < len(lines)):
                    j += 1
                text = " ".join(l.rstrip(CR).rstrip(BACKSLASH)
                                for l in lines[i:j + 1])
                if PASTED_FN.search(text) or PASTED_ATTR.search(text):
                    spans.append((i + 1, j + 1))
                i = j
            i += 1
        _defines[key] = (spans, "\n".join(lines))
    return _defines[key]

def untouchable(p):
    """True inside what is left whole to the C rewriter: a #define that
    defines a callback with a pasted name or pastes class_device_attr_##,
    or a function whose name is built by a macro (spatch expands the macro
    on a first parse only, so a rule after another would miss it)."""
    spans, text = _file(p[0].file)
    line = int(p[0].line)
    for first, last in spans:
        if first <= line <= last:
            return True
    fn = p[0].current_element
    if fn and fn != "something_else":
        key = (p[0].file, fn)
        if key not in _literal:
            _literal[key] = re.search(r"(?<![A-Za-z0-9_])" + re.escape(fn) +
                                      r"(?![A-Za-z0-9_])", text) is not None
        return not _literal[key]
    return False

def text_of(p):
    lines = _read(p[0].file)
    l0, c0 = int(p[0].line), int(p[0].column)
    l1, c1 = int(p[0].line_end), int(p[0].column_end)
    if l0 == l1:
        return lines[l0 - 1][c0:c1]
    return "\n".join([lines[l0 - 1][c0:]] + lines[l0:l1 - 1] +
                     [lines[l1 - 1][:c1]])

def pasted_expr(p):
    t = text_of(p)
    if any(ord(c) > 127 for c in t):
        return False    # not rewritten as text: its bytes would not survive
    return PASTED_ATTR.search(t) is not None and not PASTED_FN.search(t)

def convert_text(t):
    t = re.sub(r"\bclass_device_attr_", "dev_attr_", t)
    t = re.sub(r"\bstruct(\s+)class_device_attribute\b",
               r"struct\1device_attribute", t)
    t = re.sub(r"\bstruct(\s+)class_device\b", r"struct\1device", t)
    return t

def key(f, p):
    k = (base(p[0].file), f)
    return k if k in statics else f

def attr_param(f, p):
    if (base(p[0].file), f) in taken:
        return "dattr"
    return "attr"

def show_param(f, p):
    """Name of the parameter a show callback f gains; remembers f."""
    cbshow.add(key(f, p))
    return attr_param(f, p)

def store_param(f, p):
    """Name of the parameter a store callback f gains; remembers f."""
    cbstore.add(key(f, p))
    return attr_param(f, p)

def called(g, p, callbacks):
    """Is g, called at p, one of the callbacks?"""
    return (base(p[0].file), g) in callbacks or g in callbacks

def clash_name(n, p):
    """New name of a clashing attribute n referenced or defined at p."""
    own = stem(p[0].file)
    stems = clash_stem.get(n, set())
    if own in stems or len(stems) != 1:
        return own + "_" + n
    return next(iter(stems)) + "_" + n

def dev_attr(i, p):
    n = i[len("class_device_attr_"):]
    if n in CLASH:
        n = clash_name(n, p)
    return "dev_attr_" + n

// ---------------------------------------------------------------------------
// A subsystem macro whose body is one expression pasting class_device_attr_##:
// spatch cannot match a pasted name, so the body is rewritten as text.

@attr_paste depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier m;
expression E;
position p : script:python() { pasted_expr(p) };
@@
#define m(...) E@p

@script:python attr_paste_text@
p << attr_paste.p;
t;
@@
coccinelle.t = convert_text(text_of(p))

@attr_paste_apply@
identifier attr_paste.m;
expression attr_paste.E;
position attr_paste.p;
identifier attr_paste_text.t;
@@
#define m(...)
- E@p
+ t

// ---------------------------------------------------------------------------
// Show/store callbacks.  First what the new parameter may be called, and which
// functions attributes name as callbacks whatever they return.

@cb_ref depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
declarer name CLASS_DEVICE_ATTR;
identifier n, a;
expression m, s, st;
position p;
@@
(
CLASS_DEVICE_ATTR@p(n, m, s, st);
|
struct class_device_attribute a[] = { ..., __ATTR@p(n, m, s, st), ... };
)

@script:python@
s << cb_ref.s;
st << cb_ref.st;
p << cb_ref.p;
@@
cbref.add((base(p[0].file), s))
cbref.add((base(p[0].file), st))

@cb_static depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
position p;
@@
static f@p(...) { ... }

@script:python@
f << cb_static.f;
p << cb_static.p;
@@
statics.add((base(p[0].file), f))

@attr_is_param depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
position p;
type T;
symbol attr;
@@
f@p(..., T attr, ...) { ... }

@script:python@
f << attr_is_param.f;
p << attr_is_param.p;
@@
taken.add((base(p[0].file), f))

@attr_is_used depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
position p;
symbol attr;
@@
f@p(...) { <+... attr ...+> }

@script:python@
f << attr_is_used.f;
p << attr_is_used.p;
@@
taken.add((base(p[0].file), f))

@attr_is_local depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
position p;
type T;
symbol attr;
@@
f@p(...) { <+... T attr; ...+> }

@script:python@
f << attr_is_local.f;
p << attr_is_local.p;
@@
taken.add((base(p[0].file), f))

@attr_is_local_init depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
position p;
type T;
expression E;
symbol attr;
@@
f@p(...) { <+... T attr = E; ...+> }

@script:python@
f << attr_is_local_init.f;
p << attr_is_local_init.p;
@@
taken.add((base(p[0].file), f))

// The callbacks: ssize_t f(struct class_device *, char *) shows and
// ssize_t f(struct class_device *, const char *, size_t) stores, and any
// function an attribute names as its show or store with those parameters.

@cb_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, buf;
position p : script:python() { not untouchable(p) };
fresh identifier a = script:python(f, p) { show_param(f, p) };
@@
ssize_t f@p(struct class_device *cd,
+ struct device_attribute *a,
  char *buf)
  { ... }

@cb_show_ref depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
position p : script:python() { not untouchable(p) };
identifier f : script:python(p) { (base(p[0].file), f) in cbref };
identifier cd, buf;
type T;
fresh identifier a = script:python(f, p) { show_param(f, p) };
@@
T f@p(struct class_device *cd,
+ struct device_attribute *a,
  char *buf)
  { ... }

@cb_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, buf, count;
position p : script:python() { not untouchable(p) };
type C;
fresh identifier a = script:python(f, p) { store_param(f, p) };
@@
ssize_t f@p(struct class_device *cd,
+ struct device_attribute *a,
  const char *buf, C count)
  { ... }

@cb_store_ref depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
position p : script:python() { not untouchable(p) };
identifier f : script:python(p) { (base(p[0].file), f) in cbref };
identifier cd, buf, count;
type T, C;
fresh identifier a = script:python(f, p) { store_param(f, p) };
@@
T f@p(struct class_device *cd,
+ struct device_attribute *a,
  const char *buf, C count)
  { ... }

@cb_proto_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, buf;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *attr,
  char *buf);

@cb_proto_show_anon depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
@@
ssize_t f(struct class_device *,
+ struct device_attribute *,
  char *);

@cb_proto_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, cd, buf, count;
type C;
@@
ssize_t f(struct class_device *cd,
+ struct device_attribute *attr,
  const char *buf, C count);

@cb_proto_store_anon depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f;
type C;
@@
ssize_t f(struct class_device *,
+ struct device_attribute *,
  const char *, C);

// Direct calls of a converted callback: the caller's own attribute, or NULL.

@cb_call_show depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, a;
position p;
identifier g : script:python(p) { called(g, p, cbshow) };
expression E1, E2;
@@
f(..., struct device_attribute *a, ...)
{
<...
  g@p(E1
+ , a
  , E2)
...>
}

@cb_call_store depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier f, a;
position p;
identifier g : script:python(p) { called(g, p, cbstore) };
expression E1, E2, E3;
@@
f(..., struct device_attribute *a, ...)
{
<...
  g@p(E1
+ , a
  , E2, E3)
...>
}

@cb_call_show_null depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression E1, E2;
position p : script:python() { not untouchable(p) };
identifier g : script:python(p) { called(g, p, cbshow) };
@@
  g@p(E1
+ , NULL
  , E2)

@cb_call_store_null depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression E1, E2, E3;
position p : script:python() { not untouchable(p) };
identifier g : script:python(p) { called(g, p, cbstore) };
@@
  g@p(E1
+ , NULL
  , E2, E3)

// Code that calls an attribute's own show/store pointer.

@cb_call_pointer depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
struct class_device_attribute *a;
expression E1, E2, E3;
position p : script:python() { not untouchable(p) };
@@
(
  a->show@p(E1
+ , a
  , E2)
|
  a->store@p(E1
+ , a
  , E2, E3)
)

// ---------------------------------------------------------------------------
// Attributes: CLASS_DEVICE_ATTR -> DEVICE_ATTR, class_device_attr_x ->
// dev_attr_x; a name every device already has gets the file's stem.

@attr_decl depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
declarer name CLASS_DEVICE_ATTR, DEVICE_ATTR;
@@
- CLASS_DEVICE_ATTR
+ DEVICE_ATTR
  (...);

// ---------------------------------------------------------------------------
// Fields of the class device.  struct device has no class_data, class_id or
// dev member, so the same accesses through a pointer already retyped (a
// header converted with another subsystem) are leftovers of the same kind.

@class_data_set depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
expression v;
position p : script:python() { not untouchable(p) };
@@
(
- e->class_data@p = v;
+ dev_set_drvdata(e, v);
|
- s.class_data@p = v;
+ dev_set_drvdata(&s, v);
)

@class_data_get depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
expression v;
position p : script:python() { not untouchable(p) };
@@
(
  e->class_data = v
|
  &e->class_data
|
  s.class_data = v
|
  &s.class_data
|
- e->class_data@p
+ dev_get_drvdata(e)
|
- s.class_data@p
+ dev_get_drvdata(&s)
)

@class_id depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
position p : script:python() { not untouchable(p) };
@@
(
  e->
- class_id@p
+ bus_id
|
  s.
- class_id@p
+ bus_id
)

@dev_to_parent depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
{struct class_device *, struct device *} e;
{struct class_device, struct device} s;
position p : script:python() { not untouchable(p) };
@@
(
  e->
- dev@p
+ parent
|
  s.
- dev@p
+ parent
)

@init_class_id depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier x;
expression E;
@@
struct class_device x = {
- .class_id
+ .bus_id
  = E,
};

@init_dev depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier x;
expression E;
@@
struct class_device x = {
- .dev
+ .parent
  = E,
};

@init_class_data depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier x;
expression E;
@@
struct class_device x = {
- .class_data
+ .driver_data
  = E,
};

// ---------------------------------------------------------------------------
// The class_device fields of struct class.

@class_init_release depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .release
+ .dev_release
  = E,
};

@class_init_hotplug depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .hotplug
+ .dev_uevent
  = E,
};

@class_init_uevent depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .uevent
+ .dev_uevent
  = E,
};

@class_init_attrs depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier c;
expression E;
@@
struct class c = {
- .class_dev_attrs
+ .dev_attrs
  = E,
};

// A struct class member of a bigger structure defined in the run (a driver's
// own class wrapper): its nested initializer.

@class_member depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier T, f;
@@
struct T { ... struct class f; ... };

@class_member_release depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .release
+ .dev_release
  = E,
  },
};

@class_member_hotplug depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .hotplug
+ .dev_uevent
  = E,
  },
};

@class_member_uevent depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .uevent
+ .dev_uevent
  = E,
  },
};

@class_member_attrs depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
identifier class_member.T, class_member.f, x;
expression E;
@@
struct T x = { .f = {
- .class_dev_attrs
+ .dev_attrs
  = E,
  },
};

@class_fields depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
struct class *c;
struct class s;
position p : script:python() { not untouchable(p) };
@@
(
  c->
- release@p
+ dev_release
|
  s.
- release@p
+ dev_release
|
  c->
- hotplug@p
+ dev_uevent
|
  s.
- hotplug@p
+ dev_uevent
|
  c->
- uevent@p
+ dev_uevent
|
  s.
- uevent@p
+ dev_uevent
|
  c->
- class_dev_attrs@p
+ dev_attrs
|
  s.
- class_dev_attrs@p
+ dev_attrs
|
  c->
- children@p
+ devices
|
  s.
- children@p
+ devices
)

// ---------------------------------------------------------------------------
// Calls.

@create depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression cls, parent, devt, device;
expression list args;
position p : script:python() { not untouchable(p) };
@@
(
- class_device_create@p(cls, \(NULL\|0\), devt, device, args)
+ device_create(cls, device, devt, args)
|
- class_device_create@p(cls, parent, devt, device, args)
+ device_create(cls, parent, devt, args)
)

@calls depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression list args;
position p : script:python() { not untouchable(p) };
@@
(
- class_device_destroy@p
+ device_destroy
|
- class_device_register@p
+ device_register
|
- class_device_unregister@p
+ device_unregister
|
- class_device_initialize@p
+ device_initialize
|
- class_device_add@p
+ device_add
|
- class_device_del@p
+ device_del
|
- class_device_get@p
+ get_device
|
- class_device_put@p
+ put_device
|
- class_device_rename@p
+ device_rename
|
- class_device_create_file@p
+ device_create_file
|
- class_device_remove_file@p
+ device_remove_file
|
- class_device_create_bin_file@p
+ device_create_bin_file
|
- class_device_remove_bin_file@p
+ device_remove_bin_file
|
- class_get_devdata@p
+ dev_get_drvdata
|
- class_set_devdata@p
+ dev_set_drvdata
)
  (args)

@to_class_dev depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
expression k;
position p : script:python() { not untouchable(p) };
@@
- to_class_dev@p(k)
+ container_of(k, struct device, kobj)

// ---------------------------------------------------------------------------
// Types, last: everything above recognised the class device by its type.

@type_attribute depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
position p : script:python() { not untouchable(p) };
@@
- struct class_device_attribute@p
+ struct device_attribute

@type_device depends on !(file in "drivers/base/class.c") && !(file in "include/linux/device.h")@
position p : script:python() { not untouchable(p) };
@@
- struct class_device@p
+ struct device
