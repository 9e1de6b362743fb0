/*
 * Tree construction, the insertion modes before "in body" (see tb_modes.h):
 * spec 13.2.6.4.1 initial (with the quirks mode of a DOCTYPE), 13.2.6.4.2
 * before html, 13.2.6.4.3 before head, 13.2.6.4.4 in head (with the
 * encoding change a <meta> asks for, 13.2.3.4), 13.2.6.4.5 in head
 * noscript, 13.2.6.4.6 after head.
 */
#include "tb_modes.h"

#include <string.h>

/* ---- declarative shadow roots (13.2.6.4.4, a start tag "template") ---- */

/* DOM "valid shadow host name". */
static bool is_valid_shadow_host_name(uint16_t atom) {
    switch (atom) {
    case H5_ATOM_ARTICLE: case H5_ATOM_ASIDE: case H5_ATOM_BLOCKQUOTE: case H5_ATOM_BODY:
    case H5_ATOM_DIV: case H5_ATOM_FOOTER: case H5_ATOM_H1: case H5_ATOM_H2: case H5_ATOM_H3:
    case H5_ATOM_H4: case H5_ATOM_H5: case H5_ATOM_H6: case H5_ATOM_HEADER: case H5_ATOM_MAIN:
    case H5_ATOM_NAV: case H5_ATOM_P: case H5_ATOM_SECTION: case H5_ATOM_SPAN:
        return true;
    default:
        return false;
    }
}

/* HTML 4.13.3 "valid custom element name" for a name the tokenizer made:
 * "a valid element local name" (DOM: an ASCII alpha first, then no ASCII
 * whitespace, NULL, "/" or ">", which a tag name never has) whose first
 * code point is an ASCII lower alpha, with no ASCII upper alpha (a tag
 * name is lowercased), containing "-", and not one of the reserved names. */
static bool is_valid_custom_element_name(h5_str name) {
    static const char *const reserved[] = {
        "annotation-xml", "color-profile", "font-face", "font-face-src",
        "font-face-uri", "font-face-format", "font-face-name", "missing-glyph",
    };
    if (!name.len || name.ptr[0] < 'a' || name.ptr[0] > 'z') return false;
    bool hyphen = false;
    for (size_t i = 0; i < name.len; i++) {
        if (name.ptr[i] >= 'A' && name.ptr[i] <= 'Z') return false;
        if (name.ptr[i] == '-') hyphen = true;
    }
    if (!hyphen) return false;
    for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
        if (h5_str_eq_ascii(name, reserved[i])) return false;
    return true;
}

/* The value of attribute `name` of a start tag (names are lowercase). */
static const h5_token_attr *tag_attr(const h5_tb_token *tk, const char *name) {
    for (size_t i = 0; i < tk->t->nattrs; i++)
        if (h5_str_eq_ascii(tk->t->attrs[i].name, name)) return &tk->t->attrs[i];
    return NULL;
}

/* The shadowrootmode attribute's state (4.12.3, an enumerated attribute
 * with keywords "open" and "closed", ASCII case-insensitive; missing and
 * invalid values are the None state): H5_SHADOW_CLOSED, 0 for open, -1
 * for None. */
static int shadowrootmode_state(const h5_tb_token *tk) {
    const h5_token_attr *a = tag_attr(tk, "shadowrootmode");
    if (!a) return -1;
    if (h5_str_eq_ascii_ci(a->value, "open")) return 0;
    if (h5_str_eq_ascii_ci(a->value, "closed")) return H5_SHADOW_CLOSED;
    return -1;
}

/* DOM "attach a shadow root", as far as a parser can fail it: the host is
 * an HTML element whose local name is a valid custom element name or a
 * valid shadow host name (no custom element definition exists while
 * parsing, so "disable shadow" never applies); the caller has checked that
 * it is not a shadow host yet.  NULL when it throws (or on OOM). */
