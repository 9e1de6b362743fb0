/*
 * The XML5 parser's state, shared by its files (private to src/xml5/):
 *   xml5_tree_builder.c  the draft's "Tree construction" phases
 *   xml5_namespaces.c    Namespaces in XML 1.0: declarations, prefixes
 */
#ifndef X5_PARSER_STATE_H
#define X5_PARSER_STATE_H

#include "xml5_tokenizer.h"
#include "xml5_tree.h"

/* The draft's phases. */
typedef enum { X5_PHASE_START, X5_PHASE_MAIN, X5_PHASE_END } x5_phase;

/* A namespace binding in scope: `prefix` (ptr NULL: the default namespace)
 * is bound to qualifier `q` (X5_Q_NONE: undeclared, by xmlns="" or
 * xmlns:p=""); `prev`: the binding of the same prefix it hides, or -1. */
typedef struct {
    h5_str prefix;
    uint32_t q;
    int32_t prev;
} x5_binding;

/* The innermost binding of each prefix seen (a hash table: lookups do not
 * scan the bindings in scope, so deep nesting stays linear). */
typedef struct {
    h5_str prefix;   /* ptr NULL: empty slot */
    int32_t top;     /* index in bindings, or -1 */
} x5_prefix_slot;

/* An open element, the node its children go into (the element, or an HTML
 * template's template contents: xml5_tree_builder.c, insert_element) and
 * the number of bindings in scope outside it. */
typedef struct {
    h5_node *el;
    h5_node *container;
    size_t outer_bindings;
} x5_open_element;

/* A growable array, malloc'd, kept for the next parse. */
#define X5_VEC(T) struct { T *v; size_t len, cap; }

struct x5_parser {
    h5_arena arena;
    x5_tokenizer *tokenizer;
    bool oom;

    /* The input of x5_parse: text and attribute values that are verbatim
     * in it point into it (xml5_tree.h). */
    const h5_char *input;
    size_t input_len;

    h5_node *doc;
    /* Nodes and attributes created (at least those in the tree): the
     * flat buffer's room (xml5_flatbuf.c). */
    size_t node_count, attr_count;
    /* The qualifier of every node (0 for those that are no element) and of
     * every attribute, in the order they were created.  The tree builder
     * only ever appends to the current node, whose ancestors are the open
     * elements, so a new node is always the last in tree order: creation
     * order is the flat buffer's pre-order, and the buffer's XML section
     * is these two arrays (xml5_flatbuf.c), written without a second walk
     * over the tree. */
    X5_VEC(uint32_t) node_quals;
    X5_VEC(uint32_t) attr_qual_list;
    x5_phase phase;
    bool seen_token;     /* any token before (for the XML declaration) */
    bool seen_doctype;
    /* Strict (x5_parser_set_strict): where the text not yet checked starts;
     * the DOCTYPE's span; undeclared entities are no error (an external
     * subset or parameter entities: XML 1.0 4.1, WFC Entity Declared). */
    bool strict, entities_unknown;
    uint32_t text_from, doctype_start, doctype_end;
    x5_xml_declaration decl;

    X5_VEC(x5_open_element) open;
    X5_VEC(x5_binding) bindings;
    X5_VEC(x5_prefix_slot) prefixes; /* len: slots used; cap: a power of two */
    int32_t default_top;             /* innermost default namespace binding, or -1 */
    X5_VEC(x5_qualifier) quals;
    X5_VEC(x5_parse_error) errors;
    X5_VEC(uint32_t) attr_quals; /* scratch: the qualifiers of a tag's attributes */
};

/* Make room for one more element in a vector; false (and p->oom) when
 * out of memory. */
bool x5_vec_grow(x5_parser *p, void **v, size_t *cap, size_t elem);
#define X5_VEC_ROOM(p, vec) \
    ((vec).len < (vec).cap || x5_vec_grow((p), (void **)&(vec).v, &(vec).cap, sizeof *(vec).v))

/* A node was created (qualifier q: element; 0: other nodes). */
static inline void x5_node_created(x5_parser *p, uint32_t q) {
    p->node_count++;
    if (X5_VEC_ROOM(p, p->node_quals)) p->node_quals.v[p->node_quals.len++] = q;
}

/* Is `s` (non-empty) a span of the input?  Compared as addresses. */
static inline bool x5_in_input(const x5_parser *p, h5_str s) {
    uintptr_t a = (uintptr_t)s.ptr, b = (uintptr_t)p->input;
    return s.len && b && a >= b && s.len <= p->input_len && (a - b) / sizeof(h5_char) <= p->input_len - s.len;
}

void x5_parse_error_at(x5_parser *p, x5_error_code code, uint32_t offset);
/* An error at the current token (its end). */
void x5_tree_error(x5_parser *p, x5_error_code code);

/* Strict parsing (xml5_well_formed.c): the checks of a token (before the
 * tree builder takes it), of the whole input ([2] Char), and the
 * tokenizer errors the checks replace. */
void x5_check_well_formed(x5_parser *p, const x5_token *tok);
void x5_check_chars(x5_parser *p);
bool x5_strict_replaces(x5_error_code code);

/* Namespaces (xml5_namespaces.c). */
void x5_namespaces_reset(x5_parser *p);
/* Take the bindings after the first `outer` out of scope. */
void x5_namespaces_pop(x5_parser *p, size_t outer);
/* The qualifiers of a start or empty tag token's names: bind its
 * namespace declarations (popped by the caller: x5_namespaces_pop),
 * resolve its name (*eq) and attributes (p->attr_quals.v, UINT32_MAX for
 * an attribute dropped because its expanded name repeats).  Returns the
 * number of attributes kept, SIZE_MAX when out of memory.  The tree
 * builder creates the element (xml5_tree_builder.c), and calls this only
 * for a tag with a prefixed name or an xmlns attribute. */
size_t x5_qualify_tag(x5_parser *p, const x5_token *tok, uint32_t *eq);
/* The innermost default namespace's qualifier (6.2), X5_Q_NONE when none. */
static inline uint32_t x5_default_qualifier(const x5_parser *p) {
    return p->default_top < 0 ? X5_Q_NONE : p->bindings.v[p->default_top].q;
}
/* A copy of `s` in the arena (an empty string: "", not NULL). */
h5_str x5_arena_str(x5_parser *p, h5_str s);

#endif
