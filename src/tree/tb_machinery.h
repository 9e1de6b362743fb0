/*
 * The machinery of tree construction, below the insertion modes (see
 * treebuilder.h for the layers): the parse state of 13.2.4 (insertion mode
 * reset, stack of template insertion modes, stack of open elements and its
 * scopes, active formatting elements), the adoption agency algorithm,
 * creating and inserting nodes (13.2.6.1) with attribute adjustment, and
 * the option element popped steps.  Nothing here calls an insertion mode or
 * the rules for foreign content.
 *
 *   tb_parse_state.c      13.2.4.1-2, 13.2.6.3, 13.2.7: insertion mode reset,
 *                         template modes, stack of open elements, scopes,
 *                         implied end tags, parse errors
 *   tb_formatting.c       13.2.4.3, 13.2.6.4.7: active formatting elements,
 *                         reconstruction, adoption agency algorithm
 *   tb_insert.c           13.2.6.1: creating and inserting nodes, attributes
 *   tb_selectedcontent.c  the option element popped steps (HTML 4.10.10)
 *   foreign.c             the SVG/MathML/foreign name tables
 */
#ifndef H5_TB_MACHINERY_H
#define H5_TB_MACHINERY_H

#include "tb_state.h"

/* Whitespace as tree construction sees it (13.2.6: "U+0009 CHARACTER
 * TABULATION, U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE
 * RETURN (CR), or U+0020 SPACE"): a CR reaches tree construction only from
 * a character reference (&#13;), the input's are normalised away. */
static inline bool h5_tb_is_ws(h5_char c) { return h5_is_space(c) || c == '\r'; }

static inline h5_node *h5_tb_current(const h5_treebuilder *tb) {
    return tb->nstack ? tb->stack[tb->nstack - 1] : NULL;
}
/* 13.2.4.2 "adjusted current node". */
static inline h5_node *h5_tb_adjusted_current(const h5_treebuilder *tb) {
    if (tb->opts.fragment && tb->context && tb->nstack == 1) return tb->context;
    return h5_tb_current(tb);
}
bool h5_tb_is_special(const h5_node *n);
/* 13.2.6 "MathML text integration point", "HTML integration point". */
bool h5_tb_is_mathml_text_integration_point(const h5_node *n);
bool h5_tb_is_html_integration_point(const h5_node *n);
/* Node is an HTML element whose name is the token's tag name. */
bool h5_tb_node_is_tag(const h5_node *n, const h5_tb_token *tk);
/* The end tag `tk` has the name of element `n`: "node's tag name, converted
 * to ASCII lowercase, is the same as the tag name of the token" (SVG names
 * such as foreignObject; the tokenizer lowercased the token's). */
bool h5_tb_end_tag_names(const h5_node *n, const h5_tb_token *tk);

/* Stack of open elements (13.2.4.2).
 *
 * Source locations: an element that leaves the stack gets its end from the
 * token being processed (tb->cur), as parse5 does: an end tag with the
 * element's name is recorded as its end tag; otherwise the element ends
 * where that token starts (the end of input for EOF), or at the end of its
 * start tag when it leaves during its own start tag (void elements).  An
 * element whose end tag is recorded keeps it. */
bool h5_tb_push(h5_treebuilder *tb, h5_node *n);
/* The bookkeeping of an element entering or leaving the stack (flag,
 * per-atom counts; on leaving, its end offsets unless `keep_end`, and the
 * option element popped steps), for the adoption agency, which edits the
 * stack in place. */
void h5_tb_entered_stack(h5_treebuilder *tb, h5_node *n);
void h5_tb_left_stack(h5_treebuilder *tb, h5_node *n, bool keep_end);
h5_node *h5_tb_pop(h5_treebuilder *tb);
void h5_tb_pop_until(h5_treebuilder *tb, uint16_t atom);   /* HTML atom, inclusive */
void h5_tb_pop_until_node(h5_treebuilder *tb, h5_node *n);  /* inclusive */
void h5_tb_remove_from_stack(h5_treebuilder *tb, h5_node *n);
long h5_tb_stack_index(const h5_treebuilder *tb, const h5_node *n); /* -1 if absent */
bool h5_tb_in_scope(const h5_treebuilder *tb, uint16_t atom, h5_scope scope);
bool h5_tb_node_in_scope(const h5_treebuilder *tb, const h5_node *n, h5_scope scope);
bool h5_tb_on_stack(const h5_treebuilder *tb, uint16_t atom);
/* "Parsing template contents" (whatwg/html PR 12911, 2026): a template
 * element is on the stack of open elements, or the fragment parsing
 * algorithm's context element is a template element (its contents are
 * built without a template on the stack).  The form element pointer is
 * neither used nor set while it holds. */
