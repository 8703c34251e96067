#include <poppler.h>
#include <cairo.h>

/* G_OBJECT() is a macro Swift cannot import. */
static inline void subs_g_object_unref(void *object) { if (object) g_object_unref(object); }
