/*
 * The WebAssembly module's entry points (all named h5w_*).
 *
 * The JS wrapper writes the input string as UTF-16 into the buffer returned by
 * h5w_input(), calls one entry point, and reads the result out of linear
 * memory in one go.  No per-node or per-token call crosses the boundary.
 *
 * One instance serves one thread; the state below is per instance (each
 * worker instantiates its own module), and reused across calls so that the
 * heap does not grow without bound.
 */
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "atoms.h"
#include "encoding.h"
#include "errors.h"
#include "flatbuf.h"
#include "parser.h"
#include "tokenizer.h"

#define H5W_EXPORT(name) __attribute__((export_name(#name)))

/* Which module this build is (Makefile): dist/html5.wasm (the default: the
 * tokenizer, tree builder, serializer and streaming), dist/xml5.wasm
 * (H5W_XML_MODULE: XML5) or dist/rewrite.wasm (H5W_REWRITE_MODULE: the
 * tokenizer and HTMLRewriter's sessions, no tree builder).  The sections
 * below are guarded by what needs them; the linker keeps only the C that a
 * module's entry points reach. */
#if defined(H5W_XML_MODULE)
#define H5W_HTML 0
#define H5W_REWRITE 0
#elif defined(H5W_REWRITE_MODULE)
#define H5W_HTML 0
#define H5W_REWRITE 1
#else
#define H5W_HTML 1
#define H5W_REWRITE 0
#endif
#define H5W_TOKENS (H5W_HTML || H5W_REWRITE) /* the tokenizer's records and sessions */

/* ---- growable arrays of 32-bit words ----------------------------------- */
typedef struct {
    uint32_t *data;
    size_t len, cap;
} words;

static bool words_reserve(words *w, size_t extra) {
    if (w->cap - w->len >= extra) return true;
    size_t cap = w->cap ? w->cap : 1024;
    while (cap - w->len < extra) {
        if (cap > SIZE_MAX / 8) return false;
        cap *= 2;
    }
    uint32_t *d = realloc(w->data, cap * sizeof *d);
    if (!d) return false;
    w->data = d;
    w->cap = cap;
    return true;
}

/* Shrink buffers that a huge input inflated, so the heap stays bounded. */
static void words_trim(words *w) {
    if (w->cap > (1u << 20)) {
        free(w->data);
        w->data = NULL;
        w->cap = 0;
    }
    w->len = 0;
}
static void buf_trim(h5_buf *b) {
    if (b->cap > (1u << 21)) h5_buf_free(b);
    b->len = 0;
}

/* ---- module state (per instance) ----------------------------------------- */
/* What a call leaves for JS to read: token records, their strings, parse
 * errors.  One for the one-shot entry points (`out`), one per streaming
 * session (below). */
typedef struct {
    words words;                /* token records */
    h5_buf str;                 /* UTF-16 string data of the tokens */
    words errors;               /* code, offset per parse error (H5_FB_E_*) */
    bool failed;                /* an allocation failed */
    size_t last_char;           /* word index of the last CHARACTER record */
} records;

static h5_buf input;            /* UTF-16 input written by JS */
static records out;
#if H5W_TOKENS
static h5_tokenizer *tokenizer;
#endif

#if !H5W_REWRITE /* (dist/rewrite.wasm writes no tree) */
static h5_flatbuf flat;         /* parse() result */

/* The parse() result is read right after h5w_parse (JS views on it are
 * valid until the next call into the module).  A large one is freed when
 * the next input comes, so that the input and the next parse's arena can
 * reuse its block: emmalloc grows the heap by the whole size of a request
 * that no free block fits, so big blocks freed late and then allocated
 * larger leave holes behind. */
static void drop_flat(void) {
    if (flat.cap > (256u << 10)) h5_flatbuf_drop(&flat);
    flat.len = 0;
}
#else
static void drop_flat(void) {}
#endif

/* The input buffer is sized to the input (in 4 KiB steps), not doubled:
 * after the flat buffer it is the largest block of a parse.  JS overwrites
 * it whole, so a block that is too small (or more than twice too big) is
 * freed before the new one is allocated.  After a parse() the flat buffer
 * has taken it (h5w_parse), and drop_flat() has just freed it if large. */
H5W_EXPORT(h5w_input) h5_char *h5w_input(uint32_t units) {
    drop_flat();
    size_t want = ((size_t)units + 1 + 2047) & ~(size_t)2047;
    if (input.cap < want || input.cap / 2 > want + 2048) {
        h5_buf_free(&input);
        if (!(input.data = malloc(want * sizeof(h5_char)))) return NULL;
        input.cap = want;
    }
    input.len = units;
    return input.data;
}

/* ---- byte input (src/encoding/encoding.h) -----------------------------------------
 * h5w_sniff: the encoding sniffing algorithm (13.2.3.2) over `len` bytes
 * that JS wrote at h5w_input() (the first H5_PRESCAN_BYTES of the document
 * are enough: the UTF-8 detection, which needs them all, is left to JS,
 * whose TextDecoder validates and decodes in one step); transport and
 * fallback are encoding ids (0 = none).  Returns the encoding, the
 * confidence, the BOM length and the h5_sniff_source packed as H5W_SNIFF_*
 * (abi.h) says.
 * h5w_get_encoding: "get an encoding" for the label of `len` UTF-16 units
 * at h5w_input(); 0 = failure. */
_Static_assert((int)H5_SNIFF_DEFAULT == (int)H5W_SNIFF_SOURCE_DEFAULT && H5_PRESCAN_BYTES == H5W_SNIFF_PRESCAN_BYTES,
               "encoding.h and abi.h");
_Static_assert((int)H5_CONFIDENCE_CERTAIN <= (int)H5W_PARSE_CONFIDENCE_MASK &&
                   (int)H5_ENC_COUNT <= (int)H5W_PARSE_ENCODING_MASK + 1,
               "encoding and confidence fit their fields");
#if H5W_HTML /* dist/html5.wasm */
H5W_EXPORT(h5w_sniff) uint32_t h5w_sniff(uint32_t len, uint32_t transport, uint32_t fallback) {
    if ((size_t)len > input.len * sizeof(h5_char)) return 0;
    h5_sniff_result r = h5_sniff_encoding((const uint8_t *)input.data, len, (h5_encoding)transport,
                                          (h5_encoding)fallback, false);
    return (uint32_t)r.encoding << H5W_SNIFF_ENCODING_SHIFT | (uint32_t)r.confidence << H5W_SNIFF_CONFIDENCE_SHIFT |
           (uint32_t)r.bom_len << H5W_SNIFF_BOM_SHIFT | (uint32_t)r.source << H5W_SNIFF_SOURCE_SHIFT;
}
#endif
H5W_EXPORT(h5w_get_encoding) uint32_t h5w_get_encoding(uint32_t len) {
    if (len > input.len) return 0;
    return (uint32_t)h5_get_encoding((h5_str){input.data, len});
}

#if H5W_HTML /* dist/html5.wasm */
H5W_EXPORT(h5w_error_name) const char *h5w_error_name(uint32_t code) {
    return h5_error_name((h5_error_code)code);
}
H5W_EXPORT(h5w_error_count_codes) uint32_t h5w_error_count_codes(void) { return H5_ERROR_COUNT; }
#endif

H5W_EXPORT(h5w_out_words) uint32_t *h5w_out_words(void) { return out.words.data; }
H5W_EXPORT(h5w_out_words_len) uint32_t h5w_out_words_len(void) { return (uint32_t)out.words.len; }
H5W_EXPORT(h5w_out_str) h5_char *h5w_out_str(void) { return out.str.data; }
H5W_EXPORT(h5w_out_str_len) uint32_t h5w_out_str_len(void) { return (uint32_t)out.str.len; }
H5W_EXPORT(h5w_out_errors) uint32_t *h5w_out_errors(void) { return out.errors.data; }
H5W_EXPORT(h5w_out_errors_len) uint32_t h5w_out_errors_len(void) { return (uint32_t)out.errors.len; }

static void records_reset(records *r) {
    words_trim(&r->words);
    buf_trim(&r->str);
    words_trim(&r->errors);
    r->failed = false;
    r->last_char = SIZE_MAX;
}
#if H5W_TOKENS
static void records_free(records *r) {
    free(r->words.data);
    h5_buf_free(&r->str);
    free(r->errors.data);
}
#endif
static void reset_outputs(void) { records_reset(&out); }

/* ---- parse errors --------------------------------------------------------
 * (code, offset) per error, as the flat buffer's error records; JS computes
 * lines and columns from its own string (js/core/records.js, Locator). */
static void collect_error(void *ctx, h5_error_code code, uint32_t offset) {
    records *r = ctx;
    if (!words_reserve(&r->errors, H5_FLATBUF_ERROR_WORDS)) {
        r->failed = true;
        return;
    }
    r->errors.data[r->errors.len + H5_FB_E_CODE] = (uint32_t)code;
    r->errors.data[r->errors.len + H5_FB_E_OFFSET] = offset;
    r->errors.len += H5_FLATBUF_ERROR_WORDS;
}

/* ---- tokenize() ------------------------------------------------------------
 * Token records (32-bit words), strings as (offset, length) into out_str:
 * the kinds, flags and layout are H5W_TOKEN_* (abi.h, from
 * scripts/data/abi.json, which describes the records). */
static uint32_t put_str(records *r, h5_str s) {
    uint32_t at = (uint32_t)r->str.len;
    if (!h5_buf_append(&r->str, s.ptr, s.len)) r->failed = true;
    return at;
}

