/*
 * The tokenizer's bulk scanners: where does a run of ordinary characters
 * end?  Spec 13.2.5 reads one character at a time; the hot states (data,
 * RCDATA, RAWTEXT, script data, PLAINTEXT, CDATA, attribute values and
 * names, tag names, comments, DOCTYPE names and identifiers) instead find
 * the first code unit that their state has to look at -- one of the state's
 * stop characters (its "stop set"), or a unit that needs 13.2.3.5's input
 * stream preprocessing (CR, controls, surrogates, noncharacters) -- and
 * take everything before it as one run (tokenizer.c, text_run / span_run).
 *
 * Everything here is static inline (and the tables static const), so that
 * the scanners are inlined into the tokenizer's loops in the native build,
 * which has no link-time optimisation, as in the wasm one.  Used by
 * tokenizer.c and by test/native/scan_test.c, which checks every scanner
 * against the spec's character lists and the vector scan against the scalar
 * one.
 */
#ifndef H5_SCAN_H
#define H5_SCAN_H

#include <string.h>

#include "h5.h"

/* ------------------------------------------------------------------------ */
/* Character classes for the bulk scanners.                                  */

enum {
    K_LT = 1u << 0,       /* < */
    K_AMP = 1u << 1,      /* & */
    K_NUL = 1u << 2,      /* U+0000 */
    K_DQ = 1u << 3,       /* " */
    K_SQ = 1u << 4,       /* ' */
    K_GT = 1u << 5,       /* > */
    K_SLASH = 1u << 6,    /* / */
    K_EQ = 1u << 7,       /* = */
    K_GRAVE = 1u << 8,    /* ` */
    K_WS = 1u << 9,       /* TAB LF FF SPACE (CR is K_SLOW) */
    K_DASH = 1u << 10,    /* - */
    K_RBRACKET = 1u << 11,/* ] */
    K_UPPER = 1u << 12,   /* A-Z */
    K_SLOW = 1u << 13,    /* CR and controls: newline / input stream errors */
    /* In a mask, not a class: only the mask's characters stop the scan, not
     * U+0000 nor what 13.2.3.5 must see (the text states of a tokenizer whose
     * text is not read: H5_BOUNDS_ONLY, tokenizer.c; only builds that
     * define it look at this bit). */
    K_BOUNDS = 1u << 14
};

/* Stop sets of the states that scan in bulk. */
#define M_DATA (K_LT | K_AMP | K_NUL)               /* data, RCDATA */
#define M_TEXT_BOUNDS (K_LT | K_BOUNDS)             /* data, RCDATA, RAWTEXT, script data: where text ends */
#define M_RAWTEXT (K_LT | K_NUL)                    /* RAWTEXT, script data */
#define M_PLAINTEXT (K_NUL)
#define M_SCRIPT_ESCAPED (K_DASH | K_LT | K_NUL)    /* (double) escaped */
#define M_CDATA (K_RBRACKET | K_NUL)
#define M_ATTR_DQ (K_DQ | K_AMP | K_NUL)
#define M_ATTR_SQ (K_SQ | K_AMP | K_NUL)
#define M_ATTR_UNQUOTED (K_WS | K_AMP | K_GT | K_NUL | K_DQ | K_SQ | K_LT | K_EQ | K_GRAVE)
#define M_COMMENT (K_LT | K_DASH | K_NUL)
#define M_BOGUS_COMMENT (K_GT | K_NUL)
#define M_TAG_NAME (K_WS | K_SLASH | K_GT | K_NUL | K_UPPER)
#define M_ATTR_NAME (K_WS | K_SLASH | K_GT | K_EQ | K_NUL | K_DQ | K_SQ | K_LT | K_UPPER)
#define M_DOCTYPE_NAME (K_WS | K_GT | K_NUL | K_UPPER)
#define M_DOCTYPE_ID_DQ (K_DQ | K_GT | K_NUL)
#define M_DOCTYPE_ID_SQ (K_SQ | K_GT | K_NUL)

