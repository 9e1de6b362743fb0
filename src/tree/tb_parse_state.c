/*
 * Tree construction machinery (see tb_machinery.h): the parse state of spec
 * 13.2.4 - 13.2.4.1 "reset the insertion mode appropriately" and the stack
 * of template insertion modes, 13.2.4.2 the stack of open elements, the
 * element categories and "has an element in scope", 13.2.6.3 "closing
 * elements that have implied end tags", and the pops of 13.2.7 "stop
 * parsing" - plus parse errors and the growable arrays of the tree builder.
 */
#include "tb_machinery.h"

#include <stdlib.h>
#include <string.h>

/* ---- parse errors and arrays ------------------------------------------- */

void h5_tb_error(h5_treebuilder *tb, h5_error_code code, uint32_t offset) {
    tb->error_count++;
    if (tb->opts.on_error) tb->opts.on_error(tb->opts.error_ctx, code, offset);
}

/* One parse error per character token of a run (the spec processes
 * characters one token each). */
void h5_tb_char_errors(h5_treebuilder *tb, h5_error_code code, const h5_char *s, size_t n, uint32_t start) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] >= 0xDC00 && s[i] <= 0xDFFF && i && s[i - 1] >= 0xD800 && s[i - 1] <= 0xDBFF) continue;
        h5_tb_error(tb, code, start + (uint32_t)i);
    }
}

bool h5_tb_grow_array(h5_treebuilder *tb, void **arr, size_t *cap, size_t need, size_t elem) {
    size_t ncap = *cap ? *cap : 32;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2 / elem) {
            tb->failed = true;
            return false;
        }
        ncap *= 2;
    }
    void *p = realloc(*arr, ncap * elem);
    if (!p) {
        tb->failed = true;
        return false;
    }
    *arr = p;
    *cap = ncap;
    return true;
}

/* ---- element categories (13.2.4.2, 13.2.6) ---------------------------- */

bool h5_tb_is_special(const h5_node *n) {
    if (n->ns == H5_NS_HTML) {
        switch (n->atom) {
        case H5_ATOM_ADDRESS: case H5_ATOM_APPLET: case H5_ATOM_AREA: case H5_ATOM_ARTICLE:
        case H5_ATOM_ASIDE: case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND:
        case H5_ATOM_BLOCKQUOTE: case H5_ATOM_BODY: case H5_ATOM_BR: case H5_ATOM_BUTTON:
        case H5_ATOM_CAPTION: case H5_ATOM_CENTER: case H5_ATOM_COL: case H5_ATOM_COLGROUP:
        case H5_ATOM_DD: case H5_ATOM_DETAILS: case H5_ATOM_DIR: case H5_ATOM_DIV:
        case H5_ATOM_DL: case H5_ATOM_DT: case H5_ATOM_EMBED: case H5_ATOM_FIELDSET:
        case H5_ATOM_FIGCAPTION: case H5_ATOM_FIGURE: case H5_ATOM_FOOTER: case H5_ATOM_FORM:
        case H5_ATOM_FRAME: case H5_ATOM_FRAMESET: case H5_ATOM_H1: case H5_ATOM_H2:
        case H5_ATOM_H3: case H5_ATOM_H4: case H5_ATOM_H5: case H5_ATOM_H6:
        case H5_ATOM_HEAD: case H5_ATOM_HEADER: case H5_ATOM_HGROUP: case H5_ATOM_HR:
        case H5_ATOM_HTML: case H5_ATOM_IFRAME: case H5_ATOM_IMG: case H5_ATOM_INPUT:
        case H5_ATOM_KEYGEN: case H5_ATOM_LI: case H5_ATOM_LINK: case H5_ATOM_LISTING:
        case H5_ATOM_MAIN: case H5_ATOM_MARQUEE: case H5_ATOM_MENU: case H5_ATOM_META:
        case H5_ATOM_NAV: case H5_ATOM_NOEMBED: case H5_ATOM_NOFRAMES: case H5_ATOM_NOSCRIPT:
        case H5_ATOM_OBJECT: case H5_ATOM_OL: case H5_ATOM_P: case H5_ATOM_PARAM:
        case H5_ATOM_PLAINTEXT: case H5_ATOM_PRE: case H5_ATOM_SCRIPT: case H5_ATOM_SEARCH:
        case H5_ATOM_SECTION: case H5_ATOM_SELECT: case H5_ATOM_SOURCE: case H5_ATOM_STYLE:
        case H5_ATOM_SUMMARY: case H5_ATOM_TABLE: case H5_ATOM_TBODY: case H5_ATOM_TD:
        case H5_ATOM_TEMPLATE: case H5_ATOM_TEXTAREA: case H5_ATOM_TFOOT: case H5_ATOM_TH:
        case H5_ATOM_THEAD: case H5_ATOM_TITLE: case H5_ATOM_TR: case H5_ATOM_TRACK:
        case H5_ATOM_UL: case H5_ATOM_WBR: case H5_ATOM_XMP:
            return true;
        default:
            return false;
        }
    }
    if (n->ns == H5_NS_MATHML)
        return n->atom == H5_ATOM_MI || n->atom == H5_ATOM_MO || n->atom == H5_ATOM_MN ||
               n->atom == H5_ATOM_MS || n->atom == H5_ATOM_MTEXT || n->atom == H5_ATOM_ANNOTATION_XML;
    if (n->ns == H5_NS_SVG)
        return n->atom == H5_ATOM_FOREIGNOBJECT || n->atom == H5_ATOM_DESC || n->atom == H5_ATOM_TITLE;
    return false;
}

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