/* A string of a record: its offset in r->str and its length, at w[n]. */
static size_t put_string(records *r, uint32_t *w, size_t n, h5_str s) {
    w[n] = put_str(r, s);
    w[n + 1] = (uint32_t)s.len;
    return n + 2;
}

/* A CHARACTER record (kind, data, dataLen: HTML's and XML's have the same
 * shape), merged with the previous one when that was the last record: its
 * data is the tail of r->str, so extending its length is enough.  Room for
 * the record's words is reserved by the caller. */
_Static_assert(H5W_TOKEN_DATA_WORDS == 3 && H5W_XTOKEN_DATA_WORDS == 3, "CHARACTER records: kind, data, length");
static void put_character(records *r, uint32_t kind, h5_str data) {
    uint32_t *w = r->words.data;
    size_t n = r->words.len;
    if (r->last_char != SIZE_MAX && r->last_char + 3 == n && w[r->last_char] == kind) {
        if (!h5_buf_append(&r->str, data.ptr, data.len)) r->failed = true;
        w[n - 1] += (uint32_t)data.len;
        return;
    }
    r->last_char = n;
    w[n++] = kind;
    n = put_string(r, w, n, data);
    r->words.len = n;
}

/* A tag's name, then its attribute count and each attribute's name and value. */
static size_t put_tag(records *r, uint32_t *w, size_t n, h5_str name, const h5_token_attr *a, size_t nattrs) {
    n = put_string(r, w, n, name);
    w[n++] = (uint32_t)nattrs;
    for (size_t i = 0; i < nattrs; i++) {
        n = put_string(r, w, n, a[i].name);
        n = put_string(r, w, n, a[i].value);
    }
    return n;
}

#if H5W_TOKENS /* dist/html5.wasm and dist/rewrite.wasm */
static void collect_token(void *ctx, h5_token *t) {
    records *r = ctx;
    if (r->failed) return;
    if (!words_reserve(&r->words, H5W_TOKEN_DOCTYPE_WORDS + H5W_TOKEN_ATTR_WORDS * t->nattrs)) {
        r->failed = true;
        return;
    }
    uint32_t *w = r->words.data;
    size_t n = r->words.len;
    switch (t->type) {
    case H5_TOKEN_DOCTYPE:
        w[n++] = H5W_TOKEN_DOCTYPE;
        w[n++] = (t->has_name ? H5W_TOKEN_HAS_NAME : 0) | (t->has_public_id ? H5W_TOKEN_HAS_PUBLIC_ID : 0) |
                 (t->has_system_id ? H5W_TOKEN_HAS_SYSTEM_ID : 0) | (t->force_quirks ? H5W_TOKEN_FORCE_QUIRKS : 0);
        n = put_string(r, w, n, t->name);
        n = put_string(r, w, n, t->public_id);
        n = put_string(r, w, n, t->system_id);
        break;
    case H5_TOKEN_START_TAG:
        w[n++] = H5W_TOKEN_START_TAG;
        w[n++] = t->self_closing ? H5W_TOKEN_SELF_CLOSING : 0;
        n = put_tag(r, w, n, t->name, t->attrs, t->nattrs);
        break;
    case H5_TOKEN_END_TAG:
        w[n++] = H5W_TOKEN_END_TAG;
        n = put_string(r, w, n, t->name);
        break;
    case H5_TOKEN_COMMENT:
        w[n++] = H5W_TOKEN_COMMENT;
        n = put_string(r, w, n, t->data);
        break;
    case H5_TOKEN_CHARACTER:
        put_character(r, H5W_TOKEN_CHARACTER, t->data);
        return;
    case H5_TOKEN_PROCESSING_INSTRUCTION: /* with H5W_TOKENIZE_PROCESSING_INSTRUCTIONS */
        w[n++] = H5W_TOKEN_PROCESSING_INSTRUCTION;
        n = put_string(r, w, n, t->name);
        n = put_string(r, w, n, t->data);
        break;
    case H5_TOKEN_EOF:
        break;
    }
    r->words.len = n;
}

static h5_tokenizer_state tokenizer_state(uint32_t s) {
    switch (s) {
    case H5W_STATE_RCDATA: return H5_STATE_RCDATA;
    case H5W_STATE_RAWTEXT: return H5_STATE_RAWTEXT;
    case H5W_STATE_SCRIPT_DATA: return H5_STATE_SCRIPT_DATA;
    case H5W_STATE_PLAINTEXT: return H5_STATE_PLAINTEXT;
    case H5W_STATE_CDATA_SECTION: return H5_STATE_CDATA_SECTION;
    default: return H5_STATE_DATA;
    }
}

/* Tokenize input[0, len); input[len, len + last_len) holds the "last start
 * tag" name; flags: H5W_TOKENIZE_* (abi.h).  Returns an h5_status. */
_Static_assert(H5W_TOKEN_PI_WORDS <= H5W_TOKEN_DOCTYPE_WORDS, "collect_token reserves DOCTYPE_WORDS");
/* The tokenizer's options for tokens into `r`: state H5W_STATE_*, flags
 * H5W_TOKENIZE_*, the "last start tag" name (len 0: none). */
static h5_tokenizer_options token_options(records *r, uint32_t state, uint32_t flags, const h5_char *last,
                                          uint32_t last_len) {
    h5_tokenizer_options o;
    memset(&o, 0, sizeof o);
    o.on_token = collect_token;
    o.token_ctx = r;
    o.on_error = collect_error;
    o.error_ctx = r;
    o.initial_state = tokenizer_state(state);
    o.processing_instructions = (flags & H5W_TOKENIZE_PROCESSING_INSTRUCTIONS) != 0;
    if (last_len) {
        o.last_start_tag = last;
        o.last_start_tag_len = last_len;
    }
    return o;
}

H5W_EXPORT(h5w_tokenize) uint32_t h5w_tokenize(uint32_t len, uint32_t state, uint32_t last_len, uint32_t flags) {
    reset_outputs();
    if ((size_t)len + last_len > input.len) return H5_ERR_INVALID;
    if (!tokenizer && !(tokenizer = h5_tokenizer_create())) return H5_ERR_OOM;
    h5_tokenizer_options o = token_options(&out, state, flags, input.data + len, last_len);
    h5_tokenizer_reset(tokenizer, &o);
    h5_status st = h5_tokenizer_feed(tokenizer, input.data, len);
    if (st == H5_OK) st = h5_tokenizer_finish(tokenizer);
    if (st == H5_OK && out.failed) st = H5_ERR_OOM;
    if (st != H5_OK) reset_outputs();
    return (uint32_t)st;
}
#endif

/* ---- parse() --------------------------------------------------------------
 * Parse input[0, len) (input[len, len + ctx_len) holds the fragment context
 * name) and write the tree as a flat buffer (docs/format.md), read back with
 * h5w_out_buf()/h5w_out_buf_len().
 *   flags: the options, H5W_PARSE_* (abi.h): scripting, fragment, source
 *          locations, errors, processing instructions, source references (flatbuf.h: strings found
 *          verbatim in the input are written as offsets into it; for
 *          parse(), whose decoder slices the input string), and the
 *          encoding of byte input and the confidence in it (encoding.h; 0
 *          for a string); with a tentative one, h5w_encoding_change() then
 *          tells whether a <meta> declared another encoding to parse again
 *          with (13.2.3.4)
 *   ctx_ns: h5_element_ns of the context element */
#if !H5W_REWRITE /* (dist/rewrite.wasm writes no tree) */
static bool flat_ready;
H5W_EXPORT(h5w_out_buf) uint8_t *h5w_out_buf(void) { return flat.data; }
H5W_EXPORT(h5w_out_buf_len) uint32_t h5w_out_buf_len(void) { return (uint32_t)flat.len; }
#endif
#if H5W_HTML /* dist/html5.wasm */
static h5_parser *parser;
static uint32_t memory_limit_mb;
#endif

#if H5W_HTML /* dist/html5.wasm */
static uint32_t encoding_change; /* of the last parse */
H5W_EXPORT(h5w_encoding_change) uint32_t h5w_encoding_change(void) { return encoding_change; }
/* Tests: cap the arena of each parse (MiB, 0 = none) to exercise OOM paths. */
H5W_EXPORT(h5w_set_memory_limit) void h5w_set_memory_limit(uint32_t mb) { memory_limit_mb = mb; }

/* The parse options of h5w_parse's `flags` (H5W_PARSE_*), parse errors
 * into `r`, without the fragment context; false when the encoding or
 * confidence field is out of range. */
static bool parse_options(uint32_t flags, records *r, h5_parse_options *o) {
    uint32_t encoding = flags >> H5W_PARSE_ENCODING_SHIFT & H5W_PARSE_ENCODING_MASK;
    uint32_t confidence = flags >> H5W_PARSE_CONFIDENCE_SHIFT & H5W_PARSE_CONFIDENCE_MASK;
    if (encoding >= H5_ENC_COUNT || confidence > H5_CONFIDENCE_CERTAIN) return false;
    *o = h5_parse_options_default();
    o->scripting = (flags & H5W_PARSE_SCRIPTING) != 0;
    o->processing_instructions = (flags & H5W_PARSE_PROCESSING_INSTRUCTIONS) != 0;
    o->shadow_roots = (flags & H5W_PARSE_SHADOW_ROOTS) != 0;
    o->memory_limit = (size_t)memory_limit_mb << 20;
    if (flags & H5W_PARSE_ERRORS) {
        o->on_error = collect_error;
        o->error_ctx = r;
    }
    o->encoding = (h5_encoding)encoding;
    o->confidence = encoding ? (h5_confidence)confidence : H5_CONFIDENCE_IRRELEVANT;
    return true;
}

