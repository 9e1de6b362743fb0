/*
 * html5lib-tests/encoding: the encoding of a document given as bytes, with
 * no transport-layer encoding and windows-1252 as the default.
 *
 *   encoding_test <dir>      (dir = html5lib-tests/encoding)
 *
 * Each test of tests1.dat, tests2.dat and test-yahoo-jp.dat runs the
 * encoding sniffing algorithm (13.2.3.2); when the confidence is tentative
 * the bytes are decoded and parsed with it, and a <meta> that declares
 * another encoding changes it (13.2.3.4).  The encoding that results must
 * be the test's.  The bytes are decoded by the test decoders (decoders.h);
 * where the sniffed encoding is not one of theirs, the parse is not run
 * here and the test checks the sniffing only; test/js/conformance/encoding.test.js runs
 * every test through the whole path (the JS wrapper decodes).  scripted/ needs a script engine
 * (document.write) and is reported as skipped; chardet/ holds no tests (a
 * sample for statistical detection, which the spec leaves optional).
 * Failures are printed with their file and test number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decoders.h"
#include "encoding.h"
#include "parser.h"
#include "test_files.h"

static int total, failed, parsed, sniff_only;

/* The encoding of `data` as a browser would settle on it. */
static h5_encoding document_encoding(h5_parser *p, const uint8_t *data, size_t len, bool *did_parse) {
    h5_sniff_result s = h5_sniff_encoding(data, len, H5_ENC_NONE, H5_ENC_WINDOWS_1252, true);
    *did_parse = false;
    if (s.confidence != H5_CONFIDENCE_TENTATIVE || !h5_can_decode(s.encoding)) return s.encoding;
    h5_char *units = malloc((len + 1) * sizeof *units);
    size_t n = 0;
    if (!units || h5_decode(s.encoding, data, len, units, &n) != H5_OK) {
        fprintf(stderr, "decode failed\n");
        exit(2);
    }
    h5_parse_options o = h5_parse_options_default();
    o.encoding = s.encoding;
    o.confidence = s.confidence;
    h5_node *doc;
    if (h5_parse(p, units, n, &o, &doc) != H5_OK) {
        fprintf(stderr, "parse failed\n");
        exit(2);
    }
    free(units);
    *did_parse = true;
    h5_encoding change = h5_parser_encoding_change(p);
    return change != H5_ENC_NONE ? change : s.encoding;
}

static void run_file(h5_parser *p, const char *dir, const char *name) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    char *text = h5_test_read_file(path, &len);
    if (!text) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    int index = 0;
    char *at = strstr(text, "#data\n");
    while (at) {
        char *data = at + 6;
        char *enc = strstr(data, "#encoding\n");
        if (!enc) break;
        /* The data ends before the newline that precedes "#encoding". */
        size_t dlen = (size_t)(enc - data);
        if (dlen > 0 && data[dlen - 1] == '\n') dlen--;
        char *label = enc + 10;
        size_t llen = strcspn(label, "\n");
        h5_encoding want = h5_get_encoding_bytes((const uint8_t *)label, llen);
        bool did_parse;
        h5_encoding got = document_encoding(p, (const uint8_t *)data, dlen, &did_parse);
        total++;
        if (did_parse) parsed++;
        else sniff_only++;
        if (want == H5_ENC_NONE || got != want) {
            failed++;
            printf("FAIL %s #%d: expected %.*s, got %s\n", name, index, (int)llen, label,
                   got ? h5_encoding_name(got) : "(none)");
        }
        index++;
        at = strstr(label + llen, "#data\n");
    }
    free(text);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: encoding_test <html5lib-tests/encoding>\n");
        return 2;
    }
    h5_parser *p = h5_parser_create();
    if (!p) return 2;
    static const char *const files[] = {"tests1.dat", "tests2.dat", "test-yahoo-jp.dat"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) run_file(p, argv[1], files[i]);
    h5_parser_destroy(p);
    printf("encoding: %d/%d passed (%d parsed after sniffing, %d sniffed only); "
           "skipped: scripted/tests1.dat (needs document.write)\n",
           total - failed, total, parsed, sniff_only);
    return failed ? 1 : 0;
}