/* Boundaries of "has an element in the default scope" (13.2.4.2).  select:
 * added by the customizable <select> parsing (whatwg/html 172cccf4, PR
 * 10557), so that an end tag inside a select does not close what is
 * outside it (<div><select></div><option>, <ol><select><p>y</ol>=). */
static bool is_default_scope_boundary(const h5_node *n) {
    switch (n->ns) {
    case H5_NS_HTML:
        switch (n->atom) {
        case H5_ATOM_APPLET: case H5_ATOM_CAPTION: case H5_ATOM_HTML: case H5_ATOM_TABLE:
        case H5_ATOM_TD: case H5_ATOM_TH: case H5_ATOM_MARQUEE: case H5_ATOM_OBJECT:
        case H5_ATOM_TEMPLATE: case H5_ATOM_SELECT:
            return true;
        default:
            return false;
        }
    case H5_NS_MATHML:
        return n->atom == H5_ATOM_MI || n->atom == H5_ATOM_MO || n->atom == H5_ATOM_MN ||
               n->atom == H5_ATOM_MS || n->atom == H5_ATOM_MTEXT || n->atom == H5_ATOM_ANNOTATION_XML;
    case H5_NS_SVG:
        return n->atom == H5_ATOM_FOREIGNOBJECT || n->atom == H5_ATOM_DESC || n->atom == H5_ATOM_TITLE;
    default:
        return false;
    }
}

static bool is_scope_boundary(const h5_node *n, h5_scope scope) {
    switch (scope) {
    case H5_SCOPE_DEFAULT:
        return is_default_scope_boundary(n);
    case H5_SCOPE_LIST_ITEM:
        return is_default_scope_boundary(n) || h5_is_html(n, H5_ATOM_OL) || h5_is_html(n, H5_ATOM_UL);
    case H5_SCOPE_BUTTON:
        return is_default_scope_boundary(n) || h5_is_html(n, H5_ATOM_BUTTON);
    case H5_SCOPE_TABLE:
        return n->ns == H5_NS_HTML &&
               (n->atom == H5_ATOM_HTML || n->atom == H5_ATOM_TABLE || n->atom == H5_ATOM_TEMPLATE);
    }
    return true;
}

bool h5_tb_node_is_tag(const h5_node *n, const h5_tb_token *tk) {
    if (n->ns != H5_NS_HTML) return false;
    if (tk->atom != H5_ATOM_NONE || n->atom != H5_ATOM_NONE) return n->atom == tk->atom;
    return h5_str_eq(n->name, tk->t->name);
}

