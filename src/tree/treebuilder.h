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
 * h5_treebuilder: the parse's options (h5_parse_options, parse_options.h) and the
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

#include "tb_state.h"

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
