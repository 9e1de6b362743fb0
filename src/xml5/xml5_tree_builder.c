/*
 * XML5 tree construction: the draft's "Tree construction" section (seed
 * 002): the start phase, the main phase and the end phase, over the tokens
 * of xml5_tokenizer.c.  Elements are created by xml5_namespaces.c.
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
 * - Well-formedness errors the draft's phases do not name, so that strict
 *   parsing (the first error) rejects what an XML parser rejects: `</>`
 *   (short-end-tag), a PI target "xml" in any case that is not the XML
 *   declaration (reserved-processing-instruction-target, XML 1.0 [17]).
 */
#include <stdlib.h>
#include <string.h>

#include "xml5_parser_state.h"

static bool checked_by_strict(x5_error_code code);

static void on_tokenizer_error(void *ctx, x5_error_code code, uint32_t offset) {
    x5_parser *p = ctx;
    if (!p->strict || !checked_by_strict(code)) x5_parse_error_at(p, code, offset);
}

/* ------------------------------------------------------------------------ */
/* Tree operations.                                                           */

static h5_node *current_node(const x5_parser *p) {
    return p->open.len ? p->open.v[p->open.len - 1].el : p->doc;
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

/* Create an element for a start or empty tag and append it to `parent`;
 * a start tag's element is pushed onto the stack of open elements (with
 * its namespace declarations in scope), an empty tag's declarations go out
 * of scope at once. */
static void insert_element(x5_parser *p, h5_node *parent, const x5_token *tok) {
    size_t outer = p->bindings.len;
    h5_node *el = x5_create_element_for_token(p, tok);
    if (!el) return;
    el->start = tok->start;
    el->start_tag_end = tok->end;
    h5_node_append(parent, el);
    if (tok->type == X5_TOKEN_EMPTY_TAG) {
        el->end = tok->end;
        x5_namespaces_pop(p, outer);
        return;
    }
    if (!X5_VEC_ROOM(p, p->open)) return;
    p->open.v[p->open.len++] = (x5_open_element){ el, outer };
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
        if (!p->open.len || !h5_str_eq(tag_name(p, cur), tok->name)) x5_tree_error(p, X5_ERROR_END_TAG_NAME_MISMATCH);
        /* "an element in scope with the same tag name": anywhere on the stack. */
        size_t i = p->open.len;
        while (i > 0 && !h5_str_eq(tag_name(p, p->open.v[i - 1].el), tok->name)) i--;
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

/* ------------------------------------------------------------------------ */
/* Strict: the well-formedness constraints of XML 1.0 (Fifth Edition) that   */
/* XML5 lets pass, checked when x5_parser_set_strict is on, on the input the  */
/* tokens cover (p->input: the whole document).  Off, none of this runs.     */

/* [2] Char. */
static bool is_xml_char(uint32_t c) {
    return c < 0x20 ? c == 0x9 || c == 0xA || c == 0xD : c < 0xD800 || (c >= 0xE000 && c < 0xFFFE) || (c >= 0x10000 && c <= 0x10FFFF);
}
/* ... at input[*i]; *i is advanced over a surrogate pair. */
static bool xml_char_at(const x5_parser *p, size_t *i) {
    h5_char c = p->input[*i];
    if (c < 0xD800 || c > 0xDBFF) return is_xml_char(c);
    if (*i + 1 >= p->input_len || p->input[*i + 1] < 0xDC00 || p->input[*i + 1] > 0xDFFF) return false;
    ++*i;
    return true;
}

/* [4] NameStartChar and [4a] NameChar (a surrogate: a supplementary
 * character, which [2] Char checked). */
static bool name_start_char(uint32_t c) {
    if (c < 0x80) return ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == ':';
    return (c >= 0xC0 && c <= 0x2FF && c != 0xD7 && c != 0xF7) || (c >= 0x370 && c <= 0x1FFF && c != 0x37E) ||
           c == 0x200C || c == 0x200D || (c >= 0x2070 && c <= 0x218F) || (c >= 0x2C00 && c <= 0x2FEF) ||
           (c >= 0x3001 && c <= 0xDB7F) || (c >= 0xF900 && c <= 0xFDCF) || (c >= 0xFDF0 && c <= 0xFFFD);
}
static bool name_char(uint32_t c) {
    return name_start_char(c) || c == '-' || c == '.' || (c >= '0' && c <= '9') || c == 0xB7 ||
           (c >= 0x300 && c <= 0x36F) || c == 0x203F || c == 0x2040 || (c >= 0xDC00 && c <= 0xDFFF);
}
/* [5] Name. */
static bool is_name(h5_str s) {
    if (!s.len || !name_start_char(s.ptr[0])) return false;
    for (size_t i = 1; i < s.len; i++)
        if (!name_char(s.ptr[i])) return false;
    return true;
}
static void check_name(x5_parser *p, h5_str name, uint32_t at) {
    if (!is_name(name)) x5_parse_error_at(p, X5_ERROR_INVALID_NAME, at);
}
static bool is_s(h5_char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Does the input at `i` (before `end`) start with the ASCII `w`? */
static bool input_has(const x5_parser *p, size_t i, size_t end, const char *w) {
    for (; *w; w++, i++)
        if (i >= end || p->input[i] != (unsigned char)*w) return false;
    return true;
}

/* WFC Entity Declared (4.1): the predefined entities, and those the
 * internal subset declares (`<!ENTITY name`). */
static bool entity_declared(const x5_parser *p, h5_str name) {
    static const char *const predefined[] = { "lt", "gt", "amp", "apos", "quot" };
    for (size_t k = 0; k < 5; k++)
        if (h5_str_eq_ascii(name, predefined[k])) return true;
    if (p->entities_unknown) return true;
    for (size_t i = p->doctype_start; i < p->doctype_end; i++) {
        if (!input_has(p, i, p->doctype_end, "<!ENTITY")) continue;
        size_t j = i + 8;
        while (j < p->doctype_end && is_s(p->input[j])) j++;
        if (j + name.len < p->doctype_end && !memcmp(p->input + j, name.ptr, name.len * sizeof(h5_char)) &&
            is_s(p->input[j + name.len]))
            return true;
    }
    return false;
}

/* [66] CharRef and [68] EntityRef at the '&' input[i] (before `end`);
 * returns where the reference ends. */
static size_t check_reference(x5_parser *p, size_t i, size_t end) {
    const h5_char *s = p->input;
    size_t j = i + 1;
    if (j < end && s[j] == '#') {
        bool hex = ++j < end && s[j] == 'x';
        uint32_t v = 0;
        size_t d0 = j += hex;
        for (; j < end; j++) {
            uint32_t c = s[j], d = c >= '0' && c <= '9' ? c - '0'
                                 : hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : 99;
            if (d == 99) break;
            v = v > 0x10FFFF ? v : v * (hex ? 16 : 10) + d;
        }
        if (j == d0 || j >= end || s[j] != ';' || !is_xml_char(v))
            x5_parse_error_at(p, X5_ERROR_INVALID_REFERENCE, (uint32_t)i);
        return j;
    }
    while (j < end && s[j] != ';' && name_char(s[j])) j++;
    h5_str name = { s + i + 1, j - i - 1 };
    if (j >= end || s[j] != ';' || !is_name(name)) x5_parse_error_at(p, X5_ERROR_INVALID_REFERENCE, (uint32_t)i);
    else if (!entity_declared(p, name)) x5_parse_error_at(p, X5_ERROR_UNDEFINED_ENTITY, (uint32_t)i);
    return j;
}

/* The input between tokens, from p->text_from to `end`: [14] CharData
 * (no `]]>`), references. */
static void check_text(x5_parser *p, size_t end) {
    for (size_t i = p->text_from; i < end; i++) {
        if (p->input[i] == '&') i = check_reference(p, i, end);
        else if (input_has(p, i, end, "]]>")) x5_parse_error_at(p, X5_ERROR_CDATA_SECTION_END_IN_TEXT, (uint32_t)i);
    }
}

/* [40] STag, [44] EmptyElemTag: names, whitespace before each attribute,
 * [10] AttValue quoted, without '<', with well-formed references. */
static void check_tag(x5_parser *p, const x5_token *tok) {
    check_name(p, tok->name, tok->start + 1);
    for (size_t k = 0; k < tok->nattrs; k++) {
        const x5_token_attr *a = &tok->attrs[k];
        size_t v = a->value_start, e = a->value_end;
        check_name(p, a->name, a->name_start);
        if (!is_s(p->input[a->name_start - 1])) x5_parse_error_at(p, X5_ERROR_MISSING_WHITESPACE_BEFORE_ATTRIBUTE, a->name_start);
        h5_char q = p->input[v - 1];
        if ((q != '"' && q != '\'') || e >= p->input_len || p->input[e] != q)
            x5_parse_error_at(p, X5_ERROR_UNQUOTED_ATTRIBUTE_VALUE, (uint32_t)v);
        for (size_t i = v; i < e; i++) {
            if (p->input[i] == '<') x5_parse_error_at(p, X5_ERROR_LESS_THAN_SIGN_IN_ATTRIBUTE_VALUE, (uint32_t)i);
            if (p->input[i] == '&') i = check_reference(p, i, e);
        }
    }
}

/* [23] XMLDecl: version first ([26] VersionNum 1.[0-9]+), then encoding
 * ([81] EncName), then standalone ([32] 'yes' | 'no'). */
static bool decl_ok(const x5_parser *p, const x5_token *tok) {
    h5_str v = tok->version, e = tok->encoding, sd = tok->standalone;
    if (!tok->has_version || v.len < 3 || v.ptr[0] != '1' || v.ptr[1] != '.') return false;
    for (size_t i = 2; i < v.len; i++)
        if (v.ptr[i] < '0' || v.ptr[i] > '9') return false;
    if (tok->has_encoding) {
        if (!e.len || (e.ptr[0] | 0x20) < 'a' || (e.ptr[0] | 0x20) > 'z') return false;
        for (size_t i = 1; i < e.len; i++) {
            h5_char c = e.ptr[i];
            if (!(((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-'))
                return false;
        }
    }
    if (tok->has_standalone && !h5_str_eq(sd, (h5_str){ (const h5_char *)(const void *)u"yes", 3 }) &&
        !h5_str_eq(sd, (h5_str){ (const h5_char *)(const void *)u"no", 2 }))
        return false;
    /* The order, as written: "version" right after "<?xml" and its space;
     * "encoding" before "standalone". */
    size_t i = tok->start + 5, end = tok->end;
    while (i < end && is_s(p->input[i])) i++;
    if (!input_has(p, i, end, "version")) return false;
    size_t enc = end, sa = end;
    for (; i < end; i++) {
        if (input_has(p, i, end, "encoding") && enc == end) enc = i;
        if (input_has(p, i, end, "standalone") && sa == end) sa = i;
    }
    return !(tok->has_encoding && tok->has_standalone && sa < enc);
}

static void check_token(x5_parser *p, const x5_token *tok) {
    if (!p->input) return;
    bool plain_text = tok->type == X5_TOKEN_CHARACTER && !tok->cdata;
    if (plain_text) return; /* checked with the input up to the next token */
    if (tok->type != X5_TOKEN_CHARACTER || tok->cdata_start) check_text(p, tok->type == X5_TOKEN_EOF ? p->input_len : tok->start);
    p->text_from = tok->end;
    switch (tok->type) {
    case X5_TOKEN_START_TAG:
    case X5_TOKEN_EMPTY_TAG: check_tag(p, tok); return;
    case X5_TOKEN_COMMENT: /* [15] */
        for (size_t i = 0; i < tok->data.len; i++)
            if (tok->data.ptr[i] == '-' && (i + 1 == tok->data.len || tok->data.ptr[i + 1] == '-')) {
                x5_parse_error_at(p, X5_ERROR_DOUBLE_HYPHEN_IN_COMMENT, tok->start);
                return;
            }
        return;
    case X5_TOKEN_PI: check_name(p, tok->name, tok->start + 2); return;
    case X5_TOKEN_XML_DECLARATION:
        if (!decl_ok(p, tok)) x5_parse_error_at(p, X5_ERROR_INVALID_XML_DECLARATION, tok->start);
        return;
    case X5_TOKEN_DOCTYPE: /* [28]; [75] PUBLIC has both literals */
        check_name(p, tok->name, tok->start + 10);
        if (tok->has_public_id && !tok->has_system_id) x5_parse_error_at(p, X5_ERROR_MISSING_DOCTYPE_SYSTEM_IDENTIFIER, tok->start);
        p->doctype_start = tok->start;
        p->doctype_end = tok->end;
        p->entities_unknown = tok->has_system_id;
        for (size_t i = tok->start; i < tok->end; i++) p->entities_unknown |= p->input[i] == '%';
        return;
    default: return;
    }
}

/* The whole input: [2] Char (the first character that is not one). */
static void check_chars(x5_parser *p) {
    for (size_t i = 0; p->input && i < p->input_len; i++)
        if (!xml_char_at(p, &i)) {
            x5_parse_error_at(p, X5_ERROR_INVALID_XML_CHARACTER, (uint32_t)i);
            return;
        }
}

/* Tokenizer errors that strict parsing leaves to the checks above: XML5
 * reports controls, noncharacters and references by HTML's rules. */
static bool checked_by_strict(x5_error_code code) {
    return (code >= X5_ERROR_ABSENCE_OF_DIGITS_IN_NUMERIC_CHARACTER_REFERENCE && code <= X5_ERROR_SURROGATE_IN_INPUT_STREAM);
}

static void on_token(void *ctx, const x5_token *tok) {
    x5_parser *p = ctx;
    if (p->oom) return;
    if (p->strict) check_token(p, tok);
    switch (p->phase) {
    case X5_PHASE_START: start_phase(p, tok); break;
    case X5_PHASE_MAIN: main_phase(p, tok); break;
    case X5_PHASE_END: end_phase(p, tok); break;
    }
    bool bom = tok->type == X5_TOKEN_CHARACTER && !tok->start && tok->data.len == 1 && tok->data.ptr[0] == 0xFEFF;
    if (tok->type != X5_TOKEN_XML_DECLARATION && !bom) p->seen_token = true; /* (text_outside_root) */
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
    if (p->strict) check_chars(p);

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
