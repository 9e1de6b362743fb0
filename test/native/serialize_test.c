/*
 * The C serialiser over flat tree buffers (src/output/serialize.c):
 *   - expected output on parsed documents (spec 13.3 cases);
 *   - every node, inner and outer, of a rich document serialises;
 *   - a million nested elements (no recursion);
 *   - corrupt buffers: every truncation, random byte and word mutations,
 *     hostile header fields -- the serialiser must return H5_OK or
 *     H5_ERR_INVALID and never read out of bounds (run it under
 *     -fsanitize=address,undefined: every buffer is a malloc of exactly its
 *     length, so an over-read is caught).
 *
 *   cc -std=c11 -Wall -Wextra -Werror -fsanitize=address,undefined -Isrc \
 *      src/ *.c test/native/serialize_test.c -o serialize_test && ./serialize_test
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "decoders.h"
#include "flatbuf.h"
#include "parser.h"
#include "serialize.h"

static int failures;
static int checks;

#define CHECK(cond, ...)                                             \
    do {                                                             \
        checks++;                                                    \
        if (!(cond)) {                                               \
            failures++;                                              \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);     \
            fprintf(stderr, __VA_ARGS__);                            \
            fputc('\n', stderr);                                     \
        }                                                            \
    } while (0)

static h5_char *utf16(const char *s, size_t *len) {
    size_t n = strlen(s);
    h5_char *u = malloc((n + 1) * sizeof *u);
    if (!u) exit(2);
    *len = h5_utf8_to_utf16((const uint8_t *)s, n, u);
    return u;
}

static char *utf8(const h5_buf *b) {
    char *s = malloc(b->len * 3 + 1);
    if (!s) exit(2);
    size_t n = h5_utf16_to_utf8(b->data, b->len, (uint8_t *)s);
    s[n] = 0;
    return s;
}

/* Parse `html` and return its flat buffer (malloc'd, exactly *len bytes). */
static uint8_t *parse_to_buffer(const char *html, bool scripting, bool fragment, const char *context, size_t *len) {
    size_t n, cn = 0;
    h5_char *in = utf16(html, &n);
    h5_char *ctx = context ? utf16(context, &cn) : NULL;
    h5_parser *p = h5_parser_create();
    if (!p) exit(2);
    h5_parse_options o = h5_parse_options_default();
    o.scripting = scripting;
    o.fragment = fragment;
    o.context_name = ctx;
    o.context_name_len = cn;
    o.context_ns = H5_NS_HTML;
    h5_node *root = NULL;
    if (h5_parse(p, in, n, &o, &root) != H5_OK) exit(3);
    h5_flatbuf fb;
    h5_flatbuf_init(&fb);
    h5_flatbuf_options fo = h5_flatbuf_options_default();
    fo.scripting = scripting;
    fo.locations = true; /* sections the serialiser must skip */
    if (h5_flatbuf_write(root, &fo, &fb) != H5_OK) exit(3);
    uint8_t *copy = malloc(fb.len);
    if (!copy) exit(2);
    memcpy(copy, fb.data, fb.len);
    *len = fb.len;
    h5_flatbuf_free(&fb);
    h5_parser_destroy(p);
    free(in);
    free(ctx);
    return copy;
}