static h5_node *attach_shadow_root(h5_treebuilder *tb, h5_node *host, unsigned bits) {
    if (host->type != H5_NODE_ELEMENT || host->ns != H5_NS_HTML) return NULL;
    if (!is_valid_shadow_host_name(host->atom) && !is_valid_custom_element_name(host->name)) return NULL;
    h5_node *shadow = h5_node_create(tb->arena, H5_NODE_FRAGMENT);
    if (!shadow) {
        tb->failed = true;
        return NULL;
    }
    shadow->flags = H5_NODE_FLAG_SHADOW_ROOT;
    shadow->shadow = (uint8_t)bits;
    host->template_content = shadow;
    return shadow;
}

/* 13.2.6.4.4 "in head", a start tag whose tag name is "template". */
static void start_tag_template(h5_treebuilder *tb, const h5_tb_token *tk) {
    h5_tb_afe_push_marker(tb);
    tb->frameset_ok = false;
    tb->mode = H5_MODE_IN_TEMPLATE;
    h5_tb_push_template_mode(tb, H5_MODE_IN_TEMPLATE);
    /* "If any of the following are false: template start tag's
     * shadowrootmode is not in the None state; the parser's allow
     * declarative shadow roots is true; or the adjusted current node is not
     * the topmost element in the stack of open elements, then insert an
     * HTML element for the token."  In the fragment case the adjusted
     * current node can be the context element; ours is a name, not an
     * element that could take a shadow root, and Chromium 156's
     * setHTMLUnsafe() leaves such a template plain too. */
    int mode = tb->opts.shadow_roots ? shadowrootmode_state(tk) : -1;
    h5_node *host = h5_tb_adjusted_current(tb);
    if (mode < 0 || !host || host == tb->stack[0] || host == tb->context) {
        h5_tb_insert_html_element(tb, tk);
        return;
    }
    /* "Let the adjusted insertion location be the appropriate place for
     * inserting a node", before the template is on the stack. */
    h5_node *parent, *before;
    h5_tb_appropriate_place_for_inserting(tb, NULL, &parent, &before);
    /* "Let template be the result of insert a foreign element for template
     * start tag, with HTML namespace and true" (on the stack only). */
    h5_node *tmpl = h5_tb_insert_foreign_element(tb, tk, H5_NS_HTML, true);
    if (!tmpl) return;
    unsigned bits = (unsigned)mode;
    if (tag_attr(tk, "shadowrootclonable")) bits |= H5_SHADOW_CLONABLE;
    if (tag_attr(tk, "shadowrootserializable")) bits |= H5_SHADOW_SERIALIZABLE;
    if (tag_attr(tk, "shadowrootdelegatesfocus")) bits |= H5_SHADOW_DELEGATES_FOCUS;
    /* slotAssignment: "manual" in the shadowrootslotassignment attribute's
     * Manual state (keywords "named" and "manual", invalid value default
     * Named); registry: null with a shadowrootcustomelementregistry
     * attribute. */
    const h5_token_attr *slot = tag_attr(tk, "shadowrootslotassignment");
    if (slot && h5_str_eq_ascii_ci(slot->value, "manual")) bits |= H5_SHADOW_SLOT_MANUAL;
    if (tag_attr(tk, "shadowrootcustomelementregistry")) bits |= H5_SHADOW_KEEP_REGISTRY_NULL;
    /* "If declarative shadow host element is a shadow host, then insert an
     * element at the adjusted insertion location with template.  Otherwise
     * attach a shadow root ...; if an exception is thrown, insert an element
     * at the adjusted insertion location with template."  (A template is
     * never a host, so template_content is the host's shadow root.) */
    h5_node *shadow = host->template_content ? NULL : attach_shadow_root(tb, host, bits);
    if (!shadow) {
        if (!tb->failed) h5_node_insert_before(parent, tmpl, before);
        return;
    }
    /* "Set template's template contents property to shadow" (shadow's
     * declarative and available to element internals are true: nothing a
     * tree records).  The template stays out of the tree; its contents go
     * into the shadow root, which starts where the template does. */
    tmpl->template_content = shadow;
    shadow->start = tmpl->start;
}

