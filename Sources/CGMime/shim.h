#include <gmime/gmime.h>

// GObject type checks and casts are macros, which Swift does not import.
static inline int subs_gmime_is_multipart(GMimeObject *o) { return GMIME_IS_MULTIPART(o); }
static inline int subs_gmime_is_multipart_encrypted(GMimeObject *o) { return GMIME_IS_MULTIPART_ENCRYPTED(o); }
static inline int subs_gmime_is_pkcs7(GMimeObject *o) { return GMIME_IS_APPLICATION_PKCS7_MIME(o); }
static inline int subs_gmime_is_message_part(GMimeObject *o) { return GMIME_IS_MESSAGE_PART(o); }
static inline int subs_gmime_is_part(GMimeObject *o) { return GMIME_IS_PART(o); }
static inline GMimeMultipart *subs_gmime_multipart(GMimeObject *o) { return GMIME_MULTIPART(o); }
static inline GMimeMessagePart *subs_gmime_message_part(GMimeObject *o) { return GMIME_MESSAGE_PART(o); }
static inline GMimePart *subs_gmime_part(GMimeObject *o) { return GMIME_PART(o); }
static inline GMimeObject *subs_gmime_object(void *o) { return GMIME_OBJECT(o); }
static inline int subs_gmime_is_mailbox(InternetAddress *a) { return INTERNET_ADDRESS_IS_MAILBOX(a); }
static inline const char *subs_gmime_mailbox_addr(InternetAddress *a) {
    return internet_address_mailbox_get_addr(INTERNET_ADDRESS_MAILBOX(a));
}
static inline GByteArray *subs_gmime_mem_bytes(GMimeStream *s) { return g_mime_stream_mem_get_byte_array(GMIME_STREAM_MEM(s)); }
static inline void subs_g_unref(void *o) { if (o) g_object_unref(o); }
