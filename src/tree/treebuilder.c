/*
 * Tree construction (spec 13.2.6): the tree construction dispatcher on top
 * of the insertion modes (tb_modes.h), the tokenizer's token sink and CDATA
 * answer, and the start and end of a parse (13.4 "parsing HTML fragments"
 * for the fragment case).  See treebuilder.h for the layers.
 */
#include "treebuilder.h"

#include <stdlib.h>
#include <string.h>

#include "tb_modes.h"

void h5_tb_init(h5_treebuilder *tb) { memset(tb, 0, sizeof *tb); }

void h5_tb_free(h5_treebuilder *tb) {
    free(tb->stack);
    free(tb->afe);
    free(tb->tmpl_modes);
    h5_buf_free(&tb->pending);
    memset(tb, 0, sizeof *tb);
}

/* ---- the tree construction dispatcher (13.2.6) ------------------------- */

/* Does the token go to the insertion mode (true) or to the rules for
 * parsing tokens in foreign content (false)? */
static bool use_insertion_mode(const h5_treebuilder *tb, const h5_tb_token *tk) {
    if (!tb->nstack) return true;
    const h5_node *n = h5_tb_adjusted_current(tb);
    if (n->ns == H5_NS_HTML) return true;
    if (tk->type == H5_TOKEN_EOF) return true;
    if (h5_tb_is_mathml_text_integration_point(n)) {
        if (tk->type == H5_TOKEN_CHARACTER) return true;
        if (tk->type == H5_TOKEN_START_TAG && tk->atom != H5_ATOM_MGLYPH && tk->atom != H5_ATOM_MALIGNMARK)
            return true;
    }
    if (n->ns == H5_NS_MATHML && n->atom == H5_ATOM_ANNOTATION_XML && tk->type == H5_TOKEN_START_TAG &&
        tk->atom == H5_ATOM_SVG)
        return true;
    if (h5_tb_is_html_integration_point(n) && (tk->type == H5_TOKEN_START_TAG || tk->type == H5_TOKEN_CHARACTER))
        return true;
    return false;
}

/* 13.2.6 tree construction dispatcher.  A mode that must "reprocess the
 * token" where the chain of reprocessing can be as long as the stack of
 * open elements (EOF in "in template") sets tb->reprocess instead of
 * recursing, and the token goes round this loop again: no recursion over
 * document depth. */
static void dispatch(h5_treebuilder *tb, h5_tb_token *tk) {
    tb->cur = tk;
    do {
        tb->reprocess = false;
        if (use_insertion_mode(tb, tk)) h5_tb_process(tb, tk);
        else h5_foreign_content_rules(tb, tk);
    } while (tb->reprocess && !tb->failed && !tb->done);
}

/* Modes that treat a whole run of characters alike. */
static bool takes_whole_runs(h5_insertion_mode m) {
    return m == H5_MODE_IN_BODY || m == H5_MODE_TEXT || m == H5_MODE_IN_CELL || m == H5_MODE_IN_CAPTION ||
           m == H5_MODE_IN_TEMPLATE;
}

/* Characters: the other modes get segments that are all whitespace or all
 * non-whitespace (a NULL is always a segment of its own).  Segment offsets
 * are exact: within a tokenizer run, code units map one-to-one onto the
 * source, except that a run may start with a LF that was a CR LF pair
 * (tokenizer.c, text_run) and that a character reference is a run of its
 * own (whose one or two code units are never split here). */
static void dispatch_characters(h5_treebuilder *tb, h5_tb_token *tk, uint32_t text_start) {
    const h5_char *p = tk->data;
    size_t len = tk->len;
    uint32_t span = tk->end - tk->start;
    /* Source units taken by the first code unit beyond one. */
    uint32_t lead = p[0] == '\n' && h5_tb_lead_crlf(tb, tk->start, tk->end, len);
    bool exact = span == len || lead;
    uint32_t start = tk->start;
    bool first = true;
    while (len && !tb->done && !tb->failed) {
        h5_tb_token seg = *tk;
        seg.data = p;
        seg.start = first ? text_start : start;
        if (!use_insertion_mode(tb, tk) || takes_whole_runs(tb->mode)) {
            seg.len = len;
        } else {
            bool ws = h5_tb_is_ws(p[0]);
            size_t n = 1;
            if (p[0] != 0)
                while (n < len && p[n] != 0 && h5_tb_is_ws(p[n]) == ws) n++;
            seg.len = n;
        }
        if (seg.len == len || !exact) seg.end = seg.len == len ? tk->end : start + (uint32_t)seg.len;
        else seg.end = start + (uint32_t)seg.len + (first ? lead : 0);
        if (seg.end > tk->end) seg.end = tk->end;
        dispatch(tb, &seg);
        p += seg.len;
        len -= seg.len;
        start = seg.end;
        first = false;
    }
}

