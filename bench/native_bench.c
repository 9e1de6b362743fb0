/*
 * Native benchmark of the C core: for each file given, convert UTF-8 to
 * UTF-16 once (untimed), then parse it repeatedly and report the best and
 * median time.  Each run does what the wasm module's h5w_parse does (the
 * "core" row of the benchmark): h5_parse, then h5_flatbuf_write of the tree
 * into the flat buffer.  Prints one TSV line per file and a total:
 *   file  bytes  median_ms  best_ms  MB/s(median)
 * Usage: native_bench [--tokenize | --parse-only] [--min-ms N] FILE...
 *   --tokenize    the tokenizer alone
 *   --parse-only  h5_parse without writing the flat buffer
 * Timing uses CPU time (clock()), as the machine is shared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flatbuf.h"
#include "parser.h"
#include "tokenizer.h"

static void on_token(void *ctx, h5_token *t) { ++*(size_t *)ctx; (void)t; }

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    bool tokenize_only = false, parse_only = false;
    double min_ms = 300;
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--tokenize")) tokenize_only = true;
        else if (!strcmp(argv[i], "--parse-only")) parse_only = true;
        else if (!strcmp(argv[i], "--min-ms") && i + 1 < argc) min_ms = atof(argv[++i]);
        else { fprintf(stderr, "usage: native_bench [--tokenize | --parse-only] [--min-ms N] FILE...\n"); return 2; }
    }
    h5_parser *p = h5_parser_create();
    h5_flatbuf fb;
    h5_flatbuf_init(&fb);
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    h5_tokenizer *t = h5_tokenizer_create();
    double total_bytes = 0, total_ms = 0;
    printf("file\tbytes\tmedian_ms\tbest_ms\tMB/s\n");
    for (; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) { perror(argv[i]); return 1; }
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        fseek(f, 0, SEEK_SET);
        uint8_t *bytes = malloc((size_t)size + 1);
        h5_char *in = malloc(((size_t)size + 1) * sizeof(h5_char));
        if (!bytes || !in || fread(bytes, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "read failed\n"); return 1; }
        fclose(f);
        size_t n = h5_utf8_to_utf16(bytes, (size_t)size, in);
        double times[1000];
        int runs = 0;
        double spent = 0;
        while (runs < 1000 && (runs < 5 || spent < min_ms)) {
            clock_t c0 = clock();
            if (tokenize_only) {
                size_t count = 0;
                h5_tokenizer_options o;
                memset(&o, 0, sizeof o);
                o.on_token = on_token;
                o.token_ctx = &count;
                h5_tokenizer_reset(t, &o);
                h5_tokenizer_feed(t, in, n);
                h5_tokenizer_finish(t);
            } else {
                h5_parse_options o = h5_parse_options_default();
                h5_node *doc;
                if (h5_parse(p, in, n, &o, &doc) != H5_OK) { fprintf(stderr, "parse failed: %s\n", argv[i]); return 1; }
                if (!parse_only && h5_flatbuf_write(doc, &fo, &fb) != H5_OK) { fprintf(stderr, "flat buffer failed: %s\n", argv[i]); return 1; }
            }
            double ms = (double)(clock() - c0) * 1000.0 / CLOCKS_PER_SEC;
            times[runs++] = ms;
            spent += ms;
        }
        qsort(times, (size_t)runs, sizeof times[0], cmp);
        double med = times[runs / 2];
        const char *base = strrchr(argv[i], '/');
        printf("%s\t%ld\t%.3f\t%.3f\t%.1f\n", base ? base + 1 : argv[i], size, med, times[0],
               med > 0 ? (double)size / 1e6 / (med / 1000.0) : 0);
        total_bytes += (double)size;
        total_ms += med;
        free(bytes);
        free(in);
    }
    printf("TOTAL\t%.0f\t%.3f\t-\t%.1f\n", total_bytes, total_ms,
           total_ms > 0 ? total_bytes / 1e6 / (total_ms / 1000.0) : 0);
    h5_parser_destroy(p);
    h5_flatbuf_free(&fb);
    h5_tokenizer_destroy(t);
    return 0;
}
