/*
 * Namespaces in XML 1.0 (Third Edition) for the XML5 tree builder.
 *
 * The draft says "Need to define create an element for the token" and, in
 * its tokenizer, TODO "Decide how to deal with namespaces".  We do what
 * Namespaces in XML gives for well-formed input, and the DOM's model of
 * namespaced names (DOM 1.1.4 "validate and extract"):
 *
 * - 3 "Declaring Namespaces": `xmlns="uri"` binds the default namespace
 *   (`xmlns=""` undeclares it); `xmlns:p="uri"` binds p.  The declarations
 *   of a tag are in scope for the element and its descendants (6.1); they
 *   are bound before the tag's own names are resolved.  The attributes
 *   themselves are in the XMLNS namespace, prefix "xmlns" for xmlns:p.
 * - Namespace constraints (3): "xml" may be declared only to its own URI,
 *   no other prefix to it; "xmlns" is never declared and nothing is bound
 *   to its URI.  A declaration that breaks one is a parse error
 *   (invalid-namespace-declaration) and is an ordinary attribute with no
 *   namespace (xml5lib-tests: `xmlns:xml="www.example.org"`).
 *   `xmlns:p=""` is an error in Namespaces 1.0 (empty-prefixed-namespace-
 *   declaration) and undeclares p, as in Namespaces 1.1 (xml5lib-tests).
 * - 4 "Qualified names": a name with a colon is prefix ':' local part, both
 *   non-empty, one colon; otherwise invalid-qualified-name and the name has
 *   no namespace (its local name is the whole name).
 * - 6.2 "Namespace Defaulting": an unprefixed element name is in the
 *   default namespace, an unprefixed attribute name in none.  A prefix not
 *   in scope: unbound-prefix, no namespace (xml5lib-tests: `<n1:c>` outside
 *   the declaration of n1 has no namespace, name "n1:c").  "xml" is bound
 *   everywhere (3); the prefix "xmlns" on an element is invalid-qualified-name.
 * - 6.3 "Uniqueness of Attributes": no two attributes with the same
 *   namespace and local name; the later one is dropped with a parse error
 *   (duplicate-namespaced-attribute; xml5lib-tests: the first one wins, as
 *   the tokenizer does for equal qualified names).
 */
#include <stdlib.h>
#include <string.h>

#include "xml5_parser_state.h"

#define U(s) ((const h5_char *)(const void *)u##s)
static const h5_str XML_NS = { U("http://www.w3.org/XML/1998/namespace"), 36 };
static const h5_str XMLNS_NS = { U("http://www.w3.org/2000/xmlns/"), 29 };
static const h5_str XML_PREFIX = { U("xml"), 3 };
static const h5_str XMLNS_PREFIX = { U("xmlns"), 5 };

void x5_namespaces_reset(x5_parser *p) {
    p->bindings.len = 0;
    p->quals.len = 0;
    p->default_top = -1;
    if (p->prefixes.cap) memset(p->prefixes.v, 0, p->prefixes.cap * sizeof *p->prefixes.v);
    p->prefixes.len = 0;
    static const h5_str null_str = { NULL, 0 };
    const x5_qualifier fixed[X5_Q_FIXED] = {
        [X5_Q_NONE] = { null_str, null_str },
        [X5_Q_XML] = { XML_NS, XML_PREFIX },
        [X5_Q_XMLNS] = { XMLNS_NS, XMLNS_PREFIX },
        [X5_Q_XMLNS_DEFAULT] = { XMLNS_NS, null_str },
    };
    for (size_t i = 0; i < X5_Q_FIXED; i++) {
        if (!X5_VEC_ROOM(p, p->quals)) return;
        p->quals.v[p->quals.len++] = fixed[i];
    }
}

h5_str x5_arena_str(x5_parser *p, h5_str s) {
    h5_str r = { s.len ? h5_arena_dup(&p->arena, s.ptr, s.len) : U(""), s.len };
    if (!r.ptr) p->oom = true;
    return r;
}

/* The slot of `prefix` in the prefix table (open addressing, linear
 * probing): its own, or the empty one where it goes. */