/* ---- 13.2.6.4.1 initial ------------------------------------------------ */

static const char *const quirks_public_prefixes[] = {
    "+//Silmaril//dtd html Pro v0r11 19970101//",
    "-//AS//DTD HTML 3.0 asWedit + extensions//",
    "-//AdvaSoft Ltd//DTD HTML 3.0 asWedit + extensions//",
    "-//IETF//DTD HTML 2.0 Level 1//",
    "-//IETF//DTD HTML 2.0 Level 2//",
    "-//IETF//DTD HTML 2.0 Strict Level 1//",
    "-//IETF//DTD HTML 2.0 Strict Level 2//",
    "-//IETF//DTD HTML 2.0 Strict//",
    "-//IETF//DTD HTML 2.0//",
    "-//IETF//DTD HTML 2.1E//",
    "-//IETF//DTD HTML 3.0//",
    "-//IETF//DTD HTML 3.2 Final//",
    "-//IETF//DTD HTML 3.2//",
    "-//IETF//DTD HTML 3//",
    "-//IETF//DTD HTML Level 0//",
    "-//IETF//DTD HTML Level 1//",
    "-//IETF//DTD HTML Level 2//",
    "-//IETF//DTD HTML Level 3//",
    "-//IETF//DTD HTML Strict Level 0//",
    "-//IETF//DTD HTML Strict Level 1//",
    "-//IETF//DTD HTML Strict Level 2//",
    "-//IETF//DTD HTML Strict Level 3//",
    "-//IETF//DTD HTML Strict//",
    "-//IETF//DTD HTML//",
    "-//Metrius//DTD Metrius Presentational//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 2.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 2.0 Tables//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML Strict//",
    "-//Microsoft//DTD Internet Explorer 3.0 HTML//",
    "-//Microsoft//DTD Internet Explorer 3.0 Tables//",
    "-//Netscape Comm. Corp.//DTD HTML//",
    "-//Netscape Comm. Corp.//DTD Strict HTML//",
    "-//O'Reilly and Associates//DTD HTML 2.0//",
    "-//O'Reilly and Associates//DTD HTML Extended 1.0//",
    "-//O'Reilly and Associates//DTD HTML Extended Relaxed 1.0//",
    "-//SQ//DTD HTML 2.0 HoTMetaL + extensions//",
    "-//SoftQuad Software//DTD HoTMetaL PRO 6.0::19990601::extensions to HTML 4.0//",
    "-//SoftQuad//DTD HoTMetaL PRO 4.0::19971010::extensions to HTML 4.0//",
    "-//Spyglass//DTD HTML 2.0 Extended//",
    "-//Sun Microsystems Corp.//DTD HotJava HTML//",
    "-//Sun Microsystems Corp.//DTD HotJava Strict HTML//",
    "-//W3C//DTD HTML 3 1995-03-24//",
    "-//W3C//DTD HTML 3.2 Draft//",
    "-//W3C//DTD HTML 3.2 Final//",
    "-//W3C//DTD HTML 3.2//",
    "-//W3C//DTD HTML 3.2S Draft//",
    "-//W3C//DTD HTML 4.0 Frameset//",
    "-//W3C//DTD HTML 4.0 Transitional//",
    "-//W3C//DTD HTML Experimental 19960712//",
    "-//W3C//DTD HTML Experimental 970421//",
    "-//W3C//DTD W3 HTML//",
    "-//W3O//DTD W3 HTML 3.0//",
    "-//WebTechs//DTD Mozilla HTML 2.0//",
    "-//WebTechs//DTD Mozilla HTML//",
};

static bool starts_with_ci(h5_str s, const char *prefix) {
    size_t n = strlen(prefix);
    if (s.len < n) return false;
    h5_str head = { s.ptr, n };
    return h5_str_eq_ascii_ci(head, prefix);
}

