/*
 * The XML5 tokenizer: the "Tokenization" section of the XML5 draft (seed
 * 002, editors Anne van Kesteren and Daniel Fath), as xml5lib-tests check it.
 * Where the draft is silent, says TODO, or disagrees with xml5lib-tests, the
 * choice made is written in docs/xml5.md (and at the state in tokenizer.c).
 *
 * Usage (the same shape as the HTML tokenizer, src/tokenizer.h):
 *   x5_tokenizer *t = x5_tokenizer_create();
 *   x5_tokenizer_reset(t, &opts);          // before each parse
 *   x5_tokenizer_feed(t, chunk, n);        // any number of times
 *   x5_tokenizer_finish(t);                // end of file: emits the EOF token
 *   x5_tokenizer_destroy(t);
 *
 * Input: UTF-16 code units (h5_char).  Preprocessing: CR and CR LF become
 * LF; U+0000 becomes U+FFFD; controls, noncharacters and lone surrogates are
 * parse errors (and pass through).
 *
 * Resumable: feed() consumes everything it is given; where the draft needs
 * lookahead ("If the next few characters are", character references) the
 * characters wait inside the tokenizer for the next chunk or finish().  Any
 * split of the input gives the same tokens.
 *
 * Tokens go to `opts.on_token` synchronously; everything a token points to
 * is valid only during the callback.  Character tokens come as runs; runs
 * are cut at every other token and every parse error, and at the end of
 * each feed().  No allocation per token: the buffers are reused.
 */
#ifndef X5_TOKENIZER_H
#define X5_TOKENIZER_H

#include "h5.h"
#include "xml5_errors.h"

typedef enum {
    X5_TOKEN_START_TAG,
    X5_TOKEN_EMPTY_TAG,   /* <a/> */
    X5_TOKEN_END_TAG,
    X5_TOKEN_SHORT_END_TAG, /* </> */
    X5_TOKEN_COMMENT,
    X5_TOKEN_PI,          /* processing instruction */
    X5_TOKEN_XML_DECLARATION, /* <?xml version="1.0" ...?> */
    X5_TOKEN_DOCTYPE,
    X5_TOKEN_CHARACTER,
    X5_TOKEN_EOF
} x5_token_type;

/* An attribute: the same record as the HTML tokenizer's (h5.h). */
typedef h5_token_attr x5_token_attr;

typedef struct {
    x5_token_type type;
    h5_str name;          /* tag name; DOCTYPE name; PI target */
    h5_str data;          /* character run; comment text; PI data */
    h5_str public_id, system_id;
    bool has_name, has_public_id, has_system_id; /* DOCTYPE */
    /* CHARACTER: the run is (part of) a CDATA section's data; the first
     * run of each section has cdata_start (then `start` is the section's
     * '<').  Every section gives at least one run, an empty one when it
     * has no data (`<![CDATA[]]>`), and its last run ends after its `]]>`
     * (the draft emits plain character tokens: a consumer that ignores
     * these flags sees them). */
    bool cdata, cdata_start;
    const x5_token_attr *attrs; /* duplicates dropped (with an error) */
    size_t nattrs;
    /* XML declaration: the pseudo-attributes present (values unchecked) */
    h5_str version, encoding, standalone;
    bool has_version, has_encoding, has_standalone;
    /* Source offsets of the token, [start, end): from its '<' to after its
     * '>' (the input length at EOF); a character run from its first
     * character (the '&' of a reference) to where the next token starts
     * (runs cut by a parse error or a chunk end: where the cut is). */
    uint32_t start, end;
} x5_token;

/* The states a caller may start in (xml5lib-tests use only the data state;
 * the tree builder will need none other). */
typedef enum {
    X5_STATE_DATA = 0,
    X5_STATE_CDATA
    /* further (internal) states follow in tokenizer.c */
} x5_tokenizer_state;

typedef void (*x5_token_sink)(void *ctx, const x5_token *token);
/* `offset`: UTF-16 offset in the whole input of the last code unit read
 * when the error was found (the input length for errors at EOF).  Errors
 * found while lookahead characters are read again are at the unit that
 * ended the lookahead. */
typedef void (*x5_error_sink)(void *ctx, x5_error_code code, uint32_t offset);

typedef struct {
    x5_token_sink on_token;
    void *token_ctx;
    x5_error_sink on_error;   /* may be NULL */
    void *error_ctx;
    x5_tokenizer_state initial_state;
} x5_tokenizer_options;

typedef struct x5_tokenizer x5_tokenizer;

/* NULL when out of memory.  Then, before each parse, reset (which keeps the
 * buffers of the last parse); feed any number of chunks; finish (the EOF
 * rules and the EOF token).  Feed and finish return H5_OK, or H5_ERR_OOM
 * (sticky until the next reset: nothing more is emitted). */
x5_tokenizer *x5_tokenizer_create(void);
void x5_tokenizer_reset(x5_tokenizer *t, const x5_tokenizer_options *opts);
h5_status x5_tokenizer_feed(x5_tokenizer *t, const h5_char *chunk, size_t len);
h5_status x5_tokenizer_finish(x5_tokenizer *t);
void x5_tokenizer_destroy(x5_tokenizer *t);
/* Code units consumed so far: during a token callback, the offset just
 * after the token's last code unit (the tree builder's error positions). */
uint32_t x5_tokenizer_position(const x5_tokenizer *t);

/* a == b, unit by unit in the caller: for the names that the hot paths
 * compare (repeated attribute names, end tags against open elements),
 * which are short, where h5_str_eq's memcmp is a call and a byte loop in
 * WebAssembly. */
static inline bool x5_str_eq(h5_str a, h5_str b) {
    if (a.len != b.len) return false;
    for (size_t i = 0; i < a.len; i++)
        if (a.ptr[i] != b.ptr[i]) return false;
    return true;
}

#endif
