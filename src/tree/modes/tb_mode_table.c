/*
 * Tree construction, the table insertion modes (see tb_modes.h): spec
 * 13.2.6.4.9 in table, 13.2.6.4.10 in table text, 13.2.6.4.11 in caption,
 * 13.2.6.4.12 in column group, 13.2.6.4.13 in table body, 13.2.6.4.14 in
 * row, 13.2.6.4.15 in cell.
 */
#include "tb_modes.h"

static const uint16_t table_context[] = { H5_ATOM_TABLE, 0 };
static const uint16_t table_body_context[] = { H5_ATOM_TBODY, H5_ATOM_TFOOT, H5_ATOM_THEAD, 0 };
static const uint16_t table_row_context[] = { H5_ATOM_TR, 0 };

static bool atom_in(uint16_t atom, const uint16_t *list) {
    for (; *list; list++)
        if (*list == atom) return true;
    return false;
}

/* "Anything else" of "in table": foster parenting. */
static void table_anything_else(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_CHARACTER)
        h5_tb_char_errors(tb, H5_ERROR_FOSTER_PARENTED_CONTENT, tk->data, tk->len, tk->start);
    else
        h5_tb_error(tb, tk->type == H5_TOKEN_END_TAG ? H5_ERROR_UNEXPECTED_END_TAG : H5_ERROR_UNEXPECTED_START_TAG,
                    tk->start);
    tb->foster_parenting = true;
    h5_in_body_mode(tb, tk);
    tb->foster_parenting = false;
}

/* "If the stack of open elements does not have [the element] in table
 * scope, this is a parse error; ignore the token": false (after the error)
 * when it does not. */
static bool in_scope_or_ignored(h5_treebuilder *tb, const h5_tb_token *tk, bool in_scope) {
    if (!in_scope)
        h5_tb_error(tb, tk->type == H5_TOKEN_START_TAG ? H5_ERROR_UNEXPECTED_START_TAG
                                                       : H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT,
                    tk->start);
    return in_scope;
}

/* The end tags that "in table body" and "in row" name to ignore ("parse
 * error; ignore the token"), and their "anything else": by the rules for
 * "in table". */
static void ignore_end_tag_or_in_table(h5_treebuilder *tb, h5_tb_token *tk, const uint16_t *ignored_ends) {
    if (tk->type == H5_TOKEN_END_TAG && atom_in(tk->atom, ignored_ends)) {
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    }
    h5_in_table_mode(tb, tk);
}

/* ---- 13.2.6.4.9 in table ----------------------------------------------- */

