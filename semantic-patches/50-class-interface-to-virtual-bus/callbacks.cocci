/// Keep struct class_interface, with the callbacks Linux 2.6.19 gave it for
/// classes whose devices are struct device: .add becomes .add_dev and
/// .remove becomes .remove_dev, which take the struct device of the class
/// and the interface, as the callbacks do once step 40 has converted them.
/// class_interface_register() and class_interface_unregister() stay.
//
// Order: 50 (class-interface-to-virtual-bus), variant "callbacks"
//  (cdmigrate migrate --interface=callbacks).
// Requires: 40 (the callbacks take a struct device *); a driver core whose
//  struct class_interface has add_dev and remove_dev, and whose
//  device_add() and device_del() call them for a device with a class
//  (2.6.19).  Without them the converted files do not compile: verify
//  holds them back.
// Options: --include-headers.
// Leaves: a callback assigned through a pointer to an interface (other than
//  the interface object itself by name, or a struct class_interface *
//  whose type spatch knows); an interface embedded in another structure.

// The object's initializer and run-time assignments to its fields.
@@
identifier I;
expression A;
@@
struct class_interface I = {
- .add
+ .add_dev
  = A,
};

@@
identifier I;
expression R;
@@
struct class_interface I = {
- .remove
+ .remove_dev
  = R,
};

@@
struct class_interface I;
struct class_interface *P;
expression A;
@@
(
- I.add
+ I.add_dev
  = A
|
- P->add
+ P->add_dev
  = A
)

@@
struct class_interface I;
struct class_interface *P;
expression R;
@@
(
- I.remove
+ I.remove_dev
  = R
|
- P->remove
+ P->remove_dev
  = R
)
