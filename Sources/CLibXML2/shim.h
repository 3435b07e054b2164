#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

/* Debian builds libxml2 with ICU, so <libxml/encoding.h> would pull in the
   system <unicode/*.h>, whose UErrorCode clashes with Foundation's own ICU.
   assoc never touches the ICU-only fields, so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

/* xmlFree is a mutable global function pointer; Swift 6 rejects reading it. */
static inline void clibxml2_free(void *ptr) { xmlFree(ptr); }

/* xmlReadFile, less the registration of ID attributes (XML_SKIP_IDS): nothing looks an ID up,
   and checking every attribute against the declarations of a package's internal DTD subset
   (freedesktop.org.xml has one) cost a tenth of compiling the database. The steps are those
   xmlReadFile takes: a document that is not well-formed is freed and NULL returned. */
static inline xmlDocPtr clibxml2_read_file_skipping_ids(const char *path, int options) {
    xmlParserCtxtPtr context = xmlCreateURLParserCtxt(path, options);
    if (context == NULL) return NULL;
    context->loadsubset |= XML_SKIP_IDS;
    xmlParseDocument(context);
    xmlDocPtr document = context->myDoc;
    context->myDoc = NULL;
    if (!context->wellFormed && document != NULL) {
        xmlFreeDoc(document);
        document = NULL;
    }
    xmlFreeParserCtxt(context);
    return document;
}

/* The library's version string, for `assoc --version`. */
static inline const char *clibxml2_version(void) { return LIBXML_DOTTED_VERSION; }

#endif