static x5_prefix_slot *prefix_slot(const x5_parser *p, h5_str prefix) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < prefix.len; i++) h = (h ^ prefix.ptr[i]) * 16777619u;
    size_t mask = p->prefixes.cap - 1;
    for (size_t i = h & mask;; i = (i + 1) & mask) {
        x5_prefix_slot *s = &p->prefixes.v[i];
        if (!s->prefix.ptr || h5_str_eq(s->prefix, prefix)) return s;
    }
}

/* The slot of `prefix`, made when missing (the table grows at half full). */
static x5_prefix_slot *add_prefix(x5_parser *p, h5_str prefix) {
    if (2 * (p->prefixes.len + 1) > p->prefixes.cap) {
        size_t cap = p->prefixes.cap ? 2 * p->prefixes.cap : 64;
        x5_prefix_slot *old = p->prefixes.v, *nv = calloc(cap, sizeof *nv);
        if (!nv) {
            p->oom = true;
            return NULL;
        }
        size_t old_cap = p->prefixes.cap;
        p->prefixes.v = nv;
        p->prefixes.cap = cap;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].prefix.ptr) *prefix_slot(p, old[i].prefix) = old[i];
        free(old);
    }
    x5_prefix_slot *s = prefix_slot(p, prefix);
    if (!s->prefix.ptr) {
        s->prefix = prefix; /* an arena copy */
        s->top = -1;
        p->prefixes.len++;
    }
    return s;
}

/* Bind `prefix` (ptr NULL: the default namespace) to `ns` (len 0: undeclare). */
static void bind(x5_parser *p, h5_str prefix, h5_str ns) {
    uint32_t q = X5_Q_NONE;
    if (ns.len) {
        if (!X5_VEC_ROOM(p, p->quals)) return;
        x5_qualifier nq = { x5_arena_str(p, ns), { NULL, 0 } };
        if (prefix.ptr) nq.prefix = x5_arena_str(p, prefix);
        if (p->oom) return;
        q = (uint32_t)p->quals.len;
        p->quals.v[p->quals.len++] = nq;
    }
    if (!X5_VEC_ROOM(p, p->bindings) || p->bindings.len >= INT32_MAX) return;
    x5_binding b = { prefix.ptr ? p->quals.v[q].prefix : prefix, q, -1 };
    if (!q && prefix.ptr) b.prefix = x5_arena_str(p, prefix);
    int32_t at = (int32_t)p->bindings.len;
    if (!b.prefix.ptr) {
        b.prev = p->default_top;
        p->default_top = at;
    } else {
        x5_prefix_slot *s = add_prefix(p, b.prefix);
        if (!s) return;
        b.prev = s->top;
        s->top = at;
    }
    p->bindings.v[p->bindings.len++] = b;
}

void x5_namespaces_pop(x5_parser *p, size_t outer) {
    while (p->bindings.len > outer) {
        const x5_binding *b = &p->bindings.v[--p->bindings.len];
        if (!b->prefix.ptr) p->default_top = b->prev;
        else prefix_slot(p, b->prefix)->top = b->prev;
    }
}

/* The qualifier `prefix` (ptr NULL: default) is bound to, innermost first;
 * X5_Q_NONE when unbound. */
static uint32_t lookup(const x5_parser *p, h5_str prefix) {
    int32_t top = p->default_top;
    if (prefix.ptr) {
        const x5_prefix_slot *s = p->prefixes.cap ? prefix_slot(p, prefix) : NULL;
        top = s && s->prefix.ptr ? s->top : -1; /* an empty slot: never bound */
    }
    return top < 0 ? X5_Q_NONE : p->bindings.v[top].q;
}

/* Position of the first ':' in `s`, or -1. */
static ptrdiff_t colon(h5_str s) {
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] == ':') return (ptrdiff_t)i;
    return -1;
}

/* A namespace declaration attribute (3): its qualifier, after binding what
 * it declares; X5_Q_NONE (an ordinary attribute) when it breaks a
 * namespace constraint.  Not a declaration: UINT32_MAX. */
