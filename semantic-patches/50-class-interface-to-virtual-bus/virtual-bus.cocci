/// Tell the users of a class's interfaces of its devices through a virtual
/// bus, as the USB serial core does with its ports (the default of step 50;
/// --interface=callbacks keeps class_interface instead).
///
/// The file that defines the class (its owner) gains <p>_bus_type, where <p>
/// is the class's identifier without "_class" (in sysfs the bus is the
/// class's name with "_bus": /sys/bus/scsi_host_bus).  Each device of the
/// class gets a mirror on it, a child that no driver binds, and one twin per
/// driver of the bus, which only that driver binds: the driver core probes a
/// driver with its twin when either appears and removes it when either goes.
/// Its drivers are struct <p>_bus_driver, which embeds a struct
/// device_driver and keeps the interface's add() and remove(), called with
/// the device of the class as class_device_add() and class_device_del()
/// called them.  The bus is registered right after the class, with an error
/// path, and unregistered before it; <p>_bus_add_device() follows every
/// registration of a device of the class (device_register(), device_add(),
/// device_create()) and <p>_bus_del_device() precedes its removal
/// (<p>_bus_del_devt() before device_destroy());
/// <p>_bus_register_driver() and <p>_bus_unregister_driver() take the
/// place of class_interface_register() and class_interface_unregister(),
/// also inside a function of the subsystem that registered its interfaces
/// with the class (rtc_interface_register()).  Where the class is declared
/// extern, or else that function, the driver struct and these functions are
/// declared before it in its header; without such a declaration they are
/// static to the owner's file.
///
/// Each struct class_interface becomes a struct <p>_bus_driver called
/// <name>_driver instead of <name>_interface (<name> is also the driver's
/// name), loses its class, and its callbacks take the driver instead of the
/// interface as second parameter.
//
// Order: 50 (class-interface-to-virtual-bus), default variant.
// Requires: 40 (the devices of the class are struct device: add() and
//  remove() take a struct device *, E.class = cls marks them); 10 has run
//  (the class is a static object only when step 10 left it alone).
// Options: --include-headers.  The owner of the class, its header and the
//  files of its interfaces must be in one spatch run (one subsystem): the
//  rules follow the class from the interface to its owner by name.
// Leaves (the class and its interfaces are left unchanged, the report keeps
//  their class-interface sites):
//   - an interface whose class is not named in its initializer, by an
//     assignment "intf.class = &cls;" or by a register function of the
//     subsystem ("p->class = cls; return class_interface_register(p);"),
//     or whose owner is not in the run (another subsystem, or the kernel
//     out of tree): the bus must live with the class;
//   - an interface used otherwise than registered, unregistered, given its
//     class or passed to that function (a table of interfaces, a macro);
//     an interface declared without an initializer;
//   - a class registered in a shape these rules do not know: for a static
//     class other than "ret = class_register(&cls);" followed by "if (ret)"
//     and "return E;", "goto label;" or a block (repeated for the bus, after
//     class_unregister()), and for a class_create()d one other than
//     "cls = class_create(...);" followed by "if (IS_ERR(cls))" and
//     "return PTR_ERR(cls);", "goto label;", "{ err = PTR_ERR(cls); goto
//     label; }" or "{ S return PTR_ERR(cls); }" (S repeated for the bus);
//     or registered more than once;
//   - a class whose devices are registered in a shape other than
//     "ret = device_register(&E); if (ret) S" (device_add likewise) after
//     "E.class = cls", or "E = device_create(cls, ...); ... if (IS_ERR(E))
//     S"; or not registered in the run at all;
//   - a class whose devices may be removed through an expression other than
//     the one that marks them (device_del(&x->f) where "y->f.class = cls"):
//     the removal could not tell the drivers;
//   - a class whose owner already has names starting with <p>_bus_ (a bus
//     made by an earlier run: an interface added since is left);
//   - a class whose name in class_create() is not a string literal.
//  For a human to review where it applies: a failed add() no longer earns a
//  remove() (the old core called remove() for every interface); a device of
//  the class whose mirror cannot be made (no memory) is not seen by the
//  drivers, as an interface's failed add() was ignored before; each device
//  of the class gets a mirror and one twin per driver, children of its
//  directory in sysfs, and the bus is /sys/bus/<class name>_bus; a block
//  that handled the failure of class_register() or class_create() is
//  repeated for the bus, so its messages may need rewording; a device
//  removed through another name than the one that registered it (found only
//  by field name); comments that name an interface by its old name; lines
//  past 80 columns when <p> is long.

@initialize:python@
@@
import re

# interface -> class, from its initializer and from run-time assignments
cdm_iface_class = {}
# class -> reason it is left alone
cdm_left = {}
# class -> facts about its owner
cdm_owner = {}
# class -> (owner file, static?, files of its header) once it is converted
cdm_plan = {}
# class -> files that declare it extern
cdm_extern = {}
# class -> registration shapes found (position strings)
cdm_reg = {}
cdm_reg_known = {}
# class -> device registrations found / in a known shape
cdm_devreg = {}
cdm_devreg_known = {}
# classes made in a function that already has "int err"
cdm_has_err = set()
# class -> its devices (E of "E.class = cls"), without blanks
cdm_devs = {}
# every device removed with device_unregister(&X) or device_del(&X)
cdm_dels = set()
# files an interface name appears in (to check the new name is free)
cdm_iface_files = {}
# interface -> positions of its uses, and of the uses the rules convert
cdm_iface_uses = {}
cdm_iface_known = {}
# a function of the subsystem that sets an interface's class and registers
# it (rtc_interface_register()): name -> class; class -> its prototypes
cdm_helper = {}
cdm_helper_proto = {}
# identifier -> the EXPORT_SYMBOL macro that exports it
cdm_exported = {}
# class -> device_create() calls, all and in a known shape
cdm_devcreate = {}
cdm_devcreate_known = {}
# classes whose devices are removed with device_destroy()
cdm_devt = set()
# every device removed with device_unregister(X) or device_del(X)
cdm_dels_ptr = set()
# file -> {"device": line, "module": line} of those #includes
cdm_includes = {}


