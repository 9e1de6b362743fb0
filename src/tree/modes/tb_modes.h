/*
 * The insertion modes (spec 13.2.6.4) and the rules for parsing tokens in
 * foreign content (13.2.6.5), above the machinery of tb_machinery.h and
 * below the dispatcher (treebuilder.c): see treebuilder.h for the layers.
 * A mode calls the machinery, other modes ("using the rules for") and
 * h5_tb_process to reprocess a token.
 *
 *   tb_insertion_mode.c   13.2.4.1: processing a token in a given mode
 *   tb_mode_head.c        13.2.6.4.1-6: initial, before html, before head,
 *                         in head, in head noscript, after head
 *   tb_mode_body.c        13.2.6.4.7: in body
 *   tb_mode_text.c        13.2.6.2 and 13.2.6.4.8: text
 *   tb_mode_table.c       13.2.6.4.9-15: in table, in table text, in caption,
 *                         in column group, in table body, in row, in cell
 *   tb_mode_template.c    13.2.6.4.18: in template
 *   tb_mode_after_body.c  13.2.6.4.19-23: after body, in frameset, after
 *                         frameset, after after body, after after frameset
 *   tb_foreign.c          13.2.6.5: the rules for foreign content
 */
#ifndef H5_TB_MODES_H
#define H5_TB_MODES_H

#include "tb_machinery.h"

/* Process a token by the rules of the current insertion mode, or of mode
 * `m` ("using the rules for"). */
void h5_tb_process_in(h5_treebuilder *tb, h5_insertion_mode m, h5_tb_token *tk);
static inline void h5_tb_process(h5_treebuilder *tb, h5_tb_token *tk) { h5_tb_process_in(tb, tb->mode, tk); }
/* "Switch the insertion mode to `m` and reprocess the token." */
static inline void h5_tb_reprocess_in(h5_treebuilder *tb, h5_insertion_mode m, h5_tb_token *tk) {
    tb->mode = m;
    h5_tb_process_in(tb, m, tk);
}

/* Rules most modes share. */
static inline bool h5_tb_is_ws_token(const h5_tb_token *tk) {
    /* Modes other than those that take whole runs get character segments
     * that are all whitespace or all not (treebuilder.c). */
    return tk->type == H5_TOKEN_CHARACTER && tk->len && h5_tb_is_ws(tk->data[0]);
}
/* "A comment token: Insert a comment.  A DOCTYPE token: Parse error.
 * Ignore the token."  True when the token was one of those. */
static inline bool h5_tb_comment_or_doctype(h5_treebuilder *tb, const h5_tb_token *tk) {
    if (tk->type == H5_TOKEN_COMMENT) {
        h5_tb_insert_comment(tb, tk, NULL);
        return true;
    }
    if (tk->type == H5_TOKEN_DOCTYPE) {
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_DOCTYPE, tk->start);
        return true;
    }
    return false;
}
/* Insert the token's characters. */
static inline void h5_tb_insert_token_characters(h5_treebuilder *tb, const h5_tb_token *tk) {
    h5_tb_insert_characters(tb, tk->data, tk->len, tk->start, tk->end);
}
/* The first rules of "in head", "in head noscript", "after head" and "in
 * column group": whitespace characters are inserted; a comment is
 * inserted; a DOCTYPE is a parse error; a start tag "html" is processed by
 * the rules for "in body".  True when the token was one of these. */
bool h5_tb_head_common_rules(h5_treebuilder *tb, h5_tb_token *tk); /* tb_mode_head.c */
/* "A start (end) tag whose tag name is X: process the token using the rules
 * for the "in head" insertion mode": the tag `tk` by those rules when its
 * name is `atom`; true when it was (the caller knows the token is a tag). */
bool h5_tb_in_head_if(h5_treebuilder *tb, h5_tb_token *tk, h5_atom atom); /* tb_mode_head.c */

/* Insert the token's characters; "if the token is not whitespace, set the
 * frameset-ok flag to "not ok"" ("in body", foreign content). */
static inline void h5_tb_insert_characters_frameset(h5_treebuilder *tb, const h5_tb_token *tk) {
    h5_tb_insert_token_characters(tb, tk);
    if (tb->frameset_ok)
        for (size_t i = 0; i < tk->len; i++)
            if (!h5_tb_is_ws(tk->data[i])) {
                tb->frameset_ok = false;
                break;
            }
}

/* 13.2.6.2 "generic raw text / RCDATA element parsing algorithm" (tb_mode_text.c). */
void h5_tb_generic_text_parse(h5_treebuilder *tb, h5_tb_token *tk, h5_tokenizer_state state);

/* tb_mode_head.c */
void h5_initial_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_before_html_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_before_head_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_head_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_head_noscript_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_head_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_mode_body.c */
void h5_in_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_mode_text.c */
void h5_text_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_mode_table.c */
void h5_in_table_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_table_text_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_caption_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_column_group_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_table_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_row_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_cell_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_mode_template.c */
void h5_in_template_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_mode_after_body.c */
void h5_after_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_after_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_after_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_foreign.c */
void h5_foreign_content_rules(h5_treebuilder *tb, h5_tb_token *tk);

#endif
