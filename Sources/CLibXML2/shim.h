#ifndef HOLDER_CLIBXML2_SHIM_H
#define HOLDER_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
/* Debian builds libxml2 with ICU, and its encoding.h would then include ICU's headers, which
   clash with the ICU copy inside Foundation. Only the tail of xmlCharEncodingHandler depends
   on it, a struct holder-git never touches except through pointers. */
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* xmlFree is a global function pointer, which Swift imports awkwardly: a plain wrapper. */
static inline void holder_xml_free(void *pointer) { xmlFree(pointer); }

/* A handler that drops libxml2's messages, so a broken page never writes to stderr. */
static inline void holder_xml_ignore_errors(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}

static inline void holder_xml_silence(void) {
  xmlSetGenericErrorFunc(NULL, holder_xml_ignore_errors);
}
#endif
