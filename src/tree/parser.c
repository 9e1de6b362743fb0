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
};

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

h5_status h5_parser_finish(h5_parser *p, h5_node **out) {
    if (!p || !out || !p->active) return H5_ERR_INVALID;
    *out = NULL;
    p->active = false;
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
