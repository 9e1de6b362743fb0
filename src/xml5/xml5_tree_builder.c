/*
 * XML5 tree construction: the draft's "Tree construction" section (seed
 * 002): the start phase, the main phase and the end phase, over the tokens
 * of xml5_tokenizer.c.  Elements' names are resolved by xml5_namespaces.c.
 *
 * Where the draft is silent or says TODO (docs/xml5.md, "Tree construction"):
 * - DOCTYPE in the start phase: the draft's "anything else" would ignore it;
 *   xml5lib-tests expect a DocumentType node, so the first DOCTYPE before
 *   the root element is appended to the document (XML 1.0 [22] prolog);
 *   a later one is misplaced-doctype.
 * - The XML declaration: recorded on the document when it is the first
 *   token (XML 1.0 [23]); anywhere else misplaced-xml-declaration.
 * - Character tokens outside the root element: whitespace is ignored
 *   silently (XML 1.0 [27] Misc allows S), other text is
 *   text-outside-root-element and ignored.
 * - "Once the user agent stops parsing the document ... TODO": nothing.
 * - HTML 13.4 (Parsing XML documents): "When an XML parser would append a
 *   node to a template element, it must instead append it to the template
 *   element's template contents (a DocumentFragment node)."  A template
 *   element is an element named "template" in the HTML namespace (any
 *   prefix); its contents are made with it, as HTML's "create an element"
 *   does (H5_NODE_FLAG_TEMPLATE_CONTENTS: the flat buffer writes them after
 *   it, as an HTML tree's), and what the draft appends to the current node
 *   goes into them (x5_open_element's container).
 * - Well-formedness errors the draft's phases do not name, so that strict
 *   parsing (the first error) rejects what an XML parser rejects: `</>`
 *   (short-end-tag), a PI target "xml" in any case that is not the XML
 *   declaration (reserved-processing-instruction-target, XML 1.0 [17]).
 */
#include <stdlib.h>
#include <string.h>

#include "xml5_parser_state.h"

static void on_tokenizer_error(void *ctx, x5_error_code code, uint32_t offset) {
    x5_parser *p = ctx;
    if (!p->strict || !x5_strict_replaces(code)) x5_parse_error_at(p, code, offset);
}

/* ------------------------------------------------------------------------ */
/* Tree operations.                                                           */

static h5_node *current_node(const x5_parser *p) {
    return p->open.len ? p->open.v[p->open.len - 1].container : p->doc;
}

static h5_node *new_node(x5_parser *p, h5_node_type type) {
    h5_node *n = h5_node_create(&p->arena, type);
    if (!n) p->oom = true;
    x5_node_created(p, 0);
    return n;
}

static h5_str dup_str(x5_parser *p, h5_str s) {
    h5_str r = { s.len ? h5_arena_dup(&p->arena, s.ptr, s.len) : NULL, s.len };
    if (s.len && !r.ptr) p->oom = true;
    return r;
}

static bool all_whitespace(h5_str s) {
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] != ' ' && s.ptr[i] != '\t' && s.ptr[i] != '\n') return false;
    return true;
}

/* "Append a character": consecutive characters make one Text node.  A
 * new Text node borrows a run that lies in the input (data_cap 0, dom.h),
 * and stays borrowed while the runs that follow are the input's next
 * units; anything else is copied into the arena (h5_text_append), as the
 * HTML tree builder does (tb_insert.c).  The runs of a CDATA section
 * (x5_token.cdata) make a Text node of their own, flagged
 * H5_NODE_FLAG_CDATA (a CDATASection, as XML parsers give the DOM): the
 * first run of a section starts a new one, and text next to a section is
 * not merged with it. */
static void append_text(x5_parser *p, h5_node *parent, const x5_token *tok) {
    h5_str s = tok->data;
    h5_node *t = parent->last_child;
    if (!t || t->type != H5_NODE_TEXT || tok->cdata_start || ((t->flags & H5_NODE_FLAG_CDATA) != 0) != tok->cdata) {
        if (!(t = new_node(p, H5_NODE_TEXT))) return;
        if (tok->cdata) t->flags |= H5_NODE_FLAG_CDATA;
        h5_node_append(parent, t);
        t->start = tok->start;
    }
    t->end = tok->end;
    if (t->data_cap == 0 && x5_in_input(p, s) && (t->data_len == 0 || t->data + t->data_len == s.ptr)) {
        if (t->data_len == 0) t->data = s.ptr;
        t->data_len += (uint32_t)s.len; /* a span of the input: < UINT32_MAX units */
        return;
    }
    if (!h5_text_append(&p->arena, t, s.ptr, s.len)) p->oom = true;
}

