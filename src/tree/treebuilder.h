/*
 * Tree construction (spec 13.2.6): the tree builder's state and the
 * interface parser.c uses.  Not part of the public API.
 *
 * Three layers, each calling only the one below it:
 *   treebuilder.c          the tree construction dispatcher (13.2.6), the
 *                          token sink and the start and end of a parse
 *                          (13.4 for fragments)
 *   tb_modes.h             the insertion modes (13.2.6.4) and the rules for
 *                          foreign content (13.2.6.5): tb_insertion_mode.c,
 *                          tb_mode_*.c, tb_foreign.c
 *   tb_machinery.h         what the modes work with: the parse state
 *                          (13.2.4, tb_parse_state.c), active formatting
 *                          elements and the adoption agency (tb_formatting.c),
 *                          creating and inserting nodes (13.2.6.1,
 *                          tb_insert.c), the option element popped steps
 *                          (tb_selectedcontent.c), the foreign tables
 *                          (foreign.c)
 *
 * The tree builder receives tokens from the tokenizer (h5_tb_on_token is the
 * tokenizer's sink) and builds the in-arena tree of dom.h.  It talks back
 * through h5_tokenizer_set_state (text elements, plaintext),
 * h5_tokenizer_abort (out of memory) and the tokenizer's cdata_allowed
 * question (h5_tb_cdata_allowed).  All of its per-parse state lives in
 * h5_treebuilder: the parse's options (h5_parse_options, parser.h) and the
 * runtime state; growable arrays (the stack of open elements, the list of
 * active formatting elements, the stack of template insertion modes,
 * pending table text) are malloc'd and kept across parses, nodes come from
 * the parse's arena.
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
/* After the EOF token: the DOCUMENT, or a FRAGMENT holding the children of
 * the root html element for fragments.  NULL on failure. */
h5_node *h5_tb_finish(h5_treebuilder *tb);

#endif