/* 13.2.6.4.1 "initial", the quirks mode of a DOCTYPE.  Since whatwg/html
 * PR 12084 (commit e7318c5e, 2026, "handle missing and empty string mostly
 * the same for DOCTYPEs", as Chromium and WebKit always did) the HTML 4.01
 * Frameset and Transitional public identifiers give quirks mode when "the
 * system identifier is missing or the empty string", and limited-quirks
 * mode when it is "neither missing nor the empty string".  (The public
 * identifier conditions never matched an empty one; the parse error still
 * tells missing from empty.) */
static h5_quirks_mode doctype_quirks(const h5_token *t) {
    const bool no_system_id = !t->has_system_id || t->system_id.len == 0;
    if (t->force_quirks || !t->has_name || !h5_str_eq_ascii(t->name, "html")) return H5_MODE_QUIRKS;
    h5_str pub = t->public_id, sys = t->system_id;
    if (t->has_public_id) {
        if (h5_str_eq_ascii_ci(pub, "-//W3O//DTD W3 HTML Strict 3.0//EN//") ||
            h5_str_eq_ascii_ci(pub, "-/W3C/DTD HTML 4.0 Transitional/EN") || h5_str_eq_ascii_ci(pub, "HTML"))
            return H5_MODE_QUIRKS;
        for (size_t i = 0; i < sizeof quirks_public_prefixes / sizeof quirks_public_prefixes[0]; i++)
            if (starts_with_ci(pub, quirks_public_prefixes[i])) return H5_MODE_QUIRKS;
        if (no_system_id && (starts_with_ci(pub, "-//W3C//DTD HTML 4.01 Frameset//") ||
                             starts_with_ci(pub, "-//W3C//DTD HTML 4.01 Transitional//")))
            return H5_MODE_QUIRKS;
    }
    if (t->has_system_id && h5_str_eq_ascii_ci(sys, "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd"))
        return H5_MODE_QUIRKS;
    if (t->has_public_id) {
        if (starts_with_ci(pub, "-//W3C//DTD XHTML 1.0 Frameset//") ||
            starts_with_ci(pub, "-//W3C//DTD XHTML 1.0 Transitional//"))
            return H5_MODE_LIMITED_QUIRKS;
        if (!no_system_id && (starts_with_ci(pub, "-//W3C//DTD HTML 4.01 Frameset//") ||
                              starts_with_ci(pub, "-//W3C//DTD HTML 4.01 Transitional//")))
            return H5_MODE_LIMITED_QUIRKS;
    }
    return H5_MODE_NO_QUIRKS;
}

static h5_str keep_str(h5_treebuilder *tb, h5_str s) {
    h5_str r = { h5_tb_keep(tb, s.ptr, s.len), s.len };
    return r;
}

void h5_initial_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (h5_tb_is_ws_token(tk)) return;
    if (tk->type == H5_TOKEN_COMMENT) {
        h5_tb_insert_comment(tb, tk, tb->document);
        return;
    }
    if (tk->type == H5_TOKEN_DOCTYPE) {
        const h5_token *t = tk->t;
        if (!t->has_name || !h5_str_eq_ascii(t->name, "html") || t->has_public_id ||
            (t->has_system_id && !h5_str_eq_ascii(t->system_id, "about:legacy-compat")))
            h5_tb_error(tb, H5_ERROR_NON_CONFORMING_DOCTYPE, tk->start);
        h5_node *d = h5_node_create(tb->arena, H5_NODE_DOCTYPE);
        if (!d) {
            tb->failed = true;
            return;
        }
        if (t->has_name) d->name = keep_str(tb, t->name);
        if (t->has_public_id) d->public_id = keep_str(tb, t->public_id);
        if (t->has_system_id) d->system_id = keep_str(tb, t->system_id);
        d->has_public_id = t->has_public_id;
        d->has_system_id = t->has_system_id;
        d->start = tk->start;
        d->end = tk->end;
        h5_node_append(tb->document, d);
        tb->document->mode = (uint8_t)doctype_quirks(t);
        tb->mode = H5_MODE_BEFORE_HTML;
        return;
    }
    h5_tb_error(tb, H5_ERROR_MISSING_DOCTYPE, tk->start);
    tb->document->mode = H5_MODE_QUIRKS;
    h5_tb_reprocess_in(tb, H5_MODE_BEFORE_HTML, tk);
}

