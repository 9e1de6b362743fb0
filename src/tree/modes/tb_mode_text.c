/*
 * Tree construction, the insertion modes (see tb_modes.h): spec 13.2.6.2
 * "parsing elements that contain only text" and the 13.2.6.4.8 "text"
 * insertion mode.
 */
#include "tb_modes.h"

/* 13.2.6.2 "generic raw text / RCDATA element parsing algorithm". */
void h5_tb_generic_text_parse(h5_treebuilder *tb, h5_tb_token *tk, h5_tokenizer_state state) {
    h5_tb_insert_html_element(tb, tk);
    h5_tokenizer_set_state(tb->tokenizer, state);
    tb->original_mode = tb->mode;
    tb->mode = H5_MODE_TEXT;
}

/* ---- 13.2.6.4.8 text --------------------------------------------------- */

void h5_text_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER:
        h5_tb_insert_token_characters(tb, tk);
        return;
    case H5_TOKEN_EOF:
        h5_tb_error(tb, H5_ERROR_EOF_IN_ELEMENT_THAT_CAN_CONTAIN_ONLY_TEXT, tk->start);
        h5_tb_pop(tb);
        h5_tb_reprocess_in(tb, tb->original_mode, tk);
        return;
    case H5_TOKEN_END_TAG:
        h5_tb_pop(tb);
        tb->mode = tb->original_mode;
        return;
    default:
        return;
    }
}
