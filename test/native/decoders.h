/*
 * Test support: byte decoders for the native tests, the fuzzer and the
 * native benchmark (WHATWG Encoding Standard).  The product does not use
 * them: the JS wrapper decodes a document's bytes (js/html/bytes.js, with the
 * platform's TextDecoder and its own windows-1252, x-user-defined and
 * replacement), after the C core's encoding sniffing (src/encoding/encoding.h).
 * test/js/unit/decoders.test.js checks these decoders against that path, byte
 * vector by byte vector.
 */
#ifndef H5_TEST_DECODERS_H
#define H5_TEST_DECODERS_H

#include "encoding.h"
#include "h5.h"

/* Encoding Standard 8.1.1 "UTF-8 decoder" over all of `in`: maximal
 * subparts of ill-formed sequences become one U+FFFD each.  `out` must have
 * room for `len` code units (UTF-16 never needs more units than UTF-8 has
 * bytes).  Returns the number of code units written. */
size_t h5_utf8_to_utf16(const uint8_t *in, size_t len, h5_char *out);

/* UTF-16 to UTF-8, for the tests' dumps; lone surrogates are written as
 * their 3-byte (WTF-8) form so that dumps can show them.  `out` needs
 * 3 * len bytes.  Returns bytes written. */
size_t h5_utf16_to_utf8(const h5_char *in, size_t len, uint8_t *out);

/* Encoding Standard "decode" (6) with one of UTF-8, UTF-16BE, UTF-16LE,
 * windows-1252, x-user-defined and replacement: a leading BOM of UTF-8 or
 * UTF-16 is removed and wins over `e`; errors become U+FFFD.  `out` needs
 * room for `len` code units.  H5_ERR_INVALID for any other encoding. */
h5_status h5_decode(h5_encoding e, const uint8_t *in, size_t len, h5_char *out, size_t *out_len);
bool h5_can_decode(h5_encoding e);

#endif
