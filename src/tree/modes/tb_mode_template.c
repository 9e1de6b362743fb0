/*
 * Tree construction, the insertion modes (see tb_modes.h): spec 13.2.6.4.18
 * "in template".
 */
#include "tb_modes.h"

/* ---- 13.2.6.4.18 in template ------------------------------------------- */

static void switch_template_mode(h5_treebuilder *tb, h5_tb_token *tk, h5_insertion_mode m) {
    h5_tb_pop_template_mode(tb);
    h5_tb_push_template_mode(tb, m);
    h5_tb_reprocess_in(tb, m, tk);
}

/* The mode the other start tags switch to: "in table" for caption,
 * colgroup, tbody, tfoot and thead, "in column group" for col, "in table
 * body" for tr, "in row" for td and th, "in body" for any other. */
static h5_insertion_mode start_tag_mode(uint16_t atom) {
    switch (atom) {
    case H5_ATOM_CAPTION: case H5_ATOM_COLGROUP: case H5_ATOM_TBODY: case H5_ATOM_TFOOT: case H5_ATOM_THEAD:
        return H5_MODE_IN_TABLE;
    case H5_ATOM_COL: return H5_MODE_IN_COLUMN_GROUP;
    case H5_ATOM_TR: return H5_MODE_IN_TABLE_BODY;
    case H5_ATOM_TD: case H5_ATOM_TH: return H5_MODE_IN_ROW;
    default: return H5_MODE_IN_BODY;
    }
}

void h5_in_template_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER: case H5_TOKEN_COMMENT: case H5_TOKEN_PROCESSING_INSTRUCTION: case H5_TOKEN_DOCTYPE:
        h5_in_body_mode(tb, tk);
        return;
    case H5_TOKEN_START_TAG:
        switch (tk->atom) {
        case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_LINK:
        case H5_ATOM_META: case H5_ATOM_NOFRAMES: case H5_ATOM_SCRIPT: case H5_ATOM_STYLE:
        case H5_ATOM_TEMPLATE: case H5_ATOM_TITLE:
            h5_in_head_mode(tb, tk);
            return;
        default:
            switch_template_mode(tb, tk, start_tag_mode(tk->atom));
            return;
        }
    case H5_TOKEN_END_TAG:
        if (!h5_tb_in_head_if(tb, tk, H5_ATOM_TEMPLATE)) h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        return;
    case H5_TOKEN_EOF:
        if (!h5_tb_on_stack(tb, H5_ATOM_TEMPLATE)) {
            h5_tb_stop_parsing(tb);
            return;
        }
        h5_tb_error(tb, H5_ERROR_EOF_WITH_OPEN_ELEMENTS, tk->start);
        h5_tb_pop_until(tb, H5_ATOM_TEMPLATE);
        h5_tb_afe_clear_to_marker(tb);
        h5_tb_pop_template_mode(tb);
        h5_tb_reset_insertion_mode(tb);
        /* "Reprocess the token": through the dispatcher's loop, since one
         * EOF may close any number of nested templates. */
        tb->reprocess = true;
        return;
    }
}
