/*
 * Foreign content (spec 13.2.6.5 "The rules for parsing tokens in foreign
 * content"), integration points (13.2.6), the attribute adjustments of
 * 13.2.6.1, and the option element popped steps that keep a select's
 * <selectedcontent> in sync (relaxed <select>, 2025).
 */
#include "treebuilder.h"

#include <string.h>

bool h5_tb_is_mathml_text_integration_point(const h5_node *n) {
    return n->ns == H5_NS_MATHML && (n->atom == H5_ATOM_MI || n->atom == H5_ATOM_MO || n->atom == H5_ATOM_MN ||
                                     n->atom == H5_ATOM_MS || n->atom == H5_ATOM_MTEXT);
}

bool h5_tb_is_html_integration_point(const h5_node *n) {
    if (n->ns == H5_NS_SVG)
        return n->atom == H5_ATOM_FOREIGNOBJECT || n->atom == H5_ATOM_DESC || n->atom == H5_ATOM_TITLE;
    if (n->ns == H5_NS_MATHML && n->atom == H5_ATOM_ANNOTATION_XML) {
        for (uint32_t i = 0; i < n->nattrs; i++) {
            const h5_attr *a = &n->attrs[i];
            if (a->ns == H5_ATTR_NS_NONE && h5_str_eq_ascii(a->name, "encoding"))
                return h5_str_eq_ascii_ci(a->value, "text/html") ||
                       h5_str_eq_ascii_ci(a->value, "application/xhtml+xml");
        }
    }
    return false;
}

/* 13.2.6.1 "adjust MathML attributes", "adjust SVG attributes" and
 * "adjust foreign attributes". */
