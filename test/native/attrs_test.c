/*
 * The rewriter's tokenizer (H5_BOUNDS_ONLY over bytes, as dist/rewrite.wasm
 * is built) reads a start tag's attributes in three ways (attrs_wanted,
 * tokenizer.h): made by the attribute states (13.2.5.32-40), as written
 * (their slices of the input, found by step_over_attributes), or stepped
 * over.  This test tokenizes generated documents each way, fed in the same
 * random chunks, and checks that:
 *
 * - every token starts and ends at the same offsets in all three, a tag has
 *   the same name, and a start tag is self-closing in all or none;
 * - as written and made give the same attributes (those a repeated name
 *   drops are dropped in both) at the same name and value offsets, and the
 *   same duplicate-attribute errors;
 * - a name as written, ASCII-lowercased, is the made name (none holds
 *   U+0000: those are made), and a value as written with no `&`, U+0000 or
 *   CR in it is the made value;
 * - stepped over, a tag has no attributes;
 * - with the tag lane (the option tag_lane: common tags in one step from
 *   their `<`), every token, attribute and error is the same as without it,
 *   in each of the three ways.
 *
 * The documents are tags of a few names with attributes from pieces that
 * move the states about: quotes, `=`, `/`, `>`, whitespace (CR too), `&`,
 * U+0000, upper case, repeated names, non-ASCII bytes, a tag cut by the end.
 * It also counts the tags whose attributes came as written (a name kept in
 * upper case): the test fails if there are too few for it to mean anything.
 *
 * Prints the number of checks and of failures; exits 1 on any failure.
 */
#include "tokenizer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if !defined(H5_CHAR8) || !defined(H5_BOUNDS_ONLY)
#error "attrs_test is built as the rewriter's tokenizer: -DH5_CHAR8 -DH5_BOUNDS_ONLY"
#endif

enum { MAX_TOKENS = 256, MAX_ATTRS = 16, MAX_TEXT = 64 };

typedef struct {
    uint32_t name_start, name_end, value_start, value_end;
    size_t name_len, value_len;
    h5_char name[MAX_TEXT], value[MAX_TEXT];
} attr_rec;

typedef struct {
    h5_token_type type;
    uint32_t start, end;
    size_t name_len;
    h5_char name[MAX_TEXT];
    bool self_closing;
    size_t nattrs;
    attr_rec attrs[MAX_ATTRS];
} token_rec;

typedef struct {
    h5_attrs_wanted mode;
    bool lane;
    token_rec tokens[MAX_TOKENS];
    size_t ntokens;
    unsigned duplicates;
    h5_tokenizer *t;
} run;

static unsigned long checks, failures, as_written_seen;

static void check(bool ok, const char *what, const h5_char *doc, size_t len) {
    checks++;
    if (ok) return;
    if (++failures <= 10) {
        printf("FAIL: %s in: ", what);
        for (size_t i = 0; i < len; i++) {
            if (doc[i] >= 0x20 && doc[i] < 0x7f) putchar(doc[i]);
            else printf("\\x%02x", doc[i]);
        }
        putchar('\n');
    }
}

static h5_attrs_wanted wanted(void *ctx, h5_str name) {
    (void)name;
    return ((run *)ctx)->mode;
}

static void copy_str(h5_char *to, size_t *len, h5_str s) {
    *len = s.len;
    memcpy(to, s.ptr, (s.len < MAX_TEXT ? s.len : MAX_TEXT) * sizeof *to);
}

static void on_token(void *ctx, h5_token *tok) {
    run *r = ctx;
    if (r->ntokens == MAX_TOKENS) return;
    token_rec *k = &r->tokens[r->ntokens++];
    memset(k, 0, sizeof *k);
    k->type = tok->type;
    k->start = tok->start;
    k->end = tok->end;
    k->self_closing = tok->self_closing;
    if (tok->type == H5_TOKEN_START_TAG || tok->type == H5_TOKEN_END_TAG) copy_str(k->name, &k->name_len, tok->name);
    if (tok->type != H5_TOKEN_START_TAG) return;
    k->nattrs = tok->nattrs;
    if (!tok->nattrs) return;
    const h5_token_attr *a = h5_tokenizer_tag_attrs(r->t);
    if (!a) {
        printf("out of memory\n");
        exit(1);
    }
    for (size_t i = 0; i < tok->nattrs && i < MAX_ATTRS; i++) {
        attr_rec *o = &k->attrs[i];
        o->name_start = a[i].name_start;
        o->name_end = a[i].name_end;
        o->value_start = a[i].value_start;
        o->value_end = a[i].value_end;
        copy_str(o->name, &o->name_len, a[i].name);
        copy_str(o->value, &o->value_len, a[i].value);
    }
}

static void on_error(void *ctx, h5_error_code code, uint32_t offset) {
    (void)offset;
    if (code == H5_ERROR_DUPLICATE_ATTRIBUTE) ((run *)ctx)->duplicates++;
}