/* Character tokens outside the root element: whitespace is dropped, other
 * text is an error, and so is a CDATA section (XML 1.0 [27] Misc has none).
 * A byte order mark that starts the input is no text (XML 1.0 4.3.3: the
 * encoding's signature, as a string may still hold it). */
static void text_outside_root(x5_parser *p, const x5_token *tok) {
    h5_str d = tok->data;
    if (!tok->start && d.len && d.ptr[0] == 0xFEFF) d = (h5_str){ d.ptr + 1, d.len - 1 };
    if (tok->cdata ? tok->cdata_start : !all_whitespace(d)) x5_tree_error(p, X5_ERROR_TEXT_OUTSIDE_ROOT_ELEMENT);
}

static void append_comment(x5_parser *p, h5_node *parent, const x5_token *tok) {
    h5_node *c = new_node(p, H5_NODE_COMMENT);
    if (!c) return;
    c->start = tok->start;
    c->end = tok->end;
    h5_str d = dup_str(p, tok->data);
    c->data = d.ptr;
    c->data_len = (uint32_t)d.len;
    c->data_cap = (uint32_t)d.len;
    h5_node_append(parent, c);
}

static void append_pi(x5_parser *p, h5_node *parent, const x5_token *tok) {
    if (tok->name.len == 3 && h5_str_eq_ascii_ci(tok->name, "xml"))
        x5_tree_error(p, X5_ERROR_RESERVED_PROCESSING_INSTRUCTION_TARGET);
    h5_node *pi = new_node(p, H5_NODE_PI);
    if (!pi) return;
    pi->start = tok->start;
    pi->end = tok->end;
    pi->name = dup_str(p, tok->name);
    h5_str d = dup_str(p, tok->data);
    pi->data = d.ptr;
    pi->data_len = (uint32_t)d.len;
    pi->data_cap = (uint32_t)d.len;
    h5_node_append(parent, pi);
}

static void append_doctype(x5_parser *p, const x5_token *tok) {
    h5_node *d = new_node(p, H5_NODE_DOCTYPE);
    if (!d) return;
    d->start = tok->start;
    d->end = tok->end;
    d->name = dup_str(p, tok->name);
    d->public_id = dup_str(p, tok->public_id);
    d->system_id = dup_str(p, tok->system_id);
    d->has_public_id = tok->has_public_id;
    d->has_system_id = tok->has_system_id;
    h5_node_append(p->doc, d);
}

static void record_xml_declaration(x5_parser *p, const x5_token *tok) {
    p->decl.present = true;
    if (tok->has_version) p->decl.version = dup_str(p, tok->version);
    if (tok->has_encoding) p->decl.encoding = dup_str(p, tok->encoding);
    if (tok->has_standalone) p->decl.standalone = dup_str(p, tok->standalone);
    /* A present but empty value still needs a non-NULL pointer. */
    static const h5_char empty[1] = { 0 };
    if (tok->has_version && !p->decl.version.ptr) p->decl.version.ptr = empty;
    if (tok->has_encoding && !p->decl.encoding.ptr) p->decl.encoding.ptr = empty;
    if (tok->has_standalone && !p->decl.standalone.ptr) p->decl.standalone.ptr = empty;
}

/* A string of the token for the tree: itself when it is a span of the
 * input (xml5_tree.h), else a copy in the arena. */
static inline h5_str keep_str(x5_parser *p, h5_str s) { return x5_in_input(p, s) ? s : x5_arena_str(p, s); }

/* Does `s` contain a ':'?  (A name without one has no prefix.) */
static bool has_colon(h5_str s) {
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] == ':') return true;
    return false;
}

/* Create the element for a start or empty tag token (its namespace
 * declarations bound: popped by the caller with x5_namespaces_pop).  A
 * tag whose names have no prefix and no attribute named xmlns (most
 * tags) is in the default namespace, its attributes in none, and none can
 * repeat an expanded name (the tokenizer dropped repeated names): that is
 * decided here, else by x5_qualify_tag.  NULL when out of memory. */