void h5_tb_adjust_attributes(h5_treebuilder *tb, h5_node *el) {
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

/* Start tags that break out of foreign content. */
static bool is_breakout(const h5_tb_token *tk) {
    switch (tk->atom) {
    case H5_ATOM_B: case H5_ATOM_BIG: case H5_ATOM_BLOCKQUOTE: case H5_ATOM_BODY: case H5_ATOM_BR:
    case H5_ATOM_CENTER: case H5_ATOM_CODE: case H5_ATOM_DD: case H5_ATOM_DIV: case H5_ATOM_DL:
    case H5_ATOM_DT: case H5_ATOM_EM: case H5_ATOM_EMBED: case H5_ATOM_H1: case H5_ATOM_H2:
    case H5_ATOM_H3: case H5_ATOM_H4: case H5_ATOM_H5: case H5_ATOM_H6: case H5_ATOM_HEAD:
    case H5_ATOM_HR: case H5_ATOM_I: case H5_ATOM_IMG: case H5_ATOM_LI: case H5_ATOM_LISTING:
    case H5_ATOM_MENU: case H5_ATOM_META: case H5_ATOM_NOBR: case H5_ATOM_OL: case H5_ATOM_P:
    case H5_ATOM_PRE: case H5_ATOM_RUBY: case H5_ATOM_S: case H5_ATOM_SMALL: case H5_ATOM_SPAN:
    case H5_ATOM_STRONG: case H5_ATOM_STRIKE: case H5_ATOM_SUB: case H5_ATOM_SUP: case H5_ATOM_TABLE:
    case H5_ATOM_TT: case H5_ATOM_U: case H5_ATOM_UL: case H5_ATOM_VAR:
        return true;
    case H5_ATOM_FONT:
        return h5_tb_token_attr(tk, "color") || h5_tb_token_attr(tk, "face") || h5_tb_token_attr(tk, "size");
    default:
        return false;
    }
}

/* Node's tag name, ASCII-lowercased, equals the token's tag name. */
static bool lower_name_is(const h5_node *n, const h5_tb_token *tk) {
    if (n->atom != H5_ATOM_NONE || tk->atom != H5_ATOM_NONE) return n->atom == tk->atom;
    const h5_str *t = &tk->t->name;
    if (n->name.len != t->len) return false;
    for (size_t i = 0; i < t->len; i++)
        if (h5_to_lower(n->name.ptr[i]) != t->ptr[i]) return false;
    return true;
}

/* 13.2.6.5, breakout start tags and </br>, </p> in foreign content: "pop an
 * element from the stack of open elements until the current node is a
 * MathML text integration point, an HTML integration point, or an element
 * in the HTML namespace", then reprocess the token. */
static void pop_to_html_or_integration_point(h5_treebuilder *tb) {
    while (tb->nstack) {
        h5_node *cur = h5_tb_current(tb);
        if (cur->ns == H5_NS_HTML || h5_tb_is_mathml_text_integration_point(cur) ||
            h5_tb_is_html_integration_point(cur))
            break;
        h5_tb_pop(tb);
    }
}

void h5_foreign_content_rules(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER:
        if (tk->len == 1 && tk->data[0] == 0) {
            static const h5_char fffd = 0xFFFD;
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_NULL_CHARACTER, tk->start);
            h5_tb_insert_characters(tb, &fffd, 1, tk->start, tk->end);
            return;
        }
        h5_tb_insert_characters(tb, tk->data, tk->len, tk->start, tk->end);
        if (tb->frameset_ok)
            for (size_t i = 0; i < tk->len; i++)
                if (!h5_tb_is_ws(tk->data[i])) {
                    tb->frameset_ok = false;
                    break;
                }
        return;
    case H5_TOKEN_COMMENT:
        h5_tb_insert_comment(tb, tk, NULL);
        return;
    case H5_TOKEN_DOCTYPE:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_DOCTYPE, tk->start);
        return;
    case H5_TOKEN_START_TAG:
        if (is_breakout(tk)) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG_IN_FOREIGN_CONTENT, tk->start);
            pop_to_html_or_integration_point(tb);
            h5_tb_process(tb, tk);
            return;
        } else {
            h5_node *adj = h5_tb_adjusted_current(tb);
            h5_element_ns ns = (h5_element_ns)adj->ns;
            h5_tb_insert_foreign_element(tb, tk, ns, false);
            if (tk->t->self_closing) {
                h5_tb_pop(tb);
                h5_tb_ack_self_closing(tk);
            }
            return;
        }
    case H5_TOKEN_END_TAG: {
        if (tk->atom == H5_ATOM_BR || tk->atom == H5_ATOM_P) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG_IN_FOREIGN_CONTENT, tk->start);
            pop_to_html_or_integration_point(tb);
            h5_tb_process(tb, tk);
            return;
        }
        h5_node *cur = h5_tb_current(tb);
        if (tk->atom == H5_ATOM_SCRIPT && cur->ns == H5_NS_SVG && cur->atom == H5_ATOM_SCRIPT) {
            h5_tb_pop(tb);
            return;
        }
        if (!lower_name_is(cur, tk)) h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG_IN_FOREIGN_CONTENT, tk->start);
        /* No open SVG/MathML element can match: the walk below would end at
         * the nearest HTML element; go there directly (O(1) for stray end
         * tags inside deep foreign content). */
        if (!tb->foreign_count[tk->atom]) {
            if (tb->nstack > 1) h5_tb_process(tb, tk);
            return;
        }
        for (size_t i = tb->nstack; i-- > 0;) {
            h5_node *node = tb->stack[i];
            if (i == 0) return; /* fragment case */
            if (lower_name_is(node, tk)) {
                h5_tb_pop_until_node(tb, node);
                return;
            }
            if (tb->stack[i - 1]->ns == H5_NS_HTML) {
                h5_tb_process(tb, tk);
                return;
            }
        }
        return;
    }
    case H5_TOKEN_EOF:
        h5_tb_process(tb, tk);
        return;
    }
}

/* ---- selectedcontent (HTML 4.10.7/4.10.10, relaxed <select>) ----------- */

static bool has_attr(const h5_node *n, const char *name) {
    for (uint32_t i = 0; i < n->nattrs; i++)
        if (n->attrs[i].ns == H5_ATTR_NS_NONE && h5_str_eq_ascii(n->attrs[i].name, name)) return true;
    return false;
}

/* Next node in tree order within `root` (iterative preorder). */
static h5_node *next_in(h5_node *n, const h5_node *root) {
    if (n->first_child) return n->first_child;
    while (n && n != root) {
        if (n->next_sibling) return n->next_sibling;
        n = n->parent;
    }
    return NULL;
}