static inline bool h5_tb_parsing_template_contents(const h5_treebuilder *tb) {
    return h5_tb_on_stack(tb, H5_ATOM_TEMPLATE) ||
           (tb->context && tb->context->ns == H5_NS_HTML && tb->context->atom == H5_ATOM_TEMPLATE);
}
/* h1..h6 in default scope. */
bool h5_tb_heading_in_scope(const h5_treebuilder *tb);
/* td or th in table scope. */
bool h5_tb_cell_in_scope(const h5_treebuilder *tb);
void h5_tb_generate_implied_end_tags(h5_treebuilder *tb, uint16_t except);
void h5_tb_generate_all_implied_end_tags_thoroughly(h5_treebuilder *tb);
void h5_tb_close_p(h5_treebuilder *tb, const h5_tb_token *tk);
void h5_tb_clear_to_context(h5_treebuilder *tb, const uint16_t *atoms); /* 0-terminated, html+template implied */
/* 13.2.4.1 "reset the insertion mode appropriately" (sets tb->mode). */
void h5_tb_reset_insertion_mode(h5_treebuilder *tb);
/* Stop parsing (13.2.7), as far as the tree is concerned: pop everything. */
void h5_tb_stop_parsing(h5_treebuilder *tb);

/* Active formatting elements (13.2.4.3). */
void h5_tb_afe_push(h5_treebuilder *tb, h5_node *n);  /* with Noah's Ark */
void h5_tb_afe_push_marker(h5_treebuilder *tb);
void h5_tb_afe_clear_to_marker(h5_treebuilder *tb);
void h5_tb_afe_remove(h5_treebuilder *tb, h5_node *n);
long h5_tb_afe_index(const h5_treebuilder *tb, const h5_node *n);
/* Last element with this atom after the last marker, or NULL. */
h5_node *h5_tb_afe_find(const h5_treebuilder *tb, uint16_t atom);
void h5_tb_reconstruct_active_formatting_elements(h5_treebuilder *tb);
/* 13.2.6.4.7 adoption agency; false = "act as any other end tag". */
bool h5_tb_adoption_agency(h5_treebuilder *tb, h5_tb_token *tk);

/* Template insertion modes. */
void h5_tb_push_template_mode(h5_treebuilder *tb, h5_insertion_mode m);
void h5_tb_pop_template_mode(h5_treebuilder *tb);
static inline h5_insertion_mode h5_tb_current_template_mode(const h5_treebuilder *tb) {
    return tb->ntmpl ? (h5_insertion_mode)tb->tmpl_modes[tb->ntmpl - 1] : H5_MODE_IN_BODY;
}

/* Strings of tokens kept in the tree (names, attribute values, text,
 * comments): a string that lies in the input is used where it is, since the
 * input outlives the tree (parser.h); anything else (character references,
 * normalised newlines, text the tokenizer assembled) is copied into the
 * arena.  "The input" is tb->window: the whole input of a one-shot parse,
 * the current block of a streamed parse's kept input (parser.c), or none
 * (a streamed parse fed chunks that may go once fed: everything is
 * copied).  h5_tb_keep returns NULL (and sets tb->failed) when a copy
 * fails; an empty string is never NULL. */
static inline bool h5_tb_in_input(const h5_treebuilder *tb, const h5_char *s, size_t n) {
    /* Compared as addresses: `s` may point into another object. */
    uintptr_t p = (uintptr_t)s, b = (uintptr_t)tb->window;
    return n && b && p >= b && n <= tb->window_len && (p - b) / sizeof(h5_char) <= tb->window_len - n;
}
const h5_char *h5_tb_keep(h5_treebuilder *tb, const h5_char *s, size_t n);

/* Whether the character token `tk`, whose data starts with a LF, took a CR
 * LF pair of the source for it (13.2.3.5 "normalize newlines").  Within a
 * tokenizer run code units map one-to-one onto the source except for such
 * a leading pair (tokenizer.c, text_run), and no character reference spans
 * two units, so a span one longer than the data says it; with the input at
 * hand (the window) it is read there. */
static inline bool h5_tb_lead_crlf(const h5_treebuilder *tb, uint32_t start, uint32_t end, size_t len) {
    if (end - start != len + 1) return false;
    if (!tb->window || start < tb->window_base) return !tb->input;
    size_t i = start - tb->window_base;
    if (i + 1 >= tb->window_len) return !tb->input;
    return tb->window[i] == '\r' && tb->window[i + 1] == '\n';
}

