/*
 * Tree construction, the insertion modes (see tb_modes.h): the "in body"
 * insertion mode (spec 13.2.6.4.7), with the relaxed
 * <select> parsing of the 2025 living standard (select may contain any
 * content; "in select" / "in select in table" are gone).
 */
#include "tb_modes.h"

#include <string.h>

/* "If there is a node in the stack of open elements that is not either a
 * dd element, a dt element, ..." (EOF, </body>, </html>). */
static bool has_unclosable_open_element(const h5_treebuilder *tb) {
    for (size_t i = 0; i < tb->nstack; i++) {
        const h5_node *n = tb->stack[i];
        if (n->ns != H5_NS_HTML) return true;
        switch (n->atom) {
        case H5_ATOM_DD: case H5_ATOM_DT: case H5_ATOM_LI: case H5_ATOM_OPTGROUP:
        case H5_ATOM_OPTION: case H5_ATOM_P: case H5_ATOM_RB: case H5_ATOM_RP:
        case H5_ATOM_RT: case H5_ATOM_RTC: case H5_ATOM_TBODY: case H5_ATOM_TD:
        case H5_ATOM_TFOOT: case H5_ATOM_TH: case H5_ATOM_THEAD: case H5_ATOM_TR:
        case H5_ATOM_BODY: case H5_ATOM_HTML:
            break;
        default:
            return true;
        }
    }
    return false;
}

static void close_p_if_in_button_scope(h5_treebuilder *tb, const h5_tb_token *tk) {
    if (h5_tb_in_scope(tb, H5_ATOM_P, H5_SCOPE_BUTTON)) h5_tb_close_p(tb, tk);
}

static void insert_void(h5_treebuilder *tb, h5_tb_token *tk) {
    h5_tb_insert_html_element(tb, tk);
    h5_tb_pop(tb);
    h5_tb_ack_self_closing(tk);
}

static void insert_formatting(h5_treebuilder *tb, h5_tb_token *tk) {
    h5_tb_reconstruct_active_formatting_elements(tb);
    h5_tb_afe_push(tb, h5_tb_insert_html_element(tb, tk));
}

/* Fragment parsing with a select context element. */
static bool select_fragment(const h5_treebuilder *tb) {
    return tb->opts.fragment && tb->context && h5_is_html(tb->context, H5_ATOM_SELECT);
}

/* Pop elements until a select element has been popped (relaxed select). */
static void close_select(h5_treebuilder *tb) { h5_tb_pop_until(tb, H5_ATOM_SELECT); }

/* li / dd / dt start tags: close an open item of the same kind. */
static void close_list_item(h5_treebuilder *tb, const h5_tb_token *tk, bool dd_dt) {
    tb->frameset_ok = false;
    for (size_t i = tb->nstack; i-- > 0;) {
        h5_node *node = tb->stack[i];
        uint16_t match = H5_ATOM_NONE;
        if (!dd_dt && h5_is_html(node, H5_ATOM_LI)) match = H5_ATOM_LI;
        if (dd_dt && (h5_is_html(node, H5_ATOM_DD) || h5_is_html(node, H5_ATOM_DT))) match = node->atom;
        if (match != H5_ATOM_NONE) {
            h5_tb_generate_implied_end_tags(tb, match);
            if (!h5_is_html(h5_tb_current(tb), match))
                h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            h5_tb_pop_until(tb, match);
            break;
        }
        if (h5_tb_is_special(node) && !h5_is_html(node, H5_ATOM_ADDRESS) && !h5_is_html(node, H5_ATOM_DIV) &&
            !h5_is_html(node, H5_ATOM_P))
            break;
    }
    close_p_if_in_button_scope(tb, tk);
    h5_tb_insert_html_element(tb, tk);
}

static void any_other_end_tag(h5_treebuilder *tb, h5_tb_token *tk);

static void body_characters(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tk->len == 1 && tk->data[0] == 0) {
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_NULL_CHARACTER, tk->start);
        return;
    }
    h5_tb_reconstruct_active_formatting_elements(tb);
    h5_tb_insert_characters_frameset(tb, tk);
}

static void body_eof(h5_treebuilder *tb, h5_tb_token *tk) {
    if (tb->ntmpl) {
        h5_in_template_mode(tb, tk);
        return;
    }
    if (has_unclosable_open_element(tb)) h5_tb_error(tb, H5_ERROR_EOF_WITH_OPEN_ELEMENTS, tk->start);
    h5_tb_stop_parsing(tb);
}

