/*
 * The HTML parser: tokenizer (13.2.5) feeding tree construction (13.2.6),
 * for documents and fragments (13.4).  See parser.h.
 */
#include "parser.h"

#include <stdlib.h>
#include <string.h>

#include "tokenizer.h"
#include "treebuilder.h"

struct h5_parser {
    h5_arena arena;
    h5_tokenizer *tokenizer;
    h5_treebuilder tb;
    size_t error_count;
    size_t tokenizer_errors;
    h5_error_sink user_sink;
    void *user_ctx;
    size_t fed;     /* code units fed so far */
    bool active;    /* between begin and finish */
    /* A streamed parse's own store of input (h5_parser_input): blocks in
     * the order fed; the last one takes the next chunk. */
    struct input_block *blocks;
    size_t nblocks, blocks_cap;
    h5_source_span *spans;  /* h5_parser_borrowed_spans */
    size_t spans_cap;
};

/* A block of the kept input: units [offset, offset + len) at data. */
struct input_block {
    h5_char *data;
    size_t cap, len, offset;
    size_t lent;    /* units of the strings the tree kept from it */
    bool borrow;    /* the tree borrows from it (else copies) */
};

/* A block holds this many units, or one larger chunk; with the slack
 * after a chunk (room the tokenizer never reads, as h5w_stream_input's). */
#define INPUT_BLOCK_UNITS ((size_t)32768)
#define INPUT_SLACK 1
/* A block the tree took less than 1/INPUT_DENSE of its units from makes
 * the next block copy. */
#define INPUT_DENSE 8
/* Releases the kept input (the tree no longer needs it). */
static void release_input(h5_parser *p) {
    while (p->nblocks) free(p->blocks[--p->nblocks].data);
}

/* Counts tokenizer errors, then forwards them. */
static void count_tokenizer_error(void *ctx, h5_error_code code, uint32_t offset) {
    h5_parser *p = ctx;
    p->tokenizer_errors++;
    if (p->user_sink) p->user_sink(p->user_ctx, code, offset);
}

h5_parse_options h5_parse_options_default(void) {
    h5_parse_options o;
    memset(&o, 0, sizeof o);
    o.scripting = true;
    o.processing_instructions = true;
    o.context_ns = H5_NS_HTML;
    return o;
}

h5_parser *h5_parser_create(void) {
    h5_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    h5_arena_init(&p->arena);
    h5_tb_init(&p->tb);
    p->tokenizer = h5_tokenizer_create();
    if (!p->tokenizer) {
        free(p);
        return NULL;
    }
    return p;
}

void h5_parser_destroy(h5_parser *p) {
    if (!p) return;
    release_input(p);
    free(p->blocks);
    free(p->spans);
    h5_tokenizer_destroy(p->tokenizer);
    h5_tb_free(&p->tb);
    h5_arena_free(&p->arena);
    free(p);
}

size_t h5_parser_error_count(const h5_parser *p) { return p->error_count; }

bool h5_parser_encoding_tentative(const h5_parser *p) { return p->tb.encoding_tentative; }

h5_encoding h5_parser_encoding_change(const h5_parser *p) { return (h5_encoding)p->tb.encoding_change; }

/* Starts a parse: the tree builder over `input` (NULL for a streamed parse:
 * nothing to borrow from), then the tokenizer in the state it gives. */
static h5_status begin(h5_parser *p, const h5_parse_options *opts, const h5_char *input, size_t len) {
    h5_parse_options def = h5_parse_options_default();
    if (!opts) opts = &def;
    if (opts->fragment && !opts->context_name) return H5_ERR_INVALID;
    if (len > UINT32_MAX - 1) return H5_ERR_TOO_LARGE;

    h5_arena_reset(&p->arena);
    release_input(p);
    p->arena.limit = opts->memory_limit;
    p->error_count = 0;
    p->fed = 0;
    p->active = true;

    /* The tree builder first: it gives the tokenizer's initial state. */
    h5_tokenizer_state st = h5_tb_begin(&p->tb, opts, &p->arena, p->tokenizer, input, len);
    if (p->tb.failed) {
        h5_tb_finish(&p->tb);
        p->active = false;
        return H5_ERR_OOM;
    }
    h5_tokenizer_options ko;
    memset(&ko, 0, sizeof ko);
    ko.on_token = h5_tb_on_token;
    ko.token_ctx = &p->tb;
    ko.cdata_allowed = h5_tb_cdata_allowed;
    p->tokenizer_errors = 0;
    p->user_sink = opts->on_error;
    p->user_ctx = opts->error_ctx;
    ko.on_error = count_tokenizer_error;
    ko.error_ctx = p;
    ko.initial_state = st;
    ko.processing_instructions = opts->processing_instructions;
    h5_tokenizer_reset(p->tokenizer, &ko);
    return H5_OK;
}

h5_status h5_parser_begin(h5_parser *p, const h5_parse_options *opts) {
    if (!p) return H5_ERR_INVALID;
    return begin(p, opts, NULL, 0);
}

h5_status h5_parser_feed(h5_parser *p, const h5_char *chunk, size_t len) {
    if (!p || !p->active || (!chunk && len)) return H5_ERR_INVALID;
    if (p->tb.failed) return H5_ERR_OOM;
    if (len > UINT32_MAX - 1 - p->fed) return H5_ERR_TOO_LARGE;
    p->fed += len;
    h5_status s = h5_tokenizer_feed(p->tokenizer, chunk, len);
    return s == H5_OK && p->tb.failed ? H5_ERR_OOM : s;
}

