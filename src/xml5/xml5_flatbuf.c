/*
 * The flat buffer of an XML document (docs/format.md, "XML documents"):
 * the tree as h5_flatbuf_write writes any tree (elements in namespace 3
 * "other", names: local names), plus the XML section that this file
 * appends: the qualifier (namespace URI and prefix) of every node (u16,
 * or u32 when there are more than 65,536 qualifiers) and the XML
 * declaration; each attribute's qualifier goes into bits 8-31 of word 1 of
 * its record.  The header gets H5_FB_XML and the section's offset in word
 * H5_FB_H_XML_OFF.
 */
#include <stdlib.h>
#include <string.h>

#include "xml5_flatbuf.h"
#include "xml5_parser_state.h"

static void put_u32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}
static void put_u16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static uint32_t get_u32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

typedef struct {
    uint8_t *strings; /* the section's string area */
    uint32_t units;
} xstrings;

/* Append `s` to the string area; (offset, length) into w[0], w[1]; a null
 * string (ptr NULL) gets offset NONE. */
static void put_xstr(xstrings *xs, uint8_t *w, h5_str s) {
    if (!s.ptr) {
        put_u32(w, H5_FLATBUF_NONE);
        put_u32(w + 4, 0);
        return;
    }
    put_u32(w, xs->units);
    put_u32(w + 4, (uint32_t)s.len);
    for (size_t i = 0; i < s.len; i++) {
        xs->strings[2 * (xs->units + i)] = (uint8_t)s.ptr[i];
        xs->strings[2 * (xs->units + i) + 1] = (uint8_t)(s.ptr[i] >> 8);
    }
    xs->units += (uint32_t)s.len;
}

/* Make room, before h5_flatbuf_write, for its buffer and the XML section
 * after it: h5_flatbuf_write allocates exactly what it needs but writes
 * into a block it is given when that is big enough and at most twice that
 * size, so a block reserved here with an upper bound of both parts is
 * written in place, and the section is appended without a realloc (which
 * copies the whole buffer).  The bound: the tree's records (its nodes and
 * attributes were counted as they were created), names, locations and
 * errors, and strings: no more code units than the input has (a string
 * unit comes from at least one input unit; names are written once).
 * When the bound is over twice the size needed, h5_flatbuf_write
 * allocates anew and the section is appended by a realloc, as without it. */
static void reserve(const x5_parser *p, const h5_flatbuf_options *opts, uint64_t xml_bytes, h5_flatbuf *fb) {
    uint64_t n = p->node_count, a = p->attr_count;
    uint64_t bound = 4 * (uint64_t)H5_FLATBUF_HEADER_WORDS + 4 * (uint64_t)H5_FLATBUF_NODE_WORDS * n +
                     4 * (uint64_t)H5_FLATBUF_ATTR_WORDS * a + 8 * (n + a) + 2 * (uint64_t)p->input_len + 16 +
                     (opts->locations ? 4 * (uint64_t)H5_FLATBUF_LOC_WORDS * (n + a) : 0) +
                     (opts->include_errors ? 4 * (uint64_t)H5_FLATBUF_ERROR_WORDS * opts->error_count : 0) + xml_bytes;
    if (fb->cap >= bound || bound > UINT32_MAX) return;
    free(fb->data);
    fb->data = malloc((size_t)bound);
    fb->cap = fb->data ? (size_t)bound : 0;
    fb->len = 0;
}

/* The qualifiers of node i and of attribute record k (the buffer's order). */
typedef struct {
    uint8_t *nodes;  /* the section's node qualifiers */
    bool wide;       /* u32 each, else u16 */
    uint8_t *attrs;  /* the buffer's attribute records */
} qual_writer;
static void put_node_q(const qual_writer *w, uint32_t i, uint32_t q) {
    if (w->wide) put_u32(w->nodes + 4 * (size_t)i, q);
    else put_u16(w->nodes + 2 * (size_t)i, q);
}
static void put_attr_q(const qual_writer *w, uint32_t k, uint32_t q) {
    uint8_t *a = w->attrs + 4 * ((size_t)k * H5_FLATBUF_ATTR_WORDS + H5_FB_A_NS);
    put_u32(a, (get_u32(a) & 0xFFu) | q << H5_FB_X_A_Q_SHIFT);
}

