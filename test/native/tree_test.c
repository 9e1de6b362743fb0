/*
 * html5lib tree-construction suite runner.
 *
 *   tree_test [--legacy] [--changed LIST] DIR [FILTER]
 *
 * Runs every .dat file in DIR (file names containing FILTER, when given).
 * --legacy parses with processing instructions off (h5_parse_options
 * processing_instructions false: the pre-2026 tree, where `<?` starts a
 * bogus comment).  --changed names a file listing the tests of DIR whose
 * expectation a newer revision of the standard changed, one a line:
 *   FILE.dat:INDEX MODE COMMIT DESCRIPTION
 * (INDEX counts the file's tests from 0; MODE is "pi" when only the
 * processing instruction rules changed it, so that the test still passes
 * with --legacy, or "all"; COMMIT is the whatwg/html commit.)  A listed
 * test must give a tree other than its expectation (it counts as
 * "changed"): one that passes is reported as a stale entry, a failure.  The
 * new expectation is checked by the test's copy in test/data/wpt.  Tests
 * without #script-on/#script-off run in both scripting modes.  Every run is
 * repeated with the input fed in chunks of 1..7 code units (tokenizer
 * resumability).  The tree is dumped in the html5lib format iteratively (no
 * recursion over depth).  Every run also checks the source locations of the
 * tree (see check_locations) and that the chunked run gives the same
 * offsets, and that a flat buffer written with the input's block given to
 * it (h5_flatbuf_options.source_in_buffer, as wasm parse() does) is the
 * same as one written with the input kept.  Exit status 1 when any run
 * fails.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decoders.h"
#include "flatbuf.h"
#include "parser.h"
#include "test_files.h"

/* ---- growable byte string ---------------------------------------------- */

