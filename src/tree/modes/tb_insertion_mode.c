/*
 * Tree construction, the insertion modes (see tb_modes.h): spec 13.2.4.1
 * "the insertion mode" - processing a token by the rules of a given mode.
 */
#include "tb_modes.h"

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