void h5_in_table_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_COMMENT: case H5_TOKEN_PROCESSING_INSTRUCTION: case H5_TOKEN_DOCTYPE:
        h5_tb_comment_or_doctype(tb, tk);
        return;
    case H5_TOKEN_CHARACTER: {
        h5_node *cur = h5_tb_current(tb);
        if (cur->ns == H5_NS_HTML &&
            (cur->atom == H5_ATOM_TABLE || cur->atom == H5_ATOM_TBODY || cur->atom == H5_ATOM_TEMPLATE ||
             cur->atom == H5_ATOM_TFOOT || cur->atom == H5_ATOM_THEAD || cur->atom == H5_ATOM_TR)) {
            tb->pending.len = 0;
            tb->pending_non_ws = false;
            tb->pending_start = tk->start;
            tb->original_mode = tb->mode;
            h5_tb_reprocess_in(tb, H5_MODE_IN_TABLE_TEXT, tk);
            return;
        }
        break;
    }
    case H5_TOKEN_START_TAG:
        switch (tk->atom) {
        case H5_ATOM_CAPTION:
            h5_tb_clear_to_context(tb, table_context);
            h5_tb_afe_push_marker(tb);
            h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_CAPTION;
            return;
        case H5_ATOM_COLGROUP:
            h5_tb_clear_to_context(tb, table_context);
            h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_COLUMN_GROUP;
            return;
        case H5_ATOM_COL:
            h5_tb_clear_to_context(tb, table_context);
            if (!h5_tb_insert_implied(tb, H5_ATOM_COLGROUP, tk->start)) return;
            h5_tb_reprocess_in(tb, H5_MODE_IN_COLUMN_GROUP, tk);
            return;
        case H5_ATOM_TBODY: case H5_ATOM_TFOOT: case H5_ATOM_THEAD:
            h5_tb_clear_to_context(tb, table_context);
            h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_TABLE_BODY;
            return;
        case H5_ATOM_TD: case H5_ATOM_TH: case H5_ATOM_TR:
            h5_tb_clear_to_context(tb, table_context);
            if (!h5_tb_insert_implied(tb, H5_ATOM_TBODY, tk->start)) return;
            h5_tb_reprocess_in(tb, H5_MODE_IN_TABLE_BODY, tk);
            return;
        case H5_ATOM_TABLE:
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            if (!h5_tb_in_scope(tb, H5_ATOM_TABLE, H5_SCOPE_TABLE)) return;
            h5_tb_pop_until(tb, H5_ATOM_TABLE);
            h5_tb_reset_insertion_mode(tb);
            h5_tb_process(tb, tk);
            return;
        case H5_ATOM_STYLE: case H5_ATOM_SCRIPT: case H5_ATOM_TEMPLATE:
            h5_in_head_mode(tb, tk);
            return;
        case H5_ATOM_INPUT: {
            const h5_str *type = h5_tb_token_attr(tk, "type");
            if (!type || !h5_str_eq_ascii_ci(*type, "hidden")) break;
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            h5_tb_insert_html_element(tb, tk);
            h5_tb_pop(tb);
            h5_tb_ack_self_closing(tk);
            return;
        }
        case H5_ATOM_FORM: {
            /* whatwg/html PR 12911 (2026): "If the form element pointer is
             * not null and not parsing template contents, ignore the token.
             * Otherwise: insert an HTML element for the token; if not
             * parsing template contents, set the form element pointer to
             * it; pop it."  (It used to ignore the token whenever a template
             * was on the stack: <template><table><form> lost the form.) */
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            bool tmpl = h5_tb_parsing_template_contents(tb);
            if (tb->form && !tmpl) return;
            h5_node *f = h5_tb_insert_html_element(tb, tk);
            if (!f) return;
            if (!tmpl) tb->form = f;
            h5_tb_pop(tb);
            return;
        }
        default:
            break;
        }
        break;
    case H5_TOKEN_END_TAG:
        switch (tk->atom) {
        case H5_ATOM_TABLE:
            if (!h5_tb_in_scope(tb, H5_ATOM_TABLE, H5_SCOPE_TABLE)) {
                h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
                return;
            }
            h5_tb_pop_until(tb, H5_ATOM_TABLE);
            h5_tb_reset_insertion_mode(tb);
            return;
        case H5_ATOM_BODY: case H5_ATOM_CAPTION: case H5_ATOM_COL: case H5_ATOM_COLGROUP:
        case H5_ATOM_HTML: case H5_ATOM_TBODY: case H5_ATOM_TD: case H5_ATOM_TFOOT: case H5_ATOM_TH:
        case H5_ATOM_THEAD: case H5_ATOM_TR:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
            return;
        case H5_ATOM_TEMPLATE:
            h5_in_head_mode(tb, tk);
            return;
        default:
            break;
        }
        break;
    case H5_TOKEN_EOF:
        h5_in_body_mode(tb, tk);
        return;
    }
    table_anything_else(tb, tk);
}

/* ---- 13.2.6.4.10 in table text ----------------------------------------- */

void h5_in_table_text_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_CHARACTER) {
        if (tk->len == 1 && tk->data[0] == 0) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_NULL_CHARACTER, tk->start);
            return;
        }
        if (!tb->pending.len) tb->pending_start = tk->start;
        tb->pending_end = tk->end;
        if (!h5_buf_append(&tb->pending, tk->data, tk->len)) {
            tb->failed = true;
            return;
        }
        if (!h5_tb_is_ws(tk->data[0])) tb->pending_non_ws = true;
        return;
    }
    if (tb->pending.len) {
        if (tb->pending_non_ws) {
            /* Reprocess the characters by the "anything else" rules of
             * "in table" (foster parenting). */
            h5_tb_char_errors(tb, H5_ERROR_FOSTER_PARENTED_CONTENT, tb->pending.data, tb->pending.len,
                              tb->pending_start);
            h5_tb_token ct = *tk;
            ct.type = H5_TOKEN_CHARACTER;
            ct.data = tb->pending.data;
            ct.len = tb->pending.len;
            ct.start = tb->pending_start;
            ct.end = tb->pending_end;
            tb->foster_parenting = true;
            h5_in_body_mode(tb, &ct);
            tb->foster_parenting = false;
        } else {
            h5_tb_insert_characters(tb, tb->pending.data, tb->pending.len, tb->pending_start, tb->pending_end);
        }
        tb->pending.len = 0;
        tb->pending_non_ws = false;
    }
    h5_tb_reprocess_in(tb, tb->original_mode, tk);
}

