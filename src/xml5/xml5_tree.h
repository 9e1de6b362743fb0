/*
 * The XML5 parser: the tokenizer (xml5_tokenizer.h) + the "Tree
 * construction" section of the XML5 draft (seed 002) + Namespaces in XML.
 * Choices where the draft says TODO or is silent: docs/xml5.md.
 *
 *   x5_parser *p = x5_parser_create();
 *   h5_node *doc;
 *   if (x5_parse(p, input, len, &doc) == H5_OK) { ... walk doc ... }
 *   // doc stays valid until the next x5_parse on p or x5_parser_destroy
 *   x5_parser_destroy(p);
 *
 * The tree is the HTML parser's in-arena tree (src/tree/dom.h: h5_node,
 * h5_attr; nodes die with the parser's arena), with these XML rules:
 *
 * - Every element has ns == H5_NS_OTHER and atom == H5_ATOM_NONE; its
 *   `name` is its local name.  Its namespace and prefix are a *qualifier*:
 *   an index into the parse's qualifier table (x5_parser_qualifiers),
 *   stored after its attributes (x5_element_qualifier).  The local name is
 *   the tail of the qualified name as written, which stays in place before
 *   it: x5_qualified_name gives "prefix:local" back.
 * - Every attribute has atom == H5_ATOM_NONE, `name` = the local name
 *   (qualified name likewise), `ns` = H5_ATTR_NS_XML / H5_ATTR_NS_XMLNS for
 *   those two namespaces (as the HTML tree has them: "xmlns" alone is the
 *   local name of the default namespace declaration) and H5_ATTR_NS_NONE
 *   otherwise; its qualifier is x5_attr_qualifier.
 * - Qualifier 0 is "no namespace, no prefix".  A name whose prefix is not
 *   bound (a parse error) has qualifier 0 and its whole qualified name as
 *   its local name (the DOM allows no prefix without a namespace).
 * - Text, element and attribute names and attribute values that appear
 *   verbatim in the input point into it (text: data_cap 0, dom.h), as in
 *   the HTML tree (parser.h): the input must outlive the tree.  Everything
 *   else is a copy in the arena.
 *
 * No recursion over depth; no malloc per token (the arena, and buffers that
 * grow and are reused by the next parse).
 */
#ifndef X5_TREE_H
#define X5_TREE_H

#include "arena.h"
#include "dom.h"
#include "h5.h"
#include "xml5_errors.h"

/* A namespace and prefix pair.  ptr == NULL: null (no namespace / no
 * prefix); a namespace is never the empty string (xmlns="" means none). */
typedef struct {
    h5_str ns;
    h5_str prefix;
} x5_qualifier;

/* Fixed qualifiers of every parse. */
enum {
    X5_Q_NONE = 0,   /* no namespace, no prefix */
    X5_Q_XML = 1,    /* http://www.w3.org/XML/1998/namespace, prefix "xml" */
    X5_Q_XMLNS = 2,  /* http://www.w3.org/2000/xmlns/, prefix "xmlns" (xmlns:p="...") */
    X5_Q_XMLNS_DEFAULT = 3, /* http://www.w3.org/2000/xmlns/, no prefix (xmlns="...") */
    X5_Q_FIXED = 4
};

/* One parse error: code (x5_error_code) and UTF-16 offset; the same shape
 * as h5_flatbuf_error. */
typedef struct {
    uint32_t code;
    uint32_t offset;
} x5_parse_error;

/* The XML declaration, when the document has one. */
typedef struct {
    bool present;
    h5_str version, encoding, standalone; /* ptr NULL when absent */
} x5_xml_declaration;

typedef struct x5_parser x5_parser;

x5_parser *x5_parser_create(void);
void x5_parser_destroy(x5_parser *p);

/* Parse `input` (UTF-16), which the tree borrows from (above).  On H5_OK,
 * *out is the DOCUMENT node.  H5_ERR_OOM:
 * *out is NULL and the parser is ready for another parse. */
h5_status x5_parse(x5_parser *p, const h5_char *input, size_t len, h5_node **out);

/* Strict parsing from the next x5_parse on: also the well-formedness
 * errors of XML 1.0 and Namespaces that XML5 does not report, and none of
 * the tokenizer's errors for what XML 1.0 allows (docs/xml5.md, "Error
 * codes"). */
void x5_parser_set_strict(x5_parser *p, bool strict);

/* Results of the last parse (valid until the next). */
const x5_qualifier *x5_parser_qualifiers(const x5_parser *p, size_t *count);
const x5_parse_error *x5_parser_errors(const x5_parser *p, size_t *count);
const x5_xml_declaration *x5_parser_xml_declaration(const x5_parser *p);

/* An element's qualifier and its attributes' (see above). */
static inline uint32_t x5_attr_qualifier(const h5_node *el, size_t i) {
    return ((const uint32_t *)(const void *)(el->attrs + el->nattrs))[i];
}
static inline uint32_t x5_element_qualifier(const h5_node *el) {
    return ((const uint32_t *)(const void *)(el->attrs + el->nattrs))[el->nattrs];
}
/* The local name of a qualified name: after the qualifier's prefix and ':'. */
static inline h5_str x5_local_name(h5_str qname, const x5_qualifier *q) {
    if (q->prefix.ptr) {
        qname.ptr += q->prefix.len + 1;
        qname.len -= q->prefix.len + 1;
    }
    return qname;
}
/* The qualified name of a node's or attribute's local name (see above). */
static inline h5_str x5_qualified_name(h5_str local, const x5_qualifier *q) {
    if (q->prefix.ptr) {
        local.ptr -= q->prefix.len + 1;
        local.len += q->prefix.len + 1;
    }
    return local;
}

#endif