# what a rule of a case that does not apply matches instead of a name: no
# code uses it.  (cocci.include_match(False) would also drop the bindings
# of other rules that later rules combine with, so it is never used.)
CDM_NONE = "cdm_no_such_identifier"
# comment delimiters, spelled so that spatch reads no comment in this script
CDM_OPEN = "/" + "*"
CDM_OPEN_DOC = "/" + "**"
CDM_CLOSE = " *" + "/"
# a backslash: spatch misreads one before a closing quote
CDM_BS = chr(92)


def cdm_prefix(c):
    return c[:-len("_class")] if c.endswith("_class") and len(c) > 6 else c


def cdm_stem(i):
    for suffix in ("_interface", "_intf"):
        if i.endswith(suffix) and len(i) > len(suffix):
            return i[:-len(suffix)]
    return i


def cdm_text(path):
    try:
        with open(path, errors="replace") as fp:
            return fp.read()
    except OSError:
        return ""


def cdm_needs_slab(path):
    """The file of a converted class that does not include <linux/slab.h>."""
    owners = set(plan[0] for plan in cdm_plan.values())
    return (path in owners and
            not re.search(r"#\s*include\s*<linux/slab\.h>", cdm_text(path)))


def cdm_where(p):
    return "%s:%s:%s" % (p[0].file, p[0].line, p[0].column)


def cdm_leave(c, why):
    cdm_left.setdefault(c, why)


def cdm_proto(ret, name, params, end=""):
    """A prototype wrapped after a comma, aligned under the parenthesis."""
    head = "%s%s(" % (ret, name)
    line = head + ", ".join(params) + ")" + end
    if len(line.expandtabs()) <= 80:
        return line
    if len(params) == 1 and not ret.startswith("\t"):
        return ret.rstrip() + "\n" + name + "(" + params[0] + ")" + end
    out, cur = [], head
    tabs, spaces = divmod(len(head.expandtabs()), 8)
    indent = "\t" * tabs + " " * spaces
    for i, p in enumerate(params):
        piece = p + (", " if i < len(params) - 1 else ")" + end)
        wide = len((cur + piece).rstrip().expandtabs()) > 80
        if cur != head and cur != indent and wide:
            out.append(cur.rstrip())
            cur = indent
        cur += piece
    out.append(cur)
    return "\n".join(out)


def cdm_local(decl, init):
    """A local variable with its initial value, split when too long."""
    line = "\t%s = %s;" % (decl, init)
    if len(line.expandtabs()) <= 80:
        return [line, ""]
    var = decl.split()[-1].lstrip("*")
    return ["\t%s;" % decl, "", "\t%s = %s;" % (var, init)]


def cdm_members(n):
    """The members of the driver struct."""
    drv = "struct %(T)s *drv" % n
    return [cdm_proto("\tint (*add)", "", ["struct device *dev", drv], ";"),
            cdm_proto("\tvoid (*remove)", "", ["struct device *dev", drv], ";"),
            "\tstruct device_driver driver;"]


def cdm_names(c):
    p = cdm_prefix(c)
    return {"P": p, "C": c, "T": p + "_bus_driver", "B": p + "_bus_type",
            "REG": p + "_bus_register_driver",
            "UNREG": p + "_bus_unregister_driver",
            "ADD": p + "_bus_add_device", "DEL": p + "_bus_del_device",
            "DELT": p + "_bus_del_devt"}


def cdm_header(c, devt):
    """The declarations for the header of the class, after its extern."""
    n = cdm_names(c)
    out = ["%(T)s {" % n] + cdm_members(n) + [
        "};",
        "",
        "extern struct bus_type %(B)s;" % n,
        cdm_proto("extern int ", n["REG"], ["struct %(T)s *" % n], ";"),
        cdm_proto("extern void ", n["UNREG"], ["struct %(T)s *" % n], ";"),
        cdm_proto("extern void ", n["ADD"], ["struct device *"], ";"),
        cdm_proto("extern void ", n["DEL"], ["struct device *"], ";")]
    if devt:
        out += [cdm_proto("extern void ", n["DELT"], ["dev_t"], ";")]
    # the caller writes the last semicolon
    out[-1] = out[-1][:-1]
    return "\n".join(out)


