/*
 * Character encodings of byte input (spec 13.2.3 "The input byte stream").
 *
 * The core parses UTF-16 (h5.h); a caller with bytes first runs the
 * encoding sniffing algorithm (13.2.3.2) here, decodes the bytes with the
 * encoding it returns (the JS wrapper does, js/html/bytes.js: the core has no
 * decoders; the native tests' are test/native/decoders.h), and parses with
 * that encoding and its confidence in h5_parse_options.  If the
 * confidence is tentative and the document declares another encoding in a
 * <meta> (13.2.6.4.4), the parse reports it (h5_parser_encoding_change) and
 * the caller decodes and parses again with it, confidence certain
 * (13.2.3.4 "Changing the encoding while parsing").
 *
 * The names and labels are the WHATWG Encoding Standard's (4.2 "Names and
 * labels"), generated into encodings_data.c by scripts/gen-encodings.mjs.
 */
#ifndef H5_ENCODING_H
#define H5_ENCODING_H

#include "h5.h"

typedef enum {
    H5_ENC_NONE = 0, /* failure; or no encoding (the input was characters) */
    /* BEGIN GENERATED */
    H5_ENC_UTF_8 = 1,
    H5_ENC_IBM866 = 2,
    H5_ENC_ISO_8859_2 = 3,
    H5_ENC_ISO_8859_3 = 4,
    H5_ENC_ISO_8859_4 = 5,
    H5_ENC_ISO_8859_5 = 6,
    H5_ENC_ISO_8859_6 = 7,
    H5_ENC_ISO_8859_7 = 8,
    H5_ENC_ISO_8859_8 = 9,
    H5_ENC_ISO_8859_8_I = 10,
    H5_ENC_ISO_8859_10 = 11,
    H5_ENC_ISO_8859_13 = 12,
    H5_ENC_ISO_8859_14 = 13,
    H5_ENC_ISO_8859_15 = 14,
    H5_ENC_ISO_8859_16 = 15,
    H5_ENC_KOI8_R = 16,
    H5_ENC_KOI8_U = 17,
    H5_ENC_MACINTOSH = 18,
    H5_ENC_WINDOWS_874 = 19,
    H5_ENC_WINDOWS_1250 = 20,
    H5_ENC_WINDOWS_1251 = 21,
    H5_ENC_WINDOWS_1252 = 22,
    H5_ENC_WINDOWS_1253 = 23,
    H5_ENC_WINDOWS_1254 = 24,
    H5_ENC_WINDOWS_1255 = 25,
    H5_ENC_WINDOWS_1256 = 26,
    H5_ENC_WINDOWS_1257 = 27,
    H5_ENC_WINDOWS_1258 = 28,
    H5_ENC_X_MAC_CYRILLIC = 29,
    H5_ENC_GBK = 30,
    H5_ENC_GB18030 = 31,
    H5_ENC_BIG5 = 32,
    H5_ENC_EUC_JP = 33,
    H5_ENC_ISO_2022_JP = 34,
    H5_ENC_SHIFT_JIS = 35,
    H5_ENC_EUC_KR = 36,
    H5_ENC_REPLACEMENT = 37,
    H5_ENC_UTF_16BE = 38,
    H5_ENC_UTF_16LE = 39,
    H5_ENC_X_USER_DEFINED = 40,
    /* END GENERATED */
    H5_ENC_COUNT
} h5_encoding;

/* 13.2.3: the confidence in the encoding used to decode the input. */
typedef enum {
    H5_CONFIDENCE_IRRELEVANT = 0, /* the input was characters, not bytes */
    H5_CONFIDENCE_TENTATIVE = 1,
    H5_CONFIDENCE_CERTAIN = 2
} h5_confidence;

extern const char *const h5_encoding_names[H5_ENC_COUNT];
/* The labels, sorted, back to back, each ended by a NUL; the encoding of
 * each in the same order; how many there are. */
extern const char h5_encoding_label_chars[];
extern const uint8_t h5_encoding_label_ids[];
extern const size_t h5_encoding_label_count;

/* The encoding's name ("UTF-8", "windows-1252"), NULL for H5_ENC_NONE. */
const char *h5_encoding_name(h5_encoding e);

/* Encoding Standard 4.2 "get an encoding": strip leading and trailing ASCII
 * whitespace, match the labels ignoring ASCII case; H5_ENC_NONE on failure. */
h5_encoding h5_get_encoding(h5_str label);
h5_encoding h5_get_encoding_bytes(const uint8_t *label, size_t len);

/* Encoding Standard 6 "BOM sniff": UTF-8, UTF-16BE or UTF-16LE if `b` starts
 * with its byte order mark (*bom_len = its length), else H5_ENC_NONE. */
h5_encoding h5_bom_sniff(const uint8_t *b, size_t len, size_t *bom_len);

/* 2.x "extracting a character encoding from a meta element" (the value of
 * a content attribute such as "text/html; charset=utf-8"). */
h5_encoding h5_meta_charset(h5_str content);

/* How many bytes the prescan looks at (13.2.3.2: "User agents are
 * encouraged to only prescan the first 1024 bytes"). */
#define H5_PRESCAN_BYTES 1024

/* 13.2.3.2 "prescan a byte stream to determine its encoding", with the end
 * condition min(len, H5_PRESCAN_BYTES) bytes, and when it is aborted "get
 * an XML encoding".  H5_ENC_NONE when both fail. */
h5_encoding h5_prescan(const uint8_t *b, size_t len);

/* Where the encoding of h5_sniff_result came from. */
typedef enum {
    H5_SNIFF_BOM = 0,
    H5_SNIFF_TRANSPORT = 1, /* the transport layer or the user */
    H5_SNIFF_PRESCAN = 2,   /* a <meta> or XML declaration in the first bytes */
    H5_SNIFF_DETECTED = 3,  /* UTF-8 recognised in the whole input */
    H5_SNIFF_DEFAULT = 4
} h5_sniff_source;

typedef struct {
    h5_encoding encoding;
    h5_confidence confidence;
    size_t bom_len; /* bytes of byte order mark at the start (0, 2 or 3) */
    h5_sniff_source source;
} h5_sniff_result;

/* 13.2.3.2 "the encoding sniffing algorithm": BOM, then the transport
 * layer's encoding (or the user's choice; H5_ENC_NONE = none), both
 * certain; then the prescan; then, with `detect_utf8`, UTF-8 if the input
 * has non-ASCII bytes and all of it is valid UTF-8 (the spec's optional
 * autodetection: "The UTF-8 encoding has a highly detectable bit pattern"
 * ... "detecting for UTF-8 specifically can be especially effective");
 * then `fallback`
 * (H5_ENC_NONE = windows-1252); the last three tentative.  The encoding is
 * never H5_ENC_NONE. */
h5_sniff_result h5_sniff_encoding(const uint8_t *b, size_t len, h5_encoding transport,
                                  h5_encoding fallback, bool detect_utf8);

/* True if `b` has a byte >= 0x80 and is valid UTF-8 throughout (Encoding
 * Standard's UTF-8 decoder finds no error). */
bool h5_is_utf8_with_non_ascii(const uint8_t *b, size_t len);

/* 13.2.3.4 "change the encoding", steps 1-4: given the encoding in use and
 * the one a <meta> declared, the encoding to decode and parse again with
 * (confidence certain), or H5_ENC_NONE when the current one stays (and its
 * confidence becomes certain). */
h5_encoding h5_change_encoding(h5_encoding current, h5_encoding declared);

#endif