/* Before html and before head: "An end tag whose tag name is one of:
 * "head", "body", "html", "br": act as described in the "anything else"
 * entry below.  Any other end tag: parse error.  Ignore the token."  True
 * when the end tag was ignored. */
static bool end_tag_ignored(h5_treebuilder *tb, const h5_tb_token *tk) {
    if (tk->atom == H5_ATOM_HEAD || tk->atom == H5_ATOM_BODY || tk->atom == H5_ATOM_HTML || tk->atom == H5_ATOM_BR)
        return false;
    h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
    return true;
}

/* ---- 13.2.6.4.2 before html -------------------------------------------- */

void h5_before_html_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_DOCTYPE:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_DOCTYPE, tk->start);
        return;
    case H5_TOKEN_COMMENT:
        h5_tb_insert_comment(tb, tk, tb->document);
        return;
    case H5_TOKEN_CHARACTER:
        if (h5_tb_is_ws_token(tk)) return;
        break;
    case H5_TOKEN_START_TAG:
        if (tk->atom == H5_ATOM_HTML) {
            h5_node *n = h5_tb_create_element(tb, tk, H5_NS_HTML);
            if (!n) return;
            h5_node_append(tb->document, n);
            h5_tb_push(tb, n);
            tb->mode = H5_MODE_BEFORE_HEAD;
            return;
        }
        break;
    case H5_TOKEN_END_TAG:
        if (end_tag_ignored(tb, tk)) return;
        break;
    default:
        break;
    }
    if (!h5_tb_insert_implied(tb, H5_ATOM_HTML, tk->start)) return;
    h5_tb_reprocess_in(tb, H5_MODE_BEFORE_HEAD, tk);
}

/* ---- 13.2.6.4.3 before head -------------------------------------------- */

void h5_before_head_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_COMMENT: case H5_TOKEN_DOCTYPE:
        h5_tb_comment_or_doctype(tb, tk);
        return;
    case H5_TOKEN_CHARACTER:
        if (h5_tb_is_ws_token(tk)) return;
        break;
    case H5_TOKEN_START_TAG:
        if (tk->atom == H5_ATOM_HTML) {
            h5_in_body_mode(tb, tk);
            return;
        }
        if (tk->atom == H5_ATOM_HEAD) {
            tb->head = h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_HEAD;
            return;
        }
        break;
    case H5_TOKEN_END_TAG:
        if (end_tag_ignored(tb, tk)) return;
        break;
    default:
        break;
    }
    tb->head = h5_tb_insert_implied(tb, H5_ATOM_HEAD, tk->start);
    if (!tb->head) return;
    h5_tb_reprocess_in(tb, H5_MODE_IN_HEAD, tk);
}

bool h5_tb_head_common_rules(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER:
        if (!h5_tb_is_ws_token(tk)) return false;
        h5_tb_insert_token_characters(tb, tk);
        return true;
    case H5_TOKEN_START_TAG:
        if (tk->atom != H5_ATOM_HTML) return false;
        h5_in_body_mode(tb, tk);
        return true;
    default:
        return h5_tb_comment_or_doctype(tb, tk);
    }
}

bool h5_tb_in_head_if(h5_treebuilder *tb, h5_tb_token *tk, h5_atom atom) {
    if (tk->atom != atom) return false;
    h5_in_head_mode(tb, tk);
    return true;
}

/* ---- 13.2.6.4.4 in head ------------------------------------------------ */