def cdm_block(c, static, export, name, devt):
    """The bus, for the file of the owner, after the definition of the class."""
    n = dict(cdm_names(c))
    n["static"] = "static " if static else ""
    n["name"] = name
    drv = "struct %(T)s *drv" % n
    if static:
        # no header declares the class: the driver struct comes first here
        out = cdm_header(c, devt).split("\n\n")[0].split("\n")
        out += ["", "struct %(P)s_bus_dev {" % n]
    else:
        out = ["%(P)s_bus_dev {" % n]
    out += [
        "\tstruct device\t\tdev;",
        "\tstruct %(T)s\t*drv;\t/* NULL: the mirror */" % n,
        "};",
        "",
        "#define to_%(P)s_bus_dev(d) " % n + CDM_BS,
        "\tcontainer_of(d, struct %(P)s_bus_dev, dev)" % n,
        "#define to_%(T)s(d) " % n + CDM_BS,
        "\tcontainer_of(d, struct %(T)s, driver)" % n,
        ""]
    if static:
        out += ["static struct bus_type %(B)s;" % n, ""]
    out += [
        "/* devices and drivers come and go one at a time */",
        "static DECLARE_MUTEX(%(P)s_bus_sem);" % n,
        "/* twins made so far: the first part of their names, unique */",
        "static unsigned int %(P)s_bus_twins;" % n,
        "",
        cdm_proto("static int ", n["P"] + "_bus_match",
                  ["struct device *dev", "struct device_driver *drv"]),
        "{",
        "\tstruct %(P)s_bus_dev *bdev = to_%(P)s_bus_dev(dev);" % n,
        "",
        "\treturn bdev->drv && &bdev->drv->driver == drv;",
        "}",
        "",
        "static int %(P)s_bus_probe(struct device *dev)" % n,
        "{"] + cdm_local(drv, "to_%(P)s_bus_dev(dev)->drv" % n) + [
        "\treturn drv->add ? drv->add(dev->parent, drv) : 0;",
        "}",
        "",
        "static int %(P)s_bus_remove(struct device *dev)" % n,
        "{"] + cdm_local(drv, "to_%(P)s_bus_dev(dev)->drv" % n) + [
        "\tif (drv->remove)",
        "\t\tdrv->remove(dev->parent, drv);",
        "\treturn 0;",
        "}",
        "",
        "static void %(P)s_bus_release(struct device *dev)" % n,
        "{",
        "\tkfree(to_%(P)s_bus_dev(dev));" % n,
        "}",
        "",
        CDM_OPEN,
        " * Put the mirror of cdev (drv NULL) or its twin for drv on the bus.  A",
        " * failure is reported and otherwise ignored: cdev works without it, as",
        " * it did when the add() of an interface failed.  Called with the sem",
        " * held.",
        CDM_CLOSE,
        cdm_proto("static int ", n["P"] + "_bus_add_dev",
                  ["struct device *cdev", drv]),
        "{",
        "\tstruct %(P)s_bus_dev *bdev;" % n,
        "\tint error = -ENOMEM;",
        "",
        "\tbdev = kzalloc(sizeof(*bdev), GFP_KERNEL);",
        "\tif (!bdev)",
        "\t\tgoto out;",
        "\tbdev->drv = drv;",
        "\tbdev->dev.parent = cdev;",
        "\tbdev->dev.bus = &%(B)s;" % n,
        "\tbdev->dev.release = %(P)s_bus_release;" % n,
        "\tif (drv)",
        "\t\tsnprintf(bdev->dev.bus_id, BUS_ID_SIZE, \"%u-%s\",",
        "\t\t\t %(P)s_bus_twins++, drv->driver.name);" % n,
        "\telse",
        "\t\tsnprintf(bdev->dev.bus_id, BUS_ID_SIZE, \"%s\", cdev->bus_id);",
        "\terror = device_register(&bdev->dev);",
        "\tif (error)",
        "\t\tput_device(&bdev->dev);",
        "out:",
        "\tif (error)",
        "\t\tprintk(KERN_WARNING \"%s: no device for %s on the bus (%d)\\n\",",
        "\t\t       %(B)s.name, cdev->bus_id, error);" % n,
        "\treturn error;",
        "}",
        "",
        "/* bus_for_each_drv(): a new device of the class, its twin for drv */",
        cdm_proto("static int ", n["P"] + "_bus_add_twin",
                  ["struct device_driver *drv", "void *cdev"]),
        "{",
        "\t%(P)s_bus_add_dev(cdev, to_%(T)s(drv));" % n,
        "\treturn 0;",
        "}",
        "",
        "/* bus_for_each_dev(): a new driver, its twin of each mirror */",
        cdm_proto("static int ", n["P"] + "_bus_add_twins",
                  ["struct device *dev", "void *drv"]),
        "{",
        "\tif (!to_%(P)s_bus_dev(dev)->drv)" % n,
        "\t\t%(P)s_bus_add_dev(dev->parent, drv);" % n,
        "\treturn 0;",
        "}",
        "",
        "/* bus_find_device(): the mirror and twins of a device of the class */",
        cdm_proto("static int ", n["P"] + "_bus_dev_of",
                  ["struct device *dev", "void *cdev"]),
        "{",
        "\treturn dev->parent == cdev;",
        "}",
        "",
        "/* bus_find_device(): the twins of a driver */",
        cdm_proto("static int ", n["P"] + "_bus_twin_of",
                  ["struct device *dev", "void *drv"]),
        "{",
        "\treturn to_%(P)s_bus_dev(dev)->drv == drv;" % n,
        "}",
        "",
        "/* Take what match() finds off the bus: remove() runs for each twin. */",
        cdm_proto("static void ", n["P"] + "_bus_del_devs",
                  ["void *data", "int (*match)(struct device *, void *)"]),
        "{",
        "\tstruct device *dev;",
        "",
        cdm_proto("\twhile ((dev = ", "bus_find_device",
                  ["&" + n["B"], "NULL", "data", "match"], ")) {"),
        "\t\tdevice_unregister(dev);",
        "\t\tput_device(dev);",
        "\t}",
        "}",
        "",
        CDM_OPEN_DOC,
        " * %(ADD)s - tell the bus drivers of a new device" % n,
        " * @dev: a device of %(C)s, just registered" % n,
        " *",
        " * The add() of each driver is called with @dev.",
        CDM_CLOSE,
        cdm_proto("%(static)svoid " % n, n["ADD"], ["struct device *dev"]),
        "{",
        "\tdown(&%(P)s_bus_sem);" % n,
        "\tif (!%(P)s_bus_add_dev(dev, NULL))" % n,
        cdm_proto("\t\tbus_for_each_drv", "",
                  ["&" + n["B"], "NULL", "dev", n["P"] + "_bus_add_twin"], ";"),
        "\tup(&%(P)s_bus_sem);" % n,
        "}",
        "",
        CDM_OPEN_DOC,
        " * %(DEL)s - tell the bus drivers a device goes" % n,
        " * @dev: a device of %(C)s, still registered" % n,
        " *",
        " * The remove() of each driver that was given @dev is called with it.",
        CDM_CLOSE,
        cdm_proto("%(static)svoid " % n, n["DEL"], ["struct device *dev"]),
        "{",
        "\tdown(&%(P)s_bus_sem);" % n,
        "\t%(P)s_bus_del_devs(dev, %(P)s_bus_dev_of);" % n,
        "\tup(&%(P)s_bus_sem);" % n,
        "}",
        ""]
    if devt:
        out += [
            "/* bus_find_device(): the mirror and twins of the device of a dev_t */",
            cdm_proto("static int ", n["P"] + "_bus_devt_of",
                      ["struct device *dev", "void *devt"]),
            "{",
            "\treturn dev->parent->devt == *(dev_t *)devt;",
            "}",
            "",
            CDM_OPEN_DOC,
            " * %(DELT)s - tell the bus drivers a device goes" % n,
            " * @devt: the dev_t of a device of %(C)s, before device_destroy()" % n,
            " *",
            " * The remove() of each driver that was given the device is called",
            " * with it.",
            CDM_CLOSE,
            cdm_proto("%(static)svoid " % n, n["DELT"], ["dev_t devt"]),
            "{",
            "\tdown(&%(P)s_bus_sem);" % n,
            "\t%(P)s_bus_del_devs(&devt, %(P)s_bus_devt_of);" % n,
            "\tup(&%(P)s_bus_sem);" % n,
            "}",
            ""]
    out += [
        CDM_OPEN_DOC,
        " * %(REG)s - register a driver of the bus" % n,
        " * @drv: its add() is called with each device of %(C)s," % n,
        " *\tpresent or to come, and its remove() when the device goes",
        CDM_CLOSE,
        cdm_proto("%(static)sint " % n, n["REG"], [drv]),
        "{",
        "\tint error;",
        "",
        "\tdrv->driver.bus = &%(B)s;" % n,
        "\tdrv->driver.probe = %(P)s_bus_probe;" % n,
        "\tdrv->driver.remove = %(P)s_bus_remove;" % n,
        "\tdown(&%(P)s_bus_sem);" % n,
        "\terror = driver_register(&drv->driver);",
        "\tif (!error)",
        cdm_proto("\t\tbus_for_each_dev", "",
                  ["&" + n["B"], "NULL", "drv", n["P"] + "_bus_add_twins"],
                  ";"),
        "\tup(&%(P)s_bus_sem);" % n,
        "\treturn error;",
        "}"]
    if export:
        out += ["%s(%s);" % (export, n["REG"])]
    out += [
        "",
        CDM_OPEN_DOC,
        " * %(UNREG)s - unregister a driver of the bus" % n,
        " * @drv: its remove() is called with each device of %(C)s" % n,
        " *\tit was given",
        CDM_CLOSE,
        cdm_proto("%(static)svoid " % n, n["UNREG"], [drv]),
        "{",
        "\tdown(&%(P)s_bus_sem);" % n,
        "\t%(P)s_bus_del_devs(drv, %(P)s_bus_twin_of);" % n,
        "\tdriver_unregister(&drv->driver);",
        "\tup(&%(P)s_bus_sem);" % n,
        "}"]
    if export:
        out += ["%s(%s);" % (export, n["UNREG"])]
    out += [
        "",
        "%(static)sstruct bus_type %(B)s = {" % n,
        "\t.name\t= %(name)s," % n,
        "\t.match\t= %(P)s_bus_match," % n,
        "}"]
    if export:
        out[-1] += ";"
        out += ["%s(%s)" % (export, n["B"])]
    return "\n".join(out)

