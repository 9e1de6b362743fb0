/*
 * Native benchmark of the C core: for each file given, convert UTF-8 to
 * UTF-16 once (untimed), then parse it repeatedly and report the best and
 * median time.  Each run does what the wasm module's h5w_parse does (the
 * "core" row of the benchmark): h5_parse, then h5_flatbuf_write of the tree
 * into the flat buffer.  Prints one TSV line per file and a total:
 *   file  bytes  median_ms  best_ms  MB/s(median)
 * Usage: native_bench [--xml] [--tokenize | --parse-only] [--min-ms N | --rounds N | --serve MS] FILE...
 *   --xml         the XML5 parser (src/xml5/) instead: x5_parse, then
 *                 x5_flatbuf_write, as h5w_parse_xml does for
 *                 parseXmlToBuffer (with --tokenize: the XML5 tokenizer)
 *   --tokenize    the tokenizer alone
 *   --parse-only  h5_parse without writing the flat buffer
 *   --min-ms N    each page back to back until N ms and 5 runs (default, 300)
 *   --rounds N    interleaved: N rounds, each parsing every page once in
 *                 order (after one untimed round), as bench/ runs the JS
 *                 parsers; a page's run then finds the caches holding the
 *                 previous page's data, not its own
 *   --serve MS    batches on request, as bench/lib/throughput.js runs the JS
 *                 parsers (interleaved with them, in the same stretch of
 *                 time): prints "ready", then for each line of page indices
 *                 (0-based, in FILE order) on stdin parses the first page
 *                 untimed and then each page timed, sleeps MS ms, and prints
 *                 one line: the CPU ms spent while asleep, then CPU ms and
 *                 wall ms of each page
 * Timing uses CPU time (clock()), as the machine is shared.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../test/native/decoders.h"
#include "flatbuf.h"
#include "parser.h"
#include "tokenizer.h"
#include "xml5_flatbuf.h"
#include "xml5_tokenizer.h"
#include "xml5_tree.h"

static void on_token(void *ctx, h5_token *t) { ++*(size_t *)ctx; (void)t; }
static void on_xml_token(void *ctx, const x5_token *t) { ++*(size_t *)ctx; (void)t; }

/* --xml: the XML5 parser and tokenizer (NULL: HTML). */
typedef struct {
    x5_parser *p;
    x5_tokenizer *t;
} xml_parsers;

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct {
    const char *path;
    long size;
    h5_char *in;
    size_t n;
    double *times;
    int runs;
} page;

/* One timed run of page `pg`; false on failure. */
static bool run_once(page *pg, bool tokenize_only, bool parse_only, h5_parser *p, h5_tokenizer *t,
                     h5_flatbuf *fb, const h5_flatbuf_options *fo, const xml_parsers *xml, double *ms) {
    clock_t c0 = clock();
    if (xml->p && tokenize_only) {
        size_t count = 0;
        x5_tokenizer_options o;
        memset(&o, 0, sizeof o);
        o.on_token = on_xml_token;
        o.token_ctx = &count;
        x5_tokenizer_reset(xml->t, &o);
        x5_tokenizer_feed(xml->t, pg->in, pg->n);
        x5_tokenizer_finish(xml->t);
    } else if (xml->p) {
        h5_node *doc;
        if (x5_parse(xml->p, pg->in, pg->n, &doc) != H5_OK) { fprintf(stderr, "XML parse failed: %s\n", pg->path); return false; }
        if (!parse_only && x5_flatbuf_write(xml->p, doc, fo, fb) != H5_OK) { fprintf(stderr, "flat buffer failed: %s\n", pg->path); return false; }
    } else if (tokenize_only) {
        size_t count = 0;
        h5_tokenizer_options o;
        memset(&o, 0, sizeof o);
        o.on_token = on_token;
        o.token_ctx = &count;
        h5_tokenizer_reset(t, &o);
        h5_tokenizer_feed(t, pg->in, pg->n);
        h5_tokenizer_finish(t);
    } else {
        h5_parse_options o = h5_parse_options_default();
        h5_node *doc;
        if (h5_parse(p, pg->in, pg->n, &o, &doc) != H5_OK) { fprintf(stderr, "parse failed: %s\n", pg->path); return false; }
        if (!parse_only && h5_flatbuf_write(doc, fo, fb) != H5_OK) { fprintf(stderr, "flat buffer failed: %s\n", pg->path); return false; }
    }
    *ms = (double)(clock() - c0) * 1000.0 / CLOCKS_PER_SEC;
    return true;
}

