#ifndef CSDBUS_SHIM_H
#define CSDBUS_SHIM_H

/* sd-bus, the D-Bus client library of libsystemd (apt: libsystemd-dev). Only PortalService sees it. */
#include <systemd/sd-bus.h>

/* SD_BUS_ERROR_NULL, a macro Swift does not import. */
static inline sd_bus_error csdbus_error_null(void) {
    sd_bus_error error = SD_BUS_ERROR_NULL;
    return error;
}

#endif
