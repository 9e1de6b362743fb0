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
 * One build differs: HTMLRewriter's module (dist/rewrite.wasm, compiled with
 * H5_CHAR8) tokenizes the input's bytes as they are.  Its h5_char is a byte:
 * markup is ASCII in every encoding the rewriter accepts, offsets are byte
 * offsets, and the characters the tokenizer makes itself are written in
 * UTF-8 (character references: h5_encode_cp), except U+FFFD for a U+0000,
 * which is one byte that UTF-8 never has (H5_FFFD), so that a name keeps
 * the length it has in the input.  Only the tokenizer and the
 * rewriter's exports are built that way.
 *
 * No global mutable state anywhere: every parse owns its memory.
 */
#ifndef H5_H
#define H5_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "abi.h"

#ifdef H5_CHAR8
typedef uint8_t h5_char;
#define H5_CP_UNITS 4 /* the most code units one code point takes */
#define H5_FFFD 0xFF       /* the unit U+0000 becomes (13.2.5: U+FFFD) */
#else
typedef uint16_t h5_char;
#define H5_CP_UNITS 2
#define H5_FFFD 0xFFFD
#endif

/* A borrowed run of code units (UTF-16; bytes with H5_CHAR8). */
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

/* Writes code point `cp` as code units at u (room for H5_CP_UNITS): UTF-16
 * (a lone surrogate's value as that unit), or with H5_CHAR8 UTF-8 (of a
 * scalar value).  Returns how many. */
static inline size_t h5_encode_cp(uint32_t cp, h5_char *u) {
#ifdef H5_CHAR8
    if (cp < 0x80) {
        u[0] = (h5_char)cp;
        return 1;
    }
    if (cp < 0x800) {
        u[0] = (h5_char)(0xC0 | cp >> 6);
        u[1] = (h5_char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        u[0] = (h5_char)(0xE0 | cp >> 12);
        u[1] = (h5_char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (h5_char)(0x80 | (cp & 0x3F));
        return 3;
    }
    u[0] = (h5_char)(0xF0 | cp >> 18);
    u[1] = (h5_char)(0x80 | ((cp >> 12) & 0x3F));
    u[2] = (h5_char)(0x80 | ((cp >> 6) & 0x3F));
    u[3] = (h5_char)(0x80 | (cp & 0x3F));
    return 4;
#else
    if (cp < 0x10000) {
        u[0] = (h5_char)cp;
        return 1;
    }
    cp -= 0x10000;
    u[0] = (h5_char)(0xD800 + (cp >> 10));
    u[1] = (h5_char)(0xDC00 + (cp & 0x3FF));
    return 2;
#endif
}

/* Compare a UTF-16 run with an ASCII C string, exactly / ignoring ASCII case. */
bool h5_str_eq_ascii(h5_str s, const char *ascii);
bool h5_str_eq_ascii_ci(h5_str s, const char *ascii);
bool h5_str_eq(h5_str a, h5_str b);

#endif