/* Insertion (13.2.6.1). */
h5_node *h5_tb_create_element(h5_treebuilder *tb, const h5_tb_token *tk, h5_element_ns ns);
/* Appropriate place: parent and the child to insert before (NULL = append).
 * `override` may be NULL. */
void h5_tb_appropriate_place_for_inserting(h5_treebuilder *tb, h5_node *override, h5_node **parent, h5_node **before);
void h5_tb_insert_at_place(h5_treebuilder *tb, h5_node *node, h5_node *override);
h5_node *h5_tb_insert_html_element(h5_treebuilder *tb, const h5_tb_token *tk);
h5_node *h5_tb_insert_foreign_element(h5_treebuilder *tb, const h5_tb_token *tk, h5_element_ns ns, bool only_add_to_stack);
/* Insert an HTML element for a tag name only (implied html/head/body/...),
 * flagged H5_NODE_FLAG_IMPLICIT.  `offset` is the token that implied it;
 * the element gets no start-tag offsets (dom.h: NONE without a start tag). */
h5_node *h5_tb_create_html_element(h5_treebuilder *tb, uint16_t atom);
h5_node *h5_tb_insert_implied(h5_treebuilder *tb, uint16_t atom, uint32_t offset);
/* The tokenizer state the contents of the HTML element `atom` are
 * tokenized in (13.4 fragment parsing step 4, and the elements whose start
 * tags switch it): RCDATA for title and textarea, RAWTEXT for style, xmp,
 * iframe, noembed, noframes and (scripting on) noscript, script data,
 * PLAINTEXT; else the data state.  treebuilder.c */
h5_tokenizer_state h5_tb_text_state(const h5_treebuilder *tb, uint16_t atom);
/* [start, end) is the source span of the characters. */
void h5_tb_insert_characters(h5_treebuilder *tb, const h5_char *s, size_t n, uint32_t start, uint32_t end);
void h5_tb_insert_comment(h5_treebuilder *tb, const h5_tb_token *tk, h5_node *parent); /* parent NULL = appropriate place */
/* Copy the token's attributes that `el` lacks onto `el` (<html>, <body>). */
void h5_tb_merge_attributes(h5_treebuilder *tb, h5_node *el, const h5_tb_token *tk);
/* Record the end tag `tk` as the end of `n` (html and body, which the end
 * tags do not pop; popped elements get theirs in h5_tb_pop). */
void h5_tb_set_end_tag(h5_node *n, const h5_tb_token *tk);
/* Attribute value by ASCII name, or NULL. */
const h5_str *h5_tb_token_attr(const h5_tb_token *tk, const char *name);
void h5_tb_ack_self_closing(h5_tb_token *tk);
/* Make room for `need` elements of size `elem` in the malloc'd array *arr
 * of capacity *cap; false (and tb->failed) when out of memory. */
bool h5_tb_grow_array(h5_treebuilder *tb, void **arr, size_t *cap, size_t need, size_t elem);
static inline bool h5_tb_grow(h5_treebuilder *tb, void **arr, size_t *cap, size_t need, size_t elem) {
    return need <= *cap || h5_tb_grow_array(tb, arr, cap, need, elem);
}

/* Report a parse error (counts it, forwards it to the sink). */
void h5_tb_error(h5_treebuilder *tb, h5_error_code code, uint32_t offset);
/* One error per character of a run (a surrogate pair is one character). */
void h5_tb_char_errors(h5_treebuilder *tb, h5_error_code code, const h5_char *s, size_t n, uint32_t start);

/* HTML elements are counted per atom (tb->stack_count, tb->afe_count);
 * stack_count[H5_ATOM_NONE] counts those whose name is not an atom. */
static inline bool h5_tb_counted(const h5_node *n) { return n->ns == H5_NS_HTML; }

/* ---- tb_selectedcontent.c ---------------------------------------------- */
/* The option element popped steps (selectedcontent cloning). */
void h5_tb_option_popped(h5_treebuilder *tb, h5_node *option);

/* ---- foreign.c: the tables of 13.2.6.1 and 13.2.6.5 -------------------- */
uint16_t h5_svg_adjusted_tag(uint16_t lower_atom);      /* NONE if unchanged */
const char *h5_svg_adjusted_attr(h5_str lower_name);     /* NULL if unchanged */
h5_attr_ns h5_foreign_attr_ns(h5_str name, size_t *local_start);

#endif
