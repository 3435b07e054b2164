#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

/* Debian builds libxml2 with ICU, so <libxml/encoding.h> would pull in the
   system <unicode/*.h>, whose UErrorCode clashes with Foundation's own ICU.
   assoc never touches the ICU-only fields, so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

/* xmlFree is a mutable global function pointer; Swift 6 rejects reading it. */
static inline void clibxml2_free(void *ptr) { xmlFree(ptr); }

/* The library's version string, for `assoc --version`. */
static inline const char *clibxml2_version(void) { return LIBXML_DOTTED_VERSION; }

#endif
