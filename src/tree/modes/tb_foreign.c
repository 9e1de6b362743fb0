/*
 * Tree construction, the insertion modes' layer (see tb_modes.h): spec
 * 13.2.6.5 "the rules for parsing tokens in foreign content".
 */
#include "tb_modes.h"

/* Start tags that break out of foreign content. */
static bool is_breakout(const h5_tb_token *tk) {
    switch (tk->atom) {
    case H5_ATOM_B: case H5_ATOM_BIG: case H5_ATOM_BLOCKQUOTE: case H5_ATOM_BODY: case H5_ATOM_BR:
    case H5_ATOM_CENTER: case H5_ATOM_CODE: case H5_ATOM_DD: case H5_ATOM_DIV: case H5_ATOM_DL:
    case H5_ATOM_DT: case H5_ATOM_EM: case H5_ATOM_EMBED: case H5_ATOM_H1: case H5_ATOM_H2:
    case H5_ATOM_H3: case H5_ATOM_H4: case H5_ATOM_H5: case H5_ATOM_H6: case H5_ATOM_HEAD:
    case H5_ATOM_HR: case H5_ATOM_I: case H5_ATOM_IMG: case H5_ATOM_LI: case H5_ATOM_LISTING:
    case H5_ATOM_MENU: case H5_ATOM_META: case H5_ATOM_NOBR: case H5_ATOM_OL: case H5_ATOM_P:
    case H5_ATOM_PRE: case H5_ATOM_RUBY: case H5_ATOM_S: case H5_ATOM_SMALL: case H5_ATOM_SPAN:
    case H5_ATOM_STRONG: case H5_ATOM_STRIKE: case H5_ATOM_SUB: case H5_ATOM_SUP: case H5_ATOM_TABLE:
    case H5_ATOM_TT: case H5_ATOM_U: case H5_ATOM_UL: case H5_ATOM_VAR:
        return true;
    case H5_ATOM_FONT:
        return h5_tb_token_attr(tk, "color") || h5_tb_token_attr(tk, "face") || h5_tb_token_attr(tk, "size");
    default:
        return false;
    }
}

/* 13.2.6.5, breakout start tags and </br>, </p> in foreign content: "pop an
 * element from the stack of open elements until the current node is a
 * MathML text integration point, an HTML integration point, or an element
 * in the HTML namespace", then reprocess the token. */
static void pop_to_html_or_integration_point(h5_treebuilder *tb) {
    while (tb->nstack) {
        h5_node *cur = h5_tb_current(tb);
        if (cur->ns == H5_NS_HTML || h5_tb_is_mathml_text_integration_point(cur) ||
            h5_tb_is_html_integration_point(cur))
            break;
        h5_tb_pop(tb);
    }
}

void h5_foreign_content_rules(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_COMMENT: case H5_TOKEN_PROCESSING_INSTRUCTION: case H5_TOKEN_DOCTYPE:
        h5_tb_comment_or_doctype(tb, tk);
        return;
    case H5_TOKEN_CHARACTER:
        if (tk->len == 1 && tk->data[0] == 0) {
            static const h5_char fffd = 0xFFFD;
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_NULL_CHARACTER, tk->start);
            h5_tb_insert_characters(tb, &fffd, 1, tk->start, tk->end);
            return;
        }
        h5_tb_insert_characters_frameset(tb, tk);
        return;
    case H5_TOKEN_START_TAG:
        if (is_breakout(tk)) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG_IN_FOREIGN_CONTENT, tk->start);
            pop_to_html_or_integration_point(tb);
            h5_tb_process(tb, tk);
            return;
        } else {
            h5_node *adj = h5_tb_adjusted_current(tb);
            h5_element_ns ns = (h5_element_ns)adj->ns;
            h5_tb_insert_foreign_element(tb, tk, ns, false);
            if (tk->t->self_closing) {
                h5_tb_pop(tb);
                h5_tb_ack_self_closing(tk);
            }
            return;
        }
    case H5_TOKEN_END_TAG: {
        if (tk->atom == H5_ATOM_BR || tk->atom == H5_ATOM_P) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG_IN_FOREIGN_CONTENT, tk->start);
            pop_to_html_or_integration_point(tb);
            h5_tb_process(tb, tk);
            return;
        }
        h5_node *cur = h5_tb_current(tb);
        if (tk->atom == H5_ATOM_SCRIPT && cur->ns == H5_NS_SVG && cur->atom == H5_ATOM_SCRIPT) {
            h5_tb_pop(tb);
            return;
        }
        if (!h5_tb_end_tag_names(cur, tk)) h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG_IN_FOREIGN_CONTENT, tk->start);
        /* No open SVG/MathML element can match: the walk below would end at
         * the nearest HTML element; go there directly (O(1) for stray end
         * tags inside deep foreign content). */
        if (!tb->foreign_count[tk->atom]) {
            if (tb->nstack > 1) h5_tb_process(tb, tk);
            return;
        }
        for (size_t i = tb->nstack; i-- > 0;) {
            h5_node *node = tb->stack[i];
            if (i == 0) return; /* fragment case */
            if (h5_tb_end_tag_names(node, tk)) {
                h5_tb_pop_until_node(tb, node);
                return;
            }
            if (tb->stack[i - 1]->ns == H5_NS_HTML) {
                h5_tb_process(tb, tk);
                return;
            }
        }
        return;
    }
    case H5_TOKEN_EOF:
        h5_tb_process(tb, tk);
        return;
    }
}
