/*
 * Attribute values and IDs: what libxml2's tree builder made of an
 * attribute, redone from the SAX2 callback's arguments.
 */

#include "State.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parserInternals.h>
#include <libxml/valid.h>

/* The value of an attribute as libxml2's tree gave it, *length bytes.
   A value the parser took as is lies in its copy of the page, and so in
   the caller's page at the same offset: point there. The parser hands a
   value it rewrote over NUL-terminated, with `&` written `&#38;` and other
   entities left as `&name;`, which the tree builder resolved: `&#38;`
   alone is decoded here; anything else goes through the very functions
   the tree builder used, so entity edge cases stay identical.
   *plain tells whether the tree held the value as one text node. */
const char *cmc_attribute_value(State *state, const xmlChar *value, const xmlChar *end,
                                size_t *length, int *plain) {
    *length = (size_t)(end - value);
    *plain = 1;
    xmlParserInputPtr input = state->ctxt->inputTab[0];
    if (*end != 0 && input != NULL && value >= input->base && end <= input->end) {
        uint64_t offset = (uint64_t)input->consumed + (uint64_t)(value - input->base);
        /* The comparison only guards the offset arithmetic. */
        if (offset + *length <= state->length &&
            memcmp(state->bytes + offset, value, *length) == 0)
            return (const char *)state->bytes + offset;
    }
    if (*end != 0 || memchr(value, '&', *length) == NULL) return cmc_copy_string(state, value, *length);
    int simple = 1;
    for (const xmlChar *at = value; at < end && simple; at++)
        if (*at == '&') simple = end - at >= 5 && memcmp(at, "&#38;", 5) == 0;
    if (!simple) {
        xmlDocPtr doc = state->ctxt->myDoc;
        xmlNodePtr list = xmlStringLenGetNodeList(doc, value, (int)*length);
        xmlChar *joined = list != NULL ? xmlNodeListGetString(doc, list, 1) : NULL;
        *plain = list != NULL && list->next == NULL && list->type == XML_TEXT_NODE;
        xmlFreeNodeList(list);
        *length = joined != NULL ? (size_t)xmlStrlen(joined) : 0;
        const char *copy = cmc_copy_string(state, joined != NULL ? joined : (const xmlChar *)"", *length);
        xmlFree(joined);
        return copy;
    }
    char *copy = cmc_allocate(state->storage, *length);
    if (copy == NULL) {
        state->outOfMemory = 1;
        return NULL;
    }
    size_t used = 0;
    for (const xmlChar *at = value; at < end; at++) {
        copy[used++] = (char)*at;
        if (*at == '&') at += 4;
    }
    copy[used] = '\0';
    *length = used;
    return copy;
}

/* The tree builder registered ID attributes (xml:id, or one the internal
   subset declares ID) and so reported a bad xml:id or a repeated ID; the
   registration is redone so the problems stay the same. xmlAddID keeps the
   attribute node it is given, so one bare node serves every call. */
void cmc_register_id(State *state, const CMCElement *element, const xmlChar *name,
                     const xmlChar *prefix, const char *text, size_t length) {
    xmlParserCtxtPtr ctxt = state->ctxt;
    xmlDocPtr doc = ctxt->myDoc;
    if (doc == NULL) return;
    int isXMLID = prefix == ctxt->str_xml && xmlStrEqual(name, BAD_CAST "id");
    if (!isXMLID) {
        if (doc->intSubset == NULL && doc->extSubset == NULL) return;
        xmlChar elementBuffer[50], attributeBuffer[50];
        xmlChar *elementName = element->prefix == NULL ? BAD_CAST element->name
            : xmlBuildQName(BAD_CAST element->name, BAD_CAST element->prefix, elementBuffer, 50);
        xmlChar *attributeName = prefix == NULL ? (xmlChar *)name
            : xmlBuildQName(name, prefix, attributeBuffer, 50);
        xmlAttributePtr declaration = NULL;
        if (elementName != NULL && attributeName != NULL) {
            declaration = xmlGetDtdAttrDesc(doc->intSubset, elementName, attributeName);
            if (declaration == NULL && doc->extSubset != NULL)
                declaration = xmlGetDtdAttrDesc(doc->extSubset, elementName, attributeName);
        }
        if (elementName != elementBuffer && elementName != BAD_CAST element->name) xmlFree(elementName);
        if (attributeName != attributeBuffer && attributeName != name) xmlFree(attributeName);
        if (declaration == NULL || declaration->atype != XML_ATTRIBUTE_ID) return;
    }
    xmlChar *value = xmlStrndup(BAD_CAST text, (int)length);
    if (state->scratch == NULL) state->scratch = xmlNewDocProp(NULL, BAD_CAST "id", NULL);
    if (value == NULL || state->scratch == NULL) {
        xmlFree(value);
        cmc_out_of_memory(state);
        return;
    }
    if (isXMLID && xmlValidateNCName(value, 1) != 0) {
        static const char format[] = "xml:id : attribute value %s is not an NCName";
        size_t size = sizeof format + length;
        char *message = malloc(size);
        if (message != NULL) {
            snprintf(message, size, format, (const char *)value);
            int line = ctxt->input != NULL ? ctxt->input->line : 0;
            int column = ctxt->input != NULL ? ctxt->input->col : 0;
            cmc_add_problem(state, line, column, XML_DTD_XMLID_VALUE, XML_ERR_ERROR, message,
                       strlen(message));
        }
        free(message);
    }
    xmlAddID(&ctxt->vctxt, doc, value, state->scratch);
    xmlFree(value);
}