/* ---- the stack of open elements (13.2.4.2) ----------------------------- */

void h5_tb_entered_stack(h5_treebuilder *tb, h5_node *n) {
    n->flags |= H5_TB_FLAG_ON_STACK;
    if (h5_tb_counted(n)) tb->stack_count[n->atom]++;
    else tb->foreign_count[n->atom]++;
}

bool h5_tb_push(h5_treebuilder *tb, h5_node *n) {
    if (!n) return false;
    if (!h5_tb_grow(tb, (void **)&tb->stack, &tb->cap_stack, tb->nstack + 1, sizeof *tb->stack)) return false;
    tb->stack[tb->nstack++] = n;
    h5_tb_entered_stack(tb, n);
    return true;
}

static inline bool end_tag_names(const h5_node *n, const h5_tb_token *tk) {
    if (n->ns == H5_NS_HTML) return h5_tb_node_is_tag(n, tk);
    if (n->atom != H5_ATOM_NONE || tk->atom != H5_ATOM_NONE) return n->atom == tk->atom;
    const h5_str *t = &tk->t->name;
    if (t->len != n->name.len) return false;
    for (size_t i = 0; i < t->len; i++)
        if (h5_to_lower(n->name.ptr[i]) != t->ptr[i]) return false;
    return true;
}

bool h5_tb_end_tag_names(const h5_node *n, const h5_tb_token *tk) { return end_tag_names(n, tk); }

/* The end offsets of an element that leaves the stack (treebuilder.h). */
static void record_end(const h5_treebuilder *tb, h5_node *n) {
    if (n->end_tag_start != H5_NO_OFFSET) return;
    const h5_tb_token *tk = tb->cur;
    if (!tk) {
        n->end = (uint32_t)tb->input_len;
    } else if (tk->type == H5_TOKEN_END_TAG && end_tag_names(n, tk)) {
        n->end_tag_start = tk->start;
        n->end = tk->end;
    } else if (tk->type == H5_TOKEN_START_TAG && n->start == tk->start) {
        n->end = n->start_tag_end;
    } else {
        n->end = tk->start;
    }
}

/* An element leaves the stack: bookkeeping, its end offsets (unless
 * `keep_end`: an element the adoption agency replaces by a clone keeps the
 * end it has, as in parse5) and the option popped steps. */
static inline void left_stack(h5_treebuilder *tb, h5_node *n, bool keep_end) {
    n->flags &= ~H5_TB_FLAG_ON_STACK;
    if (h5_tb_counted(n)) tb->stack_count[n->atom]--;
    else tb->foreign_count[n->atom]--;
    if (!keep_end) record_end(tb, n);
    /* A declarative shadow root ends where its template does. */
    if (n->template_content && (n->template_content->flags & H5_NODE_FLAG_SHADOW_ROOT) &&
        h5_is_html(n, H5_ATOM_TEMPLATE))
        n->template_content->end = n->end;
    if (tb->has_selectedcontent && h5_is_html(n, H5_ATOM_OPTION)) h5_tb_option_popped(tb, n);
}

void h5_tb_left_stack(h5_treebuilder *tb, h5_node *n, bool keep_end) { left_stack(tb, n, keep_end); }

h5_node *h5_tb_pop(h5_treebuilder *tb) {
    if (!tb->nstack) return NULL;
    h5_node *n = tb->stack[--tb->nstack];
    left_stack(tb, n, false);
    return n;
}

void h5_tb_pop_until(h5_treebuilder *tb, uint16_t atom) {
    while (tb->nstack) {
        h5_node *n = h5_tb_pop(tb);
        if (h5_is_html(n, atom)) return;
    }
}

void h5_tb_pop_until_node(h5_treebuilder *tb, h5_node *target) {
    if (!(target->flags & H5_TB_FLAG_ON_STACK)) return;
    while (tb->nstack) {
        if (h5_tb_pop(tb) == target) return;
    }
}

long h5_tb_stack_index(const h5_treebuilder *tb, const h5_node *n) {
    if (!(n->flags & H5_TB_FLAG_ON_STACK)) return -1;
    for (size_t i = tb->nstack; i-- > 0;)
        if (tb->stack[i] == n) return (long)i;
    return -1;
}

