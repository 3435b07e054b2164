#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

/* zlib from the system (apt: zlib1g-dev), for the inflate of PNG image data. Only TerminalUI
   sees it (it decodes thumbnails to draw them as sixel). */
#include <zlib.h>

#endif
