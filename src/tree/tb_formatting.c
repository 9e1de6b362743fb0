/*
 * Tree construction machinery (see tb_machinery.h): spec 13.2.4.3 the list
 * of active formatting elements ("push onto the list" with the Noah's Ark
 * clause, "reconstruct the active formatting elements", "clear the list up
 * to the last marker") and the adoption agency algorithm of 13.2.6.4.7.
 */
#include "tb_machinery.h"

#include <string.h>

static bool same_attrs(const h5_node *a, const h5_node *b) {
    if (a->nattrs != b->nattrs) return false;
    for (uint32_t i = 0; i < a->nattrs; i++) {
        const h5_attr *x = &a->attrs[i];
        bool found = false;
        for (uint32_t j = 0; j < b->nattrs && !found; j++) {
            const h5_attr *y = &b->attrs[j];
            found = x->ns == y->ns && h5_str_eq(x->name, y->name) && h5_str_eq(x->value, y->value);
        }
        if (!found) return false;
    }
    return true;
}

static void afe_remove_at(h5_treebuilder *tb, size_t i) {
    h5_node *n = tb->afe[i];
    if (n && h5_tb_counted(n)) tb->afe_count[n->atom]--;
    memmove(tb->afe + i, tb->afe + i + 1, (tb->nafe - i - 1) * sizeof *tb->afe);
    tb->nafe--;
}

static bool afe_insert_at(h5_treebuilder *tb, size_t i, h5_node *n) {
    if (!h5_tb_grow(tb, (void **)&tb->afe, &tb->cap_afe, tb->nafe + 1, sizeof *tb->afe)) return false;
    memmove(tb->afe + i + 1, tb->afe + i, (tb->nafe - i) * sizeof *tb->afe);
    tb->afe[i] = n;
    tb->nafe++;
    if (n && h5_tb_counted(n)) tb->afe_count[n->atom]++;
    return true;
}

/* "Push onto the list of active formatting elements", with the Noah's Ark
 * clause: at most three identical entries after the last marker. */
void h5_tb_afe_push(h5_treebuilder *tb, h5_node *n) {
    if (!n) return;
    if (h5_tb_counted(n) && tb->afe_count[n->atom] >= 3) {
        size_t same = 0;
        for (size_t i = tb->nafe; i-- > 0;) {
            h5_node *e = tb->afe[i];
            if (!e) break;
            if (e->ns == n->ns && e->atom == n->atom && h5_str_eq(e->name, n->name) && same_attrs(e, n)) {
                if (++same == 3) {
                    afe_remove_at(tb, i);
                    break;
                }
            }
        }
    }
    afe_insert_at(tb, tb->nafe, n);
}

void h5_tb_afe_push_marker(h5_treebuilder *tb) { afe_insert_at(tb, tb->nafe, NULL); }

void h5_tb_afe_clear_to_marker(h5_treebuilder *tb) {
    while (tb->nafe) {
        h5_node *n = tb->afe[tb->nafe - 1];
        afe_remove_at(tb, tb->nafe - 1);
        if (!n) return;
    }
}

long h5_tb_afe_index(const h5_treebuilder *tb, const h5_node *n) {
    if (h5_tb_counted(n) && n->atom != H5_ATOM_NONE && !tb->afe_count[n->atom]) return -1;
    for (size_t i = tb->nafe; i-- > 0;)
        if (tb->afe[i] == n) return (long)i;
    return -1;
}

void h5_tb_afe_remove(h5_treebuilder *tb, h5_node *n) {
    long i = h5_tb_afe_index(tb, n);
    if (i >= 0) afe_remove_at(tb, (size_t)i);
}

h5_node *h5_tb_afe_find(const h5_treebuilder *tb, uint16_t atom) {
    if (!tb->afe_count[atom]) return NULL;
    for (size_t i = tb->nafe; i-- > 0;) {
        h5_node *e = tb->afe[i];
        if (!e) return NULL;
        if (h5_is_html(e, atom)) return e;
    }
    return NULL;
}

/* A new element "for the token for which `src` was created": same name,
 * namespace and attributes (attribute arrays are immutable once built, so
 * they are shared) and the token's source offsets.  Elements reconstructed
 * from the list of active formatting elements are the token's element again
 * (parse5 gives them the token's start tag location); the adoption agency's
 * are flagged CLONED (parse5 gives them no location). */
static h5_node *clone_element(h5_treebuilder *tb, const h5_node *src, bool adoption) {
    h5_node *n = h5_node_create(tb->arena, H5_NODE_ELEMENT);
    if (!n) {
        tb->failed = true;
        return NULL;
    }
    n->ns = src->ns;
    n->atom = src->atom;
    n->name = src->name;
    n->attrs = src->attrs;
    n->nattrs = src->nattrs;
    n->flags = (src->flags & H5_NODE_FLAG_IMPLICIT) | (adoption ? H5_NODE_FLAG_CLONED : 0);
    n->start = src->start;
    n->start_tag_end = n->end = src->start_tag_end;
    return n;
}

