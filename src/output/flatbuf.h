/*
 * The flat tree buffer ("H5WT"): the parse result as one little-endian byte
 * buffer that JavaScript decodes with typed-array views and ONE string
 * decode.  The format is specified in docs/format.md; js/dom/decode.js reads it.
 *
 *   h5_flatbuf fb;
 *   h5_flatbuf_init(&fb);
 *   h5_flatbuf_options o = h5_flatbuf_options_default();
 *   if (h5_flatbuf_write(doc, &o, &fb) == H5_OK) send(fb.data, fb.len);
 *   ... more writes reuse fb's memory ...
 *   h5_flatbuf_free(&fb);
 *
 * The writer walks the tree iteratively (any depth works) in two passes:
 * the first counts and interns names, the second writes into a buffer of
 * exactly the right size.  All memory it uses is kept in the h5_flatbuf and
 * reused by the next write; the buffer is allocated again (exactly) only
 * when it is too small or more than twice the size needed.  Allocation
 * failure returns H5_ERR_OOM with len 0 (the previous write is lost).
 */
#ifndef H5_FLATBUF_H
#define H5_FLATBUF_H

#include "abi.h"
#include "dom.h"
#include "h5.h"

/* The format's constants, header words and flags, record layouts, node
 * types and flags: src/common/abi.h (generated from scripts/data/abi.json). */

/* One parse error as recorded in the buffer. */
typedef struct {
    uint32_t code;    /* h5_error_code */
    uint32_t offset;  /* UTF-16 offset in the input */
} h5_flatbuf_error;

typedef struct {
    /* Write the node and attribute source-offset sections. */
    bool locations;
    /* Record that the document was parsed with scripting on (the
     * serialiser then treats <noscript> contents as raw text). */
    bool scripting;
    /* Byte input: the encoding the document was decoded with and the
     * confidence in it (encoding.h), recorded in header word 18.
     * H5_ENC_NONE (default) for a document parsed from characters. */
    uint8_t encoding;
    uint8_t confidence;
    /* Write an error section (even when error_count is 0). */
    bool include_errors;
    const h5_flatbuf_error *errors;
    size_t error_count;
    /* The parsed input (NULL = none).  When given, text, comment and
     * attribute-value strings that point into it (the tree borrows them,
     * dom.h) are written as H5_FLATBUF_SOURCE_REF | offset instead of being
     * copied, and the header gets H5_FB_SOURCE_REFS: for a reader that
     * holds the input (JS parse() slices its input string), not for a
     * buffer that travels alone.  Ignored for inputs of 2^31 units or
     * more. */
    const h5_char *source;
    size_t source_len;
    /* Without `source`: the input as spans (a streamed parse's kept input,
     * parser.h h5_parser_borrowed_spans), sorted by address, disjoint;
     * strings in them become source references as above.  The caller
     * gives spans only when every offset in them is below 2^31. */
    const h5_source_span *spans;
    size_t span_count;
    /* The caller has moved the malloc'd block that holds `source` into
     * fb->data / fb->cap and given it up, so that the buffer can take its
     * place instead of adding to the peak (wasm h5w_parse for JS parse()).
     * The writer reads no text from the tree after its first pass (names
     * and DOCTYPE ids are copied out; source references are found by
     * address), writes the buffer over the block when it is large enough,
     * and else writes a new buffer and frees the block afterwards.  Either
     * way `source` must not be used after the call. */
    bool source_in_buffer;
} h5_flatbuf_options;

h5_flatbuf_options h5_flatbuf_options_default(void);

/* Output buffer plus scratch memory, reused across writes. */
typedef struct {
    uint8_t *data;   /* the buffer; 8-byte aligned (malloc) */
    size_t len;      /* bytes of the last successful write; 0 after a failure */
    size_t cap;

    /* Scratch (private). */
    const h5_node **tstack;   /* templates whose contents are being walked */
    size_t tstack_cap;
    h5_str *names;            /* interned non-atom names of this write */
    uint32_t *name_hashes;
    uint32_t *name_offs;      /* their offsets in `chars` */
    size_t names_len, names_cap;
    uint32_t *ids;            /* name ids the first pass found, in walk order,
                                 for names that are not an atom outright */
    size_t ids_len, ids_cap;
    h5_char *chars;           /* copies of the names and DOCTYPE ids */
    size_t chars_len, chars_cap;
    uint32_t *slots;          /* hash table: generation << 0 ... see flatbuf.c */
    size_t slots_cap;         /* power of two, or 0 */
    uint32_t generation;
    size_t limit;             /* tests: cap on total scratch+buffer bytes (0 = none) */
} h5_flatbuf;

void h5_flatbuf_init(h5_flatbuf *fb);
void h5_flatbuf_free(h5_flatbuf *fb);
/* Free the buffer of the last write (len becomes 0) but keep the scratch
 * memory: for a caller done with the result that wants the memory back
 * before the next write (which allocates the buffer again). */
void h5_flatbuf_drop(h5_flatbuf *fb);

/* Serialise the tree rooted at `root` (normally a DOCUMENT or FRAGMENT node;
 * any node works).  On H5_OK, fb->data[0..fb->len) is the buffer.
 * H5_ERR_OOM: an allocation failed.  H5_ERR_TOO_LARGE: a count or offset
 * does not fit 32 bits.  H5_ERR_INVALID: NULL arguments. */
h5_status h5_flatbuf_write(const h5_node *root, const h5_flatbuf_options *opts, h5_flatbuf *fb);

#endif
