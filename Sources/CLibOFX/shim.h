#include <libofx/libofx.h>

// libofx reports through global flags; Swift 6 will not write a C global variable directly.
static inline void subs_ofx_quiet(void) {
    ofx_PARSER_msg = 0; ofx_DEBUG_msg = 0; ofx_DEBUG1_msg = 0; ofx_DEBUG2_msg = 0; ofx_DEBUG3_msg = 0;
    ofx_DEBUG4_msg = 0; ofx_DEBUG5_msg = 0; ofx_STATUS_msg = 0; ofx_INFO_msg = 0; ofx_WARNING_msg = 0;
    ofx_ERROR_msg = 0;
}