static uint32_t word(const uint8_t *b, size_t i) {
    return (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 |
           (uint32_t)b[4 * i + 3] << 24;
}
static void set_word(uint8_t *b, size_t i, uint32_t v) {
    b[4 * i] = (uint8_t)v;
    b[4 * i + 1] = (uint8_t)(v >> 8);
    b[4 * i + 2] = (uint8_t)(v >> 16);
    b[4 * i + 3] = (uint8_t)(v >> 24);
}

/* Serialise node `node` of a fresh parse of `html` and compare. */
static void expect(const char *html, bool scripting, uint32_t node, bool outer, const char *want) {
    size_t len;
    uint8_t *buf = parse_to_buffer(html, scripting, false, NULL, &len);
    h5_buf out = { 0 };
    h5_status st = h5_serialize_flatbuf(buf, len, node, outer, &out);
    char *got = utf8(&out);
    CHECK(st == H5_OK && strcmp(got, want) == 0, "%s (node %u, %s)\n  want %s\n  got  %s (status %d)", html,
          (unsigned)node, outer ? "outer" : "inner", want, got, (int)st);
    free(got);
    h5_buf_free(&out);
    free(buf);
}

/* Index of the first element named `name` (ASCII atom or table name). */
static uint32_t find_element(const uint8_t *buf, const char *name) {
    uint32_t count = word(buf, H5_FB_H_NODE_COUNT), nodes = word(buf, H5_FB_H_NODES_OFF) / 4;
    size_t nl;
    h5_char *u = utf16(name, &nl);
    h5_atom a = h5_atom_lookup(u, nl);
    free(u);
    for (uint32_t i = 0; i < count; i++) {
        if ((word(buf, nodes + 8 * i) & 0xFF) == 1 && word(buf, nodes + 8 * i + 4) == (uint32_t)a) return i;
    }
    return H5_FLATBUF_NONE;
}

static void test_expected(void) {
    /* html, scripting, outer (of the document node), the serialisation. */
    static const struct {
        const char *html;
        bool scripting, outer;
        const char *want;
    } expected[] = {
        {"<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><title>a&b<c>\xC2\xA0\"</title>", true, false,
          "<!DOCTYPE html><html><head><title>a&amp;b&lt;c&gt;&nbsp;\"</title></head><body></body></html>"},
        /* Document outer = its children. */
        {"<!DOCTYPE html>x", true, true,
          "<!DOCTYPE html><html><head></head><body>x</body></html>"},
        /* Attribute escaping: & NBSP " < > (2025), not '. */
        {"<p title='a&amp;b\xC2\xA0\"<>&apos;' id=x>", true, false,
          "<html><head></head><body><p title=\"a&amp;b&nbsp;&quot;&lt;&gt;'\" id=\"x\"></p></body></html>"},
        /* Void elements: no end tag, no contents. */
        {"<br><img src=a><input><wbr><hr><area><base><embed><link><meta><source><track><keygen><param>"
          "<table><colgroup><col></table>", true, false,
          "<html><head></head><body><br><img src=\"a\"><input><wbr><hr><area><base><embed><link><meta>"
          "<source><track><keygen><param><table><colgroup><col></colgroup></table></body></html>"},
        /* Raw text parents. */
        {"<style>a<b&</style><script>x</script ><xmp>&<</xmp><iframe><b>&</iframe><noembed>&</noembed>"
          "<noframes>&</noframes><plaintext>a<b&c", true, false,
          "<html><head><style>a<b&</style><script>x</script></head><body><xmp>&<</xmp><iframe><b>&</iframe>"
          "<noembed>&</noembed><noframes>&</noframes><plaintext>a<b&c</plaintext></body></html>"},
        /* noscript: raw with scripting, markup without. */
        {"<body><noscript><b>&amp;</b></noscript>", true, false,
          "<html><head></head><body><noscript><b>&amp;</b></noscript></body></html>"},
        {"<body><noscript><b>&amp;</b></noscript>", false, false,
          "<html><head></head><body><noscript><b>&amp;</b></noscript></body></html>"},
        {"<body><noscript>a&amp;b</noscript>", true, false,
          "<html><head></head><body><noscript>a&amp;b</noscript></body></html>"},
        /* Foreign content: adjusted names and prefixed attributes; svg <style>
         * text is escaped (not an HTML raw text element). */
        {"<svg viewbox='0 0 1 1' xlink:href=#a xml:lang=en xmlns:xlink=u xmlns=v><foreignobject/><clippath>"
          "</clippath><style>a&lt;b</style></svg><math definitionurl=q><mi>x</mi></math>", true, false,
          "<html><head></head><body><svg viewBox=\"0 0 1 1\" xlink:href=\"#a\" xml:lang=\"en\" "
          "xmlns:xlink=\"u\" xmlns=\"v\"><foreignObject></foreignObject><clipPath></clipPath>"
          "<style>a&lt;b</style></svg><math definitionURL=\"q\"><mi>x</mi></math></body></html>"},
        /* Template: its contents. */
        {"<template><p>a</p><template>b</template></template>", true, false,
          "<html><head><template><p>a</p><template>b</template></template></head><body></body></html>"},
        /* Comments verbatim, custom elements. */
        {"<!--a&<b--><my-el data-x=1>t</my-el>", true, false,
          "<!--a&<b--><html><head></head><body><my-el data-x=\"1\">t</my-el></body></html>"},
    };
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
        expect(expected[i].html, expected[i].scripting, 0, expected[i].outer, expected[i].want);

    /* Processing instructions (whatwg/html PR 12654): "<?" target " " data
     * "?>"; no data gives "<?target ?>"; data ending in "?" survives the
     * next parse ("<?q ??>" is target q, data "?"). */
    expect("<?php echo 1 ?>x<p><?A-B c ?d?><?x?><?q ?\?><?xml-stylesheet a?>", true, 0, false,
           "<?php echo 1 ?><html><head></head><body>x<p><?A-B c ?d?><?x ?><?q ?\?><!--?xml-stylesheet a?--></p>"
           "</body></html>");

    /* Inner / outer of particular nodes. */
    size_t len;
    uint8_t *buf = parse_to_buffer("<div id=d><br><template>t<i>x</i></template>z</div>", true, false, NULL, &len);
    h5_buf out = { 0 };
    uint32_t div = find_element(buf, "div"), br = find_element(buf, "br"), tpl = find_element(buf, "template");
    struct {
        uint32_t node;
        bool outer;
        const char *want;
    } cases[] = {
        { div, false, "<br><template>t<i>x</i></template>z" },
        { div, true, "<div id=\"d\"><br><template>t<i>x</i></template>z</div>" },
        { br, false, "" },
        { br, true, "<br>" },
        { tpl, false, "t<i>x</i>" },
        { tpl, true, "<template>t<i>x</i></template>" },
        { tpl + 1, false, "t<i>x</i>" }, /* the contents fragment */
        { tpl + 1, true, "t<i>x</i>" },
        { tpl + 2, true, "t" },          /* a text node */
        { tpl + 2, false, "" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        h5_status st = h5_serialize_flatbuf(buf, len, cases[k].node, cases[k].outer, &out);
        char *got = utf8(&out);
        CHECK(st == H5_OK && strcmp(got, cases[k].want) == 0, "case %zu: want %s got %s (%d)", k, cases[k].want,
              got, (int)st);
        free(got);
    }
    /* Scripting override: noscript text is "&lt;" (raw text when parsed). */
    free(buf);
    buf = parse_to_buffer("<noscript>&lt;</noscript>", true, false, NULL, &len);
    uint32_t ns = find_element(buf, "noscript");
    h5_serialize_flatbuf_ex(buf, len, ns, false, -1, &out);
    char *got = utf8(&out);
    CHECK(strcmp(got, "&lt;") == 0, "noscript default (buffer: scripting on): %s", got);
    free(got);
    h5_serialize_flatbuf_ex(buf, len, ns, false, 0, &out);
    got = utf8(&out);
    CHECK(strcmp(got, "&amp;lt;") == 0, "noscript scripting off: %s", got);
    free(got);
    h5_serialize_flatbuf_ex(buf, len, ns, false, 1, &out);
    got = utf8(&out);
    CHECK(strcmp(got, "&lt;") == 0, "noscript scripting on: %s", got);
    free(got);
    /* Unaligned buffer. */
    uint8_t *odd = malloc(len + 1);
    if (!odd) exit(2);
    memcpy(odd + 1, buf, len);
    CHECK(h5_serialize_flatbuf(odd + 1, len, 0, false, &out) == H5_OK && out.len > 0, "unaligned buffer");
    free(odd);
    /* Bad arguments. */
    CHECK(h5_serialize_flatbuf(NULL, len, 0, false, &out) == H5_ERR_INVALID && out.len == 0, "NULL buffer");
    CHECK(h5_serialize_flatbuf(buf, len, 0, false, NULL) == H5_ERR_INVALID, "NULL out");
    CHECK(h5_serialize_flatbuf(buf, len, word(buf, H5_FB_H_NODE_COUNT), false, &out) == H5_ERR_INVALID,
          "node index out of range");
    h5_buf_free(&out);
    free(buf);
}

/* Every node of a rich document, inner and outer, serialises; the document's
 * inner serialisation re-parses to the same serialisation. */
static const char *RICH =
    "<!DOCTYPE html><html lang=en><head><title>T&amp;</title><style>p>a{}</style><script>if(a<b)x()</script>"
    "</head><body><!-- c --><p class=\"a b\" data-q='\"'>x&nbsp;y<b>z</b><br>w</p>"
    "<template><tr><td>1</td></tr><template>n</template></template>"
    "<svg viewBox='0 0 2 2'><a xlink:href=#x xml:space=preserve><text>t&lt;</text></a><foreignObject><div>d</div>"
    "</foreignObject></svg><math><mi definitionURL=u>i</mi><annotation-xml encoding=text/html><p>h</p>"
    "</annotation-xml></math><table><tr><td>c<td>d</table><select><option>o</select>"
    "<noscript>n</noscript><textarea>\nta</textarea><pre>\npr</pre><listing>l</listing><custom-el x=1>\xF0\x9F\x98\x80</custom-el>"
    "<?php echo 1 ?><?x?><?q ?\?><svg><?in-svg d?></svg>";

static void test_all_nodes(void) {
    size_t len;
    uint8_t *buf = parse_to_buffer(RICH, true, false, NULL, &len);
    uint32_t count = word(buf, H5_FB_H_NODE_COUNT);
    h5_buf out = { 0 }, again = { 0 };
    /* One reusable serialiser for every node gives what one-shot calls give,
     * also after failed calls. */
    h5_serializer z;
    h5_serializer_init(&z);
    for (uint32_t i = 0; i < count; i++) {
        for (int outer = 0; outer < 2; outer++) {
            h5_status st = h5_serialize_flatbuf(buf, len, i, outer != 0, &out);
            CHECK(st == H5_OK, "node %u %s: status %d", (unsigned)i, outer ? "outer" : "inner", (int)st);
            CHECK(h5_serializer_run(&z, buf, len - 1, i, outer != 0, -1, &again) == H5_ERR_INVALID, "truncated");
            st = h5_serializer_run(&z, buf, len, i, outer != 0, -1, &again);
            CHECK(st == H5_OK && again.len == out.len && memcmp(again.data, out.data, out.len * 2) == 0,
                  "reused serialiser, node %u", (unsigned)i);
        }
    }
    h5_serializer_free(&z);
    h5_buf_free(&again);
    CHECK(h5_serialize_flatbuf(buf, len, 0, false, &out) == H5_OK, "document");
    char *first = utf8(&out);
    uint8_t *buf2 = parse_to_buffer(first, true, false, NULL, &len);
    CHECK(h5_serialize_flatbuf(buf2, len, 0, false, &out) == H5_OK, "re-parse");
    char *second = utf8(&out);
    CHECK(strcmp(first, second) == 0, "idempotent:\n  %s\n  %s", first, second);
    free(first);
    free(second);
    free(buf2);
    h5_buf_free(&out);
    free(buf);
}

/* A hand-made buffer: `depth` nested <div> elements around "x". */
static uint8_t *nested_buffer(uint32_t depth, size_t *len) {
    uint32_t count = depth + 2; /* fragment, divs, text */
    size_t nodes_off = 80, strings_off = nodes_off + (size_t)count * 32;
    *len = strings_off + 4;
    uint8_t *b = calloc(1, *len);
    if (!b) exit(2);
    set_word(b, H5_FB_H_MAGIC, H5_FLATBUF_MAGIC);
    set_word(b, H5_FB_H_VERSION, H5_FLATBUF_VERSION);
    set_word(b, H5_FB_H_FLAGS, H5_FB_ROOT_FRAGMENT);
    set_word(b, H5_FB_H_ATOM_COUNT, H5_ATOM_COUNT);
    set_word(b, H5_FB_H_ATOM_HASH, H5_FLATBUF_ATOM_HASH);
    set_word(b, H5_FB_H_NODE_COUNT, count);
    set_word(b, H5_FB_H_STRING_UNITS, 1);
    set_word(b, H5_FB_H_NODES_OFF, (uint32_t)nodes_off);
    set_word(b, H5_FB_H_ATTRS_OFF, (uint32_t)strings_off);
    set_word(b, H5_FB_H_NAMES_OFF, (uint32_t)strings_off);
    set_word(b, H5_FB_H_STRINGS_OFF, (uint32_t)strings_off);
    set_word(b, H5_FB_H_TOTAL_BYTES, (uint32_t)*len);
    for (uint32_t i = 0; i < count; i++) {
        size_t w = nodes_off / 4 + (size_t)i * 8;
        bool text = i == count - 1;
        set_word(b, w, i == 0 ? 11u : text ? 3u : 1u);
        set_word(b, w + 1, i == 0 ? H5_FLATBUF_NONE : i - 1);
        set_word(b, w + 2, count);
        set_word(b, w + 3, H5_FLATBUF_NONE);
        set_word(b, w + 4, i == 0 || text ? 0 : H5_ATOM_DIV);
        set_word(b, w + 5, 0);
        set_word(b, w + 6, text ? 1 : 0);
        set_word(b, w + 7, text ? 0 : i + 1);
    }
    b[strings_off] = 'x';
    return b;
}

static void test_deep(void) {
    const uint32_t depth = 1000000;
    size_t len;
    uint8_t *b = nested_buffer(depth, &len);
    h5_buf out = { 0 };
    h5_status st = h5_serialize_flatbuf(b, len, 0, false, &out);
    CHECK(st == H5_OK && out.len == (size_t)depth * 11 + 1, "deep: status %d, %zu units", (int)st, out.len);
    if (st == H5_OK && out.len == (size_t)depth * 11 + 1) {
        bool ok = true;
        for (uint32_t k = 0; k < depth && ok; k++) {
            const h5_char *p = out.data + (size_t)k * 5, *q = out.data + (size_t)depth * 5 + 1 + (size_t)k * 6;
            ok = p[0] == '<' && p[1] == 'd' && p[4] == '>' && q[0] == '<' && q[1] == '/' && q[5] == '>';
        }
        CHECK(ok && out.data[(size_t)depth * 5] == 'x', "deep: shape");
    }
    /* Corrupt the nesting: a middle element claiming to end beyond its parent. */
    set_word(b, 80 / 4 + 500 * 8 + 2, 0x7FFFFFFF);
    CHECK(h5_serialize_flatbuf(b, len, 0, false, &out) == H5_ERR_INVALID, "deep: bad end");
    h5_buf_free(&out);
    free(b);
}

/* ---- corrupt buffers ------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static unsigned long corrupt_ok, corrupt_invalid;

/* Serialise a few nodes of buf[0..len) (a malloc of exactly len bytes); the
 * only acceptable results are OK and INVALID. */
static void poke(const uint8_t *buf, size_t len, uint32_t count, h5_buf *out) {
    uint32_t picks[6] = { 0, 1, 2, count ? count - 1 : 0, count ? rnd() % count : 0, rnd() };
    for (int k = 0; k < 6; k++) {
        for (int outer = 0; outer < 2; outer++) {
            h5_status st = h5_serialize_flatbuf(buf, len, picks[k], outer != 0, out);
            CHECK(st == H5_OK || st == H5_ERR_INVALID, "corrupt buffer: status %d", (int)st);
            if (st == H5_OK) corrupt_ok++;
            else corrupt_invalid++;
            if (st != H5_OK) CHECK(out->len == 0, "failure leaves output empty");
        }
    }
}

static void test_corrupt(void) {
    size_t len;
    uint8_t *good = parse_to_buffer(RICH, true, false, NULL, &len);
    uint32_t count = word(good, H5_FB_H_NODE_COUNT);
    h5_buf out = { 0 };

    /* Every truncation. */
    for (size_t l = 0; l < len; l++) {
        uint8_t *t = malloc(l ? l : 1);
        if (!t) exit(2);
        memcpy(t, good, l);
        h5_status st = h5_serialize_flatbuf(t, l, 0, false, &out);
        CHECK(st == H5_ERR_INVALID, "truncated to %zu bytes: status %d", l, (int)st);
        free(t);
    }

    /* Random byte mutations (1-8 bytes), random word mutations with
     * interesting values, anywhere in the buffer. */
    uint8_t *m = malloc(len);
    if (!m) exit(2);
    static const uint32_t interesting[] = { 0, 1, 2, 3, 7, 8, 9, 10, 11, 80, 0x7FFFFFFF, 0x80000000u,
                                            0xFFFFFFFEu, 0xFFFFFFFFu, 1u << 18, 0x10001u, 0x40000u | 1u };
    for (int iter = 0; iter < 40000; iter++) {
        memcpy(m, good, len);
        if (iter & 1) {
            int flips = 1 + (int)(rnd() % 8);
            for (int f = 0; f < flips; f++) m[rnd() % len] ^= (uint8_t)(1u + rnd() % 255);
        } else {
            size_t words = len / 4;
            int muts = 1 + (int)(rnd() % 3);
            for (int f = 0; f < muts; f++) {
                /* Bias towards the header and the node records. */
                size_t w = (rnd() & 3) == 0 ? rnd() % H5_FLATBUF_HEADER_WORDS : rnd() % words;
                uint32_t v = (rnd() & 1) ? interesting[rnd() % (sizeof interesting / sizeof interesting[0])]
                                         : word(good, w) + (rnd() % 5) - 2;
                set_word(m, w, v);
            }
        }
        poke(m, len, count, &out);
    }

    /* Hostile header: sections pointing past the end, huge counts. */
    static const unsigned fields[] = { H5_FB_H_NODE_COUNT, H5_FB_H_ATTR_COUNT, H5_FB_H_NAME_COUNT,
                                       H5_FB_H_STRING_UNITS, H5_FB_H_NODES_OFF, H5_FB_H_ATTRS_OFF,
                                       H5_FB_H_NAMES_OFF, H5_FB_H_STRINGS_OFF, H5_FB_H_TOTAL_BYTES };
    for (size_t f = 0; f < sizeof fields / sizeof fields[0]; f++) {
        for (size_t k = 0; k < sizeof interesting / sizeof interesting[0]; k++) {
            memcpy(m, good, len);
            set_word(m, fields[f], interesting[k]);
            poke(m, len, count, &out);
        }
    }
    /* Wrong magic, version, atom table. */
    unsigned ids[] = { H5_FB_H_MAGIC, H5_FB_H_VERSION, H5_FB_H_ATOM_COUNT, H5_FB_H_ATOM_HASH };
    for (size_t k = 0; k < sizeof ids / sizeof ids[0]; k++) {
        memcpy(m, good, len);
        set_word(m, ids[k], word(good, ids[k]) + 1);
        CHECK(h5_serialize_flatbuf(m, len, 0, false, &out) == H5_ERR_INVALID, "header word %u", ids[k]);
    }
    free(m);
    h5_buf_free(&out);
    free(good);
}

int main(void) {
    test_expected();
    test_all_nodes();
    test_deep();
    test_corrupt();
    printf("serialize_test: %d checks, %d failures (corrupt buffers: %lu serialisations OK, %lu rejected)\n", checks,
           failures, corrupt_ok, corrupt_invalid);
    return failures ? 1 : 0;
}