static h5_node *create_element(x5_parser *p, const x5_token *tok) {
    static const h5_char xmlns[5] = { 'x', 'm', 'l', 'n', 's' };
    size_t n = tok->nattrs, kept = n;
    bool plain = !has_colon(tok->name);
    for (size_t i = 0; i < n && plain; i++) {
        h5_str a = tok->attrs[i].name;
        plain = !has_colon(a) && !(a.len == 5 && memcmp(a.ptr, xmlns, sizeof xmlns) == 0);
    }
    uint32_t eq = X5_Q_NONE;
    const uint32_t *aq = NULL; /* NULL: every attribute X5_Q_NONE */
    if (plain) {
        eq = x5_default_qualifier(p);
    } else {
        kept = x5_qualify_tag(p, tok, &eq);
        if (kept == SIZE_MAX) return NULL;
        aq = p->attr_quals.v;
    }

    h5_node *el = h5_node_create(&p->arena, H5_NODE_ELEMENT);
    /* The attributes, then their qualifiers and the element's (xml5_tree.h). */
    void *block = h5_arena_alloc(&p->arena, kept * sizeof(h5_attr) + (kept + 1) * sizeof(uint32_t));
    if (!el || !block) {
        p->oom = true;
        return NULL;
    }
    el->ns = H5_NS_OTHER;
    el->name = x5_local_name(keep_str(p, tok->name), &p->quals.v[eq]);
    if (tok->type == X5_TOKEN_EMPTY_TAG) el->flags |= H5_NODE_FLAG_SELF_CLOSING;
    el->attrs = block;
    el->nattrs = (uint32_t)kept;
    x5_node_created(p, eq);
    p->attr_count += kept;
    while (p->attr_qual_list.cap - p->attr_qual_list.len < kept)
        if (!x5_vec_grow(p, (void **)&p->attr_qual_list.v, &p->attr_qual_list.cap, sizeof(uint32_t))) return NULL;
    uint32_t *quals = (uint32_t *)(void *)(el->attrs + kept);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t q = aq ? aq[i] : X5_Q_NONE;
        if (q == UINT32_MAX) continue;
        h5_attr *at = &el->attrs[k];
        memset(at, 0, sizeof *at);
        at->name = x5_local_name(keep_str(p, tok->attrs[i].name), &p->quals.v[q]);
        at->value = keep_str(p, tok->attrs[i].value);
        at->ns = q == X5_Q_XML ? H5_ATTR_NS_XML
               : (q == X5_Q_XMLNS || q == X5_Q_XMLNS_DEFAULT) ? H5_ATTR_NS_XMLNS
               : H5_ATTR_NS_NONE;
        at->name_start = tok->attrs[i].name_start;
        at->name_end = tok->attrs[i].name_end;
        at->value_start = tok->attrs[i].value_start;
        at->value_end = tok->attrs[i].value_end;
        quals[k++] = q;
        p->attr_qual_list.v[p->attr_qual_list.len++] = q;
    }
    quals[kept] = eq;
    return p->oom ? NULL : el;
}

/* Is `el` a template element (HTML 4.12.3: "template" in the HTML
 * namespace)?  Its qualifier's namespace, compared only when the local
 * name matches. */
static bool is_template(const x5_parser *p, const h5_node *el) {
    static const h5_char template_[8] = { 't', 'e', 'm', 'p', 'l', 'a', 't', 'e' };
    static const h5_char xhtml[28] = { 'h', 't', 't', 'p', ':', '/', '/', 'w', 'w', 'w', '.', 'w', '3', '.',
                                       'o', 'r', 'g', '/', '1', '9', '9', '9', '/', 'x', 'h', 't', 'm', 'l' };
    if (el->name.len != 8 || memcmp(el->name.ptr, template_, sizeof template_) != 0) return false;
    h5_str ns = p->quals.v[x5_element_qualifier(el)].ns;
    return ns.len == 28 && memcmp(ns.ptr, xhtml, sizeof xhtml) == 0;
}

/* Create an element for a start or empty tag and append it to `parent`;
 * a start tag's element is pushed onto the stack of open elements (with
 * its namespace declarations in scope), an empty tag's declarations go out
 * of scope at once.  A template element gets its template contents (HTML
 * 13.4; above), created right after it so that the parser's creation order
 * stays the flat buffer's order (xml5_parser_state.h, node_quals). */
