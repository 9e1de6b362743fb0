/*
 * Tree construction machinery (see tb_machinery.h): spec 13.2.6.1
 * "creating and inserting nodes" - "create an element for a token" with
 * "adjust MathML attributes", "adjust SVG attributes" and "adjust foreign
 * attributes", "the appropriate place for inserting a node", "insert a
 * foreign element", "insert an HTML element", "insert a character", "insert
 * a comment" - and the token helpers the modes share.
 */
#include "tb_machinery.h"

#include <string.h>

/* The name of an atom as UTF-16 in the arena, shared by every element of
 * the parse with that name. */
static const h5_char *atom_name16(h5_treebuilder *tb, uint16_t atom, size_t *len) {
    size_t n = h5_atom_len((h5_atom)atom);
    *len = n;
    if (tb->atom_name[atom]) return tb->atom_name[atom];
    const char *s = h5_atom_name((h5_atom)atom);
    h5_char *p = h5_arena_alloc(tb->arena, (n + 1) * sizeof(h5_char));
    if (!p) return NULL;
    for (size_t i = 0; i < n; i++) p[i] = (unsigned char)s[i];
    tb->atom_name[atom] = p;
    return p;
}

const h5_char *h5_tb_keep(h5_treebuilder *tb, const h5_char *s, size_t n) {
    static const h5_char empty[1] = { 0 };
    if (!n) return empty;
    if (h5_tb_in_input(tb, s, n)) {
        tb->window_lent += n;
        if (tb->window_borrow) return s;
    }
    const h5_char *p = h5_arena_dup(tb->arena, s, n);
    if (!p) tb->failed = true;
    return p;
}

/* An attribute of a token, kept for the tree (13.2.6.1 "create an element
 * for a token" and the attribute merges onto html/body). */
static bool copy_token_attr(h5_treebuilder *tb, h5_attr *at, const h5_token_attr *ta) {
    at->name.ptr = h5_tb_keep(tb, ta->name.ptr, ta->name.len);
    at->name.len = ta->name.len;
    at->value.ptr = h5_tb_keep(tb, ta->value.ptr, ta->value.len);
    at->value.len = ta->value.len;
    if (!at->name.ptr || !at->value.ptr) return false;
    at->atom = (uint16_t)h5_atom_lookup(ta->name.ptr, ta->name.len);
    at->ns = H5_ATTR_NS_NONE;
    at->name_start = ta->name_start;
    at->name_end = ta->name_end;
    at->value_start = ta->value_start;
    at->value_end = ta->value_end;
    return true;
}

/* 13.2.6.1 "adjust MathML attributes", "adjust SVG attributes" and
 * "adjust foreign attributes". */
static void adjust_attributes(h5_treebuilder *tb, h5_node *el) {
    for (uint32_t i = 0; i < el->nattrs; i++) {
        h5_attr *a = &el->attrs[i];
        const char *adj = NULL;
        if (el->ns == H5_NS_MATHML && h5_str_eq_ascii(a->name, "definitionurl")) adj = "definitionURL";
        else if (el->ns == H5_NS_SVG) adj = h5_svg_adjusted_attr(a->name);
        if (adj) {
            size_t n = strlen(adj);
            h5_char *p = h5_arena_alloc(tb->arena, (n + 1) * sizeof(h5_char));
            if (!p) {
                tb->failed = true;
                return;
            }
            for (size_t k = 0; k < n; k++) p[k] = (unsigned char)adj[k];
            a->name.ptr = p;
            a->name.len = n;
            a->atom = (uint16_t)h5_atom_lookup(p, n);
            continue;
        }
        size_t local = 0;
        h5_attr_ns ns = h5_foreign_attr_ns(a->name, &local);
        if (ns != H5_ATTR_NS_NONE) {
            a->ns = (uint8_t)ns;
            a->name.ptr += local;
            a->name.len -= local;
            a->atom = (uint16_t)h5_atom_lookup(a->name.ptr, a->name.len);
        }
    }
}

