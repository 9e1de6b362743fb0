/*
 * Pathological inputs for tree construction: depth (no recursion anywhere),
 * no quadratic blow-up, out-of-memory behaviour and parser reuse.
 *
 *   deep_test [DIR]   (DIR = html5lib tree-construction folder, optional:
 *                      its inputs are also parsed under memory limits)
 *
 * Each case must parse (H5_OK) and reach its minimum depth; the time each
 * takes is printed for information only (growth rates are measured by
 * `make bench`, not asserted here).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "decoders.h"
#include "parser.h"

static int failures;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Input = prefix + repeat * unit + suffix, as UTF-16. */
static h5_char *build(const char *prefix, const char *unit, size_t repeat, const char *suffix, size_t *len) {
    size_t lp = strlen(prefix), lu = strlen(unit), ls = strlen(suffix);
    size_t n = lp + lu * repeat + ls;
    h5_char *s = malloc((n + 1) * sizeof(h5_char));
    if (!s) exit(2);
    size_t k = 0;
    for (size_t i = 0; i < lp; i++) s[k++] = (unsigned char)prefix[i];
    for (size_t r = 0; r < repeat; r++)
        for (size_t i = 0; i < lu; i++) s[k++] = (unsigned char)unit[i];
    for (size_t i = 0; i < ls; i++) s[k++] = (unsigned char)suffix[i];
    *len = n;
    return s;
}

/* Depth of the deepest node and number of nodes, iteratively. */
static void measure(const h5_node *root, size_t *max_depth, size_t *count) {
    size_t depth = 0;
    *max_depth = 0;
    *count = 0;
    const h5_node *n = root;
    for (;;) {
        if (n->first_child) {
            n = n->first_child;
            depth++;
        } else {
            while (n != root && !n->next_sibling) {
                n = n->parent;
                depth--;
            }
            if (n == root) break;
            n = n->next_sibling;
        }
        (*count)++;
        if (depth > *max_depth) *max_depth = depth;
    }
}

static void check(h5_parser *p, const char *what, const char *prefix, const char *unit, size_t repeat,
                  const char *suffix, size_t min_depth) {
    size_t len;
    h5_char *in = build(prefix, unit, repeat, suffix, &len);
    h5_parse_options o = h5_parse_options_default();
    h5_node *doc = NULL;
    double t0 = now();
    h5_status st = h5_parse(p, in, len, &o, &doc);
    double dt = now() - t0;
    size_t depth = 0, count = 0;
    if (st == H5_OK) measure(doc, &depth, &count);
    free(in); /* after the tree, which may point into it (parser.h) */
    bool ok = st == H5_OK && depth >= min_depth;
    printf("%s %-40s %8.3fs depth %zu nodes %zu\n", ok ? "ok  " : "FAIL", what, dt, depth, count);
    if (!ok) failures++;
}

/* Parse `in` under increasing memory limits: every attempt returns H5_OK or
 * H5_ERR_OOM (never crashes), and the parser still works afterwards. */
static void oom_sweep(h5_parser *p, const h5_char *in, size_t len, bool fragment) {
    h5_parse_options o = h5_parse_options_default();
    static const h5_char ctx[] = { 'd', 'i', 'v' };
    if (fragment) {
        o.fragment = true;
        o.context_name = ctx;
        o.context_name_len = 3;
    }
    for (size_t limit = 1; limit < ((size_t)1 << 28); limit = limit + limit / 16 + 1024) {
        o.memory_limit = limit;
        h5_node *out = NULL;
        h5_status st = h5_parse(p, in, len, &o, &out);
        if (st == H5_OK) break;
        if (st != H5_ERR_OOM || out) {
            printf("FAIL oom sweep: status %d\n", (int)st);
            failures++;
            return;
        }
    }
    o.memory_limit = 0;
    h5_node *out = NULL;
    if (h5_parse(p, in, len, &o, &out) != H5_OK || !out) {
        printf("FAIL parser not reusable after OOM\n");
        failures++;
    }
}

