/*
 * Native driver for the xml5lib tree-construction tests
 * (xml5lib-tests/tree-construction, its .dat files, html5lib's .dat format).
 *
 *   xml5_tree_test DIR|FILE...   (a directory: every *.dat file in it)
 *
 * Each test's #data is parsed with x5_parse and the tree dumped as the
 * tests write it: elements `<{namespace}qualified-name>` (no braces without
 * a namespace), attributes `{namespace}qualified-name="value"` one level
 * deeper, text `"..."`, comments `<!-- data -->`, processing instructions
 * `<?target data?>`, DOCTYPE `<!DOCTYPE name>` (with `"public" "system"`
 * when either is non-empty).  The attribute lines of an element are sorted
 * (by UTF-8 bytes, which for these tests is UTF-16 order): the tests list
 * them sorted as whole lines.  The xml5lib tree tests have no #errors
 * section, so errors are not compared (the tokenizer tests count them).
 * Every test's tree also passes the source-location checks (check_locations:
 * each node's offsets lie in the input, in order, and point at what the
 * node was made from), and one document's offsets are compared exactly
 * (location_case).
 * Failures print `FAIL` with both dumps; the last line is
 * `xml5 tree: N passed, M failed`; exit status 1 on any failure.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decoders.h"
#include "test_files.h"
#include "xml5_tree.h"

/* ------------------------------------------------------------------------ */
/* Dump.                                                                     */

static void put_utf16(FILE *f, h5_str s) {
    uint8_t tmp[3 * 256];
    for (size_t i = 0; i < s.len; i += 256) {
        size_t n = s.len - i < 256 ? s.len - i : 256;
        fwrite(tmp, 1, h5_utf16_to_utf8(s.ptr + i, n, tmp), f);
    }
}

static void indent(FILE *f, int depth) {
    fputs("| ", f);
    for (int i = 0; i < depth; i++) fputs("  ", f);
}