/* "Create an element for a token" in namespace `ns`. */
h5_node *h5_tb_create_element(h5_treebuilder *tb, const h5_tb_token *tk, h5_element_ns ns) {
    h5_arena *a = tb->arena;
    h5_node *n = h5_node_create(a, H5_NODE_ELEMENT);
    if (!n) goto oom;
    const h5_token *t = tk->t;
    n->ns = (uint8_t)ns;
    n->atom = tk->atom;
    uint16_t adjusted = ns == H5_NS_SVG ? h5_svg_adjusted_tag(tk->atom) : H5_ATOM_NONE;
    if (adjusted != H5_ATOM_NONE) {
        n->name.ptr = atom_name16(tb, adjusted, &n->name.len);
    } else if (tk->atom != H5_ATOM_NONE) {
        n->name.ptr = atom_name16(tb, tk->atom, &n->name.len);
    } else {
        n->name.ptr = h5_tb_keep(tb, t->name.ptr, t->name.len);
        n->name.len = t->name.len;
    }
    if (!n->name.ptr) goto oom;
    if (t->nattrs) {
        n->attrs = h5_arena_alloc(a, t->nattrs * sizeof *n->attrs);
        if (!n->attrs) goto oom;
        for (size_t i = 0; i < t->nattrs; i++) {
            if (!copy_token_attr(tb, &n->attrs[i], &t->attrs[i])) goto oom;
        }
        n->nattrs = (uint32_t)t->nattrs;
    }
    if (ns != H5_NS_HTML) adjust_attributes(tb, n);
    if (t->self_closing) n->flags |= H5_NODE_FLAG_SELF_CLOSING;
    n->start = tk->start;
    n->start_tag_end = n->end = tk->end; /* the end until it is closed (parse5) */
    if (ns == H5_NS_HTML && tk->atom == H5_ATOM_TEMPLATE) {
        n->template_content = h5_node_create(a, H5_NODE_FRAGMENT);
        if (!n->template_content) goto oom;
        n->template_content->flags |= H5_NODE_FLAG_TEMPLATE_CONTENTS;
    }
    if (ns == H5_NS_HTML && tk->atom == H5_ATOM_SELECTEDCONTENT) {
        tb->has_selectedcontent = true;
        tb->sc_select = NULL; /* invalidate the option popped steps' cache */
    }
    return n;
oom:
    tb->failed = true;
    return NULL;
}

static bool is_table_like(const h5_node *n) {
    return n->ns == H5_NS_HTML && (n->atom == H5_ATOM_TABLE || n->atom == H5_ATOM_TBODY ||
                                   n->atom == H5_ATOM_TFOOT || n->atom == H5_ATOM_THEAD ||
                                   n->atom == H5_ATOM_TR);
}

/* 13.2.6.1 "appropriate place for inserting a node". */
void h5_tb_appropriate_place_for_inserting(h5_treebuilder *tb, h5_node *override, h5_node **parent, h5_node **before) {
    h5_node *target = override ? override : h5_tb_current(tb);
    *before = NULL;
    if (tb->foster_parenting && is_table_like(target)) {
        h5_node *last_template = NULL, *last_table = NULL;
        size_t table_idx = 0;
        for (size_t i = tb->nstack; i-- > 0;) {
            h5_node *n = tb->stack[i];
            if (h5_is_html(n, H5_ATOM_TEMPLATE)) {
                last_template = n;
                break;
            }
            if (h5_is_html(n, H5_ATOM_TABLE)) {
                last_table = n;
                table_idx = i;
                break;
            }
        }
        if (last_template) {
            *parent = last_template->template_content ? last_template->template_content : last_template;
            return;
        }
        if (!last_table) {
            *parent = tb->stack[0];
            return;
        }
        if (last_table->parent) {
            *parent = last_table->parent;
            *before = last_table;
            return;
        }
        *parent = tb->stack[table_idx - 1];
        return;
    }
    *parent = target;
    if (h5_is_html(target, H5_ATOM_TEMPLATE) && target->template_content) *parent = target->template_content;
}

void h5_tb_insert_at_place(h5_treebuilder *tb, h5_node *node, h5_node *override) {
    if (!node || !tb->nstack) return;
    h5_node *parent, *before;
    h5_tb_appropriate_place_for_inserting(tb, override, &parent, &before);
    h5_node_insert_before(parent, node, before);
}

/* "Insert a foreign element" (also used for HTML elements). */
h5_node *h5_tb_insert_foreign_element(h5_treebuilder *tb, const h5_tb_token *tk, h5_element_ns ns,
                                      bool only_add_to_stack) {
    h5_node *n = h5_tb_create_element(tb, tk, ns);
    if (!n) return NULL;
    if (!only_add_to_stack) h5_tb_insert_at_place(tb, n, NULL);
    if (!h5_tb_push(tb, n)) return NULL;
    return n;
}

h5_node *h5_tb_insert_html_element(h5_treebuilder *tb, const h5_tb_token *tk) {
    return h5_tb_insert_foreign_element(tb, tk, H5_NS_HTML, false);
}

/* An HTML element of a known name, made without a token (implied tags, the
 * fragment case's stand-in form); NULL with tb->failed set when out of memory. */
h5_node *h5_tb_create_html_element(h5_treebuilder *tb, uint16_t atom) {
    h5_node *n = h5_node_create(tb->arena, H5_NODE_ELEMENT);
    if (n) {
        n->ns = H5_NS_HTML;
        n->atom = atom;
        n->name.ptr = atom_name16(tb, atom, &n->name.len);
    }
    if (!n || !n->name.ptr) {
        tb->failed = true;
        return NULL;
    }
    return n;
}

h5_node *h5_tb_insert_implied(h5_treebuilder *tb, uint16_t atom, uint32_t offset) {
    h5_node *n = h5_tb_create_html_element(tb, atom);
    if (!n) return NULL;
    n->flags = H5_NODE_FLAG_IMPLICIT;
    (void)offset; /* no start tag: start and start_tag_end stay H5_NO_OFFSET */
    if (tb->nstack) h5_tb_insert_at_place(tb, n, NULL);
    else h5_node_append(tb->document, n);
    if (!h5_tb_push(tb, n)) return NULL;
    return n;
}

