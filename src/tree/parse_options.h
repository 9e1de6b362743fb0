/*
 * The options of a parse (h5_parse, parser.h): one struct, filled once by the
 * caller (wasm/exports.c from the JS options, the native tools) and kept by
 * the tree builder for the whole parse (treebuilder.h).  Its own header so
 * that the tree builder depends on the options, not on the parser above it.
 */
#ifndef H5_PARSE_OPTIONS_H
#define H5_PARSE_OPTIONS_H

#include "dom.h"
#include "encoding.h"
#include "errors.h"
#include "h5.h"

typedef struct {
    bool scripting;             /* the scripting flag; default true (as browsers, parse5) */
    /* Processing instructions (whatwg/html 320c05f6, 2026): `<?target
     * data>` becomes a ProcessingInstruction node (H5_NODE_PI).  Default
     * true (the living standard, Chromium 156); false gives the pre-2026
     * tree, where `<?...>` is a bogus comment (parse5, older browsers). */
    bool processing_instructions;
    /* The parser's "allow declarative shadow roots" (HTML 13.2.6.4.4, a
     * start tag "template"): `<template shadowrootmode=open|closed>`
     * attaches a shadow root to its parent, as Document.parseHTMLUnsafe()
     * and setHTMLUnsafe() parse.  Default false, as DOMParser and innerHTML. */
    bool shadow_roots;
    bool fragment;              /* fragment parsing algorithm (13.4) */
    /* Fragment context element: its local name (lowercase for HTML; the
     * adjusted name such as "foreignObject" for SVG) and namespace.  */
    const h5_char *context_name;
    size_t context_name_len;
    h5_element_ns context_ns;
    /* 13.4 steps that read the context element's surroundings: the quirks
     * mode of its node document (the fragment's document takes it, which
     * decides, e.g., whether <table> closes an open <p>), and whether it is
     * a form or has a form ancestor ("set the parser's form element pointer
     * to the nearest node to the context element that is a form element"). */
    h5_quirks_mode context_mode;
    bool context_in_form;
    /* Parse errors (tokenizer and tree construction).  May be NULL. */
    h5_error_sink on_error;
    void *error_ctx;
    /* Cap on arena bytes for this parse; 0 = no cap.  Exceeding it makes
     * h5_parse return H5_ERR_OOM. */
    size_t memory_limit;
    /* Feed the tokenizer in chunks of this many code units (0 = all at
     * once).  For tests of the resumable tokenizer. */
    size_t chunk_size;
    /* Byte input (encoding.h): the encoding the input was decoded with and
     * the confidence in it.  With a tentative confidence, a <meta> that
     * declares another encoding is reported by h5_parser_encoding_change.
     * Default H5_ENC_NONE / irrelevant (the input was characters). */
    h5_encoding encoding;
    h5_confidence confidence;
} h5_parse_options;

h5_parse_options h5_parse_options_default(void);

#endif
