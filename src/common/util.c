/* String helpers; see h5.h. */
#include "h5.h"

#include <string.h>

bool h5_str_eq_ascii(h5_str s, const char *ascii) {
    size_t n = strlen(ascii);
    if (n != s.len) return false;
    for (size_t i = 0; i < n; i++)
        if (s.ptr[i] != (unsigned char)ascii[i]) return false;
    return true;
}

bool h5_str_eq_ascii_ci(h5_str s, const char *ascii) {
    size_t n = strlen(ascii);
    if (n != s.len) return false;
    for (size_t i = 0; i < n; i++)
        if (h5_to_lower(s.ptr[i]) != h5_to_lower((unsigned char)ascii[i])) return false;
    return true;
}

bool h5_str_eq(h5_str a, h5_str b) {
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len * sizeof(h5_char)) == 0);
}