static void insert_element(x5_parser *p, h5_node *parent, const x5_token *tok) {
    size_t outer = p->bindings.len;
    h5_node *el = create_element(p, tok);
    if (!el) return;
    el->start = tok->start;
    el->start_tag_end = tok->end;
    h5_node_append(parent, el);
    if (is_template(p, el)) {
        el->template_content = new_node(p, H5_NODE_FRAGMENT);
        if (!el->template_content) return;
        el->template_content->flags |= H5_NODE_FLAG_TEMPLATE_CONTENTS;
    }
    if (tok->type == X5_TOKEN_EMPTY_TAG) {
        el->end = tok->end;
        x5_namespaces_pop(p, outer);
        return;
    }
    if (!X5_VEC_ROOM(p, p->open)) return;
    p->open.v[p->open.len++] = (x5_open_element){ el, el->template_content ? el->template_content : el, outer };
}

/* Pop the current node, which ends at `end` (dom.h: the end of its end
 * tag, else where the token that closed it starts). */
static h5_node *pop_element(x5_parser *p, uint32_t end) {
    const x5_open_element *o = &p->open.v[--p->open.len];
    o->el->end = end;
    x5_namespaces_pop(p, o->outer_bindings);
    if (!p->open.len) p->phase = X5_PHASE_END;
    return o->el;
}

/* ------------------------------------------------------------------------ */
/* The phases.                                                                */

/* Tokens that every phase treats the same way, or false. */
static bool misc_token(x5_parser *p, const x5_token *tok, h5_node *parent) {
    switch (tok->type) {
    case X5_TOKEN_COMMENT: append_comment(p, parent, tok); return true;
    case X5_TOKEN_PI: append_pi(p, parent, tok); return true;
    case X5_TOKEN_XML_DECLARATION:
        if (p->seen_token || p->decl.present) x5_tree_error(p, X5_ERROR_MISPLACED_XML_DECLARATION);
        else record_xml_declaration(p, tok);
        return true;
    default: return false;
    }
}

static void start_phase(x5_parser *p, const x5_token *tok) {
    if (misc_token(p, tok, p->doc)) return;
    switch (tok->type) {
    case X5_TOKEN_START_TAG:
        insert_element(p, p->doc, tok);
        p->phase = X5_PHASE_MAIN;
        return;
    case X5_TOKEN_EMPTY_TAG:
        insert_element(p, p->doc, tok);
        p->phase = X5_PHASE_END;
        return;
    case X5_TOKEN_DOCTYPE:
        if (p->seen_doctype) x5_tree_error(p, X5_ERROR_MISPLACED_DOCTYPE);
        else append_doctype(p, tok);
        p->seen_doctype = true;
        return;
    case X5_TOKEN_CHARACTER: text_outside_root(p, tok); return;
    case X5_TOKEN_EOF:
        x5_tree_error(p, X5_ERROR_MISSING_ROOT_ELEMENT);
        p->phase = X5_PHASE_END;
        return;
    default: /* end tags */
        x5_tree_error(p, X5_ERROR_END_TAG_OUTSIDE_ROOT_ELEMENT);
        return;
    }
}

/* An element's tag name as written (its qualified name). */
static h5_str tag_name(const x5_parser *p, const h5_node *el) {
    return x5_qualified_name(el->name, &p->quals.v[x5_element_qualifier(el)]);
}

static void main_phase(x5_parser *p, const x5_token *tok) {
    h5_node *cur = current_node(p);
    if (misc_token(p, tok, cur)) return;
    switch (tok->type) {
    case X5_TOKEN_CHARACTER: append_text(p, cur, tok); return;
    case X5_TOKEN_START_TAG:
    case X5_TOKEN_EMPTY_TAG: insert_element(p, cur, tok); return;
    case X5_TOKEN_END_TAG: {
        /* "an element in scope with the same tag name": anywhere on the
         * stack; a parse error unless it is the current node. */
        size_t i = p->open.len;
        while (i > 0 && !x5_str_eq(tag_name(p, p->open.v[i - 1].el), tok->name)) i--;
        if (!i || i != p->open.len) x5_tree_error(p, X5_ERROR_END_TAG_NAME_MISMATCH);
        while (i > 0 && p->open.len > i) pop_element(p, tok->start);
        if (i > 0) pop_element(p, tok->end)->end_tag_start = tok->start;
        return;
    }
    case X5_TOKEN_SHORT_END_TAG:
        x5_tree_error(p, X5_ERROR_SHORT_END_TAG);
        pop_element(p, tok->end)->end_tag_start = tok->start;
        return;
    case X5_TOKEN_DOCTYPE: x5_tree_error(p, X5_ERROR_MISPLACED_DOCTYPE); return;
    case X5_TOKEN_EOF:
        x5_tree_error(p, X5_ERROR_EOF_IN_ELEMENT);
        while (p->open.len) pop_element(p, x5_tokenizer_position(p->tokenizer));
        return;
    default: return;
    }
}

