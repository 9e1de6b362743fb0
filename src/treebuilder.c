/*
 * Tree construction (spec 13.2.6): the machinery shared by all insertion
 * modes - the stack of open elements and its scopes (13.2.4.2), the list of
 * active formatting elements (13.2.4.3), resetting the insertion mode
 * (13.2.4.1), the element insertion helpers (13.2.6.1), the adoption agency
 * algorithm (13.2.6.4.7 "in body") and the tree construction dispatcher
 * (13.2.6).  The insertion modes live in tb_modes.c, tb_body.c, tb_table.c
 * and tb_foreign.c.
 */
#include "treebuilder.h"

#include <stdlib.h>
#include <string.h>

void h5_tb_init(h5_treebuilder *tb) { memset(tb, 0, sizeof *tb); }

void h5_tb_free(h5_treebuilder *tb) {
    free(tb->stack);
    free(tb->afe);
    free(tb->tmpl_modes);
    h5_buf_free(&tb->pending);
    memset(tb, 0, sizeof *tb);
}

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

bool h5_tb_grow(h5_treebuilder *tb, void **arr, size_t *cap, size_t need, size_t elem) {
    if (need <= *cap) return true;
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

/* ---- element categories (13.2.4.2) ------------------------------------ */

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
        case H5_ATOM_SECTION: case H5_ATOM_SOURCE: case H5_ATOM_STYLE:
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

/* Boundaries of "has an element in the default scope" (13.2.4.2). */
static bool is_default_scope_boundary(const h5_node *n) {
    switch (n->ns) {
    case H5_NS_HTML:
        switch (n->atom) {
        case H5_ATOM_APPLET: case H5_ATOM_CAPTION: case H5_ATOM_HTML: case H5_ATOM_TABLE:
        case H5_ATOM_TD: case H5_ATOM_TH: case H5_ATOM_MARQUEE: case H5_ATOM_OBJECT:
        case H5_ATOM_TEMPLATE:
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

bool h5_tb_same_name(const h5_node *a, const h5_node *b) {
    if (a->ns != b->ns) return false;
    if (a->atom != H5_ATOM_NONE || b->atom != H5_ATOM_NONE) return a->atom == b->atom;
    return h5_str_eq(a->name, b->name);
}

bool h5_tb_node_is_tag(const h5_node *n, const h5_tb_token *tk) {
    if (n->ns != H5_NS_HTML) return false;
    if (tk->atom != H5_ATOM_NONE || n->atom != H5_ATOM_NONE) return n->atom == tk->atom;
    return h5_str_eq(n->name, tk->t->name);
}

/* ---- the stack of open elements (13.2.4.2) ----------------------------- */

/* HTML elements are counted per atom; stack_count[H5_ATOM_NONE] counts the
 * HTML elements whose name is not an atom. */
static inline bool counted(const h5_node *n) { return n->ns == H5_NS_HTML; }

bool h5_tb_push(h5_treebuilder *tb, h5_node *n) {
    if (!n) return false;
    if (!h5_tb_grow(tb, (void **)&tb->stack, &tb->cap_stack, tb->nstack + 1, sizeof *tb->stack)) return false;
    tb->stack[tb->nstack++] = n;
    n->flags |= H5_TB_FLAG_ON_STACK;
    if (counted(n)) tb->stack_count[n->atom]++;
    else tb->foreign_count[n->atom]++;
    return true;
}

/* Does the end tag `tk` have the name of element `n`?  (ASCII
 * case-insensitively for SVG/MathML elements, whose names the tokenizer
 * lowercased.) */
static bool end_tag_names(const h5_node *n, const h5_tb_token *tk) {
    if (n->ns == H5_NS_HTML) return h5_tb_node_is_tag(n, tk);
    if (n->atom != H5_ATOM_NONE || tk->atom != H5_ATOM_NONE) return n->atom == tk->atom;
    const h5_str *t = &tk->t->name;
    if (t->len != n->name.len) return false;
    for (size_t i = 0; i < t->len; i++)
        if (h5_to_lower(n->name.ptr[i]) != t->ptr[i]) return false;
    return true;
}

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
static void left_stack(h5_treebuilder *tb, h5_node *n, bool keep_end) {
    n->flags &= ~H5_TB_FLAG_ON_STACK;
    if (counted(n)) tb->stack_count[n->atom]--;
    else tb->foreign_count[n->atom]--;
    if (!keep_end) record_end(tb, n);
    if (tb->has_selectedcontent && h5_is_html(n, H5_ATOM_OPTION)) h5_tb_option_popped(tb, n);
}

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

/* ---- template insertion modes ------------------------------------------ */

void h5_tb_push_template_mode(h5_treebuilder *tb, h5_insertion_mode m) {
    if (!h5_tb_grow(tb, (void **)&tb->tmpl_modes, &tb->cap_tmpl, tb->ntmpl + 1, 1)) return;
    tb->tmpl_modes[tb->ntmpl++] = (uint8_t)m;
}

void h5_tb_pop_template_mode(h5_treebuilder *tb) {
    if (tb->ntmpl) tb->ntmpl--;
}

/* ---- the list of active formatting elements (13.2.4.3) ----------------- */

static bool same_attrs(const h5_node *a, const h5_node *b) {
    if (a->nattrs != b->nattrs) return false;
    for (uint32_t i = 0; i < a->nattrs; i++) {
        const h5_attr *x = &a->attrs[i];
        bool found = false;
        for (uint32_t j = 0; j < b->nattrs && !found; j++) {
            const h5_attr *y = &b->attrs[j];
            found = x->ns == y->ns && h5_str_eq(x->name, y->name) && h5_str_eq(x->value, y->value);
        }
        if (!found) return false;
    }
    return true;
}

static void afe_remove_at(h5_treebuilder *tb, size_t i) {
    h5_node *n = tb->afe[i];
    if (n && counted(n)) tb->afe_count[n->atom]--;
    memmove(tb->afe + i, tb->afe + i + 1, (tb->nafe - i - 1) * sizeof *tb->afe);
    tb->nafe--;
}

static bool afe_insert_at(h5_treebuilder *tb, size_t i, h5_node *n) {
    if (!h5_tb_grow(tb, (void **)&tb->afe, &tb->cap_afe, tb->nafe + 1, sizeof *tb->afe)) return false;
    memmove(tb->afe + i + 1, tb->afe + i, (tb->nafe - i) * sizeof *tb->afe);
    tb->afe[i] = n;
    tb->nafe++;
    if (n && counted(n)) tb->afe_count[n->atom]++;
    return true;
}

/* "Push onto the list of active formatting elements", with the Noah's Ark
 * clause: at most three identical entries after the last marker. */
void h5_tb_afe_push(h5_treebuilder *tb, h5_node *n) {
    if (!n) return;
    if (counted(n) && tb->afe_count[n->atom] >= 3) {
        size_t same = 0;
        for (size_t i = tb->nafe; i-- > 0;) {
            h5_node *e = tb->afe[i];
            if (!e) break;
            if (e->ns == n->ns && e->atom == n->atom && h5_str_eq(e->name, n->name) && same_attrs(e, n)) {
                if (++same == 3) {
                    afe_remove_at(tb, i);
                    break;
                }
            }
        }
    }
    afe_insert_at(tb, tb->nafe, n);
}

void h5_tb_afe_push_marker(h5_treebuilder *tb) { afe_insert_at(tb, tb->nafe, NULL); }

void h5_tb_afe_clear_to_marker(h5_treebuilder *tb) {
    while (tb->nafe) {
        h5_node *n = tb->afe[tb->nafe - 1];
        afe_remove_at(tb, tb->nafe - 1);
        if (!n) return;
    }
}

long h5_tb_afe_index(const h5_treebuilder *tb, const h5_node *n) {
    if (counted(n) && n->atom != H5_ATOM_NONE && !tb->afe_count[n->atom]) return -1;
    for (size_t i = tb->nafe; i-- > 0;)
        if (tb->afe[i] == n) return (long)i;
    return -1;
}

void h5_tb_afe_remove(h5_treebuilder *tb, h5_node *n) {
    long i = h5_tb_afe_index(tb, n);
    if (i >= 0) afe_remove_at(tb, (size_t)i);
}

h5_node *h5_tb_afe_find(const h5_treebuilder *tb, uint16_t atom) {
    if (!tb->afe_count[atom]) return NULL;
    for (size_t i = tb->nafe; i-- > 0;) {
        h5_node *e = tb->afe[i];
        if (!e) return NULL;
        if (h5_is_html(e, atom)) return e;
    }
    return NULL;
}

/* A new element "for the token for which `src` was created": same name,
 * namespace and attributes (attribute arrays are immutable once built, so
 * they are shared) and the token's source offsets.  Elements reconstructed
 * from the list of active formatting elements are the token's element again
 * (parse5 gives them the token's start tag location); the adoption agency's
 * are flagged CLONED (parse5 gives them no location). */
static h5_node *clone_element(h5_treebuilder *tb, const h5_node *src, bool adoption) {
    h5_node *n = h5_node_create(tb->arena, H5_NODE_ELEMENT);
    if (!n) {
        tb->failed = true;
        return NULL;
    }
    n->ns = src->ns;
    n->atom = src->atom;
    n->name = src->name;
    n->attrs = src->attrs;
    n->nattrs = src->nattrs;
    n->flags = (src->flags & H5_NODE_FLAG_IMPLICIT) | (adoption ? H5_NODE_FLAG_CLONED : 0);
    n->start = src->start;
    n->start_tag_end = n->end = src->start_tag_end;
    return n;
}

/* 13.2.4.3 "reconstruct the active formatting elements". */
void h5_tb_reconstruct_active_formatting_elements(h5_treebuilder *tb) {
    if (!tb->nafe) return;
    size_t i = tb->nafe - 1;
    h5_node *e = tb->afe[i];
    if (!e || (e->flags & H5_TB_FLAG_ON_STACK)) return;
    /* Rewind. */
    while (i > 0) {
        e = tb->afe[i - 1];
        if (!e || (e->flags & H5_TB_FLAG_ON_STACK)) break;
        i--;
    }
    /* Advance and create. */
    for (; i < tb->nafe; i++) {
        h5_node *n = clone_element(tb, tb->afe[i], false);
        if (!n) return;
        h5_tb_insert_at_place(tb, n, NULL);
        if (!h5_tb_push(tb, n)) return;
        tb->afe[i] = n;
    }
}

/* 13.2.6.4.7 "adoption agency algorithm" (outer loop 8, inner loop 3).
 * Returns false when the caller must act as "any other end tag". */
bool h5_tb_adoption_agency(h5_treebuilder *tb, h5_tb_token *tk) {
    uint16_t subject = tk->atom;
    h5_node *cur = h5_tb_current(tb);
    /* Step 2. */
    if (cur && h5_is_html(cur, subject) && h5_tb_afe_index(tb, cur) < 0) {
        h5_tb_pop(tb);
        return true;
    }
    for (int outer = 0; outer < 8; outer++) {
        if (tb->failed) return true;
        /* Step 4.3: the formatting element. */
        h5_node *fe = h5_tb_afe_find(tb, subject);
        if (!fe) return false;
        long fe_idx = h5_tb_stack_index(tb, fe);
        if (fe_idx < 0) {
            h5_tb_error(tb, H5_ERROR_MISNESTED_FORMATTING_ELEMENT, tk->start);
            h5_tb_afe_remove(tb, fe);
            return true;
        }
        if (!h5_tb_node_in_scope(tb, fe, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_MISNESTED_FORMATTING_ELEMENT, tk->start);
            return true;
        }
        if (fe != h5_tb_current(tb)) h5_tb_error(tb, H5_ERROR_MISNESTED_FORMATTING_ELEMENT, tk->start);
        /* Step 4.7: the furthest block. */
        size_t fb_idx = 0;
        h5_node *fb = NULL;
        for (size_t i = (size_t)fe_idx + 1; i < tb->nstack; i++) {
            if (h5_tb_is_special(tb->stack[i])) {
                fb = tb->stack[i];
                fb_idx = i;
                break;
            }
        }
        if (!fb) {
            h5_tb_pop_until_node(tb, fe);
            h5_tb_afe_remove(tb, fe);
            return true;
        }
        h5_node *common = tb->stack[fe_idx - 1];
        long bookmark = h5_tb_afe_index(tb, fe);
        h5_node *last = fb;
        /* Inner loop.  Entries removed from the stack are set to NULL and
         * compacted afterwards so that indices stay valid. */
        size_t idx = fb_idx;
        for (int inner = 1;; inner++) {
            idx--;
            h5_node *node = tb->stack[idx];
            if (node == fe) break;
            long ai = h5_tb_afe_index(tb, node);
            if (inner > 3 && ai >= 0) {
                afe_remove_at(tb, (size_t)ai);
                if (ai < bookmark) bookmark--;
                ai = -1;
            }
            if (ai < 0) {
                tb->stack[idx] = NULL;
                left_stack(tb, node, false);
                continue;
            }
            h5_node *n = clone_element(tb, node, true);
            if (!n) return true;
            /* Replace in the list and in the stack. */
            if (counted(node)) tb->afe_count[node->atom]--;
            tb->afe[ai] = n;
            if (counted(n)) tb->afe_count[n->atom]++;
            left_stack(tb, node, true);
            tb->stack[idx] = n;
            n->flags |= H5_TB_FLAG_ON_STACK;
            if (counted(n)) tb->stack_count[n->atom]++;
            else tb->foreign_count[n->atom]++;
            node = n;
            if (last == fb) bookmark = ai + 1;
            h5_node_append(node, last);
            last = node;
        }
        /* Compact the stack. */
        size_t w = (size_t)fe_idx;
        for (size_t r = (size_t)fe_idx; r < tb->nstack; r++)
            if (tb->stack[r]) tb->stack[w++] = tb->stack[r];
        tb->nstack = w;
        /* Step 4.14. */
        h5_node_remove(last);
        h5_tb_insert_at_place(tb, last, common);
        /* Steps 4.15-4.17. */
        h5_node *n = clone_element(tb, fe, true);
        if (!n) return true;
        h5_node_move_children(fb, n);
        h5_node_append(fb, n);
        /* Step 4.18. */
        long fe_ai = h5_tb_afe_index(tb, fe);
        if (fe_ai >= 0) {
            afe_remove_at(tb, (size_t)fe_ai);
            if (fe_ai < bookmark) bookmark--;
        }
        if (bookmark < 0) bookmark = 0;
        if ((size_t)bookmark > tb->nafe) bookmark = (long)tb->nafe;
        afe_insert_at(tb, (size_t)bookmark, n);
        /* Step 4.19. */
        h5_tb_remove_from_stack(tb, fe);
        long fbi = h5_tb_stack_index(tb, fb);
        if (fbi >= 0 && h5_tb_grow(tb, (void **)&tb->stack, &tb->cap_stack, tb->nstack + 1, sizeof *tb->stack)) {
            memmove(tb->stack + fbi + 2, tb->stack + fbi + 1, (tb->nstack - (size_t)fbi - 1) * sizeof *tb->stack);
            tb->stack[fbi + 1] = n;
            tb->nstack++;
            n->flags |= H5_TB_FLAG_ON_STACK;
            if (counted(n)) tb->stack_count[n->atom]++;
            else tb->foreign_count[n->atom]++;
        }
    }
    return true;
}

/* ---- creating and inserting nodes (13.2.6.1) --------------------------- */

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
    if (h5_tb_in_input(tb, s, n)) return s;
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
    if (ns != H5_NS_HTML) h5_tb_adjust_attributes(tb, n);
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

h5_node *h5_tb_insert_implied(h5_treebuilder *tb, uint16_t atom, uint32_t offset) {
    h5_node *n = h5_node_create(tb->arena, H5_NODE_ELEMENT);
    if (!n) {
        tb->failed = true;
        return NULL;
    }
    n->ns = H5_NS_HTML;
    n->atom = atom;
    n->name.ptr = atom_name16(tb, atom, &n->name.len);
    if (!n->name.ptr) {
        tb->failed = true;
        return NULL;
    }
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
    if (t->data_cap == 0 && h5_tb_in_input(tb, s, n) && (t->data_len == 0 || t->data + t->data_len == s)) {
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

void h5_tb_insert_comment(h5_treebuilder *tb, const h5_tb_token *tk, h5_node *parent) {
    h5_node *c = h5_node_create(tb->arena, H5_NODE_COMMENT);
    if (!c) {
        tb->failed = true;
        return;
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

/* 13.2.6.2 "generic raw text / RCDATA element parsing algorithm". */
void h5_tb_generic_text_parse(h5_treebuilder *tb, h5_tb_token *tk, h5_tokenizer_state state) {
    h5_tb_insert_html_element(tb, tk);
    h5_tokenizer_set_state(tb->tokenizer, state);
    tb->original_mode = tb->mode;
    tb->mode = H5_MODE_TEXT;
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

/* ---- the tree construction dispatcher (13.2.6) ------------------------- */

/* 13.2.4.2 "adjusted current node". */
h5_node *h5_tb_adjusted_current(const h5_treebuilder *tb) {
    if (tb->opts.fragment && tb->context && tb->nstack == 1) return tb->context;
    return h5_tb_current(tb);
}

void h5_tb_process_in(h5_treebuilder *tb, h5_insertion_mode m, h5_tb_token *tk) {
    switch (m) {
    case H5_MODE_INITIAL: h5_initial_mode(tb, tk); break;
    case H5_MODE_BEFORE_HTML: h5_before_html_mode(tb, tk); break;
    case H5_MODE_BEFORE_HEAD: h5_before_head_mode(tb, tk); break;
    case H5_MODE_IN_HEAD: h5_in_head_mode(tb, tk); break;
    case H5_MODE_IN_HEAD_NOSCRIPT: h5_in_head_noscript_mode(tb, tk); break;
    case H5_MODE_AFTER_HEAD: h5_after_head_mode(tb, tk); break;
    case H5_MODE_IN_BODY: h5_in_body_mode(tb, tk); break;
    case H5_MODE_TEXT: h5_text_mode(tb, tk); break;
    case H5_MODE_IN_TABLE: h5_in_table_mode(tb, tk); break;
    case H5_MODE_IN_TABLE_TEXT: h5_in_table_text_mode(tb, tk); break;
    case H5_MODE_IN_CAPTION: h5_in_caption_mode(tb, tk); break;
    case H5_MODE_IN_COLUMN_GROUP: h5_in_column_group_mode(tb, tk); break;
    case H5_MODE_IN_TABLE_BODY: h5_in_table_body_mode(tb, tk); break;
    case H5_MODE_IN_ROW: h5_in_row_mode(tb, tk); break;
    case H5_MODE_IN_CELL: h5_in_cell_mode(tb, tk); break;
    case H5_MODE_IN_TEMPLATE: h5_in_template_mode(tb, tk); break;
    case H5_MODE_AFTER_BODY: h5_after_body_mode(tb, tk); break;
    case H5_MODE_IN_FRAMESET: h5_in_frameset_mode(tb, tk); break;
    case H5_MODE_AFTER_FRAMESET: h5_after_frameset_mode(tb, tk); break;
    case H5_MODE_AFTER_AFTER_BODY: h5_after_after_body_mode(tb, tk); break;
    case H5_MODE_AFTER_AFTER_FRAMESET: h5_after_after_frameset_mode(tb, tk); break;
    }
}

void h5_tb_process(h5_treebuilder *tb, h5_tb_token *tk) { h5_tb_process_in(tb, tb->mode, tk); }

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

/* Does the token go to the insertion mode (true) or to the rules for
 * parsing tokens in foreign content (false)? */
static bool use_insertion_mode(const h5_treebuilder *tb, const h5_tb_token *tk) {
    if (!tb->nstack) return true;
    const h5_node *n = h5_tb_adjusted_current(tb);
    if (n->ns == H5_NS_HTML) return true;
    if (tk->type == H5_TOKEN_EOF) return true;
    if (h5_tb_is_mathml_text_integration_point(n)) {
        if (tk->type == H5_TOKEN_CHARACTER) return true;
        if (tk->type == H5_TOKEN_START_TAG && tk->atom != H5_ATOM_MGLYPH && tk->atom != H5_ATOM_MALIGNMARK)
            return true;
    }
    if (n->ns == H5_NS_MATHML && n->atom == H5_ATOM_ANNOTATION_XML && tk->type == H5_TOKEN_START_TAG &&
        tk->atom == H5_ATOM_SVG)
        return true;
    if (h5_tb_is_html_integration_point(n) && (tk->type == H5_TOKEN_START_TAG || tk->type == H5_TOKEN_CHARACTER))
        return true;
    return false;
}

/* 13.2.6 tree construction dispatcher.  A mode that must "reprocess the
 * token" where the chain of reprocessing can be as long as the stack of
 * open elements (EOF in "in template") sets tb->reprocess instead of
 * recursing, and the token goes round this loop again: no recursion over
 * document depth. */
static void dispatch(h5_treebuilder *tb, h5_tb_token *tk) {
    tb->cur = tk;
    do {
        tb->reprocess = false;
        if (use_insertion_mode(tb, tk)) h5_tb_process(tb, tk);
        else h5_foreign_content_rules(tb, tk);
    } while (tb->reprocess && !tb->failed && !tb->done);
}

/* Modes that treat a whole run of characters alike. */
static bool takes_whole_runs(h5_insertion_mode m) {
    return m == H5_MODE_IN_BODY || m == H5_MODE_TEXT || m == H5_MODE_IN_CELL || m == H5_MODE_IN_CAPTION ||
           m == H5_MODE_IN_TEMPLATE;
}

/* Characters: the other modes get segments that are all whitespace or all
 * non-whitespace (a NULL is always a segment of its own).  Segment offsets
 * are exact: within a tokenizer run, code units map one-to-one onto the
 * source, except that a run may start with a LF that was a CR LF pair
 * (tokenizer.c, text_run) and that a character reference is a run of its
 * own (whose one or two code units are never split here). */
static void dispatch_characters(h5_treebuilder *tb, h5_tb_token *tk, uint32_t text_start) {
    const h5_char *p = tk->data;
    size_t len = tk->len;
    uint32_t span = tk->end - tk->start;
    /* Source units taken by the first code unit beyond one. */
    uint32_t lead = span == len + 1 && p[0] == '\n' && tk->start < tb->input_len && tb->input[tk->start] == '\r';
    bool exact = span == len || lead;
    uint32_t start = tk->start;
    bool first = true;
    while (len && !tb->done && !tb->failed) {
        h5_tb_token seg = *tk;
        seg.data = p;
        seg.start = first ? text_start : start;
        if (!use_insertion_mode(tb, tk) || takes_whole_runs(tb->mode)) {
            seg.len = len;
        } else {
            bool ws = h5_tb_is_ws(p[0]);
            size_t n = 1;
            if (p[0] != 0)
                while (n < len && p[n] != 0 && h5_tb_is_ws(p[n]) == ws) n++;
            seg.len = n;
        }
        if (seg.len == len || !exact) seg.end = seg.len == len ? tk->end : start + (uint32_t)seg.len;
        else seg.end = start + (uint32_t)seg.len + (first ? lead : 0);
        if (seg.end > tk->end) seg.end = tk->end;
        dispatch(tb, &seg);
        p += seg.len;
        len -= seg.len;
        start = seg.end;
        first = false;
    }
}

void h5_tb_on_token(void *ctx, h5_token *token) {
    h5_treebuilder *tb = ctx;
    if (tb->failed || tb->arena->failed) {
        tb->failed = true;
        h5_tokenizer_abort(tb->tokenizer);
        return;
    }
    if (tb->done) return;
    h5_tb_token tk;
    memset(&tk, 0, sizeof tk);
    tk.t = token;
    tk.type = token->type;
    tk.start = token->start;
    tk.end = token->end;
    if (tk.type == H5_TOKEN_START_TAG || tk.type == H5_TOKEN_END_TAG)
        tk.atom = (uint16_t)h5_atom_lookup(token->name.ptr, token->name.len);
    if (tk.type == H5_TOKEN_CHARACTER) {
        tk.data = token->data.ptr;
        tk.len = token->data.len;
        /* A LF dropped at the start of pre/listing/textarea (13.2.6.4.7):
         * the text starts after it, unless whitespace follows the LF, for
         * parse5 drops the LF from its whitespace token and keeps the
         * token's start (`carry`: the LF was a run of its own). */
        uint32_t text_start = tk.start;
        bool carry = tb->lf_carry;
        tb->lf_carry = false;
        if (carry && h5_is_space(tk.data[0])) text_start = tb->lf_start;
        if (tb->skip_next_lf) {
            tb->skip_next_lf = false;
            if (tk.len && tk.data[0] == '\n') {
                uint32_t lf = tk.start;
                tk.data++;
                tk.len--;
                /* The LF may have been a CR LF pair in the source. */
                if (tk.start < tb->input_len && tb->input[tk.start] == '\r' && tk.start + 1 < tb->input_len &&
                    tb->input[tk.start + 1] == '\n')
                    tk.start++;
                tk.start++;
                if (!tk.len) {
                    tb->lf_carry = true;
                    tb->lf_start = lf;
                    return;
                }
                text_start = h5_is_space(tk.data[0]) ? lf : tk.start;
            }
        }
        dispatch_characters(tb, &tk, text_start);
    } else {
        tb->skip_next_lf = tb->lf_carry = false;
        dispatch(tb, &tk);
        if (tk.type == H5_TOKEN_START_TAG && token->self_closing && !tk.ack)
            h5_tb_error(tb, H5_ERROR_NON_VOID_HTML_ELEMENT_START_TAG_WITH_TRAILING_SOLIDUS, tk.start);
    }
    tb->cur = NULL;
    if (tb->failed || tb->arena->failed) {
        tb->failed = true;
        h5_tokenizer_abort(tb->tokenizer);
    }
}

bool h5_tb_cdata_allowed(void *ctx) {
    const h5_treebuilder *tb = ctx;
    return tb->nstack && h5_tb_adjusted_current(tb)->ns != H5_NS_HTML;
}

/* ---- starting and finishing a parse ------------------------------------ */

h5_tokenizer_state h5_tb_begin(h5_treebuilder *tb, const h5_parse_options *o, h5_arena *arena,
                               h5_tokenizer *tokenizer, const h5_char *input, size_t input_len) {
    tb->opts = *o;
    tb->arena = arena;
    tb->tokenizer = tokenizer;
    tb->input = input;
    tb->input_len = input_len;
    tb->context = NULL;
    tb->error_count = 0;
    /* A fragment has no encoding (13.4): nothing to change. */
    tb->encoding_tentative = o->confidence == H5_CONFIDENCE_TENTATIVE && !o->fragment;
    tb->encoding_change = H5_ENC_NONE;
    tb->html_root = tb->head = tb->form = NULL;
    tb->mode = tb->original_mode = H5_MODE_INITIAL;
    tb->frameset_ok = true;
    tb->foster_parenting = tb->skip_next_lf = tb->lf_carry = tb->done = tb->failed = false;
    tb->cur = NULL;
    tb->has_selectedcontent = false;
    tb->sc_select = tb->sc_content = tb->sc_first = NULL;
    tb->sc_any_selected = false;
    tb->nstack = tb->nafe = tb->ntmpl = 0;
    tb->pending.len = 0;
    tb->pending_non_ws = false;
    memset(tb->stack_count, 0, sizeof tb->stack_count);
    memset(tb->afe_count, 0, sizeof tb->afe_count);
    memset(tb->foreign_count, 0, sizeof tb->foreign_count);
    memset(tb->atom_name, 0, sizeof tb->atom_name);

    tb->document = h5_node_create(tb->arena, H5_NODE_DOCUMENT);
    if (!tb->document) {
        tb->failed = true;
        return H5_STATE_DATA;
    }
    if (!o->fragment) return H5_STATE_DATA;

    /* 13.4 The HTML fragment parsing algorithm. */
    h5_node *ctx = h5_node_create(tb->arena, H5_NODE_ELEMENT);
    if (!ctx) {
        tb->failed = true;
        return H5_STATE_DATA;
    }
    ctx->ns = (uint8_t)o->context_ns;
    ctx->name.ptr = h5_arena_dup(tb->arena, o->context_name, o->context_name_len);
    ctx->name.len = o->context_name_len;
    if (!ctx->name.ptr) {
        tb->failed = true;
        return H5_STATE_DATA;
    }
    h5_char lower[H5_ATOM_MAX_LEN];
    ctx->atom = H5_ATOM_NONE;
    if (o->context_name_len <= H5_ATOM_MAX_LEN) {
        for (size_t i = 0; i < o->context_name_len; i++) lower[i] = (h5_char)h5_to_lower(o->context_name[i]);
        ctx->atom = (uint16_t)h5_atom_lookup(lower, o->context_name_len);
    }
    tb->context = ctx;
    h5_tokenizer_state state = H5_STATE_DATA;
    if (ctx->ns == H5_NS_HTML) {
        switch (ctx->atom) {
        case H5_ATOM_TITLE: case H5_ATOM_TEXTAREA: state = H5_STATE_RCDATA; break;
        case H5_ATOM_STYLE: case H5_ATOM_XMP: case H5_ATOM_IFRAME: case H5_ATOM_NOEMBED:
        case H5_ATOM_NOFRAMES:
            state = H5_STATE_RAWTEXT;
            break;
        case H5_ATOM_SCRIPT: state = H5_STATE_SCRIPT_DATA; break;
        case H5_ATOM_NOSCRIPT: state = tb->opts.scripting ? H5_STATE_RAWTEXT : H5_STATE_DATA; break;
        case H5_ATOM_PLAINTEXT: state = H5_STATE_PLAINTEXT; break;
        default: break;
        }
    }
    h5_node *root = h5_tb_insert_implied(tb, H5_ATOM_HTML, H5_NO_OFFSET);
    if (!root) return state;
    tb->html_root = root;
    if (h5_is_html(ctx, H5_ATOM_TEMPLATE)) h5_tb_push_template_mode(tb, H5_MODE_IN_TEMPLATE);
    h5_tb_reset_insertion_mode(tb);
    if (h5_is_html(ctx, H5_ATOM_FORM)) tb->form = ctx;
    return state;
}

h5_node *h5_tb_finish(h5_treebuilder *tb) {
    if (!tb->failed && !tb->arena->failed && !tb->done) {
        /* The tokenizer always ends with an EOF token; be safe anyway. */
        h5_tb_stop_parsing(tb);
    }
    /* Clear the private flag on anything still open. */
    for (size_t i = 0; i < tb->nstack; i++) tb->stack[i]->flags &= ~H5_TB_FLAG_ON_STACK;
    tb->nstack = 0;
    if (tb->failed || tb->arena->failed) return NULL;
    if (!tb->opts.fragment) return tb->document;
    h5_node *frag = h5_node_create(tb->arena, H5_NODE_FRAGMENT);
    if (!frag) return NULL;
    if (tb->html_root) h5_node_move_children(tb->html_root, frag);
    return frag;
}
