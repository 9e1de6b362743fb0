/*
 * Test helper for the flat tree buffer: builds h5_node trees by hand (no
 * tree builder needed) and writes them with h5_flatbuf_write.
 *
 *   flatbuf_dump [options] IN OUT     tree described by IN (format below)
 *   flatbuf_dump [options] --deep N OUT
 *            html > body > N nested <div>s > text "x"
 *   flatbuf_dump [options] --deep-templates N OUT
 *            N templates, each in the previous one's contents
 *
 * Options:
 *   --locations       write the location sections
 *   --errors          write the error section (R lines of IN)
 *   --no-scripting    clear the scripting flag
 *   --repeat K        write K times with one h5_flatbuf; all outputs must be equal
 *   --oom-sweep       retry with growing memory limits from 0 until the write
 *                     succeeds; every failure must be H5_ERR_OOM; the final
 *                     output must equal an unlimited write
 *
 * IN: one node per line in pre-order; the parent of a node at depth d is the
 * last node at depth d-1.  Strings are hex UTF-16 code units (4 hex digits
 * each) or "-" for empty.  Offsets are decimal, -1 for none.
 *   D depth mode                               document (mode 0/1/2)
 *   F depth                                    document fragment
 *   C depth                                    template contents of the parent
 *   E depth ns flags name start ste ets end n  element, followed by n A lines
 *   A ns name value name_start name_end value_start value_end
 *   T depth data start end                     text
 *   M depth data start end                     comment
 *   Y depth name public system haspub hassys start end   doctype
 *   P depth target data start end              processing instruction
 *   R code offset                              parse error
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "atoms.h"
#include "dom.h"
#include "flatbuf.h"

static void die(const char *msg) {
    fprintf(stderr, "flatbuf_dump: %s\n", msg);
    exit(2);
}

static h5_arena arena;

static void *xcalloc(size_t n) {
    void *p = h5_arena_calloc(&arena, n);
    if (!p) die("arena allocation failed");
    return p;
}

static h5_node *new_node(h5_node_type t) {
    h5_node *n = xcalloc(sizeof *n);
    n->type = (uint8_t)t;
    n->start = n->end = H5_NO_OFFSET;
    if (t == H5_NODE_ELEMENT) n->start_tag_end = n->end_tag_start = H5_NO_OFFSET;
    return n;
}

static void append(h5_node *parent, h5_node *child) {
    child->parent = parent;
    child->prev_sibling = parent->last_child;
    if (parent->last_child) parent->last_child->next_sibling = child;
    else parent->first_child = child;
    parent->last_child = child;
}

/* ---- reading IN ------------------------------------------------------- */

static char *tok(char **p) {
    char *s = *p;
    while (*s == ' ' || *s == '\t') s++;
    if (!*s || *s == '\n' || *s == '\r') die("missing field");
    char *e = s;
    while (*e && *e != ' ' && *e != '\t' && *e != '\n' && *e != '\r') e++;
    if (*e) *e++ = 0;
    *p = e;
    return s;
}

static long num(char **p) { return strtol(tok(p), NULL, 10); }

static uint32_t off(char **p) {
    long v = num(p);
    return v < 0 ? H5_NO_OFFSET : (uint32_t)v;
}

static h5_str hexstr(char **p) {
    char *s = tok(p);
    h5_str r = { NULL, 0 };
    if (strcmp(s, "-") == 0) return r;
    size_t n = strlen(s);
    if (n % 4) die("bad hex string");
    h5_char *u = xcalloc((n / 4) * sizeof *u + 1);
    for (size_t i = 0; i < n / 4; i++) {
        char b[5] = { s[4 * i], s[4 * i + 1], s[4 * i + 2], s[4 * i + 3], 0 };
        u[i] = (h5_char)strtoul(b, NULL, 16);
    }
    r.ptr = u;
    r.len = n / 4;
    return r;
}

static h5_flatbuf_error errors[4096];
static size_t nerrors;

/* Element atoms are those of the lowercased name, as the tokenizer gives. */
static uint16_t element_atom(h5_str name) {
    if (name.len > H5_ATOM_MAX_LEN) return H5_ATOM_NONE;
    h5_char low[H5_ATOM_MAX_LEN];
    for (size_t i = 0; i < name.len; i++) low[i] = (h5_char)h5_to_lower(name.ptr[i]);
    return (uint16_t)h5_atom_lookup(low, name.len);
}