/* The flat buffer's options for a parse with `flags` and options `o`
 * whose errors are in `r`. */
static h5_flatbuf_options flat_options(uint32_t flags, const h5_parse_options *o, const records *r) {
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    fo.locations = (flags & H5W_PARSE_LOCATIONS) != 0;
    fo.scripting = o->scripting;
    fo.include_errors = (flags & H5W_PARSE_ERRORS) != 0;
    fo.encoding = (uint8_t)o->encoding;
    fo.confidence = (uint8_t)o->confidence;
    fo.errors = (const h5_flatbuf_error *)r->errors.data;
    fo.error_count = r->errors.len / H5_FLATBUF_ERROR_WORDS;
    return fo;
}

H5W_EXPORT(h5w_parse) uint32_t h5w_parse(uint32_t len, uint32_t flags, uint32_t ctx_len, uint32_t ctx_ns) {
    reset_outputs();
    encoding_change = 0;
    if (!flat_ready) {
        h5_flatbuf_init(&flat);
        flat_ready = true;
    }
    flat.len = 0;
    h5_parse_options o;
    if ((size_t)len + ctx_len > input.len || ctx_ns > H5_NS_MATHML || !parse_options(flags, &out, &o))
        return H5_ERR_INVALID;
    if (!parser && !(parser = h5_parser_create())) return H5_ERR_OOM;
    o.fragment = (flags & H5W_PARSE_FRAGMENT) != 0;
    o.context_name = input.data + len;
    o.context_name_len = ctx_len;
    o.context_ns = (h5_element_ns)ctx_ns;
    uint32_t mode = flags >> H5W_PARSE_QUIRKS_SHIFT & H5W_PARSE_QUIRKS_MASK;
    if (mode > H5_MODE_LIMITED_QUIRKS) return H5_ERR_INVALID;
    o.context_mode = (h5_quirks_mode)mode;
    o.context_in_form = (flags & H5W_PARSE_CONTEXT_IN_FORM) != 0;
    h5_node *root = NULL;
    h5_status st = h5_parse(parser, input.data, len, &o, &root);
    encoding_change = st == H5_OK ? (uint32_t)h5_parser_encoding_change(parser) : 0;
    if (st == H5_OK && out.failed) st = H5_ERR_OOM;
    if (st == H5_OK) {
        h5_flatbuf_options fo = flat_options(flags, &o, &out);
        if (flags & H5W_PARSE_SOURCE_REFS) {
            fo.source = input.data;
            fo.source_len = len;
            /* parse(): JS slices its own string for the source references
             * (and counts lines in it for errors) and never reads this copy
             * again, so the buffer takes the input's block (flatbuf.h,
             * source_in_buffer) instead of adding its size to the peak. */
            h5_flatbuf_drop(&flat);
            flat.data = (uint8_t *)input.data;
            flat.cap = input.cap * sizeof(h5_char);
            input.data = NULL;
            input.len = input.cap = 0;
            fo.source_in_buffer = true;
        }
        st = h5_flatbuf_write(root, &fo, &flat);
    }
    /* The tree is no longer needed: release what a huge input took. */
    if (st != H5_OK || len > (8u << 20)) {
        h5_parser_destroy(parser);
        parser = NULL;
    }
    if (st != H5_OK) {
        flat.len = 0;
        reset_outputs();
    }
    return (uint32_t)st;
}

#endif
#if H5W_TOKENS /* dist/html5.wasm and dist/rewrite.wasm */
/* ---- streaming (parseStream, createParser, createTokenizer) -------------
 * A session is fed chunks as they arrive and owns everything it needs (its
 * parser or tokenizer, its chunk buffer, its records), so several sessions
 * and the one-shot entry points above run side by side in one instance.
 * JS writes each chunk at h5w_stream_input(s, units) and calls
 * h5w_stream_feed(s, units); a chunk may end anywhere (parser.h).  A
 * tokenizer keeps nothing of a chunk after the feed (it copies the part of
 * its current token, tokenizer.h); a parse writes its chunks into the
 * parser's own store and the tree borrows strings from them as a one-shot
 * parse does from its input (parser.h, h5_parser_input: only the blocks
 * the tree borrows from are kept), and the flat buffer refers to them
 * (SOURCE_REFS, offsets into the chunks joined: JS slices its chunks).
 *   h5w_stream_begin(flags, ctx_len, ctx_ns): a parse, flags and
 *       fragment context as h5w_parse's (the context element's name at
 *       h5w_input()); with H5W_PARSE_SOURCE_REFS the tree's buffer refers
 *       to the kept input (for JS to decode itself, never handed out);
 *       0 when out of memory or invalid
 *   h5w_stream_encoding_change(s): as h5w_encoding_change, known as soon
 *       as the <meta> is parsed, so JS can start again at once (13.2.3.4);
 *       h5w_stream_tentative(s): whether a <meta> may still change it
 *   h5w_stream_finish(s): the end of the input; the tree is written as
 *       h5w_parse writes it (h5w_out_buf), the errors are in the session's
 *       records (h5w_stream_errors)
 *   h5w_tokens_begin(state, flags, last_len): a tokenizer (as
 *       h5w_tokenize; the last start tag name is at h5w_input());
 *       each feed (and h5w_stream_finish) replaces the session's records
 *       with the tokens and errors completed by it
 *   h5w_stream_free(s): either kind, finished or not */
typedef struct rewrite_sim rewrite_sim;
#if H5W_REWRITE
static void sim_free(rewrite_sim *m);
#endif
typedef struct {
    h5_parser *parser;          /* a parse, or */
    h5_tokenizer *tokenizer;    /* a tokenizer */
    rewrite_sim *sim;           /* with the tokenizer: a rewrite session (h5w_rewrite_begin) */
    h5_parse_options opts;
    uint32_t flags;
    size_t fed;                 /* code units fed */
    h5_buf chunk;
    records rec;
} stream;

/* A finished session's parser, kept for the next session: its arena's
 * blocks are reused as h5w_parse reuses its parser's (unless a large
 * document inflated them). */
#if H5W_HTML
static h5_parser *spare_parser;

static void stream_drop_parser(stream *s, bool large) {
    if (!s->parser) return;
    if (!large && !spare_parser) spare_parser = s->parser;
    else h5_parser_destroy(s->parser);
    s->parser = NULL;
}
#endif

static stream *stream_new(void) {
    stream *s = calloc(1, sizeof *s);
    if (s) s->rec.last_char = SIZE_MAX;
    return s;
}

H5W_EXPORT(h5w_stream_free) void h5w_stream_free(stream *s) {
    if (!s) return;
#if H5W_HTML
    h5_parser_destroy(s->parser); /* unfinished: its state is of no use */
#endif
    h5_tokenizer_destroy(s->tokenizer);
#if H5W_REWRITE
    sim_free(s->sim);
#endif
    h5_buf_free(&s->chunk);
    records_free(&s->rec);
    free(s);
}

#if H5W_HTML
H5W_EXPORT(h5w_stream_begin) stream *h5w_stream_begin(uint32_t flags, uint32_t ctx_len, uint32_t ctx_ns) {
    stream *s = stream_new();
    if (!s) return NULL;
    if (spare_parser) {
        s->parser = spare_parser;
        spare_parser = NULL;
    }
    bool fragment = (flags & H5W_PARSE_FRAGMENT) != 0;
    if ((fragment && (ctx_len > input.len || ctx_ns > H5_NS_MATHML)) ||
        !parse_options(flags, &s->rec, &s->opts)) {
        h5w_stream_free(s);
        return NULL;
    }
    /* A fragment (13.4): the context element's name is at h5w_input(). */
    s->opts.fragment = fragment;
    s->opts.context_name = fragment ? input.data : NULL;
    s->opts.context_name_len = fragment ? ctx_len : 0;
    s->opts.context_ns = fragment ? (h5_element_ns)ctx_ns : H5_NS_HTML;
    if ((!s->parser && !(s->parser = h5_parser_create())) || h5_parser_begin(s->parser, &s->opts) != H5_OK) {
        h5w_stream_free(s);
        return NULL;
    }
    /* The tree builder has copied the name; the input buffer is the next call's. */
    s->opts.context_name = NULL;
    s->flags = flags;
    return s;
}
#endif

/* Room for the next chunk of `units` code units (kept between chunks). */
H5W_EXPORT(h5w_stream_input) h5_char *h5w_stream_input(stream *s, uint32_t units) {
    if (!s) return NULL;
    if (H5W_HTML && s->parser) { /* a parse: into the parser's own store (parser.h), which the tree borrows from */
        h5_char *at = h5_parser_input(s->parser, units);
        s->chunk.len = at ? units : 0;
        return at;
    }
    s->chunk.len = 0;
    if (s->chunk.cap > (1u << 22) && units < s->chunk.cap / 4) h5_buf_free(&s->chunk);
    if (!h5_buf_reserve(&s->chunk, (size_t)units + 1)) return NULL;
    s->chunk.len = units;
    return s->chunk.data;
}

H5W_EXPORT(h5w_stream_feed) uint32_t h5w_stream_feed(stream *s, uint32_t units) {
    if (!s || units > s->chunk.len) return H5_ERR_INVALID;
    h5_status st;
    if (H5W_HTML && s->parser) {
        s->fed += units;
        s->chunk.len = 0;
        st = h5_parser_feed_input(s->parser, units);
    } else {
        records_reset(&s->rec);
        st = h5_tokenizer_feed(s->tokenizer, s->chunk.data, units);
    }
    return (uint32_t)(st == H5_OK && s->rec.failed ? H5_ERR_OOM : st);
}