static void end_phase(x5_parser *p, const x5_token *tok) {
    if (misc_token(p, tok, p->doc)) return;
    switch (tok->type) {
    case X5_TOKEN_EOF: return; /* stop parsing */
    case X5_TOKEN_CHARACTER: text_outside_root(p, tok); return;
    case X5_TOKEN_DOCTYPE: x5_tree_error(p, X5_ERROR_MISPLACED_DOCTYPE); return;
    case X5_TOKEN_END_TAG:
    case X5_TOKEN_SHORT_END_TAG: x5_tree_error(p, X5_ERROR_END_TAG_OUTSIDE_ROOT_ELEMENT); return;
    default: x5_tree_error(p, X5_ERROR_CONTENT_AFTER_ROOT_ELEMENT); return;
    }
}

static void on_token(void *ctx, const x5_token *tok) {
    x5_parser *p = ctx;
    if (p->oom) return;
    if (p->strict) x5_check_well_formed(p, tok);
    switch (p->phase) {
    case X5_PHASE_START: start_phase(p, tok); break;
    case X5_PHASE_MAIN: main_phase(p, tok); break;
    case X5_PHASE_END: end_phase(p, tok); break;
    }
    /* A leading byte order mark is no token before the XML declaration (text_outside_root). */
    if (!p->seen_token && tok->type != X5_TOKEN_XML_DECLARATION &&
        !(tok->type == X5_TOKEN_CHARACTER && !tok->start && tok->data.len == 1 && tok->data.ptr[0] == 0xFEFF))
        p->seen_token = true;
}

/* ------------------------------------------------------------------------ */
/* The parser.                                                                */

x5_parser *x5_parser_create(void) {
    x5_parser *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    h5_arena_init(&p->arena);
    if (!(p->tokenizer = x5_tokenizer_create())) {
        free(p);
        return NULL;
    }
    return p;
}

void x5_parser_destroy(x5_parser *p) {
    if (!p) return;
    x5_tokenizer_destroy(p->tokenizer);
    h5_arena_free(&p->arena);
    free(p->open.v);
    free(p->bindings.v);
    free(p->prefixes.v);
    free(p->quals.v);
    free(p->errors.v);
    free(p->attr_quals.v);
    free(p->node_quals.v);
    free(p->attr_qual_list.v);
    free(p);
}

h5_status x5_parse(x5_parser *p, const h5_char *input, size_t len, h5_node **out) {
    *out = NULL;
    h5_arena_reset(&p->arena);
    p->oom = false;
    p->phase = X5_PHASE_START;
    p->seen_token = p->seen_doctype = false;
    memset(&p->decl, 0, sizeof p->decl);
    p->open.len = p->errors.len = 0;
    x5_namespaces_reset(p);
    p->input = len < UINT32_MAX ? input : NULL; /* offsets of a borrowed span fit 32 bits */
    p->input_len = len;
    p->node_count = p->attr_count = 0;
    p->node_quals.len = p->attr_qual_list.len = 0;
    p->doc = new_node(p, H5_NODE_DOCUMENT);
    if (p->oom) return H5_ERR_OOM;
    p->text_from = p->doctype_start = p->doctype_end = 0;
    p->entities_unknown = false;
    if (p->strict) x5_check_chars(p);

    x5_tokenizer_options o = { 0 };
    o.on_token = on_token;
    o.token_ctx = p;
    o.on_error = on_tokenizer_error;
    o.error_ctx = p;
    o.initial_state = X5_STATE_DATA;
    x5_tokenizer_reset(p->tokenizer, &o);
    if (x5_tokenizer_feed(p->tokenizer, input, len) != H5_OK || x5_tokenizer_finish(p->tokenizer) != H5_OK ||
        p->oom || p->arena.failed)
        return H5_ERR_OOM;
    *out = p->doc;
    return H5_OK;
}

void x5_parser_set_strict(x5_parser *p, bool strict) { p->strict = strict; }

const x5_qualifier *x5_parser_qualifiers(const x5_parser *p, size_t *count) {
    *count = p->quals.len;
    return p->quals.v;
}

const x5_parse_error *x5_parser_errors(const x5_parser *p, size_t *count) {
    *count = p->errors.len;
    return p->errors.v;
}

const x5_xml_declaration *x5_parser_xml_declaration(const x5_parser *p) { return &p->decl; }
