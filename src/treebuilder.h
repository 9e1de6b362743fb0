/*
 * Tree construction (spec 13.2.6) - internal interface between parser.c,
 * treebuilder.c (shared machinery) and the insertion modes in tb_*.c.
 * Not part of the public API.
 *
 * The tree builder receives tokens from the tokenizer (h5_tb_on_token is the
 * tokenizer's sink) and builds the in-arena tree of dom.h.  All of its
 * per-parse state lives in h5_treebuilder; growable arrays (the stack of open
 * elements, the list of active formatting elements, the stack of template
 * insertion modes, pending table text) are malloc'd and kept across parses,
 * nodes come from the parse's arena.
 *
 * Complexity: the stack of open elements is a plain array.  Per-atom counts
 * of the HTML elements on the stack and in the list of active formatting
 * elements answer "is there any X" in O(1), so the scope loops (which stop at
 * scope boundaries) only run when an X exists; "is this node on the stack" is
 * a node flag.  Noah's Ark bounds identical formatting entries.
 *
 * Out of memory: every allocation may fail.  Failure is sticky (tb->failed
 * or arena->failed); helpers never push or dereference a NULL node, and
 * h5_tb_on_token stops the tokenizer at the next token boundary.
 */
#ifndef H5_TREEBUILDER_H
#define H5_TREEBUILDER_H

#include "arena.h"
#include "atoms.h"
#include "dom.h"
#include "encoding.h"
#include "errors.h"
#include "h5.h"
#include "parser.h"
#include "tokenizer.h"

/* 13.2.4.1 The insertion modes.  "in select" and "in select in table" are
 * gone from the living standard (relaxed <select> parsing, 2025). */
typedef enum {
    H5_MODE_INITIAL,
    H5_MODE_BEFORE_HTML,
    H5_MODE_BEFORE_HEAD,
    H5_MODE_IN_HEAD,
    H5_MODE_IN_HEAD_NOSCRIPT,
    H5_MODE_AFTER_HEAD,
    H5_MODE_IN_BODY,
    H5_MODE_TEXT,
    H5_MODE_IN_TABLE,
    H5_MODE_IN_TABLE_TEXT,
    H5_MODE_IN_CAPTION,
    H5_MODE_IN_COLUMN_GROUP,
    H5_MODE_IN_TABLE_BODY,
    H5_MODE_IN_ROW,
    H5_MODE_IN_CELL,
    H5_MODE_IN_TEMPLATE,
    H5_MODE_AFTER_BODY,
    H5_MODE_IN_FRAMESET,
    H5_MODE_AFTER_FRAMESET,
    H5_MODE_AFTER_AFTER_BODY,
    H5_MODE_AFTER_AFTER_FRAMESET
} h5_insertion_mode;

/* Scope kinds (13.2.4.2 "has an element in the specific scope"); the
 * select scope went with the relaxed <select> parsing (2025). */
typedef enum {
    H5_SCOPE_DEFAULT,
    H5_SCOPE_LIST_ITEM,
    H5_SCOPE_BUTTON,
    H5_SCOPE_TABLE
} h5_scope;

/* Node flag private to the tree builder: the element is on the stack of
 * open elements.  Cleared when it is popped and on every node still open
 * when the parse ends. */
#define H5_TB_FLAG_ON_STACK (1u << 31)

/* The token being processed.  Character tokens are handed to the modes as
 * segments of the tokenizer's run: "in body" and the modes that defer to it
 * get whole runs, the others runs that are all whitespace or all other
 * characters (a NULL alone), so that per-character rules apply to the whole
 * segment.  `start`/`end` is the segment's source span. */
typedef struct {
    h5_token *t;            /* the tokenizer's token (attrs, ids, flags) */
    h5_token_type type;
    uint16_t atom;          /* tag tokens: atom of the (lowercase) name */
    const h5_char *data;    /* character tokens: the segment */
    size_t len;
    uint32_t start, end;    /* source offsets */
    bool ack;               /* self-closing flag acknowledged */
} h5_tb_token;