static h5_node *read_tree(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open input");
    static char line[1 << 20];
    h5_node **stack = NULL; /* last node at each depth */
    size_t cap = 0;
    h5_node *root = NULL;
    h5_node *pending_el = NULL;
    uint32_t pending_attrs = 0, attr_i = 0;
    while (fgets(line, sizeof line, f)) {
        if (strlen(line) == sizeof line - 1) die("line too long");
        char *p = line;
        while (*p == ' ') p++;
        if (!*p || *p == '\n' || *p == '#') continue;
        char kind = *p++;
        if (kind == 'A') {
            if (!pending_el || attr_i >= pending_attrs) die("unexpected A line");
            h5_attr *a = &pending_el->attrs[attr_i++];
            a->ns = (uint8_t)num(&p);
            a->name = hexstr(&p);
            a->value = hexstr(&p);
            a->atom = (uint16_t)(a->name.len ? h5_atom_lookup(a->name.ptr, a->name.len) : 0);
            a->name_start = off(&p);
            a->name_end = off(&p);
            a->value_start = off(&p);
            a->value_end = off(&p);
            continue;
        }
        if (kind == 'R') {
            if (nerrors == sizeof errors / sizeof *errors) die("too many errors");
            errors[nerrors].code = (uint32_t)num(&p);
            errors[nerrors].offset = (uint32_t)num(&p);
            nerrors++;
            continue;
        }
        if (pending_el && attr_i != pending_attrs) die("missing A lines");
        pending_el = NULL;
        long depth = num(&p);
        if (depth < 0) die("bad depth");
        h5_node *n;
        bool content = false;
        switch (kind) {
        case 'D':
            n = new_node(H5_NODE_DOCUMENT);
            n->mode = (uint8_t)num(&p);
            break;
        case 'F':
            n = new_node(H5_NODE_FRAGMENT);
            break;
        case 'C':
            n = new_node(H5_NODE_FRAGMENT);
            n->flags = H5_NODE_FLAG_TEMPLATE_CONTENTS;
            content = true;
            break;
        case 'E':
            n = new_node(H5_NODE_ELEMENT);
            n->ns = (uint8_t)num(&p);
            n->flags = (uint32_t)num(&p);
            n->name = hexstr(&p);
            n->atom = element_atom(n->name);
            n->start = off(&p);
            n->start_tag_end = off(&p);
            n->end_tag_start = off(&p);
            n->end = off(&p);
            pending_attrs = (uint32_t)num(&p);
            attr_i = 0;
            n->nattrs = pending_attrs;
            n->attrs = pending_attrs ? xcalloc(pending_attrs * sizeof *n->attrs) : NULL;
            pending_el = n;
            break;
        case 'T':
        case 'M':
        case 'P': {
            n = new_node(kind == 'T' ? H5_NODE_TEXT : kind == 'M' ? H5_NODE_COMMENT : H5_NODE_PI);
            if (kind == 'P') n->name = hexstr(&p); /* the target */
            h5_str d = hexstr(&p);
            n->data = (h5_char *)d.ptr;
            n->data_len = n->data_cap = (uint32_t)d.len;
            n->start = off(&p);
            n->end = off(&p);
            break;
        }
        case 'Y':
            n = new_node(H5_NODE_DOCTYPE);
            n->name = hexstr(&p);
            n->public_id = hexstr(&p);
            n->system_id = hexstr(&p);
            n->has_public_id = (uint8_t)num(&p);
            n->has_system_id = (uint8_t)num(&p);
            n->start = off(&p);
            n->end = off(&p);
            break;
        default:
            die("unknown line kind");
        }
        if ((size_t)depth >= cap) {
            size_t nc = cap ? cap * 2 : 64;
            while (nc <= (size_t)depth) nc *= 2;
            stack = realloc(stack, nc * sizeof *stack);
            if (!stack) die("out of memory");
            cap = nc;
        }
        if (depth == 0) {
            if (root) die("two roots");
            root = n;
        } else {
            h5_node *parent = stack[depth - 1];
            if (!parent) die("no parent");
            if (content) parent->template_content = n;
            else append(parent, n);
        }
        stack[depth] = n;
        if ((size_t)depth + 1 < cap) stack[depth + 1] = NULL;
    }
    if (pending_el && attr_i != pending_attrs) die("missing A lines");
    free(stack);
    fclose(f);
    if (!root) die("empty input");
    return root;
}

/* ---- generated trees ---------------------------------------------------- */

static h5_str ascii(const char *s) {
    size_t n = strlen(s);
    h5_char *u = xcalloc(n * sizeof *u + 1);
    for (size_t i = 0; i < n; i++) u[i] = (unsigned char)s[i];
    h5_str r = { u, n };
    return r;
}

static h5_node *element(const char *name) {
    h5_node *e = new_node(H5_NODE_ELEMENT);
    e->name = ascii(name);
    e->atom = element_atom(e->name);
    return e;
}