// ---------------------------------------------------------------------
// Which interfaces there are, and their classes.

@iface_def@
identifier I;
position p;
@@
struct class_interface I@p = { ... };

@iface_init@
identifier iface_def.I, C;
@@
struct class_interface I = { .class = \(&C\|C\), };

@script:python@
I << iface_def.I;
C << iface_init.C;
@@
cdm_iface_class.setdefault(I, set()).add(C)

@iface_set@
identifier iface_def.I, C;
@@
I.class = \(&C\|C\);

@script:python@
I << iface_def.I;
C << iface_set.C;
@@
cdm_iface_class.setdefault(I, set()).add(C)

@iface_ext@
identifier iface_def.I;
position p;
@@
extern struct class_interface I@p;

@iface_use@
identifier iface_def.I;
position p;
@@
I@p

@script:python@
I << iface_def.I;
p << iface_def.p;
@@
cdm_iface_files.setdefault(I, set()).add(p[0].file)

@script:python@
I << iface_def.I;
p << iface_ext.p;
@@
cdm_iface_files.setdefault(I, set()).add(p[0].file)

@script:python@
I << iface_def.I;
p << iface_use.p;
@@
cdm_iface_files.setdefault(I, set()).add(p[0].file)

// A function of the subsystem that gives an interface its class and
// registers it (rtc_interface_register(), scsi_register_interface()).
@helper@
identifier F, P, C;
type T;
@@
T F(struct class_interface *P)
{
  P->class = \(&C\|C\);
  return class_interface_register(P);
}

@script:python@
F << helper.F;
C << helper.C;
@@
cdm_helper[F] = C

@helper_call@
identifier iface_def.I, F;
position p;
@@
F(&I@p)

@script:python@
I << iface_def.I;
F << helper_call.F;
p << helper_call.p;
@@
if F in cdm_helper:
    cdm_iface_class.setdefault(I, set()).add(cdm_helper[F])
    cdm_iface_known.setdefault(I, set()).add(cdm_where(p))

// The uses of an interface the rules below convert: any other is left to a
// human, and so is the interface.
@iface_known@
identifier iface_def.I;
expression E;
position p;
@@
(
class_interface_register(&I@p)
|
class_interface_unregister(&I@p)
|
I@p.class = E
)

@script:python@
I << iface_def.I;
p << iface_known.p;
@@
cdm_iface_known.setdefault(I, set()).add(cdm_where(p))