/* Append a run to a text node.  A new text node borrows a run that lies in
 * the input (data_cap 0, dom.h), and stays borrowed while the runs that
 * follow are the input's next units; anything else is copied (dom.c). */
static bool append_text(h5_treebuilder *tb, h5_node *t, const h5_char *s, size_t n) {
    bool in = h5_tb_in_input(tb, s, n);
    if (in) tb->window_lent += n;
    if (in && tb->window_borrow && t->data_cap == 0 && (t->data_len == 0 || (t->data + t->data_len == s && h5_tb_in_input(tb, t->data, t->data_len)))) {
        if (t->data_len == 0) t->data = s;
        t->data_len += (uint32_t)n; /* a span of the input: < UINT32_MAX units */
        return true;
    }
    return h5_text_append(tb->arena, t, s, n);
}

/* "Insert a character", for a run of characters. */
void h5_tb_insert_characters(h5_treebuilder *tb, const h5_char *s, size_t n, uint32_t start, uint32_t end) {
    if (!n || !tb->nstack) return;
    h5_node *parent, *before;
    h5_tb_appropriate_place_for_inserting(tb, NULL, &parent, &before);
    if (parent->type == H5_NODE_DOCUMENT) return;
    h5_node *prev = before ? before->prev_sibling : parent->last_child;
    if (prev && prev->type == H5_NODE_TEXT) {
        if (!append_text(tb, prev, s, n)) {
            tb->failed = true;
            return;
        }
        prev->end = end;
        return;
    }
    h5_node *t = h5_node_create(tb->arena, H5_NODE_TEXT);
    if (!t || !append_text(tb, t, s, n)) {
        tb->failed = true;
        return;
    }
    t->start = start;
    t->end = end;
    h5_node_insert_before(parent, t, before);
}

/* 13.2.6.1 "insert a comment", and "insert a processing instruction"
 * (whatwg/html 320c05f6) for a processing instruction token: a
 * ProcessingInstruction node with the token's target and data, inserted
 * where a comment would be. */
void h5_tb_insert_comment(h5_treebuilder *tb, const h5_tb_token *tk, h5_node *parent) {
    bool pi = tk->t->type == H5_TOKEN_PROCESSING_INSTRUCTION;
    h5_node *c = h5_node_create(tb->arena, pi ? H5_NODE_PI : H5_NODE_COMMENT);
    if (!c) {
        tb->failed = true;
        return;
    }
    if (pi) {
        c->name.ptr = h5_tb_keep(tb, tk->t->name.ptr, tk->t->name.len);
        if (!c->name.ptr) return;
        c->name.len = tk->t->name.len;
    }
    const h5_str *d = &tk->t->data;
    c->data = h5_tb_keep(tb, d->ptr, d->len);
    if (!c->data) return;
    c->data_len = (uint32_t)d->len; /* data_cap 0: never appended to */
    c->start = tk->start;
    c->end = tk->end;
    if (parent) {
        h5_node_append(parent, c);
        return;
    }
    h5_node *p, *before;
    if (!tb->nstack) return;
    h5_tb_appropriate_place_for_inserting(tb, NULL, &p, &before);
    h5_node_insert_before(p, c, before);
}

void h5_tb_merge_attributes(h5_treebuilder *tb, h5_node *el, const h5_tb_token *tk) {
    const h5_token *t = tk->t;
    if (!el || !t->nattrs) return;
    /* Room for every token attribute; those the element has are skipped. */
    h5_attr *na = h5_arena_alloc(tb->arena, (el->nattrs + t->nattrs) * sizeof *na);
    if (!na) {
        tb->failed = true;
        return;
    }
    if (el->nattrs) memcpy(na, el->attrs, el->nattrs * sizeof *na);
    uint32_t k = el->nattrs;
    for (size_t i = 0; i < t->nattrs; i++) {
        const h5_token_attr *ta = &t->attrs[i];
        bool has = false;
        for (uint32_t j = 0; j < el->nattrs && !has; j++)
            has = el->attrs[j].ns == H5_ATTR_NS_NONE && h5_str_eq(el->attrs[j].name, ta->name);
        if (has) continue;
        if (!copy_token_attr(tb, &na[k++], ta)) {
            tb->failed = true;
            return;
        }
    }
    if (k == el->nattrs) return;
    el->attrs = na;
    el->nattrs = k;
}

void h5_tb_set_end_tag(h5_node *n, const h5_tb_token *tk) {
    if (!n || tk->type != H5_TOKEN_END_TAG) return;
    n->end_tag_start = tk->start;
    n->end = tk->end;
}

const h5_str *h5_tb_token_attr(const h5_tb_token *tk, const char *name) {
    for (size_t i = 0; i < tk->t->nattrs; i++)
        if (h5_str_eq_ascii(tk->t->attrs[i].name, name)) return &tk->t->attrs[i].value;
    return NULL;
}

void h5_tb_ack_self_closing(h5_tb_token *tk) { tk->ack = true; }
