/*
 * The tokenizer's vectorised run scanner (scan_ordinary, SSE2 / wasm
 * simd128) against its scalar loop (scan_scalar), for every stop set: each
 * code unit 0..0xFFFF at every position of a vector and in the scalar tail,
 * then random buffers of the units that matter (stop characters, controls,
 * CR, DEL/C1, surrogates, noncharacters).  Both must stop at the same unit.
 * Built with the tokenizer's source included, so that its static functions
 * are visible; without SIMD both are the scalar loop and the test still runs.
 */
#include "../../src/tokenizer.c"

#include <stdio.h>

static const scan_set *const sets[] = {
    &SS_DATA, &SS_RAWTEXT, &SS_PLAINTEXT, &SS_SCRIPT_ESCAPED, &SS_CDATA, &SS_ATTR_DQ, &SS_ATTR_SQ,
    &SS_ATTR_UNQUOTED, &SS_COMMENT, &SS_BOGUS_COMMENT, &SS_TAG_NAME, &SS_ATTR_NAME, &SS_DOCTYPE_NAME,
    &SS_DOCTYPE_ID_DQ, &SS_DOCTYPE_ID_SQ};

static uint64_t rng = 88172645463325252ull;
static unsigned rnd(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)rng;
}

int main(void) {
    static const h5_char pool[] = {
        'a', 'Z', 'A', '@', '[', ' ', '\t', '\n', '\f', '\r', 0, 1, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0x9F,
        0xA0, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFFFD, 0xFFFE,
        0xFFFF, '<', '>', '&', '"', '\'', '=', '`', '-', ']', '/', '!', '?', '%', '#', '$', 0x4E00};
    h5_char buf[40];
    long checks = 0, fails = 0;
    for (size_t si = 0; si < sizeof sets / sizeof *sets; si++) {
        const scan_set *set = sets[si];
        unsigned mask = set->mask;
        /* Unit c at position k (lanes of the first vector, of the second,
         * and the scalar tail), scans starting at p = 0..2. */
        for (unsigned c = 0; c < 0x10000; c++) {
            for (int k = 0; k < 20; k += (c < 0x100 || c >= 0xD7F0) ? 1 : 3) {
                for (int i = 0; i < 40; i++) buf[i] = 'a';
                buf[k] = (h5_char)c;
                for (size_t p = 0; p < 3; p++) {
                    size_t e = 24 + p;
                    size_t a = scan_ordinary(buf, p, e, set), b = scan_scalar(buf, p, e, mask);
                    checks++;
                    if (a != b && fails++ < 20)
                        printf("set %zu unit %04x at %d from %zu: vector stops at %zu, scalar at %zu\n", si, c, k, p, a, b);
                }
            }
        }
        for (int it = 0; it < 200000; it++) {
            size_t n = rnd() % 40;
            for (size_t i = 0; i < n; i++) buf[i] = (rnd() % 4) ? 'x' : pool[rnd() % (sizeof pool / sizeof *pool)];
            size_t p = n ? rnd() % (n + 1) : 0;
            size_t a = scan_ordinary(buf, p, n, set), b = scan_scalar(buf, p, n, mask);
            checks++;
            if (a != b && fails++ < 40) printf("set %zu random buffer of %zu from %zu: vector stops at %zu, scalar at %zu\n", si, n, p, a, b);
        }
    }
    printf("scan_test: %ld checks, %ld differences between the vector and scalar scans\n", checks, fails);
    return fails != 0;
}