void h5_tb_on_token(void *ctx, h5_token *token) {
    h5_treebuilder *tb = ctx;
    if (tb->failed || tb->arena->failed) {
        tb->failed = true;
        h5_tokenizer_abort(tb->tokenizer);
        return;
    }
    if (tb->done) return;
    h5_tb_token tk;
    memset(&tk, 0, sizeof tk);
    tk.t = token;
    tk.type = token->type;
    /* whatwg/html 320c05f6 (2026): every insertion mode, and the rules for
     * foreign content, treat "a comment token or a processing instruction
     * token" alike (PR 12653 added "in head noscript" and "in template"), so
     * the modes see a comment token; h5_tb_insert_comment creates the
     * ProcessingInstruction node ("insert a processing instruction") for
     * the original token's type. */
    if (tk.type == H5_TOKEN_PROCESSING_INSTRUCTION) tk.type = H5_TOKEN_COMMENT;
    tk.start = token->start;
    tk.end = token->end;
    if (tk.type == H5_TOKEN_START_TAG || tk.type == H5_TOKEN_END_TAG)
        tk.atom = (uint16_t)h5_atom_lookup(token->name.ptr, token->name.len);
    if (tk.type == H5_TOKEN_CHARACTER) {
        tk.data = token->data.ptr;
        tk.len = token->data.len;
        /* A LF dropped at the start of pre/listing/textarea (13.2.6.4.7):
         * the text starts after it, unless whitespace follows the LF, for
         * parse5 drops the LF from its whitespace token and keeps the
         * token's start (`carry`: the LF was a run of its own). */
        uint32_t text_start = tk.start;
        bool carry = tb->lf_carry;
        tb->lf_carry = false;
        if (carry && h5_is_space(tk.data[0])) text_start = tb->lf_start;
        if (tb->skip_next_lf) {
            tb->skip_next_lf = false;
            if (tk.len && tk.data[0] == '\n') {
                uint32_t lf = tk.start;
                tk.data++;
                tk.len--;
                /* The LF may have been a CR LF pair in the source. */
                if (h5_tb_lead_crlf(tb, tk.start, tk.end, tk.len + 1)) tk.start++;
                tk.start++;
                if (!tk.len) {
                    tb->lf_carry = true;
                    tb->lf_start = lf;
                    return;
                }
                text_start = h5_is_space(tk.data[0]) ? lf : tk.start;
            }
        }
        dispatch_characters(tb, &tk, text_start);
    } else {
        tb->skip_next_lf = tb->lf_carry = false;
        dispatch(tb, &tk);
        if (tk.type == H5_TOKEN_START_TAG && token->self_closing && !tk.ack)
            h5_tb_error(tb, H5_ERROR_NON_VOID_HTML_ELEMENT_START_TAG_WITH_TRAILING_SOLIDUS, tk.start);
    }
    tb->cur = NULL;
    if (tb->failed || tb->arena->failed) {
        tb->failed = true;
        h5_tokenizer_abort(tb->tokenizer);
    }
}

bool h5_tb_cdata_allowed(void *ctx) {
    const h5_treebuilder *tb = ctx;
    return tb->nstack && h5_tb_adjusted_current(tb)->ns != H5_NS_HTML;
}

/* ---- starting and finishing a parse ------------------------------------ */

