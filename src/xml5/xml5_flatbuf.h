/*
 * The flat buffer of an XML document (docs/format.md, "XML documents").
 */
#ifndef X5_FLATBUF_H
#define X5_FLATBUF_H

#include "flatbuf.h"
#include "xml5_tree.h"

/* Write the tree of the last x5_parse of `p` (its DOCUMENT node `doc`):
 * h5_flatbuf_write with `opts` (source references allowed: the tree
 * borrows text and attribute values from the input), then the XML section.  Same results as
 * h5_flatbuf_write. */
h5_status x5_flatbuf_write(const x5_parser *p, const h5_node *doc, const h5_flatbuf_options *opts, h5_flatbuf *fb);

#endif
