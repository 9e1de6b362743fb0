/*
 * Tables for foreign content (spec 13.2.6.1 "adjust SVG attributes",
 * "adjust MathML attributes", "adjust foreign attributes" and 13.2.6.5 the
 * SVG tag name table).
 */
#include "tb_machinery.h"

#include <string.h>

/* 13.2.6.5: SVG element names that are not all lowercase, as
 * (lowercase atom, adjusted atom). */
static const uint16_t svg_tag_table[][2] = {
    { H5_ATOM_ALTGLYPH, H5_ATOM_ALT_GLYPH },
    { H5_ATOM_ALTGLYPHDEF, H5_ATOM_ALT_GLYPH_DEF },
    { H5_ATOM_ALTGLYPHITEM, H5_ATOM_ALT_GLYPH_ITEM },
    { H5_ATOM_ANIMATECOLOR, H5_ATOM_ANIMATE_COLOR },
    { H5_ATOM_ANIMATEMOTION, H5_ATOM_ANIMATE_MOTION },
    { H5_ATOM_ANIMATETRANSFORM, H5_ATOM_ANIMATE_TRANSFORM },
    { H5_ATOM_CLIPPATH, H5_ATOM_CLIP_PATH },
    { H5_ATOM_FEBLEND, H5_ATOM_FE_BLEND },
    { H5_ATOM_FECOLORMATRIX, H5_ATOM_FE_COLOR_MATRIX },
    { H5_ATOM_FECOMPONENTTRANSFER, H5_ATOM_FE_COMPONENT_TRANSFER },
    { H5_ATOM_FECOMPOSITE, H5_ATOM_FE_COMPOSITE },
    { H5_ATOM_FECONVOLVEMATRIX, H5_ATOM_FE_CONVOLVE_MATRIX },
    { H5_ATOM_FEDIFFUSELIGHTING, H5_ATOM_FE_DIFFUSE_LIGHTING },
    { H5_ATOM_FEDISPLACEMENTMAP, H5_ATOM_FE_DISPLACEMENT_MAP },
    { H5_ATOM_FEDISTANTLIGHT, H5_ATOM_FE_DISTANT_LIGHT },
    { H5_ATOM_FEDROPSHADOW, H5_ATOM_FE_DROP_SHADOW },
    { H5_ATOM_FEFLOOD, H5_ATOM_FE_FLOOD },
    { H5_ATOM_FEFUNCA, H5_ATOM_FE_FUNC_A },
    { H5_ATOM_FEFUNCB, H5_ATOM_FE_FUNC_B },
    { H5_ATOM_FEFUNCG, H5_ATOM_FE_FUNC_G },
    { H5_ATOM_FEFUNCR, H5_ATOM_FE_FUNC_R },
    { H5_ATOM_FEGAUSSIANBLUR, H5_ATOM_FE_GAUSSIAN_BLUR },
    { H5_ATOM_FEIMAGE, H5_ATOM_FE_IMAGE },
    { H5_ATOM_FEMERGE, H5_ATOM_FE_MERGE },
    { H5_ATOM_FEMERGENODE, H5_ATOM_FE_MERGE_NODE },
    { H5_ATOM_FEMORPHOLOGY, H5_ATOM_FE_MORPHOLOGY },
    { H5_ATOM_FEOFFSET, H5_ATOM_FE_OFFSET },
    { H5_ATOM_FEPOINTLIGHT, H5_ATOM_FE_POINT_LIGHT },
    { H5_ATOM_FESPECULARLIGHTING, H5_ATOM_FE_SPECULAR_LIGHTING },
    { H5_ATOM_FESPOTLIGHT, H5_ATOM_FE_SPOT_LIGHT },
    { H5_ATOM_FETILE, H5_ATOM_FE_TILE },
    { H5_ATOM_FETURBULENCE, H5_ATOM_FE_TURBULENCE },
    { H5_ATOM_FOREIGNOBJECT, H5_ATOM_FOREIGN_OBJECT },
    { H5_ATOM_GLYPHREF, H5_ATOM_GLYPH_REF },
    { H5_ATOM_LINEARGRADIENT, H5_ATOM_LINEAR_GRADIENT },
    { H5_ATOM_RADIALGRADIENT, H5_ATOM_RADIAL_GRADIENT },
    { H5_ATOM_TEXTPATH, H5_ATOM_TEXT_PATH },
};

uint16_t h5_svg_adjusted_tag(uint16_t atom) {
    if (atom == H5_ATOM_NONE) return H5_ATOM_NONE;
    for (size_t i = 0; i < sizeof svg_tag_table / sizeof svg_tag_table[0]; i++)
        if (svg_tag_table[i][0] == atom) return svg_tag_table[i][1];
    return H5_ATOM_NONE;
}