@script:python@
I << iface_def.I;
p << iface_use.p;
@@
cdm_iface_uses.setdefault(I, set()).add(cdm_where(p))

// The class of each interface; an interface given two classes is left.
@script:python iface@
I << iface_def.I;
C;
@@
classes = cdm_iface_class.get(I, set())
one = list(classes)[0] if len(classes) == 1 else CDM_NONE
if cdm_iface_uses.get(I, set()) - cdm_iface_known.get(I, set()):
    one = CDM_NONE
coccinelle.C = cocci.make_ident(one)

// ---------------------------------------------------------------------
// The owner of each class, and how it registers the class and its devices.

@owner_static@
identifier iface.C;
expression N;
position p;
@@
struct class C@p = { .name = N, };

@owner_ptr@
identifier iface.C;
position p;
@@
struct class *C@p;

@owner_create@
identifier iface.C;
expression M, N;
position p;
@@
C = class_create@p(M, N)

@script:python@
C << iface.C;
p << owner_static.p;
N << owner_static.N;
@@
cdm_owner.setdefault(C, []).append(("static", p[0].file, N, p[0].line))

@script:python@
C << iface.C;
p << owner_ptr.p;
@@
cdm_owner.setdefault(C, []).append(("pointer", p[0].file, None, p[0].line))

@script:python@
C << iface.C;
N << owner_create.N;
p << owner_create.p;
@@
cdm_reg.setdefault(C, set()).add(cdm_where(p))
if not re.match(r'^"[^"]*"$', N.strip()):
    cdm_leave(C, "its name in class_create() is not a string literal")
else:
    cdm_owner.setdefault(C, []).append(("name", p[0].file, N, p[0].line))

@owner_register@
identifier iface.C;
position p;
@@
class_register@p(&C)

@script:python@
C << iface.C;
p << owner_register.p;
@@
cdm_reg.setdefault(C, set()).add(cdm_where(p))

@export_plain@
identifier X;
declarer name EXPORT_SYMBOL;
@@
EXPORT_SYMBOL(X);

@script:python@
X << export_plain.X;
@@
cdm_exported[X] = "EXPORT_SYMBOL"

@export_gpl@
identifier X;
declarer name EXPORT_SYMBOL_GPL;
@@
EXPORT_SYMBOL_GPL(X);

@script:python@
X << export_gpl.X;
@@
cdm_exported[X] = "EXPORT_SYMBOL_GPL"

@helper_proto@
identifier F, P;
type T;
position p;
@@
(
T F@p(struct class_interface *P);
|
T F@p(struct class_interface *);
)

@script:python@
F << helper_proto.F;
p << helper_proto.p;
@@
if F in cdm_helper:
    cdm_helper_proto.setdefault(cdm_helper[F], set()).add((p[0].file, F))

@class_extern@
identifier iface.C;
position p;
@@
(
extern struct class C@p;
|
extern struct class *C@p;
)

@script:python@
C << iface.C;
p << class_extern.p;
@@
cdm_extern.setdefault(C, set()).add((p[0].file, p[0].line))

// Registrations of the class in a known shape.
@reg_static@
identifier iface.C;
expression ret, E;
identifier L;
position p;
@@
ret = class_register@p(&C);
if (ret)
(
  return E;
|
  goto L;
|
  { ... }
)

@script:python@
C << iface.C;
p << reg_static.p;
@@
cdm_reg_known.setdefault(C, set()).add(cdm_where(p))

@reg_create@
identifier iface.C;
expression M, N, E;
identifier L;
statement S;
position p;
@@
C = class_create@p(M, N);
if (IS_ERR(C))
(
  return PTR_ERR(C);
|
  goto L;
|
  {
  E = PTR_ERR(C);
  goto L;
  }
|
  {
  S
  return PTR_ERR(C);
  }
)

@script:python@
C << iface.C;
p << reg_create.p;
@@
cdm_reg_known.setdefault(C, set()).add(cdm_where(p))

// The devices of the class: E.class = cls marks them.
@dev_class@
identifier iface.C;
expression E;
@@
(
E.class = &C;
|
E.class = C;
)

@script:python@
C << iface.C;
E << dev_class.E;
@@
cdm_devs.setdefault(C, set()).add(re.sub(r"\s+", "", E))

@dev_reg@
expression dev_class.E;
position p;
@@
(
device_register@p(&E)
|
device_add@p(&E)
)

@script:python@
C << iface.C;
p << dev_reg.p;
@@
cdm_devreg.setdefault(C, set()).add(cdm_where(p))

@dev_reg_known@
expression dev_class.E, ret;
statement S;
position p;
@@
(
ret = device_register@p(&E);
|
ret = device_add@p(&E);
)
if (ret) S

@script:python@
C << iface.C;
p << dev_reg_known.p;
@@
cdm_devreg_known.setdefault(C, set()).add(cdm_where(p))

// Removals of any device: one whose expression ends in the same field as a
// device of the class but is written otherwise may be one of its devices
// that the hooks below would miss.
@dev_del@
expression X;
position p;
@@
(
device_unregister@p(&X)
|
device_del@p(&X)
)

@script:python@
X << dev_del.X;
@@
cdm_dels.add(re.sub(r"\s+", "", X))

// Devices made by device_create(): "E = device_create(cls, ...);" then
// "if (IS_ERR(E))"; removed with device_destroy(cls, devt), or with
// device_unregister(E).
@dev_create@
identifier iface.C;
position p;
@@
device_create@p(\(&C\|C\), ...)

@script:python@
C << iface.C;
p << dev_create.p;
@@
cdm_devcreate.setdefault(C, set()).add(cdm_where(p))

@dev_create_known@
identifier iface.C;
expression E;
statement S;
position p;
@@
E = device_create@p(\(&C\|C\), ...);
... when != E
if (IS_ERR(E)) S

