/* Interned names (atoms): lookup in the generated tables of src/common/atoms_data.c
 * (scripts/gen-atoms.mjs from scripts/data/atoms.txt). */
#include "atoms.h"

/* The slot of a name: its length and four of its code units (first, last,
 * middle, three quarters in), mixed by a multiplication and its top bits
 * taken; scripts/gen-atoms.mjs places the names with the same function.
 * Cheaper than hashing every unit: names are compared in full on a hit. */
h5_atom h5_atom_lookup(const h5_char *s, size_t len) {
    if (len == 0 || len > H5_ATOM_MAX_LEN) return H5_ATOM_NONE;
    uint32_t h = ((uint32_t)s[0] << 16) ^ ((uint32_t)s[len - 1] << 8) ^ s[len >> 1] ^
                 ((uint32_t)s[(len * 3) >> 2] << 4) ^ ((uint32_t)len << 24);
    for (uint32_t slot = (h * 0x9E3779B1u) >> H5_ATOM_SLOT_SHIFT;; slot = (slot + 1) & (H5_ATOM_SLOTS - 1)) {
        unsigned a = h5_atom_slots[slot];
        if (!a) return H5_ATOM_NONE;
        if (h5_atom_lens[a] != len) continue;
        const char *n = h5_atom_names[a];
        size_t i = 0;
        while (i < len && s[i] == (unsigned char)n[i]) i++;
        if (i == len) return (h5_atom)a;
    }
}

const char *h5_atom_name(h5_atom atom) {
    return (unsigned)atom < H5_ATOM_COUNT ? h5_atom_names[atom] : 0;
}

size_t h5_atom_len(h5_atom atom) {
    return (unsigned)atom < H5_ATOM_COUNT ? h5_atom_lens[atom] : 0;
}