/* 13.2.6.1 "adjust SVG attributes": sorted by the lowercase name. */
static const char *const svg_attr_table[][2] = {
    { "attributename", "attributeName" },
    { "attributetype", "attributeType" },
    { "basefrequency", "baseFrequency" },
    { "baseprofile", "baseProfile" },
    { "calcmode", "calcMode" },
    { "clippathunits", "clipPathUnits" },
    { "diffuseconstant", "diffuseConstant" },
    { "edgemode", "edgeMode" },
    { "filterunits", "filterUnits" },
    { "glyphref", "glyphRef" },
    { "gradienttransform", "gradientTransform" },
    { "gradientunits", "gradientUnits" },
    { "kernelmatrix", "kernelMatrix" },
    { "kernelunitlength", "kernelUnitLength" },
    { "keypoints", "keyPoints" },
    { "keysplines", "keySplines" },
    { "keytimes", "keyTimes" },
    { "lengthadjust", "lengthAdjust" },
    { "limitingconeangle", "limitingConeAngle" },
    { "markerheight", "markerHeight" },
    { "markerunits", "markerUnits" },
    { "markerwidth", "markerWidth" },
    { "maskcontentunits", "maskContentUnits" },
    { "maskunits", "maskUnits" },
    { "numoctaves", "numOctaves" },
    { "pathlength", "pathLength" },
    { "patterncontentunits", "patternContentUnits" },
    { "patterntransform", "patternTransform" },
    { "patternunits", "patternUnits" },
    { "pointsatx", "pointsAtX" },
    { "pointsaty", "pointsAtY" },
    { "pointsatz", "pointsAtZ" },
    { "preservealpha", "preserveAlpha" },
    { "preserveaspectratio", "preserveAspectRatio" },
    { "primitiveunits", "primitiveUnits" },
    { "refx", "refX" },
    { "refy", "refY" },
    { "repeatcount", "repeatCount" },
    { "repeatdur", "repeatDur" },
    { "requiredextensions", "requiredExtensions" },
    { "requiredfeatures", "requiredFeatures" },
    { "specularconstant", "specularConstant" },
    { "specularexponent", "specularExponent" },
    { "spreadmethod", "spreadMethod" },
    { "startoffset", "startOffset" },
    { "stddeviation", "stdDeviation" },
    { "stitchtiles", "stitchTiles" },
    { "surfacescale", "surfaceScale" },
    { "systemlanguage", "systemLanguage" },
    { "tablevalues", "tableValues" },
    { "targetx", "targetX" },
    { "targety", "targetY" },
    { "textlength", "textLength" },
    { "viewbox", "viewBox" },
    { "viewtarget", "viewTarget" },
    { "xchannelselector", "xChannelSelector" },
    { "ychannelselector", "yChannelSelector" },
    { "zoomandpan", "zoomAndPan" },
};

/* Compare a UTF-16 name with an ASCII string (like strcmp). */
static int cmp_ascii(h5_str s, const char *a) {
    size_t i = 0;
    for (; i < s.len && a[i]; i++) {
        int d = (int)s.ptr[i] - (int)(unsigned char)a[i];
        if (d) return d;
    }
    if (i < s.len) return 1;
    return a[i] ? -1 : 0;
}

const char *h5_svg_adjusted_attr(h5_str name) {
    /* All adjusted names are at least 4 and at most 19 characters. */
    if (name.len < 4 || name.len > 19) return NULL;
    size_t lo = 0, hi = sizeof svg_attr_table / sizeof svg_attr_table[0];
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = cmp_ascii(name, svg_attr_table[mid][0]);
        if (c == 0) return svg_attr_table[mid][1];
        if (c < 0) hi = mid;
        else lo = mid + 1;
    }
    return NULL;
}

/* 13.2.6.1 "adjust foreign attributes". Returns the namespace (NONE when
 * the attribute is not adjusted) and the local name's offset in `name`. */
h5_attr_ns h5_foreign_attr_ns(h5_str name, size_t *local_start) {
    static const struct {
        const char *name;
        uint8_t ns;
        uint8_t local;
    } table[] = {
        { "xlink:actuate", H5_ATTR_NS_XLINK, 6 },
        { "xlink:arcrole", H5_ATTR_NS_XLINK, 6 },
        { "xlink:href", H5_ATTR_NS_XLINK, 6 },
        { "xlink:role", H5_ATTR_NS_XLINK, 6 },
        { "xlink:show", H5_ATTR_NS_XLINK, 6 },
        { "xlink:title", H5_ATTR_NS_XLINK, 6 },
        { "xlink:type", H5_ATTR_NS_XLINK, 6 },
        { "xml:lang", H5_ATTR_NS_XML, 4 },
        { "xml:space", H5_ATTR_NS_XML, 4 },
        { "xmlns", H5_ATTR_NS_XMLNS, 0 },
        { "xmlns:xlink", H5_ATTR_NS_XMLNS, 6 },
    };
    *local_start = 0;
    if (name.len < 5 || name.ptr[0] != 'x') return H5_ATTR_NS_NONE;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (h5_str_eq_ascii(name, table[i].name)) {
            *local_start = table[i].local;
            return (h5_attr_ns)table[i].ns;
        }
    }
    return H5_ATTR_NS_NONE;
}