static int cmp_lines(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void dump_attrs(FILE *f, const h5_node *el, const x5_qualifier *quals, int depth) {
    char **lines = calloc(el->nattrs + 1, sizeof *lines);
    for (uint32_t i = 0; i < el->nattrs; i++) {
        size_t n;
        FILE *m = open_memstream(&lines[i], &n);
        const x5_qualifier *q = &quals[x5_attr_qualifier(el, i)];
        if (q->ns.ptr) {
            fputc('{', m);
            put_utf16(m, q->ns);
            fputc('}', m);
        }
        put_utf16(m, x5_qualified_name(el->attrs[i].name, q));
        fputs("=\"", m);
        put_utf16(m, el->attrs[i].value);
        fputc('"', m);
        fclose(m);
    }
    qsort(lines, el->nattrs, sizeof *lines, cmp_lines);
    for (uint32_t i = 0; i < el->nattrs; i++) {
        indent(f, depth);
        fprintf(f, "%s\n", lines[i]);
        free(lines[i]);
    }
    free(lines);
}

/* `open`, then `s`, then `close`. */
static void put_between(FILE *f, const char *open, h5_str s, const char *close) {
    fputs(open, f);
    put_utf16(f, s);
    fputs(close, f);
}

static void dump_node(FILE *f, const h5_node *n, const x5_qualifier *quals, int depth) {
    indent(f, depth);
    switch (n->type) {
    case H5_NODE_ELEMENT: {
        const x5_qualifier *q = &quals[x5_element_qualifier(n)];
        fputc('<', f);
        if (q->ns.ptr) {
            fputc('{', f);
            put_utf16(f, q->ns);
            fputc('}', f);
        }
        put_utf16(f, x5_qualified_name(n->name, q));
        fputs(">\n", f);
        dump_attrs(f, n, quals, depth + 1);
        break;
    }
    case H5_NODE_TEXT: /* a CDATASection as written (dumpXmlTree's notation) */
        if (n->flags & H5_NODE_FLAG_CDATA) put_between(f, "<![CDATA[", (h5_str){ n->data, n->data_len }, "]]>\n");
        else put_between(f, "\"", (h5_str){ n->data, n->data_len }, "\"\n");
        break;
    case H5_NODE_COMMENT:
        put_between(f, "<!-- ", (h5_str){ n->data, n->data_len }, " -->\n");
        break;
    case H5_NODE_PI:
        put_between(f, "<?", n->name, " ");
        put_between(f, "", (h5_str){ n->data, n->data_len }, "?>\n");
        break;
    case H5_NODE_DOCTYPE:
        put_between(f, "<!DOCTYPE ", n->name, "");
        if (n->public_id.len || n->system_id.len) {
            put_between(f, " \"", n->public_id, "\" ");
            put_between(f, "\"", n->system_id, "\"");
        }
        fputs(">\n", f);
        break;
    case H5_NODE_FRAGMENT: /* a template's contents (HTML 13.4), as html5lib's tree tests show them */
        fputs("content\n", f);
        break;
    default: fputs("?\n", f); break;
    }
}

/* The tree below `doc` in document order, without recursion: a template's
 * contents right after it (one level deeper), then its children (the XML
 * parser leaves it none). */
static char *dump_tree(const h5_node *doc, const x5_qualifier *quals) {
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    int depth = 0;
    const h5_node *templates[64]; /* the templates whose contents are being dumped */
    size_t tlen = 0;
    const h5_node *n = doc->first_child;
    while (n) {
        dump_node(f, n, quals, depth);
        const h5_node *down = n->first_child;
        if (n->type == H5_NODE_ELEMENT && n->template_content && tlen < sizeof templates / sizeof *templates) {
            templates[tlen++] = n;
            down = n->template_content;
        }
        if (down) {
            n = down;
            depth++;
            continue;
        }
        for (;;) {
            if (n->next_sibling) {
                n = n->next_sibling;
                break;
            }
            if (tlen && templates[tlen - 1]->template_content == n) {
                n = templates[--tlen];
                if (n->first_child) {
                    n = n->first_child;
                    break;
                }
            } else {
                n = n->parent;
            }
            depth--;
            if (!n || n == doc) {
                n = NULL;
                break;
            }
        }
    }
    fclose(f);
    return out;
}

/* ------------------------------------------------------------------------ */
/* The .dat format.                                                          */

typedef struct {
    size_t passed, failed;
} totals;

/* One runner: its parser and what it counted. */
typedef struct {
    x5_parser *p;
    totals tot;
} runner;

/* ------------------------------------------------------------------------ */
/* Source locations (h5_node start/end, start_tag_end, end_tag_start;       */
/* h5_attr name and value spans; docs/xml5.md, "Source locations").          */

static bool units_eq(const h5_char *in, size_t n, uint32_t at, h5_str s) {
    return at <= n && s.len <= n - at && !memcmp(in + at, s.ptr, s.len * sizeof(h5_char));
}

/* NULL when every node's locations are consistent with the input, else why not. */
static const char *check_locations(const h5_node *doc, const h5_char *in, size_t n, const x5_qualifier *quals) {
    const h5_node *x = doc->first_child;
    while (x) {
        if (x->start == H5_NO_OFFSET || x->end == H5_NO_OFFSET) return "a node without a location";
        if (x->start > x->end || x->end > n) return "a node's span is out of order or range";
        if (x->type != H5_NODE_TEXT && in[x->start] != '<') return "a markup node does not start at '<'";
        static const h5_char cdata_open[] = { '<', '!', '[', 'C', 'D', 'A', 'T', 'A', '[' };
        if ((x->flags & H5_NODE_FLAG_CDATA) && (x->end - x->start < 9 || !units_eq(in, n, x->start, (h5_str){ cdata_open, 9 })))
            return "a CDATA section does not start at '<![CDATA['";
        if (x->type == H5_NODE_PI && (x->end - x->start < 2 || in[x->start + 1] != '?')) return "a PI does not start with '<?'";
        if (x->type == H5_NODE_ELEMENT) {
            const x5_qualifier *q = &quals[x5_element_qualifier(x)];
            if (!units_eq(in, n, x->start + 1, x5_qualified_name(x->name, q))) return "a start tag does not name its element";
            if (x->start_tag_end == H5_NO_OFFSET || x->start_tag_end > x->end) return "a start tag ends after its element";
            if (x->end_tag_start != H5_NO_OFFSET &&
                (x->end_tag_start < x->start_tag_end || x->end_tag_start > x->end || in[x->end_tag_start] != '<' ||
                 in[x->end_tag_start + 1] != '/'))
                return "an end tag is misplaced";
            for (uint32_t i = 0; i < x->nattrs; i++) {
                const h5_attr *a = &x->attrs[i];
                if (!(x->start < a->name_start && a->name_start < a->name_end && a->name_end <= a->value_start &&
                      a->value_start <= a->value_end && a->value_end <= x->start_tag_end))
                    return "an attribute's spans are out of order or outside its tag";
                if (!units_eq(in, n, a->name_start, x5_qualified_name(a->name, &quals[x5_attr_qualifier(x, i)])) ||
                    a->name_end - a->name_start != x5_qualified_name(a->name, &quals[x5_attr_qualifier(x, i)]).len)
                    return "an attribute's name span is not its name";
            }
        }
        if (x->first_child) {
            x = x->first_child;
            continue;
        }
        while (x && !x->next_sibling) x = x->parent == doc ? NULL : x->parent;
        if (x) x = x->next_sibling;
    }
    return NULL;
}

/* One document's offsets, exactly: tags, attributes (values inside their
 * quotes), text with a reference and CR LF, a comment, a PI, an empty tag,
 * an element closed by an outer end tag, one open at EOF. */
static void location_case(x5_parser *p, totals *tot) {
    static const char src[] = "<!DOCTYPE r><r a=\"1\" p:b='x&amp;y' xmlns:p=\"u\">t&amp;u<!--c--><?pi d?><e/>\r\n<f><g></f><h>z";
    h5_char in[sizeof src];
    size_t n = h5_utf8_to_utf16((const uint8_t *)src, sizeof src - 1, in);
    h5_node *doc;
    bool ok = x5_parse(p, in, n, &doc) == H5_OK;
    const h5_node *dt = ok ? doc->first_child : NULL, *r = dt ? dt->next_sibling : NULL;
    const h5_node *t = r ? r->first_child : NULL, *c = t ? t->next_sibling : NULL, *pi = c ? c->next_sibling : NULL;
    const h5_node *e = pi ? pi->next_sibling : NULL, *nl = e ? e->next_sibling : NULL, *f = nl ? nl->next_sibling : NULL;
    const h5_node *g = f ? f->first_child : NULL, *h = f ? f->next_sibling : NULL, *z = h ? h->first_child : NULL;
    ok = ok && z && r->nattrs == 3;
    /* <!DOCTYPE r> 0-12; <r ...> 12-47; a="1": 15-16, value 18-19; p:b: 21-24, value 26-33 */
    ok = ok && dt->start == 0 && dt->end == 12 && r->start == 12 && r->start_tag_end == 47 && r->end == n &&
         r->end_tag_start == H5_NO_OFFSET;
    ok = ok && r->attrs[0].name_start == 15 && r->attrs[0].name_end == 16 && r->attrs[0].value_start == 18 &&
         r->attrs[0].value_end == 19 && r->attrs[1].name_start == 21 && r->attrs[1].value_start == 26 &&
         r->attrs[1].value_end == 33;
    /* t&amp;u 47-54, <!--c--> 54-62, <?pi d?> 62-70, <e/> 70-74, CR LF 74-76 */
    ok = ok && t->start == 47 && t->end == 54 && c->start == 54 && c->end == 62 && pi->start == 62 && pi->end == 70 &&
         e->start == 70 && e->start_tag_end == 74 && e->end == 74 && nl->start == 74 && nl->end == 76;
    /* <f> 76-79, <g> 79-82 closed where </f> starts (82), </f> 82-86; <h> 86-89 open at EOF, z 89-90 */
    ok = ok && f->start == 76 && f->start_tag_end == 79 && f->end_tag_start == 82 && f->end == 86 && g->start == 79 &&
         g->start_tag_end == 82 && g->end == 82 && g->end_tag_start == H5_NO_OFFSET && h->start == 86 &&
         h->start_tag_end == 89 && h->end == 90 && z->start == 89 && z->end == 90 && n == 90;
    if (ok) {
        tot->passed++;
    } else {
        tot->failed++;
        printf("FAIL location_case: offsets differ from the expected ones\n");
    }
}

static void run_test(x5_parser *p, const char *path, int line, const char *data, size_t data_len,
                     const char *expected, totals *tot) {
    h5_char *in = malloc((data_len + 1) * sizeof *in);
    size_t n = h5_utf8_to_utf16((const uint8_t *)data, data_len, in);
    h5_node *doc;
    if (x5_parse(p, in, n, &doc) != H5_OK) {
        printf("FAIL %s:%d: out of memory\n", path, line);
        tot->failed++;
        free(in);
        return;
    }
    size_t nq;
    const x5_qualifier *quals = x5_parser_qualifiers(p, &nq);
    char *got = dump_tree(doc, quals);
    const char *bad_loc = check_locations(doc, in, n, quals);
    if (strcmp(got, expected) == 0 && !bad_loc) {
        tot->passed++;
    } else if (bad_loc) {
        tot->failed++;
        printf("FAIL %s:%d: source locations: %s\n  input: %.*s\n", path, line, bad_loc, (int)data_len, data);
    } else {
        tot->failed++;
        printf("FAIL %s:%d\n  input: %.*s\n  expected:\n%s  got:\n%s", path, line, (int)data_len, data, expected, got);
    }
    free(got);
    free(in);
}

/* Lines: "#data", the data, "#errors"/"#document" ..., "| " lines. */
static void run_file(const char *path, void *ctx) {
    x5_parser *p = ((runner *)ctx)->p;
    totals *tot = &((runner *)ctx)->tot;
    char *s = h5_test_read_file(path, NULL);
    if (!s) {
        printf("FAIL %s: unreadable\n", path);
        tot->failed++;
        return;
    }
    char *cur = s;
    while (*cur) {
        char *eol = strchr(cur, '\n');
        size_t l = eol ? (size_t)(eol - cur) : strlen(cur);
        if (l == 5 && !strncmp(cur, "#data", 5)) {
            int test_line = 1;
            for (const char *c = s; c < cur; c++) test_line += *c == '\n';
            char *data = eol ? eol + 1 : cur + l;
            /* Data runs to the line "#errors" or "#document". */
            char *end = data;
            while (*end && strncmp(end, "#errors\n", 8) && strncmp(end, "#document\n", 10)) {
                char *e = strchr(end, '\n');
                end = e ? e + 1 : end + strlen(end);
            }
            size_t data_len = end > data ? (size_t)(end - data) - 1 : 0;
            char *doc = strstr(end, "#document\n");
            if (!doc) break;
            char *exp = doc + 10, *e = exp;
            while (*e == '|') {
                char *nl = strchr(e, '\n');
                e = nl ? nl + 1 : e + strlen(e);
            }
            char *expected = strndup(exp, (size_t)(e - exp));
            run_test(p, path, test_line, data, data_len, expected, tot);
            free(expected);
            cur = e;
            continue;
        }
        cur = eol ? eol + 1 : cur + l;
    }
    free(s);
}

int main(int argc, char **argv) {
    runner r = {argc > 1 ? x5_parser_create() : NULL, { 0, 0 }};
    if (!r.p) {
        fprintf(stderr, argc > 1 ? "out of memory\n" : "usage: %s DIR|FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (!h5_test_each_file(argv[i], ".dat", run_file, &r)) {
            printf("FAIL %s :: no .dat files\n", argv[i]);
            r.tot.failed++;
        }
    }
    location_case(r.p, &r.tot);
    x5_parser_destroy(r.p);
    printf("xml5 tree: %zu passed, %zu failed\n", r.tot.passed, r.tot.failed);
    return r.tot.failed ? 1 : 0;
}