#if H5W_HTML
H5W_EXPORT(h5w_stream_encoding_change) uint32_t h5w_stream_encoding_change(const stream *s) {
    return s && s->parser ? (uint32_t)h5_parser_encoding_change(s->parser) : 0;
}

/* 1 while the confidence is tentative (a <meta> may still change the
 * encoding: JS keeps the bytes), else 0. */
H5W_EXPORT(h5w_stream_tentative) uint32_t h5w_stream_tentative(const stream *s) {
    return s && s->parser && h5_parser_encoding_tentative(s->parser) ? 1u : 0u;
}
#endif

H5W_EXPORT(h5w_stream_finish) uint32_t h5w_stream_finish(stream *s) {
    if (!s) return H5_ERR_INVALID;
    h5_status st;
    if (s->tokenizer) {
        records_reset(&s->rec);
        st = h5_tokenizer_finish(s->tokenizer);
        return (uint32_t)(st == H5_OK && s->rec.failed ? H5_ERR_OOM : st);
    }
#if !H5W_HTML
    return H5_ERR_INVALID; /* (no parser sessions in this module) */
#else
    if (!flat_ready) {
        h5_flatbuf_init(&flat);
        flat_ready = true;
    }
    drop_flat();
    h5_node *root = NULL;
    st = h5_parser_finish(s->parser, &root);
    if (st == H5_OK && s->rec.failed) st = H5_ERR_OOM;
    if (st == H5_OK) {
        h5_flatbuf_options fo = flat_options(s->flags, &s->opts, &s->rec);
        /* Asked for: strings the tree borrowed from the kept input become
         * source references; JS slices them from the chunks it wrote. */
        if ((s->flags & H5W_PARSE_SOURCE_REFS) && s->fed < H5_FLATBUF_SOURCE_REF)
            fo.span_count = h5_parser_borrowed_spans(s->parser, &fo.spans);
        st = h5_flatbuf_write(root, &fo, &flat);
        /* The spans as (offset, length) pairs in the session's words
         * (h5w_stream_words): JS keeps only the chunks they cover (none
         * written: it keeps them all). */
        s->rec.words.len = 0;
        if (st == H5_OK && words_reserve(&s->rec.words, fo.span_count * 2)) {
            for (size_t i = 0; i < fo.span_count; i++) {
                s->rec.words.data[s->rec.words.len++] = (uint32_t)fo.spans[i].offset;
                s->rec.words.data[s->rec.words.len++] = (uint32_t)fo.spans[i].len;
            }
        }
    }
    if (st != H5_OK) flat.len = 0;
    /* The tree has been written: its arena can go now, or serve the next
     * session (as h5w_parse keeps its parser below 8 Mi code units). */
    stream_drop_parser(s, st != H5_OK || s->fed > (8u << 20));
    return (uint32_t)st;
#endif
}

#if H5W_HTML
H5W_EXPORT(h5w_tokens_begin) stream *h5w_tokens_begin(uint32_t state, uint32_t flags, uint32_t last_len) {
    stream *s = stream_new();
    if (!s) return NULL;
    if (last_len > input.len || !(s->tokenizer = h5_tokenizer_create())) {
        h5w_stream_free(s);
        return NULL;
    }
    h5_tokenizer_options o = token_options(&s->rec, state, flags, input.data, last_len);
    h5_tokenizer_reset(s->tokenizer, &o);
    return s;
}
#endif

#endif
#if H5W_REWRITE /* dist/rewrite.wasm */
/* ---- HTMLRewriter (js/rewrite/) -----------------------------------------
 * h5w_rewrite_begin(): a tokenizer session whose records (H5W_RTOKEN_*) are
 * source offsets only: JS writes the input's bytes as they are (this
 * module is built over bytes, H5_CHAR8: an ASCII-compatible encoding's
 * markup is ASCII) and slices its own bytes.  Without a tree, the tokenizer state switches that tree
 * construction makes (13.2.6) are simulated as lol-html's tree builder
 * simulator does (a stack of namespaces: svg, math, integration points,
 * the tags that break out of foreign content), and where lol-html gives
 * up (ParsingAmbiguityError: a text-switching tag in <select>, after
 * <frameset>) the state is what the standard's insertion modes give:
 * "in select" (13.2.6.4.16) processes script and, after popping the
 * select, textarea, and ignores the other text-switching tags; "in
 * frameset"/"after frameset" (13.2.6.4.20-21) process only noframes; a
 * <frameset> counts only while the frameset-ok flag is "ok" (in body:
 * before non-whitespace text and the tags that clear it). */
enum { RNS_HTML, RNS_SVG, RNS_MATHML };
/* h5w_rewrite_select() flags: the records JS wants.  RW_ALL_TAGS: every start tag (else those its filter
 * passes) and every end tag (else those that end an element whose start tag JS has); RW_TEXT: text, and
 * every tag and comment (they end text nodes), JS told by RTOKEN_GIVEN which start tags the filter passed;
 * RW_COMMENTS, RW_DOCTYPE: comments, doctypes. */
enum { RW_ALL_TAGS = 1, RW_TEXT = 2, RW_COMMENTS = 4, RW_DOCTYPE = 8 };
typedef struct {
    uint32_t name_at;           /* in rewrite_sim.names (no atom) */
    uint32_t name_len;
    uint16_t atom;
    uint8_t given;              /* JS has its start tag */
} rw_open;
/* A filter entry (h5w_rewrite_select, sim_filter): a tag (its atom, or its name; none: any tag), an
 * attribute's name and a test RF_* of its value. */
typedef struct {
    const h5_char *tag, *attr, *val;
    uint32_t tl, al, vl;
    uint16_t op;
    uint16_t atom;
} rw_entry;
enum { RG_DEFAULT, RG_SELECT, RG_TEMPLATE_IN_SELECT, RG_FRAMESET };
struct rewrite_sim {
    uint8_t *ns;                /* the namespace stack (first member: h5w_stream_free frees it) */
    size_t len, cap;
    int guard;                  /* RG_* */
    uint32_t template_depth;    /* RG_TEMPLATE_IN_SELECT */
    bool frameset_ok;
    bool raw;                   /* inside a text-switching element (its text is no "in body" text) */
    bool duplicates;            /* the current tag repeats an attribute name */
    uint16_t name_atom;         /* the atom of the start tag being read (sim_attrs_wanted), */
    bool name_reads;            /* ... whether its attributes are read (sim_reads_attrs), */
    uint32_t name_atom_len;     /* ... its name's length + 1 (0: none) */
    h5_tokenizer *tokenizer;
    records *rec;
    const h5_buf *chunk;        /* the input the tokenizer reads (the session's) */
    /* What JS is given (h5w_rewrite_select): RW_* flags, and the start tags that may match a selector. */
    uint32_t want;
    h5_char *filter;            /* the entries' names and values (h5w_rewrite_select) */
    rw_entry *entries;
    size_t nentries;
    /* The stack of open elements as lol-html keeps it (js/rewrite/engine.js): every start tag but a void one
     * (and a self-closing one in SVG or MathML) pushes; an end tag pops up to the last open element of its
     * name.  Names without an atom are kept in `names`; `given` counts the entries whose start tag JS has. */
    rw_open *open;
    size_t open_len, open_cap, given;
    h5_char *names;
    size_t names_len, names_cap;
    uint32_t done;              /* the end of the last token (given to JS or not) */
};

/* Room for `n` more words of records; a failed allocation fails the session. */
static bool records_room(records *r, size_t n) {
    if (words_reserve(&r->words, n)) return true;
    r->failed = true;
    return false;
}

static bool name_is(h5_str s, const char *lit) {
    size_t n = strlen(lit);
    if (s.len != n) return false;
    for (size_t i = 0; i < n; i++)
        if (s.ptr[i] != (h5_char)lit[i]) return false;
    return true;
}
/* Whether name s is `lower` (n units, lowercase ASCII) ASCII case-insensitively: a name made (lowercased) or as
 * written (H5_ATTRS_AS_WRITTEN). */
static bool name_is_lower(h5_str s, const h5_char *lower, size_t n) {
    if (s.len != n) return false;
    for (size_t i = 0; i < n; i++) {
        h5_char c = s.ptr[i];
        if (c >= 'A' && c <= 'Z') c += 32;
        if (c != lower[i]) return false;
    }
    return true;
}
static bool ascii_ieq(h5_str s, const char *lit) {
    size_t n = strlen(lit);
    if (s.len != n) return false;
    for (size_t i = 0; i < n; i++) {
        h5_char c = s.ptr[i];
        if (c >= 'A' && c <= 'Z') c += 32;
        if (c != (h5_char)lit[i]) return false;
    }
    return true;
}
/* Tag names by atom (the tokenizer lowercases them): lists end with H5_ATOM_NONE. */
static bool atom_in(h5_atom a, const h5_atom *list) {
    for (; *list != H5_ATOM_NONE; list++)
        if (*list == a) return true;
    return false;
}