/* Tokenizes doc in the chunks that end at cuts[0..ncuts) (then at len). */
static void tokenize(run *r, const h5_char *doc, size_t len, const size_t *cuts, size_t ncuts) {
    r->ntokens = 0;
    r->duplicates = 0;
    h5_tokenizer_options o = {.on_token = on_token, .token_ctx = r, .on_error = on_error, .error_ctx = r,
                              .initial_state = H5_STATE_DATA, .tags_on_request = true, .attrs_wanted = wanted,
                              .tag_lane = r->lane};
    h5_tokenizer_reset(r->t, &o);
    size_t from = 0;
    for (size_t i = 0; i <= ncuts; i++) {
        size_t to = i < ncuts ? cuts[i] : len;
        if (h5_tokenizer_feed(r->t, doc + from, to - from) != H5_OK) {
            printf("feed failed\n");
            exit(1);
        }
        from = to;
    }
    h5_tokenizer_finish(r->t);
}

static uint64_t rng = 0x9e3779b97f4a7c15u;
static unsigned next(unsigned n) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

static const char *const NAMES[] = {"a", "A", "img", "div", "x-y", "h1", "bR", "p", "a\0", "span", "custom-el2", "/a", "/p", "/x-y", "/A", "/p ", "/span", "/custom-el2", "!--x--", "a/"};
/* Pieces of attributes (each a string; "\0" pieces are written with their length). */
static const struct {
    const char *s;
    size_t n;
} PIECES[] = {
    {" ", 1}, {"  ", 2}, {"\t", 1}, {"\n", 1}, {"\r", 1}, {"\r\n", 2}, {"\f", 1}, {"/", 1}, {"=", 1}, {"\"", 1},
    {"'", 1}, {"<", 1}, {"`", 1}, {"a", 1}, {"B", 1}, {"href", 4}, {"HREF", 4}, {"HrEf", 4}, {"id", 2},
    {"x", 1}, {"&amp;", 5}, {"&", 1}, {"&#x41;", 6}, {"&lt", 3}, {"\0", 1}, {"\xc3\xa9", 2}, {"=\"v\"", 4},
    {"='w'", 4}, {"=u", 2}, {" = ", 3}, {"=\"a b>c\"", 8}, {"='\"'", 4}, {"=\"\"", 3}, {"=''", 3},
    {" href=\"http://e/\"", 17}, {" HREF=http:x", 12}, {" class='c'", 10}, {" data-Q=\"1\"", 11},
    {"=\"&quot;\"", 9}, {"=\"\r\n\"", 5}, {"=x\0y", 4},
};

/* A document: a few tags (most with attributes), text between them, perhaps cut short. */
static size_t make_doc(h5_char *doc, size_t cap) {
    size_t n = 0;
#define PUT(str, len)                                 \
    do {                                              \
        size_t l_ = (len);                            \
        if (n + l_ >= cap) return n;                  \
        memcpy(doc + n, (str), l_);                   \
        n += l_;                                      \
    } while (0)
    unsigned tags = 1 + next(4);
    for (unsigned k = 0; k < tags; k++) {
        const char *name = NAMES[next(sizeof NAMES / sizeof *NAMES)];
        PUT("<", 1);
        PUT(name, strcmp(name, "a\0") == 0 ? 2 : strlen(name));
        if (next(8)) PUT(" ", 1);
        unsigned pieces = next(12);
        for (unsigned i = 0; i < pieces; i++) {
            unsigned p = next(sizeof PIECES / sizeof *PIECES);
            PUT(PIECES[p].s, PIECES[p].n);
        }
        if (next(10)) PUT(next(4) ? ">" : "/>", next(4) ? 1 : 2);
        if (next(2)) PUT("text", 4);
    }
    return n;
#undef PUT
}

static bool same_token(const token_rec *a, const token_rec *b, bool attrs) {
    if (a->type != b->type || a->start != b->start || a->end != b->end || a->self_closing != b->self_closing ||
        a->name_len != b->name_len || memcmp(a->name, b->name, (a->name_len < MAX_TEXT ? a->name_len : MAX_TEXT) * sizeof *a->name) != 0)
        return false;
    if (!attrs) return true;
    if (a->nattrs != b->nattrs) return false;
    for (size_t i = 0; i < a->nattrs && i < MAX_ATTRS; i++) {
        const attr_rec *x = &a->attrs[i], *y = &b->attrs[i];
        if (x->name_start != y->name_start || x->name_end != y->name_end || x->value_start != y->value_start ||
            x->value_end != y->value_end)
            return false;
    }
    return true;
}

/* A's attributes (as written) read as B's (made): names lowercased, values without `&`, U+0000 or CR the same. */
static bool same_text(const token_rec *a, const token_rec *b, bool *upper) {
    for (size_t i = 0; i < a->nattrs && i < MAX_ATTRS; i++) {
        const attr_rec *x = &a->attrs[i], *y = &b->attrs[i];
        if (x->name_len > MAX_TEXT || x->value_len > MAX_TEXT) continue;
        if (x->name_len != y->name_len) return false;
        for (size_t k = 0; k < x->name_len; k++) {
            h5_char c = x->name[k];
            if (c >= 'A' && c <= 'Z') {
                *upper = true;
                c += 32;
            }
            if (c != y->name[k]) return false;
        }
        bool plain = true;
        for (size_t k = 0; k < x->value_len; k++)
            if (x->value[k] == '&' || x->value[k] == 0 || x->value[k] == '\r') plain = false;
        if (plain && (x->value_len != y->value_len || memcmp(x->value, y->value, x->value_len) != 0)) return false;
    }
    return true;
}

