/*
 * Tree construction, the insertion modes after "in body" (see tb_modes.h):
 * spec 13.2.6.4.19 after body, 13.2.6.4.20 in frameset, 13.2.6.4.21 after
 * frameset, 13.2.6.4.22 after after body, 13.2.6.4.23 after after frameset.
 */
#include "tb_modes.h"

/* ---- rules these modes share ------------------------------------------- */

/* "Anything else" of after body and after after body: "Parse error.  Switch
 * the insertion mode to "in body" and reprocess the token." */
static void reprocess_in_body(h5_treebuilder *tb, h5_tb_token *tk) {
    h5_tb_error(tb, tk->type == H5_TOKEN_CHARACTER ? H5_ERROR_UNEXPECTED_CHARACTER
                    : tk->type == H5_TOKEN_END_TAG ? H5_ERROR_UNEXPECTED_END_TAG
                                                   : H5_ERROR_UNEXPECTED_START_TAG,
                tk->start);
    h5_tb_reprocess_in(tb, H5_MODE_IN_BODY, tk);
}

/* In frameset and after frameset alike: whitespace is inserted, any other
 * character is a parse error; a comment is inserted, a DOCTYPE is a parse
 * error; <html> goes by the rules for "in body", <noframes> by those for
 * "in head".  True when the token was one of these. */
static bool frameset_common(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_CHARACTER) {
        if (h5_tb_is_ws_token(tk)) h5_tb_insert_token_characters(tb, tk);
        else h5_tb_char_errors(tb, H5_ERROR_UNEXPECTED_CHARACTER, tk->data, tk->len, tk->start);
        return true;
    }
    if (tk->type == H5_TOKEN_START_TAG && tk->atom == H5_ATOM_HTML) {
        h5_in_body_mode(tb, tk);
        return true;
    }
    if (tk->type == H5_TOKEN_START_TAG && h5_tb_in_head_if(tb, tk, H5_ATOM_NOFRAMES)) return true;
    return h5_tb_comment_or_doctype(tb, tk);
}

/* After after body and after after frameset alike: a comment is inserted
 * as the last child of the Document; a DOCTYPE, whitespace and <html> go by
 * the rules for "in body"; EOF stops parsing.  True when the token was one
 * of these. */
static bool after_after_common(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_COMMENT: case H5_TOKEN_PROCESSING_INSTRUCTION:
        h5_tb_insert_comment(tb, tk, tb->document);
        return true;
    case H5_TOKEN_EOF:
        h5_tb_stop_parsing(tb);
        return true;
    case H5_TOKEN_DOCTYPE:
        break;
    case H5_TOKEN_CHARACTER:
        if (!h5_tb_is_ws_token(tk)) return false;
        break;
    case H5_TOKEN_START_TAG:
        if (tk->atom != H5_ATOM_HTML) return false;
        break;
    case H5_TOKEN_END_TAG:
        return false;
    }
    h5_in_body_mode(tb, tk);
    return true;
}

/* ---- 13.2.6.4.19 after body -------------------------------------------- */

void h5_after_body_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER:
        if (h5_tb_is_ws_token(tk)) {
            h5_in_body_mode(tb, tk);
            return;
        }
        break;
    case H5_TOKEN_COMMENT: case H5_TOKEN_PROCESSING_INSTRUCTION:
        h5_tb_insert_comment(tb, tk, tb->stack[0]);
        return;
    case H5_TOKEN_DOCTYPE:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_DOCTYPE, tk->start);
        return;
    case H5_TOKEN_START_TAG:
        if (tk->atom == H5_ATOM_HTML) {
            h5_in_body_mode(tb, tk);
            return;
        }
        break;
    case H5_TOKEN_END_TAG:
        if (tk->atom == H5_ATOM_HTML) {
            if (tb->opts.fragment) {
                h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
                return;
            }
            /* html and body stay on the stack: their ends are set here
             * (body, without an end tag, ends where </html> starts). */
            if (tb->nstack) h5_tb_set_end_tag(tb->stack[0], tk);
            if (tb->nstack > 1 && tb->stack[1]->end_tag_start == H5_NO_OFFSET) tb->stack[1]->end = tk->start;
            tb->mode = H5_MODE_AFTER_AFTER_BODY;
            return;
        }
        break;
    case H5_TOKEN_EOF:
        h5_tb_stop_parsing(tb);
        return;
    }
    reprocess_in_body(tb, tk);
}

/* ---- 13.2.6.4.20 in frameset ------------------------------------------- */

void h5_in_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (frameset_common(tb, tk)) return;
    switch (tk->type) {
    case H5_TOKEN_START_TAG:
        if (tk->atom == H5_ATOM_FRAMESET) {
            h5_tb_insert_html_element(tb, tk);
            return;
        }
        if (tk->atom == H5_ATOM_FRAME) {
            h5_tb_insert_html_element(tb, tk);
            h5_tb_pop(tb);
            h5_tb_ack_self_closing(tk);
            return;
        }
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        return;
    case H5_TOKEN_END_TAG:
        if (tk->atom == H5_ATOM_FRAMESET) {
            if (tb->nstack == 1) {
                h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
                return;
            }
            h5_tb_pop(tb);
            if (!tb->opts.fragment && !h5_is_html(h5_tb_current(tb), H5_ATOM_FRAMESET))
                tb->mode = H5_MODE_AFTER_FRAMESET;
            return;
        }
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    case H5_TOKEN_EOF:
        if (tb->nstack != 1) h5_tb_error(tb, H5_ERROR_EOF_WITH_OPEN_ELEMENTS, tk->start);
        h5_tb_stop_parsing(tb);
        return;
    default: /* frameset_common */
        return;
    }
}

/* ---- 13.2.6.4.21 after frameset ---------------------------------------- */

void h5_after_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (frameset_common(tb, tk)) return;
    switch (tk->type) {
    case H5_TOKEN_START_TAG:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        return;
    case H5_TOKEN_END_TAG:
        if (tk->atom == H5_ATOM_HTML) {
            if (tb->nstack) h5_tb_set_end_tag(tb->stack[0], tk);
            tb->mode = H5_MODE_AFTER_AFTER_FRAMESET;
            return;
        }
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    case H5_TOKEN_EOF:
        h5_tb_stop_parsing(tb);
        return;
    default: /* frameset_common */
        return;
    }
}

/* ---- 13.2.6.4.22 after after body -------------------------------------- */

void h5_after_after_body_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (!after_after_common(tb, tk)) reprocess_in_body(tb, tk);
}

/* ---- 13.2.6.4.23 after after frameset ---------------------------------- */

void h5_after_after_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    if (after_after_common(tb, tk)) return;
    switch (tk->type) {
    case H5_TOKEN_CHARACTER:
        h5_tb_char_errors(tb, H5_ERROR_UNEXPECTED_CHARACTER, tk->data, tk->len, tk->start);
        return;
    case H5_TOKEN_START_TAG:
        if (!h5_tb_in_head_if(tb, tk, H5_ATOM_NOFRAMES)) h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        return;
    case H5_TOKEN_END_TAG:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    default: /* after_after_common */
        return;
    }
}