/* 13.2.6.5: the start tags that pop foreign content (font: with color, face or size). */
static const h5_atom breakout[] = {
    H5_ATOM_B, H5_ATOM_BIG, H5_ATOM_BLOCKQUOTE, H5_ATOM_BODY, H5_ATOM_BR, H5_ATOM_CENTER, H5_ATOM_CODE,
    H5_ATOM_DD, H5_ATOM_DIV, H5_ATOM_DL, H5_ATOM_DT, H5_ATOM_EM, H5_ATOM_EMBED, H5_ATOM_H1, H5_ATOM_H2,
    H5_ATOM_H3, H5_ATOM_H4, H5_ATOM_H5, H5_ATOM_H6, H5_ATOM_HEAD, H5_ATOM_HR, H5_ATOM_I, H5_ATOM_IMG,
    H5_ATOM_LI, H5_ATOM_LISTING, H5_ATOM_MENU, H5_ATOM_META, H5_ATOM_NOBR, H5_ATOM_OL, H5_ATOM_P, H5_ATOM_PRE,
    H5_ATOM_RUBY, H5_ATOM_S, H5_ATOM_SMALL, H5_ATOM_SPAN, H5_ATOM_STRONG, H5_ATOM_STRIKE, H5_ATOM_SUB,
    H5_ATOM_SUP, H5_ATOM_TABLE, H5_ATOM_TT, H5_ATOM_U, H5_ATOM_UL, H5_ATOM_VAR, H5_ATOM_NONE};
static const h5_atom mathml_text_ip[] = {H5_ATOM_MI, H5_ATOM_MO, H5_ATOM_MN, H5_ATOM_MS, H5_ATOM_MTEXT, H5_ATOM_NONE};
/* SVG's HTML integration points (lol-html's, as workerd reports them: its content is HTML). */
static const h5_atom svg_html_ip[] = {H5_ATOM_DESC, H5_ATOM_TITLE, H5_ATOM_FOREIGNOBJECT, H5_ATOM_NONE};
/* "in body" (13.2.6.4.7): start tags that set the frameset-ok flag to "not ok". */
static const h5_atom frameset_not_ok[] = {
    H5_ATOM_BODY, H5_ATOM_PRE, H5_ATOM_LISTING, H5_ATOM_LI, H5_ATOM_DD, H5_ATOM_DT, H5_ATOM_BUTTON, H5_ATOM_AREA,
    H5_ATOM_BR, H5_ATOM_EMBED, H5_ATOM_IMG, H5_ATOM_KEYGEN, H5_ATOM_WBR, H5_ATOM_INPUT, H5_ATOM_HR,
    H5_ATOM_TEXTAREA, H5_ATOM_XMP, H5_ATOM_IFRAME, H5_ATOM_SELECT, H5_ATOM_APPLET, H5_ATOM_MARQUEE,
    H5_ATOM_OBJECT, H5_ATOM_NONE};

static void sim_free(rewrite_sim *m) {
    if (!m) return;
    free(m->ns);
    free(m->filter);
    free(m->entries);
    free(m->open);
    free(m->names);
    free(m);
}

enum { RF_PRESENT, RF_EQUALS, RF_PREFIX, RF_WORD }; /* a filter entry's test of its attribute's value */

