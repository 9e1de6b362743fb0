/*
 * The tokenizer's bulk scanners (src/tokenizer/scan.h), each against a reference
 * written here from the spec:
 *
 * 1. scan_stops, for every stop set and every code unit 0..0xFFFF: a unit
 *    stops a scan if its state must look at it (the set's characters, from
 *    the state's text in 13.2.5, and U+0000, which every set includes), or
 *    if 13.2.3.5's preprocessing must see it (CR, the controls, surrogates,
 *    noncharacters).
 * 2. scan_scalar on random buffers: the first unit the reference stops at.
 * 3. scan_ordinary (SSE2 natively, simd128 in the wasm build of this test,
 *    the scalar loop elsewhere) against scan_scalar: each code unit at every
 *    position of a vector and in the scalar tail, then random buffers of the
 *    units that matter (stop characters, controls, CR, DEL/C1, surrogates,
 *    noncharacters).  Both must stop at the same unit.
 * 4. scan_ascii (span_run's lowercasing loop) on random buffers.
 *
 * The set of a tokenizer whose text is not read (SS_TEXT_BOUNDS, K_BOUNDS;
 * in the byte build, which defines H5_BOUNDS_ONLY as the rewriter's
 * module does) stops at its characters alone: not at U+0000, nor for
 * 13.2.3.5.
 *
 * Built twice: over UTF-16 code units, and over bytes (H5_CHAR8, the
 * rewriter's module: src/common/h5.h), where 13.2.3.5 sees only CR and the
 * ASCII controls (no input stream errors are reported for an encoding's
 * non-ASCII bytes) and a vector holds 16 units.
 *
 * Prints the number of checks and of failures; exits 1 on any failure.
 */
#include "scan.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *name; /* the spec's state(s) */
    const scan_set *set;
    const char *stops; /* the ASCII characters the states stop at, besides U+0000 */
    bool ws, upper;    /* ... and ASCII whitespace (TAB LF FF SPACE), upper alphas */
    bool bounds;       /* only `stops` (K_BOUNDS: not U+0000, nothing for 13.2.3.5) */
} reference;

static const reference refs[] = {
    {"13.2.5.1 data, 13.2.5.2 RCDATA", &SS_DATA, "<&", false, false, false},
    {"13.2.5.3 RAWTEXT, 13.2.5.4 script data", &SS_RAWTEXT, "<", false, false, false},
    {"13.2.5.5 PLAINTEXT", &SS_PLAINTEXT, "", false, false, false},
    {"13.2.5.20 script data escaped, 13.2.5.27 double escaped", &SS_SCRIPT_ESCAPED, "-<", false, false, false},
    {"13.2.5.69 CDATA section", &SS_CDATA, "]", false, false, false},
    {"13.2.5.36 attribute value (double-quoted)", &SS_ATTR_DQ, "\"&", false, false, false},
    {"13.2.5.37 attribute value (single-quoted)", &SS_ATTR_SQ, "'&", false, false, false},
    {"13.2.5.38 attribute value (unquoted)", &SS_ATTR_UNQUOTED, "&>\"'<=`", true, false, false},
    {"13.2.5.45 comment", &SS_COMMENT, "<-", false, false, false},
    {"13.2.5.41 bogus comment", &SS_BOGUS_COMMENT, ">", false, false, false},
    {"13.2.5.8 tag name", &SS_TAG_NAME, "/>", true, true, false},
    {"13.2.5.33 attribute name", &SS_ATTR_NAME, "/>=\"'<", true, true, false},
    {"13.2.5.55 DOCTYPE name", &SS_DOCTYPE_NAME, ">", true, true, false},
    {"13.2.5.59 / 65 DOCTYPE identifier (double-quoted)", &SS_DOCTYPE_ID_DQ, "\">", false, false, false},
    {"13.2.5.60 / 66 DOCTYPE identifier (single-quoted)", &SS_DOCTYPE_ID_SQ, "'>", false, false, false},
#ifdef H5_BOUNDS_ONLY
    {"where text ends (H5_BOUNDS_ONLY: data, RCDATA, RAWTEXT, script data)", &SS_TEXT_BOUNDS, "<", false, false, true},
    {"where a double-quoted value ends (H5_BOUNDS_ONLY: attributes stepped over)", &SS_DQ_BOUNDS, "\"", false, false, true},
    {"where a single-quoted value ends (H5_BOUNDS_ONLY: attributes stepped over)", &SS_SQ_BOUNDS, "'", false, false, true},
#endif
};
#define NREFS (sizeof refs / sizeof *refs)

/* 13.2.3.5: the units the preprocessing must see.  CR (newlines are
 * normalised); controls other than ASCII whitespace and U+0000 (the states
 * handle U+0000); surrogates (a pair is one character, possibly a
 * noncharacter; a lone one is an error); BMP noncharacters. */
static bool ref_preprocessed(unsigned c) {
    if (c == '\r') return true;
    if ((c >= 0x01 && c <= 0x1F) && c != '\t' && c != '\n' && c != '\f') return true;
#ifdef H5_CHAR8
    return c == 0x7F;
#endif
    if (c >= 0x7F && c <= 0x9F) return true;
    if (c >= 0xD800 && c <= 0xDFFF) return true;
    return (c >= 0xFDD0 && c <= 0xFDEF) || c == 0xFFFE || c == 0xFFFF;
}