#define CC(c)                                                                      \
    (uint16_t)(((c) == '<' ? K_LT : 0) | ((c) == '&' ? K_AMP : 0) |                \
               ((c) == 0 ? K_NUL : 0) | ((c) == '"' ? K_DQ : 0) |                 \
               ((c) == '\'' ? K_SQ : 0) | ((c) == '>' ? K_GT : 0) |               \
               ((c) == '/' ? K_SLASH : 0) | ((c) == '=' ? K_EQ : 0) |             \
               ((c) == '`' ? K_GRAVE : 0) |                                       \
               ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\f' ? K_WS : 0) | \
               ((c) == '-' ? K_DASH : 0) | ((c) == ']' ? K_RBRACKET : 0) |        \
               ((c) >= 'A' && (c) <= 'Z' ? K_UPPER : 0) |                        \
               (((c) >= 1 && (c) < 0x20 && (c) != '\t' && (c) != '\n' && (c) != '\f') || \
                        (c) == 0x7F                                               \
                    ? K_SLOW                                                      \
                    : 0))
#define CC4(b) CC(b), CC((b) + 1), CC((b) + 2), CC((b) + 3)
#define CC16(b) CC4(b), CC4((b) + 4), CC4((b) + 8), CC4((b) + 12)
/* The classes (K_*) of each ASCII code unit. */
static const uint16_t scan_class[128] = {CC16(0),  CC16(16), CC16(32), CC16(48),
                                         CC16(64), CC16(80), CC16(96), CC16(112)};
#undef CC
#undef CC4
#undef CC16

/* Non-ASCII code units that need the slow path: C1 controls, surrogates
 * (pairs are checked for noncharacters), BMP noncharacters. */
static inline bool scan_nonascii_slow(h5_char c) {
#ifdef H5_CHAR8
    (void)c; /* bytes (h5.h): no input stream errors are reported for the encoding's non-ASCII characters */
    return false;
#else
    return c < 0xA0 || (c >= 0xD800 && (c < 0xE000 || (c >= 0xFDD0 && (c <= 0xFDEF || c >= 0xFFFE))));
#endif
}

/* ------------------------------------------------------------------------ */
/* Finding the end of a run of ordinary characters.                          */

/* Does `c` stop a bulk scan with the stop set `mask`? */
static inline bool scan_stops(h5_char c, unsigned mask) {
#ifdef H5_BOUNDS_ONLY
    if (mask & K_BOUNDS) return c < 0x80 && (scan_class[c] & mask) != 0;
#endif
    return c < 0x80 ? (scan_class[c] & (mask | K_SLOW)) != 0 : scan_nonascii_slow(c);
}

/* The index of the first unit from p on that stops a scan with `mask`, or
 * e: one table lookup per code unit. */
static inline size_t scan_scalar(const h5_char *in, size_t p, size_t e, unsigned mask) {
    while (p < e && !scan_stops(in[p], mask)) p++;
    return p;
}

/* The index of the first unit from p on that is not ASCII or whose class
 * is in `stop` (K_SLOW is not implied), or e. */
static inline size_t scan_ascii(const h5_char *in, size_t p, size_t e, unsigned stop) {
    while (p < e && in[p] < 0x80 && !(scan_class[in[p]] & stop)) p++;
    return p;
}

/*
 * With 128-bit SIMD (SSE2 natively, simd128 in WebAssembly) the scan looks
 * at 8 code units at a time.  A quick test flags the stop characters of the
 * set and every unit that is not printable ASCII, TAB or LF; the first
 * flagged unit is then looked up like in the scalar loop, and only when it
 * turns out ordinary (FF, or not ASCII) is the whole vector tested exactly.
 * The vector loop never steps over a unit the scalar loop would stop at.
 *
 * The vector constants of the quick test are read from the stop set
 * (scan_set) rather than written in the code: V8 builds each v128.const
 * with three instructions and, when there are many, keeps them in spill
 * slots that the loop reloads on every turn; loads from a table are one
 * instruction each and leave the loop without spills.
 *
 * The arithmetic uses GCC/Clang vector extensions, which compile to both
 * instruction sets; only "which lanes are flagged" needs an intrinsic.
 * Other targets use the scalar loop alone.
 */