/* 13.2.4.3 "reconstruct the active formatting elements". */
void h5_tb_reconstruct_active_formatting_elements(h5_treebuilder *tb) {
    if (!tb->nafe) return;
    size_t i = tb->nafe - 1;
    h5_node *e = tb->afe[i];
    if (!e || (e->flags & H5_TB_FLAG_ON_STACK)) return;
    /* Rewind. */
    while (i > 0) {
        e = tb->afe[i - 1];
        if (!e || (e->flags & H5_TB_FLAG_ON_STACK)) break;
        i--;
    }
    /* Advance and create. */
    for (; i < tb->nafe; i++) {
        h5_node *n = clone_element(tb, tb->afe[i], false);
        if (!n) return;
        h5_tb_insert_at_place(tb, n, NULL);
        if (!h5_tb_push(tb, n)) return;
        tb->afe[i] = n;
    }
}

/* 13.2.6.4.7 "adoption agency algorithm" (outer loop 8, inner loop 3).
 * Returns false when the caller must act as "any other end tag". */
bool h5_tb_adoption_agency(h5_treebuilder *tb, h5_tb_token *tk) {
    uint16_t subject = tk->atom;
    h5_node *cur = h5_tb_current(tb);
    /* Step 2. */
    if (cur && h5_is_html(cur, subject) && h5_tb_afe_index(tb, cur) < 0) {
        h5_tb_pop(tb);
        return true;
    }
    for (int outer = 0; outer < 8; outer++) {
        if (tb->failed) return true;
        /* Step 4.3: the formatting element. */
        h5_node *fe = h5_tb_afe_find(tb, subject);
        if (!fe) return false;
        long fe_idx = h5_tb_stack_index(tb, fe);
        if (fe_idx < 0) {
            h5_tb_error(tb, H5_ERROR_MISNESTED_FORMATTING_ELEMENT, tk->start);
            h5_tb_afe_remove(tb, fe);
            return true;
        }
        if (!h5_tb_node_in_scope(tb, fe, H5_SCOPE_DEFAULT)) {
            h5_tb_error(tb, H5_ERROR_MISNESTED_FORMATTING_ELEMENT, tk->start);
            return true;
        }
        if (fe != h5_tb_current(tb)) h5_tb_error(tb, H5_ERROR_MISNESTED_FORMATTING_ELEMENT, tk->start);
        /* Step 4.7: the furthest block. */
        size_t fb_idx = 0;
        h5_node *fb = NULL;
        for (size_t i = (size_t)fe_idx + 1; i < tb->nstack; i++) {
            if (h5_tb_is_special(tb->stack[i])) {
                fb = tb->stack[i];
                fb_idx = i;
                break;
            }
        }
        if (!fb) {
            h5_tb_pop_until_node(tb, fe);
            h5_tb_afe_remove(tb, fe);
            return true;
        }
        h5_node *common = tb->stack[fe_idx - 1];
        long bookmark = h5_tb_afe_index(tb, fe);
        h5_node *last = fb;
        /* Inner loop.  Entries removed from the stack are set to NULL and
         * compacted afterwards so that indices stay valid. */
        size_t idx = fb_idx;
        for (int inner = 1;; inner++) {
            idx--;
            h5_node *node = tb->stack[idx];
            if (node == fe) break;
            long ai = h5_tb_afe_index(tb, node);
            if (inner > 3 && ai >= 0) {
                afe_remove_at(tb, (size_t)ai);
                if (ai < bookmark) bookmark--;
                ai = -1;
            }
            if (ai < 0) {
                tb->stack[idx] = NULL;
                h5_tb_left_stack(tb, node, false);
                continue;
            }
            h5_node *n = clone_element(tb, node, true);
            if (!n) return true;
            /* Replace in the list and in the stack. */
            if (h5_tb_counted(node)) tb->afe_count[node->atom]--;
            tb->afe[ai] = n;
            if (h5_tb_counted(n)) tb->afe_count[n->atom]++;
            h5_tb_left_stack(tb, node, true);
            tb->stack[idx] = n;
            h5_tb_entered_stack(tb, n);
            node = n;
            if (last == fb) bookmark = ai + 1;
            h5_node_append(node, last);
            last = node;
        }
        /* Compact the stack. */
        size_t w = (size_t)fe_idx;
        for (size_t r = (size_t)fe_idx; r < tb->nstack; r++)
            if (tb->stack[r]) tb->stack[w++] = tb->stack[r];
        tb->nstack = w;
        /* Step 4.14. */
        h5_node_remove(last);
        h5_tb_insert_at_place(tb, last, common);
        /* Steps 4.15-4.17. */
        h5_node *n = clone_element(tb, fe, true);
        if (!n) return true;
        h5_node_move_children(fb, n);
        h5_node_append(fb, n);
        /* Step 4.18. */
        long fe_ai = h5_tb_afe_index(tb, fe);
        if (fe_ai >= 0) {
            afe_remove_at(tb, (size_t)fe_ai);
            if (fe_ai < bookmark) bookmark--;
        }
        if (bookmark < 0) bookmark = 0;
        if ((size_t)bookmark > tb->nafe) bookmark = (long)tb->nafe;
        afe_insert_at(tb, (size_t)bookmark, n);
        /* Step 4.19. */
        h5_tb_remove_from_stack(tb, fe);
        long fbi = h5_tb_stack_index(tb, fb);
        if (fbi >= 0 && h5_tb_grow(tb, (void **)&tb->stack, &tb->cap_stack, tb->nstack + 1, sizeof *tb->stack)) {
            memmove(tb->stack + fbi + 2, tb->stack + fbi + 1, (tb->nstack - (size_t)fbi - 1) * sizeof *tb->stack);
            tb->stack[fbi + 1] = n;
            tb->nstack++;
            h5_tb_entered_stack(tb, n);
        }
    }
    return true;
}