void h5_tb_remove_from_stack(h5_treebuilder *tb, h5_node *n) {
    long i = h5_tb_stack_index(tb, n);
    if (i < 0) return;
    memmove(tb->stack + i, tb->stack + i + 1, (tb->nstack - (size_t)i - 1) * sizeof *tb->stack);
    tb->nstack--;
    left_stack(tb, n, false);
}

bool h5_tb_on_stack(const h5_treebuilder *tb, uint16_t atom) { return tb->stack_count[atom] != 0; }

bool h5_tb_in_scope(const h5_treebuilder *tb, uint16_t atom, h5_scope scope) {
    if (!tb->stack_count[atom]) return false;
    for (size_t i = tb->nstack; i-- > 0;) {
        const h5_node *n = tb->stack[i];
        if (h5_is_html(n, atom)) return true;
        if (is_scope_boundary(n, scope)) return false;
    }
    return false;
}

bool h5_tb_node_in_scope(const h5_treebuilder *tb, const h5_node *target, h5_scope scope) {
    if (!(target->flags & H5_TB_FLAG_ON_STACK)) return false;
    for (size_t i = tb->nstack; i-- > 0;) {
        const h5_node *n = tb->stack[i];
        if (n == target) return true;
        if (is_scope_boundary(n, scope)) return false;
    }
    return false;
}

static bool is_heading(const h5_node *n) {
    return n->ns == H5_NS_HTML && n->atom >= H5_ATOM_H1 && n->atom <= H5_ATOM_H6;
}

bool h5_tb_heading_in_scope(const h5_treebuilder *tb) {
    bool any = false;
    for (int a = H5_ATOM_H1; a <= H5_ATOM_H6; a++) any |= tb->stack_count[a] != 0;
    if (!any) return false;
    for (size_t i = tb->nstack; i-- > 0;) {
        const h5_node *n = tb->stack[i];
        if (is_heading(n)) return true;
        if (is_default_scope_boundary(n)) return false;
    }
    return false;
}

bool h5_tb_cell_in_scope(const h5_treebuilder *tb) {
    return h5_tb_in_scope(tb, H5_ATOM_TD, H5_SCOPE_TABLE) || h5_tb_in_scope(tb, H5_ATOM_TH, H5_SCOPE_TABLE);
}

/* 13.2.6.3 "Closing elements that have implied end tags". */
static bool has_implied_end_tag(const h5_node *n, bool thorough) {
    if (n->ns != H5_NS_HTML) return false;
    switch (n->atom) {
    case H5_ATOM_DD: case H5_ATOM_DT: case H5_ATOM_LI: case H5_ATOM_OPTGROUP:
    case H5_ATOM_OPTION: case H5_ATOM_P: case H5_ATOM_RB: case H5_ATOM_RP:
    case H5_ATOM_RT: case H5_ATOM_RTC:
        return true;
    case H5_ATOM_CAPTION: case H5_ATOM_COLGROUP: case H5_ATOM_TBODY: case H5_ATOM_TD:
    case H5_ATOM_TFOOT: case H5_ATOM_TH: case H5_ATOM_THEAD: case H5_ATOM_TR:
        return thorough;
    default:
        return false;
    }
}

void h5_tb_generate_implied_end_tags(h5_treebuilder *tb, uint16_t except) {
    while (tb->nstack) {
        h5_node *n = h5_tb_current(tb);
        if (!has_implied_end_tag(n, false)) return;
        if (except != H5_ATOM_NONE && n->atom == except) return;
        h5_tb_pop(tb);
    }
}

void h5_tb_generate_all_implied_end_tags_thoroughly(h5_treebuilder *tb) {
    while (tb->nstack && has_implied_end_tag(h5_tb_current(tb), true)) h5_tb_pop(tb);
}

/* 13.2.6.4.7 "close a p element". */
void h5_tb_close_p(h5_treebuilder *tb, const h5_tb_token *tk) {
    h5_tb_generate_implied_end_tags(tb, H5_ATOM_P);
    if (!h5_is_html(h5_tb_current(tb), H5_ATOM_P))
        h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
    h5_tb_pop_until(tb, H5_ATOM_P);
}