typedef struct h5_treebuilder {
    /* --- set by h5_tb_begin --- */
    h5_parse_options opts;      /* the parse's options, as h5_parse got them (parser.h) */
    h5_arena *arena;
    h5_tokenizer *tokenizer;
    const h5_char *input;
    size_t input_len;
    h5_node *context;           /* fragment context element (not in the tree) */
    size_t error_count;
    bool encoding_tentative;    /* the confidence is (still) tentative (13.2.3) */
    uint8_t encoding_change;    /* h5_encoding a <meta> asked for (13.2.3.4) */

    /* --- parse state --- */
    h5_node *document;
    h5_node *html_root;         /* fragment case: the root html element */
    h5_node *head;              /* head element pointer */
    h5_node *form;              /* form element pointer */
    h5_insertion_mode mode;
    h5_insertion_mode original_mode;
    bool frameset_ok;
    bool foster_parenting;
    bool skip_next_lf;          /* pre/listing/textarea: drop a leading LF */
    bool lf_carry;              /* that LF was a character token of its own, */
    uint32_t lf_start;          /* ... at this offset (text locations, as parse5) */
    bool done;                  /* stopped parsing */
    bool reprocess;             /* the dispatcher runs the current token again */
    bool failed;                /* out of memory (sticky) */
    /* The token (character segment) being processed, NULL between tokens:
     * an element that leaves the stack of open elements takes its end
     * offset from it (see h5_tb_pop). */
    const h5_tb_token *cur;
    bool has_selectedcontent;   /* a selectedcontent element was created */
    /* Cache for the option popped steps (tb_foreign.c): the select last
     * looked at, its selectedcontent, its first enabled option and whether
     * an option with a selected attribute was seen. */
    h5_node *sc_select, *sc_content, *sc_first;
    bool sc_any_selected;

    h5_node **stack;            /* stack of open elements, [0] = bottom */
    size_t nstack, cap_stack;

    h5_node **afe;              /* active formatting elements; NULL = marker */
    size_t nafe, cap_afe;

    uint8_t *tmpl_modes;        /* stack of template insertion modes */
    size_t ntmpl, cap_tmpl;

    h5_buf pending;             /* pending table character tokens */
    bool pending_non_ws;
    uint32_t pending_start, pending_end;

    uint32_t stack_count[H5_ATOM_COUNT]; /* HTML elements on the stack per atom */
    uint32_t afe_count[H5_ATOM_COUNT];   /* HTML elements in the afe list per atom */
    uint32_t foreign_count[H5_ATOM_COUNT]; /* SVG/MathML elements on the stack per lowercase atom */
    const h5_char *atom_name[H5_ATOM_COUNT]; /* arena copies of atom names (this parse) */
} h5_treebuilder;

/* Zero-initialise (no allocation). */
void h5_tb_init(h5_treebuilder *tb);
void h5_tb_free(h5_treebuilder *tb);

/* Prepare a parse of `input` with options `o` (copied), nodes from
 * `arena`; `tokenizer` is the one that will feed h5_tb_on_token (the tree
 * builder asks it for state switches and to stop on failure).  Returns the
 * tokenizer state to start in (13.4 for fragments, data state otherwise).
 * On allocation failure tb->failed. */
h5_tokenizer_state h5_tb_begin(h5_treebuilder *tb, const h5_parse_options *o, h5_arena *arena,
                               h5_tokenizer *tokenizer, const h5_char *input, size_t input_len);
/* The tokenizer's token sink (ctx = the h5_treebuilder). */
void h5_tb_on_token(void *ctx, h5_token *token);
/* The tokenizer's CDATA question (ctx = the h5_treebuilder), 13.2.5.42:
 * "there is an adjusted current node and it is not an element in the HTML
 * namespace". */
bool h5_tb_cdata_allowed(void *ctx);
/* Report a parse error (counts it, forwards it to the sink). */
void h5_tb_error(h5_treebuilder *tb, h5_error_code code, uint32_t offset);
void h5_tb_char_errors(h5_treebuilder *tb, h5_error_code code, const h5_char *s, size_t n, uint32_t start);
/* After the EOF token: the DOCUMENT, or a FRAGMENT holding the children of
 * the root html element for fragments.  NULL on failure. */
h5_node *h5_tb_finish(h5_treebuilder *tb);

/* ---- shared machinery (treebuilder.c) ---------------------------------- */

/* Whitespace as tree construction sees it (13.2.6: "U+0009 CHARACTER
 * TABULATION, U+000A LINE FEED (LF), U+000C FORM FEED (FF), U+000D CARRIAGE
 * RETURN (CR), or U+0020 SPACE"): a CR reaches tree construction only from
 * a character reference (&#13;), the input's are normalised away. */
static inline bool h5_tb_is_ws(h5_char c) { return h5_is_space(c) || c == '\r'; }

static inline bool h5_is_html(const h5_node *n, uint16_t atom) {
    return n->ns == H5_NS_HTML && n->atom == atom;
}
static inline h5_node *h5_tb_current(const h5_treebuilder *tb) {
    return tb->nstack ? tb->stack[tb->nstack - 1] : NULL;
}
h5_node *h5_tb_adjusted_current(const h5_treebuilder *tb);
bool h5_tb_is_special(const h5_node *n);
/* Same element type: namespace and local name. */
bool h5_tb_same_name(const h5_node *a, const h5_node *b);
/* Node is an HTML element whose name is the token's tag name. */
bool h5_tb_node_is_tag(const h5_node *n, const h5_tb_token *tk);

/* Stack of open elements (13.2.4.2).
 *
 * Source locations: an element that leaves the stack gets its end from the
 * token being processed (tb->cur), as parse5 does: an end tag with the
 * element's name is recorded as its end tag; otherwise the element ends
 * where that token starts (the end of input for EOF), or at the end of its
 * start tag when it leaves during its own start tag (void elements).  An
 * element whose end tag is recorded keeps it. */
