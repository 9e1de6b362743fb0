/*
 * html5-wasm: common types shared by every stage of the parser.
 *
 * The core works on UTF-16 code units (h5_char), the representation of
 * JavaScript strings, so that offsets reported to users are the offsets
 * `String.prototype.slice` uses, and lone surrogates survive exactly as the
 * spec's input stream describes them (13.2.3.5 "Preprocessing the input
 * stream").  Native callers decode bytes themselves (the native tests use
 * test/native/decoders.h).
 *
 * No global mutable state anywhere: every parse owns its memory.
 */
#ifndef H5_H
#define H5_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "abi.h"

typedef uint16_t h5_char;

/* A borrowed run of UTF-16 code units. */
typedef struct {
    const h5_char *ptr;
    size_t len;
} h5_str;

/* An attribute of a tag token, as both tokenizers (HTML, XML5) emit it. */
typedef struct {
    h5_str name;
    h5_str value;           /* character references already resolved */
    uint32_t name_start, name_end;
    uint32_t value_start, value_end; /* inside the quotes; == name_end when no value */
} h5_token_attr;

/* Result codes of the public entry points: h5_status (H5_OK, H5_ERR_OOM,
 * H5_ERR_INVALID, H5_ERR_TOO_LARGE) comes from abi.h, since the wasm entry
 * points return it to JS (js/core/abi.js). */

/* Code point used for end of file in the state machines. */
#define H5_EOF (-1)

static inline bool h5_is_ascii_alpha(int c) {
    return (unsigned)((c | 0x20) - 'a') < 26u;
}
static inline bool h5_is_ascii_upper(int c) { return (unsigned)(c - 'A') < 26u; }
static inline bool h5_is_ascii_digit(int c) { return (unsigned)(c - '0') < 10u; }
static inline bool h5_is_ascii_hex(int c) {
    return h5_is_ascii_digit(c) || (unsigned)((c | 0x20) - 'a') < 6u;
}
static inline bool h5_is_ascii_alnum(int c) { return h5_is_ascii_alpha(c) || h5_is_ascii_digit(c); }
/* ASCII whitespace as the tokenizer uses it: TAB, LF, FF, SPACE (CR never
 * reaches the tokenizer after preprocessing). */
static inline bool h5_is_space(int c) { return c == ' ' || c == '\n' || c == '\t' || c == '\f'; }
static inline int h5_to_lower(int c) { return h5_is_ascii_upper(c) ? c + 0x20 : c; }

/* Compare a UTF-16 run with an ASCII C string, exactly / ignoring ASCII case. */
bool h5_str_eq_ascii(h5_str s, const char *ascii);
bool h5_str_eq_ascii_ci(h5_str s, const char *ascii);
bool h5_str_eq(h5_str a, h5_str b);

#endif
