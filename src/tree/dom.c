/* Tree operations for the in-arena DOM; see dom.h. */
#include "dom.h"

#include <string.h>

h5_node *h5_node_create(h5_arena *a, h5_node_type type) {
    h5_node *n = h5_arena_calloc(a, sizeof *n);
    if (!n) return NULL;
    n->type = (uint8_t)type;
    n->start = n->end = H5_NO_OFFSET;
    if (type == H5_NODE_ELEMENT) n->start_tag_end = n->end_tag_start = H5_NO_OFFSET;
    return n;
}

void h5_node_remove(h5_node *child) {
    h5_node *p = child->parent;
    if (!p) return;
    if (child->prev_sibling) child->prev_sibling->next_sibling = child->next_sibling;
    else p->first_child = child->next_sibling;
    if (child->next_sibling) child->next_sibling->prev_sibling = child->prev_sibling;
    else p->last_child = child->prev_sibling;
    child->parent = child->prev_sibling = child->next_sibling = NULL;
}

void h5_node_insert_before(h5_node *parent, h5_node *child, h5_node *ref) {
    if (child->parent) h5_node_remove(child);
    child->parent = parent;
    if (!ref) {
        child->prev_sibling = parent->last_child;
        child->next_sibling = NULL;
        if (parent->last_child) parent->last_child->next_sibling = child;
        else parent->first_child = child;
        parent->last_child = child;
        return;
    }
    child->next_sibling = ref;
    child->prev_sibling = ref->prev_sibling;
    if (ref->prev_sibling) ref->prev_sibling->next_sibling = child;
    else parent->first_child = child;
    ref->prev_sibling = child;
}

void h5_node_append(h5_node *parent, h5_node *child) { h5_node_insert_before(parent, child, NULL); }

void h5_node_move_children(h5_node *from, h5_node *to) {
    h5_node *c = from->first_child;
    if (!c) return;
    for (h5_node *k = c; k; k = k->next_sibling) k->parent = to;
    if (to->last_child) {
        to->last_child->next_sibling = c;
        c->prev_sibling = to->last_child;
    } else {
        to->first_child = c;
    }
    to->last_child = from->last_child;
    from->first_child = from->last_child = NULL;
}

bool h5_text_append(h5_arena *a, h5_node *text, const h5_char *s, size_t n) {
    if (n == 0) return true;
    if (n > UINT32_MAX - text->data_len) {
        a->failed = true;
        return false;
    }
    uint32_t need = text->data_len + (uint32_t)n;
    if (need > text->data_cap) {
        /* Capacities are multiples of 4 units (the arena's 8-byte grain). */
        uint64_t exact = ((uint64_t)need + 3) & ~(uint64_t)3;
        if (exact > UINT32_MAX) exact = UINT32_MAX;
        if (text->data_cap &&
            h5_arena_extend(a, (void *)(uintptr_t)text->data, (size_t)text->data_cap * sizeof(h5_char),
                            (size_t)exact * sizeof(h5_char))) {
            text->data_cap = (uint32_t)exact;
        } else {
            /* A first copy is exact (it is the newest block, so it can
             * grow in place); a copy that moves doubles. */
            uint64_t cap = text->data_cap ? (uint64_t)text->data_cap * 2 : exact;
            if (cap < exact) cap = exact;
            if (cap > UINT32_MAX) cap = UINT32_MAX;
            h5_char *d = h5_arena_alloc(a, (size_t)cap * sizeof(h5_char));
            if (!d) return false;
            if (text->data_len) memcpy(d, text->data, text->data_len * sizeof(h5_char));
            text->data = d;
            text->data_cap = (uint32_t)cap;
        }
    }
    /* Owned data (data_cap > 0) is the node's own arena block. */
    memcpy((h5_char *)(uintptr_t)text->data + text->data_len, s, n * sizeof(h5_char));
    text->data_len = need;
    return true;
}

const char *h5_attr_prefix(const h5_attr *attr) {
    switch (attr->ns) {
    case H5_ATTR_NS_XLINK: return "xlink";
    case H5_ATTR_NS_XML: return "xml";
    case H5_ATTR_NS_XMLNS: return h5_str_eq_ascii(attr->name, "xmlns") ? NULL : "xmlns";
    default: return NULL;
    }
}

/* dom.h promises compact nodes; keep it true on 32-bit targets (wasm32). */
_Static_assert(sizeof(void *) != 4 || sizeof(size_t) != 4 || sizeof(h5_node) <= 64, "h5_node grew beyond 64 bytes");
