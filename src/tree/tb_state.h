/*
 * The tree builder's state (13.2.4, "parse state"): the insertion modes,
 * scopes, the token as the modes see it, and h5_treebuilder itself.  The
 * machinery (tb_machinery.h), the insertion modes (tb_modes.h) and the
 * dispatcher (treebuilder.h) all work on it; see treebuilder.h for the
 * layers.
 */
#ifndef H5_TB_STATE_H
#define H5_TB_STATE_H

#include "arena.h"
#include "atoms.h"
#include "dom.h"
#include "encoding.h"
#include "errors.h"
#include "h5.h"
#include "parse_options.h"
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
    h5_parse_options opts;      /* the parse's options, as h5_parse got them (parse_options.h) */
    h5_arena *arena;
    h5_tokenizer *tokenizer;
    const h5_char *input;
    size_t input_len;
    /* The input the tree may borrow strings from (h5_tb_in_input): all of
     * `input` for a one-shot parse; for a streamed parse fed from the
     * parser's own store (parser.h, h5_parser_feed_input), the units of the
     * current block, which start at input offset window_base.  NULL: none.
     * window_borrow false: strings are copied even from the window (a
     * block the tree took little from, parser.c); window_lent counts the
     * units of the strings kept from the window, borrowed or not. */
    const h5_char *window;
    size_t window_len;
    size_t window_base;
    size_t window_lent;
    bool window_borrow;
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
    /* Cache for the option popped steps (tb_selectedcontent.c): the select last
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

#endif