static void body_start_tag(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->atom) {
    case H5_ATOM_HTML:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        if (h5_tb_on_stack(tb, H5_ATOM_TEMPLATE)) return;
        if (tb->nstack) h5_tb_merge_attributes(tb, tb->stack[0], tk);
        return;
    case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_LINK:
    case H5_ATOM_META: case H5_ATOM_NOFRAMES: case H5_ATOM_SCRIPT: case H5_ATOM_STYLE:
    case H5_ATOM_TEMPLATE: case H5_ATOM_TITLE:
        h5_in_head_mode(tb, tk);
        return;
    case H5_ATOM_BODY:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        if (tb->nstack < 2 || !h5_is_html(tb->stack[1], H5_ATOM_BODY) || h5_tb_on_stack(tb, H5_ATOM_TEMPLATE))
            return;
        tb->frameset_ok = false;
        h5_tb_merge_attributes(tb, tb->stack[1], tk);
        return;
    case H5_ATOM_FRAMESET:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        if (tb->nstack < 2 || !h5_is_html(tb->stack[1], H5_ATOM_BODY) || !tb->frameset_ok) return;
        h5_node_remove(tb->stack[1]);
        while (tb->nstack > 1) h5_tb_pop(tb);
        h5_tb_insert_html_element(tb, tk);
        tb->mode = H5_MODE_IN_FRAMESET;
        return;
    case H5_ATOM_ADDRESS: case H5_ATOM_ARTICLE: case H5_ATOM_ASIDE: case H5_ATOM_BLOCKQUOTE:
    case H5_ATOM_CENTER: case H5_ATOM_DETAILS: case H5_ATOM_DIALOG: case H5_ATOM_DIR:
    case H5_ATOM_DIV: case H5_ATOM_DL: case H5_ATOM_FIELDSET: case H5_ATOM_FIGCAPTION:
    case H5_ATOM_FIGURE: case H5_ATOM_FOOTER: case H5_ATOM_HEADER: case H5_ATOM_HGROUP:
    case H5_ATOM_MAIN: case H5_ATOM_MENU: case H5_ATOM_NAV: case H5_ATOM_OL: case H5_ATOM_P:
    case H5_ATOM_SEARCH: case H5_ATOM_SECTION: case H5_ATOM_SUMMARY: case H5_ATOM_UL:
        close_p_if_in_button_scope(tb, tk);
        h5_tb_insert_html_element(tb, tk);
        return;
    case H5_ATOM_H1: case H5_ATOM_H2: case H5_ATOM_H3: case H5_ATOM_H4: case H5_ATOM_H5:
    case H5_ATOM_H6: {
        close_p_if_in_button_scope(tb, tk);
        h5_node *cur = h5_tb_current(tb);
        if (cur->ns == H5_NS_HTML && cur->atom >= H5_ATOM_H1 && cur->atom <= H5_ATOM_H6) {
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            h5_tb_pop(tb);
        }
        h5_tb_insert_html_element(tb, tk);
        return;
    }
    case H5_ATOM_PRE: case H5_ATOM_LISTING:
        close_p_if_in_button_scope(tb, tk);
        h5_tb_insert_html_element(tb, tk);
        tb->skip_next_lf = true;
        tb->frameset_ok = false;
        return;
    case H5_ATOM_FORM: {
        /* "If the form element pointer is not null, and not parsing template
         * contents, ... ignore the token" (PR 12911 put "parsing template
         * contents" for "there is no template element on the stack"). */
        bool tmpl = h5_tb_parsing_template_contents(tb);
        if (tb->form && !tmpl) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            return;
        }
        close_p_if_in_button_scope(tb, tk);
        h5_node *f = h5_tb_insert_html_element(tb, tk);
        if (!tmpl) tb->form = f;
        return;
    }
    case H5_ATOM_LI:
        close_list_item(tb, tk, false);
        return;
    case H5_ATOM_DD: case H5_ATOM_DT:
        close_list_item(tb, tk, true);
        return;
    case H5_ATOM_PLAINTEXT:
        close_p_if_in_button_scope(tb, tk);
        h5_tb_insert_html_element(tb, tk);
        h5_tokenizer_set_state(tb->tokenizer, H5_STATE_PLAINTEXT);
        return;
    case H5_ATOM_BUTTON:
        if (h5_tb_in_scope(tb, H5_ATOM_BUTTON, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
            h5_tb_pop_until(tb, H5_ATOM_BUTTON);
        }
        h5_tb_reconstruct_active_formatting_elements(tb);
        h5_tb_insert_html_element(tb, tk);
        tb->frameset_ok = false;
        return;
    case H5_ATOM_A: {
        h5_node *a = h5_tb_afe_find(tb, H5_ATOM_A);
        if (a) {
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            h5_tb_adoption_agency(tb, tk);
            h5_tb_afe_remove(tb, a);
            h5_tb_remove_from_stack(tb, a);
        }
        insert_formatting(tb, tk);
        return;
    }
    case H5_ATOM_B: case H5_ATOM_BIG: case H5_ATOM_CODE: case H5_ATOM_EM: case H5_ATOM_FONT:
    case H5_ATOM_I: case H5_ATOM_S: case H5_ATOM_SMALL: case H5_ATOM_STRIKE: case H5_ATOM_STRONG:
    case H5_ATOM_TT: case H5_ATOM_U:
        insert_formatting(tb, tk);
        return;
    case H5_ATOM_NOBR:
        h5_tb_reconstruct_active_formatting_elements(tb);
        if (h5_tb_in_scope(tb, H5_ATOM_NOBR, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            if (!h5_tb_adoption_agency(tb, tk)) any_other_end_tag(tb, tk);
            h5_tb_reconstruct_active_formatting_elements(tb);
        }
        h5_tb_afe_push(tb, h5_tb_insert_html_element(tb, tk));
        return;
    case H5_ATOM_APPLET: case H5_ATOM_MARQUEE: case H5_ATOM_OBJECT:
        h5_tb_reconstruct_active_formatting_elements(tb);
        h5_tb_insert_html_element(tb, tk);
        h5_tb_afe_push_marker(tb);
        tb->frameset_ok = false;
        return;
    case H5_ATOM_TABLE:
        if (tb->document->mode != H5_MODE_QUIRKS) close_p_if_in_button_scope(tb, tk);
        h5_tb_insert_html_element(tb, tk);
        tb->frameset_ok = false;
        tb->mode = H5_MODE_IN_TABLE;
        return;
    case H5_ATOM_AREA: case H5_ATOM_BR: case H5_ATOM_EMBED: case H5_ATOM_IMG: case H5_ATOM_KEYGEN:
    case H5_ATOM_WBR:
        h5_tb_reconstruct_active_formatting_elements(tb);
        insert_void(tb, tk);
        tb->frameset_ok = false;
        return;
    case H5_ATOM_INPUT: {
        if (select_fragment(tb)) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            h5_tb_ack_self_closing(tk);
            return;
        }
        if (h5_tb_in_scope(tb, H5_ATOM_SELECT, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            close_select(tb);
        }
        h5_tb_reconstruct_active_formatting_elements(tb);
        insert_void(tb, tk);
        const h5_str *type = h5_tb_token_attr(tk, "type");
        if (!type || !h5_str_eq_ascii_ci(*type, "hidden")) tb->frameset_ok = false;
        return;
    }
    case H5_ATOM_PARAM: case H5_ATOM_SOURCE: case H5_ATOM_TRACK:
        insert_void(tb, tk);
        return;
    case H5_ATOM_HR:
        close_p_if_in_button_scope(tb, tk);
        if (h5_tb_in_scope(tb, H5_ATOM_SELECT, H5_SCOPE_DEFAULT)) {
            h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
            if (h5_tb_in_scope(tb, H5_ATOM_OPTION, H5_SCOPE_DEFAULT) ||
                h5_tb_in_scope(tb, H5_ATOM_OPTGROUP, H5_SCOPE_DEFAULT))
                h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        }
        insert_void(tb, tk);
        tb->frameset_ok = false;
        return;
    case H5_ATOM_IMAGE: {
        static const h5_char img[] = { 'i', 'm', 'g' };
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        h5_str saved = tk->t->name;
        tk->t->name.ptr = img;
        tk->t->name.len = 3;
        tk->atom = H5_ATOM_IMG;
        h5_tb_process(tb, tk);
        tk->t->name = saved;
        return;
    }
    case H5_ATOM_TEXTAREA:
        h5_tb_insert_html_element(tb, tk);
        tb->skip_next_lf = true;
        h5_tokenizer_set_state(tb->tokenizer, H5_STATE_RCDATA);
        tb->original_mode = tb->mode;
        tb->frameset_ok = false;
        tb->mode = H5_MODE_TEXT;
        return;
    case H5_ATOM_XMP:
        close_p_if_in_button_scope(tb, tk);
        h5_tb_reconstruct_active_formatting_elements(tb);
        tb->frameset_ok = false;
        h5_tb_generic_text_parse(tb, tk, H5_STATE_RAWTEXT);
        return;
    case H5_ATOM_IFRAME:
        tb->frameset_ok = false;
        h5_tb_generic_text_parse(tb, tk, H5_STATE_RAWTEXT);
        return;
    case H5_ATOM_NOEMBED:
        h5_tb_generic_text_parse(tb, tk, H5_STATE_RAWTEXT);
        return;
    case H5_ATOM_NOSCRIPT:
        if (tb->opts.scripting) {
            h5_tb_generic_text_parse(tb, tk, H5_STATE_RAWTEXT);
            return;
        }
        break;
    case H5_ATOM_SELECT:
        if (select_fragment(tb)) {
            h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
            return;
        }
        if (h5_tb_in_scope(tb, H5_ATOM_SELECT, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_START_TAG_CLOSES_OPEN_ELEMENT, tk->start);
            close_select(tb);
            return;
        }
        h5_tb_reconstruct_active_formatting_elements(tb);
        h5_tb_insert_html_element(tb, tk);
        tb->frameset_ok = false;
        return;
    case H5_ATOM_OPTION: case H5_ATOM_OPTGROUP: {
        /* The two rules differ in the implied end tags (an option keeps an
         * open optgroup) and in the error (an optgroup also errs on an open
         * optgroup). */
        bool option = tk->atom == H5_ATOM_OPTION;
        if (h5_tb_in_scope(tb, H5_ATOM_SELECT, H5_SCOPE_DEFAULT)) {
            h5_tb_generate_implied_end_tags(tb, option ? H5_ATOM_OPTGROUP : H5_ATOM_NONE);
            if (h5_tb_in_scope(tb, H5_ATOM_OPTION, H5_SCOPE_DEFAULT) ||
                (!option && h5_tb_in_scope(tb, H5_ATOM_OPTGROUP, H5_SCOPE_DEFAULT)))
                h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        } else if (h5_is_html(h5_tb_current(tb), H5_ATOM_OPTION)) {
            h5_tb_pop(tb);
        }
        h5_tb_reconstruct_active_formatting_elements(tb);
        h5_tb_insert_html_element(tb, tk);
        return;
    }
    case H5_ATOM_RB: case H5_ATOM_RTC:
        if (h5_tb_in_scope(tb, H5_ATOM_RUBY, H5_SCOPE_DEFAULT)) {
            h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
            if (!h5_is_html(h5_tb_current(tb), H5_ATOM_RUBY))
                h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        }
        h5_tb_insert_html_element(tb, tk);
        return;
    case H5_ATOM_RP: case H5_ATOM_RT:
        if (h5_tb_in_scope(tb, H5_ATOM_RUBY, H5_SCOPE_DEFAULT)) {
            h5_tb_generate_implied_end_tags(tb, H5_ATOM_RTC);
            h5_node *cur = h5_tb_current(tb);
            if (!h5_is_html(cur, H5_ATOM_RTC) && !h5_is_html(cur, H5_ATOM_RUBY))
                h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        }
        h5_tb_insert_html_element(tb, tk);
        return;
    case H5_ATOM_MATH: case H5_ATOM_SVG:
        h5_tb_reconstruct_active_formatting_elements(tb);
        h5_tb_insert_foreign_element(tb, tk, tk->atom == H5_ATOM_MATH ? H5_NS_MATHML : H5_NS_SVG, false);
        if (tk->t->self_closing) {
            h5_tb_pop(tb);
            h5_tb_ack_self_closing(tk);
        }
        return;
    case H5_ATOM_CAPTION: case H5_ATOM_COL: case H5_ATOM_COLGROUP: case H5_ATOM_FRAME:
    case H5_ATOM_HEAD: case H5_ATOM_TBODY: case H5_ATOM_TD: case H5_ATOM_TFOOT: case H5_ATOM_TH:
    case H5_ATOM_THEAD: case H5_ATOM_TR:
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_START_TAG, tk->start);
        return;
    default:
        break;
    }
    /* Any other start tag. */
    h5_tb_reconstruct_active_formatting_elements(tb);
    h5_tb_insert_html_element(tb, tk);
}

