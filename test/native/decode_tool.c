/*
 * The test decoders (decoders.h) as a filter, for test/js/unit/decoders.test.js,
 * which compares them with the product's decoding (js/html/bytes.js).
 *
 * stdin: records of [encoding id: 1 byte][n: 4 bytes LE][n bytes].
 * stdout: for each, [m: 4 bytes LE][m UTF-16 code units, 2 bytes LE each],
 * or m = 0xFFFFFFFF where h5_decode refuses the encoding.
 */
#include <stdio.h>
#include <stdlib.h>

#include "decoders.h"

static void put_u32(uint32_t v) {
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    fwrite(b, 1, 4, stdout);
}

int main(void) {
    unsigned char head[5];
    while (fread(head, 1, 5, stdin) == 5) {
        size_t n = (size_t)head[1] | (size_t)head[2] << 8 | (size_t)head[3] << 16 | (size_t)head[4] << 24;
        uint8_t *in = malloc(n + 1);
        h5_char *out = malloc((n + 1) * sizeof *out);
        if (!in || !out || fread(in, 1, n, stdin) != n) return 2;
        size_t m;
        if (h5_decode((h5_encoding)head[0], in, n, out, &m) != H5_OK) {
            put_u32(0xFFFFFFFFu);
        } else {
            put_u32((uint32_t)m);
            for (size_t i = 0; i < m; i++) {
                unsigned char u[2] = {(unsigned char)out[i], (unsigned char)(out[i] >> 8)};
                fwrite(u, 1, 2, stdout);
            }
        }
        free(in);
        free(out);
    }
    return ferror(stdout) ? 2 : 0;
}
