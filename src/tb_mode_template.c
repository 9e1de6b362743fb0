/*
 * Tree construction, the insertion modes (see tb_modes.h): spec 13.2.6.4.18
 * "in template".
 */
#include "tb_modes.h"

/* ---- 13.2.6.4.18 in template ------------------------------------------- */

static void switch_template_mode(h5_treebuilder *tb, h5_tb_token *tk, h5_insertion_mode m) {
    h5_tb_pop_template_mode(tb);
    h5_tb_push_template_mode(tb, m);
    tb->mode = m;
    h5_tb_process(tb, tk);
}

void h5_in_template_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER: case H5_TOKEN_COMMENT: case H5_TOKEN_DOCTYPE:
        h5_in_body_mode(tb, tk);
        return;
    case H5_TOKEN_START_TAG:
        switch (tk->atom) {
        case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_LINK:
        case H5_ATOM_META: case H5_ATOM_NOFRAMES: case H5_ATOM_SCRIPT: case H5_ATOM_STYLE:
        case H5_ATOM_TEMPLATE: case H5_ATOM_TITLE:
            h5_in_head_mode(tb, tk);
            return;
        case H5_ATOM_CAPTION: case H5_ATOM_COLGROUP: case H5_ATOM_TBODY: case H5_ATOM_TFOOT:
        case H5_ATOM_THEAD:
            switch_template_mode(tb, tk, H5_MODE_IN_TABLE);
            return;
        case H5_ATOM_COL:
            switch_template_mode(tb, tk, H5_MODE_IN_COLUMN_GROUP);
            return;
        case H5_ATOM_TR:
            switch_template_mode(tb, tk, H5_MODE_IN_TABLE_BODY);
            return;
        case H5_ATOM_TD: case H5_ATOM_TH:
            switch_template_mode(tb, tk, H5_MODE_IN_ROW);
            return;
        default:
            switch_template_mode(tb, tk, H5_MODE_IN_BODY);
            return;
        }
    case H5_TOKEN_END_TAG:
        if (tk->atom == H5_ATOM_TEMPLATE) {
            h5_in_head_mode(tb, tk);
            return;
        }
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
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
