/*
 * The in-arena tree that tree construction (13.2.6) builds.
 *
 * All nodes and attribute arrays live in the parse's arena and die with it.
 * Strings (names, attribute values, text, comments) are either in the arena
 * too or, when they appear verbatim in the input, point into the input,
 * which must outlive the tree (parser.h).  Links are plain pointers;
 * walking is iterative (no recursion over depth anywhere).  The flat buffer
 * writer (flatbuf.c) and the serializer read this structure; nothing
 * outside the core sees it.
 *
 * Node type numbers are the DOM's nodeType values.
 */
#ifndef H5_DOM_H
#define H5_DOM_H

#include "arena.h"
#include "atoms.h"
#include "h5.h"

typedef enum {
    H5_NODE_ELEMENT = 1,
    H5_NODE_TEXT = 3,
    H5_NODE_PI = 7,          /* processing instruction (whatwg/html 320c05f6; XML5 too) */
    H5_NODE_COMMENT = 8,
    H5_NODE_DOCUMENT = 9,
    H5_NODE_DOCTYPE = 10,
    H5_NODE_FRAGMENT = 11    /* fragment-parse result; template contents; shadow root */
} h5_node_type;

/* Element namespaces. */
typedef enum {
    H5_NS_HTML = 0,
    H5_NS_SVG = 1,
    H5_NS_MATHML = 2,
    H5_NS_OTHER = 3          /* reserved (XML5 mode) */
} h5_element_ns;

/* Attribute namespaces (13.2.6.1 "adjust foreign attributes"). */
typedef enum {
    H5_ATTR_NS_NONE = 0,
    H5_ATTR_NS_XLINK = 1,    /* prefix "xlink" */
    H5_ATTR_NS_XML = 2,      /* prefix "xml" */
    H5_ATTR_NS_XMLNS = 3     /* prefix "xmlns", except the attribute "xmlns" itself */
} h5_attr_ns;

typedef enum {
    H5_MODE_NO_QUIRKS = 0,
    H5_MODE_QUIRKS = 1,
    H5_MODE_LIMITED_QUIRKS = 2
} h5_quirks_mode;

/* A span of the input that lies at `ptr`: its code units [offset, offset +
 * len).  A streamed parse fed from the parser's own store keeps the blocks
 * the tree borrows from (parser.h, h5_parser_borrowed_spans). */
typedef struct {
    const h5_char *ptr;
    size_t len;
    size_t offset;
} h5_source_span;

#define H5_NO_OFFSET UINT32_MAX

typedef struct {
    h5_str name;            /* local name (adjusted for SVG/MathML); no prefix */
    h5_str value;
    uint16_t atom;          /* atom of `name` exactly, or H5_ATOM_NONE */
    uint8_t ns;             /* h5_attr_ns */
    /* Source offsets (UTF-16 units): name and value (value inside quotes).
     * All H5_NO_OFFSET for attributes the parser added (e.g. copied onto
     * <html>/<body> from a later tag keep the later tag's offsets). */
    uint32_t name_start, name_end, value_start, value_end;
} h5_attr;

/* Node flags. */
enum {
    H5_NODE_FLAG_SELF_CLOSING = 1u << 0,  /* start tag had "/>" */
    H5_NODE_FLAG_IMPLICIT = 1u << 1,      /* element created without a start tag
                                             (html/head/body/tbody/colgroup...) */
    H5_NODE_FLAG_TEMPLATE_CONTENTS = 1u << 2, /* FRAGMENT node that is a template's content */
    H5_NODE_FLAG_SHADOW_ROOT = 1u << 4,   /* FRAGMENT node that is a declarative shadow root
                                             (below) */
    H5_NODE_FLAG_CDATA = 1u << 5,         /* TEXT node that is a CDATASection (XML5 only) */
    H5_NODE_FLAG_CLONED = 1u << 3         /* element the adoption agency created (13.2.6.4.7:
                                             "create an element for the token for which the
                                             element ... was created"); parse5 gives such
                                             elements no source location.  Elements recreated
                                             by reconstructing the active formatting elements
                                             are not flagged: they keep their token's start
                                             tag location (as in parse5). */
};

/* A declarative shadow root (HTML 13.2.6.4.4, "in head", a start tag
 * "template" with a shadowrootmode attribute, when the parse allows
 * declarative shadow roots): the shadow root's state that DOM "attach a
 * shadow root" takes (mode, delegates focus, clonable, serializable, slot
 * assignment; the registry is only "null or not").  The same bits as the
 * flat buffer's (docs/format.md, H5_FB_SHADOW_*). */
enum {
    H5_SHADOW_CLOSED = 1u << 0,           /* mode "closed" (else "open") */
    H5_SHADOW_DELEGATES_FOCUS = 1u << 1,
    H5_SHADOW_CLONABLE = 1u << 2,
    H5_SHADOW_SERIALIZABLE = 1u << 3,
    H5_SHADOW_SLOT_MANUAL = 1u << 4,      /* slot assignment "manual" (else "named") */
    H5_SHADOW_KEEP_REGISTRY_NULL = 1u << 5 /* shadowrootcustomelementregistry: the root's
                                              custom element registry stays null */
};