/* A meta start tag while the confidence is tentative: "If the element has a
 * charset attribute, and getting an encoding from its value results in an
 * encoding ... change the encoding to the resulting encoding.  Otherwise, if
 * the element has an http-equiv attribute whose value is an ASCII
 * case-insensitive match for the string "Content-Type", and the element has
 * a content attribute, and applying the algorithm for extracting a character
 * encoding from a meta element to that attribute's value returns an
 * encoding ... change the encoding to the extracted encoding."  Either way
 * the confidence is then certain (13.2.3.4): the parse goes on, and the
 * caller parses again when encoding_change is set. */
static void meta_encoding(h5_treebuilder *tb, const h5_node *meta) {
    const h5_attr *charset = NULL, *http_equiv = NULL, *content = NULL;
    for (uint32_t i = 0; i < meta->nattrs; i++) {
        const h5_attr *a = &meta->attrs[i];
        if (a->ns != H5_ATTR_NS_NONE) continue;
        if (!charset && h5_str_eq_ascii(a->name, "charset")) charset = a;
        else if (!http_equiv && h5_str_eq_ascii(a->name, "http-equiv")) http_equiv = a;
        else if (!content && h5_str_eq_ascii(a->name, "content")) content = a;
    }
    h5_encoding e = charset ? h5_get_encoding(charset->value) : H5_ENC_NONE;
    if (e == H5_ENC_NONE && http_equiv && content && h5_str_eq_ascii_ci(http_equiv->value, "content-type"))
        e = h5_meta_charset(content->value);
    if (e == H5_ENC_NONE) return;
    tb->encoding_tentative = false;
    tb->encoding_change = (uint8_t)h5_change_encoding(tb->opts.encoding, e);
}

void h5_in_head_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (h5_tb_head_common_rules(tb, tk)) return;
    switch (tk->type) {
    case H5_TOKEN_START_TAG:
        switch (tk->atom) {
        case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_LINK:
            h5_tb_insert_html_element(tb, tk);
            h5_tb_pop(tb);
            h5_tb_ack_self_closing(tk);
            return;
        case H5_ATOM_META: {
            h5_node *meta = h5_tb_insert_html_element(tb, tk);
            h5_tb_pop(tb);
            h5_tb_ack_self_closing(tk);
            if (meta && tb->encoding_tentative) meta_encoding(tb, meta);
            return;
        }
        case H5_ATOM_TITLE: case H5_ATOM_NOSCRIPT: case H5_ATOM_NOFRAMES: case H5_ATOM_STYLE:
        case H5_ATOM_SCRIPT:
            if (tk->atom == H5_ATOM_NOSCRIPT && !tb->opts.scripting) {
                h5_tb_insert_html_element(tb, tk);
                tb->mode = H5_MODE_IN_HEAD_NOSCRIPT;
                return;
            }
            /* The generic RCDATA element parsing algorithm (title), the
             * generic raw text one (noscript, noframes, style), or script's
             * steps (13.2.6.2, 13.2.6.4.4). */
            h5_tb_generic_text_parse(tb, tk, h5_tb_text_state(tb, tk->atom));
            return;
        case H5_ATOM_TEMPLATE:
            start_tag_template(tb, tk);
            return;
        case H5_ATOM_HEAD:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            return;
        default:
            break;
        }
        break;
    case H5_TOKEN_END_TAG:
        switch (tk->atom) {
        case H5_ATOM_HEAD:
            h5_tb_pop(tb);
            tb->mode = H5_MODE_AFTER_HEAD;
            return;
        case H5_ATOM_BODY: case H5_ATOM_HTML: case H5_ATOM_BR:
            break;
        case H5_ATOM_TEMPLATE:
            if (!h5_tb_on_stack(tb, H5_ATOM_TEMPLATE)) {
                h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
                return;
            }
            h5_tb_generate_all_implied_end_tags_thoroughly(tb);
            if (!h5_is_html(h5_tb_current(tb), H5_ATOM_TEMPLATE))
                h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
            h5_tb_pop_until(tb, H5_ATOM_TEMPLATE);
            h5_tb_afe_clear_to_marker(tb);
            h5_tb_pop_template_mode(tb);
            h5_tb_reset_insertion_mode(tb);
            return;
        default:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
            return;
        }
        break;
    default:
        break;
    }
    h5_tb_pop(tb); /* the head element */
    h5_tb_reprocess_in(tb, H5_MODE_AFTER_HEAD, tk);
}