typedef struct {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_grow(sbuf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    b->p = realloc(b->p, cap);
    if (!b->p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    b->cap = cap;
}
static void sb_add(sbuf *b, const char *s, size_t n) {
    sb_grow(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}
static void sb_puts(sbuf *b, const char *s) { sb_add(b, s, strlen(s)); }
static void sb_u16(sbuf *b, const h5_char *s, size_t n) {
    sb_grow(b, 3 * n);
    b->len += h5_utf16_to_utf8(s, n, (uint8_t *)b->p + b->len);
    b->p[b->len] = 0;
}
static void sb_indent(sbuf *b, size_t depth) {
    sb_puts(b, "| ");
    for (size_t i = 0; i < depth; i++) sb_puts(b, "  ");
}

/* ---- html5lib dump ------------------------------------------------------ */

typedef struct {
    const h5_attr *a;
    const char *prefix;
} attr_ref;

static int cmp_u16(h5_str a, h5_str b) {
    size_t n = a.len < b.len ? a.len : b.len;
    for (size_t i = 0; i < n; i++)
        if (a.ptr[i] != b.ptr[i]) return a.ptr[i] < b.ptr[i] ? -1 : 1;
    return a.len < b.len ? -1 : a.len > b.len;
}

/* Attribute name string: "xlink href" etc. */
static int cmp_attr(const void *x, const void *y) {
    const attr_ref *a = x, *b = y;
    const char *pa = a->prefix ? a->prefix : "", *pb = b->prefix ? b->prefix : "";
    /* Compare prefix + " " + name, as UTF-16 code units; prefixes are ASCII. */
    sbuf sa = { 0 }, sb = { 0 };
    if (*pa) { sb_puts(&sa, pa); sb_puts(&sa, " "); }
    if (*pb) { sb_puts(&sb, pb); sb_puts(&sb, " "); }
    size_t la = sa.len, lb = sb.len;
    h5_char *ua = malloc((la + a->a->name.len + 1) * sizeof(h5_char));
    h5_char *ub = malloc((lb + b->a->name.len + 1) * sizeof(h5_char));
    for (size_t i = 0; i < la; i++) ua[i] = (unsigned char)sa.p[i];
    for (size_t i = 0; i < lb; i++) ub[i] = (unsigned char)sb.p[i];
    if (a->a->name.len) memcpy(ua + la, a->a->name.ptr, a->a->name.len * sizeof(h5_char));
    if (b->a->name.len) memcpy(ub + lb, b->a->name.ptr, b->a->name.len * sizeof(h5_char));
    h5_str xa = { ua, la + a->a->name.len }, xb = { ub, lb + b->a->name.len };
    int c = cmp_u16(xa, xb);
    free(ua);
    free(ub);
    free(sa.p);
    free(sb.p);
    return c;
}

static void dump_node(sbuf *o, const h5_node *n, size_t depth) {
    sb_indent(o, depth);
    switch (n->type) {
    case H5_NODE_ELEMENT: {
        sb_puts(o, "<");
        if (n->ns == H5_NS_SVG) sb_puts(o, "svg ");
        else if (n->ns == H5_NS_MATHML) sb_puts(o, "math ");
        sb_u16(o, n->name.ptr, n->name.len);
        sb_puts(o, ">\n");
        if (n->nattrs) {
            attr_ref *refs = malloc(n->nattrs * sizeof *refs);
            for (uint32_t i = 0; i < n->nattrs; i++) {
                refs[i].a = &n->attrs[i];
                refs[i].prefix = h5_attr_prefix(&n->attrs[i]);
                if (n->attrs[i].ns == H5_ATTR_NS_XMLNS && !refs[i].prefix) refs[i].prefix = "xmlns";
            }
            qsort(refs, n->nattrs, sizeof *refs, cmp_attr);
            for (uint32_t i = 0; i < n->nattrs; i++) {
                sb_indent(o, depth + 1);
                if (refs[i].prefix) {
                    sb_puts(o, refs[i].prefix);
                    sb_puts(o, " ");
                }
                sb_u16(o, refs[i].a->name.ptr, refs[i].a->name.len);
                sb_puts(o, "=\"");
                sb_u16(o, refs[i].a->value.ptr, refs[i].a->value.len);
                sb_puts(o, "\"\n");
            }
            free(refs);
        }
        break;
    }
    case H5_NODE_TEXT:
        sb_puts(o, "\"");
        sb_u16(o, n->data, n->data_len);
        sb_puts(o, "\"\n");
        break;
    case H5_NODE_COMMENT:
        sb_puts(o, "<!-- ");
        sb_u16(o, n->data, n->data_len);
        sb_puts(o, " -->\n");
        break;
    case H5_NODE_DOCTYPE:
        sb_puts(o, "<!DOCTYPE ");
        sb_u16(o, n->name.ptr, n->name.len);
        if (n->public_id.len || n->system_id.len) {
            sb_puts(o, " \"");
            sb_u16(o, n->public_id.ptr, n->public_id.len);
            sb_puts(o, "\" \"");
            sb_u16(o, n->system_id.ptr, n->system_id.len);
            sb_puts(o, "\"");
        }
        sb_puts(o, ">\n");
        break;
    case H5_NODE_PI: /* as web-platform-tests writes them: | <?target data?> */
        sb_puts(o, "<?");
        sb_u16(o, n->name.ptr, n->name.len);
        sb_puts(o, " ");
        sb_u16(o, n->data, n->data_len);
        sb_puts(o, "?>\n");
        break;
    default:
        sb_puts(o, "?\n");
    }
}

typedef struct {
    const h5_node *next;
    size_t depth;
} frame;

/* Children of `root` at depth 0, iteratively with an explicit stack. */
static void dump_tree(sbuf *o, const h5_node *root) {
    size_t cap = 64, n = 0;
    frame *st = malloc(cap * sizeof *st);
    st[n++] = (frame){ root->first_child, 0 };
    while (n) {
        frame *f = &st[n - 1];
        const h5_node *node = f->next;
        if (!node) {
            n--;
            continue;
        }
        size_t depth = f->depth;
        f->next = node->next_sibling;
        dump_node(o, node, depth);
        if (n + 2 > cap) {
            cap *= 2;
            st = realloc(st, cap * sizeof *st);
        }
        if (node->first_child) st[n++] = (frame){ node->first_child, depth + 1 };
        if (node->type == H5_NODE_ELEMENT && node->template_content) {
            sb_indent(o, depth + 1);
            if (node->template_content->flags & H5_NODE_FLAG_SHADOW_ROOT) {
                /* A shadow host (test/data/wpt/README.md): "#shadow-root
                 * (mode)" and the flags in getHTML()'s order. */
                unsigned b = node->template_content->shadow;
                sb_puts(o, b & H5_SHADOW_CLOSED ? "#shadow-root (closed)" : "#shadow-root (open)");
                if (b & H5_SHADOW_DELEGATES_FOCUS) sb_puts(o, " delegatesfocus");
                if (b & H5_SHADOW_SERIALIZABLE) sb_puts(o, " serializable");
                if (b & H5_SHADOW_SLOT_MANUAL) sb_puts(o, " slotassignment=manual");
                if (b & H5_SHADOW_CLONABLE) sb_puts(o, " clonable");
                if (b & H5_SHADOW_KEEP_REGISTRY_NULL) sb_puts(o, " customelementregistry");
                sb_puts(o, "\n");
            } else {
                sb_puts(o, "content\n");
            }
            if (node->template_content->first_child)
                st[n++] = (frame){ node->template_content->first_child, depth + 2 };
        }
    }
    free(st);
}

/* ---- source locations ---------------------------------------------------- */

/* The location invariants every tree must satisfy (dom.h): elements from a
 * start tag start at '<' and their start tag ends after '>'; a recorded end
 * tag starts with "</" and ends after '>'; spans are ordered and inside the
 * input; attributes lie inside their start tag; text, comments and doctypes
 * have [start, end) inside the input, comments and doctypes starting at
 * '<'.  Returns NULL or a description of the first violation; folds every
 * offset into *sum (the chunked run must give the same). */
static const char *check_locations(const h5_node *root, const h5_char *in, size_t len, uint64_t *sum) {
    const uint32_t N = H5_NO_OFFSET;
    uint64_t h = 1469598103934665603u;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211u)
    const char *err = NULL;
    size_t cap = 64, depth = 0;
    const h5_node **stack = malloc(cap * sizeof *stack);
    const h5_node *n = root;
    while (n) {
        MIX(n->start);
        if (n->type == H5_NODE_ELEMENT) {
            MIX(n->start_tag_end);
            MIX(n->end_tag_start);
        }
        MIX(n->end);
        if (n->type == H5_NODE_ELEMENT && !(n->flags & H5_NODE_FLAG_IMPLICIT) && n->start == N) {
            err = "element from a start tag without a start offset";
            break;
        }
        if (n->type == H5_NODE_ELEMENT && !(n->flags & H5_NODE_FLAG_IMPLICIT)) {
            if (n->start_tag_end == N || n->end == N) {
                err = "element with a start but no start tag end or end";
                break;
            }
            if (!(n->start < n->start_tag_end && n->start_tag_end <= len)) {
                err = "start tag span out of order";
                break;
            }
            if (in[n->start] != '<' || in[n->start_tag_end - 1] != '>') {
                err = "start tag is not <...>";
                break;
            }
            if (n->end < n->start_tag_end || n->end > len) {
                err = "element end before its start tag end";
                break;
            }
            if (n->end_tag_start != N) {
                if (!(n->start_tag_end <= n->end_tag_start && n->end_tag_start + 2 < n->end)) {
                    err = "end tag span";
                    break;
                }
                if (in[n->end_tag_start] != '<' || in[n->end_tag_start + 1] != '/' || in[n->end - 1] != '>') {
                    err = "end tag is not </...>";
                    break;
                }
            }
            for (uint32_t i = 0; i < n->nattrs; i++) {
                const h5_attr *a = &n->attrs[i];
                MIX(a->name_start);
                MIX(a->value_end);
                if (a->name_start == N) continue; /* copied from a later tag (html, body) */
                if (a->name_start >= a->name_end || a->value_start < a->name_end || a->value_end < a->value_start) {
                    err = "attribute span out of order";
                    break;
                }
                if (n->flags & H5_NODE_FLAG_CLONED) continue;
                if ((a->name_start < n->start || a->value_end >= n->start_tag_end) &&
                    !(n->ns == H5_NS_HTML && (n->atom == H5_ATOM_HTML || n->atom == H5_ATOM_BODY))) {
                    err = "attribute outside its start tag";
                    break;
                }
            }
            if (err) break;
        } else if ((n->type == H5_NODE_TEXT || n->type == H5_NODE_COMMENT || n->type == H5_NODE_DOCTYPE ||
                    n->type == H5_NODE_PI) &&
                   !(n->start == N && n->end == N)) { /* (copies selectedcontent makes have none) */
            if (n->start == N || n->end == N || n->start >= n->end || n->end > len) {
                err = "node span";
                break;
            }
            if (n->type != H5_NODE_TEXT && in[n->start] != '<') {
                err = "comment, doctype or processing instruction does not start at '<'";
                break;
            }
        }
        /* Pre-order, iteratively: template contents, children, then the
         * next sibling (pushed first). */
        if (n != root && n->next_sibling) stack[depth++] = n->next_sibling;
        if (n->first_child) stack[depth++] = n->first_child;
        if (n->type == H5_NODE_ELEMENT && n->template_content) stack[depth++] = n->template_content;
        n = depth ? stack[--depth] : NULL;
        if (depth + 3 > cap) {
            cap *= 2;
            stack = realloc(stack, cap * sizeof *stack);
        }
    }
    free(stack);
#undef MIX
    *sum = h;
    return err;
}

/* ---- .dat parsing --------------------------------------------------------- */

typedef struct {
    char *data;          /* input (UTF-8) */
    size_t data_len;
    int errors;          /* #errors + #new-errors lines */
    int old_errors;      /* #errors lines only */
    char *error_text;    /* the #errors section as written */
    char *fragment;      /* context or NULL */
    int script;          /* -1 both, 0 off, 1 on */
    bool shadow_roots;   /* #shadow-roots: allow declarative shadow roots */
    char *document;      /* expected dump without trailing newlines */
} dat_test;

static char *dupn(const char *s, size_t n) {
    char *p = malloc(n + 1);
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

/* Find "\n" + marker + "\n" starting at or after s; returns pointer to the
 * marker (after the newline). */
static const char *find_line(const char *s, const char *end, const char *line) {
    size_t n = strlen(line);
    for (const char *p = s; p + n <= end; p++) {
        if ((p == s || p[-1] == '\n') && memcmp(p, line, n) == 0 && (p + n == end || p[n] == '\n')) return p;
    }
    return NULL;
}

static size_t parse_dat(const char *buf, size_t len, dat_test **out) {
    const char *end = buf + len;
    size_t cap = 16, n = 0;
    dat_test *tests = calloc(cap, sizeof *tests);
    const char *p = buf;
    while (p < end) {
        const char *d = find_line(p, end, "#data");
        if (!d) break;
        const char *data = d + 6;
        const char *e = find_line(data, end, "#errors");
        if (!e) break;
        dat_test t;
        memset(&t, 0, sizeof t);
        t.script = -1;
        size_t dl = (size_t)(e - data);
        if (dl && data[dl - 1] == '\n') dl--;
        t.data = dupn(data, dl);
        t.data_len = dl;
        /* Sections until #document. */
        const char *q = e;
        const char *doc = find_line(q, end, "#document");
        if (!doc) break;
        const char *line = q;
        bool counting = false, has_new = false;
        t.error_text = dupn(q, (size_t)(doc - q));
        while (line < doc) {
            const char *nl = memchr(line, '\n', (size_t)(doc - line));
            if (!nl) nl = doc;
            size_t ll = (size_t)(nl - line);
            if (ll == 7 && !memcmp(line, "#errors", 7)) counting = true;
            else if (ll == 11 && !memcmp(line, "#new-errors", 11)) {
                counting = true;
                t.old_errors = t.errors;
                has_new = true;
            }
            else if (ll == 18 && !memcmp(line, "#document-fragment", 18)) {
                counting = false;
                const char *c = nl + 1;
                const char *cn = memchr(c, '\n', (size_t)(end - c));
                if (!cn) cn = end;
                t.fragment = dupn(c, (size_t)(cn - c));
                nl = cn;
            } else if (ll == 11 && !memcmp(line, "#script-off", 11)) {
                counting = false;
                t.script = 0;
            } else if (ll == 13 && !memcmp(line, "#shadow-roots", 13)) {
                counting = false;
                t.shadow_roots = true;
            } else if (ll == 10 && !memcmp(line, "#script-on", 10)) {
                counting = false;
                t.script = 1;
            } else if (counting && ll) {
                t.errors++;
            }
            line = nl + 1;
        }
        if (!has_new) t.old_errors = t.errors;
        const char *body = doc + 10;
        if (body > end) body = end;
        const char *next = find_line(body, end, "#data");
        const char *bend = next ? next : end;
        while (bend > body && bend[-1] == '\n') bend--;
        t.document = dupn(body, (size_t)(bend - body));
        if (n == cap) {
            cap *= 2;
            tests = realloc(tests, cap * sizeof *tests);
        }
        tests[n++] = t;
        p = next ? next : end;
    }
    *out = tests;
    return n;
}

/* ---- tests whose expectation the standard changed (--changed) ---------- */

static bool legacy_mode; /* --legacy */
typedef struct {
    char *file;
    size_t index;
    bool pi_only;
    bool seen;
} changed_entry;
static changed_entry *changed;
static size_t nchanged;

static void load_changed(const char *path) {
    size_t len;
    char *buf = h5_test_read_file(path, &len);
    if (!buf) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(2);
    }
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#' || !line[0]) continue;
        char file[256], mode[8];
        size_t index;
        if (sscanf(line, "%255[^:]:%zu %7s", file, &index, mode) != 3 ||
            (strcmp(mode, "pi") && strcmp(mode, "all"))) {
            fprintf(stderr, "%s: bad line: %s\n", path, line);
            exit(2);
        }
        changed = realloc(changed, (nchanged + 1) * sizeof *changed);
        changed[nchanged].file = dupn(file, strlen(file));
        changed[nchanged].index = index;
        changed[nchanged].pi_only = !strcmp(mode, "pi");
        changed[nchanged].seen = false;
        nchanged++;
    }
    free(buf);
}

/* Is test `index` of `file` listed as changed, for this mode? */
static bool is_changed(const char *file, size_t index) {
    for (size_t i = 0; i < nchanged; i++)
        if (changed[i].index == index && !strcmp(changed[i].file, file)) {
            changed[i].seen = true;
            return !(changed[i].pi_only && legacy_mode);
        }
    return false;
}

/* ---- running -------------------------------------------------------------- */

typedef struct {
    size_t runs, passed, failed;
    size_t chunk_runs, chunk_failed;
    size_t errors_match, errors_match_either;
    size_t loc_failed;
    size_t files;
    size_t changed, stale;  /* --changed: listed runs that differ / that pass */
} totals;

/* With TREE_TEST_ERRORS set, runs whose error count differs are listed
 * with the expected errors and ours. */
static sbuf err_log;
static void log_error(void *ctx, h5_error_code code, uint32_t offset) {
    (void)ctx;
    char line[160];
    snprintf(line, sizeof line, "  @%u %s\n", (unsigned)offset, h5_error_name(code));
    sb_puts(&err_log, line);
}

/* source_in_buffer: runs checked, failures, and how many buffers were
 * written over the input's block (the others were written elsewhere). */
static size_t sib_runs, sib_failed, sib_over;

/* Write root's flat buffer with source references twice: with the input
 * kept, then with its block (in_bytes, malloc'd) given to the buffer.
 * The bytes must be the same.  Takes ownership of `in`. */
static bool check_source_in_buffer(const h5_node *root, h5_char *in, size_t n, size_t in_bytes, bool scripting) {
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    fo.scripting = scripting;
    fo.locations = true;
    fo.source = in;
    fo.source_len = n;
    h5_flatbuf kept, given;
    h5_flatbuf_init(&kept);
    h5_flatbuf_init(&given);
    bool ok = h5_flatbuf_write(root, &fo, &kept) == H5_OK;
    given.data = (uint8_t *)in;
    given.cap = in_bytes;
    fo.source_in_buffer = true;
    ok = h5_flatbuf_write(root, &fo, &given) == H5_OK && ok && given.len == kept.len &&
         memcmp(given.data, kept.data, kept.len) == 0;
    sib_runs++;
    if (given.data == (uint8_t *)in) sib_over++;
    h5_flatbuf_free(&kept);
    h5_flatbuf_free(&given); /* frees `in`, or the buffer written elsewhere */
    return ok;
}

/* Feeds in[0..n) to a begun streamed parse in chunks of `chunk` units
 * written into the parser's own store (parser.h, h5_parser_input), or,
 * `kept` false, in blocks of their own freed as soon as they are fed, so
 * the sanitizers catch a tree that kept a pointer into one. */
static h5_status feed_chunks(h5_parser *p, const h5_char *in, size_t n, size_t chunk, bool kept) {
    h5_status st = H5_OK;
    for (size_t off = 0; off < n && st == H5_OK; off += chunk) {
        size_t k = n - off < chunk ? n - off : chunk;
        if (kept) {
            h5_char *c = h5_parser_input(p, k);
            if (!c) return H5_ERR_OOM;
            memcpy(c, in + off, k * sizeof *c);
            st = h5_parser_feed_input(p, k);
        } else {
            h5_char *c = malloc(k * sizeof *c);
            memcpy(c, in + off, k * sizeof *c);
            st = h5_parser_feed(p, c, k);
            free(c);
        }
    }
    return st;
}

static char *run_one(h5_parser *p, const dat_test *t, bool scripting, size_t chunk, bool kept, size_t *nerrors,
                     h5_status *status, uint64_t *locsum, const char **locerr) {
    size_t n8 = t->data_len;
    /* Half of the inputs (by length) get a block with room to spare, so
     * that the source_in_buffer check writes over it as well as beside it. */
    size_t in_bytes = (n8 + 1) * sizeof(h5_char) + (n8 % 2 ? 4096 : 0);
    h5_char *in = malloc(in_bytes);
    size_t n = h5_utf8_to_utf16((const uint8_t *)t->data, n8, in);
    h5_parse_options o = h5_parse_options_default();
    o.scripting = scripting;
    o.processing_instructions = !legacy_mode;
    o.shadow_roots = t->shadow_roots;
    o.chunk_size = chunk;
    err_log.len = 0;
    sb_add(&err_log, "", 0);
    o.on_error = log_error;
    h5_char ctx[64];
    if (t->fragment) {
        const char *name = t->fragment;
        o.fragment = true;
        o.context_ns = H5_NS_HTML;
        if (!strncmp(name, "svg ", 4)) {
            o.context_ns = H5_NS_SVG;
            name += 4;
        } else if (!strncmp(name, "math ", 5)) {
            o.context_ns = H5_NS_MATHML;
            name += 5;
        }
        size_t k = 0;
        for (; name[k] && k < sizeof ctx / sizeof ctx[0]; k++) ctx[k] = (unsigned char)name[k];
        o.context_name = ctx;
        o.context_name_len = k;
    }
    h5_node *root = NULL;
    if (chunk == 0) {
        *status = h5_parse(p, in, n, &o, &root);
    } else {
        *status = h5_parser_begin(p, &o);
        if (*status == H5_OK) *status = feed_chunks(p, in, n, chunk, kept);
        h5_status fin = h5_parser_finish(p, &root);
        if (*status == H5_OK) *status = fin;
    }
    *locsum = 0;
    *locerr = *status == H5_OK && root ? check_locations(root, in, n, locsum) : NULL;
    *nerrors = h5_parser_error_count(p);
    if (chunk) {
        free(in); /* nothing of the tree points into it */
        in = NULL;
    }
    sbuf out = { 0 };
    sb_add(&out, "", 0);
    if (*status == H5_OK && root) dump_tree(&out, root);
    if (*status == H5_OK && root && chunk == 0) {
        if (!check_source_in_buffer(root, in, n, in_bytes, scripting)) {
            sib_failed++;
            printf("SOURCE_IN_BUFFER %s [%s]: the buffer differs from the one written with the input kept\n--- input:\n%s\n\n",
                   t->fragment ? t->fragment : "document", scripting ? "script-on" : "script-off", t->data);
        }
    } else {
        free(in); /* the tree points into the input (parser.h); NULL when streamed */
    }
    while (out.len && out.p[out.len - 1] == '\n') out.p[--out.len] = 0;
    return out.p;
}

static void report_failure(const char *file, size_t index, bool scripting, const dat_test *t, const char *actual,
                           size_t chunk) {
    printf("FAIL %s:%zu [%s] (%s)", file, index, scripting ? "script-on" : "script-off",
           t->fragment ? t->fragment : "document");
    if (chunk) printf(" chunk_size=%zu", chunk);
    printf("\n--- input:\n%s\n--- expected:\n%s\n--- actual:\n%s\n\n", t->data, t->document, actual);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void free_tests(dat_test *tests, size_t n) {
    for (size_t i = 0; i < n; i++) {
        free(tests[i].data);
        free(tests[i].fragment);
        free(tests[i].document);
        free(tests[i].error_text);
    }
    free(tests);
}

static void run_file(h5_parser *p, const char *dir, const char *name, totals *tot) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len;
    char *buf = h5_test_read_file(path, &len);
    if (!buf) {
        printf("cannot read %s\n", path);
        tot->failed++;
        return;
    }
    dat_test *tests;
    size_t n = parse_dat(buf, len, &tests);
    tot->files++;
    for (size_t i = 0; i < n; i++) {
        const dat_test *t = &tests[i];
        for (int s = 0; s < 2; s++) {
            bool scripting = s == 1;
            if (t->script >= 0 && t->script != s) continue;
            size_t nerr;
            h5_status st;
            uint64_t sum, sum2;
            const char *locerr, *locerr2;
            char *actual = run_one(p, t, scripting, 0, false, &nerr, &st, &sum, &locerr);
            tot->runs++;
            if (locerr) {
                tot->loc_failed++;
                printf("LOCATIONS %s:%zu [%s]: %s\n--- input:\n%s\n\n", name, i, scripting ? "script-on" : "script-off",
                       locerr, t->data);
            }
            bool listed = is_changed(name, i);
            if (listed) {
                /* The standard changed its expectation: it must differ. */
                if (st == H5_OK && strcmp(actual, t->document)) {
                    tot->changed++;
                } else {
                    tot->stale++;
                    printf("STALE %s:%zu [%s]: listed as changed by the standard, but gives the expected tree\n",
                           name, i, scripting ? "script-on" : "script-off");
                }
            } else if (st == H5_OK && !strcmp(actual, t->document)) {
                tot->passed++;
            } else {
                tot->failed++;
                report_failure(name, i, scripting, t, actual, 0);
            }
            if (nerr == (size_t)t->errors || nerr == (size_t)t->old_errors) tot->errors_match_either++;
            if (nerr == (size_t)t->errors) tot->errors_match++;
            else if (getenv("TREE_TEST_ERRORS"))
                printf("ERRORS %s:%zu [%s] expected %d, got %zu\n--- input:\n%s\n--- expected:\n%s--- ours:\n%s\n",
                       name, i, scripting ? "script-on" : "script-off", t->errors, nerr, t->data, t->error_text,
                       err_log.p);
            free(actual);
            /* Again, fed in small chunks: freed once fed, then written into
             * the parser's own store (which the tree borrows from). */
            size_t chunk = 1 + (i + (size_t)s) % 7;
            size_t nerr2;
            for (int kept = 0; kept < 2; kept++) {
                char *chunked = run_one(p, t, scripting, chunk, kept, &nerr2, &st, &sum2, &locerr2);
                tot->chunk_runs++;
                if (st == H5_OK && sum2 != sum) {
                    tot->loc_failed++;
                    printf("LOCATIONS %s:%zu [%s] chunk_size=%zu%s: offsets differ from the whole-input run\n--- input:\n%s\n\n",
                           name, i, scripting ? "script-on" : "script-off", chunk, kept ? " (kept input)" : "", t->data);
                }
                if (listed ? st != H5_OK || !strcmp(chunked, t->document) : st != H5_OK || strcmp(chunked, t->document)) {
                    tot->chunk_failed++;
                    report_failure(name, i, scripting, t, chunked, chunk);
                }
                free(chunked);
            }
        }
    }
    free_tests(tests, n);
    free(buf);
}

/* Count the tests of the .dat files in a directory (for scripted/). */
static size_t count_tests(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    size_t total = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 4, ".dat")) continue;
        char path[8192];
        snprintf(path, sizeof path, "%.4000s/%.255s", dir, e->d_name);
        size_t len;
        char *buf = h5_test_read_file(path, &len);
        if (!buf) continue;
        dat_test *tests;
        size_t n = parse_dat(buf, len, &tests);
        free_tests(tests, n);
        free(buf);
        total += n;
    }
    closedir(d);
    return total;
}