/* Deep copy of `src`'s children appended to `dst`, iteratively. */
static void clone_children(h5_treebuilder *tb, h5_node *src, h5_node *dst) {
    h5_node *s = src->first_child, *d = dst;
    while (s) {
        h5_node *c = h5_node_create(tb->arena, (h5_node_type)s->type);
        if (!c) {
            tb->failed = true;
            return;
        }
        c->ns = s->ns;
        c->atom = s->atom;
        c->name = s->name;
        c->flags = H5_NODE_FLAG_IMPLICIT;
        if (s->type == H5_NODE_ELEMENT) {
            c->attrs = s->attrs;
            c->nattrs = s->nattrs;
            if (s->template_content) {
                c->template_content = h5_node_create(tb->arena, H5_NODE_FRAGMENT);
                if (!c->template_content) {
                    tb->failed = true;
                    return;
                }
                c->template_content->flags = H5_NODE_FLAG_TEMPLATE_CONTENTS;
            }
        } else if (s->type == H5_NODE_TEXT || s->type == H5_NODE_COMMENT) {
            /* Shared: data_cap 0 makes an append to either node copy first
             * (dom.h), and appends to the original write past the length
             * the copy sees. */
            c->data = s->data;
            c->data_len = s->data_len;
        }
        h5_node_append(d, c);
        if (s->first_child) {
            s = s->first_child;
            d = c;
            continue;
        }
        while (s != src && !s->next_sibling) {
            s = s->parent;
            d = d->parent;
        }
        if (s == src) return;
        s = s->next_sibling;
    }
}

/* The option element popped steps: when the selected option of a select
 * whose selectedcontent is enabled is closed, its contents are cloned into
 * the selectedcontent element.  The selected option is the last option
 * with a selected attribute, else the first enabled one.  Options are
 * popped in tree order, so one scan per select (cached in tb->sc_*) keeps
 * a select with thousands of options linear. */
void h5_tb_option_popped(h5_treebuilder *tb, h5_node *option) {
    h5_node *select = option->parent;
    while (select && !(select->type == H5_NODE_ELEMENT && h5_is_html(select, H5_ATOM_SELECT))) {
        if (select->type != H5_NODE_ELEMENT) return;
        select = select->parent;
    }
    if (!select || has_attr(select, "multiple")) return;
    if (tb->sc_select != select) {
        tb->sc_select = select;
        tb->sc_content = tb->sc_first = NULL;
        tb->sc_any_selected = false;
        for (h5_node *n = next_in(select, select); n; n = next_in(n, select)) {
            if (n->type != H5_NODE_ELEMENT || n->ns != H5_NS_HTML) continue;
            if (n->atom == H5_ATOM_SELECTEDCONTENT && !tb->sc_content) tb->sc_content = n;
            if (n->atom == H5_ATOM_OPTION) {
                if (!tb->sc_first && !has_attr(n, "disabled")) tb->sc_first = n;
                if (has_attr(n, "selected")) tb->sc_any_selected = true;
            }
        }
    }
    if (!tb->sc_content) return;
    bool selected;
    if (has_attr(option, "selected")) {
        tb->sc_any_selected = true;
        selected = true;
    } else {
        if (!tb->sc_first && !has_attr(option, "disabled")) tb->sc_first = option;
        selected = !tb->sc_any_selected && tb->sc_first == option;
    }
    if (!selected) return;
    /* "Maybe clone an option into selectedcontent": clone the option's
     * children into a new DocumentFragment first, then replace all of
     * selectedcontent's children with it.  Cloning straight into
     * selectedcontent would never end when selectedcontent is itself inside
     * the option (the walk would copy its own output). */
    h5_node *sc = tb->sc_content;
    h5_node *fragment = h5_node_create(tb->arena, H5_NODE_FRAGMENT);
    if (!fragment) {
        tb->failed = true;
        return;
    }
    clone_children(tb, option, fragment);
    if (tb->failed) return;
    while (sc->first_child) h5_node_remove(sc->first_child);
    h5_node_move_children(fragment, sc);
}