/* "Any other end tag" (13.2.6.4.7). */
static void any_other_end_tag(h5_treebuilder *tb, h5_tb_token *tk) {
    /* No HTML element of that name open: the walk below could only end at
     * a special element (the root html at the latest) - skip it, so that
     * stray end tags cost O(1) however deep the stack is. */
    if (!h5_tb_on_stack(tb, tk->atom)) {
        h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
        return;
    }
    for (size_t i = tb->nstack; i-- > 0;) {
        h5_node *node = tb->stack[i];
        if (h5_tb_node_is_tag(node, tk)) {
            h5_tb_generate_implied_end_tags(tb, node->atom != H5_ATOM_NONE ? node->atom : H5_ATOM_NONE);
            if (node != h5_tb_current(tb)) h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
            h5_tb_pop_until_node(tb, node);
            return;
        }
        if (h5_tb_is_special(node)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
    }
}

/* Close the topmost HTML element with `atom` after generating implied end
 * tags (except `except`), with the end tag's offsets. */
static void close_element(h5_treebuilder *tb, h5_tb_token *tk, uint16_t atom, uint16_t except) {
    h5_tb_generate_implied_end_tags(tb, except);
    if (!h5_is_html(h5_tb_current(tb), atom)) h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
    h5_tb_pop_until(tb, atom);
}

static void body_end_tag(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->atom) {
    case H5_ATOM_TEMPLATE:
        h5_in_head_mode(tb, tk);
        return;
    case H5_ATOM_BODY: case H5_ATOM_HTML:
        if (!h5_tb_in_scope(tb, H5_ATOM_BODY, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        if (has_unclosable_open_element(tb)) h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
        /* body is not popped: its end tag is recorded here. */
        if (tk->atom == H5_ATOM_BODY && tb->nstack > 1 && h5_is_html(tb->stack[1], H5_ATOM_BODY))
            h5_tb_set_end_tag(tb->stack[1], tk);
        tb->mode = H5_MODE_AFTER_BODY;
        /* "Reprocess the token": through the dispatcher, which sends </html>
         * to the foreign content rules again when the current node is
         * SVG/MathML (as html5lib and html5ever do; the spec's </br> and
         * </p> in foreign content say "according to the current insertion
         * mode" explicitly, this one does not). */
        if (tk->atom == H5_ATOM_HTML) tb->reprocess = true;
        return;
    case H5_ATOM_ADDRESS: case H5_ATOM_ARTICLE: case H5_ATOM_ASIDE: case H5_ATOM_BLOCKQUOTE:
    case H5_ATOM_BUTTON: case H5_ATOM_CENTER: case H5_ATOM_DETAILS: case H5_ATOM_DIALOG:
    case H5_ATOM_DIR: case H5_ATOM_DIV: case H5_ATOM_DL: case H5_ATOM_FIELDSET:
    case H5_ATOM_FIGCAPTION: case H5_ATOM_FIGURE: case H5_ATOM_FOOTER: case H5_ATOM_HEADER:
    case H5_ATOM_HGROUP: case H5_ATOM_LISTING: case H5_ATOM_MAIN: case H5_ATOM_MENU:
    case H5_ATOM_NAV: case H5_ATOM_OL: case H5_ATOM_PRE: case H5_ATOM_SEARCH: case H5_ATOM_SECTION:
    case H5_ATOM_SELECT: case H5_ATOM_SUMMARY: case H5_ATOM_UL:
        if (!h5_tb_in_scope(tb, tk->atom, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        close_element(tb, tk, tk->atom, H5_ATOM_NONE);
        return;
    case H5_ATOM_FORM:
        /* "If not parsing template contents" (PR 12911; was "if there is no
         * template element on the stack of open elements"). */
        if (!h5_tb_parsing_template_contents(tb)) {
            h5_node *node = tb->form;
            tb->form = NULL;
            if (!node || !h5_tb_node_in_scope(tb, node, H5_SCOPE_DEFAULT)) {
                h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
                return;
            }
            h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
            if (h5_tb_current(tb) != node) h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
            h5_tb_remove_from_stack(tb, node);
            return;
        }
        if (!h5_tb_in_scope(tb, H5_ATOM_FORM, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        close_element(tb, tk, H5_ATOM_FORM, H5_ATOM_NONE);
        return;
    case H5_ATOM_P:
        if (!h5_tb_in_scope(tb, H5_ATOM_P, H5_SCOPE_BUTTON)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            h5_tb_insert_implied(tb, H5_ATOM_P, tk->start);
        }
        close_element(tb, tk, H5_ATOM_P, H5_ATOM_P);
        return;
    case H5_ATOM_LI:
        if (!h5_tb_in_scope(tb, H5_ATOM_LI, H5_SCOPE_LIST_ITEM)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        close_element(tb, tk, H5_ATOM_LI, H5_ATOM_LI);
        return;
    case H5_ATOM_DD: case H5_ATOM_DT:
        if (!h5_tb_in_scope(tb, tk->atom, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        close_element(tb, tk, tk->atom, tk->atom);
        return;
    case H5_ATOM_H1: case H5_ATOM_H2: case H5_ATOM_H3: case H5_ATOM_H4: case H5_ATOM_H5:
    case H5_ATOM_H6:
        if (!h5_tb_heading_in_scope(tb)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        h5_tb_generate_implied_end_tags(tb, H5_ATOM_NONE);
        if (!h5_is_html(h5_tb_current(tb), tk->atom))
            h5_tb_error(tb, H5_ERROR_END_TAG_WITH_OPEN_ELEMENTS, tk->start);
        while (tb->nstack) {
            h5_node *n = h5_tb_current(tb);
            bool heading = n->ns == H5_NS_HTML && n->atom >= H5_ATOM_H1 && n->atom <= H5_ATOM_H6;
            h5_tb_pop(tb);
            if (heading) break;
        }
        return;
    case H5_ATOM_A: case H5_ATOM_B: case H5_ATOM_BIG: case H5_ATOM_CODE: case H5_ATOM_EM:
    case H5_ATOM_FONT: case H5_ATOM_I: case H5_ATOM_NOBR: case H5_ATOM_S: case H5_ATOM_SMALL:
    case H5_ATOM_STRIKE: case H5_ATOM_STRONG: case H5_ATOM_TT: case H5_ATOM_U:
        if (!h5_tb_adoption_agency(tb, tk)) any_other_end_tag(tb, tk);
        return;
    case H5_ATOM_APPLET: case H5_ATOM_MARQUEE: case H5_ATOM_OBJECT:
        if (!h5_tb_in_scope(tb, tk->atom, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, tk->start);
            return;
        }
        close_element(tb, tk, tk->atom, H5_ATOM_NONE);
        h5_tb_afe_clear_to_marker(tb);
        return;
    case H5_ATOM_BR: {
        /* As a <br> start tag without attributes.  The element has no
         * start tag: it is implied (no source location, as in parse5). */
        h5_tb_error(tb, H5_ERROR_UNEXPECTED_END_TAG, tk->start);
        h5_tb_reconstruct_active_formatting_elements(tb);
        if (h5_tb_insert_implied(tb, H5_ATOM_BR, tk->start)) h5_tb_pop(tb);
        tb->frameset_ok = false;
        return;
    }
    default:
        any_other_end_tag(tb, tk);
        return;
    }
}

void h5_in_body_mode(h5_treebuilder *tb, h5_tb_token *tk) {
    switch (tk->type) {
    case H5_TOKEN_CHARACTER:
        body_characters(tb, tk);
        return;
    case H5_TOKEN_COMMENT: case H5_TOKEN_PROCESSING_INSTRUCTION: case H5_TOKEN_DOCTYPE:
        h5_tb_comment_or_doctype(tb, tk);
        return;
    case H5_TOKEN_START_TAG:
        body_start_tag(tb, tk);
        return;
    case H5_TOKEN_END_TAG:
        body_end_tag(tb, tk);
        return;
    case H5_TOKEN_EOF:
        body_eof(tb, tk);
        return;
    }
}
