/*
 * libFuzzer target over the native core (make fuzz).
 *
 * The first bytes choose what to run; the rest is the input:
 *   byte 0: bits 0-1 mode (0 document, 1 fragment, 2 tokenizer only,
 *           3 document fed in chunks), bit 2 scripting off, bits 3-7 select
 *           the fragment context or the tokenizer's initial state
 *   byte 1: chunk size for mode 3 (1..256)
 *   byte 2: bit 0: input is raw UTF-16LE (lone surrogates etc.) rather than UTF-8
 *           bit 1: flat buffer with source locations
 *           bit 2: flat buffer with source references (docs/format.md),
 *                  written a second time with the input's block given to
 *                  the buffer (source_in_buffer, as wasm parse() does),
 *                  which must give the same bytes
 *           bit 3: the input is a document's bytes: encoding sniffing
 *                  (13.2.3.2, with UTF-8 detection if bit 4), decoding,
 *                  and a parse with that encoding's confidence, after
 *                  which only a tentative one may be changed by a <meta>
 *           bit 5: XML (issue 21): the XML5 parser (src/xml5/) instead,
 *                  with its flat buffer (and locations with bit 1); mode 2
 *                  runs the XML5 tokenizer alone, fed in chunks of byte 1
 *                  + 1 units; error codes and offsets must be in range
 * Every input must parse without a crash, leak, UB or hang; a document
 * parse must give a tree whose links are consistent.  Documents and
 * fragments then go through the flat-buffer writer, and (without source
 * references) the serializer and the round trip: s1 = serialize(parse(x))
 * must parse, and serialize(parse(s1)) must parse again.  Equality of the
 * rounds is not asserted, not even that they settle within a bounded number
 * of rounds: 13.3 notes trees that do not survive serialising, and a fuzzer
 * that asserted either found such trees within seconds to minutes each
 * time (2026-11-22):
 * - settling after one round: an <a> foster-parented into another <a>, a
 *   character reference for U+000D (written as is, read back as U+000A), a
 *   <pre> whose text starts with a newline;
 * - settling after more rounds: nested <form>s, one level per round (the
 *   form element pointer makes the parser ignore the inner start tag), misnested
 *   formatting elements whose reconstruction moves into new blocks each
 *   round (a <nobr>/<b> case took 7 rounds), <selectedcontent> (its
 *   children are a clone of the option selected when that option closed,
 *   which depends on an order a round may change);
 * - growing in every round: "<p><button><plaintext>" (the end tags
 *   serialised after <plaintext> become its text, one more layer per
 *   round), fragments in a
 *   raw-text context such as <iframe> ("&lt;" escaped again every round, as
 *   the context keeps it as text), a <script> whose text has "<!--" (the
 *   escaped states then pass the serialised "</script>").
 */
#include <stdlib.h>
#include <string.h>

#include "../native/decoders.h"
#include "flatbuf.h"
#include "parser.h"
#include "serialize.h"
#include "tokenizer.h"
#include "xml5_flatbuf.h"
#include "xml5_tokenizer.h"
#include "xml5_tree.h"

static const struct { const char *name; h5_element_ns ns; } contexts[] = {
    {"body", H5_NS_HTML}, {"html", H5_NS_HTML}, {"head", H5_NS_HTML}, {"table", H5_NS_HTML},
    {"tbody", H5_NS_HTML}, {"tr", H5_NS_HTML}, {"td", H5_NS_HTML}, {"th", H5_NS_HTML},
    {"caption", H5_NS_HTML}, {"colgroup", H5_NS_HTML}, {"select", H5_NS_HTML}, {"template", H5_NS_HTML},
    {"frameset", H5_NS_HTML}, {"title", H5_NS_HTML}, {"textarea", H5_NS_HTML}, {"style", H5_NS_HTML},
    {"script", H5_NS_HTML}, {"noscript", H5_NS_HTML}, {"plaintext", H5_NS_HTML}, {"xmp", H5_NS_HTML},
    {"iframe", H5_NS_HTML}, {"option", H5_NS_HTML}, {"div", H5_NS_HTML}, {"p", H5_NS_HTML},
    {"svg", H5_NS_SVG}, {"foreignObject", H5_NS_SVG}, {"desc", H5_NS_SVG}, {"path", H5_NS_SVG},
    {"math", H5_NS_MATHML}, {"mi", H5_NS_MATHML}, {"annotation-xml", H5_NS_MATHML}, {"mtext", H5_NS_MATHML},
};

