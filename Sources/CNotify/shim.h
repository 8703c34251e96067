#include <libnotify/notify.h>
#include <gio/gio.h>
#include <glib-unix.h>

// Macros and casts Swift cannot use directly.
static inline GObject *subs_g_object(void *p) { return G_OBJECT(p); }
static inline gint subs_notify_expires_never(void) { return NOTIFY_EXPIRES_NEVER; }
