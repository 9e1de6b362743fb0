/*
 * The HTML tokenizer: spec 13.2.5 "Tokenization", with input stream
 * preprocessing (13.2.3.5) and character references (13.2.5.77-85).
 *
 * Usage:
 *   h5_tokenizer *t = h5_tokenizer_create();
 *   h5_tokenizer_reset(t, &opts);            // before each parse
 *   h5_tokenizer_feed(t, chunk, n);          // any number of times
 *   h5_tokenizer_finish(t);                  // end of file: emits EOF token
 *   h5_tokenizer_destroy(t);
 *
 * Tokens go to `opts.on_token` synchronously.  The sink may switch the
 * tokenizer state (h5_tokenizer_set_state) from inside the callback; the
 * tokenizer reads it again after the callback returns, as the tree
 * construction stage requires (13.2.6).  Whether <![CDATA[ starts a CDATA
 * section is asked of `opts.cdata_allowed` when one is met.
 *
 * Everything a token points to (names, values, data) is valid only during the
 * callback: copy what you keep.
 *
 * Character tokens come as runs ("adjacent characters" as one token).  A
 * U+0000 NULL that the tokenizer emits as a character is always a token of
 * its own (length 1), so the tree builder can treat it specially; nothing
 * else about run boundaries is guaranteed (whitespace is not split off).
 *
 * Offsets are UTF-16 code-unit offsets from the start of the whole input (all
 * chunks), counting the input as given, before CR/LF normalisation.
 *
 * Resumable: feed() consumes what it can and keeps the state; where the spec
 * needs lookahead (markup declaration open, DOCTYPE keywords, named character
 * references, a CR at the end of a chunk) it waits for the next chunk or
 * finish().  Feeding the input in any split gives the same tokens.
 */
#ifndef H5_TOKENIZER_H
#define H5_TOKENIZER_H

#include "errors.h"
#include "h5.h"

typedef enum {
    H5_TOKEN_DOCTYPE,
    H5_TOKEN_START_TAG,
    H5_TOKEN_END_TAG,
    H5_TOKEN_COMMENT,
    H5_TOKEN_CHARACTER,
    H5_TOKEN_EOF,
    /* A processing instruction (whatwg/html 320c05f6, 2026): `name` is the
     * target, `data` the data.  Only with the processing_instructions
     * option. */
    H5_TOKEN_PROCESSING_INSTRUCTION
} h5_token_type;

/* Attributes are h5_token_attr (h5.h); the HTML tokenizer lowercases ASCII
 * in their names, as the spec says. */

typedef struct {
    h5_token_type type;
    h5_str name;            /* tag name (lowercased), DOCTYPE name, PI target */
    h5_str data;            /* comment text, character run, PI data */
    h5_str public_id, system_id;
    bool has_name;          /* DOCTYPE: name present (not "missing") */
    bool has_public_id, has_system_id;
    bool force_quirks;
    bool self_closing;
    h5_token_attr *attrs;   /* duplicates already dropped (with an error) */
    size_t nattrs;
    uint32_t start, end;    /* source offsets of the whole token */
} h5_token;

/* The states that can be set from outside (the html5lib "initialStates" and
 * the switches the tree builder makes). */
typedef enum {
    H5_STATE_DATA = 0,
    H5_STATE_RCDATA,
    H5_STATE_RAWTEXT,
    H5_STATE_SCRIPT_DATA,
    H5_STATE_PLAINTEXT,
    H5_STATE_CDATA_SECTION
    /* further (internal) states follow in tokenizer.c */
} h5_tokenizer_state;

typedef void (*h5_token_sink)(void *ctx, h5_token *token);
/* 13.2.5.42 markup declaration open: "If there is an adjusted current node
 * and it is not an element in the HTML namespace" (ctx = token_ctx). */
typedef bool (*h5_cdata_query)(void *ctx);

#ifdef H5_BOUNDS_ONLY
/* How a start tag's attributes are read (attrs_wanted, tags_on_request). */
typedef enum {
    /* Stepped over to the tag's end, none made (the token has none). */
    H5_ATTRS_NONE,
    /* As written: each attribute's name and value are its slices of the
     * input (names not lowercased, values not decoded: a character
     * reference, U+0000 or CR is as it came), with the same offsets and the
     * same attributes (a repeated name dropped, compared ASCII
     * case-insensitively) as made ones. */
    H5_ATTRS_AS_WRITTEN,
    /* Made by the attribute states (13.2.5.32-40): names lowercased, values
     * decoded. */
    H5_ATTRS_MADE,
} h5_attrs_wanted;
#endif

