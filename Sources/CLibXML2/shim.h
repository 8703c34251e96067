#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, and its headers would pull in ICU's own, which clash with the copy
// Foundation carries. Only the tail of xmlCharEncodingHandler depends on it, a struct we never touch.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

// xmlFree is a global function pointer in libxml2, which Swift 6 will not call as a variable.
static inline void subs_xml_free(void *p) { xmlFree(p); }
