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

/* After a parse with a tentative encoding: the encoding a <meta> declared
 * that the input must be decoded and parsed again with (13.2.3.4, "change
 * the encoding"; confidence certain), or H5_ENC_NONE. */
h5_encoding h5_parser_encoding_change(const h5_parser *p);

/* Number of parse errors of the last parse. */
size_t h5_parser_error_count(const h5_parser *p);

#endif
