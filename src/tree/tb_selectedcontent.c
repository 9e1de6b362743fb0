/*
 * Tree construction machinery (declared in tb_machinery.h): the option element
 * popped steps of the relaxed <select> (HTML 4.10.10 "the option element",
 * 4.10.7 "maybe clone an option into selectedcontent"), run when an option
 * leaves the stack of open elements (tb_parse_state.c).
 */
#include "tb_state.h"

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

/* The shadow root of host `n` when DOM "clone a node" clones it with the
 * host (its clonable is set), else NULL. */
static h5_node *clonable_shadow(const h5_node *n) {
    h5_node *sr = n->type == H5_NODE_ELEMENT ? n->template_content : NULL;
    return sr && (sr->flags & H5_NODE_FLAG_SHADOW_ROOT) && (sr->shadow & H5_SHADOW_CLONABLE) ? sr : NULL;
}

/* Deep copy of `src`'s children appended to `dst`, iteratively (DOM "clone
 * a node" with subtree: a host whose shadow root is clonable gets a copy of
 * it, with the same state, before its children).  While the walk is inside
 * a shadow root, the root's parent link (and its copy's) points at the host
 * so that climbing out finds it; both are cleared on the way out. */
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
        h5_node *sr = NULL;
        if (s->type == H5_NODE_ELEMENT) {
            c->attrs = s->attrs;
            c->nattrs = s->nattrs;
            sr = clonable_shadow(s);
            /* Template contents (empty: the template's own are not
             * copied here); a shadow root that is not clonable is not. */
            if (sr || (s->template_content && !(s->template_content->flags & H5_NODE_FLAG_SHADOW_ROOT))) {
                c->template_content = h5_node_create(tb->arena, H5_NODE_FRAGMENT);
                if (!c->template_content) {
                    tb->failed = true;
                    return;
                }
                c->template_content->flags = sr ? H5_NODE_FLAG_SHADOW_ROOT : H5_NODE_FLAG_TEMPLATE_CONTENTS;
                if (sr) c->template_content->shadow = sr->shadow;
            }
        } else if (s->type == H5_NODE_TEXT || s->type == H5_NODE_COMMENT || s->type == H5_NODE_PI) {
            /* Shared: data_cap 0 makes an append to either node copy first
             * (dom.h), and appends to the original write past the length
             * the copy sees. */
            c->data = s->data;
            c->data_len = s->data_len;
        }
        h5_node_append(d, c);
        /* Next: d stays the copy of s's parent. */
        if (sr && sr->first_child) { /* into the shadow tree first */
            sr->parent = s;
            c->template_content->parent = c;
            s = sr->first_child;
            d = c->template_content;
            continue;
        }
        if (s->first_child) {
            s = s->first_child;
            d = c;
            continue;
        }
        for (;;) {
            if (s == src) return;
            if (s->next_sibling) {
                s = s->next_sibling;
                break;
            }
            h5_node *p = s->parent;
            if (!(p->flags & H5_NODE_FLAG_SHADOW_ROOT)) {
                s = p;
                d = d->parent;
                continue;
            }
            /* Out of a shadow tree (d is the root's copy): on to the host's
             * children, or on from the host. */
            h5_node *host = p->parent, *chost = d->parent;
            p->parent = d->parent = NULL;
            if (host->first_child) {
                s = host->first_child;
                d = chost;
                break;
            }
            s = host;
            d = chost->parent;
        }
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