bool h5_tb_push(h5_treebuilder *tb, h5_node *n);
h5_node *h5_tb_pop(h5_treebuilder *tb);
void h5_tb_pop_until(h5_treebuilder *tb, uint16_t atom);   /* HTML atom, inclusive */
void h5_tb_pop_until_node(h5_treebuilder *tb, h5_node *n);  /* inclusive */
void h5_tb_remove_from_stack(h5_treebuilder *tb, h5_node *n);
long h5_tb_stack_index(const h5_treebuilder *tb, const h5_node *n); /* -1 if absent */
bool h5_tb_in_scope(const h5_treebuilder *tb, uint16_t atom, h5_scope scope);
bool h5_tb_node_in_scope(const h5_treebuilder *tb, const h5_node *n, h5_scope scope);
bool h5_tb_on_stack(const h5_treebuilder *tb, uint16_t atom);
/* h1..h6 in default scope. */
bool h5_tb_heading_in_scope(const h5_treebuilder *tb);
/* td or th in table scope. */
bool h5_tb_cell_in_scope(const h5_treebuilder *tb);
void h5_tb_generate_implied_end_tags(h5_treebuilder *tb, uint16_t except);
void h5_tb_generate_all_implied_end_tags_thoroughly(h5_treebuilder *tb);
void h5_tb_close_p(h5_treebuilder *tb, const h5_tb_token *tk);
void h5_tb_clear_to_context(h5_treebuilder *tb, const uint16_t *atoms); /* 0-terminated, html+template implied */
void h5_tb_reset_insertion_mode(h5_treebuilder *tb);

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
 * arena.  h5_tb_keep returns NULL (and sets tb->failed) when a copy fails;
 * an empty string is never NULL. */
static inline bool h5_tb_in_input(const h5_treebuilder *tb, const h5_char *s, size_t n) {
    /* Compared as addresses: `s` may point into another object. */
    uintptr_t p = (uintptr_t)s, b = (uintptr_t)tb->input;
    return n && p >= b && n <= tb->input_len && (p - b) / sizeof(h5_char) <= tb->input_len - n;
}
const h5_char *h5_tb_keep(h5_treebuilder *tb, const h5_char *s, size_t n);

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
h5_node *h5_tb_insert_implied(h5_treebuilder *tb, uint16_t atom, uint32_t offset);
/* [start, end) is the source span of the characters. */
void h5_tb_insert_characters(h5_treebuilder *tb, const h5_char *s, size_t n, uint32_t start, uint32_t end);
void h5_tb_insert_comment(h5_treebuilder *tb, const h5_tb_token *tk, h5_node *parent); /* parent NULL = appropriate place */
/* Copy the token's attributes that `el` lacks onto `el` (<html>, <body>). */
void h5_tb_merge_attributes(h5_treebuilder *tb, h5_node *el, const h5_tb_token *tk);
void h5_tb_generic_text_parse(h5_treebuilder *tb, h5_tb_token *tk, h5_tokenizer_state state);
/* Record the end tag `tk` as the end of `n` (html and body, which the end
 * tags do not pop; popped elements get theirs in h5_tb_pop). */
void h5_tb_set_end_tag(h5_node *n, const h5_tb_token *tk);
/* Attribute value by ASCII name, or NULL. */
const h5_str *h5_tb_token_attr(const h5_tb_token *tk, const char *name);
void h5_tb_ack_self_closing(h5_tb_token *tk);
bool h5_tb_grow(h5_treebuilder *tb, void **arr, size_t *cap, size_t need, size_t elem);

/* ---- insertion modes --------------------------------------------------- */

/* Process a token by the rules of the current insertion mode. */
void h5_tb_process(h5_treebuilder *tb, h5_tb_token *tk);
void h5_tb_process_in(h5_treebuilder *tb, h5_insertion_mode m, h5_tb_token *tk);
void h5_tb_stop_parsing(h5_treebuilder *tb);

/* tb_modes.c */
void h5_initial_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_before_html_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_before_head_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_head_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_head_noscript_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_head_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_text_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_template_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_after_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_after_after_frameset_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_body.c */
void h5_in_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_body_any_other_end_tag(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_table.c */
void h5_in_table_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_table_text_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_caption_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_column_group_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_table_body_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_row_mode(h5_treebuilder *tb, h5_tb_token *tk);
void h5_in_cell_mode(h5_treebuilder *tb, h5_tb_token *tk);
/* tb_foreign.c */
void h5_foreign_content_rules(h5_treebuilder *tb, h5_tb_token *tk);
bool h5_tb_is_mathml_text_integration_point(const h5_node *n);
bool h5_tb_is_html_integration_point(const h5_node *n);
void h5_tb_adjust_attributes(h5_treebuilder *tb, h5_node *el); /* SVG/MathML + foreign */
/* The option element popped steps (selectedcontent cloning). */
void h5_tb_option_popped(h5_treebuilder *tb, h5_node *option);

/* foreign.c */
uint16_t h5_svg_adjusted_tag(uint16_t lower_atom);      /* NONE if unchanged */
const char *h5_svg_adjusted_attr(h5_str lower_name);     /* NULL if unchanged */
h5_attr_ns h5_foreign_attr_ns(h5_str name, size_t *local_start);

#endif
