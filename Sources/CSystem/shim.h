#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H

/* C library headers the Glibc module does not bring in: extended attributes and file-system
   statistics. Part of the C library itself; nothing extra is linked. */
#include <sys/xattr.h>
#include <sys/vfs.h>

#endif