/* Whether two runs gave the same tokens, attributes (offsets and text) and errors. */
static bool same_runs(const run *a, const run *b) {
    if (a->ntokens != b->ntokens || a->duplicates != b->duplicates) return false;
    for (size_t i = 0; i < a->ntokens; i++) {
        const token_rec *x = &a->tokens[i], *y = &b->tokens[i];
        if (!same_token(x, y, true)) return false;
        for (size_t k = 0; k < x->nattrs && k < MAX_ATTRS; k++) {
            const attr_rec *p = &x->attrs[k], *q = &y->attrs[k];
            if (p->name_len != q->name_len || p->value_len != q->value_len ||
                memcmp(p->name, q->name, (p->name_len < MAX_TEXT ? p->name_len : MAX_TEXT) * sizeof *p->name) != 0 ||
                memcmp(p->value, q->value, (p->value_len < MAX_TEXT ? p->value_len : MAX_TEXT) * sizeof *p->value) != 0)
                return false;
        }
    }
    return true;
}

int main(int argc, char **argv) {
    unsigned long docs = argc > 1 ? strtoul(argv[1], NULL, 10) : 200000;
    static run made = {.mode = H5_ATTRS_MADE}, written = {.mode = H5_ATTRS_AS_WRITTEN}, none = {.mode = H5_ATTRS_NONE};
    /* The same three with the tag lane. */
    static run lanes[3] = {{.mode = H5_ATTRS_MADE, .lane = true}, {.mode = H5_ATTRS_AS_WRITTEN, .lane = true},
                           {.mode = H5_ATTRS_NONE, .lane = true}};
    run *const plain[3] = {&made, &written, &none};
    made.t = h5_tokenizer_create();
    written.t = h5_tokenizer_create();
    none.t = h5_tokenizer_create();
    if (!made.t || !written.t || !none.t) return 1;
    for (int i = 0; i < 3; i++)
        if (!(lanes[i].t = h5_tokenizer_create())) return 1;
    static h5_char doc[1024];
    size_t cuts[3];
    for (unsigned long d = 0; d < docs; d++) {
        size_t len = make_doc(doc, sizeof doc);
        /* Whole, or in two to four chunks. */
        size_t ncuts = next(3) ? 0 : 1 + next(3);
        for (size_t i = 0; i < ncuts; i++) cuts[i] = len ? next((unsigned)len + 1) : 0;
        for (size_t i = 1; i < ncuts; i++)
            for (size_t j = i; j > 0 && cuts[j - 1] > cuts[j]; j--) {
                size_t x = cuts[j];
                cuts[j] = cuts[j - 1];
                cuts[j - 1] = x;
            }
        tokenize(&made, doc, len, cuts, ncuts);
        tokenize(&written, doc, len, cuts, ncuts);
        tokenize(&none, doc, len, cuts, ncuts);
        for (int i = 0; i < 3; i++) {
            tokenize(&lanes[i], doc, len, cuts, ncuts);
            check(same_runs(plain[i], &lanes[i]), "the tag lane: tokens, attributes or errors", doc, len);
        }
        check(made.ntokens == written.ntokens && made.ntokens == none.ntokens, "token count", doc, len);
        check(made.duplicates == written.duplicates, "duplicate-attribute errors", doc, len);
        size_t n = made.ntokens < written.ntokens ? made.ntokens : written.ntokens;
        if (none.ntokens < n) n = none.ntokens;
        for (size_t i = 0; i < n; i++) {
            const token_rec *m = &made.tokens[i], *w = &written.tokens[i], *s = &none.tokens[i];
            check(same_token(m, w, true), "as written: token or attribute offsets", doc, len);
            check(same_token(m, s, false), "stepped over: token offsets", doc, len);
            if (s->type == H5_TOKEN_START_TAG) check(s->nattrs == 0 || s->nattrs == m->nattrs, "stepped over: attributes", doc, len);
            if (m->type == H5_TOKEN_START_TAG && same_token(m, w, true)) {
                bool upper = false;
                check(same_text(w, m, &upper), "as written: names and values", doc, len);
                if (upper) as_written_seen++;
            }
        }
    }
    check(as_written_seen >= docs / 20, "enough tags read as written", (const h5_char *)"", 0);
    printf("attrs_test: %lu documents, %lu checks, %lu tags with names as written, %lu failures\n", docs, checks,
           as_written_seen, failures);
    h5_tokenizer_destroy(made.t);
    h5_tokenizer_destroy(written.t);
    h5_tokenizer_destroy(none.t);
    for (int i = 0; i < 3; i++) h5_tokenizer_destroy(lanes[i].t);
    return failures ? 1 : 0;
}
