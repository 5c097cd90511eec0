/*
 * picowl's allocator (alloc.c), linked into the picowl executable only: small blocks from free
 * lists, the rest from glibc (doc/DESIGN.md decision 4.14).
 *
 * Its exports are libc's own names, declared by libc's headers, not here: malloc, free,
 * calloc and realloc (<stdlib.h>), malloc_usable_size and malloc_trim (<malloc.h>), replaced as
 * glibc documents ("Replacing malloc"). Calling code includes those headers as usual; nothing
 * else is exported. Under AddressSanitizer, or without glibc, alloc.c defines nothing.
 */
#ifndef PW_ALLOC_H
#define PW_ALLOC_H

#include <malloc.h>
#include <stdlib.h>

#endif