/* A string of the tree that lies in one of `spans` must be the input's
 * units at the span's offset; counts the strings checked. */
static bool span_string_ok(const h5_source_span *spans, size_t ns, const h5_char *in, size_t n, const h5_char *s,
                           size_t len, size_t *hits) {
    for (size_t k = 0; k < ns; k++) {
        uintptr_t b = (uintptr_t)spans[k].ptr, q = (uintptr_t)s;
        if (!len || q < b || (q - b) / sizeof(h5_char) + len > spans[k].len) continue;
        size_t off = spans[k].offset + (q - b) / sizeof(h5_char);
        (*hits)++;
        return off + len <= n && !memcmp(in + off, s, len * sizeof *s);
    }
    return true;
}

/* A streamed parse fed from the parser's own store (parser.h,
 * h5_parser_input) across many blocks: a generated document with dense
 * parts (text, attributes, references, CR LF) and a long part that adds
 * nothing to the tree, in chunkings from 1 unit to larger than a block.
 * The tree must equal the one-shot parse's; every string that lies in a
 * borrowed span must be the input at the span's offset; and the blocks of
 * the empty part must not be kept. */
static size_t stream_blocks_test(h5_parser *p) {
    sbuf doc = { 0 };
    sb_add(&doc, "<!DOCTYPE html><title>t</title>", 31);
    for (int part = 0; part < 3; part++) {
        if (part == 1) {
            for (int k = 0; k < 30000; k++) sb_add(&doc, "</nothing>", 10);
            continue;
        }
        for (int k = 0; k < 3000; k++) {
            char line[160];
            int m = snprintf(line, sizeof line,
                             "<p class=\"c%d\" title='a &amp; b'>text %d &copy; more\r\nline<b>bold %d</b></p><!-- c%d -->\n",
                             k % 7, k, k * 3, k);
            sb_add(&doc, line, (size_t)m);
        }
    }
    h5_char *in = malloc((doc.len + 1) * sizeof *in);
    size_t n = h5_utf8_to_utf16((const uint8_t *)doc.p, doc.len, in);
    h5_node *root = NULL;
    sbuf want = { 0 };
    sb_add(&want, "", 0);
    if (h5_parse(p, in, n, NULL, &root) == H5_OK) dump_tree(&want, root);
    static const size_t chunks[] = { 1, 7, 1000, 32767, 32768, 40000, 100000, 0 };
    size_t failed = 0;
    for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++) {
        h5_status st = h5_parser_begin(p, NULL);
        if (chunks[c]) {
            if (st == H5_OK) st = feed_chunks(p, in, n, chunks[c], true);
        } else { /* chunk sizes that vary: 1 .. 50000 units */
            size_t off = 0, r = 12345;
            while (off < n && st == H5_OK) {
                r = r * 1103515245 + 12345;
                size_t k = 1 + (r >> 8) % 50000;
                if (k > n - off) k = n - off;
                st = feed_chunks(p, in + off, k, k, true);
                off += k;
            }
        }
        h5_status fin = h5_parser_finish(p, &root);
        if (st == H5_OK) st = fin;
        sbuf got = { 0 };
        sb_add(&got, "", 0);
        if (st == H5_OK) dump_tree(&got, root);
        const h5_source_span *spans;
        size_t ns = h5_parser_borrowed_spans(p, &spans), kept = 0, hits = 0;
        bool ok = st == H5_OK && !strcmp(got.p, want.p);
        for (size_t k = 0; k < ns; k++) {
            kept += spans[k].len;
            if (k && (uintptr_t)spans[k - 1].ptr >= (uintptr_t)spans[k].ptr) ok = false;
        }
        /* Every text node and attribute value in a span is the input there. */
        for (const h5_node *node = root; ok && node;) {
            if (node->type == H5_NODE_TEXT || node->type == H5_NODE_COMMENT)
                ok = span_string_ok(spans, ns, in, n, node->data, node->data_len, &hits);
            if (node->type == H5_NODE_ELEMENT)
                for (uint32_t a = 0; ok && a < node->nattrs; a++)
                    ok = span_string_ok(spans, ns, in, n, node->attrs[a].value.ptr, node->attrs[a].value.len, &hits);
            if (node->first_child) {
                node = node->first_child;
                continue;
            }
            while (node && !node->next_sibling) node = node->parent;
            if (node) node = node->next_sibling;
        }
        /* The part without a tree (300000 units) is not kept. */
        if (!ok || hits == 0 || kept + 250000 > n) {
            failed++;
            printf("STREAM BLOCKS chunk_size=%zu: %s (%zu spans, %zu units kept of %zu, %zu strings in them)\n", chunks[c],
                   ok ? "kept too much or borrowed nothing" : "tree or source offsets differ", ns, kept, n, hits);
        }
        free(got.p);
    }
    printf("streamed from the parser's store (h5_parser_feed_input), %zu units in 8 chunkings: %zu failed\n", n,
           failed);
    free(want.p);
    free(doc.p);
    free(in);
    return failed;
}