static h5_node *deep_tree(long n, bool templates) {
    h5_node *doc = new_node(H5_NODE_DOCUMENT);
    h5_node *html = element("html"), *head = element("head"), *body = element("body");
    append(doc, html);
    append(html, head);
    append(html, body);
    h5_node *cur = body;
    for (long i = 0; i < n; i++) {
        if (templates) {
            h5_node *t = element("template");
            append(cur, t);
            h5_node *c = new_node(H5_NODE_FRAGMENT);
            c->flags = H5_NODE_FLAG_TEMPLATE_CONTENTS;
            t->template_content = c;
            cur = c;
        } else {
            h5_node *d = element("div");
            append(cur, d);
            cur = d;
        }
    }
    h5_node *t = new_node(H5_NODE_TEXT);
    h5_str x = ascii("x");
    t->data = (h5_char *)x.ptr;
    t->data_len = t->data_cap = 1;
    append(cur, t);
    /* A sibling after the deep chain checks the climb back up. */
    h5_node *after = new_node(H5_NODE_COMMENT);
    h5_str a = ascii("after");
    after->data = (h5_char *)a.ptr;
    after->data_len = after->data_cap = 5;
    append(body, after);
    return doc;
}

/* ---- main ------------------------------------------------------------- */

int main(int argc, char **argv) {
    h5_flatbuf_options o = h5_flatbuf_options_default();
    long deep = -1, repeat = 1;
    bool templates = false, sweep = false;
    int i = 1;
    for (; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
        if (strcmp(argv[i], "--locations") == 0) o.locations = true;
        else if (strcmp(argv[i], "--errors") == 0) o.include_errors = true;
        else if (strcmp(argv[i], "--no-scripting") == 0) o.scripting = false;
        else if (strcmp(argv[i], "--oom-sweep") == 0) sweep = true;
        else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) repeat = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--deep") == 0 && i + 1 < argc) deep = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--deep-templates") == 0 && i + 1 < argc) {
            deep = strtol(argv[++i], NULL, 10);
            templates = true;
        } else die("unknown option");
    }
    h5_arena_init(&arena);
    h5_node *root;
    const char *out;
    if (deep >= 0) {
        if (i + 1 != argc) die("usage: flatbuf_dump [options] --deep N OUT");
        root = deep_tree(deep, templates);
        out = argv[i];
    } else {
        if (i + 2 != argc) die("usage: flatbuf_dump [options] IN OUT");
        root = read_tree(argv[i]);
        out = argv[i + 1];
    }
    o.errors = nerrors ? errors : NULL;
    o.error_count = o.include_errors ? nerrors : 0;

    h5_flatbuf fb;
    h5_flatbuf_init(&fb);
    h5_status st = h5_flatbuf_write(root, &o, &fb);
    if (st != H5_OK) die("write failed");
    uint8_t *first = malloc(fb.len ? fb.len : 1);
    if (!first) die("out of memory");
    memcpy(first, fb.data, fb.len);
    size_t first_len = fb.len;
    for (long r = 1; r < repeat; r++) {
        if (h5_flatbuf_write(root, &o, &fb) != H5_OK) die("repeat write failed");
        if (fb.len != first_len || memcmp(fb.data, first, first_len) != 0) die("repeat write differs");
    }
    if (sweep) {
        /* Fresh buffers with growing limits: every failure must be a clean
         * H5_ERR_OOM, and a reused buffer must recover. */
        unsigned failures = 0;
        for (size_t limit = 1;; limit += limit / 8 + 1) {
            h5_flatbuf t;
            h5_flatbuf_init(&t);
            t.limit = limit;
            h5_status s = h5_flatbuf_write(root, &o, &t);
            if (s == H5_OK) {
                if (t.len != first_len || memcmp(t.data, first, first_len) != 0) die("limited write differs");
                t.limit = 0;
                h5_flatbuf_free(&t);
                break;
            }
            if (s != H5_ERR_OOM) die("limited write failed with something other than H5_ERR_OOM");
            if (t.len != 0) die("failed write left a length");
            failures++;
            t.limit = 0; /* the same buffer works once memory is there */
            if (h5_flatbuf_write(root, &o, &t) != H5_OK || t.len != first_len || memcmp(t.data, first, first_len) != 0)
                die("write after OOM failed");
            h5_flatbuf_free(&t);
        }
        fprintf(stderr, "oom-sweep: %u failing limits\n", failures);
    }

    FILE *f = fopen(out, "wb");
    if (!f) die("cannot open output");
    if (fwrite(first, 1, first_len, f) != first_len) die("write error");
    fclose(f);
    free(first);
    h5_flatbuf_free(&fb);
    h5_arena_free(&arena);
    return 0;
}