/* "Clear the stack back to a table / table body / table row context":
 * pop until the current node is one of `atoms`, template or html. */
void h5_tb_clear_to_context(h5_treebuilder *tb, const uint16_t *atoms) {
    while (tb->nstack) {
        h5_node *n = h5_tb_current(tb);
        if (n->ns == H5_NS_HTML) {
            if (n->atom == H5_ATOM_HTML || n->atom == H5_ATOM_TEMPLATE) return;
            for (const uint16_t *a = atoms; *a; a++)
                if (n->atom == *a) return;
        }
        h5_tb_pop(tb);
    }
}

/* 13.2.6.5 (stop parsing, as far as the tree is concerned): pop everything. */
void h5_tb_stop_parsing(h5_treebuilder *tb) {
    /* Elements still open end at the end of input.  parse5 leaves the
     * element above the root html alone (body, whose end </html> set) when
     * the root html has an end tag. */
    size_t keep = !tb->opts.fragment && tb->nstack > 1 && tb->stack[0]->end_tag_start != H5_NO_OFFSET ? 1 : SIZE_MAX;
    while (tb->nstack) {
        if (tb->nstack - 1 == keep) {
            h5_node *n = tb->stack[--tb->nstack];
            left_stack(tb, n, true);
        } else {
            h5_tb_pop(tb);
        }
    }
    tb->done = true;
}

/* ---- the insertion mode (13.2.4.1) ------------------------------------- */

/* 13.2.4.1 "reset the insertion mode appropriately" (without the select
 * steps, removed by the relaxed <select> parsing). */
void h5_tb_reset_insertion_mode(h5_treebuilder *tb) {
    for (size_t i = tb->nstack; i-- > 0;) {
        bool last = i == 0;
        const h5_node *node = tb->stack[i];
        if (last && tb->opts.fragment && tb->context) node = tb->context;
        if (node->ns == H5_NS_HTML) {
            switch (node->atom) {
            case H5_ATOM_TD: case H5_ATOM_TH:
                if (!last) { tb->mode = H5_MODE_IN_CELL; return; }
                break;
            case H5_ATOM_TR: tb->mode = H5_MODE_IN_ROW; return;
            case H5_ATOM_TBODY: case H5_ATOM_THEAD: case H5_ATOM_TFOOT:
                tb->mode = H5_MODE_IN_TABLE_BODY; return;
            case H5_ATOM_CAPTION: tb->mode = H5_MODE_IN_CAPTION; return;
            case H5_ATOM_COLGROUP: tb->mode = H5_MODE_IN_COLUMN_GROUP; return;
            case H5_ATOM_TABLE: tb->mode = H5_MODE_IN_TABLE; return;
            case H5_ATOM_TEMPLATE: tb->mode = h5_tb_current_template_mode(tb); return;
            case H5_ATOM_HEAD:
                if (!last) { tb->mode = H5_MODE_IN_HEAD; return; }
                break;
            case H5_ATOM_BODY: tb->mode = H5_MODE_IN_BODY; return;
            case H5_ATOM_FRAMESET: tb->mode = H5_MODE_IN_FRAMESET; return;
            case H5_ATOM_HTML:
                tb->mode = tb->head ? H5_MODE_AFTER_HEAD : H5_MODE_BEFORE_HEAD;
                return;
            default: break;
            }
        }
        if (last) { tb->mode = H5_MODE_IN_BODY; return; }
    }
    tb->mode = H5_MODE_IN_BODY;
}

void h5_tb_push_template_mode(h5_treebuilder *tb, h5_insertion_mode m) {
    if (!h5_tb_grow(tb, (void **)&tb->tmpl_modes, &tb->cap_tmpl, tb->ntmpl + 1, 1)) return;
    tb->tmpl_modes[tb->ntmpl++] = (uint8_t)m;
}

void h5_tb_pop_template_mode(h5_treebuilder *tb) {
    if (tb->ntmpl) tb->ntmpl--;
}