/* ---- 13.2.6.4.11 in caption -------------------------------------------- */

void h5_in_caption_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    static const uint16_t reprocess_starts[] = { H5_ATOM_CAPTION, H5_ATOM_COL, H5_ATOM_COLGROUP, H5_ATOM_TBODY,
                                                 H5_ATOM_TD, H5_ATOM_TFOOT, H5_ATOM_TH, H5_ATOM_THEAD,
                                                 H5_ATOM_TR, 0 };
    static const uint16_t ignored_ends[] = { H5_ATOM_BODY, H5_ATOM_COL, H5_ATOM_COLGROUP, H5_ATOM_HTML,
                                             H5_ATOM_TBODY, H5_ATOM_TD, H5_ATOM_TFOOT, H5_ATOM_TH,
                                             H5_ATOM_THEAD, H5_ATOM_TR, 0 };
    bool end_caption = tk->type == H5_TOKEN_END_TAG && tk->atom == H5_ATOM_CAPTION;
    bool reprocess = (tk->type == H5_TOKEN_START_TAG && atom_in(tk->atom, reprocess_starts)) ||
                     (tk->type == H5_TOKEN_END_TAG && tk->atom == H5_ATOM_TABLE);
    if (end_caption || reprocess) {
        if (!h5_tb_in_scope(tb, H5_ATOM_CAPTION, H5_SCOPE_TABLE)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
        if (!h5_is_html(h5_tb_current(tb), H5_ATOM_CAPTION))
            h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
        h5_tb_pop_until(tb, H5_ATOM_CAPTION);
        h5_tb_afe_clear_to_marker(tb);
        tb->mode = H5_MODE_IN_TABLE;
        if (reprocess) h5_tb_process(tb, tk);
        return;
    }
    if (tk->type == H5_TOKEN_END_TAG && atom_in(tk->atom, ignored_ends)) {
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    }
    h5_in_body_mode(tb, tk);
}

/* ---- 13.2.6.4.12 in column group --------------------------------------- */

void h5_in_column_group_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (h5_tb_head_common_rules(tb, tk)) return;
    if ((tk->type == H5_TOKEN_START_TAG || tk->type == H5_TOKEN_END_TAG) && h5_tb_in_head_if(tb, tk, H5_ATOM_TEMPLATE))
        return;
    switch (tk->type) {
    case H5_TOKEN_START_TAG:
        if (tk->atom == H5_ATOM_COL) {
            h5_tb_insert_html_element(tb, tk);
            h5_tb_pop(tb);
            h5_tb_ack_self_closing(tk);
            return;
        }
        break;
    case H5_TOKEN_END_TAG:
        if (tk->atom == H5_ATOM_COLGROUP) {
            if (!h5_is_html(h5_tb_current(tb), H5_ATOM_COLGROUP)) {
                h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
                return;
            }
            h5_tb_pop(tb);
            tb->mode = H5_MODE_IN_TABLE;
            return;
        }
        if (tk->atom == H5_ATOM_COL) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
            return;
        }
        break;
    case H5_TOKEN_EOF:
        h5_in_body_mode(tb, tk);
        return;
    default:
        break;
    }
    if (!h5_is_html(h5_tb_current(tb), H5_ATOM_COLGROUP)) {
        if (tk->type == H5_TOKEN_CHARACTER)
            h5_tb_char_errors(tb, H5_ERROR_UNEXPECTED_CHARACTER, tk->data, tk->len, tk->start);
        else
            h5_tb_error(tb, tk->type == H5_TOKEN_END_TAG ? H5_ERROR_UNEXPECTED_END_TAG : H5_ERROR_UNEXPECTED_START_TAG,
                        tk->start);
        return;
    }
    h5_tb_pop(tb);
    h5_tb_reprocess_in(tb, H5_MODE_IN_TABLE, tk);
}