#if defined(__wasm_simd128__) || defined(__SSE2__)
#define H5_SIMD 1
#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#else
#include <emmintrin.h>
#endif

/* A vector of code units (8 of 16 bits; 16 bytes with H5_CHAR8), and of
 * signed lanes of the same width (compares, masks); VSPLAT / VSPLATS: a
 * constant of either with every lane x. */
#ifdef H5_CHAR8
#define V_LANES 16
typedef uint8_t vunits __attribute__((vector_size(16)));
typedef int8_t vlanes __attribute__((vector_size(16)));
#define V_SIGN 0x80
#define VSPLAT(x) {(uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), \
               (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), \
               (uint8_t)(x), (uint8_t)(x), (uint8_t)(x), (uint8_t)(x)}
#define VSPLATS(x) {(int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x), \
                (int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x), \
                (int8_t)(x), (int8_t)(x), (int8_t)(x), (int8_t)(x)}
#else
#define V_LANES 8
typedef uint16_t vunits __attribute__((vector_size(16)));
typedef int16_t vlanes __attribute__((vector_size(16)));
#define V_SIGN 0x8000
#define VSPLAT(x) {(uint16_t)(x), (uint16_t)(x), (uint16_t)(x), (uint16_t)(x), \
               (uint16_t)(x), (uint16_t)(x), (uint16_t)(x), (uint16_t)(x)}
#define VSPLATS(x) {(int16_t)(x), (int16_t)(x), (int16_t)(x), (int16_t)(x), \
                (int16_t)(x), (int16_t)(x), (int16_t)(x), (int16_t)(x)}
#endif

/* A range test: lanes with lo <= c < lo + len are those with
 * (signed)(c + bias) < lim, where bias = V_SIGN - lo and lim = len - V_SIGN
 * (SSE2 has no unsigned compare: the range is moved down to start at the
 * lane's least signed value).  Lanes outside it are those with
 * (c + bias) > lim - 1. */
#define BIAS(lo) VSPLAT(V_SIGN - (lo))
#define LIM(len) VSPLATS((int)(len) - V_SIGN)

static inline vlanes v_range(vunits c, unsigned lo, unsigned len) {
    vunits bias = BIAS(lo);
    vlanes lim = LIM(len);
    return (vlanes)(c + bias) < lim;
}

static inline vlanes v_eq(vunits c, unsigned ch) {
    return (vlanes)(c == (vunits)VSPLAT(ch));
}

/* One bit (or two) per lane, set for the lanes that are all-ones: the
 * index of the first is ctz(bits) / V_BITS_PER_LANE. */
#if defined(__wasm_simd128__) && defined(H5_CHAR8)
#define V_BITS_PER_LANE 1
static inline unsigned v_bits(vlanes m) { return wasm_i8x16_bitmask((v128_t)m); }
#elif defined(__wasm_simd128__)
#define V_BITS_PER_LANE 1
static inline unsigned v_bits(vlanes m) { return wasm_i16x8_bitmask((v128_t)m); }
#else
#define V_BITS_PER_LANE (16 / V_LANES)
static inline unsigned v_bits(vlanes m) { return (unsigned)_mm_movemask_epi8((__m128i)m); }
#endif

#endif /* H5_SIMD */

/* A stop set of the bulk scanners: its mask (M_*), and with SIMD the vector
 * constants: the stop characters, and the range tests that flag every unit
 * that is not printable ASCII, TAB or LF (the same in every set, but read
 * from memory with the rest, see above). */
typedef struct {
#ifdef H5_SIMD
    vunits eq[2];             /* stop characters (an unused slot repeats one) */
    vunits pbias;             /* printable ASCII U+0020..U+007E ... */
    vlanes plast;
    vunits xbias;             /* ... TAB and LF */
    vlanes xlast;
#ifdef H5_CHAR8
    vunits hbias;             /* ... and bytes 0x80..0xFF (h5.h) */
    vlanes hlast;
#endif
#endif
    unsigned mask;
    bool vec;                /* worth scanning with vectors */
} scan_set;

