/*
 * The flat tree buffer ("H5WT"): the parse result as one little-endian byte
 * buffer that JavaScript decodes with typed-array views and ONE string
 * decode.  The format is specified in docs/format.md; js/decode.js reads it.
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

#include "dom.h"
#include "h5.h"

/* Format constants (docs/format.md). */
#define H5_FLATBUF_MAGIC 0x54573548u /* bytes "H5WT" read as a little-endian u32 */
#define H5_FLATBUF_VERSION 1u
#define H5_FLATBUF_HEADER_WORDS 20u
#define H5_FLATBUF_NODE_WORDS 8u
#define H5_FLATBUF_ATTR_WORDS 4u
#define H5_FLATBUF_NAME_WORDS 2u
#define H5_FLATBUF_LOC_WORDS 4u
#define H5_FLATBUF_ERROR_WORDS 2u
#define H5_FLATBUF_NONE 0xFFFFFFFFu /* "no index", "no offset" */

/* Header word indexes. */
enum {
    H5_FB_H_MAGIC = 0,
    H5_FB_H_VERSION = 1,
    H5_FB_H_FLAGS = 2,
    H5_FB_H_ATOM_COUNT = 3,
    H5_FB_H_ATOM_HASH = 4,
    H5_FB_H_NODE_COUNT = 5,
    H5_FB_H_ATTR_COUNT = 6,
    H5_FB_H_NAME_COUNT = 7,
    H5_FB_H_STRING_UNITS = 8,
    H5_FB_H_ERROR_COUNT = 9,
    H5_FB_H_NODES_OFF = 10,
    H5_FB_H_ATTRS_OFF = 11,
    H5_FB_H_NAMES_OFF = 12,
    H5_FB_H_NODE_LOCS_OFF = 13,
    H5_FB_H_ATTR_LOCS_OFF = 14,
    H5_FB_H_ERRORS_OFF = 15,
    H5_FB_H_STRINGS_OFF = 16,
    H5_FB_H_TOTAL_BYTES = 17
    /* words 18, 19: reserved, written as 0 */
};

/* Header flags (word 2). */
enum {
    H5_FB_ROOT_MASK = 0x3u,          /* bits 0-1: kind of root */
    H5_FB_ROOT_DOCUMENT = 0u,
    H5_FB_ROOT_FRAGMENT = 1u,
    H5_FB_ROOT_OTHER = 2u,           /* an element or other node */
    H5_FB_MODE_SHIFT = 2u,           /* bits 2-3: h5_quirks_mode of the document */
    H5_FB_HAS_LOCATIONS = 1u << 4,   /* node and attribute location sections present */
    H5_FB_HAS_ERRORS = 1u << 5,      /* error section present */
    H5_FB_SCRIPTING = 1u << 6,       /* parsed with scripting enabled */
    H5_FB_SOURCE_REFS = 1u << 7      /* some strings are references into the input */
};

/* With H5_FB_SOURCE_REFS: a string offset with this bit set is an offset
 * into the parsed input (code units), not into the string section. */
#define H5_FLATBUF_SOURCE_REF 0x80000000u

/* Node flags (bits 16-31 of node word 0). */
enum {
    H5_FB_NODE_SELF_CLOSING = 1u << 0,
    H5_FB_NODE_IMPLICIT = 1u << 1,
    H5_FB_NODE_TEMPLATE_CONTENTS = 1u << 2,
    H5_FB_NODE_HAS_PUBLIC_ID = 1u << 3,
    H5_FB_NODE_HAS_SYSTEM_ID = 1u << 4,
    H5_FB_NODE_CLONED = 1u << 5       /* element made by the adoption agency algorithm */
};

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
    uint32_t atom_hash;       /* cached hash of the atom table (0 = not yet) */
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

/* The hash of the atom table recorded in every header (FNV-1a; see
 * docs/format.md), so a decoder can check that its table matches. */
uint32_t h5_flatbuf_atom_hash(void);

#endif