/* ---- 13.2.6.4.13 in table body ----------------------------------------- */

static bool any_table_section_in_scope(const h5_treebuilder *tb) {
    return h5_tb_in_scope(tb, H5_ATOM_TBODY, H5_SCOPE_TABLE) || h5_tb_in_scope(tb, H5_ATOM_THEAD, H5_SCOPE_TABLE) ||
           h5_tb_in_scope(tb, H5_ATOM_TFOOT, H5_SCOPE_TABLE);
}

/* The rules of "in table body" that end the table section: "If the stack of
 * open elements does not have [the element] in table scope, this is a parse
 * error; ignore the token.  Otherwise: clear the stack back to a table body
 * context; pop the current node from the stack of open elements; switch
 * the insertion mode to "in table"" and, but for </tbody>, </tfoot> and
 * </thead>, "reprocess the token". */
static void close_table_section(h5_treebuilder *tb, h5_tb_token *tk, bool in_scope, bool reprocess) {
    if (!in_scope_or_ignored(tb, tk, in_scope)) return;
    h5_tb_clear_to_context(tb, table_body_context);
    h5_tb_pop(tb);
    tb->mode = H5_MODE_IN_TABLE;
    if (reprocess) h5_tb_process(tb, tk);
}

void h5_in_table_body_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_START_TAG) {
        switch (tk->atom) {
        case H5_ATOM_TR:
            h5_tb_clear_to_context(tb, table_body_context);
            h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_ROW;
            return;
        case H5_ATOM_TH: case H5_ATOM_TD:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            h5_tb_clear_to_context(tb, table_body_context);
            if (!h5_tb_insert_implied(tb, H5_ATOM_TR, tk->start)) return;
            h5_tb_reprocess_in(tb, H5_MODE_IN_ROW, tk);
            return;
        case H5_ATOM_CAPTION: case H5_ATOM_COL: case H5_ATOM_COLGROUP: case H5_ATOM_TBODY:
        case H5_ATOM_TFOOT: case H5_ATOM_THEAD:
            close_table_section(tb, tk, any_table_section_in_scope(tb), true);
            return;
        default:
            break;
        }
    } else if (tk->type == H5_TOKEN_END_TAG) {
        switch (tk->atom) {
        case H5_ATOM_TBODY: case H5_ATOM_TFOOT: case H5_ATOM_THEAD:
            close_table_section(tb, tk, h5_tb_in_scope(tb, tk->atom, H5_SCOPE_TABLE), false);
            return;
        case H5_ATOM_TABLE:
            close_table_section(tb, tk, any_table_section_in_scope(tb), true);
            return;
        default:
            break;
        }
    }
    static const uint16_t ignored_ends[] = { H5_ATOM_BODY, H5_ATOM_CAPTION, H5_ATOM_COL, H5_ATOM_COLGROUP,
                                             H5_ATOM_HTML, H5_ATOM_TD, H5_ATOM_TH, H5_ATOM_TR, 0 };
    ignore_end_tag_or_in_table(tb, tk, ignored_ends);
}

/* ---- 13.2.6.4.14 in row ------------------------------------------------ */

static bool close_row(h5_treebuilder *tb, h5_tb_token *tk) {
    if (!h5_tb_in_scope(tb, H5_ATOM_TR, H5_SCOPE_TABLE)) {
        h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
        return false;
    }
    h5_tb_clear_to_context(tb, table_row_context);
    h5_tb_pop(tb);
    tb->mode = H5_MODE_IN_TABLE_BODY;
    return true;
}