static bool html_space(h5_char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

/* Whether `v` has `w` as one of its whitespace-separated words. */
static bool has_word(h5_str v, const h5_char *w, size_t n) {
    size_t i = 0;
    while (i < v.len) {
        while (i < v.len && html_space(v.ptr[i])) i++;
        size_t from = i;
        while (i < v.len && !html_space(v.ptr[i])) i++;
        if (i - from == n && memcmp(v.ptr + from, w, n * sizeof *w) == 0) return true;
    }
    return false;
}

/* Whether attribute value v is as written in the input: the tokenizer gives a value it did not change (no
 * character reference, U+0000 or CR in it) as a slice of the chunk it reads, and any other as a copy.  (A value
 * of a tag that spans two feeds is a copy too: JS then checks it.)  An empty value is as written (every
 * character written gives at least one). */
static bool verbatim(const rewrite_sim *m, h5_str v) {
    uintptr_t p = (uintptr_t)v.ptr, from = (uintptr_t)m->chunk->data;
    return v.len == 0 || (p >= from && p + v.len * sizeof *v.ptr <= from + m->chunk->len * sizeof *v.ptr);
}

/* Whether filter entry e is for start tags named `name` (atom): its tag, or any. */
static bool entry_for(const rw_entry *e, h5_str name, h5_atom atom) {
    if (e->atom != H5_ATOM_NONE) return e->atom == atom;
    return !e->tl || (e->tl == name.len && memcmp(e->tag, name.ptr, e->tl * sizeof *e->tag) == 0);
}

/* Whether the filter passes start tag t.  An entry: a tag name's length (0: any tag) and its units, an
 * attribute name's length (0: none) and its units, then (with a name) a test RF_* and its value's length and
 * units: the attribute must be present, and its value must pass the test.  The value is as written (what
 * selectors match) in the HTML namespace (H5_ATTRS_AS_WRITTEN); where the attribute states made it (foreign
 * content, a tag a feed's end cut) it is decoded, and JS gives only tests that a value as written passing them
 * implies its decoded value passes (an ASCII value without '&'), so that the filter passes every tag a selector
 * matches.  *exact gets a bit per entry (the first 32) that the tag passes as written too: a value as written
 * or one the tokenizer did not change (verbatim()); *maybe is set when an entry passes only decoded (or perhaps
 * so). */
static bool sim_filter(const rewrite_sim *m, const h5_token *t, h5_atom atom, uint32_t *exact, bool *maybe) {
    bool pass = false;
    uint32_t bit = 1;
    for (size_t k = 0; k < m->nentries; k++) {
        const rw_entry *e = &m->entries[k];
        size_t al = e->al, vl = e->vl;
        const h5_char *attr = e->attr, *val = e->val;
        unsigned op = e->op;
        uint32_t this_bit = bit;
        bit <<= 1; /* (0 from the 33rd entry on) */
        if (!entry_for(e, t->name, atom)) continue;
        if (!al) {
            pass = true;
            *exact |= this_bit;
            continue;
        }
        for (size_t i = 0; i < t->nattrs; i++) {
            const h5_token_attr *at = &t->attrs[i];
            if (!name_is_lower(at->name, attr, al)) continue;
            h5_str v = at->value;
            if (op == RF_PRESENT || (op == RF_EQUALS && v.len == vl && memcmp(v.ptr, val, vl * sizeof *val) == 0) ||
                (op == RF_PREFIX && v.len >= vl && memcmp(v.ptr, val, vl * sizeof *val) == 0) ||
                (op == RF_WORD && has_word(v, val, vl))) {
                pass = true;
                if (op == RF_PRESENT || verbatim(m, v)) *exact |= this_bit;
                else *maybe = true;
            }
            break; /* (the first of a name is the attribute) */
        }
    }
    return pass;
}

/* Whether a filter entry is for start tag `name` (atom), whose attributes it then reads. */
static bool sim_filter_names(const rewrite_sim *m, h5_str name, h5_atom atom) {
    for (size_t k = 0; k < m->nentries; k++)
        if (entry_for(&m->entries[k], name, atom)) return true;
    return false;
}

/* Pushes an open element (atom, else its name); false when out of memory (the session fails). */
static bool sim_push(rewrite_sim *m, h5_atom atom, h5_str name, bool given) {
    if (m->open_len == m->open_cap) {
        size_t cap = m->open_cap ? m->open_cap * 2 : 64;
        rw_open *d = realloc(m->open, cap * sizeof *d);
        if (!d) return false;
        m->open = d;
        m->open_cap = cap;
    }
    rw_open *o = &m->open[m->open_len];
    o->atom = (uint16_t)atom;
    o->given = given;
    o->name_at = (uint32_t)m->names_len; /* (also with an atom: where the names above it start) */
    o->name_len = 0;
    if (atom == H5_ATOM_NONE) {
        if (m->names_cap - m->names_len < name.len) {
            size_t cap = m->names_cap ? m->names_cap : 256;
            while (cap - m->names_len < name.len) cap *= 2;
            h5_char *d = realloc(m->names, cap * sizeof *d);
            if (!d) return false;
            m->names = d;
            m->names_cap = cap;
        }
        memcpy(m->names + m->names_len, name.ptr, name.len * sizeof *name.ptr);
        m->names_len += name.len;
        o->name_len = (uint32_t)name.len;
    }
    m->open_len++;
    m->given += given;
    return true;
}

/* An end tag: pops up to the last open element of its name (if any); how many popped ones JS has, times 2,
 * plus 1 if that element is one of them. */
static uint32_t sim_pop(rewrite_sim *m, h5_atom atom, h5_str name) {
    size_t k = m->open_len;
    while (k > 0) {
        const rw_open *o = &m->open[--k];
        if (o->atom != atom) continue;
        if (atom != H5_ATOM_NONE ||
            (o->name_len == name.len && memcmp(m->names + o->name_at, name.ptr, name.len * sizeof *name.ptr) == 0)) {
            uint32_t given = 0;
            for (size_t i = k; i < m->open_len; i++) given += m->open[i].given;
            m->names_len = m->open[k].name_at;
            m->open_len = k;
            m->given -= given;
            return given << 1 | m->open[k].given;
        }
    }
    return 0;
}

/* lol-html's void elements (selectors_vm/stack.rs): no end tag is expected. */
static bool void_element(h5_atom a) {
    switch (a) {
    case H5_ATOM_AREA: case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_BR:
    case H5_ATOM_COL: case H5_ATOM_EMBED: case H5_ATOM_HR: case H5_ATOM_IMG: case H5_ATOM_INPUT:
    case H5_ATOM_KEYGEN: case H5_ATOM_LINK: case H5_ATOM_META: case H5_ATOM_PARAM: case H5_ATOM_SOURCE:
    case H5_ATOM_TRACK: case H5_ATOM_WBR: return true;
    default: return false;
    }
}

static int sim_ns(const rewrite_sim *m) { return m->ns[m->len - 1]; }
static void sim_enter(rewrite_sim *m, int ns) {
    if (m->len == m->cap) {
        size_t cap = m->cap * 2;
        uint8_t *d = realloc(m->ns, cap);
        if (!d) {
            m->rec->failed = true;
            return;
        }
        m->ns = d;
        m->cap = cap;
    }
    m->ns[m->len++] = (uint8_t)ns;
}
static void sim_leave(rewrite_sim *m) {
    if (m->len > 1) m->len--;
}

/* Whether the attributes of the start tag of `atom` (named `name`) are read: every tag's (RW_ALL_TAGS), a foreign
 * element's (font, annotation-xml: sim_start_tag), those of a tag a filter entry names (sim_filter, then JS). */
static bool sim_reads_attrs(const rewrite_sim *m, h5_str name, h5_atom atom) {
    return (m->want & RW_ALL_TAGS) || sim_ns(m) != RNS_HTML || sim_filter_names(m, name, atom);
}

/* The tokenizer's question when a start tag's name ends (attrs_wanted); its atom is kept for the token.  In the
 * HTML namespace only the filter (sim_filter) and JS read attributes, both as written; in foreign content
 * sim_start_tag reads them made (a value decoded). */
static h5_attrs_wanted sim_attrs_wanted(void *ctx, h5_str name) {
    rewrite_sim *m = ctx;
    h5_atom atom = h5_atom_lookup(name.ptr, name.len);
    m->name_atom = (uint16_t)atom;
    m->name_atom_len = (uint32_t)name.len + 1;
    m->name_reads = sim_reads_attrs(m, name, atom);
    if (!m->name_reads) return H5_ATTRS_NONE;
    return sim_ns(m) == RNS_HTML ? H5_ATTRS_AS_WRITTEN : H5_ATTRS_MADE;
}

/* The tokenizer state a start tag in the HTML namespace switches to, or -1 (its text-switching elements). */
static int text_state(h5_atom a) {
    switch (a) {
    case H5_ATOM_TEXTAREA: case H5_ATOM_TITLE: return H5_STATE_RCDATA;
    case H5_ATOM_PLAINTEXT: return H5_STATE_PLAINTEXT;
    case H5_ATOM_SCRIPT: return H5_STATE_SCRIPT_DATA;
    case H5_ATOM_STYLE: case H5_ATOM_IFRAME: case H5_ATOM_XMP: case H5_ATOM_NOEMBED: case H5_ATOM_NOFRAMES:
    case H5_ATOM_NOSCRIPT: return H5_STATE_RAWTEXT;
    default: return -1;
    }
}

static const h5_token_attr *attr_named(const h5_token *t, const char *name) {
    for (size_t i = 0; i < t->nattrs; i++)
        if (name_is(t->attrs[i].name, name)) return &t->attrs[i];
    return NULL;
}

/* Frameset-ok is "not ok": nothing reads the data state's text any more, so the tokenizer need not either (it
 * looks only for where text ends: H5_BOUNDS_ONLY, tokenizer.c). */
static void sim_frameset_not_ok(rewrite_sim *m) {
    m->frameset_ok = false;
    h5_tokenizer_set_text_bounds(m->tokenizer, true);
}

/* Whether the insertion mode the guard stands for processes text-switching start tag `a`. */
static bool sim_guard_start(rewrite_sim *m, h5_atom a) {
    switch (m->guard) {
    case RG_SELECT:
        if (a == H5_ATOM_SELECT || a == H5_ATOM_TEXTAREA || a == H5_ATOM_INPUT || a == H5_ATOM_KEYGEN) {
            m->guard = RG_DEFAULT; /* the select is popped; textarea is reprocessed in body */
            return true;
        }
        if (a == H5_ATOM_TEMPLATE) {
            m->guard = RG_TEMPLATE_IN_SELECT;
            m->template_depth = 1;
        }
        return a == H5_ATOM_SCRIPT;
    case RG_TEMPLATE_IN_SELECT:
        if (a == H5_ATOM_TEMPLATE) m->template_depth++;
        return true;
    case RG_FRAMESET:
        return a == H5_ATOM_NOFRAMES;
    default:
        if (sim_ns(m) == RNS_HTML) {
            if (a == H5_ATOM_SELECT) m->guard = RG_SELECT;
            else if (a == H5_ATOM_FRAMESET && m->frameset_ok) m->guard = RG_FRAMESET;
            if (m->frameset_ok && atom_in(a, frameset_not_ok)) sim_frameset_not_ok(m);
        }
        return true;
    }
}

/* Start tag t (atom a): the namespaces for its content; returns the element's own (an integration point is in
 * its foreign namespace, its content in HTML's). */
static int sim_start_tag(rewrite_sim *m, const h5_token *t, h5_atom a) {
    bool processed = sim_guard_start(m, a);
    int ns = sim_ns(m);
    if (a == H5_ATOM_SVG) sim_enter(m, RNS_SVG);
    else if (a == H5_ATOM_MATH) sim_enter(m, RNS_MATHML);
    else if (ns != RNS_HTML) {
        const h5_token_attr *enc;
        if (atom_in(a, breakout) ||
            (a == H5_ATOM_FONT && (attr_named(t, "color") || attr_named(t, "face") || attr_named(t, "size"))))
            sim_leave(m);
        else if ((ns == RNS_SVG && atom_in(a, svg_html_ip)) || (ns == RNS_MATHML && atom_in(a, mathml_text_ip))) {
            if (!t->self_closing) sim_enter(m, RNS_HTML);
            return ns;
        } else if (ns == RNS_MATHML && a == H5_ATOM_ANNOTATION_XML && !t->self_closing &&
                   (enc = attr_named(t, "encoding")) &&
                   (ascii_ieq(enc->value, "text/html") || ascii_ieq(enc->value, "application/xhtml+xml"))) {
            sim_enter(m, RNS_HTML);
            return ns;
        }
    } else if (processed) {
        int st = text_state(a);
        if (st >= 0) {
            h5_tokenizer_set_state(m->tokenizer, (h5_tokenizer_state)st);
            /* (tags_on_request: the appropriate end tag is this one's) */
            h5_tokenizer_set_last_start_tag(m->tokenizer, t->name.ptr, t->name.len);
            m->raw = true;
        }
    }
    return sim_ns(m);
}

static void sim_end_tag(rewrite_sim *m, h5_atom a) {
    m->raw = false; /* in a text-switching element, only its end tag is a tag */
    if (m->guard == RG_SELECT && a == H5_ATOM_SELECT) m->guard = RG_DEFAULT;
    else if (m->guard == RG_TEMPLATE_IN_SELECT && a == H5_ATOM_TEMPLATE && --m->template_depth == 0)
        m->guard = RG_SELECT;
    int ns = sim_ns(m);
    if (ns == RNS_HTML) {
        if (m->len < 2) return;
        int prev = m->ns[m->len - 2];
        if ((prev == RNS_MATHML && (atom_in(a, mathml_text_ip) || a == H5_ATOM_ANNOTATION_XML)) ||
            (prev == RNS_SVG && atom_in(a, svg_html_ip)))
            sim_leave(m);
    } else if ((ns == RNS_SVG && a == H5_ATOM_SVG) || (ns == RNS_MATHML && a == H5_ATOM_MATH) || a == H5_ATOM_P ||
               a == H5_ATOM_BR)
        sim_leave(m);
}

/* Text in the data state other than whitespace and U+0000 clears frameset-ok ("in body", 13.2.6.4.7: "any
 * other character token"; a U+0000 is ignored).  (Until then the tokenizer decodes the data state's text.) */
static void sim_text(rewrite_sim *m, h5_str d) {
    for (size_t i = 0; i < d.len; i++) {
        h5_char c = d.ptr[i];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\f' && c != '\r' && c != 0) {
            sim_frameset_not_ok(m);
            return;
        }
    }
}

/* The tokenizer's parse errors: only whether a tag repeats an attribute name matters. */
static void sim_error(void *ctx, h5_error_code code, uint32_t offset) {
    (void)offset;
    if (code == H5_ERROR_DUPLICATE_ATTRIBUTE) ((rewrite_sim *)ctx)->duplicates = true;
}

static bool sim_cdata_allowed(void *ctx) {
    const rewrite_sim *m = ctx;
    return sim_ns(m) != RNS_HTML;
}