h5_status x5_flatbuf_write(const x5_parser *p, const h5_node *doc, const h5_flatbuf_options *opts, h5_flatbuf *fb) {
    const x5_xml_declaration *d = &p->decl;
    if (p->quals.len > H5_FB_X_MAX_QUALIFIERS) return H5_ERR_TOO_LARGE; /* attribute word 1 holds 24 bits */
    const bool wide = p->quals.len > 0x10000u;
    uint64_t xml_units = d->version.len + d->encoding.len + d->standalone.len;
    for (size_t i = 0; i < p->quals.len; i++) xml_units += p->quals.v[i].ns.len + p->quals.v[i].prefix.len;
    if (!opts->source_in_buffer)
        reserve(p, opts,
                4 * ((uint64_t)H5_FB_X_HEADER_WORDS + p->node_count + (uint64_t)H5_FB_X_Q_WORDS * p->quals.len) +
                    2 * xml_units + 8, fb);
    h5_status st = h5_flatbuf_write(doc, opts, fb);
    if (st != H5_OK) return st;
    const uint8_t *h = fb->data;
    uint32_t nnodes = get_u32(h + 4 * H5_FB_H_NODE_COUNT), nattrs = get_u32(h + 4 * H5_FB_H_ATTR_COUNT);
    uint32_t attrs_off = get_u32(h + 4 * H5_FB_H_ATTRS_OFF);

    /* Sizes: header, qualifier per node, records, strings. */
    const uint64_t units = xml_units;
    const uint64_t node_words = wide ? nnodes : ((uint64_t)nnodes + 1) / 2;
    uint64_t words = (uint64_t)H5_FB_X_HEADER_WORDS + node_words + (uint64_t)H5_FB_X_Q_WORDS * p->quals.len;
    uint64_t off = (fb->len + 3) & ~(uint64_t)3;
    uint64_t str_off = off + 4 * words;
    uint64_t total = (str_off + 2 * units + 3) & ~(uint64_t)3;
    if (total > UINT32_MAX) return H5_ERR_TOO_LARGE;
    if (total > fb->cap) {
        uint8_t *nd = realloc(fb->data, (size_t)total);
        if (!nd) {
            fb->len = 0;
            return H5_ERR_OOM;
        }
        fb->data = nd;
        fb->cap = (size_t)total;
    }
    uint8_t *b = fb->data;
    memset(b + fb->len, 0, (size_t)(total - fb->len));
    uint8_t *x = b + off;
    xstrings xs = { b + str_off, 0 };

    put_u32(x + 4 * H5_FB_X_QUALIFIER_COUNT, (uint32_t)p->quals.len);
    put_u32(x + 4 * H5_FB_X_DECL_FLAGS, (d->present ? H5_FB_XD_PRESENT | (d->version.ptr ? H5_FB_XD_HAS_VERSION : 0) |
                                                          (d->encoding.ptr ? H5_FB_XD_HAS_ENCODING : 0) |
                                                          (d->standalone.ptr ? H5_FB_XD_HAS_STANDALONE : 0)
                                                    : 0) |
                                            (wide ? H5_FB_XD_WIDE_QUALIFIERS : 0));
    put_xstr(&xs, x + 4 * H5_FB_X_VERSION_OFF, d->version);
    put_xstr(&xs, x + 4 * H5_FB_X_ENCODING_OFF, d->encoding);
    put_xstr(&xs, x + 4 * H5_FB_X_STANDALONE_OFF, d->standalone);
    put_u32(x + 4 * H5_FB_X_STRINGS_OFF, (uint32_t)str_off);
    put_u32(x + 4 * H5_FB_X_STRING_UNITS, (uint32_t)units);

    /* A qualifier per node (elements; 0 for the others) and per attribute:
     * the parser's lists in creation order, which is the buffer's order
     * (xml5_parser_state.h; template contents, HTML 13.4, are created right
     * after their template, and the buffer has them there too).  `doc` is
     * the parser's document (xml5_flatbuf.h), whose every node and attribute
     * is in the lists (a list that cannot grow fails the parse). */
    if (doc != p->doc || nnodes != p->node_quals.len || nattrs != p->attr_qual_list.len) {
        fb->len = 0;
        return H5_ERR_INVALID;
    }
    const qual_writer qw = { x + 4 * H5_FB_X_HEADER_WORDS, wide, b + attrs_off };
    for (uint32_t i = 0; i < nnodes; i++) put_node_q(&qw, i, p->node_quals.v[i]);
    for (uint32_t a = 0; a < nattrs; a++) put_attr_q(&qw, a, p->attr_qual_list.v[a]);
    uint8_t *qr = x + 4 * (H5_FB_X_HEADER_WORDS + (size_t)node_words);
    for (size_t k = 0; k < p->quals.len; k++, qr += 4 * H5_FB_X_Q_WORDS) {
        put_xstr(&xs, qr + 4 * H5_FB_X_Q_NS_OFF, p->quals.v[k].ns);
        put_xstr(&xs, qr + 4 * H5_FB_X_Q_PREFIX_OFF, p->quals.v[k].prefix);
    }

    put_u32(b + 4 * H5_FB_H_FLAGS, get_u32(b + 4 * H5_FB_H_FLAGS) | H5_FB_XML);
    put_u32(b + 4 * H5_FB_H_XML_OFF, (uint32_t)off);
    put_u32(b + 4 * H5_FB_H_TOTAL_BYTES, (uint32_t)total);
    fb->len = (size_t)total;
    return H5_OK;
}