@script:python@
C << iface.C;
E << dev_create_known.E;
p << dev_create_known.p;
@@
cdm_devcreate_known.setdefault(C, set()).add(cdm_where(p))
cdm_devs.setdefault(C, set()).add(re.sub(r"\s+", "", E))

@dev_destroy@
identifier iface.C;
expression X;
@@
device_destroy(\(&C\|C\), X)

@script:python@
C << iface.C;
X << dev_destroy.X;
@@
cdm_devt.add(C)

@dev_del_ptr@
expression X;
@@
(
device_unregister(X)
|
device_del(X)
)

@script:python@
X << dev_del_ptr.X;
@@
x = re.sub(r"\s+", "", X)
if not x.startswith("&"):
    cdm_dels_ptr.add(x)

@ret_err_has@
identifier iface.C, fn;
expression M, N, E;
position p;
symbol err;
@@
fn(...)
{
  ... when any
(
  int err;
|
  int err = E;
)
  ... when any
  C = class_create@p(M, N);
  ... when any
}

@script:python@
C << iface.C;
p << ret_err_has.p;
@@
cdm_has_err.add(C)

// ---------------------------------------------------------------------
// The verdict per class, and the names the rules below use.

@script:python cls@
C << iface.C;
CC;
FH;
DELT;
B;
T;
REG;
UNREG;
ADD;
DEL;
CX;
CD;
CE;
BLK;
HDR;
@@
owners = cdm_owner.get(C, [])
defs = [o for o in owners if o[0] in ("static", "pointer")
        and (o[1], o[3]) not in cdm_extern.get(C, ())]
names = [o for o in owners if o[0] == "name"]
if len(defs) != 1:
    cdm_leave(C, "no single definition of the class in this run")
elif defs[0][0] == "pointer" and len(names) != 1:
    cdm_leave(C, "not made by one class_create() in this run")
elif (len(cdm_reg.get(C, ())) != 1
      or cdm_reg.get(C) != cdm_reg_known.get(C, set())):
    cdm_leave(C, "not registered once, in a known shape")
elif not cdm_devreg.get(C) and not cdm_devcreate.get(C):
    cdm_leave(C, "no registration of its devices in this run")
elif cdm_devreg.get(C, set()) != cdm_devreg_known.get(C, set()):
    cdm_leave(C, "its devices are registered in a shape the rules do not know")
elif cdm_devcreate.get(C, set()) != cdm_devcreate_known.get(C, set()):
    cdm_leave(C, "device_create() in a shape the rules do not know")
else:
    for e in cdm_devs.get(C, ()):
        field = re.split(r"->|\.", e)[-1]
        for x in cdm_dels | cdm_dels_ptr:
            if x != e and re.split(r"->|\.", x)[-1] == field:
                cdm_leave(C, "%s is removed: one of its devices (%s)?" % (x, e))
if C == CDM_NONE:
    cdm_leave(C, "no class")
n = cdm_names(C)
if C not in cdm_left:
    owner = defs[0][1]
    name = defs[0][2] if defs[0][0] == "static" else names[0][2]
    text = cdm_text(owner)
    taken = re.search(r"\b%s_bus_\w+" % re.escape(n["P"]), text)
    if taken:
        cdm_leave(C, "%s already exists in %s" % (taken.group(0), owner))
# The names are set in any case: a class left alone gets CDM_NONE for CC
# and for the anchors, which the rules below match instead of it.
coccinelle.CC = cocci.make_ident(CDM_NONE if C in cdm_left else C)
coccinelle.B = cocci.make_ident(n["B"])
coccinelle.T = cocci.make_ident(n["T"])
coccinelle.REG = cocci.make_ident(n["REG"])
coccinelle.UNREG = cocci.make_ident(n["UNREG"])
coccinelle.ADD = cocci.make_ident(n["ADD"])
coccinelle.DEL = cocci.make_ident(n["DEL"])
coccinelle.DELT = cocci.make_ident(n["DELT"])
if C in cdm_left:
    for v in ("CX", "CD", "CE", "FH", "BLK", "HDR"):
        setattr(coccinelle, v, cocci.make_ident(CDM_NONE))
else:
    # the header: the one that declares the class extern, else the one
    # that declares its register function; none: all of it is static
    protos = sorted(cdm_helper_proto.get(C, ()))
    static = not cdm_extern.get(C) and not protos
    helpers = [f for f, c in sorted(cdm_helper.items()) if c == C]
    export = cdm_exported.get(C)
    for f in helpers:
        export = export or cdm_exported.get(f)
    if static:
        export = None
    # the rule of the other case sees CDM_NONE
    coccinelle.CX = cocci.make_ident(C if C in cdm_exported else CDM_NONE)
    coccinelle.CD = cocci.make_ident(CDM_NONE if C in cdm_exported else C)
    coccinelle.CE = cocci.make_ident(CDM_NONE if C in cdm_has_err else C)
    fh = protos[0][1] if protos and not cdm_extern.get(C) else CDM_NONE
    coccinelle.FH = cocci.make_ident(fh)
    # a bus called like the class could meet an existing bus of that name
    busname = name.strip()[:-1] + '_bus"'
    devt = C in cdm_devt
    block = cdm_block(C, static, export, busname, devt)
    coccinelle.BLK = cocci.make_ident(block)
    coccinelle.HDR = cocci.make_ident(cdm_header(C, devt))
    if cdm_extern.get(C):
        hdrs = set(f for f, line in cdm_extern[C])
    else:
        hdrs = set(f for f, name in protos)
    cdm_plan[C] = (owner, static, hdrs)