static void collect_rewrite_token(void *ctx, h5_token *t) {
    rewrite_sim *m = ctx;
    records *r = m->rec;
    if (r->failed || t->type == H5_TOKEN_EOF) return;
    m->done = t->end;
    uint32_t want = m->want;
    if (t->type == H5_TOKEN_CHARACTER) {
        if (m->frameset_ok && !m->raw && m->guard == RG_DEFAULT && sim_ns(m) == RNS_HTML) sim_text(m, t->data);
        if (!(want & RW_TEXT)) return;
        size_t n = r->words.len;
        if (r->last_char != SIZE_MAX && r->last_char + H5W_RTOKEN_WORDS == n) {
            r->words.data[r->last_char + 2] = t->end;
            return;
        }
        if (!records_room(r, H5W_RTOKEN_WORDS)) return;
        r->last_char = n;
    }
    uint32_t a = 0, b = 0, c = 0, d = 0;
    bool duplicates = m->duplicates;
    m->duplicates = false;
    size_t nattrs = 0;
    switch (t->type) {
    case H5_TOKEN_START_TAG: {
        /* (The atom and answer sim_attrs_wanted found when the name ended, if it was asked.) */
        bool asked = m->name_atom_len == t->name.len + 1;
        h5_atom atom = asked ? (h5_atom)m->name_atom : h5_atom_lookup(t->name.ptr, t->name.len);
        m->name_atom_len = 0;
        /* The attributes are made (tags_on_request) only where they are read. */
        if (t->nattrs && (asked ? m->name_reads : sim_reads_attrs(m, t->name, atom))) {
            if (!(t->attrs = h5_tokenizer_tag_attrs(m->tokenizer))) {
                r->failed = true;
                return;
            }
        } else t->nattrs = 0;
        int ns = sim_start_tag(m, t, atom);
        bool pushed = ns == RNS_HTML ? !void_element(atom) : !t->self_closing;
        uint32_t exact = 0;
        bool maybe = false;
        bool given = (want & RW_ALL_TAGS) || sim_filter(m, t, atom, &exact, &maybe);
        if (pushed && !sim_push(m, atom, t->name, given)) {
            r->failed = true;
            return;
        }
        if (!given && !(want & RW_TEXT)) return;
        a = (t->self_closing ? H5W_RTOKEN_SELF_CLOSING : 0) | (duplicates ? H5W_RTOKEN_DUPLICATES : 0) |
            (pushed ? H5W_RTOKEN_PUSHED : 0) | (given ? H5W_RTOKEN_GIVEN : 0) | (maybe ? H5W_RTOKEN_MAYBE : 0) |
            (uint32_t)ns << H5W_RTOKEN_NS_SHIFT | (uint32_t)atom << H5W_RTOKEN_ATOM_SHIFT;
        b = (uint32_t)t->name.len;
        if (given) c = (uint32_t)(nattrs = t->nattrs);
        d = exact;
        break;
    }
    case H5_TOKEN_END_TAG: {
        h5_atom atom = h5_atom_lookup(t->name.ptr, t->name.len);
        sim_end_tag(m, atom);
        uint32_t popped = sim_pop(m, atom, t->name);
        if (popped == 0 && !(want & RW_TEXT)) return;
        a = (uint32_t)t->name.len;
        b = (uint32_t)atom;
        c = popped;
        break;
    }
    case H5_TOKEN_DOCTYPE:
        if (!(want & (RW_TEXT | RW_DOCTYPE))) return;
        a = (t->has_name ? H5W_TOKEN_HAS_NAME : 0) | (t->has_public_id ? H5W_TOKEN_HAS_PUBLIC_ID : 0) |
            (t->has_system_id ? H5W_TOKEN_HAS_SYSTEM_ID : 0) | (t->force_quirks ? H5W_TOKEN_FORCE_QUIRKS : 0);
        break;
    case H5_TOKEN_COMMENT:
        if (!(want & (RW_TEXT | RW_COMMENTS))) return;
        break;
    default:
        break;
    }
    if (!records_room(r, H5W_RTOKEN_WORDS + H5W_RTOKEN_ATTR_WORDS * nattrs)) return;
    uint32_t *w = r->words.data;
    size_t n = r->words.len;
    w[n++] = t->type == H5_TOKEN_START_TAG ? H5W_TOKEN_START_TAG
             : t->type == H5_TOKEN_END_TAG ? H5W_TOKEN_END_TAG
             : t->type == H5_TOKEN_DOCTYPE ? H5W_TOKEN_DOCTYPE
             : t->type == H5_TOKEN_COMMENT ? H5W_TOKEN_COMMENT
                                           : H5W_TOKEN_CHARACTER;
    w[n++] = t->start;
    w[n++] = t->end;
    w[n++] = a;
    w[n++] = b;
    w[n++] = c;
    w[n++] = d;
    for (size_t i = 0; i < nattrs; i++) {
        w[n++] = t->attrs[i].name_start;
        w[n++] = t->attrs[i].name_end;
        w[n++] = t->attrs[i].value_start;
        w[n++] = t->attrs[i].value_end;
    }
    r->words.len = n;
}

/* A rewrite session (js/rewrite/): fed and read as a tokenizer session
 * (h5w_stream_input/feed/finish, h5w_stream_words), with records
 * H5W_RTOKEN_*; processing instructions are bogus comments, as in lol-html. */
H5W_EXPORT(h5w_rewrite_begin) stream *h5w_rewrite_begin(void) {
    stream *s = stream_new();
    if (!s) return NULL;
    rewrite_sim *m = calloc(1, sizeof *m);
    s->sim = m;
    if (!m || !(m->ns = malloc(16)) || !(s->tokenizer = h5_tokenizer_create())) {
        h5w_stream_free(s);
        return NULL;
    }
    m->cap = 16;
    m->ns[m->len++] = RNS_HTML;
    m->want = RW_ALL_TAGS | RW_TEXT | RW_COMMENTS | RW_DOCTYPE;
    m->frameset_ok = true;
    m->tokenizer = s->tokenizer;
    m->rec = &s->rec;
    m->chunk = &s->chunk;
    /* Processing instructions off: `<?…>` is a bogus comment, as in lol-html. */
    h5_tokenizer_options o = {.on_token = collect_rewrite_token, .token_ctx = m, .cdata_allowed = sim_cdata_allowed,
                              .on_error = sim_error, .error_ctx = m, .initial_state = H5_STATE_DATA,
                              .tags_on_request = true, .attrs_wanted = sim_attrs_wanted, .tag_lane = true};
    h5_tokenizer_reset(s->tokenizer, &o);
    return s;
}


/* What the session's records hold (before the first feed): RW_* flags, and the filter of start tags (without
 * RW_ALL_TAGS), `units` code units at h5w_stream_input() (sim_filter has the entries; names lowercase).
 * 0 when out of memory. */
H5W_EXPORT(h5w_rewrite_select) uint32_t h5w_rewrite_select(stream *s, uint32_t flags, uint32_t units) {
    if (!s || !s->sim || units > s->chunk.len) return 0;
    rewrite_sim *m = s->sim;
    h5_char *f = units ? malloc(units * sizeof *f) : NULL;
    /* (an entry takes 2 units at least) */
    rw_entry *entries = units ? malloc((units / 2) * sizeof *entries) : NULL;
    if (units && (!f || !entries)) {
        free(f);
        free(entries);
        return 0;
    }
    if (units) memcpy(f, s->chunk.data, units * sizeof *f);
    size_t n = 0;
    for (size_t i = 0; i < units;) {
        rw_entry e = {0};
        e.tl = f[i++];
        e.tag = f + i;
        i += e.tl;
        if (i >= units) break;
        e.al = f[i++];
        e.attr = f + i;
        i += e.al;
        if (e.al) {
            if (i + 2 > units) break;
            e.op = f[i++];
            e.vl = f[i++];
            e.val = f + i;
            i += e.vl;
        }
        if (i > units) break;
        e.atom = e.tl ? (uint16_t)h5_atom_lookup(e.tag, e.tl) : H5_ATOM_NONE;
        entries[n++] = e;
    }
    free(m->filter);
    free(m->entries);
    m->filter = f;
    m->entries = entries;
    m->nentries = n;
    m->want = flags;
    /* Text no record is written for is consumed without tokens (its end: h5w_rewrite_done). */
    h5_tokenizer_set_text_silent(m->tokenizer, !(flags & RW_TEXT));
    return 1;
}

/* The end of the last token the session completed (records or not), or of the text consumed after it: JS's input
 * before it is handled (never less than it was). */
H5W_EXPORT(h5w_rewrite_done) uint32_t h5w_rewrite_done(stream *s) {
    uint32_t text = h5_tokenizer_text_end(s->sim->tokenizer);
    if (text > s->sim->done) s->sim->done = text;
    return s->sim->done;
}

#endif
#if H5W_TOKENS
H5W_EXPORT(h5w_stream_words) uint32_t *h5w_stream_words(const stream *s) { return s->rec.words.data; }
H5W_EXPORT(h5w_stream_words_len) uint32_t h5w_stream_words_len(const stream *s) { return (uint32_t)s->rec.words.len; }
H5W_EXPORT(h5w_stream_str) h5_char *h5w_stream_str(const stream *s) { return s->rec.str.data; }
H5W_EXPORT(h5w_stream_str_len) uint32_t h5w_stream_str_len(const stream *s) { return (uint32_t)s->rec.str.len; }
H5W_EXPORT(h5w_stream_errors) uint32_t *h5w_stream_errors(const stream *s) { return s->rec.errors.data; }
H5W_EXPORT(h5w_stream_errors_len) uint32_t h5w_stream_errors_len(const stream *s) { return (uint32_t)s->rec.errors.len; }

#endif
#if H5W_HTML /* dist/html5.wasm */
/* ---- serialize() -----------------------------------------------------------
 * HTML serialisation (spec 13.3) straight from a flat tree buffer
 * (src/output/serialize.h).  JS copies the buffer into the memory returned by
 * h5w_serialize_input(bytes) -- kept between calls, so a caller serialising
 * several nodes of one tree copies it once -- then calls h5w_serialize and
 * reads the UTF-16 result with h5w_ser_out()/h5w_ser_out_len().
 *   flags: H5W_SER_* (abi.h): the node itself (outerHTML) or its children
 *          (innerHTML); scripting forced on or off (else the buffer's
 *          SCRIPTING flag decides how <noscript> text is written) */
#include "serialize.h"

static uint8_t *ser_in;      /* the buffer written by JS */
static size_t ser_in_cap;
static h5_buf ser_out;       /* UTF-16 result */
static h5_serializer serializer; /* scratch and atom-table hash, kept between calls */