/* ---- 13.2.6.4.5 in head noscript --------------------------------------- */

void h5_in_head_noscript_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    /* Whitespace and comments go by the rules for "in head", which insert
     * them: as h5_tb_head_common_rules does. */
    if (h5_tb_head_common_rules(tb, tk)) return;
    switch (tk->type) {
    case H5_TOKEN_START_TAG:
        switch (tk->atom) {
        case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_LINK: case H5_ATOM_META:
        case H5_ATOM_NOFRAMES: case H5_ATOM_STYLE:
            h5_in_head_mode(tb, tk);
            return;
        case H5_ATOM_HEAD: case H5_ATOM_NOSCRIPT:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            return;
        default:
            break;
        }
        break;
    case H5_TOKEN_END_TAG:
        if (tk->atom == H5_ATOM_NOSCRIPT) {
            h5_tb_pop(tb);
            tb->mode = H5_MODE_IN_HEAD;
            return;
        }
        if (tk->atom == H5_ATOM_BR) break;
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    default:
        break;
    }
    h5_tb_error(tb, tk->type == H5_TOKEN_CHARACTER ? H5_ERROR_UNEXPECTED_CHARACTER
                    : tk->type == H5_TOKEN_EOF     ? H5_ERROR_EOF_WITH_OPEN_ELEMENTS
                                                   : H5_ERROR_UNEXPECTED_START_TAG,
                tk->start);
    h5_tb_pop(tb); /* noscript */
    h5_tb_reprocess_in(tb, H5_MODE_IN_HEAD, tk);
}

/* ---- 13.2.6.4.6 after head --------------------------------------------- */

void h5_after_head_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (h5_tb_head_common_rules(tb, tk)) return;
    switch (tk->type) {
    case H5_TOKEN_START_TAG:
        switch (tk->atom) {
        case H5_ATOM_BODY:
            h5_tb_insert_html_element(tb, tk);
            tb->frameset_ok = false;
            tb->mode = H5_MODE_IN_BODY;
            return;
        case H5_ATOM_FRAMESET:
            h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_FRAMESET;
            return;
        case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_LINK:
        case H5_ATOM_META: case H5_ATOM_NOFRAMES: case H5_ATOM_SCRIPT: case H5_ATOM_STYLE:
        case H5_ATOM_TEMPLATE: case H5_ATOM_TITLE: {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            h5_node *head = tb->head;
            if (!head || !h5_tb_push(tb, head)) return;
            h5_in_head_mode(tb, tk);
            h5_tb_remove_from_stack(tb, head);
            return;
        }
        case H5_ATOM_HEAD:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            return;
        default:
            break;
        }
        break;
    case H5_TOKEN_END_TAG:
        if (h5_tb_in_head_if(tb, tk, H5_ATOM_TEMPLATE)) return;
        if (tk->atom == H5_ATOM_BODY || tk->atom == H5_ATOM_HTML || tk->atom == H5_ATOM_BR) break;
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    default:
        break;
    }
    if (!h5_tb_insert_implied(tb, H5_ATOM_BODY, tk->start)) return;
    /* whatwg/html PR 12908 (2026): "Set the frameset-ok flag to "ok"" when
     * the body is inserted implicitly: a <template> in the head set it to
     * "not ok", yet <head><template></template></head><p><frameset> builds
     * a frameset document in engines.  Nothing before this point can have
     * been body content. */
    tb->frameset_ok = true;
    h5_tb_reprocess_in(tb, H5_MODE_IN_BODY, tk);
}