typedef struct {
    h5_token_sink on_token;
    void *token_ctx;
    h5_cdata_query cdata_allowed; /* NULL: never (a CDATA section is a bogus comment) */
    h5_error_sink on_error;   /* may be NULL */
    void *error_ctx;
    h5_tokenizer_state initial_state;
    /* The living standard's processing instructions (13.2.5.72-76,
     * whatwg/html 320c05f6, 2026): `<?target data>` is a processing
     * instruction token.  false (what a zeroed struct gives): the pre-2026
     * tokenizer, where every `<?` starts a bogus comment, as html5lib-tests
     * up to 9329e64 expect. */
    bool processing_instructions;
    /* Name of the last start tag emitted, for "appropriate end tag token"
     * (html5lib's lastStartTag).  May be NULL/0. */
    const h5_char *last_start_tag;
    size_t last_start_tag_len;
#ifdef H5_BOUNDS_ONLY
    /* Tags on request, for a sink that reads few of them (tokenizer.c,
     * H5_BOUNDS_ONLY): a tag token's attrs are NULL (nattrs counts them)
     * until the sink asks for them (h5_tokenizer_tag_attrs), and the last
     * start tag (13.2.5, "appropriate end tag token") is only the one the sink
     * sets (h5_tokenizer_set_last_start_tag) when it switches to a text
     * state. */
    bool tags_on_request;
    /* With tags_on_request: asked when a start tag's name ends and
     * attributes may follow (ctx = token_ctx), how they are read
     * (h5_attrs_wanted).  NULL: every tag's are made (H5_ATTRS_MADE). */
    h5_attrs_wanted (*attrs_wanted)(void *ctx, h5_str name);
    /* The common tags in one step (tag_lane, tokenizer.c): `<name>`,
     * `<name ` and its attributes, `</name>` with a lowercase ASCII name.
     * The same tokens, fewer dispatches. */
    bool tag_lane;
#endif
} h5_tokenizer_options;

typedef struct h5_tokenizer h5_tokenizer;

h5_tokenizer *h5_tokenizer_create(void);      /* NULL when out of memory */
void h5_tokenizer_destroy(h5_tokenizer *t);
/* Prepare for a new input; keeps allocated buffers. */
void h5_tokenizer_reset(h5_tokenizer *t, const h5_tokenizer_options *opts);

/* Consume a chunk.  Returns H5_OK or H5_ERR_OOM (then the tokenizer stops
 * and every later call returns H5_ERR_OOM until reset). */
h5_status h5_tokenizer_feed(h5_tokenizer *t, const h5_char *chunk, size_t len);
/* End of input: runs the EOF rules and emits the EOF token. */
h5_status h5_tokenizer_finish(h5_tokenizer *t);

/* The tree builder's state switch (valid inside the token callback). */
void h5_tokenizer_set_state(h5_tokenizer *t, h5_tokenizer_state state);
void h5_tokenizer_set_last_start_tag(h5_tokenizer *t, const h5_char *name, size_t len);
#ifdef H5_BOUNDS_ONLY
/* The attributes of the tag token being emitted (inside the token callback,
 * with tags_on_request), or NULL when out of memory. */
h5_token_attr *h5_tokenizer_tag_attrs(h5_tokenizer *t);
/* A tokenizer whose text is not read (tokenizer.c): whether the data state's
 * text is still read (off, the default, until reset) or only where it ends;
 * the other text states' never is. */
void h5_tokenizer_set_text_bounds(h5_tokenizer *t, bool on);
/* Whether text whose bounds alone are looked for (the data state's once
 * set_text_bounds is on; RCDATA, RAWTEXT and script data) is emitted as
 * character tokens (off, the default, until reset) or consumed without any:
 * for a sink that reads no text (h5_tokenizer_text_end tells how far). */
void h5_tokenizer_set_text_silent(h5_tokenizer *t, bool on);
/* Between feeds: where the input consumed so far ends, when the tokenizer
 * is in a text state (13.2.5.1-5: no token begun), else 0. */
uint32_t h5_tokenizer_text_end(const h5_tokenizer *t);
#endif

/* Ask the tokenizer to stop after the current token (used on OOM in the
 * tree builder). */
void h5_tokenizer_abort(h5_tokenizer *t);

#endif