static void oom_suite(h5_parser *p, const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    size_t inputs = 0;
    size_t big_len = 0, big_cap = 1 << 20;
    h5_char *big = malloc(big_cap * sizeof(h5_char));
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 4, ".dat")) continue;
        char path[8192];
        snprintf(path, sizeof path, "%.4000s/%.255s", dir, e->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        fseek(f, 0, SEEK_END);
        long sz = ftell(f);
        fseek(f, 0, SEEK_SET);
        char *buf = malloc((size_t)sz + 1);
        size_t got = fread(buf, 1, (size_t)sz, f);
        fclose(f);
        buf[got] = 0;
        /* Every #data section, cheaply: from "#data\n" to "\n#errors". */
        for (char *s = strstr(buf, "#data\n"); s; s = strstr(s, "#data\n")) {
            s += 6;
            char *end = strstr(s, "\n#errors");
            if (!end) break;
            size_t n8 = (size_t)(end - s);
            h5_char *in = malloc((n8 + 1) * sizeof(h5_char));
            size_t n = h5_utf8_to_utf16((const uint8_t *)s, n8, in);
            if (inputs % 10 == 0) oom_sweep(p, in, n, inputs % 20 == 0);
            if (big_len + n > big_cap) {
                big_cap = 2 * (big_len + n);
                big = realloc(big, big_cap * sizeof(h5_char));
            }
            memcpy(big + big_len, in, n * sizeof(h5_char));
            big_len += n;
            free(in);
            inputs++;
            s = end;
        }
        free(buf);
    }
    closedir(d);
    /* All inputs in one document: failures hit every stage of a big parse. */
    oom_sweep(p, big, big_len, false);
    oom_sweep(p, big, big_len, true);
    free(big);
    printf("%s oom sweep over %zu inputs (%zu code units together)\n", failures ? "FAIL" : "ok  ", inputs, big_len);
}

int main(int argc, char **argv) {
    h5_parser *p = h5_parser_create();
    if (!p) return 2;
    check(p, "1,000,000 nested <div>", "", "<div>", 1000000, "", 1000000);
    check(p, "1,000,000 nested <div> closed", "", "<div>", 1000000, "x</div>", 1000000);
    check(p, "200,000 nested <span> + <p>", "", "<span>", 200000, "<p>x<li>y", 200000);
    check(p, "100,000 unclosed <a>", "", "<a>x", 100000, "", 0);
    check(p, "100,000 unclosed <b>", "", "<b>x", 100000, "", 100000);
    check(p, "100,000 <b id> distinct-ish", "", "<b id=1><i>x", 100000, "</b></i>", 0);
    check(p, "50,000 <b><p> reconstruct", "", "<b><p>x</p>", 50000, "", 0);
    check(p, "16,000 <option>", "<select>", "<option>x", 16000, "</select>", 0);
    check(p, "16,000 <option> + selectedcontent", "<select><button><selectedcontent></button>",
          "<option>x", 16000, "</select>", 0);
    check(p, "20,000 nested tables", "", "<table><tr><td>", 20000, "", 20000);
    check(p, "50,000 foster-parented", "<table>", "<b>x", 50000, "</table>", 0);
    check(p, "100,000 nested <svg><g>", "<svg>", "<g>", 100000, "", 100000);
    check(p, "100,000 </p>", "", "</p>", 100000, "", 0);
    {
        /* 100,000 nested <span>, then 100,000 stray end tags. */
        char *tail = malloc(100000 * 5 + 1);
        for (size_t i = 0; i < 100000; i++) memcpy(tail + i * 5, "</x>y", 5);
        tail[100000 * 5] = 0;
        check(p, "100,000 <span> + 100,000 stray </x>", "", "<span>", 100000, tail, 100000);
        check(p, "100,000 <svg><g> + 100,000 stray </x>", "<svg>", "<g>", 100000, tail, 100000);
        free(tail);
    }
    check(p, "adoption with deep span run", "<b>", "<span>", 100000, "<div>x</b>y", 0);
    check(p, "50,000 <li> in deep div", "", "<div>", 10000, "<li>a<li>b<li>c", 0);
    if (argc > 1) oom_suite(p, argv[1]);
    h5_parser_destroy(p);
    printf("deep_test: %s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