static uint32_t declare(x5_parser *p, const x5_token_attr *a) {
    if (h5_str_eq(a->name, XMLNS_PREFIX)) {
        if (h5_str_eq(a->value, XML_NS) || h5_str_eq(a->value, XMLNS_NS)) {
            x5_tree_error(p, X5_ERROR_INVALID_NAMESPACE_DECLARATION);
            return X5_Q_NONE;
        }
        bind(p, (h5_str){ NULL, 0 }, a->value);
        return X5_Q_XMLNS_DEFAULT;
    }
    if (a->name.len <= 6 || memcmp(a->name.ptr, U("xmlns:"), 6 * sizeof(h5_char)) != 0) return UINT32_MAX;
    h5_str prefix = { a->name.ptr + 6, a->name.len - 6 };
    bool is_xml_ns = h5_str_eq(a->value, XML_NS);
    if (h5_str_eq(prefix, XML_PREFIX)) {
        if (is_xml_ns) return X5_Q_XMLNS; /* allowed, changes nothing */
        x5_tree_error(p, X5_ERROR_INVALID_NAMESPACE_DECLARATION);
        return X5_Q_NONE;
    }
    if (colon(prefix) >= 0 || h5_str_eq(prefix, XMLNS_PREFIX) || is_xml_ns || h5_str_eq(a->value, XMLNS_NS)) {
        x5_tree_error(p, X5_ERROR_INVALID_NAMESPACE_DECLARATION);
        return X5_Q_NONE;
    }
    if (!a->value.len) x5_tree_error(p, X5_ERROR_EMPTY_PREFIXED_NAMESPACE_DECLARATION);
    bind(p, prefix, a->value);
    return X5_Q_XMLNS;
}

/* The qualifier of a name that is not a declaration (4, 6.2). */
static uint32_t resolve(x5_parser *p, h5_str qname, bool element) {
    ptrdiff_t c = colon(qname);
    if (c < 0) return element ? lookup(p, (h5_str){ NULL, 0 }) : X5_Q_NONE;
    h5_str prefix = { qname.ptr, (size_t)c };
    h5_str local = { qname.ptr + c + 1, qname.len - (size_t)c - 1 };
    if (!prefix.len || !local.len || colon(local) >= 0 || h5_str_eq(prefix, XMLNS_PREFIX)) {
        x5_tree_error(p, X5_ERROR_INVALID_QUALIFIED_NAME);
        return X5_Q_NONE;
    }
    if (h5_str_eq(prefix, XML_PREFIX)) return X5_Q_XML;
    uint32_t q = lookup(p, prefix);
    if (q == X5_Q_NONE) x5_tree_error(p, X5_ERROR_UNBOUND_PREFIX);
    return q;
}

/* 6.3: does attribute i repeat the expanded name of an earlier one? */
static bool repeats(const x5_parser *p, const x5_token *tok, size_t i) {
    const uint32_t *aq = p->attr_quals.v;
    const x5_qualifier *qi = &p->quals.v[aq[i]];
    h5_str li = x5_local_name(tok->attrs[i].name, qi);
    for (size_t j = 0; j < i; j++) {
        if (aq[j] == UINT32_MAX || aq[j] == X5_Q_NONE) continue;
        const x5_qualifier *qj = &p->quals.v[aq[j]];
        if (h5_str_eq(qi->ns, qj->ns) && h5_str_eq(li, x5_local_name(tok->attrs[j].name, qj))) return true;
    }
    return false;
}

size_t x5_qualify_tag(x5_parser *p, const x5_token *tok, uint32_t *eq) {
    size_t n = tok->nattrs;
    p->attr_quals.len = 0;
    while (p->attr_quals.cap < n + 1)
        if (!x5_vec_grow(p, (void **)&p->attr_quals.v, &p->attr_quals.cap, sizeof(uint32_t)))
            return SIZE_MAX;
    uint32_t *aq = p->attr_quals.v;
    /* Declarations first (3), then the element's name, then the others. */
    for (size_t i = 0; i < n; i++) aq[i] = declare(p, &tok->attrs[i]);
    if (p->oom) return SIZE_MAX;
    *eq = resolve(p, tok->name, true);
    size_t kept = n;
    for (size_t i = 0; i < n; i++) {
        if (aq[i] == UINT32_MAX) aq[i] = resolve(p, tok->attrs[i].name, false);
        if (aq[i] != X5_Q_NONE && repeats(p, tok, i)) {
            x5_tree_error(p, X5_ERROR_DUPLICATE_NAMESPACED_ATTRIBUTE);
            aq[i] = UINT32_MAX; /* dropped */
            kept--;
        }
    }
    return kept;
}