static void on_token(void *ctx, h5_token *t) { (void)ctx; (void)t; }
static void on_error(void *ctx, h5_error_code code, uint32_t offset) {
    (void)offset;
    if (code <= H5_ERROR_NONE || code >= H5_ERROR_COUNT) abort();
    ++*(size_t *)ctx;
}

/* Iterative check that parent/child/sibling links agree. */
static void check_tree(const h5_node *root) {
    const h5_node *n = root;
    while (n) {
        const h5_node *prev = NULL;
        for (const h5_node *c = n->first_child; c; c = c->next_sibling) {
            if (c->parent != n || c->prev_sibling != prev) abort();
            prev = c;
        }
        if (n->last_child != prev) abort();
        if (n->type == H5_NODE_ELEMENT && n->template_content && n->template_content->type != H5_NODE_FRAGMENT)
            abort();
        /* next node in pre-order (template contents are not visited here) */
        if (n->first_child) n = n->first_child;
        else {
            while (n && n != root && !n->next_sibling) n = n->parent;
            n = (n && n != root) ? n->next_sibling : NULL;
        }
    }
}

static h5_parser *parser;
static h5_tokenizer *tokenizer;
static h5_flatbuf flat, given;
static h5_buf ser1, ser2;

/* Parse `in` with `o`, write the flat buffer, serialise it into `out`. */
static void parse_serialize(const h5_char *in, size_t n, const h5_parse_options *o, h5_buf *out) {
    h5_node *root = NULL;
    if (h5_parse(parser, in, n, o, &root) != H5_OK || !root) abort();
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    fo.scripting = o->scripting;
    if (h5_flatbuf_write(root, &fo, &flat) != H5_OK) abort();
    out->len = 0;
    if (h5_serialize_flatbuf(flat.data, flat.len, 0, false, out) != H5_OK) abort();
}

/* ---- XML mode (byte 2, bit 5) ---- */
static x5_parser *xml_parser;
static x5_tokenizer *xml_tokenizer;
static void on_xml_token(void *ctx, const x5_token *t) { (void)ctx; (void)t; }
static void on_xml_error(void *ctx, x5_error_code code, uint32_t offset) {
    if (code <= X5_ERROR_NONE || code >= X5_ERROR_COUNT || offset > *(size_t *)ctx) abort();
}