h5_tokenizer_state h5_tb_begin(h5_treebuilder *tb, const h5_parse_options *o, h5_arena *arena,
                               h5_tokenizer *tokenizer, const h5_char *input, size_t input_len) {
    tb->opts = *o;
    tb->arena = arena;
    tb->tokenizer = tokenizer;
    tb->input = input;
    tb->input_len = input_len;
    tb->window = input;
    tb->window_len = input_len;
    tb->window_base = 0;
    tb->window_lent = 0;
    tb->window_borrow = true;
    tb->context = NULL;
    tb->error_count = 0;
    /* A fragment has no encoding (13.4): nothing to change. */
    tb->encoding_tentative = o->confidence == H5_CONFIDENCE_TENTATIVE && !o->fragment;
    tb->encoding_change = H5_ENC_NONE;
    tb->html_root = tb->head = tb->form = NULL;
    tb->mode = tb->original_mode = H5_MODE_INITIAL;
    tb->frameset_ok = true;
    tb->foster_parenting = tb->skip_next_lf = tb->lf_carry = tb->done = tb->failed = false;
    tb->cur = NULL;
    tb->has_selectedcontent = false;
    tb->sc_select = tb->sc_content = tb->sc_first = NULL;
    tb->sc_any_selected = false;
    tb->nstack = tb->nafe = tb->ntmpl = 0;
    tb->pending.len = 0;
    tb->pending_non_ws = false;
    memset(tb->stack_count, 0, sizeof tb->stack_count);
    memset(tb->afe_count, 0, sizeof tb->afe_count);
    memset(tb->foreign_count, 0, sizeof tb->foreign_count);
    memset(tb->atom_name, 0, sizeof tb->atom_name);

    tb->document = h5_node_create(tb->arena, H5_NODE_DOCUMENT);
    if (!tb->document) {
        tb->failed = true;
        return H5_STATE_DATA;
    }
    if (!o->fragment) return H5_STATE_DATA;

    /* 13.4 The HTML fragment parsing algorithm. */
    h5_node *ctx = h5_node_create(tb->arena, H5_NODE_ELEMENT);
    if (!ctx) {
        tb->failed = true;
        return H5_STATE_DATA;
    }
    ctx->ns = (uint8_t)o->context_ns;
    ctx->name.ptr = h5_arena_dup(tb->arena, o->context_name, o->context_name_len);
    ctx->name.len = o->context_name_len;
    if (!ctx->name.ptr) {
        tb->failed = true;
        return H5_STATE_DATA;
    }
    h5_char lower[H5_ATOM_MAX_LEN];
    ctx->atom = H5_ATOM_NONE;
    if (o->context_name_len <= H5_ATOM_MAX_LEN) {
        for (size_t i = 0; i < o->context_name_len; i++) lower[i] = (h5_char)h5_to_lower(o->context_name[i]);
        ctx->atom = (uint16_t)h5_atom_lookup(lower, o->context_name_len);
    }
    tb->context = ctx;
    h5_tokenizer_state state = ctx->ns == H5_NS_HTML ? h5_tb_text_state(tb, ctx->atom) : H5_STATE_DATA;
    h5_node *root = h5_tb_insert_implied(tb, H5_ATOM_HTML, H5_NO_OFFSET);
    if (!root) return state;
    tb->html_root = root;
    if (h5_is_html(ctx, H5_ATOM_TEMPLATE)) h5_tb_push_template_mode(tb, H5_MODE_IN_TEMPLATE);
    h5_tb_reset_insertion_mode(tb);
    /* "If the context element's node document is in quirks mode, then let
     * the Document be in quirks mode. Otherwise, ... limited-quirks ..." */
    tb->document->mode = (uint8_t)o->context_mode;
    /* "Set the parser's form element pointer to the nearest node to the
     * context element that is a form element (going straight up the
     * ancestor chain, and including the element itself...)".  An ancestor
     * form is not in this parse's tree: a stand-in form element that is
     * never on the stack has the same effect (a <form> start tag is
     * ignored; </form> clears the pointer, finding it not in scope). */
    if (h5_is_html(ctx, H5_ATOM_FORM)) {
        tb->form = ctx;
    } else if (o->context_in_form) {
        tb->form = h5_tb_create_html_element(tb, H5_ATOM_FORM);
    }
    return state;
}

h5_tokenizer_state h5_tb_text_state(const h5_treebuilder *tb, uint16_t atom) {
    switch (atom) {
    case H5_ATOM_TITLE: case H5_ATOM_TEXTAREA: return H5_STATE_RCDATA;
    case H5_ATOM_STYLE: case H5_ATOM_XMP: case H5_ATOM_IFRAME: case H5_ATOM_NOEMBED:
    case H5_ATOM_NOFRAMES:
        return H5_STATE_RAWTEXT;
    case H5_ATOM_SCRIPT: return H5_STATE_SCRIPT_DATA;
    case H5_ATOM_NOSCRIPT: return tb->opts.scripting ? H5_STATE_RAWTEXT : H5_STATE_DATA;
    case H5_ATOM_PLAINTEXT: return H5_STATE_PLAINTEXT;
    default: return H5_STATE_DATA;
    }
}

h5_node *h5_tb_finish(h5_treebuilder *tb) {
    if (!tb->failed && !tb->arena->failed && !tb->done) {
        /* The tokenizer always ends with an EOF token; be safe anyway. */
        h5_tb_stop_parsing(tb);
    }
    /* Clear the private flag on anything still open. */
    for (size_t i = 0; i < tb->nstack; i++) tb->stack[i]->flags &= ~H5_TB_FLAG_ON_STACK;
    tb->nstack = 0;
    if (tb->failed || tb->arena->failed) return NULL;
    if (!tb->opts.fragment) return tb->document;
    h5_node *frag = h5_node_create(tb->arena, H5_NODE_FRAGMENT);
    if (!frag) return NULL;
    if (tb->html_root) h5_node_move_children(tb->html_root, frag);
    return frag;
}
