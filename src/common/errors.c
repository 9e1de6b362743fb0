#include "errors.h"

static const char *const h5_error_names[H5_ERROR_COUNT] = {
    "none",
#define H5_X(id, name) name,
    H5_ERRORS(H5_X)
#undef H5_X
};

const char *h5_error_name(h5_error_code code) {
    return (unsigned)code < H5_ERROR_COUNT ? h5_error_names[code] : "unknown";
}