void h5_in_row_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_START_TAG) {
        switch (tk->atom) {
        case H5_ATOM_TH: case H5_ATOM_TD:
            h5_tb_clear_to_context(tb, table_row_context);
            h5_tb_insert_html_element(tb, tk);
            tb->mode = H5_MODE_IN_CELL;
            h5_tb_afe_push_marker(tb);
            return;
        case H5_ATOM_CAPTION: case H5_ATOM_COL: case H5_ATOM_COLGROUP: case H5_ATOM_TBODY:
        case H5_ATOM_TFOOT: case H5_ATOM_THEAD: case H5_ATOM_TR:
            if (close_row(tb, tk)) h5_tb_process(tb, tk);
            return;
        default:
            break;
        }
    } else if (tk->type == H5_TOKEN_END_TAG) {
        switch (tk->atom) {
        case H5_ATOM_TR:
            close_row(tb, tk);
            return;
        case H5_ATOM_TABLE:
            if (close_row(tb, tk)) h5_tb_process(tb, tk);
            return;
        case H5_ATOM_TBODY: case H5_ATOM_TFOOT: case H5_ATOM_THEAD:
            if (!h5_tb_in_scope(tb, tk->atom, H5_SCOPE_TABLE)) {
                h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
                return;
            }
            if (!h5_tb_in_scope(tb, H5_ATOM_TR, H5_SCOPE_TABLE)) return;
            if (close_row(tb, tk)) h5_tb_process(tb, tk); /* "as if </tr>", then reprocess */
            return;
        default:
            break;
        }
    }
    static const uint16_t ignored_ends[] = { H5_ATOM_BODY, H5_ATOM_CAPTION, H5_ATOM_COL, H5_ATOM_COLGROUP,
                                             H5_ATOM_HTML, H5_ATOM_TD, H5_ATOM_TH, 0 };
    ignore_end_tag_or_in_table(tb, tk, ignored_ends);
}

/* ---- 13.2.6.4.15 in cell ----------------------------------------------- */

/* "Close the cell". */
static void close_cell(h5_treebuilder *tb, h5_tb_token *tk) {
    h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
    h5_node *cur = h5_tb_current(tb);
    if (!h5_is_html(cur, H5_ATOM_TD) && !h5_is_html(cur, H5_ATOM_TH))
        h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
    while (tb->nstack) {
        h5_node *n = h5_tb_pop(tb);
        if (h5_is_html(n, H5_ATOM_TD) || h5_is_html(n, H5_ATOM_TH)) break;
    }
    h5_tb_afe_clear_to_marker(tb);
    tb->mode = H5_MODE_IN_ROW;
}

/* The table start tags and end tags that end the cell: "If the stack of
 * open elements does not have [the element] in table scope, this is a
 * parse error; ignore the token.  Otherwise, close the cell and reprocess
 * the token." */
static void close_cell_and_reprocess(h5_treebuilder *tb, h5_tb_token *tk, bool in_scope) {
    if (!in_scope_or_ignored(tb, tk, in_scope)) return;
    close_cell(tb, tk);
    h5_tb_process(tb, tk);
}

void h5_in_cell_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_END_TAG) {
        switch (tk->atom) {
        case H5_ATOM_TD: case H5_ATOM_TH:
            if (!h5_tb_in_scope(tb, tk->atom, H5_SCOPE_TABLE)) {
                h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
                return;
            }
            h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
            if (!h5_is_html(h5_tb_current(tb), tk->atom))
                h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
            h5_tb_pop_until(tb, tk->atom);
            h5_tb_afe_clear_to_marker(tb);
            tb->mode = H5_MODE_IN_ROW;
            return;
        case H5_ATOM_BODY: case H5_ATOM_CAPTION: case H5_ATOM_COL: case H5_ATOM_COLGROUP:
        case H5_ATOM_HTML:
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
            return;
        case H5_ATOM_TABLE: case H5_ATOM_TBODY: case H5_ATOM_TFOOT: case H5_ATOM_THEAD:
        case H5_ATOM_TR:
            close_cell_and_reprocess(tb, tk, h5_tb_in_scope(tb, tk->atom, H5_SCOPE_TABLE));
            return;
        default:
            break;
        }
    } else if (tk->type == H5_TOKEN_START_TAG) {
        switch (tk->atom) {
        case H5_ATOM_CAPTION: case H5_ATOM_COL: case H5_ATOM_COLGROUP: case H5_ATOM_TBODY:
        case H5_ATOM_TD: case H5_ATOM_TFOOT: case H5_ATOM_TH: case H5_ATOM_THEAD: case H5_ATOM_TR:
            close_cell_and_reprocess(tb, tk, h5_tb_cell_in_scope(tb));
            return;
        default:
            break;
        }
    }
    h5_in_body_mode(tb, tk);
}