int main(int argc, char **argv) {
    int a = 1;
    for (; a < argc && !strncmp(argv[a], "--", 2); a++) {
        if (!strcmp(argv[a], "--legacy")) {
            legacy_mode = true;
        } else if (!strcmp(argv[a], "--changed") && a + 1 < argc) {
            load_changed(argv[++a]);
        } else {
            fprintf(stderr, "usage: tree_test [--legacy] [--changed LIST] DIR [FILTER]\n");
            return 2;
        }
    }
    const char *dir = argc > a ? argv[a] : "../shared/html5lib-tests/tree-construction";
    const char *filter = argc > a + 1 ? argv[a + 1] : NULL;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "cannot open %s\n", dir);
        return 2;
    }
    size_t nnames = 0, cap = 64;
    char **names = malloc(cap * sizeof *names);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 4, ".dat")) continue;
        if (filter && !strstr(e->d_name, filter)) continue;
        if (nnames == cap) {
            cap *= 2;
            names = realloc(names, cap * sizeof *names);
        }
        names[nnames++] = dupn(e->d_name, l);
    }
    closedir(d);
    qsort(names, nnames, sizeof *names, cmp_str);

    h5_parser *p = h5_parser_create();
    if (!p) return 2;
    totals tot;
    memset(&tot, 0, sizeof tot);
    for (size_t i = 0; i < nnames; i++) {
        run_file(p, dir, names[i], &tot);
        free(names[i]);
    }
    free(names);
    size_t blocks_failed = stream_blocks_test(p);
    h5_parser_destroy(p);

    char sdir[8192];
    snprintf(sdir, sizeof sdir, "%.4000s/scripted", dir);
    size_t scripted = count_tests(sdir);
    if (scripted) printf("scripted/: %zu tests not applicable (they need a script engine)\n", scripted);
    printf("tree-construction errors: %zu of %zu runs have the expected error count\n", tot.errors_match, tot.runs);
    printf("tree-construction errors: %zu of %zu runs match #errors alone or #errors + #new-errors "
           "(the two sections often name the same tokenizer error twice; docs/errors.md explains every "
           "difference, test/js/conformance/errors.test.js checks them)\n",
           tot.errors_match_either, tot.runs);
    printf("tree-construction (streamed in chunks of 1..7: h5_parser_feed, each freed after it is fed, and h5_parser_feed_input): %zu passed, %zu failed\n",
           tot.chunk_runs - tot.chunk_failed, tot.chunk_failed);
    printf("tree-construction source locations: %zu runs checked, %zu failed\n", tot.runs, tot.loc_failed);
    printf("tree-construction flat buffer over the input's block (source_in_buffer): %zu runs, %zu differ "
           "(%zu written over the input, %zu beside it)\n",
           sib_runs, sib_failed, sib_over, sib_runs - sib_over);
    size_t unseen = 0;
    for (size_t i = 0; i < nchanged; i++) {
        if (!changed[i].seen && !filter) {
            unseen++;
            printf("STALE %s:%zu: listed as changed by the standard, but there is no such test\n", changed[i].file,
                   changed[i].index);
        }
        free(changed[i].file);
    }
    free(changed);
    if (nchanged)
        printf("tree-construction: %zu runs of tests the standard changed since (listed) give the new tree, "
               "%zu stale entries\n",
               tot.changed, tot.stale + unseen);
    printf("tree-construction%s: %zu passed, %zu failed\n", legacy_mode ? " (processing instructions off)" : "",
           tot.passed, tot.failed);
    printf("%zu runs from %zu files\n", tot.runs, tot.files);
    return tot.failed || tot.chunk_failed || tot.loc_failed || sib_failed || tot.stale || unseen || blocks_failed ? 1 : 0;
}
