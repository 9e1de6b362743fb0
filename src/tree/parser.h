/*
 * The HTML parser: tokenizer + tree construction (13.2.6) + fragment
 * parsing (13.4).  One h5_parser is reused across parses: its arena and
 * buffers are kept, so parse N+1 allocates nothing new for a page of the
 * same size.
 *
 *   h5_parser *p = h5_parser_create();
 *   h5_parse_options o = h5_parse_options_default();
 *   h5_node *doc;
 *   if (h5_parse(p, input, len, &o, &doc) == H5_OK) { ... walk doc ... }
 *   // doc stays valid until the next h5_parse on p or h5_parser_destroy,
 *   // and only while `input` is alive and unchanged
 *   h5_parser_destroy(p);
 *
 * The tree borrows from the input: text, comments, names and attribute
 * values that appear verbatim in it point into `input` rather than being
 * copied (dom.h).  Keep the input buffer, unmodified, for as long as the
 * tree is used.
 */
#ifndef H5_PARSER_H
#define H5_PARSER_H

#include "dom.h"
#include "h5.h"
#include "parse_options.h"


typedef struct h5_parser h5_parser;

h5_parser *h5_parser_create(void);
void h5_parser_destroy(h5_parser *p);

/* Parse `input`.  On H5_OK, *out is a DOCUMENT node (or, for fragments, a
 * FRAGMENT node holding the result's children).  The tree lives in the
 * parser's arena until the next parse and points into `input` (see above).
 * On H5_ERR_OOM *out is NULL and the parser is ready for another parse. */
h5_status h5_parse(h5_parser *p, const h5_char *input, size_t len,
                   const h5_parse_options *opts, h5_node **out);

/* A streamed parse: the input arrives in chunks (the "input stream" of
 * 13.2.3 grows as bytes arrive).  A chunk may end anywhere (inside a tag,
 * a character reference, a CR LF pair, a surrogate pair): the tokenizer
 * waits for what it needs (tokenizer.h).  The tree borrows nothing from
 * the chunks -- every string is copied into the arena as its token
 * completes -- so a chunk may be reused or freed once h5_parser_feed has
 * returned: a streamed document keeps the tree plus what the tokenizer
 * holds of its current token.
 *
 *   h5_parser_begin(p, &o);                     // fragments too
 *   while (...) h5_parser_feed(p, chunk, n);    // H5_OK, else stop
 *   h5_parser_finish(p, &doc);                  // as h5_parse's *out
 *
 * The result equals h5_parse's over the chunks joined.  A failed feed
 * leaves the parser to h5_parser_finish (which then fails) or to another
 * begin / h5_parse. */
h5_status h5_parser_begin(h5_parser *p, const h5_parse_options *opts);
h5_status h5_parser_feed(h5_parser *p, const h5_char *chunk, size_t len);
h5_status h5_parser_finish(h5_parser *p, h5_node **out);

/* A streamed parse fed from the parser's own store: the caller writes each
 * chunk at h5_parser_input(p, len) (room for `len` code units; NULL when
 * out of memory) and feeds it with h5_parser_feed_input(p, len).  The tree
 * then borrows strings from the chunks as a one-shot parse borrows them
 * from its input, instead of copying them: the parser keeps a block of
 * input (chunks side by side, 32 Ki units or one larger chunk) while the
 * tree borrows from it, and reuses a block it borrowed nothing from.  A
 * block the tree takes little from (under 1/8 of its units) makes the
 * next ones copy, until one would lend more again, so the blocks kept
 * stay within a small multiple of the text the tree holds, plus one
 * block.  Kept blocks live as long as the tree (until the next parse).
 * Feeds of both kinds do not mix in one parse. */
h5_char *h5_parser_input(h5_parser *p, size_t len);
h5_status h5_parser_feed_input(h5_parser *p, size_t len);

/* After h5_parser_finish of such a parse: the blocks the tree borrows
 * from, sorted by address, as spans of the input (for the flat buffer's
 * source references, flatbuf.h); valid until the next parse. */
size_t h5_parser_borrowed_spans(h5_parser *p, const h5_source_span **out);

/* After a parse with a tentative encoding: the encoding a <meta> declared
 * that the input must be decoded and parsed again with (13.2.3.4, "change
 * the encoding"; confidence certain), or H5_ENC_NONE. */
h5_encoding h5_parser_encoding_change(const h5_parser *p);

/* During a streamed parse: whether the confidence is still tentative, i.e.
 * a <meta> may yet ask for another encoding (and so the bytes must be
 * kept to decode again); false once one has been seen (13.2.3.4). */
bool h5_parser_encoding_tentative(const h5_parser *p);

/* Number of parse errors of the last parse. */
size_t h5_parser_error_count(const h5_parser *p);

#endif