#if defined(H5_SIMD) && defined(H5_CHAR8)
#define SCAN_SET(m, e0, e1)                                                    \
    {.eq = {VSPLAT(e0), VSPLAT(e1)}, .pbias = BIAS(0x20), .plast = LIM(0x7F - 0x20 - 1), \
     .xbias = BIAS('\t'), .xlast = LIM(2 - 1), .hbias = BIAS(0x80), .hlast = LIM(0x80 - 1), \
     .mask = (m), .vec = true}
#elif defined(H5_SIMD)
#define SCAN_SET(m, e0, e1)                                                    \
    {.eq = {VSPLAT(e0), VSPLAT(e1)}, .pbias = BIAS(0x20), .plast = LIM(0x7F - 0x20 - 1), \
     .xbias = BIAS('\t'), .xlast = LIM(2 - 1), .mask = (m), .vec = true}
#else
#define SCAN_SET(m, e0, e1) {.mask = (m), .vec = true}
#endif
#define SCAN_SET_SCALAR(m) {.mask = (m), .vec = false}

/* 13.2.5.1 data, 13.2.5.2 RCDATA: < & */
static const scan_set SS_DATA = SCAN_SET(M_DATA, '<', '&');
#ifdef H5_BOUNDS_ONLY
/* Where text ends, in the data, RCDATA, RAWTEXT and script data states of a
 * tokenizer whose text is not read (H5_BOUNDS_ONLY, only in the builds
 * that define it): < alone (its vector test is exact: eq holds the only stop
 * character). */
static const scan_set SS_TEXT_BOUNDS = SCAN_SET(M_TEXT_BOUNDS, '<', '<');
/* Where an attribute value in quotes ends, in the attributes such a
 * tokenizer steps over (13.2.5.36 / 13.2.5.37: the closing quote). */
static const scan_set SS_DQ_BOUNDS = SCAN_SET(K_DQ | K_BOUNDS, '"', '"');
static const scan_set SS_SQ_BOUNDS = SCAN_SET(K_SQ | K_BOUNDS, '\'', '\'');
#endif
/* 13.2.5.3 RAWTEXT, 13.2.5.4 script data: < */
static const scan_set SS_RAWTEXT = SCAN_SET(M_RAWTEXT, '<', '<');
/* 13.2.5.5 PLAINTEXT: only U+0000, which is flagged anyway */
static const scan_set SS_PLAINTEXT = SCAN_SET(M_PLAINTEXT, 0, 0);
/* 13.2.5.20 / 13.2.5.27 script data (double) escaped: - < */
static const scan_set SS_SCRIPT_ESCAPED = SCAN_SET(M_SCRIPT_ESCAPED, '-', '<');
/* 13.2.5.69 CDATA section: ] */
static const scan_set SS_CDATA = SCAN_SET(M_CDATA, ']', ']');
/* 13.2.5.36 / 13.2.5.37 attribute value (double- / single-quoted) */
static const scan_set SS_ATTR_DQ = SCAN_SET(M_ATTR_DQ, '"', '&');
static const scan_set SS_ATTR_SQ = SCAN_SET(M_ATTR_SQ, '\'', '&');
/* 13.2.5.45 comment: < - */
static const scan_set SS_COMMENT = SCAN_SET(M_COMMENT, '<', '-');
/* 13.2.5.41 bogus comment: > */
static const scan_set SS_BOGUS_COMMENT = SCAN_SET(M_BOGUS_COMMENT, '>', '>');
/* 13.2.5.59 / 60 / 65 / 66 DOCTYPE public and system identifiers */
static const scan_set SS_DOCTYPE_ID_DQ = SCAN_SET(M_DOCTYPE_ID_DQ, '"', '>');
static const scan_set SS_DOCTYPE_ID_SQ = SCAN_SET(M_DOCTYPE_ID_SQ, '\'', '>');
/* The sets where whitespace stops are scanned by the scalar loop alone:
 * tag, attribute and DOCTYPE names (13.2.5.8, 13.2.5.33, 13.2.5.55) are
 * nearly always shorter than a vector, and unquoted attribute values
 * (13.2.5.38) are rare. */