static bool ref_stops(const reference *r, unsigned c) {
    if (r->bounds) return c != 0 && c < 0x80 && strchr(r->stops, (int)c) != NULL;
    if (c == 0 || ref_preprocessed(c)) return true;
    if (c >= 0x80) return false;
    if (r->ws && (c == '\t' || c == '\n' || c == '\f' || c == ' ')) return true;
    if (r->upper && c >= 'A' && c <= 'Z') return true;
    return strchr(r->stops, (int)c) != NULL;
}

static long checks, fails;

static void check(bool ok, const char *what, const reference *r, unsigned a, unsigned b) {
    checks++;
    if (!ok && fails++ < 40) printf("FAIL %s, %s: %u / %u\n", what, r->name, a, b);
}

static uint64_t rng = 88172645463325252ull;
static unsigned rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)rng;
}

static const h5_char pool[] = {
    'a', 'Z', 'A', '@', '[', ' ', '\t', '\n', '\f', '\r', 0, 1, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0x9F,
#ifdef H5_CHAR8
    0xA0, 0xBF, 0xC3, 0xE4, 0xEF, 0xF0, 0xFE, 0xFF,
#else
    0xA0, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFD, 0xFFFE,
    0xFFFF, 0x4E00,
#endif
    '<', '>', '&', '"', '\'', '=', '`', '-', ']', '/', '!', '?', '%', '#', '$'};

/* Every code unit; the lanes of two vectors and a scalar tail (test 3). */
#ifdef H5_CHAR8
#define UNITS 0x100u
#define SPAN 36
#else
#define UNITS 0x10000u
#define SPAN 24
#endif

/* A random buffer of n units, mostly 'x', else from the pool; returns a
 * random start p <= n. */
static size_t random_buffer(h5_char *buf, size_t n) {
    for (size_t i = 0; i < n; i++) buf[i] = (rnd() % 4) ? 'x' : pool[rnd() % (sizeof pool / sizeof *pool)];
    return n ? rnd() % (n + 1) : 0;
}

int main(void) {
    h5_char buf[40];
    for (size_t ri = 0; ri < NREFS; ri++) {
        const reference *r = &refs[ri];
        const scan_set *set = r->set;
        unsigned mask = set->mask;

        /* 1. Every code unit. */
        for (unsigned c = 0; c < UNITS; c++) check(scan_stops((h5_char)c, mask) == ref_stops(r, c), "scan_stops of unit", r, c, 0);

        /* 2, 4. Random buffers. */
        unsigned ascii_stop = ((mask & K_BOUNDS) ? mask : mask | K_SLOW) & ~(unsigned)K_UPPER;
        for (int it = 0; it < 20000; it++) {
            size_t n = rnd() % 40, p = random_buffer(buf, n);
            size_t want = p;
            while (want < n && !ref_stops(r, buf[want])) want++;
            check(scan_scalar(buf, p, n, mask) == want, "scan_scalar stops at", r, (unsigned)scan_scalar(buf, p, n, mask), (unsigned)want);
            want = p;
            while (want < n && buf[want] < 0x80 && !(ref_stops(r, buf[want]) && !(buf[want] >= 'A' && buf[want] <= 'Z'))) want++;
            check(scan_ascii(buf, p, n, ascii_stop) == want, "scan_ascii stops at", r, (unsigned)scan_ascii(buf, p, n, ascii_stop), (unsigned)want);
        }

        /* 3. Unit c at position k (lanes of the first vector, of the second,
         * and the scalar tail), scans starting at p = 0..2. */
        for (unsigned c = 0; c < UNITS; c++) {
            for (int k = 0; k < SPAN - 4; k += (c < 0x100 || c >= 0xD7F0) ? 1 : 3) {
                for (int i = 0; i < 40; i++) buf[i] = 'a';
                buf[k] = (h5_char)c;
                for (size_t p = 0; p < 3; p++) {
                    size_t e = SPAN + p;
                    size_t a = scan_ordinary(buf, p, e, set), b = scan_scalar(buf, p, e, mask);
                    checks++;
                    if (a != b && fails++ < 40)
                        printf("FAIL %s: unit %04x at %d from %zu: vector scan stops at %zu, scalar at %zu\n", r->name, c, k, p, a, b);
                }
            }
        }
        for (int it = 0; it < 200000; it++) {
            size_t n = rnd() % 40, p = random_buffer(buf, n);
            size_t a = scan_ordinary(buf, p, n, set), b = scan_scalar(buf, p, n, mask);
            checks++;
            if (a != b && fails++ < 40)
                printf("FAIL %s: random buffer of %zu from %zu: vector scan stops at %zu, scalar at %zu\n", r->name, n, p, a, b);
        }
    }
#ifdef H5_CHAR8
    const char *units = "bytes";
#else
    const char *units = "UTF-16 code units";
#endif
#if defined(__wasm_simd128__)
    const char *path = "vector (wasm simd128) and scalar";
#elif defined(H5_SIMD)
    const char *path = "vector (SSE2) and scalar";
#else
    const char *path = "scalar (no SIMD on this target)";
#endif
    printf("scan_test (%s): %zu stop sets, %s scans: %ld checks, %ld failed\n", units, NREFS, path, checks, fails);
    return fails != 0;
}