h5_char *h5_parser_input(h5_parser *p, size_t len) {
    if (!p || !p->active || len > SIZE_MAX / sizeof(h5_char) - INPUT_BLOCK_UNITS - INPUT_SLACK) return NULL;
    const size_t need = len + INPUT_SLACK;
    struct input_block *cur = p->nblocks ? &p->blocks[p->nblocks - 1] : NULL;
    if (cur && cur->cap - cur->len >= need) return cur->data + cur->len;
    /* A new block.  The one before stays if the tree borrowed from it;
     * how much it took decides whether the new one lends. */
    bool borrow = true;
    if (cur) {
        borrow = cur->len ? cur->lent > 0 && cur->lent >= cur->len / INPUT_DENSE : cur->borrow;
        if (!cur->borrow || cur->lent == 0) { /* nothing borrowed: reuse or free it */
            p->nblocks--;
            if (cur->cap >= need) {
                cur->offset = p->fed;
                cur->len = cur->lent = 0;
                cur->borrow = borrow;
                p->nblocks++;
                return cur->data;
            }
            free(cur->data);
        }
    }
    if (p->nblocks == p->blocks_cap) {
        size_t cap = p->blocks_cap ? p->blocks_cap * 2 : 8;
        struct input_block *nb = realloc(p->blocks, cap * sizeof *nb);
        if (!nb) return NULL;
        p->blocks = nb;
        p->blocks_cap = cap;
    }
    size_t cap = need > INPUT_BLOCK_UNITS ? need : INPUT_BLOCK_UNITS;
    h5_char *data = malloc(cap * sizeof(h5_char));
    if (!data) return NULL;
    p->blocks[p->nblocks++] = (struct input_block){ data, cap, 0, p->fed, 0, borrow };
    return data;
}

h5_status h5_parser_feed_input(h5_parser *p, size_t len) {
    if (!p || !p->active || !p->nblocks) return H5_ERR_INVALID;
    struct input_block *b = &p->blocks[p->nblocks - 1];
    if (len + INPUT_SLACK > b->cap - b->len || b->offset + b->len != p->fed) return H5_ERR_INVALID;
    /* The tree sees the block up to the end of this chunk (tb_machinery.h). */
    h5_treebuilder *tb = &p->tb;
    tb->window = b->data;
    tb->window_len = b->len + len;
    tb->window_base = b->offset;
    tb->window_borrow = b->borrow;
    tb->window_lent = b->lent;
    const h5_char *chunk = b->data + b->len;
    b->len += len;
    h5_status s = h5_parser_feed(p, chunk, len);
    b->lent = tb->window_lent;
    return s;
}

size_t h5_parser_borrowed_spans(h5_parser *p, const h5_source_span **out) {
    *out = NULL;
    if (!p || p->active || !p->nblocks) return 0;
    if (p->spans_cap < p->nblocks) {
        h5_source_span *ns = realloc(p->spans, p->nblocks * sizeof *ns);
        if (!ns) return 0; /* then the flat buffer copies the strings */
        p->spans = ns;
        p->spans_cap = p->nblocks;
    }
    /* Sorted by address as they are added: an insertion sort, as blocks
     * mostly come at ascending addresses (and qsort would add its code to
     * the wasm module). */
    size_t n = 0;
    for (size_t i = 0; i < p->nblocks; i++) {
        const struct input_block *b = &p->blocks[i];
        if (!b->borrow || !b->lent) continue;
        size_t j = n++;
        for (; j > 0 && (uintptr_t)p->spans[j - 1].ptr > (uintptr_t)b->data; j--) p->spans[j] = p->spans[j - 1];
        p->spans[j] = (h5_source_span){ b->data, b->len, b->offset };
    }
    *out = p->spans;
    return n;
}

h5_status h5_parser_finish(h5_parser *p, h5_node **out) {
    if (!p || !out || !p->active) return H5_ERR_INVALID;
    *out = NULL;
    p->active = false;
    if (p->nblocks && p->tb.window == p->blocks[p->nblocks - 1].data) p->blocks[p->nblocks - 1].lent = p->tb.window_lent;
    /* Elements open at the end of the input end there (tb_parse_state.c). */
    if (!p->tb.input) p->tb.input_len = p->fed;
    h5_status s = p->tb.failed ? H5_ERR_OOM : h5_tokenizer_finish(p->tokenizer);
    h5_node *result = h5_tb_finish(&p->tb);
    p->error_count = p->tb.error_count + p->tokenizer_errors;
    if (s != H5_OK || !result) return s == H5_ERR_OOM || !result ? H5_ERR_OOM : s;
    *out = result;
    return H5_OK;
}

h5_status h5_parse(h5_parser *p, const h5_char *input, size_t len, const h5_parse_options *opts,
                   h5_node **out) {
    if (!p || !out || (!input && len)) return H5_ERR_INVALID;
    *out = NULL;
    h5_status s = begin(p, opts, input, len);
    if (s != H5_OK) return s;
    size_t chunk = opts && opts->chunk_size ? opts->chunk_size : len;
    for (size_t off = 0; off < len && s == H5_OK; off += chunk) {
        size_t n = len - off < chunk ? len - off : chunk;
        s = h5_parser_feed(p, input + off, n);
    }
    if (s != H5_OK) {
        h5_tb_finish(&p->tb);
        p->active = false;
        return s;
    }
    return h5_parser_finish(p, out);
}
