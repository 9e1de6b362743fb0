/* String helpers and UTF-8 <-> UTF-16 conversion; see h5.h. */
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

/* WHATWG Encoding, "UTF-8 decoder": maximal subparts of ill-formed
 * sequences become one U+FFFD each. */
size_t h5_utf8_to_utf16(const uint8_t *in, size_t len, h5_char *out) {
    size_t i = 0, o = 0;
    while (i < len) {
        uint8_t b = in[i];
        if (b < 0x80) {
            out[o++] = b;
            i++;
            continue;
        }
        uint32_t cp;
        size_t need;
        uint8_t lo = 0x80, hi = 0xBF;
        if (b >= 0xC2 && b <= 0xDF) { need = 1; cp = b & 0x1F; }
        else if (b >= 0xE0 && b <= 0xEF) {
            need = 2; cp = b & 0x0F;
            if (b == 0xE0) lo = 0xA0;
            if (b == 0xED) hi = 0x9F;
        } else if (b >= 0xF0 && b <= 0xF4) {
            need = 3; cp = b & 0x07;
            if (b == 0xF0) lo = 0x90;
            if (b == 0xF4) hi = 0x8F;
        } else {
            out[o++] = 0xFFFD;
            i++;
            continue;
        }
        size_t j = 1;
        for (; j <= need; j++) {
            if (i + j >= len) break;
            uint8_t c = in[i + j];
            if (c < lo || c > hi) break;
            lo = 0x80; hi = 0xBF;
            cp = (cp << 6) | (c & 0x3F);
        }
        if (j <= need) {
            out[o++] = 0xFFFD;
            i += j;
            continue;
        }
        i += need + 1;
        if (cp >= 0x10000) {
            cp -= 0x10000;
            out[o++] = (h5_char)(0xD800 + (cp >> 10));
            out[o++] = (h5_char)(0xDC00 + (cp & 0x3FF));
        } else {
            out[o++] = (h5_char)cp;
        }
    }
    return o;
}

size_t h5_utf16_to_utf8(const h5_char *in, size_t len, uint8_t *out) {
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        uint32_t cp = in[i];
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < len && in[i + 1] >= 0xDC00 && in[i + 1] <= 0xDFFF) {
            cp = 0x10000 + ((cp - 0xD800) << 10) + (in[i + 1] - 0xDC00);
            i++;
        }
        if (cp < 0x80) out[o++] = (uint8_t)cp;
        else if (cp < 0x800) {
            out[o++] = (uint8_t)(0xC0 | (cp >> 6));
            out[o++] = (uint8_t)(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out[o++] = (uint8_t)(0xE0 | (cp >> 12));
            out[o++] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
            out[o++] = (uint8_t)(0x80 | (cp & 0x3F));
        } else {
            out[o++] = (uint8_t)(0xF0 | (cp >> 18));
            out[o++] = (uint8_t)(0x80 | ((cp >> 12) & 0x3F));
            out[o++] = (uint8_t)(0x80 | ((cp >> 6) & 0x3F));
            out[o++] = (uint8_t)(0x80 | (cp & 0x3F));
        }
    }
    return o;
}