typedef struct h5_node h5_node;

/* A node.  The fields up to `end` are common to every node type; the rest
 * is a union whose members belong to one type each: read only the member
 * of the node's type (h5_node_create zeroes the union and sets an
 * element's offsets to H5_NO_OFFSET).  Keeping type-specific fields apart
 * makes a node 64 bytes on wasm32 (112 on 64-bit hosts). */
struct h5_node {
    uint8_t type;           /* h5_node_type */
    uint8_t ns;             /* h5_element_ns (elements; 0 = HTML for other nodes) */
    uint16_t atom;          /* elements: atom of the LOWERCASE tag name as
                               tokenized (e.g. "foreignobject"), or NONE;
                               NONE for every other node */
    uint32_t flags;
    h5_node *parent, *first_child, *last_child, *prev_sibling, *next_sibling;

    /* ELEMENT: local name (adjusted case for SVG, e.g. "foreignObject").
     * DOCTYPE: the name (empty when missing).
     * PI: the target. */
    h5_str name;

    /* Source locations, UTF-16 offsets into the input, H5_NO_OFFSET when
     * absent.  TEXT: from its first character token to the end of its last
     * (a LF dropped after <pre>/<listing>/<textarea> belongs to the text
     * when whitespace follows it, as in parse5); COMMENT/DOCTYPE/PI: the
     * token, [start, end).  ELEMENT: the start of its start tag and its end;
     * see start_tag_end below. */
    uint32_t start, end;

    union {
        /* ELEMENT */
        struct {
            h5_attr *attrs;
            /* <template> in the HTML namespace: its contents (a FRAGMENT
             * node with H5_NODE_FLAG_TEMPLATE_CONTENTS).  A shadow host:
             * its shadow root (a FRAGMENT with H5_NODE_FLAG_SHADOW_ROOT),
             * which is also the template contents of the declarative
             * template that made it (that template is never in the tree).
             * A template is never a shadow host (DOM "attach a shadow root"
             * refuses it), so one field serves both.  NULL otherwise. */
            h5_node *template_content;
            uint32_t nattrs;
            /* Start tag [start, start_tag_end), end tag [end_tag_start,
             * end) when the element was closed by an end tag with its name.
             * Otherwise `end` is, as in parse5, where the token that closed
             * it starts (the input length for elements open at the end of
             * input), the end of its start tag for void and self-closing
             * elements and for elements the adoption agency replaced by a
             * clone, and for a body without end tag that </html> closed, the
             * start of </html>.  Implied elements (H5_NODE_FLAG_IMPLICIT: no
             * start tag) have no start; adoption agency clones carry their
             * token's offsets but are flagged H5_NODE_FLAG_CLONED. */
            uint32_t start_tag_end, end_tag_start;
        };
        /* TEXT, COMMENT, PI: data_len code units at `data`.
         * data_cap > 0: the node's own copy in the arena, with room for
         * data_cap units; text grows in place as characters are inserted
         * (13.2.6.1 "insert a character").  data_cap == 0: borrowed, never
         * written through `data`: a span of the parser's input (parser.h)
         * or another node's data; h5_text_append copies it first. */
        struct {
            const h5_char *data;
            uint32_t data_len, data_cap;
        };
        /* DOCTYPE */
        struct {
            h5_str public_id, system_id;
            uint8_t has_public_id, has_system_id;
        };
        /* DOCUMENT: h5_quirks_mode */
        uint8_t mode;
        /* FRAGMENT with H5_NODE_FLAG_SHADOW_ROOT: H5_SHADOW_* bits */
        uint8_t shadow;
    };
};

/* Tree operations used by the tree builder (dom.c). */
/* An element in the HTML namespace whose local name is the atom's. */
static inline bool h5_is_html(const h5_node *n, uint16_t atom) {
    return n->ns == H5_NS_HTML && n->atom == atom;
}

h5_node *h5_node_create(h5_arena *a, h5_node_type type);
void h5_node_append(h5_node *parent, h5_node *child);
void h5_node_insert_before(h5_node *parent, h5_node *child, h5_node *ref); /* ref NULL = append */
void h5_node_remove(h5_node *child);
/* Move all children of `from` to the end of `to` (adoption agency step). */
void h5_node_move_children(h5_node *from, h5_node *to);
/* Append code units to a TEXT node's data: copies borrowed data into the
 * arena first; owned data grows in place when it is the arena's newest
 * block, else moves to a block twice as large (amortised). */
bool h5_text_append(h5_arena *a, h5_node *text, const h5_char *s, size_t n);

/* Qualified-name prefix of an attribute ("xlink", "xml", "xmlns" or NULL). */
const char *h5_attr_prefix(const h5_attr *attr);

#endif