// Each interface of a converted class: its new name and its driver's name.
@script:python drv@
I << iface_def.I;
C << iface.C;
T << cls.T;
II;
D;
NAME;
@@
coccinelle.II = cocci.make_ident(CDM_NONE if C in cdm_left else I)
stem = cdm_stem(I)
new = stem + "_driver"
for f in cdm_iface_files.get(I, ()):
    if re.search(r"\b%s\b" % re.escape(new), cdm_text(f)):
        new = I
coccinelle.D = cocci.make_ident(new)
coccinelle.NAME = cocci.make_ident('"%s"' % stem)

// The callbacks of each interface, found before the interface changes.
@cb_add@
identifier drv.II, F;
@@
struct class_interface II = {
 .add = \(F\|&F\|__devexit_p(F)\|__devexit_p(&F)\),
};

@cb_remove@
identifier drv.II, F;
@@
struct class_interface II = {
 .remove = \(F\|&F\|__devexit_p(F)\|__devexit_p(&F)\),
};

// ---------------------------------------------------------------------
// The owner: the bus goes away before the class, and is there right
// after it (error paths included); then the devices of the class.

@@
identifier cls.CC, cls.B;
@@
(
+ bus_unregister(&B);
  class_unregister(&CC);
|
+ bus_unregister(&B);
  class_destroy(CC);
)

@@
identifier cls.CC, cls.B;
expression ret;
statement list SS;
@@
  ret = class_register(&CC);
  if (ret) { SS }
+ ret = bus_register(&B);
+ if (ret) {
+	class_unregister(&CC);
+	SS
+ }

@@
identifier cls.CC, cls.B;
expression ret, E;
@@
  ret = class_register(&CC);
  if (ret)
	return E;
+ ret = bus_register(&B);
+ if (ret) {
+	class_unregister(&CC);
+	return E;
+ }

@@
identifier cls.CC, cls.B;
expression ret;
identifier L;
@@
  ret = class_register(&CC);
  if (ret)
	goto L;
+ ret = bus_register(&B);
+ if (ret) {
+	class_unregister(&CC);
+	goto L;
+ }

@@
identifier cls.CC, cls.B;
expression M, N;
identifier L;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC))
	goto L;
+ if (bus_register(&B)) {
+	class_destroy(CC);
+	goto L;
+ }

@@
identifier cls.CC, cls.B;
expression M, N, E;
identifier L;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC)) {
	E = PTR_ERR(CC);
	goto L;
  }
+ E = bus_register(&B);
+ if (E) {
+	class_destroy(CC);
+	goto L;
+ }

// "return PTR_ERR(cls)": the error of bus_register() needs a variable.
@@
identifier cls.CE, fn;
expression M, N;
statement S;
symbol err;
@@
fn(...)
{
+ int err;
+
  ...
  CE = class_create(M, N);
  if (IS_ERR(CE))
(
	return PTR_ERR(CE);
|
	{
	S
	return PTR_ERR(CE);
	}
)
  ...
}

@@
identifier cls.CC, cls.B;
expression M, N;
symbol err;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC))
	return PTR_ERR(CC);
+ err = bus_register(&B);
+ if (err) {
+	class_destroy(CC);
+	return err;
+ }

@@
identifier cls.CC, cls.B;
expression M, N;
statement S;
symbol err;
@@
  CC = class_create(M, N);
  if (IS_ERR(CC)) {
	S
	return PTR_ERR(CC);
  }
+ err = bus_register(&B);
+ if (err) {
+	class_destroy(CC);
+	S
+	return err;
+ }

// The devices of a converted class.
@dev_class_ok@
identifier cls.CC;
expression E;
@@
(
E.class = &CC;
|
E.class = CC;
)

@@
expression dev_class_ok.E, ret;
identifier cls.ADD;
statement S;
@@
(
  ret = device_register(&E);
|
  ret = device_add(&E);
)
  if (ret) S
+ ADD(&E);

@@
expression dev_class_ok.E;
identifier cls.DEL;
@@
(
+ DEL(&E);
  device_unregister(&E);
|
+ DEL(&E);
  device_del(&E);
)

@@
identifier cls.CC, cls.ADD;
expression E;
statement S;
@@
  E = device_create(\(&CC\|CC\), ...);
  ... when != E
  if (IS_ERR(E)) S
+ ADD(E);

@@
identifier cls.CC, cls.DELT;
expression X;
@@
+ DELT(X);
  device_destroy(\(&CC\|CC\), X);

@dev_made@
identifier cls.CC;
expression E;
@@
E = device_create(\(&CC\|CC\), ...)

@@
expression dev_made.E;
identifier cls.DEL;
@@
(
+ DEL(E);
  device_unregister(E);
|
+ DEL(E);
  device_del(E);
)

// The register function of the subsystem registers a bus driver.
@script:python hlp@
F << helper.F;
C << helper.C;
FF;
TT;
RR;
@@
n = cdm_names(C)
coccinelle.FF = cocci.make_ident(F if C in cdm_plan else CDM_NONE)
coccinelle.TT = cocci.make_ident(n["T"])
coccinelle.RR = cocci.make_ident(n["REG"])

@@
identifier hlp.FF, hlp.TT, hlp.RR, P;
expression E;
type T;
@@
T FF(
- struct class_interface *P
+ struct TT *P
  )
{
- P->class = E;
- return class_interface_register(P);
+ return RR(P);
}

// The bus itself: after the export of the class, or after its definition
// when it is not exported; its declarations after the extern declaration
// of the class.
@@
identifier cls.CX, cls.BLK;
declarer name EXPORT_SYMBOL;
@@
  EXPORT_SYMBOL(CX);
+
+/*
+ * The virtual bus of the class above.  Its drivers are what were the
+ * interfaces of the class: each device of the class has a mirror on the
+ * bus, which no driver binds, and for each driver a twin, which only this
+ * driver binds; the driver core calls the probe() and remove() of the
+ * driver with the twin, and they call its add() and remove() with the
+ * device of the class.
+ */
+struct BLK;