static const scan_set SS_TAG_NAME = SCAN_SET_SCALAR(M_TAG_NAME);
static const scan_set SS_ATTR_NAME = SCAN_SET_SCALAR(M_ATTR_NAME);
static const scan_set SS_DOCTYPE_NAME = SCAN_SET_SCALAR(M_DOCTYPE_NAME);
static const scan_set SS_ATTR_UNQUOTED = SCAN_SET_SCALAR(M_ATTR_UNQUOTED);
#undef SCAN_SET
#undef SCAN_SET_SCALAR
#ifdef H5_SIMD
#undef VSPLAT
#undef VSPLATS
#undef BIAS
#undef LIM
#undef V_SIGN
#endif

/* The index of the first unit from p on that stops a bulk scan with the
 * stop set `set` (its class is in set->mask | K_SLOW, or scan_nonascii_slow),
 * or e.  Inlined: a call in the loop would make WebAssembly engines spill
 * the vectors. */
static inline __attribute__((always_inline)) size_t scan_ordinary(const h5_char *in, size_t p,
                                                                  size_t e, const scan_set *set) {
    const unsigned mask = set->mask;
#ifdef H5_SIMD
    if (set->vec && e - p >= V_LANES) {
        do {
            vunits c;
            memcpy(&c, in + p, sizeof c); /* unaligned load */
            vlanes stop = (vlanes)(c == set->eq[0]) | (vlanes)(c == set->eq[1]);
#ifdef H5_BOUNDS_ONLY
            if (mask & K_BOUNDS) {
                /* Only the stop characters stop: the first one is the answer. */
                unsigned found = v_bits(stop);
                if (found) return p + (unsigned)__builtin_ctz(found) / V_BITS_PER_LANE;
                p += V_LANES;
                continue;
            }
#endif
            vlanes odd = ((vlanes)(c + set->pbias) > set->plast) &
                        ((vlanes)(c + set->xbias) > set->xlast)
#ifdef H5_CHAR8
                        & ((vlanes)(c + set->hbias) > set->hlast)
#endif
                ;
            unsigned bits = v_bits(stop | odd);
            if (bits) {
                size_t q = p + (unsigned)__builtin_ctz(bits) / V_BITS_PER_LANE;
                if (scan_stops(in[q], mask)) return q;
                /* The first flagged unit is ordinary after all (FF, or
                 * not ASCII): test the whole vector exactly.  Ordinary are
                 * printable ASCII, TAB, LF, FF, U+00A0..U+D7FF and
                 * U+E000..U+FFFD except the noncharacters U+FDD0..U+FDEF.
                 * Not ordinary in any set: U+0000, CR and the other
                 * controls, DEL and the C1 controls (13.2.3.5 newlines and
                 * input stream errors), surrogates (the caller checks them
                 * in pairs) and noncharacters. */
                vlanes ok = v_range(c, 0x20, 0x7F - 0x20) | v_range(c, '\t', 2) | v_eq(c, '\f') |
#ifdef H5_CHAR8
                           v_range(c, 0x80, 0x80); /* (bytes: every non-ASCII one) */
#else
                           v_range(c, 0xA0, 0xD800 - 0xA0) | v_range(c, 0xE000, 0xFDD0 - 0xE000) |
                           v_range(c, 0xFDF0, 0xFFFE - 0xFDF0);
#endif
                bits = v_bits(stop | ~ok);
                if (bits) return p + (unsigned)__builtin_ctz(bits) / V_BITS_PER_LANE;
            }
            p += V_LANES;
        } while (e - p >= V_LANES);
    }
#endif
    return scan_scalar(in, p, e, mask);
}

#endif