#define MAX_RUNS 1000

static double clock_ms(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}

/* --serve: the batch protocol described at the top. */
static int serve(page *pages, int npages, double settle_ms, h5_parser *p, h5_flatbuf *fb,
                 const h5_flatbuf_options *fo, const xml_parsers *xml) {
    static char line[1 << 16];
    int batch[4096];
    printf("ready\n");
    fflush(stdout);
    while (fgets(line, sizeof line, stdin)) {
        if (!strchr(line, '\n') && !feof(stdin)) {
            fprintf(stderr, "serve: request line longer than %zu bytes\n", sizeof line - 1);
            return 1;
        }
        int n = 0;
        char *s = line, *end;
        for (long k = strtol(s, &end, 10); end != s; k = strtol(s, &end, 10)) {
            if (k < 0 || k >= npages) { fprintf(stderr, "serve: no page %ld\n", k); return 1; }
            if (n == (int)(sizeof batch / sizeof batch[0])) {
                fprintf(stderr, "serve: more than %d pages in a batch\n", n);
                return 1;
            }
            batch[n++] = (int)k;
            s = end;
        }
        if (n == 0) continue;
        double ms;
        if (!run_once(&pages[batch[0]], false, false, p, NULL, fb, fo, xml, &ms)) return 1;
        static double cpu[sizeof batch / sizeof batch[0]], wall[sizeof batch / sizeof batch[0]];
        for (int i = 0; i < n; i++) {
            double w0 = clock_ms(CLOCK_MONOTONIC), c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
            if (!run_once(&pages[batch[i]], false, false, p, NULL, fb, fo, xml, &ms)) return 1;
            cpu[i] = clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0;
            wall[i] = clock_ms(CLOCK_MONOTONIC) - w0;
        }
        double c0 = clock_ms(CLOCK_PROCESS_CPUTIME_ID);
        if (settle_ms > 0) {
            struct timespec ts = { (time_t)(settle_ms / 1000), (long)(settle_ms * 1e6) % 1000000000L };
            nanosleep(&ts, NULL);
        }
        printf("%.4f", clock_ms(CLOCK_PROCESS_CPUTIME_ID) - c0);
        for (int i = 0; i < n; i++) printf(" %.4f %.4f", cpu[i], wall[i]);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv) {
    bool tokenize_only = false, parse_only = false, use_xml = false;
    double min_ms = 300;
    int rounds = 0;
    double settle_ms = -1; /* >= 0: --serve */
    int i = 1;
    for (; i < argc && argv[i][0] == '-'; i++) {
        if (!strcmp(argv[i], "--tokenize")) tokenize_only = true;
        else if (!strcmp(argv[i], "--xml")) use_xml = true;
        else if (!strcmp(argv[i], "--parse-only")) parse_only = true;
        else if (!strcmp(argv[i], "--min-ms") && i + 1 < argc) min_ms = atof(argv[++i]);
        else if (!strcmp(argv[i], "--rounds") && i + 1 < argc) rounds = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--serve") && i + 1 < argc) settle_ms = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: native_bench [--xml] [--tokenize | --parse-only] [--min-ms N | --rounds N | --serve MS] FILE...\n");
            return 2;
        }
    }
    if (rounds < 0 || rounds > MAX_RUNS) { fprintf(stderr, "--rounds: 1..%d\n", MAX_RUNS); return 2; }
    int npages = argc - i;
    page *pages = calloc((size_t)(npages > 0 ? npages : 1), sizeof *pages);
    if (!pages) return 1;
    for (int k = 0; k < npages; k++) {
        page *pg = &pages[k];
        pg->path = argv[i + k];
        FILE *f = fopen(pg->path, "rb");
        if (!f) { perror(pg->path); return 1; }
        fseek(f, 0, SEEK_END);
        pg->size = ftell(f);
        fseek(f, 0, SEEK_SET);
        uint8_t *bytes = malloc((size_t)pg->size + 1);
        pg->in = malloc(((size_t)pg->size + 1) * sizeof(h5_char));
        pg->times = malloc(MAX_RUNS * sizeof(double));
        if (!bytes || !pg->in || !pg->times || fread(bytes, 1, (size_t)pg->size, f) != (size_t)pg->size) {
            fprintf(stderr, "read failed: %s\n", pg->path);
            return 1;
        }
        fclose(f);
        pg->n = h5_utf8_to_utf16(bytes, (size_t)pg->size, pg->in);
        free(bytes);
    }
    h5_parser *p = h5_parser_create();
    h5_flatbuf fb;
    h5_flatbuf_init(&fb);
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    h5_tokenizer *t = h5_tokenizer_create();
    xml_parsers xml = { NULL, NULL };
    if (use_xml && (!(xml.p = x5_parser_create()) || !(xml.t = x5_tokenizer_create()))) return 1;
    if (settle_ms >= 0) return serve(pages, npages, settle_ms, p, &fb, &fo, &xml);
    if (rounds > 0) {
        /* Interleaved, as the JS parsers are measured: each round parses
         * every page once, in order, after one untimed round. */
        for (int r = -1; r < rounds; r++) {
            for (int k = 0; k < npages; k++) {
                double ms;
                if (!run_once(&pages[k], tokenize_only, parse_only, p, t, &fb, &fo, &xml, &ms)) return 1;
                if (r >= 0) pages[k].times[pages[k].runs++] = ms;
            }
        }
    } else {
        /* Each page on its own, back to back, until min_ms (and 5 runs). */
        for (int k = 0; k < npages; k++) {
            double spent = 0;
            while (pages[k].runs < MAX_RUNS && (pages[k].runs < 5 || spent < min_ms)) {
                double ms;
                if (!run_once(&pages[k], tokenize_only, parse_only, p, t, &fb, &fo, &xml, &ms)) return 1;
                pages[k].times[pages[k].runs++] = ms;
                spent += ms;
            }
        }
    }
    double total_bytes = 0, total_ms = 0;
    printf("file\tbytes\tmedian_ms\tbest_ms\tMB/s\n");
    for (int k = 0; k < npages; k++) {
        page *pg = &pages[k];
        qsort(pg->times, (size_t)pg->runs, sizeof pg->times[0], cmp);
        double med = pg->times[pg->runs / 2];
        const char *base = strrchr(pg->path, '/');
        printf("%s\t%ld\t%.3f\t%.3f\t%.1f\n", base ? base + 1 : pg->path, pg->size, med, pg->times[0],
               med > 0 ? (double)pg->size / 1e6 / (med / 1000.0) : 0);
        total_bytes += (double)pg->size;
        total_ms += med;
        free(pg->in);
        free(pg->times);
    }
    free(pages);
    printf("TOTAL\t%.0f\t%.3f\t-\t%.1f\n", total_bytes, total_ms,
           total_ms > 0 ? total_bytes / 1e6 / (total_ms / 1000.0) : 0);
    h5_parser_destroy(p);
    h5_flatbuf_free(&fb);
    h5_tokenizer_destroy(t);
    x5_parser_destroy(xml.p);
    x5_tokenizer_destroy(xml.t);
    return 0;
}