@@
identifier cls.CX, cls.BLK;
declarer name EXPORT_SYMBOL_GPL;
@@
  EXPORT_SYMBOL_GPL(CX);
+
+/*
+ * The virtual bus of the class above.  Its drivers are what were the
+ * interfaces of the class: each device of the class has a mirror on the
+ * bus, which no driver binds, and for each driver a twin, which only this
+ * driver binds; the driver core calls the probe() and remove() of the
+ * driver with the twin, and they call its add() and remove() with the
+ * device of the class.
+ */
+struct BLK;

@@
identifier cls.CD, cls.BLK;
position p != class_extern.p;
@@
  struct class CD@p = { ... };
+
+/*
+ * The virtual bus of the class above.  Its drivers are what were the
+ * interfaces of the class: each device of the class has a mirror on the
+ * bus, which no driver binds, and for each driver a twin, which only this
+ * driver binds; the driver core calls the probe() and remove() of the
+ * driver with the twin, and they call its add() and remove() with the
+ * device of the class.
+ */
+struct BLK;

@@
identifier cls.CD, cls.BLK;
position p != class_extern.p;
@@
  struct class *CD@p;
+
+/*
+ * The virtual bus of the class above.  Its drivers are what were the
+ * interfaces of the class: each device of the class has a mirror on the
+ * bus, which no driver binds, and for each driver a twin, which only this
+ * driver binds; the driver core calls the probe() and remove() of the
+ * driver with the twin, and they call its add() and remove() with the
+ * device of the class.
+ */
+struct BLK;

@@
identifier cls.CC, cls.HDR;
@@
  extern struct class CC;
+
+/*
+ * A driver of the virtual bus of the class above, what was an interface
+ * of the class: add() is called with each device of the class, present
+ * or to come, and remove() when the device or the driver goes.
+ */
+struct HDR;

@@
identifier cls.CC, cls.HDR;
@@
  extern struct class *CC;
+
+/*
+ * A driver of the virtual bus of the class above, what was an interface
+ * of the class: add() is called with each device of the class, present
+ * or to come, and remove() when the device or the driver goes.
+ */
+struct HDR;

@@
identifier cls.FH, cls.HDR;
type T;
parameter P;
@@
+/*
+ * A driver of the virtual bus of the class whose register function is
+ * below, what was an interface of the class: add() is called with each
+ * device of the class, present or to come, and remove() when the device
+ * or the driver goes.
+ */
+struct HDR;
+
  T FH(P);

// A header that gains the driver struct needs struct device_driver: it
// includes <linux/device.h> after its include guard if it did not.
@guard@
identifier G;
position p;
@@
#define G@p

@script:python guard_ok@
G << guard.G;
p << guard.p;
GG;
@@
path = p[0].file
text = cdm_text(path)
headers = set(f for plan in cdm_plan.values() for f in plan[2])
if (path not in headers or not path.endswith(".h")
        or re.search(r"#\s*include\s*<linux/device\.h>", text)
        or not re.search(r"#\s*ifndef\s+%s\s*\n\s*#\s*define\s+%s\b"
                         % (G, G), text)):
    G = CDM_NONE
coccinelle.GG = cocci.make_ident(G)

@@
identifier guard_ok.GG;
@@
#define GG
+
+#include <linux/device.h>

// ---------------------------------------------------------------------
// The interfaces become drivers of the bus.

@@
identifier cb_add.F, cls.T;
identifier p;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *p
+   struct T *p
    ) {...}

@@
identifier cb_add.F, cls.T;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *
+   struct T *
    );

@@
identifier cb_remove.F, cls.T;
identifier p;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *p
+   struct T *p
    ) {...}

@@
identifier cb_remove.F, cls.T;
type t;
parameter p0;
@@
t F(p0,
-   struct class_interface *
+   struct T *
    );

@@
identifier hlp.FF, hlp.TT, P;
type T;
@@
(
  T FF(
- struct class_interface *P
+ struct TT *P
  );
|
  T FF(
- struct class_interface *
+ struct TT *
  );
)

@@
identifier drv.II;
expression E;
@@
- II.class = E;

@@
identifier drv.II;
expression E;
@@
struct class_interface II = {
- .class = E,
};

@@
identifier drv.II, drv.NAME;
@@
struct class_interface II = {
  ...,
+ .driver = {
+	.name = NAME,
+ },
};

@@
identifier drv.II, cls.T, drv.D;
@@
(
- struct class_interface II
+ struct T D
  = ...;
|
  extern
- struct class_interface II;
+ struct T D;
)

@@
identifier drv.II, cls.REG, cls.UNREG, drv.D;
@@
(
- class_interface_register(&II)
+ REG(&D)
|
- class_interface_unregister(&II)
+ UNREG(&D)
)

@@
identifier drv.II, drv.D;
@@
- II
+ D

// ---------------------------------------------------------------------
// The bus allocates its devices: the owner includes <linux/slab.h>, after
// <linux/device.h> or else <linux/module.h>.  Last, as the scripts drop
// the bindings of the includes they do not keep.

@inc_device@
position p;
@@
#include <linux/device.h>@p

@script:python@
p << inc_device.p;
@@
cdm_includes.setdefault(p[0].file, {})["device"] = p[0].line

@script:python slab_device@
p << inc_device.p;
@@
if not cdm_needs_slab(p[0].file):
    cocci.include_match(False)

@@
position inc_device.p;
@@
#include <linux/device.h>@p
+#include <linux/slab.h>

@inc_module@
position p;
@@
#include <linux/module.h>@p

@script:python slab_module@
p << inc_module.p;
@@
path = p[0].file
if not cdm_needs_slab(path) or "device" in cdm_includes.get(path, {}):
    cocci.include_match(False)

@@
position inc_module.p;
@@
#include <linux/module.h>@p
+#include <linux/slab.h>
