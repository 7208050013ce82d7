/*
 * libxml2 shim for the XMP module: a locked-down parse of one packet and a
 * flat copy of its element tree (names, namespace URIs, attributes, direct
 * text) for Swift, which interprets the RDF.
 */

#include "CXMP.h"

#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

typedef struct Storage {
    xmlDocPtr doc;
    char **strings;
    size_t stringCount, stringCapacity;
    size_t elementCapacity, attributeCapacity;
} Storage;

static pthread_once_t initOnce = PTHREAD_ONCE_INIT;

static void initialize(void) { xmlInitParser(); }

static int grow(void **array, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    size_t next = *capacity < 16 ? 16 : *capacity * 2;
    while (next < needed) next *= 2;
    void *grown = realloc(*array, next * size);
    if (grown == NULL) return 0;
    *array = grown;
    *capacity = next;
    return 1;
}

/* Keeps a malloc'd string for cxmp_tree_free; NULL stays NULL. */
static char *keep(Storage *storage, char *string, int *failed) {
    if (string == NULL) return NULL;
    if (!grow((void **)&storage->strings, &storage->stringCapacity, storage->stringCount + 1, sizeof(char *))) {
        free(string);
        *failed = 1;
        return NULL;
    }
    storage->strings[storage->stringCount++] = string;
    return string;
}

/* The direct text and CDATA children of node, joined; entity references
   are never expanded (their text is left out). */
static char *directText(xmlNodePtr node) {
    size_t length = 0;
    for (xmlNodePtr child = node->children; child != NULL; child = child->next) {
        if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) && child->content != NULL)
            length += strlen((const char *)child->content);
    }
    char *text = malloc(length + 1);
    if (text == NULL) return NULL;
    size_t at = 0;
    for (xmlNodePtr child = node->children; child != NULL; child = child->next) {
        if ((child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE) && child->content != NULL) {
            size_t part = strlen((const char *)child->content);
            memcpy(text + at, child->content, part);
            at += part;
        }
    }
    text[at] = 0;
    return text;
}

/* Appends node and its element descendants, iteratively (no recursion on
   attacker-controlled depth). Returns a CXMP status. */
static int flatten(xmlNodePtr root, int32_t maxDepth, int32_t maxElements, CXMPTree *tree, Storage *storage) {
    xmlNodePtr node = root;
    int32_t parent = -1;
    int32_t depth = 1;
    while (node != NULL) {
        if (node->type == XML_ELEMENT_NODE) {
            if (depth > maxDepth) return CXMP_TOO_DEEP;
            if (tree->elementCount >= maxElements) return CXMP_TOO_MANY;
            if (!grow((void **)&tree->elements, &storage->elementCapacity, (size_t)tree->elementCount + 1,
                      sizeof(CXMPElement)))
                return CXMP_NO_MEMORY;
            int failed = 0;
            CXMPElement *element = &tree->elements[tree->elementCount];
            element->namespaceURI = node->ns != NULL ? (const char *)node->ns->href : NULL;
            element->name = (const char *)node->name;
            element->text = keep(storage, directText(node), &failed);
            if (element->text == NULL) return CXMP_NO_MEMORY;
            element->parent = parent;
            element->firstAttribute = tree->attributeCount;
            element->attributeCount = 0;
            element->childCount = 0;
            if (parent >= 0) tree->elements[parent].childCount += 1;
            for (xmlAttrPtr attribute = node->properties; attribute != NULL; attribute = attribute->next) {
                if (!grow((void **)&tree->attributes, &storage->attributeCapacity, (size_t)tree->attributeCount + 1,
                          sizeof(CXMPAttribute)))
                    return CXMP_NO_MEMORY;
                CXMPAttribute *out = &tree->attributes[tree->attributeCount];
                out->namespaceURI = attribute->ns != NULL ? (const char *)attribute->ns->href : NULL;
                out->name = (const char *)attribute->name;
                out->value = keep(storage, (char *)xmlNodeListGetString(node->doc, attribute->children, 1), &failed);
                if (failed) return CXMP_NO_MEMORY;
                if (out->value == NULL) out->value = "";
                tree->attributeCount += 1;
                element->attributeCount += 1;
            }
            int32_t index = tree->elementCount++;
            if (node->children != NULL) {
                parent = index;
                depth += 1;
                node = node->children;
                continue;
            }
        }
        /* The root's siblings (the closing <?xpacket?>, comments) are not ours. */
        if (node == root) return CXMP_OK;
        /* Next sibling, or climb to the nearest ancestor that has one. */
        while (node->next == NULL) {
            node = node->parent;
            if (node == NULL || node == root) return CXMP_OK;
            parent = tree->elements[parent].parent;
            depth -= 1;
        }
        node = node->next;
    }
    return CXMP_OK;
}

int cxmp_parse(const char *bytes, size_t length, int32_t maxDepth, int32_t maxElements, CXMPTree *tree) {
    memset(tree, 0, sizeof(*tree));
    pthread_once(&initOnce, initialize);
    Storage *storage = calloc(1, sizeof(Storage));
    if (storage == NULL) return tree->status = CXMP_NO_MEMORY;
    tree->storage = storage;
    if (length > INT_MAX) return tree->status = CXMP_TOO_MANY;

    xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
    if (ctxt == NULL) return tree->status = CXMP_NO_MEMORY;
    /* No NOENT (entities stay unexpanded), no DTDLOAD/DTDATTR/DTDVALID,
       no network; errors only recorded, never printed. */
    int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING | XML_PARSE_NOCDATA;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, bytes, (int)length, NULL, NULL, options);
    if (doc == NULL || !ctxt->wellFormed) {
        const xmlError *error = xmlCtxtGetLastError(ctxt);
        tree->status = CXMP_NOT_WELL_FORMED;
        if (error != NULL) {
            tree->errorLine = error->line;
            tree->errorColumn = error->int2;
            if (error->message != NULL) {
                int failed = 0;
                char *message = keep(storage, strdup(error->message), &failed);
                if (message != NULL) {
                    size_t end = strlen(message);
                    while (end > 0 && (message[end - 1] == '\n' || message[end - 1] == ' ')) message[--end] = 0;
                }
                tree->errorMessage = message;
            }
        }
        if (doc != NULL) xmlFreeDoc(doc);
        xmlFreeParserCtxt(ctxt);
        return tree->status;
    }
    xmlFreeParserCtxt(ctxt);
    storage->doc = doc;
    if (doc->intSubset != NULL || doc->extSubset != NULL) return tree->status = CXMP_HAS_DTD;
    xmlNodePtr root = xmlDocGetRootElement(doc);
    if (root == NULL) return tree->status = CXMP_NOT_WELL_FORMED;
    return tree->status = flatten(root, maxDepth, maxElements, tree, storage);
}

void cxmp_tree_free(CXMPTree *tree) {
    Storage *storage = tree->storage;
    if (storage != NULL) {
        for (size_t i = 0; i < storage->stringCount; i++) free(storage->strings[i]);
        free(storage->strings);
        if (storage->doc != NULL) xmlFreeDoc(storage->doc);
        free(storage);
    }
    free(tree->elements);
    free(tree->attributes);
    memset(tree, 0, sizeof(*tree));
}