H5W_EXPORT(h5w_serialize_input) uint8_t *h5w_serialize_input(uint32_t bytes) {
    size_t want = bytes ? bytes : 1;
    /* Reuse the block; release one that a huge tree inflated. */
    if (ser_in && (ser_in_cap < want || (ser_in_cap > (16u << 20) && want < ser_in_cap / 4))) {
        free(ser_in);
        ser_in = NULL;
        ser_in_cap = 0;
    }
    if (!ser_in) {
        if (!(ser_in = malloc(want))) return NULL;
        ser_in_cap = want;
    }
    return ser_in;
}

H5W_EXPORT(h5w_ser_out) h5_char *h5w_ser_out(void) { return ser_out.data; }
H5W_EXPORT(h5w_ser_out_len) uint32_t h5w_ser_out_len(void) { return (uint32_t)ser_out.len; }

H5W_EXPORT(h5w_serialize) uint32_t h5w_serialize(uint32_t buf_len, uint32_t node_index, uint32_t flags) {
    /* Keep the output block between calls (re-growing it costs about as
     * much as serialising a large page); release one over 16 MiB. */
    if (ser_out.cap > (16u << 20) / sizeof(h5_char)) h5_buf_free(&ser_out);
    ser_out.len = 0;
    if (!ser_in || buf_len > ser_in_cap) return H5_ERR_INVALID;
    int scripting = (flags & H5W_SER_SCRIPTING_ON) ? 1 : (flags & H5W_SER_SCRIPTING_OFF) ? 0 : -1;
    serializer.shadow_roots = (flags & H5W_SER_ALL_SHADOW_ROOTS) ? H5_SER_SHADOW_ALL
                            : (flags & H5W_SER_SERIALIZABLE_SHADOW_ROOTS) ? H5_SER_SHADOW_SERIALIZABLE
                                                                         : H5_SER_SHADOW_NONE;
    if (serializer.stack_cap > (1u << 20)) h5_serializer_free(&serializer); /* after a very deep tree */
    return (uint32_t)h5_serializer_run(&serializer, ser_in, buf_len, node_index, (flags & H5W_SER_OUTER) != 0, scripting,
                                       &ser_out);
}

#endif
#ifdef H5W_XML_MODULE /* dist/xml5.wasm */
/* ---- parseXml() (issue 21) -------------------------------------------------
 * The XML5 parser (src/xml5/xml5_tree.h) over input[0, len), written as a
 * flat buffer with its XML section (docs/format.md, "XML documents"), read
 * back with h5w_out_buf()/h5w_out_buf_len().
 *   flags: H5W_PARSE_LOCATIONS, H5W_PARSE_ERRORS, H5W_PARSE_XML_STRICT and H5W_PARSE_SOURCE_REFS
 *          (text and attribute values verbatim in the input written as
 *          offsets into it, as h5w_parse; the others are HTML's);
 *          errors are x5_error_code values (h5w_xml_error_name). */
#include "xml5_flatbuf.h"

static x5_parser *xml_parser;

H5W_EXPORT(h5w_xml_error_name) const char *h5w_xml_error_name(uint32_t code) {
    return x5_error_name((x5_error_code)code);
}
H5W_EXPORT(h5w_xml_error_count_codes) uint32_t h5w_xml_error_count_codes(void) { return X5_ERROR_COUNT; }

H5W_EXPORT(h5w_parse_xml) uint32_t h5w_parse_xml(uint32_t len, uint32_t flags) {
    reset_outputs();
    if (!flat_ready) {
        h5_flatbuf_init(&flat);
        flat_ready = true;
    }
    flat.len = 0;
    if ((size_t)len > input.len) return H5_ERR_INVALID;
    if (!xml_parser && !(xml_parser = x5_parser_create())) return H5_ERR_OOM;
    h5_node *doc = NULL;
    x5_parser_set_strict(xml_parser, (flags & H5W_PARSE_XML_STRICT) != 0);
    h5_status st = x5_parse(xml_parser, input.data, len, &doc);
    if (st == H5_OK) {
        size_t nerr;
        const x5_parse_error *errs = x5_parser_errors(xml_parser, &nerr);
        h5_flatbuf_options fo = h5_flatbuf_options_default();
        fo.locations = (flags & H5W_PARSE_LOCATIONS) != 0;
        fo.include_errors = (flags & H5W_PARSE_ERRORS) != 0;
        fo.errors = (const h5_flatbuf_error *)(const void *)errs;
        fo.error_count = nerr;
        if (flags & H5W_PARSE_SOURCE_REFS) { /* parseXml(): JS slices its own string (as h5w_parse) */
            fo.source = input.data;
            fo.source_len = len;
        }
        st = x5_flatbuf_write(xml_parser, doc, &fo, &flat);
    }
    if (st != H5_OK || len > (8u << 20)) {
        x5_parser_destroy(xml_parser);
        xml_parser = NULL;
    }
    if (st != H5_OK) flat.len = 0;
    return (uint32_t)st;
}

/* ---- tokenizeXml() ---------------------------------------------------------
 * The XML5 tokenizer alone over input[0, len): token records H5W_XTOKEN_*
 * (abi.h) at h5w_out_words, strings at h5w_out_str, errors (x5_error_code,
 * offset) at h5w_out_errors. */
#include "xml5_tokenizer.h"

static x5_tokenizer *xml_tokenizer;

static void collect_xml_error(void *ctx, x5_error_code code, uint32_t offset) {
    collect_error(ctx, (h5_error_code)code, offset);
}

/* DOCTYPE and XML declaration: kind, flags, three optional strings. */
static size_t put_three(records *r, uint32_t *w, size_t n, uint32_t kind, h5_str a, bool ha, h5_str b, bool hb, h5_str c, bool hc) {
    w[n++] = kind;
    w[n++] = (ha ? H5W_XTOKEN_HAS_FIRST : 0) | (hb ? H5W_XTOKEN_HAS_SECOND : 0) | (hc ? H5W_XTOKEN_HAS_THIRD : 0);
    n = put_string(r, w, n, a);
    n = put_string(r, w, n, b);
    n = put_string(r, w, n, c);
    return n;
}

static void collect_xml_token(void *ctx, const x5_token *t) {
    records *r = ctx;
    if (r->failed || t->type == X5_TOKEN_EOF) return;
    if (!words_reserve(&r->words, H5W_XTOKEN_DECL_WORDS + H5W_XTOKEN_ATTR_WORDS * t->nattrs)) {
        r->failed = true;
        return;
    }
    uint32_t *w = r->words.data;
    size_t n = r->words.len;
    switch (t->type) {
    case X5_TOKEN_START_TAG:
    case X5_TOKEN_EMPTY_TAG:
        w[n++] = t->type == X5_TOKEN_START_TAG ? H5W_XTOKEN_START_TAG : H5W_XTOKEN_EMPTY_TAG;
        n = put_tag(r, w, n, t->name, t->attrs, t->nattrs);
        break;
    case X5_TOKEN_END_TAG:
        w[n++] = H5W_XTOKEN_END_TAG;
        n = put_string(r, w, n, t->name);
        break;
    case X5_TOKEN_SHORT_END_TAG: w[n++] = H5W_XTOKEN_SHORT_END_TAG; break;
    case X5_TOKEN_COMMENT:
        w[n++] = H5W_XTOKEN_COMMENT;
        n = put_string(r, w, n, t->data);
        break;
    case X5_TOKEN_CHARACTER: /* empty runs dropped; a CDATA section: one CDATA record (x5_token.cdata), also when empty */
        if (t->cdata_start) r->last_char = SIZE_MAX;
        if (t->cdata || t->data.len) put_character(r, t->cdata ? H5W_XTOKEN_CDATA : H5W_XTOKEN_CHARACTER, t->data);
        return;
    case X5_TOKEN_PI:
        w[n++] = H5W_XTOKEN_PI;
        n = put_string(r, w, n, t->name);
        n = put_string(r, w, n, t->data);
        break;
    case X5_TOKEN_XML_DECLARATION:
        n = put_three(r, w, n, H5W_XTOKEN_XML_DECLARATION, t->version, t->has_version, t->encoding, t->has_encoding,
                      t->standalone, t->has_standalone);
        break;
    case X5_TOKEN_DOCTYPE:
        n = put_three(r, w, n, H5W_XTOKEN_DOCTYPE, t->name, t->has_name, t->public_id, t->has_public_id, t->system_id,
                      t->has_system_id);
        break;
    default: break;
    }
    r->words.len = n;
}

_Static_assert(H5W_XTOKEN_PI_WORDS <= H5W_XTOKEN_DECL_WORDS && H5W_XTOKEN_TAG_WORDS <= H5W_XTOKEN_DECL_WORDS,
               "collect_xml_token reserves DECL_WORDS");
H5W_EXPORT(h5w_tokenize_xml) uint32_t h5w_tokenize_xml(uint32_t len) {
    reset_outputs();
    if ((size_t)len > input.len) return H5_ERR_INVALID;
    if (!xml_tokenizer && !(xml_tokenizer = x5_tokenizer_create())) return H5_ERR_OOM;
    x5_tokenizer_options o;
    memset(&o, 0, sizeof o);
    o.on_token = collect_xml_token;
    o.token_ctx = &out;
    o.on_error = collect_xml_error;
    o.error_ctx = &out;
    o.initial_state = X5_STATE_DATA;
    x5_tokenizer_reset(xml_tokenizer, &o);
    h5_status st = x5_tokenizer_feed(xml_tokenizer, input.data, len);
    if (st == H5_OK) st = x5_tokenizer_finish(xml_tokenizer);
    if (st == H5_OK && out.failed) st = H5_ERR_OOM;
    if (st != H5_OK) reset_outputs();
    return (uint32_t)st;
}
#endif