static void fuzz_xml(const h5_char *in, size_t n, unsigned mode, size_t step, bool locations) {
    if (mode == 2) {
        if (!xml_tokenizer) xml_tokenizer = x5_tokenizer_create();
        x5_tokenizer_options o = {.on_token = on_xml_token, .on_error = on_xml_error, .error_ctx = &n};
        x5_tokenizer_reset(xml_tokenizer, &o);
        for (size_t i = 0; i < n; i += step)
            if (x5_tokenizer_feed(xml_tokenizer, in + i, n - i < step ? n - i : step) != H5_OK) abort();
        if (x5_tokenizer_finish(xml_tokenizer) != H5_OK) abort();
        return;
    }
    if (!xml_parser) xml_parser = x5_parser_create();
    h5_node *doc = NULL;
    if (x5_parse(xml_parser, in, n, &doc) != H5_OK || !doc || doc->type != H5_NODE_DOCUMENT) abort();
    check_tree(doc);
    size_t nerr, nq;
    const x5_parse_error *errs = x5_parser_errors(xml_parser, &nerr);
    for (size_t i = 0; i < nerr; i++)
        if (errs[i].code <= X5_ERROR_NONE || errs[i].code >= X5_ERROR_COUNT || errs[i].offset > n) abort();
    /* No root element is always an error; so is an open element at EOF. */
    const h5_node *root = doc->first_child;
    while (root && root->type != H5_NODE_ELEMENT) root = root->next_sibling;
    if (!root && nerr == 0) abort();
    x5_parser_qualifiers(xml_parser, &nq);
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    fo.locations = locations;
    fo.include_errors = true;
    fo.errors = (const h5_flatbuf_error *)(const void *)errs;
    fo.error_count = nerr;
    if (x5_flatbuf_write(xml_parser, doc, &fo, &flat) != H5_OK) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    uint8_t sel = data[0], chunk = data[1], enc = data[2];
    data += 3;
    size -= 3;
    h5_char *in = malloc((size + 1) * sizeof(h5_char));
    if (!in) return 0;
    size_t n;
    /* enc & 8: the input is a document's bytes: the encoding sniffing
     * algorithm (13.2.3.2; UTF-8 detection with enc & 16), then the test
     * decoders (test/native/decoders.h) where they have one. */
    h5_sniff_result sniffed = {H5_ENC_NONE, H5_CONFIDENCE_IRRELEVANT, 0, H5_SNIFF_BOM};
    if (enc & 8) {
        sniffed = h5_sniff_encoding(data, size, H5_ENC_NONE, H5_ENC_NONE, (enc & 16) != 0);
        if (sniffed.encoding == H5_ENC_NONE || sniffed.encoding >= H5_ENC_COUNT || sniffed.bom_len > 3) abort();
        if (h5_can_decode(sniffed.encoding)) {
            if (h5_decode(sniffed.encoding, data, size, in, &n) != H5_OK || n > size) abort();
        } else {
            n = h5_utf8_to_utf16(data, size, in);
        }
    } else if (enc & 1) {
        n = size / 2;
        for (size_t i = 0; i < n; i++) in[i] = (h5_char)(data[2 * i] | data[2 * i + 1] << 8);
    } else {
        n = h5_utf8_to_utf16(data, size, in);
    }
    size_t errors = 0;
    unsigned mode = sel & 3, pick = sel >> 3;
    if (enc & 32) {
        fuzz_xml(in, n, mode, (size_t)chunk + 1, (enc & 2) != 0);
    } else if (mode == 2) {
        if (!tokenizer) tokenizer = h5_tokenizer_create();
        h5_tokenizer_options o = {.on_token = on_token, .on_error = on_error, .error_ctx = &errors,
                                  .initial_state = (h5_tokenizer_state)(pick % 6)};
        h5_tokenizer_reset(tokenizer, &o);
        size_t step = (size_t)chunk + 1;
        for (size_t i = 0; i < n; i += step)
            if (h5_tokenizer_feed(tokenizer, in + i, n - i < step ? n - i : step) != H5_OK) abort();
        if (h5_tokenizer_finish(tokenizer) != H5_OK) abort();
    } else {
        if (!parser) parser = h5_parser_create();
        h5_parse_options o = h5_parse_options_default();
        o.scripting = !(sel & 4);
        o.on_error = on_error;
        o.error_ctx = &errors;
        h5_char ctx_name[32];
        if (mode == 1) {
            const char *name = contexts[pick % (sizeof contexts / sizeof contexts[0])].name;
            size_t len = strlen(name);
            for (size_t i = 0; i < len; i++) ctx_name[i] = (unsigned char)name[i];
            o.fragment = true;
            o.context_name = ctx_name;
            o.context_name_len = len;
            o.context_ns = contexts[pick % (sizeof contexts / sizeof contexts[0])].ns;
        }
        if (mode == 3) o.chunk_size = (size_t)chunk + 1;
        o.encoding = sniffed.encoding;
        o.confidence = sniffed.confidence;
        h5_node *root = NULL;
        if (h5_parse(parser, in, n, &o, &root) != H5_OK || !root) abort();
        /* A <meta> may change only a tentative encoding of a document. */
        h5_encoding change = h5_parser_encoding_change(parser);
        if (change >= H5_ENC_COUNT ||
            (change != H5_ENC_NONE && (o.confidence != H5_CONFIDENCE_TENTATIVE || o.fragment)))
            abort();
        check_tree(root);
        h5_flatbuf_options fo = h5_flatbuf_options_default();
        fo.scripting = o.scripting;
        fo.locations = (enc & 2) != 0;
        if (enc & 4) {
            fo.source = in;
            fo.source_len = n;
        }
        if (h5_flatbuf_write(root, &fo, &flat) != H5_OK) abort();
        if (enc & 4) {
            /* Again with the input's block given to the buffer (wasm
             * parse()): written over it or beside it, the same bytes. */
            h5_flatbuf_drop(&given);
            given.data = (uint8_t *)in;
            given.cap = (size + 1) * sizeof(h5_char);
            in = NULL;
            fo.source_in_buffer = true;
            if (h5_flatbuf_write(root, &fo, &given) != H5_OK || given.len != flat.len ||
                memcmp(given.data, flat.data, flat.len) != 0)
                abort();
            h5_flatbuf_drop(&given);
        }
        if (!(enc & 4) && mode != 3) {
            /* Round trip (13.3 then 13.2 / 13.4), in the same context. */
            if (h5_serialize_flatbuf(flat.data, flat.len, 0, false, &ser1) != H5_OK) abort();
            o.chunk_size = 0;
            parse_serialize(ser1.data, ser1.len, &o, &ser2);
        }
    }
    free(in);
    return 0;
}
